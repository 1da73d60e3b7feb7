"""Out-of-turn actions: natural dabong!, one card, take-backs (unwinding), trading."""

from __future__ import annotations

from rules_core.games.dabong import GAME
from rules_core.kernel import Action, Card, parse_cards

from .tables import table


def state_of(data):  # type: ignore[no-untyped-def]
    return GAME.state_from_json(data)


def codes(outcome) -> set[str]:  # type: ignore[no-untyped-def]
    return {r.code for r in outcome.verdict.reasons}


def play(seat: int, *cards: str) -> Action:
    return Action(type="play", seat=seat, cards=parse_cards(cards))


SH1 = Card(None, None, 1)


# -- natural dabong! --------------------------------------------------------------------
def test_natural_out_of_turn_wins() -> None:
    state = state_of(table([["5W", "6W"], ["JE", "3A"], ["9F", "7F"]], ["KW"], turn=2, top_seat=0))
    outcome = GAME.resolve(state, Action(type="claim_natural", seat=1))
    assert outcome.state is not None and outcome.state.winner == 1 and outcome.state.status == "over"


def test_natural_not_on_own_card() -> None:
    state = state_of(table([["JE", "3A"], ["5W", "6W"]], ["KW"], turn=1, top_seat=0))
    assert codes(GAME.resolve(state, Action(type="claim_natural", seat=0))) == {"natural_own_card"}


def test_natural_needs_two_cards() -> None:
    state = state_of(table([["AW"], ["5W", "6W"]], ["AE"], turn=1, top_seat=1))
    assert codes(GAME.resolve(state, Action(type="claim_natural", seat=0))) == {"natural_too_few_cards"}


def test_natural_values_ace_one_in_hand_fourteen_on_pile() -> None:
    state = state_of(table([["AW", "KW", "3F"], ["5W", "6W"]], ["AE"], turn=1, top_seat=1))
    assert GAME.resolve(state, Action(type="claim_natural", seat=0)).verdict.legal  # 1 + 10 + 3 = 14


def test_natural_several_shamans_value_is_their_total() -> None:
    state = state_of(table([["SH1", "SH2", "2F"], ["5W", "6W"]], ["KE"], turn=1, top_seat=1))
    assert GAME.resolve(state, Action(type="claim_natural", seat=0, value=11)).verdict.legal
    assert codes(GAME.resolve(state, Action(type="claim_natural", seat=0, value=1))) == {
        "natural_value_out_of_range"
    }
    missing = GAME.resolve(state, Action(type="claim_natural", seat=0))
    assert codes(missing) == {"natural_needs_value"} and missing.verdict.needs == ("value",)
    plain = state_of(table([["JE", "3A"], ["5W", "6W"]], ["KW"], turn=1, top_seat=1))
    assert codes(GAME.resolve(plain, Action(type="claim_natural", seat=0, value=3))) == {"unexpected_field"}


# -- one card ---------------------------------------------------------------------------
def test_one_card_caught_before_announcing_draws_one() -> None:
    state = state_of(table([["3W", "5A"], ["2F", "4F"], ["6E", "7E"]], ["10W"]))
    after = GAME.resolve(state, play(0, "3W")).state
    assert after is not None and len(after.hands[0]) == 1
    ask = Action(type="ask_card_count", seat=2, params=(("target", 0),))
    caught = GAME.resolve(after, ask).state
    assert caught is not None and len(caught.hands[0]) == 2
    announced = GAME.resolve(after, Action(type="announce_one_card", seat=0)).state
    assert announced is not None and announced.announced == (0,)
    assert codes(GAME.resolve(announced, ask)) == {"nothing_to_catch"}
    assert codes(GAME.resolve(announced, Action(type="announce_one_card", seat=0))) == {"already_announced"}
    assert codes(GAME.resolve(state, Action(type="announce_one_card", seat=0))) == {"not_one_card"}
    assert codes(GAME.resolve(after, Action(type="ask_card_count", seat=0, params=(("target", 0),)))) == {
        "ask_self"
    }


# -- take-backs -------------------------------------------------------------------------
def test_take_back_restores_everything_the_play_caused() -> None:
    state = state_of(table([["2W", "5A"], ["2F", "4F"], ["6E", "7E"]], ["10W"]))
    after = GAME.resolve(state, play(0, "2W")).state
    assert after is not None and after.penalty is not None
    back = GAME.resolve(after, Action(type="take_back", seat=0)).state
    assert back is not None
    assert GAME.state_to_json(back) == {**GAME.state_to_json(state), "move": 2}
    assert codes(GAME.resolve(after, Action(type="take_back", seat=1))) == {"not_your_play"}


def test_take_back_cascades_backwards() -> None:
    state = state_of(table([["3W", "5A"], ["4W", "4F"], ["6E", "7E"]], ["10W"]))
    s1 = GAME.resolve(state, play(0, "3W")).state
    assert s1 is not None
    s2 = GAME.resolve(s1, play(1, "4W")).state
    assert s2 is not None
    assert codes(GAME.resolve(s2, Action(type="take_back", seat=0))) == {"not_your_play"}
    back1 = GAME.resolve(s2, Action(type="take_back", seat=1)).state
    assert back1 is not None and back1.turn == 1
    back0 = GAME.resolve(back1, Action(type="take_back", seat=0)).state
    assert back0 is not None and back0.turn == 0 and back0.hands == state.hands


def test_take_back_closed_once_the_next_seat_acts() -> None:
    state = state_of(table([["3W", "5A"], ["4W", "4F"], ["6E", "7E"]], ["10W"]))
    s1 = GAME.resolve(state, play(0, "3W")).state
    assert s1 is not None
    drew = GAME.resolve(s1, Action(type="draw", seat=1)).state
    assert drew is not None
    assert codes(GAME.resolve(drew, Action(type="take_back", seat=0))) == {"nothing_to_take_back"}


def test_take_back_state_round_trips_and_a_forged_one_is_refused() -> None:
    state = state_of(table([["3W", "5A"], ["4W", "4F"], ["6E", "7E"]], ["10W"]))
    s1 = GAME.resolve(state, play(0, "3W")).state
    assert s1 is not None
    data = GAME.state_to_json(s1)
    assert GAME.state_to_json(GAME.state_from_json(data)) == data
    data["take_back"][0]["cards"] = ["5A"]
    try:
        GAME.state_from_json(data)
    except ValueError as exc:
        assert "/take_back/0/cards" in str(exc)
    else:
        raise AssertionError("a take-back entry whose cards are not on the pile was accepted")


def test_a_winning_play_is_final() -> None:
    state = state_of(table([["3W"], ["4W", "4F"]], ["10W"]))
    after = GAME.resolve(state, play(0, "3W")).state
    assert after is not None and after.take_back == ()


# -- trading ----------------------------------------------------------------------------
def test_trade_by_agreement_any_counts() -> None:
    state = state_of(table([["3W", "5A", "6A"], ["4W", "4F"], ["6E", "7E"]], ["10W"], turn=1))
    trade = Action(type="trade", seat=0, cards=parse_cards(["3W", "5A", "4F"]), params=(("partner", 1),))
    after = GAME.resolve(state, trade).state
    assert after is not None
    assert set(after.hands[0]) == set(parse_cards(["6A", "4F"]))
    assert set(after.hands[1]) == set(parse_cards(["4W", "3W", "5A"]))


def test_trade_each_side_receives_a_card() -> None:
    state = state_of(table([["3W", "5A"], ["4W", "4F"], ["6E", "7E"]], ["10W"]))
    gift = Action(type="trade", seat=0, cards=parse_cards(["3W"]), params=(("partner", 1),))
    assert codes(GAME.resolve(state, gift)) == {"trade_one_sided"}
    third = Action(type="trade", seat=0, cards=parse_cards(["3W", "6E"]), params=(("partner", 1),))
    assert codes(GAME.resolve(state, third)) == {"trade_card_elsewhere"}
    alone = Action(type="trade", seat=0, cards=parse_cards(["3W", "4W"]), params=(("partner", 0),))
    assert codes(GAME.resolve(state, alone)) == {"trade_partner"}


def test_trade_effect_hides_cards_from_other_seats() -> None:
    state = state_of(table([["3W", "5A"], ["4W", "4F"], ["6E", "7E"]], ["10W"]))
    trade = Action(type="trade", seat=0, cards=parse_cards(["3W", "4W"]), params=(("partner", 1),))
    (effect,) = GAME.resolve(state, trade).verdict.effects
    assert effect.to_json(1)["gave"] == ["3W"] and "gave" not in effect.to_json(2)


def test_a_take_back_on_a_finished_game_is_an_impossible_state() -> None:
    state = state_of(table([["3W", "5A"], ["4W", "4F"]], ["10W"]))
    s1 = GAME.resolve(state, play(0, "3W")).state
    assert s1 is not None
    data = GAME.state_to_json(s1)
    data["options"]["unwinding"] = False
    try:
        GAME.state_from_json(data)
    except ValueError as exc:
        assert "/take_back" in str(exc)
    else:
        raise AssertionError("a take-back with unwinding off was accepted")


def test_asking_changes_nothing_when_no_card_is_left_to_draw() -> None:
    data = table(
        [["3W"], ["4W", "4F"], ["6E", "7E"]], ["10W"], draw=[], options={"draw_pile_out": "take_what_is_left"}
    )
    state = state_of(data)
    ask = Action(type="ask_card_count", seat=1, params=(("target", 0),))
    assert codes(GAME.resolve(state, ask)) == {"nothing_to_catch"}
    assert not [e for e in GAME.legal_actions(state).entries if e.action.type == "ask_card_count"]
