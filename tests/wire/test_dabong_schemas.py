"""dabong!'s wire schemas describe what the service really sends and reads.

The schemas derive from the field declarations of ``rules_core/games/dabong/wire.py``, which
also write the state and the views the game sends (``test_dabong_differential`` holds them
to the hand-written writer and view they replaced).
"""

from __future__ import annotations

from rules_core.games.dabong import GAME
from rules_core.games.dabong.wire import STATE

from .schema_check import assert_rejects, check_playouts, validators


def test_dabong_states_views_actions_and_effects_of_playouts_fit_the_schemas() -> None:
    seen = check_playouts(GAME, range(1))
    assert seen["state"] > 300 and seen["view"] > 1000 and seen["action"] > 300
    for name in (
        "CardsPlayed",
        "CardsDrawn",
        "TurnPassed",
        "PenaltyImposed",
        "PlayTakenBack",
        "CardsTraded",
        "CardCountAsked",
        "RoundWon",
    ):
        assert seen["effect:" + name], (name, seen)


def test_dabong_schemas_are_closed_typed_and_described() -> None:
    wire = GAME.wire_schemas()
    state = wire.components["DabongState"]
    assert state["additionalProperties"] is False
    # What the reader lets a client leave out is what the schema says may be left out.
    assert set(state["required"]) == STATE.names - {"suit", "winner", "game_winner", "answerable"}
    for name, schema in wire.components.items():
        for field, prop in schema.get("properties", {}).items():
            assert prop.get("description"), (name, field)
    assert set(wire.components["DabongAction"]["discriminator"]["mapping"]) == set(GAME.action_types)
    options = wire.components["DabongOptions"]
    assert "required" not in options and all("default" in p for p in options["properties"].values())
    checks = validators(GAME)
    assert checks["options"].is_valid({})
    # Well-formed requests the engine answers as illegal: the schema takes them, since what the
    # schema refuses the request parser refuses.
    assert checks["action"].is_valid({"type": "play", "seat": 0})
    assert checks["action"].is_valid({"type": "play", "seat": 0, "cards": ["2F"], "suit": None})
    assert checks["action"].is_valid({"type": "ask_card_count", "seat": 1, "target": "x"})
    assert checks["action"].is_valid({"type": "claim_natural", "seat": 1, "value": None})
    assert_rejects(GAME, "action", {"type": "draw", "seat": 0, "cards": ["2F"]})
    assert_rejects(GAME, "action", {"type": "play", "seat": 0, "cards": None})
    assert_rejects(GAME, "action", {"type": "play", "seat": 5})
    assert_rejects(GAME, "action", {"type": "play", "seat": 0, "cards": ["1X"]})
    assert_rejects(GAME, "state", {"game": "dabong"})
    assert_rejects(GAME, "options", {"hand_size": "seven"})
