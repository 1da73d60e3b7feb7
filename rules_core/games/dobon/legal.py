"""Every legal action, enumerated from the rules (not by trying ``engine.resolve``).

Stable order: claims (by the card put on top, in hand order; one entry stands for
every order of the claimed cards) then ``continue``
in a check; plays in hand order (an eight once per suit, in S H D C order),
queen bundles, then draw / take / end_turn on an ordinary turn; ``next_round``
for each seat between rounds.
"""

from __future__ import annotations

from itertools import permutations
from math import factorial

from ...kernel import STANDARD_SUITS, Action, Card, LegalEntry, Rank
from .options import EIGHT_CHOSEN_SUIT, EIGHT_ORDINARY
from .state import DobonState, Status, Step
from .values import VALUE


def _entry(action: Action, *patterns: str) -> LegalEntry:
    return LegalEntry(action=action, patterns=patterns)


def _check_entries(state: DobonState, seat: int) -> list[LegalEntry]:
    hand = state.hands[seat]
    out: list[LegalEntry] = []
    eligible = seat != state.top_owner and all(c.seat != seat for c in state.chain)
    assert state.top.rank is not None
    if eligible and hand and sum(VALUE[c.rank] for c in hand if c.rank) == VALUE[state.top.rank]:
        # The claimed cards may be named in any order: one entry stands for every order.
        orders = factorial(len(hand))
        note = "the whole hand, in any order" if orders > 1 else None
        tops: tuple[Card | None, ...] = tuple(hand) if state.options.returns else (None,)
        pattern = "dobon.claim.returns" if state.options.returns else "dobon.claim.total"
        for top in tops:
            action = Action(type="claim", seat=seat, cards=hand, top=top)
            out.append(LegalEntry(action=action, orderings=orders, note=note, patterns=(pattern,)))
    out.append(_entry(Action(type="continue", seat=seat), "dobon.check"))
    return out


def _singles(state: DobonState, seat: int, card: Card) -> list[LegalEntry]:
    """The play of one card, once per suit for an eight whose player chooses the suit."""
    if card.rank is Rank.EIGHT and state.options.eight == EIGHT_CHOSEN_SUIT:
        return [
            _entry(Action(type="play", seat=seat, cards=(card,), suit=s), "dobon.eight")
            for s in STANDARD_SUITS
        ]
    return [_entry(Action(type="play", seat=seat, cards=(card,)), "dobon.turn.match")]


def _playable_on_pile(state: DobonState, card: Card) -> bool:
    if card.rank is Rank.EIGHT and state.options.eight != EIGHT_ORDINARY:
        return True
    return card.rank == state.top.rank or card.suit == state.active_suit


def _turn_entries(state: DobonState, seat: int) -> list[LegalEntry]:
    hand = state.hands[seat]
    may_empty = state.options.empty_hand_wins
    out: list[LegalEntry] = []
    if state.step is Step.ANSWER_TWO:
        if len(hand) > 1 or may_empty:
            for card in hand:
                if card.rank is Rank.TWO:
                    out += _singles(state, seat, card)
        out.append(_entry(Action(type="take", seat=seat), "dobon.two"))
        return out
    if state.step is Step.DRAWN:
        drawn = state.drawn
        assert drawn is not None
        if _playable_on_pile(state, drawn):
            out += _singles(state, seat, drawn)
        out.append(_entry(Action(type="end_turn", seat=seat), "dobon.draw"))
        return out
    if len(hand) > 1 or may_empty:
        for card in hand:
            if _playable_on_pile(state, card):
                out += _singles(state, seat, card)
    if state.options.queen_bundles:
        queens = [c for c in hand if c.rank is Rank.QUEEN]
        longest = len(queens) if may_empty or len(queens) < len(hand) else len(queens) - 1
        for size in range(2, longest + 1):
            for order in permutations(queens, size):
                if order[0].suit == state.active_suit or state.top.rank is Rank.QUEEN:
                    out.append(_entry(Action(type="play", seat=seat, cards=order), "dobon.queen.bundle"))
    out.append(_entry(Action(type="draw", seat=seat), "dobon.draw"))
    return out


def legal_entries(state: DobonState, seat: int | None = None) -> list[LegalEntry]:
    if state.status is Status.OVER:
        return []
    if state.status is Status.ROUND_OVER:
        seats = range(state.seats) if seat is None else (seat,)
        return [_entry(Action(type="next_round", seat=s), "dobon.match.next_round") for s in seats]
    acting = state.turn
    assert acting is not None
    if seat is not None and seat != acting:
        return []
    if state.status is Status.CHECKING:
        return _check_entries(state, acting)
    return _turn_entries(state, acting)
