"""Adjudication of ordinary turns, claims and the checking step (rules ``dobon.turn.*``,
``dobon.claim.*``, ``dobon.check*``), in both presets."""

from __future__ import annotations

import pytest

from rules_core.games.dobon.state import CheckKind, Status, Step
from tests.dobon.tables import attempt, do, effects, pass_check, position, refused, table

PRESETS = ("sum_only", "action_cards")


def hands_for(preset: str) -> list[list[str]]:
    extra = [] if preset == "sum_only" else [["KH"], ["KS"], ["KC"]]
    base = [["9H", "4C", "JD", "10S"], ["9C", "6D", "QS", "QD"], ["3H", "5C", "7S", "AD"]]
    return [b + e for b, e in zip(base, extra or [[], [], []], strict=True)]


@pytest.mark.parametrize("preset", PRESETS)
def test_a_card_of_the_active_suit_or_the_top_rank_fits(preset: str) -> None:
    state = pass_check(table(hands_for(preset), "9S", preset=preset))
    assert state.status is Status.PLAYING and state.turn == 0 and state.step is Step.TURN
    verdict, _ = attempt(state, type="play", seat=0, cards=["9H"])
    assert [r.code for r in verdict.reasons] == ["follows_rank"]
    verdict, _ = attempt(state, type="play", seat=0, cards=["10S"])
    assert [r.code for r in verdict.reasons] == ["follows_suit"]
    assert refused(state, type="play", seat=0, cards=["4C"]) == {"card_does_not_fit"}
    assert refused(state, type="play", seat=0, cards=["3H"]) == {"cards_not_in_hand"}


@pytest.mark.parametrize("preset", PRESETS)
def test_only_the_seat_on_turn_acts_and_no_out_of_turn_rank_interruption(preset: str) -> None:
    state = pass_check(table(hands_for(preset), "9S", preset=preset))
    assert refused(state, type="draw", seat=1) == {"not_your_turn"}
    assert refused(state, type="play", seat=1, cards=["9C"]) == {"no_out_of_turn_interruption"}
    verdict, _ = attempt(state, type="draw", seat=3)
    assert [r.code for r in verdict.reasons] == ["no_such_seat"]


@pytest.mark.parametrize("preset", PRESETS)
def test_fields_an_action_does_not_take_are_rejected(preset: str) -> None:
    state = pass_check(table(hands_for(preset), "9S", preset=preset))
    assert refused(state, type="draw", seat=0, cards=["9H"]) == {"unexpected_field"}
    assert refused(state, type="play", seat=0, cards=["9H"], top="9H") == {"unexpected_field"}
    assert refused(state, type="play", seat=0, cards=["9H"], suit="H") == {"unexpected_field"}
    assert refused(state, type="play", seat=0) == {"cards_required"}


@pytest.mark.parametrize("preset", PRESETS)
def test_play_and_draw_wait_while_a_check_is_open(preset: str) -> None:
    state = table(hands_for(preset), "9S", preset=preset)
    assert state.status is Status.CHECKING and state.check is not None
    assert state.check.kind is CheckKind.OPENING and state.check.asking == (0, 1, 2)
    assert refused(state, type="play", seat=0, cards=["9H"]) == {"check_in_progress"}
    assert refused(state, type="continue", seat=1) == {"not_your_turn"}
    after = pass_check(state)
    assert refused(after, type="continue", seat=0) == {"no_check"}


@pytest.mark.parametrize("preset", PRESETS)
def test_discard_check_asks_everyone_but_the_discarder_in_order(preset: str) -> None:
    state = pass_check(table(hands_for(preset), "9S", preset=preset))
    state = do(state, type="play", seat=0, cards=["10S"])
    assert state.check is not None and state.check.kind is CheckKind.DISCARD
    assert state.check.asking == (1, 2) and state.turn == 1
    state = do(state, type="continue", seat=1)
    assert refused(state, type="claim", seat=0, cards=["9H", "4C", "JD"]) == {"claim_on_own_discard"}
    state = do(state, type="continue", seat=2)
    assert state.status is Status.PLAYING and state.turn == 1


def test_three_and_five_claim_against_an_eight_whatever_the_suits() -> None:
    state = position([["KH", "4C", "8D"], ["3H", "5C"], ["QD", "QS"]], ["8S"], turn=0, top_owner=2)
    state = do(state, type="play", seat=0, cards=["8D"])
    assert state.turn == 1
    after = do(state, type="claim", seat=1, cards=["3H", "5C"], top="5C")
    assert [c.seat for c in after.chain] == [1]


def test_a_claim_uses_the_whole_hand_and_its_total() -> None:
    state = position([["KH", "4C", "8D"], ["3H", "5C", "KD"], ["QD", "QS"]], ["8S"], turn=0, top_owner=2)
    state = do(state, type="play", seat=0, cards=["8D"])
    codes = refused(state, type="claim", seat=1, cards=["3H", "5C"], top="5C")
    assert codes == {"claim_must_use_whole_hand", "claim_total_mismatch"}
    assert refused(state, type="claim", seat=1, cards=["3H", "5C", "KD", "QD"], top="5C") == {
        "claim_cards_not_in_hand",
        "claim_total_mismatch",
    }


@pytest.mark.parametrize(
    ("hand", "top", "legal"),
    [
        (["AH", "10C"], "JS", True),  # J is eleven
        (["QH"], "QS", True),  # one card on the same rank
        (["AH", "QC"], "KS", True),  # K is thirteen, A is one
        (["10H", "2C"], "QS", True),  # Q is twelve
        (["10H"], "QS", False),  # face cards are not ten
        (["10H"], "KS", False),
        (["5H", "5C"], "10S", True),
    ],
)
def test_card_values_a1_j11_q12_k13(hand: list[str], top: str, legal: bool) -> None:
    state = position(
        [["9H", "4C", top], hand, ["2D", "3D"]], [top[:-1] + ("D" if top[-1] != "D" else "H")], turn=0
    )
    state = do(state, type="play", seat=0, cards=[top])
    verdict, _ = attempt(state, type="claim", seat=1, cards=hand, top=hand[0])
    assert verdict.legal is legal
    if not legal:
        assert [r.code for r in verdict.reasons] == ["claim_total_mismatch"]


def test_with_returns_a_claim_names_its_top_card() -> None:
    state = position([["KH", "4C", "8D"], ["3H", "5C"], ["QD", "QS"]], ["8S"], turn=0, top_owner=2)
    state = do(state, type="play", seat=0, cards=["8D"])
    assert refused(state, type="claim", seat=1, cards=["3H", "5C"]) == {"claim_needs_top"}
    assert refused(state, type="claim", seat=1, cards=["3H", "5C"], top="8D") == {"top_not_in_claim"}


def test_without_returns_the_first_claim_ends_the_round() -> None:
    state = position(
        [["KH", "4C", "8D"], ["3H", "5C"], ["QD", "QS"]], ["8S"], turn=0, top_owner=2, returns=False
    )
    state = do(state, type="play", seat=0, cards=["8D"])
    assert refused(state, type="claim", seat=1, cards=["3H", "5C"], top="5C") == {"unexpected_field"}
    names = effects(state, type="claim", seat=1, cards=["5C", "3H"])
    assert names == ["DobonClaimed", "RoundWon", "MatchEnded"]
    after = do(state, type="claim", seat=1, cards=["5C", "3H"])
    assert after.status is Status.OVER and after.winner == 1 and after.wins == (0, 1, 0)
    assert after.hands[1] == state.hands[1] and after.record[0].how == "dobon"


def test_returns_chain_new_target_and_the_last_claimant_wins() -> None:
    """Three and five claim on an eight, the five goes on top, two and three return on it."""
    state = position([["KH", "4C", "8D"], ["3H", "5C"], ["2C", "3D"]], ["8S"], turn=0, top_owner=2)
    state = do(state, type="play", seat=0, cards=["8D"])
    state = do(state, type="claim", seat=1, cards=["3H", "5C"], top="5C")
    assert state.top.rank is not None and state.top.rank.value == "5"
    assert state.hands[1] == () and state.check is not None and state.check.kind is CheckKind.RETURN
    assert state.check.asking == (2, 0)
    state = do(state, type="claim", seat=2, cards=["2C", "3D"], top="2C")
    assert state.check is not None and state.check.asking == (0,)
    assert refused(state, type="claim", seat=1, cards=["3H", "5C"], top="5C") == {"already_claimed"}
    state = do(state, type="continue", seat=0)
    assert state.status is Status.OVER and state.winner == 2
    assert state.record[0].how == "return" and [c.seat for c in state.record[0].chain] == [1, 2]


def test_the_original_discarder_may_return() -> None:
    state = position([["AH", "4C", "8D"], ["3H", "5C"], ["QC", "QD"]], ["8S"], turn=0, top_owner=2)
    state = do(state, type="play", seat=0, cards=["8D"])
    state = do(state, type="claim", seat=1, cards=["3H", "5C"], top="5C")
    state = do(state, type="continue", seat=2)
    state = do(state, type="claim", seat=0, cards=["AH", "4C"], top="4C")
    assert state.check is not None and state.check.asking == (2,)
    state = do(state, type="continue", seat=2)
    assert state.winner == 0 and state.record[0].how == "return"


def test_a_return_against_the_old_target_is_refused() -> None:
    state = position([["KH", "4C", "8D"], ["3H", "5C"], ["6C", "2D"]], ["8S"], turn=0, top_owner=2)
    state = do(state, type="play", seat=0, cards=["8D"])
    state = do(state, type="claim", seat=1, cards=["3H", "5C"], top="5C")
    assert refused(state, type="claim", seat=2, cards=["6C", "2D"], top="6C") == {"claim_total_mismatch"}


def test_passing_ends_that_opportunity_only() -> None:
    state = position([["KH", "8D", "8C", "4S"], ["3H", "5C"], ["QC", "QD"]], ["8S"], turn=0, top_owner=2)
    state = do(state, type="play", seat=0, cards=["8D"])
    state = do(state, type="continue", seat=1)
    assert refused(state, type="claim", seat=1, cards=["3H", "5C"], top="5C") == {"not_your_turn"}
    state = pass_check(state)
    state = do(state, type="draw", seat=1)  # drawer's check on the same target
    assert state.check is not None and state.check.kind is CheckKind.DRAW and state.check.asking == (1,)
    state = do(state, type="continue", seat=1)
    assert state.status is Status.PLAYING and state.turn == 2


def test_no_other_arithmetic_than_the_whole_hand_sum() -> None:
    state = position([["KH", "4C", "8D"], ["2H", "4S"], ["QD", "QS"]], ["8S"], turn=0, top_owner=2)
    state = do(state, type="play", seat=0, cards=["8D"])
    verdict, _ = attempt(state, type="claim", seat=1, cards=["2H", "4S"], top="4S", value=8)  # 2 x 4
    assert [(r.code, r.rule_id) for r in verdict.reasons] == [
        ("unexpected_field", "dobon.excluded.arithmetic")
    ]
    assert refused(state, type="claim", seat=1, cards=["2H", "4S"], top="4S") == {"claim_total_mismatch"}
