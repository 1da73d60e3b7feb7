"""Listing every legal action, written apart from ``engine.resolve`` on purpose.

The two are held against each other by the tests, so this module does not call
the engine's Count arithmetic: it reads the playable cards straight from the
rule tables (the threshold list at 99, the room left below 99).
"""

from __future__ import annotations

from ...kernel import Action, Card, LegalEntry, LegalPage, Rank, Suit, page_of
from . import rules as r
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


def legal_entries(state: NinetyNineState) -> list[LegalEntry]:
    if state.status is Status.OVER or state.turn is None:
        return []
    seat = state.turn
    shielding = state.status is Status.DEATH_CARD
    count = state.count
    entries = []
    for card in state.hands[seat]:
        if shielding:
            rule = r.SHIELD if (card.rank is Rank.ACE and card.suit is Suit.DIAMONDS) else None
        else:
            rule = _playable_rule(card, count)
        if rule is not None:
            entries.append(LegalEntry(action=Action(type="play", seat=seat, cards=(card,)), patterns=(rule,)))
    return entries


def legal_actions(
    state: NinetyNineState, seat: int | None = None, *, offset: int = 0, limit: int | None = None
) -> LegalPage:
    """Every legal play now, in hand order; ``seat`` filters (only the acting seat has any)."""
    entries = legal_entries(state)
    if seat is not None:
        entries = [e for e in entries if e.action.seat == seat]
    if offset == 0 and limit is None:
        # The whole list, as ``page_of`` gives it: every entry is one action.
        return LegalPage(entries=tuple(entries), total_entries=len(entries), total_actions=len(entries))
    return page_of(entries, offset, limit)
