"""Listing filters (#28): legal-actions asked for some action types or some patterns.

The filtered listing is generated, not filtered (dabong!'s opening lists 130k trades around two
openings), so it is held to the whole listing filtered, over the tables of seeded playouts of
every game and preset: the same entries for a type filter and for rule labels; for a dabong!
play pattern every play the whole listing files under it and more (a play is listed under each
pattern it is), each judged legal as that pattern.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules_core.games import REGISTRY
from rules_core.kernel.game import entry_kept
from service.app import create_app

GAMES = {g.name: g for g in REGISTRY}
TABLES = [(name, preset) for name, game in sorted(GAMES.items()) for preset in game.presets]


def _tables(game: Any, preset: str, seeds: range, steps: int) -> list[Any]:
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.deal(seats=2 + seed % 3, options=game.presets[preset], seed=seed, deck_order=None)
        for _ in range(steps):
            if game.is_over(state):
                break
            found.append(state)
            seat = rng.choice(game.to_act(state))
            page = game.legal_actions(state, seat, offset=0, limit=300)
            choices = [e for e in page.entries if e.action.type != "trade"] or list(page.entries)
            state = game.apply(state, rng.choice(choices).action).state
    return found


@pytest.mark.parametrize(("name", "preset"), TABLES)
def test_a_filtered_listing_is_the_whole_listing_filtered(name: str, preset: str) -> None:
    game = GAMES[name]
    rng = random.Random(7)
    seeds, steps = (range(2), 12) if name == "dabong" else (range(6), 30)
    for state in _tables(game, preset, seeds, steps):
        for seat in game.to_act(state):
            whole = game.legal_actions(state, seat, offset=0, limit=3000)
            if whole.next_offset is not None:
                continue  # too large to hold whole here: the type filter is checked on the rest
            kinds = sorted({e.action.type for e in whole.entries})
            labels = sorted({p for e in whole.entries for p in e.patterns})
            asked_types = frozenset(rng.sample(kinds, rng.randint(1, len(kinds))))
            got = game.filtered_listing(state, seat, types=asked_types)
            assert list(got.entries) == [e for e in whole.entries if entry_kept(e, asked_types, None)]
            assert got.total_entries == len(got.entries)
            rules = [p for p in labels if "." in p]  # rule ids: not dabong! play patterns
            if rules:
                asked = frozenset(rng.sample(rules, 1))
                got = game.filtered_listing(state, seat, patterns=asked)
                assert list(got.entries) == [e for e in whole.entries if entry_kept(e, None, asked)]


def test_a_dabong_play_pattern_lists_every_play_of_that_pattern() -> None:
    game = GAMES["dabong"]
    checked = 0
    for preset in ("intermediate", "master"):
        for state in _tables(game, preset, range(3), 12):
            seat = state.turn
            # The seat's own listing has no trades (thousands of them, never a play pattern).
            whole = game.seat_listing(state, seat, offset=0, limit=3000)
            if whole.next_offset is not None:
                continue
            for pattern in sorted({p for e in whole.entries for p in e.patterns if "." not in p})[:3]:
                got = game.filtered_listing(state, seat, patterns=frozenset({pattern}))
                listed = {e.action for e in got.entries}
                assert {e.action for e in whole.entries if pattern in e.patterns} <= listed
                for entry in list(got.entries)[:5]:
                    verdict = game.validate(state, entry.action)
                    assert verdict.legal, (pattern, entry.action)
                    assert pattern in {i.pattern for i in verdict.interpretations} | set(entry.patterns)
                    checked += 1
    assert checked > 10


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"TESTING": True}).test_client()


def test_the_opening_of_a_master_table_asked_for_its_openings(client: Any) -> None:
    dealt = client.post("/v1/games/dabong/deal", json={"seats": 3, "seed": 3, "preset": "master"}).get_json()
    body = {"state": dealt["state"], "seat": dealt["turn"]}
    whole = client.post("/v1/games/dabong/legal-actions", json={**body, "limit": 5}).get_json()
    assert whole["total_entries"] > 100_000  # nearly all trades
    openings = client.post(
        "/v1/games/dabong/legal-actions", json={**body, "types": ["declare_opening"]}
    ).get_json()
    assert openings["total_entries"] == len(openings["actions"]) >= 1
    assert {e["action"]["type"] for e in openings["actions"]} == {"declare_opening"}


def test_filtered_pages_have_their_own_cursors(client: Any) -> None:
    dealt = client.post("/v1/games/dabong/deal", json={"seats": 3, "seed": 3, "preset": "master"}).get_json()
    body = {"state": dealt["state"], "seat": dealt["turn"], "limit": 2}
    trades = client.post("/v1/games/dabong/legal-actions", json={**body, "types": ["trade"]}).get_json()
    unfiltered = client.post("/v1/games/dabong/legal-actions", json=body).get_json()
    assert trades["next_cursor"] and trades["next_cursor"] != unfiltered["next_cursor"]
    second = client.post(
        "/v1/games/dabong/legal-actions", json={**body, "types": ["trade"], "cursor": trades["next_cursor"]}
    )
    assert second.status_code == 200 and second.get_json()["actions"][0] != trades["actions"][0]
    crossed = client.post("/v1/games/dabong/legal-actions", json={**body, "cursor": trades["next_cursor"]})
    assert crossed.status_code == 422


def test_a_99_listing_by_pattern(client: Any) -> None:
    situation = {"count": 90, "hands": [{"seat": 0, "cards": ["KD", "9S", "3H", "QS"]}]}
    kings = client.post(
        "/v1/games/99/legal-actions", json={"situation": situation, "patterns": ["99.king"]}
    ).get_json()
    assert [e["action"]["cards"] for e in kings["actions"]] == [["KD"]]
