"""99's wire schemas describe what the service really sends and reads."""

from __future__ import annotations

from rules_core.games.ninety_nine import GAME

from .schema_check import assert_rejects, check_playouts, validators


def test_99_states_views_actions_and_effects_of_playouts_fit_the_schemas() -> None:
    seen = check_playouts(GAME, range(1))
    assert seen["state"] > 300 and seen["view"] > 1000 and seen["action"] > 300
    # Every declared effect of a hand that ends came up (the clubs ones need the slide).
    for name in ("CardsPlayed", "CountChanged", "CardsDrawn", "PlayerEliminated", "RoundWon", "HitAwarded"):
        assert seen["effect:" + name], (name, seen)


def test_99_schemas_are_closed_typed_and_described() -> None:
    wire = GAME.wire_schemas()
    state = wire.components["NinetyNineState"]
    assert state["additionalProperties"] is False
    assert {"turn", "attacker", "winner", "hands", "count"} <= set(state["required"])
    for name, schema in wire.components.items():
        for field, prop in schema.get("properties", {}).items():
            assert prop.get("description"), (name, field)
    options = wire.components["NinetyNineOptions"]
    assert "required" not in options and all("default" in p for p in options["properties"].values())
    assert validators(GAME)["options"].is_valid({})
    assert_rejects(GAME, "action", {"type": "draw", "seat": 0})
    assert_rejects(GAME, "action", {"type": "play", "seat": 0, "cards": ["1X"]})
    # A play naming no card, or two, is well-formed (answered as illegal, `play_one_card`).
    assert validators(GAME)["action"].is_valid({"type": "play", "seat": 0})
    assert validators(GAME)["action"].is_valid({"type": "play", "seat": 0, "cards": ["2S", "3S"]})


def test_99_a_state_with_a_card_twice_fits_the_schema_but_not_the_reader() -> None:
    """The schema says what each field is; the cross-field rules stay with the game."""
    data = GAME.state_to_json(GAME.deal(seats=2, options=GAME.presets["standard"], seed=0, deck_order=None))
    data["hands"][0][0] = data["hands"][1][0]
    assert validators(GAME)["state"].is_valid(data)
    data["hands"][0][0] = "1X"
    assert not validators(GAME)["state"].is_valid(data)
