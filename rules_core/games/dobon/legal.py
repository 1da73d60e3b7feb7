"""Every legal action, enumerated from the rules (not by trying ``engine.resolve``).

Stable order: claims (by the card put on top, in hand order; one entry stands for
every order of the claimed cards) then ``continue``
in a check; plays in hand order (an eight once per suit, in S H D C order),
queen bundles, then draw / take / end_turn on an ordinary turn; ``next_round``
for each seat between rounds.

The entries that recur (a seat's ``continue``, ``draw`` ..., the play of one card) are
built once at import for the seats of a Dobon table and looked up; they are immutable.
"""

from __future__ import annotations

from itertools import permutations
from math import factorial
from operator import attrgetter

from ...kernel import STANDARD_52, STANDARD_SUITS, Action, Card, LegalEntry, Rank, format_card, new_entry
from .options import EIGHT_CHOSEN_SUIT, EIGHT_ORDINARY
from .state import DobonState, Status, Step
from .values import VALUE


def _entry(action: Action, *patterns: str) -> LegalEntry:
    return new_entry(action, 1, None, patterns)


#: Seats the prebuilt entries cover (a Dobon table has at most four).
_TABLE_SEATS = 4


def _bare(kind: str, pattern: str) -> tuple[LegalEntry, ...]:
    return tuple(_entry(Action(type=kind, seat=seat), pattern) for seat in range(_TABLE_SEATS))


_CONTINUE = _bare("continue", "dobon.check")
_DRAW = _bare("draw", "dobon.draw")
_TAKE = _bare("take", "dobon.two")
_END_TURN = _bare("end_turn", "dobon.draw")
_NEXT_ROUND = _bare("next_round", "dobon.match.next_round")
#: Per seat, by card notation: the play of that one card, and the plays of an eight once per suit.
_SINGLE: tuple[dict[str, LegalEntry], ...] = tuple(
    {
        format_card(card): _entry(Action(type="play", seat=seat, cards=(card,)), "dobon.turn.match")
        for card in STANDARD_52.cards
    }
    for seat in range(_TABLE_SEATS)
)
_EIGHT_SUITS: tuple[dict[str, tuple[LegalEntry, ...]], ...] = tuple(
    {
        format_card(card): tuple(
            _entry(Action(type="play", seat=seat, cards=(card,), suit=s), "dobon.eight")
            for s in STANDARD_SUITS
        )
        for card in STANDARD_52.cards
        if card.rank is Rank.EIGHT
    }
    for seat in range(_TABLE_SEATS)
)


def _bare_entry(table: tuple[LegalEntry, ...], kind: str, pattern: str, seat: int) -> LegalEntry:
    if 0 <= seat < _TABLE_SEATS:
        return table[seat]
    return _entry(Action(type=kind, seat=seat), pattern)


_RANK = attrgetter("rank")
#: ``VALUE`` with a card of no rank counting nothing (the sum skips it).
_VALUE_OR_NONE: dict[Rank | None, int] = {rank: worth for rank, worth in VALUE.items()}
_VALUE_OR_NONE[None] = 0


def _check_entries(state: DobonState, seat: int) -> list[LegalEntry]:
    hand = state.hands[seat]
    out: list[LegalEntry] = []
    top = state.top
    assert top.rank is not None
    if (
        hand
        and seat != state.top_owner
        and sum(map(_VALUE_OR_NONE.__getitem__, map(_RANK, hand))) == VALUE[top.rank]
        and all(c.seat != seat for c in state.chain)
    ):
        # The claimed cards may be named in any order: one entry stands for every order.
        orders = factorial(len(hand))
        note = "the whole hand, in any order" if orders > 1 else None
        tops: tuple[Card | None, ...] = tuple(hand) if state.options.returns else (None,)
        pattern = "dobon.claim.returns" if state.options.returns else "dobon.claim.total"
        for claim_top in tops:
            action = Action(type="claim", seat=seat, cards=hand, top=claim_top)
            out.append(new_entry(action, orders, note, (pattern,)))
    out.append(_bare_entry(_CONTINUE, "continue", "dobon.check", seat))
    return out


def _singles(state: DobonState, seat: int, card: Card) -> list[LegalEntry]:
    """The play of one card, once per suit for an eight whose player chooses the suit."""
    if card.rank is Rank.EIGHT and state.options.eight == EIGHT_CHOSEN_SUIT:
        if 0 <= seat < _TABLE_SEATS:
            found = _EIGHT_SUITS[seat].get(card._text)  # type: ignore[arg-type]  # None: no notation
            if found is not None:
                return list(found)
        return [
            _entry(Action(type="play", seat=seat, cards=(card,), suit=s), "dobon.eight")
            for s in STANDARD_SUITS
        ]
    if 0 <= seat < _TABLE_SEATS:
        entry = _SINGLE[seat].get(card._text)  # type: ignore[arg-type]
        if entry is not None:
            return [entry]
    return [_entry(Action(type="play", seat=seat, cards=(card,)), "dobon.turn.match")]


def _playable_on_pile(state: DobonState, card: Card) -> bool:
    if card.rank is Rank.EIGHT and state.options.eight != EIGHT_ORDINARY:
        return True
    return card.rank == state.top.rank or card.suit == state.active_suit


_EIGHT = Rank.EIGHT
_TWO = Rank.TWO
_QUEEN = Rank.QUEEN


def _turn_entries(state: DobonState, seat: int) -> list[LegalEntry]:
    hand = state.hands[seat]
    options = state.options
    may_empty = options.empty_hand_wins
    out: list[LegalEntry] = []
    step = state.step
    if step is Step.ANSWER_TWO:
        if len(hand) > 1 or may_empty:
            for card in hand:
                if card.rank is _TWO:
                    out += _singles(state, seat, card)
        out.append(_bare_entry(_TAKE, "take", "dobon.two", seat))
        return out
    if step is Step.DRAWN:
        drawn = state.drawn
        assert drawn is not None
        if _playable_on_pile(state, drawn):
            out += _singles(state, seat, drawn)
        out.append(_bare_entry(_END_TURN, "end_turn", "dobon.draw", seat))
        return out
    if len(hand) > 1 or may_empty:
        wild = options.eight != EIGHT_ORDINARY
        chosen = options.eight == EIGHT_CHOSEN_SUIT
        top_rank = state.top.rank
        suit = state.active_suit
        singles = _SINGLE[seat] if 0 <= seat < _TABLE_SEATS else None
        for card in hand:
            rank = card.rank
            if (wild and rank is _EIGHT) or rank == top_rank or card.suit == suit:
                # The common case, an entry looked up; ``_singles`` for an eight or a stranger.
                entry = None
                if singles is not None and not (chosen and rank is _EIGHT):
                    entry = singles.get(card._text)  # type: ignore[arg-type]
                if entry is not None:
                    out.append(entry)
                else:
                    out += _singles(state, seat, card)
    if options.queen_bundles:
        queens = [c for c in hand if c.rank is _QUEEN]
        longest = len(queens) if may_empty or len(queens) < len(hand) else len(queens) - 1
        for size in range(2, longest + 1):
            for order in permutations(queens, size):
                if order[0].suit == state.active_suit or state.top.rank is _QUEEN:
                    out.append(_entry(Action(type="play", seat=seat, cards=order), "dobon.queen.bundle"))
    out.append(_bare_entry(_DRAW, "draw", "dobon.draw", seat))
    return out


def legal_entries(state: DobonState, seat: int | None = None) -> list[LegalEntry]:
    status = state.status
    if status is Status.OVER:
        return []
    if status is Status.ROUND_OVER:
        seats = range(state.seats) if seat is None else (seat,)
        return [_bare_entry(_NEXT_ROUND, "next_round", "dobon.match.next_round", s) for s in seats]
    acting = state.turn
    assert acting is not None
    if seat is not None and seat != acting:
        return []
    if status is Status.CHECKING:
        return _check_entries(state, acting)
    return _turn_entries(state, acting)
