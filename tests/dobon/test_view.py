"""One seat's view hides the other hands, the stock, the seed and another seat's drawn card."""

from __future__ import annotations

from rules_core.games.dobon import GAME
from tests.dobon.tables import do, pass_check, position


def test_view_hides_hands_stock_seed() -> None:
    state = position([["9H", "4C"], ["KH", "QH", "3D"]], ["4S"])
    view = GAME.view(state, 1)
    assert view["viewer"] == 1 and "seed" not in view
    assert view["hands"] == [{"count": 2}, ["KH", "QH", "3D"]]
    assert view["draw_pile"] == {"count": len(state.draw_pile)}
    assert view["discard_pile"] == ["4S"]


def test_another_seats_drawn_card_is_hidden() -> None:
    state = pass_check(
        do(
            position([["9H", "4C"], ["KH", "QH"]], ["4S"], preset="action_cards", stock=["5S"]),
            type="draw",
            seat=0,
        )
    )
    assert GAME.view(state, 0)["drawn"] == "5S"
    assert GAME.view(state, 1)["drawn"] == {"hidden": True}


def test_draw_effects_hide_the_cards_from_others() -> None:
    state = position([["9H", "4C"], ["KH", "QH"]], ["4S"], stock=["5S"])
    verdict = GAME.resolve(state, GAME.action_from_json({"type": "draw", "seat": 0})).verdict
    drawn = next(e for e in verdict.effects if e.name == "CardsDrawn")
    assert drawn.to_json(0)["cards"] == ["5S"] and "cards" not in drawn.to_json(1)
