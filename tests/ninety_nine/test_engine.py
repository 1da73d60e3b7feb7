"""The turn, the Count, elimination and the Death Card, rule by rule (core, no web)."""

from __future__ import annotations

import dataclasses

from rules_core.games.ninety_nine import GAME, NinetyNineOptions, Status
from rules_core.kernel import Action, Suit, parse_card

from .tables import RUN_OUT_PILE, deck_order, load, position, run_out_state


def play(state, seat, card, **extra):  # type: ignore[no-untyped-def]
    return GAME.resolve(state, Action(type="play", seat=seat, cards=(parse_card(card),), **extra))


def codes(outcome):  # type: ignore[no-untyped-def]
    return [reason.code for reason in outcome.verdict.reasons]


def effect_names(outcome):  # type: ignore[no-untyped-def]
    return [effect.name for effect in outcome.verdict.effects]


def effects_of(outcome, name):  # type: ignore[no-untyped-def]
    return [e for e in outcome.verdict.effects if e.name == name]


HANDS_3 = [["5H", "KD", "9S", "2C"], ["7D", "3H", "JC", "4S"], ["AH", "10S", "6D", "8C"]]


def test_99_turn_play_one_card_add_its_value_and_draw_one() -> None:
    state = GAME.deal(
        seats=3, options=NinetyNineOptions(), seed=1, deck_order=tuple(deck_order(HANDS_3, ["QH"]))
    )
    outcome = play(state, 0, "5H")
    assert outcome.verdict.legal and codes(outcome) == ["adds_value"]
    after = outcome.state
    assert after.count == 5 and after.turn == 1 and after.move == 1
    assert [str(c) for c in after.hands[0]] == ["KD", "9S", "2C", "QH"]
    assert [str(c) for c in after.play_pile] == ["5H"]
    assert effect_names(outcome) == ["CardsPlayed", "CountChanged", "CardsDrawn", "TurnPassed"]


def test_99_values_ace_one_faces_ten_numbers_face_value() -> None:
    for card, value in [("AH", 1), ("2S", 2), ("7C", 7), ("10D", 10), ("JH", 10), ("QD", 10), ("QS", 10)]:
        state = load(position([[card, "3C", "4C", "5C"], ["6C", "7H", "8H", "9H"]], ["KH", "10C"], count=89))
        outcome = play(state, 0, card)
        assert outcome.verdict.legal, card
        assert outcome.state.count == 89 + value, card


def test_99_king_sets_the_count_to_99() -> None:
    state = load(position([["KD", "3C", "4C", "5C"], ["6C", "7H", "8H", "9H"]], ["4D"], count=4))
    outcome = play(state, 0, "KD")
    assert outcome.state.count == 99 and codes(outcome) == ["king_sets_99"]


def test_99_king_holds_99() -> None:
    state = load(position([["KD", "3C", "4C", "5C"], ["6C", "2H", "8H", "9H"]], ["KH"], count=99))
    outcome = play(state, 0, "KD")
    assert outcome.state.count == 99 and codes(outcome) == ["king_holds_99"]


def test_99_queen_of_spades_below_99_is_just_ten() -> None:
    state = load(position([["QS", "3C", "4C", "5C"], ["6C", "2H", "8H", "9H"]], ["5D"], count=5))
    assert codes(play(state, 1, "QS")) == ["not_your_turn", "card_not_in_hand"]
    outcome = play(state, 0, "QS")
    assert outcome.state.count == 15 and "DeathCardPlayed" not in effect_names(outcome)


def test_99_forced_play_card_over_99_is_illegal_but_exactly_99_is_fine() -> None:
    state = load(position([["10D", "9C", "4C", "5C"], ["6C", "2H", "8H", "9H"]], ["KH", "10C"], count=89))
    pushed = load(
        position([["10D", "9C", "4C", "5C"], ["6C", "2H", "8H", "9H"]], ["KH", "10C", "2D"], count=91)
    )
    assert play(state, 0, "10D").state.count == 99
    outcome = play(pushed, 0, "10D")
    assert not outcome.verdict.legal and codes(outcome) == ["over_99"]
    assert outcome.verdict.reasons[0].rule_id == "99.forced_play"
    assert play(pushed, 0, "5C").verdict.legal


def test_99_threshold_pass_drop_and_the_unplayable() -> None:
    hands = [["2D", "9C", "10H", "JC"], ["6C", "2H", "8H", "9H"]]
    state = load(position(hands, ["KH"], count=99))
    assert play(state, 0, "2D").state.count == 99 and codes(play(state, 0, "2D")) == ["pass_at_99"]
    assert play(state, 0, "9C").state.count == 99
    drop = play(state, 0, "10H")
    assert drop.state.count == 89 and codes(drop) == ["drop_to_89"]
    refused = play(state, 0, "JC")
    assert codes(refused) == ["not_playable_at_99"] and refused.verdict.reasons[0].rule_id == "99.threshold"


def test_99_below_99_the_special_cards_are_just_numbers() -> None:
    state = load(position([["2D", "9C", "10H", "JC"], ["6C", "2H", "8H", "9H"]], ["KH", "10C"], count=89))
    assert play(state, 0, "9C").state.count == 98
    assert play(state, 0, "2D").state.count == 91


def test_99_illegal_actions_say_every_reason() -> None:
    state = load(position([["2D", "9C", "10H", "JC"], ["6C", "2H", "8H", "9H"]], ["KH"], count=99))
    assert codes(play(state, 1, "2H")) == ["not_your_turn"]
    assert codes(play(state, 0, "6C")) == ["card_not_in_hand"]
    both = play(state, 1, "2H", suit=Suit.HEARTS)
    assert codes(both) == ["unexpected_field", "not_your_turn"]
    assert codes(GAME.resolve(state, Action(type="play", seat=0, cards=()))) == ["play_one_card"]
    two = Action(type="play", seat=0, cards=(parse_card("2D"), parse_card("9C")))
    assert codes(GAME.resolve(state, two)) == ["play_one_card"]
    assert codes(play(state, 5, "2D")) == ["no_such_seat"]
    for outcome in (play(state, 1, "2H"), play(state, 0, "JC")):
        assert outcome.state is None


def test_99_elimination_is_automatic_when_the_turn_reaches_a_seat_with_no_playable_card() -> None:
    hands = [["2D", "3C", "4C", "5C"], ["6C", "7H", "8H", "JH"], ["KS", "3H", "4H", "5H"]]
    state = load(position(hands, ["KH", "10C"], count=89))
    outcome = play(state, 0, "5C")  # 94: seat 1 holds only 6 and more
    out = effects_of(outcome, "PlayerEliminated")
    assert [(e.seat, e.reason) for e in out] == [(1, "no_playable_card")]
    assert outcome.state.eliminated == (1,) and outcome.state.turn == 2
    assert [len(h) for h in outcome.state.hands] == [4, 4, 4]
    assert codes(play(outcome.state, 1, "6C")) == ["seat_out"]


def test_99_elimination_cascades_and_the_last_player_standing_wins() -> None:
    hands = [["KD", "3C", "4C", "5C"], ["6C", "7H", "8H", "JH"], ["3S", "3H", "4H", "5H"]]
    state = load(position(hands, ["10C"], count=10))
    outcome = play(state, 0, "KD")
    out = [e.seat for e in effects_of(outcome, "PlayerEliminated")]
    assert out == [1, 2]
    final = outcome.state
    assert final.status is Status.OVER and final.winner == 0 and final.turn is None
    won = effects_of(outcome, "RoundWon")
    assert [(e.seat, e.rule_id) for e in won] == [(0, "99.win")]
    assert GAME.legal_actions(final).entries == () and codes(play(final, 0, "3C")) == ["game_over"]


DEATH_HANDS = [["QS", "3C", "4C", "5C"], ["6C", "7H", "8H", "JH"], ["2S", "3H", "4H", "5H"]]


def test_99_death_card_without_the_shield_knocks_the_target_out_and_play_goes_on_after_it() -> None:
    state = load(position(DEATH_HANDS, ["KH"], count=99, draw=None))
    outcome = play(state, 0, "QS")
    assert codes(outcome) == ["death_card"]
    assert [(e.seat, e.target) for e in effects_of(outcome, "DeathCardPlayed")] == [(0, 1)]
    assert [(e.seat, e.reason) for e in effects_of(outcome, "PlayerEliminated")] == [(1, "death_card")]
    after = outcome.state
    assert after.count == 99 and after.turn == 2 and after.eliminated == (1,)
    assert len(after.hands[0]) == 4  # the attacker drew


def test_99_death_card_with_the_shield_the_target_must_play_the_ace_of_diamonds() -> None:
    hands = [["QS", "3C", "4C", "5C"], ["AD", "7H", "8H", "2H"], ["2S", "3H", "4H", "5H"]]
    state = load(position(hands, ["KH"], count=99))
    pending = play(state, 0, "QS").state
    assert pending.status is Status.DEATH_CARD and pending.turn == 1 and pending.attacker == 0
    listed = [str(e.action.cards[0]) for e in GAME.legal_actions(pending).entries]
    assert listed == ["AD"]
    assert codes(play(pending, 1, "2H")) == ["must_shield"]
    shielded = play(pending, 1, "AD")
    assert codes(shielded) == ["shield"]
    blown = effects_of(shielded, "DeathCardShielded")
    assert [(e.seat, e.attacker, e.blowback) for e in blown] == [(1, 0, True)]
    assert [(e.seat, e.reason) for e in effects_of(shielded, "PlayerEliminated")] == [(0, "blowback")]
    after = shielded.state
    assert after.count == 99 and after.turn == 2 and after.status is Status.PLAYING
    assert [len(h) for h in after.hands] == [4, 4, 4]


def test_99_death_card_attacks_the_next_live_player_skipping_the_eliminated() -> None:
    hands = [
        ["QS", "3C", "4C", "5C"],
        ["6C", "7H", "8H", "JH"],
        ["AD", "3H", "4H", "2H"],
        ["2S", "3S", "4S", "5S"],
    ]
    state = load(position(hands, ["KH", "2D"], count=99, eliminated=(1,)))
    outcome = play(state, 0, "QS")
    assert [e.target for e in effects_of(outcome, "DeathCardPlayed")] == [2]
    assert outcome.state.turn == 2


def test_99_two_player_game_has_no_blowback_and_the_attacker_plays_again() -> None:
    hands = [["QS", "3C", "2C", "5C"], ["AD", "7H", "8H", "JH"]]
    state = load(position(hands, ["KH"], count=99))
    shielded = play(play(state, 0, "QS").state, 1, "AD")
    assert [e.blowback for e in effects_of(shielded, "DeathCardShielded")] == [False]
    assert shielded.state.eliminated == () and shielded.state.turn == 0 and shielded.state.count == 99


def test_99_two_player_blowback_option() -> None:
    options = NinetyNineOptions(two_player_blowback=True)
    hands = [["QS", "3C", "2C", "5C"], ["AD", "7H", "8H", "JH"]]
    state = load(position(hands, ["KH"], count=99, options=options))
    shielded = play(play(state, 0, "QS").state, 1, "AD")
    assert shielded.state.status is Status.OVER and shielded.state.winner == 1


def test_99_a_shrunk_game_of_two_keeps_blowback() -> None:
    hands = [["QS", "3C", "2C", "5C"], ["AD", "7H", "8H", "JH"], ["6S", "7S", "8S", "JS"]]
    state = load(position(hands, ["KH"], count=99, eliminated=(2,)))
    shielded = play(play(state, 0, "QS").state, 1, "AD")
    assert shielded.state.status is Status.OVER and shielded.state.winner == 1
    keep = dataclasses.replace(state, options=NinetyNineOptions(shrunk_game_blowback=False))
    spared = play(play(keep, 0, "QS").state, 1, "AD")
    assert spared.state.eliminated == (2,) and spared.state.turn == 0


def test_99_two_player_death_card_without_shield_wins() -> None:
    hands = [["QS", "3C", "2C", "5C"], ["9D", "7H", "8H", "JH"]]
    outcome = play(load(position(hands, ["KH"], count=99)), 0, "QS")
    assert outcome.state.status is Status.OVER and outcome.state.winner == 0


def test_99_reshuffle_the_whole_play_pile_when_the_draw_pile_runs_out_count_kept() -> None:
    state = load(run_out_state())
    card = str(state.hands[0][0])
    first = play(state, 0, card)
    assert first.verdict.legal
    (shuffle,) = effects_of(first, "PileReshuffled")
    assert shuffle.shuffle_number == 2 and shuffle.count == 21 and shuffle.rule_id == "99.reshuffle"
    after = first.state
    assert after.count == 89 + int(card[:-1]) and after.count_base == after.count and after.play_pile == ()
    assert after.shuffles == 3 and len(after.draw_pile) == 20
    assert sorted(map(str, (*after.draw_pile, after.hands[0][-1]))) == sorted([*RUN_OUT_PILE, card])
    assert GAME.state_from_json(GAME.state_to_json(after)) == after


def test_99_reshuffle_is_reproducible_from_the_state() -> None:
    state = load(run_out_state())
    card = str(state.hands[0][0])
    assert play(state, 0, card).state == play(load(run_out_state()), 0, card).state
    other = play(load(run_out_state(seed=8)), 0, card).state
    assert other.draw_pile != play(state, 0, card).state.draw_pile


def test_99_the_attacker_draws_even_when_blowback_knocks_it_out() -> None:
    hands = [["QS", "3C", "4C", "5C"], ["AD", "7H", "8H", "2H"], ["2S", "3H", "4H", "5H"]]
    state = load(position(hands, ["KH"], count=99))
    attack = play(state, 0, "QS")
    drawn = effects_of(attack, "CardsDrawn")
    assert [(e.seat, e.rule_id) for e in drawn] == [(0, "99.death_card.draw")]
    final = play(attack.state, 1, "AD").state
    assert 0 in final.eliminated and len(final.hands[0]) == 4


def test_99_the_seat_after_a_blowback_can_be_knocked_out_in_turn() -> None:
    hands = [
        ["QS", "3C", "4C", "5C"],
        ["AD", "7H", "8H", "2H"],
        ["6S", "3H", "4H", "5H"],
        ["9S", "JS", "4S", "5S"],
    ]
    state = load(position(hands, ["KH"], count=99))
    outcome = play(play(state, 0, "QS").state, 1, "AD")
    out = [(e.seat, e.reason) for e in effects_of(outcome, "PlayerEliminated")]
    assert out == [(0, "blowback"), (2, "no_playable_card")]
    assert outcome.state.turn == 3
