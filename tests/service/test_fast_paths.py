"""The request layer's fast paths answer exactly as the documented slow ones.

``service.fastargs`` loads plainly valid bodies without webargs: whatever it accepts must be
what marshmallow loads, and whatever it declines goes through marshmallow. The dabong!
decoder remembers verified take-backs: a remembered one must never let through a ``before``
that differs in any way, not even ``1`` against ``1.0`` or ``true``.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules_core.games import REGISTRY
from rules_core.kernel import InvalidInput
from service import fastargs
from service.schemas import (
    DealRequestSchema,
    LegalActionsRequestSchema,
    StateActionRequestSchema,
    ViewRequestSchema,
)
from service.schemas_games import GameFacts, request_schemas
from service.spec_games import game_prefix

from .fake_game import GAME as TINY

#: Each loader runs with one game's facts and must load as that game's copy of the schema.
GAMES = [*REGISTRY, TINY]
GAME_IDS = [g.name for g in GAMES]


def _facts_and_schemas(game: Any) -> tuple[GameFacts, dict[Any, Any]]:
    return GameFacts.of(game), request_schemas(game, game_prefix(game))


STATE: dict[str, Any] = {"game": "99", "hands": [["QS"]]}

ACTIONS: list[Any] = [
    {"type": "play", "seat": 0},
    {"type": "play", "seat": 0, "cards": ["QS", "10H", "SH1"]},
    {"type": "play", "seat": 15, "suit": "F", "declare": {"SH1": "AS"}, "value": 10_000, "top": "KD"},
    {"type": "play", "seat": 1, "suit": None, "declare": None, "value": None, "top": None},
    {"type": "play", "seat": 1, "other": [1, {"x": 2}]},
    {"type": "p" * 40, "seat": 0},
    # declined (marshmallow decides): each is refused or loaded differently by the schema
    {"type": "play", "seat": 2.0},
    {"type": "play", "seat": True},
    {"type": "play", "seat": 16},
    {"type": "play", "seat": -1},
    {"type": "", "seat": 0},
    {"type": "p" * 41, "seat": 0},
    {"type": 5, "seat": 0},
    {"seat": 0},
    {"type": "play"},
    {"type": "play", "seat": 0, "cards": "QS"},
    {"type": "play", "seat": 0, "cards": ["QS\n"]},
    {"type": "play", "seat": 0, "cards": ["ZZ"]},
    {"type": "play", "seat": 0, "cards": ["QS"] * 121},
    {"type": "play", "seat": 0, "suit": "Q"},
    {"type": "play", "seat": 0, "declare": {"SH1": 5}},
    {"type": "play", "seat": 0, "declare": []},
    {"type": "play", "seat": 0, "value": 10_001},
    {"type": "play", "seat": 0, "value": 3.0},
    {"type": "play", "seat": 0, "top": "XX"},
    # within the generic bounds, outside some game's: 99 and Dobon have no Shamans or F suit,
    # the tiny game has three seats and eight cards
    {"type": "play", "seat": 4, "cards": ["5S"]},
    {"type": "play", "seat": 0, "cards": ["SH1"], "suit": "S"},
    {"type": "play", "seat": 0, "suit": "F"},
    None,
    [],
    "play",
]


def _marshmallow(schema: Any, body: Any) -> tuple[str, Any]:
    from marshmallow import ValidationError

    try:
        return "ok", schema.load(body)
    except ValidationError as exc:
        return "refused", exc.messages


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("extra", [{}, {"zz": 1}])
def test_state_action_loads_as_marshmallow(game: Any, action: Any, extra: dict[str, Any]) -> None:
    facts, schemas = _facts_and_schemas(game)
    body = {"state": STATE, "action": copy.deepcopy(action), **extra}
    fast = fastargs.state_action(copy.deepcopy(body), facts)
    kind, slow = _marshmallow(schemas[StateActionRequestSchema], copy.deepcopy(body))
    if fast is not None:
        assert kind == "ok" and fast == slow
        assert list(fast["action"]) == list(slow["action"]) or "other" in fast["action"]


@pytest.mark.parametrize(
    "body",
    [
        {"state": STATE, "seat": 0},
        {"state": STATE, "seat": 15},
        {"state": STATE, "seat": 16},
        {"state": STATE, "seat": 1.0},
        {"state": STATE},
        {"state": None, "seat": 0},
        {"state": STATE, "seat": 0, "x": 1},
    ],
)
@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_view_loads_as_marshmallow(game: Any, body: dict[str, Any]) -> None:
    facts, schemas = _facts_and_schemas(game)
    fast = fastargs.state_view(body, facts)
    kind, slow = _marshmallow(schemas[ViewRequestSchema], body)
    if fast is not None:
        assert kind == "ok" and fast == slow


@pytest.mark.parametrize(
    "body",
    [
        {"state": STATE},
        {"state": STATE, "seat": None, "cursor": None, "limit": 1},
        {"state": STATE, "seat": 3, "cursor": "abc", "limit": 1000},
        {"state": STATE, "limit": 1001},
        {"state": STATE, "limit": 0},
        {"state": STATE, "limit": None},
        {"state": STATE, "cursor": "x" * 201},
        {"state": STATE, "seat": 16},
        {"state": STATE, "other": 1},
        {"seat": 0},
    ],
)
@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_listing_loads_as_marshmallow(game: Any, body: dict[str, Any]) -> None:
    facts, schemas = _facts_and_schemas(game)
    fast = fastargs.state_listing(body, facts)
    kind, slow = _marshmallow(schemas[LegalActionsRequestSchema], body)
    if fast is not None:
        assert kind == "ok" and fast == slow


def test_plain_bodies_take_the_fast_path() -> None:
    dabong = REGISTRY.get("dabong")
    assert dabong is not None
    facts = GameFacts.of(dabong)
    action = {"type": "play", "seat": 4, "suit": "F", "declare": {"SH1": "AF"}, "value": 10_000, "top": "KW"}
    assert fastargs.state_action({"state": STATE, "action": action}, facts) is not None
    assert fastargs.state_view({"state": STATE, "seat": 0}, facts) is not None
    assert fastargs.state_listing({"state": STATE, "seat": 0, "limit": 5}, facts) is not None


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_a_games_copy_bounds_seats_and_cards_by_its_facts(game: Any) -> None:
    """Made from the game's facts: its last seat is accepted, the next refused, so are cards."""
    facts, schemas = _facts_and_schemas(game)
    schema = schemas[StateActionRequestSchema]
    card = sorted(facts.cards)[0]
    last = {"state": STATE, "action": {"type": "play", "seat": game.max_seats - 1, "cards": [card]}}
    assert _marshmallow(schema, last)[0] == "ok"
    assert fastargs.state_action(last, facts) is not None
    beyond = {"state": STATE, "action": {"type": "play", "seat": game.max_seats, "cards": [card]}}
    assert _marshmallow(schema, beyond)[0] == "refused"
    assert fastargs.state_action(beyond, facts) is None
    foreign = next(c for c in ("SH1", "AF", "5S", "AS") if c not in facts.cards)
    other = {"state": STATE, "action": {"type": "play", "seat": 0, "cards": [foreign]}}
    assert _marshmallow(schema, other)[0] == "refused"
    deal = schemas[DealRequestSchema]
    assert _marshmallow(deal, {"seats": game.max_seats})[0] == "ok"
    assert _marshmallow(deal, {"seats": game.max_seats + 1})[0] == "refused"
    assert _marshmallow(deal, {"seats": game.min_seats - 1})[0] == "refused"


def _with_take_back(client: Any) -> dict[str, Any]:
    """A dabong! state (unwinding on) whose take-back log holds a play."""
    game = REGISTRY.get("dabong")
    assert game is not None
    for seed in range(40):
        dealt = client.post("/v1/games/dabong/deal", json={"seats": 2, "seed": seed}).get_json()["state"]
        if not dealt["options"]["unwinding"]:
            dealt["options"]["unwinding"] = True
        listed = client.post("/v1/games/dabong/legal-actions", json={"state": dealt, "seat": dealt["turn"]})
        if listed.status_code != 200:
            continue
        plays = [e["action"] for e in listed.get_json()["actions"] if e["action"]["type"] == "play"]
        if not plays:
            continue
        answer = client.post("/v1/games/dabong/apply", json={"state": dealt, "action": plays[0]}).get_json()
        if answer.get("state", {}).get("take_back"):
            return answer["state"]  # type: ignore[no-any-return]
    pytest.skip("no seed gave a play to take back")


def _problems(state: dict[str, Any]) -> list[dict[str, str]] | None:
    game = REGISTRY.get("dabong")
    assert game is not None
    try:
        game.state_from_json(state)
    except InvalidInput as exc:
        return [p.to_json() for p in exc.problems]
    return None


@pytest.mark.parametrize(
    ("mangle", "refused"),
    [
        (lambda b: b.__setitem__("turn", float(b["turn"])), True),
        (lambda b: b.__setitem__("top_play", True if b["top_play"] == 1 else float(b["top_play"])), True),
        (lambda b: b.__setitem__("as_dealt", [0.0]), True),
        (lambda b: b.__setitem__("zz", 1), True),
        (lambda b: b["as_dealt"].clear(), False),
    ],
)
def test_a_take_back_entry_with_a_changed_before_is_judged_afresh(
    client: Any, mangle: Any, refused: bool
) -> None:
    """Values equal in Python but not in JSON (``1.0``, ``true``) are refused wherever they sit;
    a value of the right type is read (the take-back that uses it proves it with the rules)."""
    state = _with_take_back(client)
    assert _problems(state) is None
    changed = copy.deepcopy(state)
    mangle(changed["take_back"][-1]["before"])
    found = _problems(changed)
    assert _problems(copy.deepcopy(changed)) == found
    if refused:
        assert found is not None


@pytest.mark.parametrize("name", ["99", "dobon", "dabong"])
def test_effects_encode_as_their_own_to_json(name: str) -> None:
    from service.encoding import effect_json

    game = REGISTRY.get(name)
    assert game is not None
    seen: set[str] = set()
    for seed in range(3):
        state = game.deal(
            seats=3 if game.max_seats >= 3 else 2,
            options=game.presets[game.default_preset],
            seed=seed,
            deck_order=None,
        )
        for step in range(60):
            if game.is_over(state):
                break
            page = game.legal_actions(state, None, offset=0, limit=50)
            if not page.entries:
                break
            entry = page.entries[(seed + step) % len(page.entries)]
            outcome = game.apply(state, entry.action)
            effects = list(outcome.verdict.effects)
            effects += [e for i in outcome.verdict.interpretations for e in i.effects]
            for effect in effects:
                assert effect_json(effect) == effect.to_json()
                seen.add(type(effect).__name__)
            if outcome.state is None:
                break
            state = outcome.state
    assert seen
