"""Dobon's wire schemas describe what the service really sends and reads."""

from __future__ import annotations

from rules_core.games.dobon import GAME

from .schema_check import assert_rejects, check_playouts, validators


def test_dobon_states_views_actions_and_effects_of_playouts_fit_the_schemas() -> None:
    seen = check_playouts(GAME, range(1))
    assert seen["state"] > 300 and seen["view"] > 1000 and seen["action"] > 300
    for name in ("CardsPlayed", "CardsDrawn", "CheckStarted", "CheckContinued", "TurnPassed", "RoundWon"):
        assert seen["effect:" + name], (name, seen)


def test_dobon_schemas_are_closed_typed_and_described() -> None:
    wire = GAME.wire_schemas()
    state = wire.components["DobonState"]
    assert state["additionalProperties"] is False
    # What the reader lets a client leave out is what the schema says may be left out.
    assert {"turn", "step", "top_owner", "drawn", "winner"}.isdisjoint(state["required"])
    assert {"check", "hands", "leaders", "wins"} <= set(state["required"])
    for name, schema in wire.components.items():
        for field, prop in schema.get("properties", {}).items():
            assert prop.get("description"), (name, field)
    assert set(wire.components["DobonAction"]["discriminator"]["mapping"]) == set(GAME.action_types)
    assert validators(GAME)["options"].is_valid({"match_rounds": 3})
    assert_rejects(GAME, "options", {"match_rounds": 2})
    assert_rejects(GAME, "action", {"type": "draw", "seat": 0, "cards": ["AS"]})
    # A claim naming no card is well-formed (the service answers it as illegal, `cards_required`),
    # so the schema takes it: what the schema refuses, the request parser refuses.
    assert validators(GAME)["action"].is_valid({"type": "claim", "seat": 0})
    assert validators(GAME)["action"].is_valid({"type": "play", "seat": 1, "cards": ["8S"], "suit": "H"})
