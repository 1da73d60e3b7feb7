"""Who won a finished hand, for self-play: the seat that ends with the most hits.

The page's object is the bong hit, not surviving: "Last player standing wins a bong
hit... unless somebody else steals it". So a hand is won by the seat holding the
most hits after the clubs slide. Two seats can tie only when the hand's winner held
the Ace of Clubs and the bonus hit slid away from them (one hit each); the tie goes to
the seat holding the winning hit, the one the page says the winner "keeps".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..state import Hit, HitKind, NinetyNineState


def hit_winner(hits: Iterable[Hit]) -> int | None:
    """The seat with the most hits; a tie goes to the holder of the winning (not bonus) hit."""
    hits = tuple(hits)
    if not hits:
        return None
    tally = Counter(hit.seat for hit in hits)
    most = max(tally.values())
    tied = {seat for seat, n in tally.items() if n == most}
    for hit in hits:
        if hit.kind is HitKind.WIN and hit.seat in tied:
            return hit.seat
    return min(tied)


def winner_of(state: NinetyNineState) -> int | None:
    """``play_match``'s ``winner_of`` for 99: the seat that ends with the most hits (None if unfinished)."""
    return hit_winner(state.hits)
