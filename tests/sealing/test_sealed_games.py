"""Whole sealed games played by the seats themselves, each with only its own credential.

At every step every seat asks everything a seat may ask (its view, its listing, a suggestion,
the verdict and explanation of plays it could make, and applies its chosen action), and no
answer to a seat may name a card that the game's view of that seat does not show (after an
apply: the view before or after it). The view the service answers is held to the game's own
view of the state behind the envelope, opened with the server's key.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from cryptography.fernet import Fernet

from service.app import create_app
from service.sealing import Sealer

from .sealed_tables import Seat, card_names, cards_named, game_named, truth, without_titles

KEY = Fernet.generate_key().decode()
SEALER = Sealer([KEY])
#: Entries of a seat's listing whose verdict and explanation are asked at each step.
JUDGED_PER_STEP = 3

#: (game, preset, seats, seed): whole games of each game in the suite; the long ones (a 3-seat
#: Dobon Sum-only game is 800 steps, a 4-seat dabong! Master one 300) run with ``-m long``.
TABLES = [
    ("99", "standard", 3, 1),
    ("99", "always_blowback", 2, 7),
    ("99", "no_clubs", 4, 8),
    ("dobon", "action_cards", 4, 3),
    ("dabong", "beginner", 3, 4),
    ("dabong", "intermediate", 3, 5),
]
LONG_TABLES = [("dobon", "sum_only", 3, 2), ("dabong", "master", 4, 6)]
#: More tables for ``pytest -m long``: every preset at two to four seats, other seeds.
MORE_TABLES = [
    (game, preset, seats, 100 + 10 * index + seats)
    for index, (game, preset, _s, _seed) in enumerate(TABLES + LONG_TABLES)
    for seats in (2, 3, 4)
] + LONG_TABLES


@pytest.fixture(scope="module")
def client() -> Any:
    # The CPU limit is a backstop for hostile requests; these are ordinary ones in a busy process.
    return create_app({"TESTING": True, "SEAL_KEYS": KEY, "REQUEST_CPU_SECONDS": 0}).test_client()


def _leaks(answer: Any, visible: set[str], names: frozenset[str]) -> set[str]:
    return cards_named(answer, names) - visible


def _named_by(action: dict[str, Any], names: frozenset[str]) -> set[str]:
    """Cards an action names without holding them: what its Shamans are declared as (an
    identity chosen by the seat says nothing of where that card is)."""
    declared = action.get("declare") or []
    identities = declared.values() if isinstance(declared, dict) else [pair[-1] for pair in declared]
    return cards_named(list(identities), names)


def _deal_seeded(
    client: Any, game: str, preset: str | None, seats: int, seed: int
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A table dealt, then dealt again at the same table by its host with a seed (reproducible)."""
    body: dict[str, Any] = {"seats": seats, **({"preset": preset} if preset else {})}
    first = client.post(f"/v1/games/{game}/deal", json=body)
    assert first.status_code == 200, first.get_json()
    dealt = first.get_json()
    host = Seat(client, game, dealt["credentials"]["host"])
    again = host.post("deal", {**body, "seed": seed, "table": dealt["state"]})
    assert again.status_code == 200, again.get_json()
    redealt = again.get_json()
    assert redealt["state"]["table_id"] == dealt["state"]["table_id"]
    assert redealt["state"]["move"] > dealt["state"]["move"]
    assert redealt["credentials"] == dealt["credentials"]
    return redealt["state"], redealt["credentials"]


@pytest.mark.parametrize(("game_name", "preset", "seats", "seed"), TABLES)
def test_no_answer_to_a_seat_names_a_card_it_cannot_see(
    client: Any, game_name: str, preset: str | None, seats: int, seed: int
) -> None:
    play_sealed_game(client, game_name, preset, seats, seed)


@pytest.mark.long
@pytest.mark.parametrize(("game_name", "preset", "seats", "seed"), MORE_TABLES)
def test_more_sealed_games(client: Any, game_name: str, preset: str | None, seats: int, seed: int) -> None:
    play_sealed_game(client, game_name, preset, seats, seed)


def play_sealed_game(client: Any, game_name: str, preset: str | None, seats: int, seed: int) -> None:
    game = game_named(game_name)
    names = card_names(game)
    rng = random.Random(seed)
    envelope, credentials = _deal_seeded(client, game_name, preset, seats, seed)
    players = [Seat(client, game_name, c) for c in credentials["seats"]]
    steps = checked = 0
    over = False
    while not over:
        state = truth(SEALER, game, envelope)
        views = {}
        for seat, player in enumerate(players):
            answer = player.post("view", {"state": envelope, "seat": seat})
            assert answer.status_code == 200, answer.get_json()
            views[seat] = answer.get_json()["view"]
            assert views[seat] == game.view(state, seat)
        to_act = list(game.to_act(state))
        chosen: tuple[int, dict[str, Any]] | None = None
        for seat, player in enumerate(players):
            visible = cards_named(views[seat], names)
            listing = player.post("legal-actions", {"state": envelope, "seat": seat, "limit": 40})
            assert listing.status_code == 200, listing.get_json()
            entries = [e["action"] for e in listing.get_json()["actions"]]
            for entry in listing.get_json()["actions"]:
                leaked = _leaks(entry, visible | _named_by(entry["action"], names), names)
                assert not leaked, (steps, seat, "legal-actions", entry, leaked)
            for action in rng.sample(entries, min(JUDGED_PER_STEP, len(entries))):
                for operation, extra in (("validate", {}), ("explain", {}), ("explain", {"voice": "player"})):
                    answer = player.post(operation, {"state": envelope, "action": action, **extra})
                    assert answer.status_code == 200, answer.get_json()
                    leaked = _leaks(
                        without_titles(answer.get_json()), visible | cards_named(action, names), names
                    )
                    assert not leaked, (steps, seat, operation, action, leaked)
                    checked += 1
            if seat in to_act:
                level = rng.choice(["random", "easy", "normal"])
                suggestion = player.post(
                    "suggest", {"state": envelope, "seat": seat, "level": level, "seed": steps}
                )
                assert suggestion.status_code == 200, suggestion.get_json()
                action = suggestion.get_json()["action"]
                named = _named_by(action, names) if action else set()
                assert not _leaks(suggestion.get_json(), visible | named, names), (steps, seat, "suggest")
                if action is None and entries:
                    action = rng.choice(entries)
                if action is not None and (chosen is None or rng.random() < 0.2):
                    chosen = (seat, action)
        assert chosen is not None, f"nobody could act at step {steps}"
        seat, action = chosen
        applied = players[seat].post("apply", {"state": envelope, "action": action})
        assert applied.status_code == 200, applied.get_json()
        body = applied.get_json()
        after = truth(SEALER, game, body["state"])
        # Who else may act out of turn is not told when it depends on a hidden hand.
        assert body["to_act"] == list(game.to_act_seen_by(after, seat))
        assert set(body["to_act"]) <= set(game.to_act(after))
        visible = cards_named(views[seat], names) | cards_named(game.view(after, seat), names)
        visible |= _named_by(action, names)
        leaked = _leaks({k: v for k, v in body.items() if k != "state"}, visible, names)
        assert not leaked, (steps, seat, "apply", action, leaked)
        envelope, over = body["state"], body["over"]
        steps += 1
        assert steps < 2000, "the game did not end"
    assert over and steps > 0 and checked > 0
