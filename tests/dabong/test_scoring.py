"""Scoring: one game, tennis games and sets, the points variant; the next game's deal."""

from __future__ import annotations

from rules_core.games.dabong import GAME
from rules_core.kernel import Action, parse_cards

from .tables import table


def win_now(data):  # type: ignore[no-untyped-def]
    """Seat 0 holds 3W on 10W and goes out."""
    state = GAME.state_from_json(data)
    outcome = GAME.resolve(state, Action(type="play", seat=0, cards=parse_cards(["3W"])))
    assert outcome.verdict.legal, outcome.verdict.reasons
    return outcome


def test_tennis_game_then_next_deal_passes_left() -> None:
    data = table([["3W"], ["4F", "KE"], ["SH1", "5E"]], ["10W"], options={"scoring": "tennis"})
    outcome = win_now(data)
    after = outcome.state
    assert (
        after is not None and after.status == "game_over" and after.game_winner == 0 and after.winner is None
    )
    assert after.scores.games == (1, 0, 0)
    assert GAME.resolve(after, Action(type="draw", seat=1)).verdict.reasons[0].code == "game_over"
    listed = GAME.legal_actions(after).entries
    assert [e.action for e in listed] == [Action(type="next_game", seat=0)]
    dealt = GAME.resolve(after, Action(type="next_game", seat=0)).state
    assert dealt is not None and dealt.dealer == 0 and dealt.scores.played == 1
    assert all(len(h) == 8 for h in dealt.hands)


def test_tennis_set_and_match() -> None:
    data = table([["3W"], ["4F", "KE"]], ["10W"], options={"scoring": "tennis", "sets_to_win": 1})
    data["scores"]["games"] = [3, 2]
    after = win_now(data).state
    assert after is not None and after.status == "over" and after.winner == 0 and after.scores.sets == (1, 0)
    data["options"]["sets_to_win"] = 2
    after = win_now(data).state
    assert after is not None and after.status == "game_over" and after.scores.games == (0, 0)


def test_points_left_in_hand_shaman_worth_the_option() -> None:
    data = table(
        [["3W"], ["4F", "KE"], ["SH1", "5E"]], ["10W"], options={"scoring": "points", "shaman_points": 50}
    )
    after = win_now(data).state
    assert after is not None and after.scores.points == (0, 14, 55) and after.status == "game_over"


def test_points_target_lowest_wins() -> None:
    data = table([["3W"], ["4F", "KE"], ["AE", "5E"]], ["10W"], options={"scoring": "points"})
    data["scores"]["points"] = [290, 290, 100]
    after = win_now(data).state
    assert after is not None and after.status == "over" and after.scores.points == (290, 304, 106)
    assert after.winner == 2
