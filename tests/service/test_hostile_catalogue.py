"""The hostile-input catalogue on the real games: each entry gets a precise 4xx or a correct 200.

Body-level hostility (malformed JSON, NaN, nesting, huge integers, wrong types, 413 with and
without Content-Length, 415, unknown routes) is catalogued on the fake game in test_errors.py and
gunicorn's own limits (414, 431) in test_gunicorn_limits.py; this file lists the table states and
actions that no game could reach, including the ones that only look reachable.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from rules_core.games import REGISTRY

State = dict[str, Any]


def _dealt(client: Any, game: str, seats: int = 2, seed: int = 5) -> State:
    return client.post(f"/v1/games/{game}/deal", json={"seats": seats, "seed": seed}).get_json()["state"]


def _opening_two(client: Any, game: str, two: str, dealt: int) -> State:
    """A two-seat deal rigged so that the opening card is ``two`` (a pending obligation at once)."""
    registry_game = REGISTRY.get(game)
    assert registry_game is not None
    deck = [str(card) for card in registry_game.deck.cards]
    deck.remove(two)
    deck.insert(dealt, two)
    body = {"seats": 2, "seed": 1, "deck_order": deck}
    return client.post(f"/v1/games/{game}/deal", json=body).get_json()["state"]  # type: ignore[no-any-return]


def _swap_top_with_plain_card(data: State, pile: str, plain: Callable[[str], bool]) -> State:
    """The same cards, but the pile's top swapped with an unremarkable card from the draw pile."""
    out = copy.deepcopy(data)
    index = next(i for i, card in enumerate(out["draw_pile"]) if plain(card))
    out["draw_pile"][index], out[pile][-1] = out[pile][-1], out["draw_pile"][index]
    return out


def _problems(client: Any, game: str, state: State, operation: str = "legal-actions") -> list[dict[str, str]]:
    body: dict[str, Any] = {"state": state}
    if operation == "view":
        body["seat"] = 0
    response = client.post(f"/v1/games/{game}/{operation}", json=body)
    assert response.status_code == 422, response.get_json()
    assert response.headers["Content-Type"].startswith("application/problem+json")
    return response.get_json()["errors"]  # type: ignore[no-any-return]


def _a_legal_action(client: Any, game: str, state: State) -> dict[str, Any]:
    listed = client.post(f"/v1/games/{game}/legal-actions", json={"state": state}).get_json()["actions"]
    return listed[0]["action"]  # type: ignore[no-any-return]


def _whole_deck_in_one_hand(data: State) -> State:
    out = copy.deepcopy(data)
    everything = [c for hand in out["hands"] for c in hand] + out["draw_pile"]
    out["hands"] = [everything] + [[] for _ in out["hands"][1:]]
    out["draw_pile"] = []
    return out


def _duplicate(data: State) -> State:
    out = copy.deepcopy(data)
    out["hands"][0][0] = out["hands"][1][0]
    return out


def _unknown_card(data: State) -> State:
    out = copy.deepcopy(data)
    out["hands"][0][0] = "ZZ"
    return out


def _foreign_card(data: State) -> State:
    out = copy.deepcopy(data)
    out["hands"][0][0] = "5F" if data["game"] != "dabong" else "5H"
    return out


def _unknown_field(data: State) -> State:
    return {**data, "cheat": True}


def _turn_nowhere(data: State) -> State:
    return {**data, "turn": 7}


def _seats_out_of_range(data: State) -> State:
    return {**data, "seats": 1}


GENERIC: list[tuple[str, Callable[[State], State], str]] = [
    ("a card twice", _duplicate, "duplicate_card"),
    ("an unknown card", _unknown_card, "unknown_card"),
    ("a card of another deck", _foreign_card, "unknown_card"),
    ("the whole deck in one hand", _whole_deck_in_one_hand, ""),
    ("an unknown field", _unknown_field, "unknown_field"),
    ("a turn that points nowhere", _turn_nowhere, ""),
    ("a seat count out of range", _seats_out_of_range, ""),
]


@pytest.mark.parametrize("game", list(REGISTRY.names()))
@pytest.mark.parametrize(("name", "mutate", "code"), GENERIC, ids=[g[0] for g in GENERIC])
def test_impossible_states_are_refused_with_every_problem(
    client: Any, game: str, name: str, mutate: Callable[[State], State], code: str
) -> None:
    problems = _problems(client, game, mutate(_dealt(client, game)))
    assert problems and all(p["pointer"].startswith("/state") for p in problems), problems
    if code:
        assert code in {p["code"] for p in problems}, problems


def test_several_problems_are_listed_together(client: Any) -> None:
    state = _unknown_field(_turn_nowhere(_duplicate(_dealt(client, "99"))))
    problems = _problems(client, "99", state, "view")
    assert len(problems) >= 3, problems


def test_a_count_the_play_pile_cannot_explain(client: Any) -> None:
    state = _dealt(client, "99")
    problems = _problems(client, "99", {**state, "count": 57})
    assert any(p["pointer"] == "/state/count" for p in problems), problems


def test_a_dobon_obligation_with_no_two_behind_it(client: Any) -> None:
    pending = _opening_two(client, "dobon", "2S", dealt=8)
    assert pending["obligation"] == 2 and pending["discard_pile"] == ["2S"]
    forged = _swap_top_with_plain_card(pending, "discard_pile", lambda c: c[0] in "3456")
    forged["active_suit"] = forged["discard_pile"][-1][-1]
    problems = _problems(client, "dobon", forged)
    assert problems, problems


def test_a_dabong_penalty_with_no_card_behind_it(client: Any) -> None:
    pending = _opening_two(client, "dabong", "2F", dealt=16)
    assert pending["penalty"] is not None and pending["discard_pile"] == ["2F"]
    forged = _swap_top_with_plain_card(pending, "discard_pile", lambda c: c[0] in "3456" and len(c) == 2)
    problems = _problems(client, "dabong", forged)
    assert problems, problems


@pytest.mark.parametrize("game", list(REGISTRY.names()))
def test_an_action_by_a_seat_no_table_of_the_game_has(client: Any, game: str) -> None:
    state = _dealt(client, game)
    action = {**_a_legal_action(client, game, state), "seat": 9}
    response = client.post(f"/v1/games/{game}/validate", json={"state": state, "action": action})
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["errors"][0]["pointer"] == "/action/seat"


@pytest.mark.parametrize("game", list(REGISTRY.names()))
def test_an_action_by_a_seat_this_table_does_not_have(client: Any, game: str) -> None:
    state = _dealt(client, game)
    action = {**_a_legal_action(client, game, state), "seat": 3}
    response = client.post(f"/v1/games/{game}/validate", json={"state": state, "action": action})
    assert response.status_code == 200, response.get_json()
    verdict = response.get_json()
    assert verdict["legal"] is False and verdict["reasons"], verdict
