"""Carrying out ordinary-turn actions: playing, drawing, taking a two's cards, ending a turn."""

from __future__ import annotations

from ...kernel import (
    Card,
    CardsPlayed,
    DirectionReversed,
    Effect,
    Rank,
    Reason,
    Suit,
    SuitDeclared,
    TurnSkipped,
)
from . import reasons as R
from .effects import ObligationPassed
from .flow import discard_check_order, draw_one, drawer_check, end_round, give, pass_turn, start_check
from .options import DRAW_ONE_ENDS_TURN, DRAW_UNTIL_PLAYABLE, EIGHT_CHOSEN_SUIT, EIGHT_ORDINARY, TWO_DOUBLES
from .state import CheckKind, DobonState, Resume, Step, evolve
from .values import suit_of

Result = tuple[DobonState, list[Effect]]


def wild(state: DobonState, card: Card) -> bool:
    return card.rank is Rank.EIGHT and state.options.eight != EIGHT_ORDINARY


def fits_top(state: DobonState, card: Card) -> bool:
    """Whether ``card`` may be laid on the pile as an ordinary single play (no two pending)."""
    return wild(state, card) or card.suit == state.active_suit or card.rank == state.top.rank


def fit_reason(state: DobonState, card: Card) -> Reason | None:
    """Why ``card`` fits now as the first (or only) card of a play, or None."""
    if state.step is Step.ANSWER_TWO:
        return R.FOLLOWS_RANK(card=card, top=state.top) if card.rank is Rank.TWO else None
    if wild(state, card):
        return R.WILD_EIGHT()
    if card.suit == state.active_suit:
        return R.FOLLOWS_SUIT(card=card, suit=state.active_suit.value)
    if card.rank == state.top.rank:
        return R.FOLLOWS_RANK(card=card, top=state.top)
    return None


def grown_obligation(state: DobonState) -> int:
    if state.obligation == 0:
        return 2
    return state.obligation * 2 if state.options.two_growth == TWO_DOUBLES else state.obligation + 2


def apply_play(state: DobonState, seat: int, cards: tuple[Card, ...], suit: Suit | None) -> Result:
    opts = state.options
    hand = list(state.hands[seat])
    for card in cards:
        hand.remove(card)
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    top = cards[-1]
    chosen = suit if top.rank is Rank.EIGHT and opts.eight == EIGHT_CHOSEN_SUIT else None
    rule = "dobon.queen.bundle" if len(cards) > 1 else "dobon.turn.match"
    effects: list[Effect] = [CardsPlayed(rule_id=rule, seat=seat, cards=cards)]
    if chosen is not None:
        effects.append(SuitDeclared(rule_id="dobon.eight", seat=seat, suit=chosen))
    grown = grown_obligation(state)
    reverses = top.rank is Rank.JACK and opts.jack_reverses
    passes_two = bool(hand) and top.rank is Rank.TWO
    # One copy of the state for the whole play (the check below makes the second).
    state = evolve(
        state,
        hands=tuple(hands),
        discard_pile=state.discard_pile + cards,
        top_owner=seat,
        active_suit=chosen or suit_of(top),
        drawn=None,
        obligation=grown if passes_two else 0,
        direction=-state.direction if reverses else state.direction,
    )
    if reverses:
        effects.append(DirectionReversed(rule_id="dobon.jack", direction=state.direction))
    if not hand:
        resume = Resume(seat=seat, step=Step.FINISH)
    elif passes_two:
        target = state.after(seat)
        effects.append(ObligationPassed(rule_id="dobon.two", seat=target, count=grown))
        resume = Resume(seat=target, step=Step.ANSWER_TWO)
    elif top.rank is Rank.ACE and opts.ace_skips:
        effects.append(TurnSkipped(rule_id="dobon.ace", seat=state.after(seat)))
        resume = Resume(seat=state.after(seat, 2), step=Step.TURN)
    else:
        resume = Resume(seat=state.after(seat), step=Step.TURN)
    state, more = start_check(state, CheckKind.DISCARD, discard_check_order(state, seat), resume)
    return state, effects + more


def _take(
    state: DobonState, seat: int, count: int, rule: str, until_fit: bool
) -> tuple[DobonState, list[Effect], bool]:
    """Draw ``count`` cards (or, with ``until_fit``, until one fits) into ``seat``'s hand.

    The third value is False when the stock and the recyclable discards ran out first.
    """
    effects: list[Effect] = []
    taken: list[Card] = []
    complete = True
    while until_fit or len(taken) < count:
        state, card = draw_one(state, effects)
        if card is None:
            complete = False
            break
        taken.append(card)
        if until_fit and fits_top(state, card):
            break
    if taken:
        state = give(state, seat, tuple(taken), rule, effects)
    return state, effects, complete


def apply_draw(state: DobonState, seat: int) -> Result:
    mode = state.options.drawing
    until = mode == DRAW_UNTIL_PLAYABLE
    rule = "dobon.draw.until_playable" if until else "dobon.draw"
    state, effects, complete = _take(state, seat, 1, rule, until)
    if not complete:
        return end_round(state, None, "stock_exhausted", effects), effects
    if mode == DRAW_ONE_ENDS_TURN:
        resume = Resume(seat=state.after(seat), step=Step.TURN)
    else:
        state = evolve(state, drawn=state.hands[seat][-1])
        resume = Resume(seat=seat, step=Step.DRAWN)
    state, more = drawer_check(state, seat, resume)
    return state, effects + more


def apply_take(state: DobonState, seat: int) -> Result:
    state, effects, complete = _take(state, seat, state.obligation, "dobon.two", False)
    state = evolve(state, obligation=0)
    if not complete:
        return end_round(state, None, "stock_exhausted", effects), effects
    nxt = state.after(seat) if state.options.penalty_ends_turn else seat
    state, more = drawer_check(state, seat, Resume(seat=nxt, step=Step.TURN))
    return state, effects + more


def apply_end_turn(state: DobonState, seat: int) -> Result:
    effects: list[Effect] = []
    return pass_turn(state, seat, effects), effects
