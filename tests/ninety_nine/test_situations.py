"""99 situations (#28): posed as a player states them, completed into states the game accepts.

* every worked example of the rule document, posed as a situation (the Count, whose turn, the
  hands of the seat to play and of the seat acting, a pending Death Card or the last play), is
  answered in one ``validate`` request with the documented verdict;
* on the tables of seeded playouts of every preset, the situation a player would state about
  the seat to play lists exactly the plays the real table lists for it;
* moments no game reaches are answered with the reason and the outcome the rules give;
* contradictory facts are refused with a pointer; sealed servers take none.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from cryptography.fernet import Fernet
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core.games import REGISTRY
from rules_core.games.ninety_nine.examples import EXAMPLES
from rules_core.kernel import InvalidInput, JsonReader
from rules_core.kernel.situations import Unreachable
from service.app import create_app

GAME = next(g for g in REGISTRY if g.name == "99")
ALL_EXAMPLES = [(rule_id, example) for rule_id, examples in EXAMPLES.items() for example in examples]


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"TESTING": True}).test_client()


def situation_of(
    state: dict[str, Any], seats_known: set[int], preset: str, options: Any = None
) -> dict[str, Any]:
    """What a player would say about ``state``: the Count, whose turn, the hands of
    ``seats_known``, who is out, a pending Death Card or else the card on top."""
    situation: dict[str, Any] = {
        "preset": preset,
        "seats": state["seats"],
        "turn": state["turn"],
        "count": state["count"],
        "hands": [{"seat": s, "cards": state["hands"][s]} for s in sorted(seats_known) if s < state["seats"]],
    }
    if options:
        situation["options"] = options
    if state["eliminated"]:
        situation["eliminated"] = state["eliminated"]
    if state["status"] == "death_card":
        situation["death_card_by"] = state["attacker"]
    elif state["play_pile"]:
        situation["last_play"] = state["play_pile"][-1]
    return situation


@pytest.mark.parametrize(
    ("rule_id", "example"), ALL_EXAMPLES, ids=[f"{r}:{e.title}" for r, e in ALL_EXAMPLES]
)
def test_every_worked_example_as_a_situation(client: Any, rule_id: str, example: Any) -> None:
    state = client.post("/v1/games/99/deal", json=example.deal).get_json()["state"]
    for action in example.setup:
        state = client.post("/v1/games/99/apply", json={"state": state, "action": action}).get_json()["state"]
    known = {state["turn"], example.action["seat"]}
    situation = situation_of(state, known, example.deal["preset"], example.deal.get("options"))
    answer = client.post("/v1/games/99/validate", json={"situation": situation, "action": example.action})
    assert answer.status_code == 200, answer.get_json()
    verdict = answer.get_json()
    assert verdict["legal"] is example.legal, (rule_id, verdict)
    assert example.code in [r["code"] for r in verdict["reasons"]], (rule_id, verdict["reasons"])
    assert verdict["assumptions"], "a situation's answer says what was filled in"


def _playout_tables(preset: str, seeds: range) -> list[tuple[Any, int]]:
    """States of seeded random 99 games with a seat to play (status playing or death_card)."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        seats = 2 + seed % 4
        state = GAME.deal(seats=seats, options=GAME.presets[preset], seed=seed, deck_order=None)
        while not GAME.is_over(state):
            found.append((state, seed))
            entries = GAME.legal_actions(state).entries
            outcome = GAME.apply(state, rng.choice(entries).action)
            assert outcome.state is not None
            state = outcome.state
    return found


@pytest.mark.parametrize("preset", list(GAME.presets))
def test_a_situation_about_the_seat_to_play_lists_what_its_table_lists(preset: str) -> None:
    spec = GAME.situations
    tables = _playout_tables(preset, range(40))
    assert len(tables) > 50
    for state, seed in tables:
        state_json = GAME.state_to_json(state)
        situation = situation_of(state_json, {state.turn}, preset)
        facts, reader = spec.read(situation, GAME.max_seats)
        assert not reader.problems, (seed, reader.problems)
        completion = spec.complete(facts, GAME.options_for(preset, None))
        posed = completion.state
        assert GAME.state_from_json(GAME.state_to_json(posed)) == posed  # a state the game accepts
        assert posed.hands[state.turn] == state.hands[state.turn]
        assert (posed.count, posed.turn, posed.status, posed.eliminated) == (
            state.count,
            state.turn,
            state.status,
            state.eliminated,
        )
        real = [e.action for e in GAME.legal_actions(state, state.turn).entries]
        mine = [e.action for e in GAME.legal_actions(posed, state.turn).entries]
        assert mine == real, (seed, state_json, situation)


@pytest.mark.parametrize(
    ("situation", "rule_id", "eliminated"),
    [
        ({"count": 95, "hands": [{"seat": 0, "cards": ["7H", "8D", "JS", "QC"]}]}, "99.elimination", [0]),
        (
            {
                "seats": 3,
                "turn": 2,
                "death_card_by": 1,
                "hands": [{"seat": 2, "cards": ["3S", "4S", "9S", "5S"]}],
            },
            "99.death_card.no_shield",
            [2],
        ),
        ({"seats": 3, "eliminated": [1, 2]}, "99.win", []),
        ({"count": 50, "last_play": "KH"}, "99.king", None),
        ({"seats": 3, "turn": 2, "death_card_by": 0}, "99.death_card", None),
        ({"seats": 3, "turn": 1, "eliminated": [1]}, "99.elimination", None),
        # The Death Card is on the pile: no hand holds it (hypothesis found a duplicate QS, a 500).
        ({"turn": 0, "death_card_by": 1, "hands": [{"seat": 1, "cards": ["QS"]}]}, "99.death_card", None),
    ],
)
def test_a_moment_no_game_reaches_gets_the_reason_and_outcome(
    client: Any, situation: dict[str, Any], rule_id: str, eliminated: list[int] | None
) -> None:
    answer = client.post("/v1/games/99/situations", json={"situation": situation})
    assert answer.status_code == 200, answer.get_json()
    found = answer.get_json()
    assert found["reachable"] is False and found["rule_id"] == rule_id and found["reason"]
    assert found["pointer"].startswith("/situation")
    if eliminated is None:
        assert found["outcome"] is None or found["outcome"]["eliminated"] == []
    else:
        assert found["outcome"]["eliminated"] == eliminated and found["outcome"]["text"]
    # Where a state is needed, the same answer is a 422 problem carrying the outcome.
    problem = client.post(
        "/v1/games/99/legal-actions", json={"situation": situation, "seat": situation.get("turn", 0)}
    )
    assert problem.status_code == 422
    assert problem.get_json()["type"] == "urn:table-judge:problem:unreachable-situation"
    assert problem.get_json()["rule_id"] == rule_id


def test_the_completion_says_what_it_assumed_and_is_accepted_back(client: Any) -> None:
    answer = client.post(
        "/v1/games/99/situations",
        json={"situation": {"count": 95, "hands": [{"seat": 0, "cards": ["3H", "KD"]}]}},
    ).get_json()
    assert answer["reachable"] is True and answer["to_act"] == [0]
    about = {a["about"] for a in answer["assumptions"]}
    assert {"/seats", "/hands/0", "/hands/1", "/draw_pile", "/play_pile"} <= about
    assert all(a["text"] and a["why"] for a in answer["assumptions"])
    view = client.post("/v1/games/99/view", json={"state": answer["state"], "seat": 0})
    assert view.status_code == 200
    assert view.get_json()["view"]["hands"][0][:2] == ["3H", "KD"]
    # The invented hand holds no club and no Ace of Diamonds: no invented shield or hit.
    other = answer["state"]["hands"][1]
    assert "AD" not in other and not [c for c in other if c.endswith("C")]


def test_listings_page_through_a_situation(client: Any) -> None:
    situation = {"count": 10, "hands": [{"seat": 0, "cards": ["3H", "KD", "10S", "JH"]}]}
    first = client.post("/v1/games/99/legal-actions", json={"situation": situation, "limit": 2}).get_json()
    assert len(first["actions"]) == 2 and first["next_cursor"]
    rest = client.post(
        "/v1/games/99/legal-actions",
        json={"situation": situation, "limit": 2, "cursor": first["next_cursor"]},
    ).get_json()
    assert [e["action"]["cards"] for e in first["actions"] + rest["actions"]] == [
        ["3H"],
        ["KD"],
        ["10S"],
        ["JH"],
    ]


@pytest.mark.parametrize(
    ("situation", "pointer"),
    [
        (
            {"hands": [{"seat": 0, "cards": ["7H"]}, {"seat": 1, "cards": ["7H"]}]},
            "/situation/hands/1/cards/0",
        ),
        ({"seats": 2, "turn": 3}, "/situation/turn"),
        ({"count": 100}, "/situation/count"),
        ({"preset": "nope"}, "/situation/preset"),
        ({"preset": ""}, "/situation/preset"),  # not the default preset (schemathesis found it)
        ({"hands": [{"seat": 0, "cards": ["AH", "2H", "3H", "4H", "5H"]}]}, "/situation/hands/0/cards"),
        ({"colour": "red"}, "/situation/colour"),
    ],
)
def test_contradictory_facts_are_refused_with_a_pointer(
    client: Any, situation: dict[str, Any], pointer: str
) -> None:
    answer = client.post("/v1/games/99/situations", json={"situation": situation})
    assert answer.status_code == 422, answer.get_json()
    assert pointer in [e["pointer"] for e in answer.get_json()["errors"]]


def test_unreachable_is_raised_by_the_game_not_the_service() -> None:
    facts, reader = GAME.situations.read(
        {"count": 95, "hands": [{"seat": 0, "cards": ["7H", "8D", "JS", "QC"]}]}, 8
    )
    assert isinstance(reader, JsonReader) and not reader.problems
    with pytest.raises(Unreachable) as caught:
        GAME.situations.complete(facts, GAME.options_for(None, None))
    assert caught.value.outcome is not None and caught.value.outcome.eliminated == (0,)


def test_a_sealed_server_takes_no_situation() -> None:
    sealed = create_app({"TESTING": True, "SEAL_KEYS": Fernet.generate_key().decode()}).test_client()
    answer = sealed.post("/v1/games/99/situations", json={"situation": {"count": 5}})
    assert answer.status_code == 403
    assert answer.get_json()["errors"][0]["code"] == "sealed_server"


def test_every_game_takes_situations_and_publishes_their_path(client: Any) -> None:
    """dabong! was the last game without situations; all three now publish the path."""
    paths = client.get("/v1/openapi.json").get_json()["paths"]
    for game in ("99", "dobon", "dabong"):
        assert f"/v1/games/{game}/situations" in paths, game


CARDS = [str(c) for c in GAME.deck.cards]
SEAT = st.integers(0, 7)


@st.composite
def facts(draw: st.DrawFn) -> dict[str, Any]:
    """Any situation a client could send, sense or nonsense (within the schema)."""
    situation: dict[str, Any] = {}
    if draw(st.booleans()):
        situation["seats"] = draw(st.integers(2, 8))
    for name, value in (
        ("turn", SEAT),
        ("count", st.integers(0, 99)),
        ("last_play", st.sampled_from(CARDS)),
        ("death_card_by", SEAT),
        ("eliminated", st.lists(SEAT, max_size=4)),
        ("preset", st.sampled_from(list(GAME.presets))),
        ("options", st.fixed_dictionaries({"first_seat": SEAT})),
    ):
        if draw(st.booleans()):
            situation[name] = draw(value)
    hands = draw(st.lists(st.tuples(SEAT, st.lists(st.sampled_from(CARDS), max_size=4)), max_size=4))
    if hands:
        situation["hands"] = [{"seat": seat, "cards": cards} for seat, cards in hands]
    return situation


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
    assert state.turn in GAME.to_act(state)
