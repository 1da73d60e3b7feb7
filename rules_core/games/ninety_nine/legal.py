"""Listing every legal action, written apart from ``engine.resolve`` on purpose.

The two are held against each other by the tests, so this module does not call
the engine's Count arithmetic: it reads the playable cards straight from the
rule tables (the threshold list at 99, the room left below 99).
"""

from __future__ import annotations

from ...kernel import (
    STANDARD_52,
    Action,
    Card,
    LegalEntry,
    LegalPage,
    Rank,
    Suit,
    format_card,
    new_entry,
    page_of_singles,
)
from . import rules as r
from .counting import ACE_OF_DIAMONDS
from .state import NinetyNineState, Status

#: Playable at exactly 99, with the rule that makes each playable.
_AT_99: dict[Rank, str] = {
    Rank.TWO: r.THRESHOLD_PASS,
    Rank.NINE: r.THRESHOLD_PASS,
    Rank.TEN: r.THRESHOLD_DROP,
    Rank.KING: r.THRESHOLD_KING,
}
_WORTH = {Rank.ACE: 1, Rank.JACK: 10, Rank.QUEEN: 10, Rank.KING: 0}
#: Each rank's worth below 99, looked up once per card rather than worked out from its text.
_WORTH_OF: dict[Rank, int] = {rank: _WORTH[rank] if rank in _WORTH else int(rank.value) for rank in Rank}


def _playable_rule(card: Card, count: int) -> str | None:
    """The rule that lets ``card`` be played on ``count`` on a normal turn, if any."""
    rank = card.rank
    assert rank is not None
    if count == 99:
        if rank is Rank.QUEEN and card.suit is Suit.SPADES:
            return r.DEATH_CARD
        return _AT_99.get(rank)
    if rank is Rank.KING:
        return r.KING
    return r.VALUES if _WORTH_OF[rank] <= 99 - count else None


#: Seats the precomputed entries cover (a table of 99 has at most eight).
_TABLE_SEATS = 8
_COUNTS = range(100)


def _play_entry(seat: int, card: Card, rule: str) -> LegalEntry:
    return new_entry(Action(type="play", seat=seat, cards=(card,)), 1, None, (rule,))


def _build_rows() -> tuple[dict[str, tuple[LegalEntry | None, ...]], ...]:
    """Per seat, per card (by notation): the entry listed at each Count 0..99, or None (not playable)."""
    rows = []
    for seat in range(_TABLE_SEATS):
        row: dict[str, tuple[LegalEntry | None, ...]] = {}
        for card in STANDARD_52.cards:
            made: dict[str, LegalEntry] = {}
            by_count: list[LegalEntry | None] = []
            for count in _COUNTS:
                rule = _playable_rule(card, count)
                if rule is None:
                    by_count.append(None)
                    continue
                if rule not in made:
                    made[rule] = _play_entry(seat, card, rule)
                by_count.append(made[rule])
            row[format_card(card)] = tuple(by_count)
        rows.append(row)
    return tuple(rows)


#: Built once at import (immutable): a listing is then one lookup per card in hand.
_ROWS = _build_rows()
_SHIELDS = tuple(_play_entry(seat, ACE_OF_DIAMONDS, r.SHIELD) for seat in range(_TABLE_SEATS))


def _entries_slow(seat: int, hand: tuple[Card, ...], count: int, shielding: bool) -> list[LegalEntry]:
    entries = []
    for card in hand:
        if shielding:
            rule = r.SHIELD if (card.rank is Rank.ACE and card.suit is Suit.DIAMONDS) else None
        else:
            rule = _playable_rule(card, count)
        if rule is not None:
            entries.append(_play_entry(seat, card, rule))
    return entries


def legal_entries(state: NinetyNineState) -> list[LegalEntry]:
    if state.status is Status.OVER or state.turn is None:
        return []
    seat = state.turn
    hand = state.hands[seat]
    count = state.count
    shielding = state.status is Status.DEATH_CARD
    if not (0 <= seat < _TABLE_SEATS and 0 <= count <= 99):
        return _entries_slow(seat, hand, count, shielding)
    if shielding:
        return [_SHIELDS[seat] for card in hand if card.rank is Rank.ACE and card.suit is Suit.DIAMONDS]
    row = _ROWS[seat]
    entries = []
    for card in hand:
        by_count = row.get(card._text)  # type: ignore[arg-type]  # None for a card of no notation
        if by_count is None:
            entries.extend(_entries_slow(seat, (card,), count, False))
            continue
        entry = by_count[count]
        if entry is not None:
            entries.append(entry)
    return entries


def legal_actions(
    state: NinetyNineState, seat: int | None = None, *, offset: int = 0, limit: int | None = None
) -> LegalPage:
    """Every legal play now, in hand order; ``seat`` filters (only the acting seat has any)."""
    entries = legal_entries(state)
    if seat is not None and seat != state.turn:
        entries = [e for e in entries if e.action.seat == seat]
    # Every entry is one action.
    return page_of_singles(entries, offset, limit)
