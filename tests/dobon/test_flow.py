"""The stock, the action limit and the match (rules ``dobon.stock.*``,
``dobon.round.action_limit``, ``dobon.match*``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules_core.games.dobon import GAME
from rules_core.games.dobon.state import Status
from rules_core.kernel import rng
from tests.dobon.tables import attempt, do, effects, position, refused


def test_an_empty_stock_is_rebuilt_from_the_discards_under_the_top() -> None:
    state = position([["9H", "4C"], ["KH", "QH"]], ["4S"], stock=[], rest="pile")
    under = state.discard_pile[:-1]
    verdict, after = attempt(state, type="draw", seat=0)
    assert verdict.legal and after is not None
    assert [e.name for e in verdict.effects][:2] == ["PileReshuffled", "CardsDrawn"]
    expected = rng.shuffled(under, seed=state.seed, stream="reshuffle", number=0)
    assert after.discard_pile == state.discard_pile[-1:] and after.shuffles == 1
    assert after.hands[0][-1] == expected[0] and after.draw_pile == expected[1:]


@pytest.mark.parametrize("preset", ["sum_only", "action_cards"])
def test_nothing_to_recycle_draws_the_round_without_a_win(preset: str) -> None:
    state = position([["9H", "4C"], ["KH", "QH"]], ["4S"], stock=[], rest=1, preset=preset)
    names = effects(state, type="draw", seat=0)
    assert names == ["RoundDrawn", "MatchEnded"]
    after = do(state, type="draw", seat=0)
    assert after.status is Status.OVER and after.winner is None and after.wins == (0, 0)
    assert after.record[0].how == "stock_exhausted" and after.record[0].winner is None


def test_running_out_while_paying_a_two_draws_the_round() -> None:
    state = position(
        [["9C", "KC"], ["5D", "6D"]], ["2H"], stock=["3S"], rest=0, turn=1, step="answer_two", obligation=2
    )
    after = do(state, type="take", seat=1)  # owes two; one card in the stock, nothing under the two
    assert after.status is Status.OVER and after.record[0].how == "stock_exhausted"
    assert len(after.hands[1]) == len(state.hands[1]) + 1 and after.winner is None


def test_the_800th_action_draws_the_round() -> None:
    state = position([["9H", "4C"], ["KH", "QH"]], ["4S"], round_move=799)
    names = effects(state, type="draw", seat=0)
    assert names[-2:] == ["RoundDrawn", "MatchEnded"]
    after = do(state, type="draw", seat=0)
    assert after.status is Status.OVER and after.winner is None and after.record[0].how == "action_limit"
    assert after.round_move == 800
    early = do(position([["9H", "4C"], ["KH", "QH"]], ["4S"], round_move=798), type="draw", seat=0)
    assert early.status is Status.CHECKING


def _won_round(match_rounds: int, winner: int = 1):  # type: ignore[no-untyped-def]
    hands = [["KH", "4C", "8D"], ["3H", "5C"], ["QD", "QS"]]
    state = position(hands, ["8S"], turn=0, top_owner=2, returns=False, match_rounds=match_rounds)
    state = do(state, type="play", seat=0, cards=["8D"])
    return do(state, type="claim", seat=1, cards=["3H", "5C"])


def test_a_match_waits_for_next_round_and_keeps_the_record() -> None:
    state = _won_round(3)
    assert state.status is Status.ROUND_OVER and state.winner == 1 and state.wins == (0, 1, 0)
    assert refused(state, type="draw", seat=0) == {"round_over"}
    assert GAME.to_act(state) == (0, 1, 2)
    verdict, nxt = attempt(state, type="next_round", seat=2)
    assert verdict.legal and nxt is not None
    assert [e.name for e in verdict.effects][:2] == ["RoundStarted", "CheckStarted"]
    assert nxt.round == 2 and nxt.round_move == 0 and nxt.wins == (0, 1, 0) and len(nxt.record) == 1
    assert all(len(h) == 4 for h in nxt.hands) and nxt.status is Status.CHECKING
    assert refused(nxt, type="next_round", seat=0) == {"round_not_over"}
    assert nxt.record[0].chain[0].seat == 1


def test_the_last_round_ends_the_match_and_ties_share_the_lead() -> None:
    state = _won_round(1)
    assert state.status is Status.OVER and GAME.to_act(state) == ()
    assert refused(state, type="next_round", seat=0) == {"match_over"}
    assert GAME.state_to_json(state)["leaders"] == [1]
    tied = replace(state, wins=(1, 1, 0))
    assert GAME.state_to_json(tied)["leaders"] == [0, 1]
