"""The game's facts, the deal, the view, and the rule table it cites."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rules_core.games import REGISTRY
from rules_core.games.ninety_nine import GAME, PRESETS, NinetyNineOptions
from rules_core.games.ninety_nine.rules import RULES
from rules_core.kernel import InvalidInput, parse_cards

from .tables import ALL_CARDS, deck_order, load, position


def test_99_is_registered_with_its_facts() -> None:
    assert REGISTRY.get("99") is GAME
    assert (GAME.min_seats, GAME.max_seats, GAME.default_preset) == (2, 8, "standard")
    assert PRESETS["standard"] == NinetyNineOptions()
    assert set(GAME.action_types) == {"play"}


def test_99_deal_four_cards_each_one_at_a_time_from_seat_0_rest_is_the_draw_pile() -> None:
    order = deck_order([["AH", "2H", "3H", "4H"], ["AS", "2S", "3S", "4S"], ["AC", "2C", "3C", "4C"]], ["KD"])
    assert order[:4] == ["AH", "AS", "AC", "2H"]
    state = GAME.deal(seats=3, options=NinetyNineOptions(), seed=0, deck_order=tuple(order))
    assert state.hands[1] == parse_cards(["AS", "2S", "3S", "4S"])
    assert str(state.draw_pile[0]) == "KD" and len(state.draw_pile) == 40
    assert (state.count, state.turn, state.play_pile, state.move) == (0, 0, (), 0)


def test_99_deal_is_seeded() -> None:
    first = GAME.deal(seats=4, options=NinetyNineOptions(), seed=11, deck_order=None)
    assert first == GAME.deal(seats=4, options=NinetyNineOptions(), seed=11, deck_order=None)
    assert first != GAME.deal(seats=4, options=NinetyNineOptions(), seed=12, deck_order=None)


def test_99_first_seat_option() -> None:
    state = GAME.deal(seats=4, options=NinetyNineOptions(first_seat=2), seed=1, deck_order=None)
    assert state.turn == 2 and GAME.to_act(state) == (2,)


def test_99_deal_rejects_bad_input_with_every_problem() -> None:
    bad = ["ZZ", *ALL_CARDS[1:-1], "AH"]
    with pytest.raises(InvalidInput) as caught:
        GAME.deal(seats=9, options=NinetyNineOptions(), seed=1, deck_order=tuple(bad))
    found = {(p.pointer, p.code) for p in caught.value.problems}
    assert {
        ("/seats", "out_of_range"),
        ("/deck_order/0", "unknown_card"),
        ("/deck_order", "missing_cards"),
    } <= found
    with pytest.raises(InvalidInput) as caught:
        GAME.deal(seats=3, options=NinetyNineOptions(first_seat=3), seed=1, deck_order=None)
    assert caught.value.problems[0].pointer == "/options/first_seat"


def test_99_view_shows_own_hand_counts_for_the_rest_and_no_seed() -> None:
    state = GAME.deal(seats=3, options=NinetyNineOptions(), seed=4, deck_order=None)
    view = GAME.view(state, 1)
    assert view["viewer"] == 1 and "seed" not in view
    assert view["hands"][0] == {"count": 4} and view["hands"][1] == [str(c) for c in state.hands[1]]
    assert view["draw_pile"] == {"count": 40} and view["count"] == 0
    with pytest.raises(InvalidInput):
        GAME.view(state, 3)


def test_99_every_cited_rule_exists_and_the_full_rules_are_listed_as_not_adjudicated() -> None:
    for reason in GAME.reasons:
        assert reason.rule_id in RULES, reason
    for spec in GAME.option_specs():
        assert spec.rule in RULES, spec
    for name in ("99.loading_duty", "99.bong_note", "99.full_rules"):
        assert RULES[name].not_adjudicated
    for field in dataclasses.fields(NinetyNineOptions):
        assert field.metadata["doc"]


def test_99_effects_cite_rules_of_the_table() -> None:
    hands = [["QS", "3C", "4C", "5C"], ["AD", "7H", "8H", "2H"], ["2S", "3H", "4H", "AC"]]
    state = load(position(hands, ["KH"], count=99))
    from rules_core.kernel import Action

    effects: list[Any] = []
    for seat, card in ((0, "QS"), (1, "AD"), (2, "2S")):
        outcome = GAME.resolve(state, Action(type="play", seat=seat, cards=parse_cards([card])))
        effects += outcome.verdict.effects
        state = outcome.state
    assert all(effect.rule_id in RULES for effect in effects)
