"""The match standing: a round win counts one; most wins lead, equal totals share the lead."""

from __future__ import annotations

from collections.abc import Sequence


def leaders(wins: Sequence[int]) -> tuple[int, ...]:
    """Seats with the most wins (every seat shares the lead while all totals are equal)."""
    if not wins:
        return ()
    best = max(wins)
    return tuple(seat for seat, count in enumerate(wins) if count == best)


def match_winner(wins: Sequence[int]) -> int | None:
    """The sole leader once the match is over; None when the lead is shared."""
    top = leaders(wins)
    return top[0] if len(top) == 1 else None
