"""Dobon situations (#28): posed as a player states them, completed into states the game accepts.

* every worked example of the rule document, posed as a situation (the top card, who put it
  down, the suit in force, whose turn, a check or a pending two, the hands of the seat to act
  and of the seat acting), is answered in one ``validate`` request with the documented verdict;
* on the tables of seeded playouts of every preset, the situation a player would state about
  the seat to act lists exactly what the real table lists for it;
* moments no game reaches are answered with the reason and the outcome the rules give;
* contradictory facts are refused with a pointer.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core.games import REGISTRY
from rules_core.games.dobon.examples import EXAMPLES
from rules_core.kernel import InvalidInput
from rules_core.kernel.situations import Unreachable
from service.app import create_app

GAME = next(g for g in REGISTRY if g.name == "dobon")
ALL_EXAMPLES = [(rule_id, example) for rule_id, examples in EXAMPLES.items() for example in examples]


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"TESTING": True}).test_client()


def situation_of(
    state: dict[str, Any], seats_known: set[int], preset: str, options: Any = None
) -> dict[str, Any]:
    """What a player would say about ``state``: the top card and who laid it, the suit in force,
    whose turn, a check or a pending two, the hands of ``seats_known``, the score."""
    situation: dict[str, Any] = {
        "preset": preset,
        "seats": state["seats"],
        "top": state["discard_pile"][-1],
        "top_by": state["top_owner"],
        "active_suit": state["active_suit"],
        "round": state["round"],
        "wins": state["wins"],
        "reversed": state["direction"] == -1,
    }
    if options:
        situation["options"] = options
    if state["turn"] is not None:
        situation["turn"] = state["turn"]
    if state["obligation"]:
        situation["obligation"] = state["obligation"]
    if state["drawn"] is not None:
        situation["drawn"] = state["drawn"]
    check = state["check"]
    if check is not None:
        situation["check"] = check["kind"]
        resume, asked = check["resume"], check["asking"][0]
        after_take = (
            (asked + state["direction"]) % state["seats"] if state["options"]["penalty_ends_turn"] else asked
        )
        if check["kind"] == "draw" and resume == {"seat": after_take, "step": "turn"}:
            situation["took"] = True
        if check["kind"] == "return":
            situation["claims"] = [
                {k: c[k] for k in ("seat", "cards", "top", "target")} for c in state["chain"]
            ]
            del situation["top"]
    if state["status"] in ("round_over", "over"):
        last = state["record"][-1]
        situation["ended"] = {"winner": last["winner"], "how": last["how"]}
    claimed = {c["seat"] for c in situation.get("claims", [])}
    owner = state["top_owner"]
    if owner is not None and not state["hands"][owner] and owner not in claimed:
        seats_known = seats_known | {owner}  # "seat 1 played its last card": part of the story
    situation["hands"] = [
        {"seat": s, "cards": state["hands"][s]}
        for s in sorted(seats_known)
        if s < state["seats"] and s not in claimed
    ]
    return situation


@pytest.mark.parametrize(
    ("rule_id", "example"), ALL_EXAMPLES, ids=[f"{r}:{e.title}" for r, e in ALL_EXAMPLES]
)
def test_every_worked_example_as_a_situation(client: Any, rule_id: str, example: Any) -> None:
    state = GAME.deal(
        seats=example.deal["seats"],
        options=GAME.options_for(example.deal["preset"], example.deal.get("options")),
        seed=example.deal["seed"],
        deck_order=(
            tuple(GAME.deck.parse(c) for c in example.deal["deck_order"])
            if "deck_order" in example.deal
            else None
        ),
    )
    for action in example.setup:  # the setup through the engine: 800-action logs stay fast
        outcome = GAME.apply(state, GAME.action_from_json(action))
        assert outcome.state is not None, action
        state = outcome.state
    state_json = GAME.state_to_json(state)
    known = {example.action["seat"]} | ({state_json["turn"]} if state_json["turn"] is not None else set())
    if state_json["status"] in ("round_over", "over"):
        # Between rounds the winner's hand is part of the story: it made the Dobon.
        known.add(
            state_json["winner"]
            if state_json["status"] == "round_over"
            else state_json["record"][-1]["winner"]
        )
    situation = situation_of(state_json, known, example.deal["preset"], example.deal.get("options"))
    if rule_id == "dobon.round.action_limit":
        situation["round_actions"] = state_json["round_move"]  # the fact the example turns on: 799
    answer = client.post("/v1/games/dobon/validate", json={"situation": situation, "action": example.action})
    assert answer.status_code == 200, (rule_id, answer.get_json())
    verdict = answer.get_json()
    assert verdict["legal"] is example.legal, (rule_id, verdict)
    assert example.code in [r["code"] for r in verdict["reasons"]], (rule_id, verdict["reasons"])
    assert verdict["assumptions"], "a situation's answer says what was filled in"


def _playout_tables(preset: str, seeds: range) -> list[tuple[Any, int]]:
    """States of seeded random Dobon rounds with a seat to act (checking or playing)."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.deal(seats=2 + seed % 3, options=GAME.presets[preset], seed=seed, deck_order=None)
        for _ in range(120):
            if GAME.is_over(state):
                break
            found.append((state, seed))
            entries = GAME.legal_actions(state).entries
            outcome = GAME.apply(state, rng.choice(entries).action)
            assert outcome.state is not None
            state = outcome.state
    return found


@pytest.mark.parametrize("preset", list(GAME.presets))
def test_a_situation_about_the_seat_to_act_lists_what_its_table_lists(preset: str) -> None:
    spec = GAME.situations
    tables = _playout_tables(preset, range(12))
    assert len(tables) > 50
    for state, seed in tables:
        state_json = GAME.state_to_json(state)
        seat = state.turn if state.turn is not None else 0
        situation = situation_of(state_json, {seat}, preset)
        facts, reader = spec.read(situation, GAME.max_seats)
        assert not reader.problems, (seed, reader.problems)
        posed = spec.complete(facts, GAME.options_for(preset, None)).state
        assert GAME.state_from_json(GAME.state_to_json(posed)) == posed  # a state the game accepts
        assert posed.hands[seat] == state.hands[seat]
        assert (posed.status, posed.turn, posed.step, posed.check, posed.obligation, posed.top) == (
            state.status,
            state.turn,
            state.step,
            state.check,
            state.obligation,
            state.top,
        ), (seed, state_json, situation)
        real = [e.action for e in GAME.legal_actions(state, seat).entries]
        mine = [e.action for e in GAME.legal_actions(posed, seat).entries]
        assert mine == real, (seed, state_json, situation)


@pytest.mark.parametrize(
    ("situation", "rule_id"),
    [
        ({"top": "6H", "hands": [{"seat": 0, "cards": []}]}, "dobon.finish.final_card"),
        ({"top": "6H", "obligation": 2}, "dobon.two"),
        ({"top": "2H", "top_by": 1, "obligation": 6}, "dobon.two.growth"),
        ({"top": "6H", "active_suit": "S"}, "dobon.eight"),
        ({"top": "6H", "reversed": True}, "dobon.jack"),
        ({"seats": 3, "turn": 1, "check": "discard", "top": "6H", "top_by": 1}, "dobon.check.order"),
        ({"turn": 0, "check": "draw", "top": "6H", "top_by": 0}, "dobon.claim.own_discard"),
        ({"check": "return", "claims": [{"seat": 1, "cards": ["KH", "QH"]}]}, "dobon.claim.total"),
        ({"top": "6H", "drawn": "7H"}, "dobon.draw"),
        ({"round": 2}, "dobon.match"),
    ],
)
def test_a_moment_no_game_reaches_gets_the_reason(
    client: Any, situation: dict[str, Any], rule_id: str
) -> None:
    answer = client.post("/v1/games/dobon/situations", json={"situation": situation})
    assert answer.status_code == 200, answer.get_json()
    found = answer.get_json()
    assert found["reachable"] is False and found["rule_id"] == rule_id and found["reason"], found
    assert found["pointer"].startswith("/situation")
    problem = client.post("/v1/games/dobon/legal-actions", json={"situation": situation, "seat": 0})
    assert problem.status_code == 422
    assert problem.get_json()["type"] == "urn:table-judge:problem:unreachable-situation"


def test_a_seat_with_no_cards_after_its_last_discard_has_won_unless_claimed_on(client: Any) -> None:
    """Action cards: seat 0 played its last card; seat 1 is asked: it can only claim or pass,
    and passing lets seat 0 win (the resume is its finish)."""
    situation = {
        "preset": "action_cards",
        "turn": 1,
        "check": "discard",
        "top": "KS",
        "top_by": 0,
        "hands": [{"seat": 0, "cards": []}, {"seat": 1, "cards": ["3S", "KC"]}],
    }
    answer = client.post("/v1/games/dobon/situations", json={"situation": situation}).get_json()
    assert answer["reachable"] is True, answer
    assert answer["state"]["check"]["resume"] == {"seat": 0, "step": "finish"}
    passed = client.post(
        "/v1/games/dobon/apply", json={"situation": situation, "action": {"type": "continue", "seat": 1}}
    ).get_json()
    assert passed["state"]["status"] == "over" and passed["state"]["winner"] == 0


def test_the_completion_says_what_it_assumed_and_no_invented_hand_can_claim(client: Any) -> None:
    answer = client.post(
        "/v1/games/dobon/situations",
        json={"situation": {"seats": 4, "turn": 1, "check": "discard", "top": "7H", "top_by": 0}},
    ).get_json()
    assert answer["reachable"] is True and answer["to_act"] == [1]
    about = {a["about"] for a in answer["assumptions"]}
    assert {"/hands/1", "/hands/2", "/hands/3", "/draw_pile"} <= about
    assert all(a["text"] and a["why"] for a in answer["assumptions"])
    values = {"A": 1, "J": 11, "Q": 12, "K": 13}
    for hand in answer["state"]["hands"][1:]:
        assert sum(values.get(c[:-1]) or int(c[:-1]) for c in hand) != 7
    assert answer["state"]["check"]["asking"] == [1, 2, 3]


@pytest.mark.parametrize(
    ("situation", "pointer"),
    [
        (
            {"hands": [{"seat": 0, "cards": ["7H"]}, {"seat": 1, "cards": ["7H"]}]},
            "/situation/hands/1/cards/0",
        ),
        ({"top": "7H", "hands": [{"seat": 0, "cards": ["7H"]}]}, "/situation/top"),
        ({"seats": 2, "turn": 3}, "/situation/turn"),
        ({"obligation": 40}, "/situation/obligation"),
        ({"preset": "nope"}, "/situation/preset"),
        ({"claims": [{"seat": 1, "cards": ["AH"]}]}, "/situation/claims"),
        ({"colour": "red"}, "/situation/colour"),
    ],
)
def test_contradictory_facts_are_refused_with_a_pointer(
    client: Any, situation: dict[str, Any], pointer: str
) -> None:
    answer = client.post("/v1/games/dobon/situations", json={"situation": situation})
    assert answer.status_code == 422, answer.get_json()
    assert pointer in [e["pointer"] for e in answer.get_json()["errors"]]


CARDS = [str(c) for c in GAME.deck.cards]
SEAT = st.integers(0, 3)


@st.composite
def facts(draw: st.DrawFn) -> dict[str, Any]:
    """Any situation a client could send, sense or nonsense (within the schema); each fact is
    said one time in three and cards are mostly distinct, so that many complete."""
    situation: dict[str, Any] = {}
    deck = iter(draw(st.permutations(CARDS)))
    for name, value in (
        ("seats", st.integers(2, 4)),
        ("turn", SEAT),
        ("top", st.sampled_from(CARDS) if draw(st.integers(0, 9)) == 0 else st.just(next(deck))),
        ("top_by", st.none() | SEAT),
        ("active_suit", st.sampled_from(["S", "H", "D", "C"])),
        ("reversed", st.booleans()),
        ("obligation", st.sampled_from([0, 2, 4, 6, 8])),
        ("drawn", st.just(next(deck))),
        ("check", st.sampled_from(["opening", "discard", "draw", "return"])),
        ("took", st.booleans()),
        ("round", st.integers(1, 3)),
        ("round_actions", st.integers(0, 799)),
        ("preset", st.sampled_from(list(GAME.presets))),
        ("options", st.fixed_dictionaries({"match_rounds": st.sampled_from([1, 3])})),
        (
            "ended",
            st.fixed_dictionaries(
                {
                    "winner": st.none() | SEAT,
                    "how": st.sampled_from(["dobon", "empty_hand", "stock_exhausted", "action_limit"]),
                }
            ),
        ),
        ("wins", st.lists(st.integers(0, 2), min_size=2, max_size=4)),
    ):
        if draw(st.integers(0, 2)) == 0:
            situation[name] = draw(value)
    seats = draw(st.lists(SEAT, max_size=3, unique=True))
    if seats:
        situation["hands"] = [
            {
                "seat": s,
                "cards": [next(deck) for _ in range(draw(st.integers(0, 5)))],
                "more": draw(st.integers(0, 3)),
            }
            for s in seats
        ]
    if draw(st.integers(0, 3)) == 0:
        situation["claims"] = [
            {"seat": s, "cards": [next(deck) for _ in range(draw(st.integers(1, 4)))]}
            for s in draw(st.lists(SEAT, max_size=2))
        ]
    return situation


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situation=facts())
def test_any_situation_completes_to_a_valid_state_or_says_why_not(situation: dict[str, Any]) -> None:
    """Never a crash: a valid state (checked inside the completion), Unreachable, or InvalidInput."""
    spec = GAME.situations
    found, reader = spec.read(situation, GAME.max_seats)
    if reader.problems:
        return
    try:
        options = GAME.options_for(situation.get("preset"), situation.get("options"))
        completion = spec.complete(found, options)
    except (Unreachable, InvalidInput):
        return
    state = completion.state
    assert GAME.state_from_json(GAME.state_to_json(state)) == state
