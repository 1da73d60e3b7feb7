"""Carrying out ordinary-turn actions: playing, drawing, taking a two's cards, ending a turn."""

from __future__ import annotations

from collections.abc import Callable

from ...kernel import (
    STANDARD_52,
    Card,
    CardsDrawn,
    CardsPlayed,
    DirectionReversed,
    Effect,
    Rank,
    Reason,
    Suit,
    SuitDeclared,
    TurnPassed,
    TurnSkipped,
    format_card,
    reason_with,
    slots_builder,
)
from . import reasons as R
from .effects import CheckStarted, ObligationPassed
from .flow import draw_one, drawer_check, end_round, give, pass_turn, start_check
from .options import DRAW_ONE_ENDS_TURN, DRAW_UNTIL_PLAYABLE, EIGHT_CHOSEN_SUIT, EIGHT_ORDINARY, TWO_DOUBLES
from .state import Check, CheckKind, DobonState, Resume, Status, Step, evolve, replacer
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
        return reason_with(R.FOLLOWS_SUIT, {"card": card, "suit": state.active_suit._value_})
    top = state.top
    if card.rank == top.rank:
        return reason_with(R.FOLLOWS_RANK, {"card": card, "top": top})
    return None


def grown_obligation(state: DobonState) -> int:
    if state.obligation == 0:
        return 2
    return state.obligation * 2 if state.options.two_growth == TWO_DOUBLES else state.obligation + 2


def apply_play(
    state: DobonState, seat: int, cards: tuple[Card, ...], suit: Suit | None, *, count: bool = False
) -> Result:
    """Lay ``cards`` and start the discard check; with ``count``, the action is counted too.

    ``count`` makes the one copy of the state that ``flow.count_action`` would make next
    (``move`` and ``round_move`` up by one) part of the play's own copy; the caller still
    settles the round's action limit (``flow.settle_limit``).
    """
    opts = state.options
    hand = list(state.hands[seat])
    for card in cards:
        hand.remove(card)
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    top = cards[-1]
    chosen = suit if top.rank is Rank.EIGHT and opts.eight == EIGHT_CHOSEN_SUIT else None
    effects: list[Effect] = [_played(seat, cards)]
    if chosen is not None:
        effects.append(SuitDeclared(rule_id="dobon.eight", seat=seat, suit=chosen))
    grown = grown_obligation(state)
    reverses = top.rank is Rank.JACK and opts.jack_reverses
    passes_two = bool(hand) and top.rank is Rank.TWO
    direction = -state.direction if reverses else state.direction
    if reverses:
        effects.append(DirectionReversed(rule_id="dobon.jack", direction=direction))
    seats = state.seats
    if not hand:
        resume = _new_resume(seat, Step.FINISH)
    elif passes_two:
        target = (seat + direction) % seats
        effects.append(ObligationPassed(rule_id="dobon.two", seat=target, count=grown))
        resume = _new_resume(target, Step.ANSWER_TWO)
    elif top.rank is Rank.ACE and opts.ace_skips:
        effects.append(TurnSkipped(rule_id="dobon.ace", seat=(seat + direction) % seats))
        resume = _new_resume((seat + direction * 2) % seats, Step.TURN)
    else:
        resume = _new_resume((seat + direction) % seats, Step.TURN)
    # Everyone but the discarder, starting after them in the (new) direction.
    asking = _DISCARD_ORDER.get((seats, direction, seat))
    if asking is None:
        asking = tuple((seat + direction * k) % seats for k in range(1, seats))
    if asking:
        # The play's copy and the check's in one (and the count's, with ``count``).
        effects.append(_new_check_started("dobon.check", _DISCARD, asking))
        state = _laid_and_asked(
            state,
            tuple(hands),
            state.discard_pile + cards,
            seat,
            chosen or suit_of(top),
            None,
            grown if passes_two else 0,
            direction,
            Status.CHECKING,
            asking[0],
            None,
            _new_check(CheckKind.DISCARD, asking, resume),
            state.move + 1 if count else state.move,
            state.round_move + 1 if count else state.round_move,
        )
        return state, effects
    state = evolve(
        state,
        hands=tuple(hands),
        discard_pile=state.discard_pile + cards,
        top_owner=seat,
        active_suit=chosen or suit_of(top),
        drawn=None,
        obligation=grown if passes_two else 0,
        direction=direction,
    )
    state, more = start_check(state, CheckKind.DISCARD, asking, resume)
    if count:
        state = evolve(state, move=state.move + 1, round_move=state.round_move + 1)
    return state, effects + more


_DISCARD = CheckKind.DISCARD.value
_DRAW = CheckKind.DRAW.value
_new_resume: Callable[[int, Step], Resume] = slots_builder(Resume, "seat", "step")
_new_check: Callable[..., Check] = slots_builder(Check, "kind", "asking", "resume")
_new_check_started: Callable[..., CheckStarted] = slots_builder(CheckStarted, "rule_id", "kind", "seats")
_new_cards_drawn: Callable[..., CardsDrawn] = slots_builder(CardsDrawn, "rule_id", "seat", "count", "cards")
_new_cards_played: Callable[..., CardsPlayed] = slots_builder(CardsPlayed, "rule_id", "seat", "cards")
#: Seats the prebuilt effects cover (a Dobon table has at most four).
_TABLE_SEATS = 4
#: The play of one card by each seat, built once at import (immutable), by card notation.
_PLAYED_ONE: tuple[dict[str, CardsPlayed], ...] = tuple(
    {format_card(c): _new_cards_played("dobon.turn.match", seat, (c,)) for c in STANDARD_52.cards}
    for seat in range(_TABLE_SEATS)
)


def _played(seat: int, cards: tuple[Card, ...]) -> CardsPlayed:
    if len(cards) > 1:
        return _new_cards_played("dobon.queen.bundle", seat, cards)
    if 0 <= seat < _TABLE_SEATS:
        found = _PLAYED_ONE[seat].get(cards[0]._text)  # type: ignore[arg-type]  # None: no notation
        if found is not None:
            return found
    return _new_cards_played("dobon.turn.match", seat, cards)


_drawn_and_asked = replacer(
    "draw_pile", "hands", "drawn", "status", "turn", "step", "check", "move", "round_move"
)
_laid_and_asked = replacer(
    "hands",
    "discard_pile",
    "top_owner",
    "active_suit",
    "drawn",
    "obligation",
    "direction",
    "status",
    "turn",
    "step",
    "check",
    "move",
    "round_move",
)


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


def apply_draw(state: DobonState, seat: int, *, count: bool = False) -> Result:
    """Draw (one card, or until one fits) and check the drawer; ``count`` as for ``apply_play``."""
    mode = state.options.drawing
    stock = state.draw_pile
    if mode != DRAW_UNTIL_PLAYABLE and stock:
        # One card off a stock that has one, in one copy of the state: what ``_take``,
        # ``drawer_check`` (and the count) below make of it, step for step.
        card = stock[0]
        hands = list(state.hands)
        hands[seat] = hands[seat] + (card,)
        effects: list[Effect] = [_new_cards_drawn("dobon.draw", seat, 1, (card,))]
        if mode == DRAW_ONE_ENDS_TURN:
            drawn = state.drawn
            resume = _new_resume((seat + state.direction) % state.seats, Step.TURN)
        else:
            drawn = card
            resume = _new_resume(seat, Step.DRAWN)
        if state.top_owner == seat:
            status, turn, step, check = Status.PLAYING, resume.seat, resume.step, None
        else:
            effects.append(_new_check_started("dobon.check", _DRAW, (seat,)))
            status, turn, step = Status.CHECKING, seat, None
            check = _new_check(CheckKind.DRAW, (seat,), resume)
        state = _drawn_and_asked(
            state,
            stock[1:],
            tuple(hands),
            drawn,
            status,
            turn,
            step,
            check,
            state.move + 1 if count else state.move,
            state.round_move + 1 if count else state.round_move,
        )
        return state, effects
    state, effects = _draw_in_steps(state, seat, mode)
    if count:
        state = evolve(state, move=state.move + 1, round_move=state.round_move + 1)
    return state, effects


def _draw_in_steps(state: DobonState, seat: int, mode: str) -> Result:
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


def apply_end_turn(state: DobonState, seat: int, *, count: bool = False) -> Result:
    """Keep the drawn card and pass the turn; ``count`` as for ``apply_play``."""
    if not count:
        effects: list[Effect] = []
        return pass_turn(state, seat, effects), effects
    # ``pass_turn`` and the count in one copy of the state.
    nxt = (seat + state.direction) % state.seats
    passed = _PASSED.get((seat, nxt))
    if passed is None:
        passed = TurnPassed(rule_id="dobon.turn.order", seat=seat, to_seat=nxt)
    state = _turn_passed(state, Status.PLAYING, nxt, Step.TURN, None, state.move + 1, state.round_move + 1)
    return state, [passed]


_turn_passed = replacer("status", "turn", "step", "drawn", "move", "round_move")
_PASSED: dict[tuple[int, int], TurnPassed] = {
    (seat, to): TurnPassed(rule_id="dobon.turn.order", seat=seat, to_seat=to)
    for seat in range(4)
    for to in range(4)
}
#: (seats, direction, discarder) -> the seats a discard check asks, in order.
_DISCARD_ORDER: dict[tuple[int, int, int], tuple[int, ...]] = {
    (seats, direction, seat): tuple((seat + direction * k) % seats for k in range(1, seats))
    for seats in (2, 3, 4)
    for direction in (1, -1)
    for seat in range(seats)
}
