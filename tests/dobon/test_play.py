"""Ordinary-turn actions and the special cards, per option, in both presets
(rules ``dobon.draw*``, ``dobon.finish.*``, ``dobon.two*``, ``dobon.eight``, ``dobon.ace``,
``dobon.jack``, ``dobon.queen.bundle``)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core.games.dobon.state import CheckKind, Status, Step
from tests.dobon.tables import attempt, do, effects, pass_check, position, refused

PRESETS = ("sum_only", "action_cards")

# -- the final card ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "changes", "may_finish"),
    [
        ("sum_only", {}, False),
        ("sum_only", {"empty_hand_wins": True}, True),
        ("action_cards", {}, True),
        ("action_cards", {"empty_hand_wins": False}, False),
    ],
)
def test_the_final_card_as_an_ordinary_discard(preset: str, changes: dict, may_finish: bool) -> None:
    state = position([["9S"], ["KH", "QH"], ["KD", "QD"]], ["4S"], preset=preset, **changes)
    if not may_finish:
        assert refused(state, type="play", seat=0, cards=["9S"]) == {"final_card_cannot_be_discarded"}
        do(state, type="draw", seat=0)
        return
    state = do(state, type="play", seat=0, cards=["9S"])
    assert state.check is not None and state.check.asking == (1, 2)
    state = pass_check(state)
    assert state.status is Status.OVER and state.winner == 0 and state.record[0].how == "empty_hand"


def test_a_claim_beats_the_empty_hand_finish() -> None:
    state = position([["9S"], ["4H", "5H"], ["KD", "QD"]], ["4S"], preset="action_cards")
    state = do(state, type="play", seat=0, cards=["9S"])
    state = do(state, type="claim", seat=1, cards=["4H", "5H"], top="4H")
    state = pass_check(state)
    assert state.winner == 1 and state.record[0].how == "dobon" and state.wins == (0, 1, 0)


# -- drawing ------------------------------------------------------------------------------------


def test_sum_only_drawing_one_ends_the_turn_after_the_drawers_check() -> None:
    state = position([["9H", "4C"], ["KH", "QH"]], ["4S"], stock=["7D"])
    state = do(state, type="draw", seat=0)
    assert state.hands[0][-1].rank is not None and state.check is not None
    assert state.check.kind is CheckKind.DRAW and state.check.asking == (0,)
    state = do(state, type="continue", seat=0)
    assert state.status is Status.PLAYING and state.turn == 1 and state.drawn is None


@pytest.mark.parametrize("preset", PRESETS)
def test_drawer_claims_on_the_top_card_after_a_draw(preset: str) -> None:
    state = position([["2H", "4C"], ["KH", "QH"]], ["KS"], stock=["7D"], preset=preset)
    state = do(state, type="draw", seat=0)  # 2 + 4 + 7 = 13, the king's value
    after = pass_check(do(state, type="claim", seat=0, cards=["2H", "4C", "7D"], top="7D"))
    assert after.status is Status.OVER and after.winner == 0


def test_no_drawers_check_on_ones_own_discard() -> None:
    """Two seats, Action cards: an ace skips the opponent, the turn comes back, a draw is not checked."""
    state = position([["AS", "5C", "9D"], ["KH", "QH"]], ["4S"], preset="action_cards", stock=["7H"])
    state = do(state, type="play", seat=0, cards=["AS"])
    state = do(state, type="continue", seat=1)
    assert state.status is Status.PLAYING and state.turn == 0
    state = do(state, type="draw", seat=0)
    assert state.status is Status.PLAYING and state.step is Step.DRAWN and state.turn == 0


@pytest.mark.parametrize(
    ("preset", "changes"), [("action_cards", {}), ("sum_only", {"drawing": "draw_one_may_play"})]
)
def test_draw_one_may_play_the_drawn_card_or_end_the_turn(preset: str, changes: dict) -> None:
    state = position([["9H", "4C", "JD"], ["KH", "QH"]], ["4S"], stock=["7S", "2D"], preset=preset, **changes)
    state = pass_check(do(state, type="draw", seat=0))
    assert state.step is Step.DRAWN and state.turn == 0 and state.drawn is not None
    assert refused(state, type="play", seat=0, cards=["4C"]) == {"only_drawn_card"}
    assert refused(state, type="draw", seat=0) == {"already_drew"}
    played = do(state, type="play", seat=0, cards=["7S"])
    assert played.top.rank is not None and played.top.rank.value == "7"
    kept = do(state, type="end_turn", seat=0)
    assert kept.turn == 1 and kept.step is Step.TURN and len(kept.hands[0]) == 4


def test_a_drawn_card_that_does_not_fit_is_kept() -> None:
    state = position([["9H", "4C", "JD"], ["KH", "QH"]], ["4S"], stock=["7D"], preset="action_cards")
    state = pass_check(do(state, type="draw", seat=0))
    assert refused(state, type="play", seat=0, cards=["7D"]) == {"card_does_not_fit"}
    assert do(state, type="end_turn", seat=0).turn == 1
    assert refused(position([["9H", "4C"], ["KH", "QH"]], ["4S"]), type="end_turn", seat=0) == {
        "end_turn_only_after_draw"
    }


@pytest.mark.parametrize("preset", PRESETS)
def test_draw_until_playable_stops_at_the_first_card_that_fits(preset: str) -> None:
    state = position(
        [["9H", "4C", "JD"], ["KH", "QH"]],
        ["4S"],
        stock=["7D", "10H", "6S", "2C"],
        preset=preset,
        drawing="draw_until_playable",
    )
    verdict, after = attempt(state, type="draw", seat=0)
    drawn = [e for e in verdict.effects if e.name == "CardsDrawn"]
    assert len(drawn) == 1 and drawn[0].count == 3  # type: ignore[attr-defined]
    assert after is not None
    after = pass_check(after)
    assert after.step is Step.DRAWN and after.drawn is not None and str(after.drawn) == "6S"
    assert refused(after, type="play", seat=0, cards=["4C"]) == {"only_drawn_card"}
    assert do(after, type="play", seat=0, cards=["6S"]).top.suit is not None
    assert do(after, type="end_turn", seat=0).turn == 1


# -- twos ------------------------------------------------------------------------------------------


def _two_race(preset: str, **changes: Any) -> tuple[Any, list[int]]:
    hands = [["2H", "2D", "9C", "KC"], ["2S", "2C", "9D", "KD"]]
    state = position(hands, ["5H"], preset=preset, **changes)
    counts = []
    for seat, card in ((0, "2H"), (1, "2S"), (0, "2D"), (1, "2C")):
        state = pass_check(do(state, type="play", seat=seat, cards=[card]))
        assert state.step is Step.ANSWER_TWO and state.turn == 1 - seat
        counts.append(state.obligation)
    return state, counts


@pytest.mark.parametrize(
    ("preset", "changes", "growth", "ends"),
    [
        ("sum_only", {}, [2, 4, 8, 16], False),
        ("action_cards", {}, [2, 4, 6, 8], True),
        ("sum_only", {"two_growth": "add_two", "penalty_ends_turn": True}, [2, 4, 6, 8], True),
        ("action_cards", {"two_growth": "double", "penalty_ends_turn": False}, [2, 4, 8, 16], False),
    ],
)
def test_the_two_obligation_grows_and_is_taken(preset: str, changes: dict, growth: list, ends: bool) -> None:
    state, counts = _two_race(preset, **changes)
    assert counts == growth
    before = len(state.hands[0])
    state = do(state, type="take", seat=0)
    assert len(state.hands[0]) == before + growth[-1]
    assert state.check is not None and state.check.kind is CheckKind.DRAW
    state = do(state, type="continue", seat=0)
    assert state.obligation == 0
    if ends:
        assert state.turn == 1 and state.step is Step.TURN
    else:
        assert state.turn == 0 and state.step is Step.TURN
        # a two on the two now starts a fresh obligation of two
        assert refused(state, type="take", seat=0) == {"no_obligation"}


@pytest.mark.parametrize("preset", PRESETS)
def test_facing_a_two_only_a_two_answers(preset: str) -> None:
    hands = [["2H", "9C", "KC"], ["8H", "4H", "9D", "2S"]]
    state = pass_check(do(position(hands, ["5H"], preset=preset), type="play", seat=0, cards=["2H"]))
    assert refused(state, type="draw", seat=1) == {"must_answer_two_or_take"}
    assert refused(state, type="play", seat=1, cards=["4H"]) == {"only_a_two_answers"}
    eight = refused(
        state, type="play", seat=1, cards=["8H"], **({"suit": "S"} if preset != "sum_only" else {})
    )
    assert eight == {"eight_cannot_answer_two"}
    verdict, _ = attempt(state, type="play", seat=1, cards=["2S"])
    assert [r.code for r in verdict.reasons] == ["answers_two"]


def test_sum_only_a_final_two_cannot_answer() -> None:
    hands = [["2H", "9C", "KC"], ["2S"]]
    state = pass_check(do(position(hands, ["5H"]), type="play", seat=0, cards=["2H"]))
    assert refused(state, type="play", seat=1, cards=["2S"]) == {"final_card_cannot_be_discarded"}
    assert do(state, type="take", seat=1).hands[1][0].rank is not None


@pytest.mark.parametrize("preset", PRESETS)
def test_a_claim_comes_before_paying_the_two(preset: str) -> None:
    hands = [["2H", "9C", "KC"], ["AS", "AD"]]
    state = do(position(hands, ["5H"], preset=preset), type="play", seat=0, cards=["2H"])
    assert state.check is not None and state.check.asking == (1,) and state.obligation == 2
    state = do(state, type="claim", seat=1, cards=["AS", "AD"], top="AS")
    state = pass_check(state)
    assert state.winner == 1 and len(state.hands[1]) == 0


# -- eights ----------------------------------------------------------------------------------------


def test_action_cards_eight_is_wild_with_a_chosen_suit() -> None:
    state = position([["8C", "9C", "KC"], ["KH", "QH"]], ["5H"], preset="action_cards")
    assert refused(state, type="play", seat=0, cards=["8C"]) == {"suit_required"}
    assert "SuitDeclared" in effects(state, type="play", seat=0, cards=["8C"], suit="D")
    after = pass_check(do(state, type="play", seat=0, cards=["8C"], suit="D"))
    assert after.active_suit.value == "D" and after.turn == 1


def test_printed_suit_eight_follows_its_own_suit() -> None:
    state = position(
        [["8C", "9C", "KC"], ["KH", "QH"]], ["5H"], preset="action_cards", eight="wild_printed_suit"
    )
    assert refused(state, type="play", seat=0, cards=["8C"], suit="D") == {"suit_declaration_not_allowed"}
    after = pass_check(do(state, type="play", seat=0, cards=["8C"]))
    assert after.active_suit.value == "C"


def test_sum_only_eight_is_an_ordinary_card() -> None:
    state = position([["8C", "9C", "KC"], ["KH", "QH"]], ["5H"])
    assert refused(state, type="play", seat=0, cards=["8C"]) == {"card_does_not_fit"}
    assert refused(state, type="play", seat=0, cards=["8C"], suit="H") == {"card_does_not_fit"}
    on_club = position([["8C", "9C", "KC"], ["KH", "QH"]], ["5C"])
    assert refused(on_club, type="play", seat=0, cards=["8C"], suit="H") == {"unexpected_field"}
    wild = position([["8C", "9C", "KC"], ["KH", "QH"]], ["5H"], eight="wild_chosen_suit")
    do(wild, type="play", seat=0, cards=["8C"], suit="S")


def test_a_wild_eight_still_gives_a_target_of_eight() -> None:
    state = position([["8C", "9C", "KC"], ["3H", "5H"]], ["KH"], preset="action_cards")
    state = do(state, type="play", seat=0, cards=["8C"], suit="S")
    after = do(state, type="claim", seat=1, cards=["3H", "5H"], top="5H")
    assert pass_check(after).winner == 1


# -- aces and jacks ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "changes", "seats", "next_seat"),
    [
        ("action_cards", {}, 3, 2),
        ("action_cards", {}, 2, 0),
        ("sum_only", {}, 3, 1),
        ("sum_only", {"ace_skips": True}, 3, 2),
        ("action_cards", {"ace_skips": False}, 3, 1),
    ],
)
def test_an_ace_skips_the_next_seat(preset: str, changes: dict, seats: int, next_seat: int) -> None:
    hands = [["AH", "9C", "KC"], ["KD", "QD"], ["KS", "QS"]][:seats]
    state = do(position(hands, ["5H"], preset=preset, **changes), type="play", seat=0, cards=["AH"])
    assert state.check is not None and state.check.asking == tuple(range(1, seats))
    assert pass_check(state).turn == next_seat


@pytest.mark.parametrize(
    ("preset", "changes", "seats", "asking", "next_seat"),
    [
        ("action_cards", {}, 3, (2, 1), 2),
        ("action_cards", {}, 2, (1,), 1),
        ("action_cards", {}, 4, (3, 2, 1), 3),
        ("sum_only", {}, 3, (1, 2), 1),
        ("sum_only", {"jack_reverses": True}, 3, (2, 1), 2),
    ],
)
def test_a_jack_reverses_and_the_check_follows_the_new_direction(
    preset: str, changes: dict, seats: int, asking: tuple, next_seat: int
) -> None:
    hands = [["JH", "9C", "KC"], ["KD", "QD"], ["KS", "QS"], ["10S", "10D"]][:seats]
    state = do(position(hands, ["5H"], preset=preset, **changes), type="play", seat=0, cards=["JH"])
    assert state.check is not None and state.check.asking == asking
    assert pass_check(state).turn == next_seat


# -- queen bundles ------------------------------------------------------------------------------------


def test_bundled_queens_first_fits_last_is_top() -> None:
    hands = [["QH", "QS", "QC", "9D"], ["KD", "10D"]]
    state = position(hands, ["5H"], preset="action_cards")
    after = do(state, type="play", seat=0, cards=["QH", "QC", "QS"])
    assert str(after.top) == "QS" and after.active_suit.value == "S" and after.hands[0] == state.hands[0][3:]
    assert refused(state, type="play", seat=0, cards=["QS", "QH"]) == {"bundle_first_queen_must_fit"}
    assert refused(state, type="play", seat=0, cards=["QH", "QH"]) == {"card_repeated"}
    assert refused(state, type="play", seat=0, cards=["QH", "9D"]) == {"bundle_only_queens"}
    on_queen = position(hands, ["QD"], preset="action_cards")
    do(on_queen, type="play", seat=0, cards=["QS", "QH"])


def test_queen_bundles_switched_off() -> None:
    hands = [["QH", "QS", "9D"], ["KD", "10D"]]
    assert refused(position(hands, ["5H"]), type="play", seat=0, cards=["QH", "QS"]) == {
        "queen_bundles_off",
        "play_one_card",
    }
    on = position(hands, ["5H"], queen_bundles=True)
    do(on, type="play", seat=0, cards=["QH", "QS"])
    assert refused(
        position(hands, ["5H"], preset="action_cards", queen_bundles=False),
        type="play",
        seat=0,
        cards=["QH", "QS"],
    ) == {"queen_bundles_off", "play_one_card"}


def test_a_bundle_may_not_empty_the_hand_without_empty_hand_wins() -> None:
    hands = [["QH", "QS"], ["KD", "10D"]]
    state = position(hands, ["5H"], preset="action_cards", empty_hand_wins=False)
    assert refused(state, type="play", seat=0, cards=["QH", "QS"]) == {"final_card_cannot_be_discarded"}
    finish = position(hands, ["5H"], preset="action_cards")
    assert pass_check(do(finish, type="play", seat=0, cards=["QH", "QS"])).winner == 0
