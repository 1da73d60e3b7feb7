"""The opening card: the dealer is its player (8, Jack, 9, 2, Queen of Water, Shaman)."""

from __future__ import annotations

from dataclasses import replace

from rules_core.games.dabong import GAME
from rules_core.kernel import DABONG_55, Action, Card, Suit, parse_card, parse_cards


def deal_with(opening: str, seats: int = 3, then: tuple[str, ...] = (), first: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    """Deal so that ``opening`` is turned up and ``then`` follows it on the draw pile."""
    special = [parse_card(opening), *parse_cards(then)]
    front = list(parse_cards(first))
    rest = [c for c in DABONG_55.cards if c not in special and c not in front]
    dealt = front + rest[: seats * 8 - len(front)]
    order = dealt + special + rest[seats * 8 - len(front) :]
    return GAME.deal(seats=seats, options=None, seed=3, deck_order=tuple(order))


def codes(outcome) -> set[str]:  # type: ignore[no-untyped-def]
    return {r.code for r in outcome.verdict.reasons}


def test_deal_order_round_robin_from_left_of_dealer() -> None:
    order = DABONG_55.cards
    state = GAME.deal(seats=3, options=None, seed=0, deck_order=order)
    assert state.dealer == 2
    assert state.hands[0][:2] == (order[0], order[3]) and state.hands[1][0] == order[1]
    assert state.top == order[24] and state.draw_pile[0] == order[25]


def test_plain_opening_card_left_of_dealer_starts() -> None:
    state = deal_with("5F")
    assert state.status == "playing" and state.turn == 0 and state.top_seat == 2


def test_opening_eight_dealer_chooses_suit() -> None:
    state = deal_with("8F")
    assert state.status == "opening" and state.turn == 2
    assert codes(GAME.resolve(state, Action(type="draw", seat=0))) == {"opening_pending"}
    outcome = GAME.resolve(state, Action(type="declare_opening", seat=2, suit=Suit.WATER))
    assert outcome.state is not None and outcome.state.suit is Suit.WATER and outcome.state.turn == 0
    assert codes(GAME.resolve(state, Action(type="declare_opening", seat=2))) == {"opening_needs"}


def test_opening_jack_dealer_declares_one_of_its_suits_and_left_is_skipped() -> None:
    state = deal_with("JE")
    outcome = GAME.resolve(state, Action(type="declare_opening", seat=2, suit=Suit.FIRE))
    assert outcome.state is not None and outcome.state.turn == 1 and outcome.state.suit is Suit.FIRE
    bad = GAME.resolve(state, Action(type="declare_opening", seat=2, suit=Suit.WATER))
    assert codes(bad) == {"suit_not_allowed"}


def test_opening_nine_dealer_goes_first_play_goes_right() -> None:
    state = deal_with("9W")
    assert state.status == "playing" and state.turn == 2 and state.direction == -1
    after = GAME.resolve(state, Action(type="draw", seat=2)).state
    assert after is not None and after.turn == 1


def test_opening_two_left_of_dealer_draws_two_and_is_skipped() -> None:
    state = deal_with("2A")
    assert state.turn == 0 and state.penalty is not None and state.penalty.skip
    after = GAME.resolve(state, Action(type="pick_up", seat=0)).state
    assert after is not None and after.turn == 1 and len(after.hands[0]) == 10


def test_opening_queen_of_water_left_of_dealer_draws_two_not_skipped() -> None:
    state = deal_with("QW")
    after = GAME.resolve(state, Action(type="pick_up", seat=0)).state
    assert after is not None and after.turn == 0 and len(after.hands[0]) == 10


def test_dealer_cannot_claim_natural_on_the_opening_card() -> None:
    """The dealer counts as the player of the opening card: J + 3 on an opening King is no dabong!."""
    options = replace(GAME.presets["beginner"], hand_size=2)
    special = [parse_card("KW")]
    front = list(parse_cards(["5A", "JE", "8A", "3F"]))
    rest = [c for c in DABONG_55.cards if c not in special and c not in front]
    state = GAME.deal(seats=2, options=options, seed=0, deck_order=tuple(front + special + rest))
    assert state.dealer == 1 and set(state.hands[1]) == set(parse_cards(["JE", "3F"]))
    assert codes(GAME.resolve(state, Action(type="claim_natural", seat=1))) == {"natural_own_card"}
    other = replace(state, hands=(state.hands[1], state.hands[0]))
    assert GAME.resolve(other, Action(type="claim_natural", seat=0)).verdict.legal


def test_opening_shaman_declared_with_its_powers() -> None:
    state = deal_with("SH2")
    assert state.status == "opening"
    declare = ((Card(None, None, 2), parse_card("2F")),)
    after = GAME.resolve(state, Action(type="declare_opening", seat=2, declare=declare)).state
    assert after is not None and after.penalty is not None and after.turn == 0
    needs = GAME.resolve(state, Action(type="declare_opening", seat=2))
    assert not needs.verdict.legal and needs.verdict.needs


def test_opening_shaman_taken_dealer_buries_a_card_and_turns_a_new_one() -> None:
    state = deal_with("SH2", then=("6E",))
    bury = state.hands[2][0]
    outcome = GAME.resolve(state, Action(type="take_opening_shaman", seat=2, top=bury))
    after = outcome.state
    assert after is not None and after.status == "playing"
    assert Card(None, None, 2) in after.hands[2] and bury not in after.hands[2]
    assert after.draw_pile[-1] == bury and after.top == parse_card("6E")
    assert codes(
        GAME.resolve(state, Action(type="take_opening_shaman", seat=2, top=Card(None, None, 2)))
    ) == {"bury_the_shaman"}
    assert codes(GAME.resolve(state, Action(type="take_opening_shaman", seat=2, top=state.hands[0][0]))) == {
        "bury_not_in_hand"
    }
