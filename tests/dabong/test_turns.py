"""Turn rules: follow suit or number, drawing, 9s, penalties, going out, who may act."""

from __future__ import annotations

from rules_core.games.dabong import GAME
from rules_core.kernel import Action, parse_cards

from .tables import table


def state_of(data):  # type: ignore[no-untyped-def]
    return GAME.state_from_json(data)


def play(seat: int, *cards: str, suit: str | None = None) -> Action:
    from rules_core.kernel import Suit

    return Action(type="play", seat=seat, cards=parse_cards(cards), suit=Suit(suit) if suit else None)


def codes(outcome) -> set[str]:  # type: ignore[no-untyped-def]
    return {r.code for r in outcome.verdict.reasons}


def test_follow_suit_or_number() -> None:
    state = state_of(table([["3W", "10E", "KW", "5A"], ["2F", "4F"]], ["10W"]))
    assert GAME.resolve(state, play(0, "3W")).verdict.legal
    assert GAME.resolve(state, play(0, "10E")).verdict.legal


def test_follow_a_king_does_not_follow_a_ten() -> None:
    state = state_of(table([["KE", "3A"], ["2F", "4F"]], ["10W"]))
    outcome = GAME.resolve(state, play(0, "KE"))
    assert not outcome.verdict.legal and outcome.state is None
    assert "play_illegal" in codes(outcome)


def test_draw_one_card_then_turn_passes() -> None:
    state = state_of(table([["3A", "4A"], ["2F", "4F"], ["5E", "6E"]], ["10W"], draw=["9E", "KF"]))
    outcome = GAME.resolve(state, Action(type="draw", seat=0))
    assert outcome.verdict.legal and outcome.state is not None
    assert outcome.state.hands[0][-1] == parse_cards(["9E"])[0] and outcome.state.turn == 1
    # drawing is allowed even when a play exists (the player may choose not to play)
    playable = state_of(table([["3W", "4A"], ["2F", "4F"], ["5E", "6E"]], ["10W"]))
    assert GAME.resolve(playable, Action(type="draw", seat=0)).verdict.legal


def test_nine_reverses_direction() -> None:
    state = state_of(table([["9W", "4A"], ["2F", "4F"], ["5E", "6E"]], ["10W"]))
    after = GAME.resolve(state, play(0, "9W")).state
    assert after is not None and after.direction == -1 and after.turn == 2


def test_two_skips_after_pick_up() -> None:
    state = state_of(table([["2W", "4A"], ["2F", "4F"], ["5E", "6E"]], ["10W"]))
    after = GAME.resolve(state, play(0, "2W")).state
    assert after is not None and after.penalty is not None and after.turn == 1
    assert codes(GAME.resolve(after, Action(type="draw", seat=1))) == {"penalty_pending"}
    picked = GAME.resolve(after, Action(type="pick_up", seat=1)).state
    assert picked is not None and picked.turn == 2 and len(picked.hands[1]) == 4


def test_pick_up_without_penalty_is_refused() -> None:
    state = state_of(table([["2W", "4A"], ["2F", "4F"]], ["10W"]))
    assert codes(GAME.resolve(state, Action(type="pick_up", seat=0))) == {"no_penalty"}


def test_win_by_playing_last_card() -> None:
    state = state_of(table([["3W"], ["2F", "4F"]], ["10W"]))
    outcome = GAME.resolve(state, play(0, "3W"))
    assert outcome.state is not None and outcome.state.status == "over" and outcome.state.winner == 0
    assert {r.code for r in outcome.verdict.reasons} >= {"went_out"}
    assert GAME.legal_actions(outcome.state).total_entries == 0


def test_only_the_top_cards_power_fires() -> None:
    """A 2 buried under an addition makes nobody draw."""
    state = state_of(table([["2F", "8F", "4A"], ["2E", "4E"], ["5E", "6E"]], ["10W"]))
    after = GAME.resolve(state, play(0, "2F", "8F", suit="E")).state
    assert after is not None and after.penalty is None and after.suit is not None


def test_not_your_turn_and_no_such_seat() -> None:
    state = state_of(table([["3W", "4A"], ["3E", "4F"]], ["10W"]))
    assert codes(GAME.resolve(state, play(1, "3E"))) == {"not_your_turn"}
    assert codes(GAME.resolve(state, Action(type="draw", seat=3))) == {"no_such_seat"}


def test_unexpected_fields_are_refused() -> None:
    state = state_of(table([["3W", "4A"], ["3E", "4F"]], ["10W"]))
    outcome = GAME.resolve(state, Action(type="draw", seat=0, cards=parse_cards(["3W"])))
    assert codes(outcome) == {"unexpected_field"}
    assert codes(GAME.resolve(state, play(0, "3W", suit="F"))) == {"suit_unused"}


def test_card_not_in_hand_and_repeated() -> None:
    state = state_of(table([["3W", "4A"], ["3E", "4F"]], ["10W"]))
    assert codes(GAME.resolve(state, play(0, "3E"))) == {"card_not_in_hand"}
    assert "card_repeated" in codes(GAME.resolve(state, play(0, "3W", "3W")))


def test_draw_pile_runs_out_reshuffles_all_but_the_top() -> None:
    data = table([["3A", "4A"], ["2F", "4F"]], ["10W"], draw=[])
    state = state_of(data)
    outcome = GAME.resolve(state, Action(type="draw", seat=0))
    after = outcome.state
    assert after is not None and after.shuffles == 1 and after.discard_pile == parse_cards(["10W"])
    assert any(e.name == "PileReshuffled" for e in outcome.verdict.effects)
    again = GAME.resolve(state, Action(type="draw", seat=0)).state
    assert again == after  # seeded: the same state reshuffles the same way


def test_draw_pile_out_take_what_is_left() -> None:
    data = table(
        [["3A", "4A"], ["2F", "4F"]], ["10W"], draw=[], options={"draw_pile_out": "take_what_is_left"}
    )
    after = GAME.resolve(state_of(data), Action(type="draw", seat=0)).state
    assert after is not None and len(after.hands[0]) == 2 and after.turn == 1


def test_a_shaman_read_by_the_matcher_leaves_the_state_of_the_declared_play() -> None:
    # SH1 + AA on 10A: only SH1 as 9A adds up, so the play needs no declaration; the take-back
    # then records the play as adjudicated, and both writings reach the very same state.
    from dataclasses import replace

    state = state_of(table([["SH1", "AA", "6E"], ["2F", "4F"]], ["10A"]))
    bare = play(0, "SH1", "AA")
    declared = replace(bare, declare=((parse_cards(["SH1"])[0], parse_cards(["9A"])[0]),))
    read, written = GAME.resolve(state, bare), GAME.resolve(state, declared)
    assert read.verdict.legal and written.verdict.legal
    assert read.state is not None and written.state is not None
    assert GAME.state_to_json(read.state) == GAME.state_to_json(written.state)
    assert GAME.state_to_json(read.state)["take_back"][-1]["declare"] == {"SH1": "9A"}
