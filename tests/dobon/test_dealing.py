"""Dealing and the opening card (rules ``dobon.deal``, ``dobon.opening*``)."""

from __future__ import annotations

import pytest

from rules_core.games.dobon import GAME, SUM_ONLY
from rules_core.games.dobon.state import CheckKind, Status, Step
from rules_core.kernel import InvalidInput, parse_cards
from tests.dobon.tables import as_json, do, pass_check, rig, table

FOUR = [["9H", "4C", "JD", "10S"], ["9C", "6D", "QS", "QD"], ["3H", "5C", "7S", "AD"]]
FIVE = [[*h, x] for h, x in zip(FOUR, ["KH", "KS", "KC"], strict=True)]


def test_deal_order_round_robin_then_opening_then_stock() -> None:
    state = table(FOUR, "9S", ["2D", "3D"])
    data = as_json(state)
    assert data["hands"] == FOUR and data["discard_pile"] == ["9S"]
    assert data["draw_pile"][:2] == ["2D", "3D"] and len(data["draw_pile"]) == 52 - 12 - 1


@pytest.mark.parametrize(("preset", "size"), [("sum_only", 4), ("action_cards", 5)])
def test_preset_deal_sizes(preset: str, size: int) -> None:
    for seats in (2, 3, 4):
        state = GAME.deal(seats=seats, options=GAME.presets[preset], seed=3, deck_order=None)
        assert all(len(h) == size for h in state.hands) and len(state.discard_pile) == 1


def test_deal_rejects_bad_seats_and_deck_orders() -> None:
    with pytest.raises(InvalidInput) as caught:
        GAME.deal(seats=5, options=SUM_ONLY, seed=0, deck_order=parse_cards(rig(FOUR, "9S")[:-1]))
    assert {p.code for p in caught.value.problems} == {"out_of_range", "not_a_permutation"}


@pytest.mark.parametrize(
    ("preset", "claimant"),
    [("sum_only", ["AS", "2S", "3S", "7S"]), ("action_cards", ["AS", "2S", "3S", "4S", "3D"])],
)
def test_the_opening_check_starts_with_seat_0_and_the_opening_card_is_claimable(
    preset: str, claimant: list[str]
) -> None:
    hands = [["9H", "4C", "JD", "10S", "QH"], claimant, ["9C", "6D", "QS", "QD", "5C"]]
    size = len(claimant)
    state = table([h[:size] for h in hands], "KH", preset=preset)
    assert state.check is not None and state.check.kind is CheckKind.OPENING
    assert state.check.asking == (0, 1, 2) and state.top_owner is None
    state = do(state, type="continue", seat=0)
    after = pass_check(do(state, type="claim", seat=1, cards=claimant, top="2S"))
    assert after.status is Status.OVER and after.winner == 1


def test_sum_only_opening_two_makes_an_obligation_of_two() -> None:
    state = pass_check(table(FOUR, "2H"))
    assert state.step is Step.ANSWER_TWO and state.turn == 0 and state.obligation == 2
    assert len(do(state, type="take", seat=0).hands[0]) == 6


@pytest.mark.parametrize("opening", ["2H", "AH", "JH", "8H"])
def test_action_cards_opening_specials_do_nothing(opening: str) -> None:
    state = pass_check(table(FIVE, opening, preset="action_cards"))
    assert state.turn == 0 and state.step is Step.TURN and state.direction == 1 and state.obligation == 0
    assert state.active_suit.value == "H"


@pytest.mark.parametrize(
    ("opening", "seats", "turn", "step", "direction"),
    [
        ("2H", 3, 0, Step.ANSWER_TWO, 1),
        ("AH", 3, 1, Step.TURN, 1),
        ("AH", 2, 1, Step.TURN, 1),
        ("JH", 3, 1, Step.TURN, -1),
        ("JH", 2, 0, Step.TURN, -1),
        ("8H", 3, 0, Step.TURN, 1),
    ],
)
def test_opening_effects_act_as_if_played_by_the_seat_before_seat_0(
    opening: str, seats: int, turn: int, step: Step, direction: int
) -> None:
    state = table(FIVE[:seats], opening, preset="action_cards", opening_effects=True)
    assert state.check is not None and state.check.asking[0] == 0
    state = pass_check(state)
    assert (state.turn, state.step, state.direction) == (turn, step, direction)
    assert state.active_suit.value == "H"


def test_sum_only_with_opening_effects_off_ignores_an_opening_two() -> None:
    state = pass_check(table(FOUR, "2H", opening_effects=False))
    assert state.step is Step.TURN and state.obligation == 0
