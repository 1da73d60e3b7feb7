"""Choosing between candidate actions played out in the same sampled worlds.

A search bot plays every candidate in each world (the same deal, the same later
shuffles: common random numbers), so the candidates' scores in one world are paired
and their differences carry far less noise than the scores. ``paired_choice`` keeps
the first candidate (the bot's scored choice, the fallback) unless the best other one
leads it by a one-sided paired test: a lead of ``margin`` standard deviations of the
summed differences (a sign test when every score is a win or a loss) and at least
``floor`` in total, so a handful of lucky worlds never overrules the fallback.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class PairedChoice:
    #: Index of the chosen candidate (0: the fallback kept).
    index: int
    #: Per candidate, the sum over the worlds of its score less the fallback's.
    leads: tuple[float, ...]
    worlds: int

    @property
    def overruled(self) -> bool:
        return self.index != 0


def clearly_better(lead: float, spread: float, *, margin: float, floor: float) -> bool:
    """One-sided paired test: ``lead`` (sum of differences) against ``spread`` (sum of their squares)."""
    return lead >= max(floor, margin * math.sqrt(spread))


def paired_choice(scores: Sequence[Sequence[float]], *, margin: float, floor: float) -> PairedChoice:
    """``scores[w][i]``: candidate i's score in world w; candidate 0 is the fallback."""
    if not scores:
        return PairedChoice(index=0, leads=(), worlds=0)
    count = len(scores[0])
    lead = [0.0] * count
    spread = [0.0] * count
    for row in scores:
        base = row[0]
        for i, score in enumerate(row):
            diff = score - base
            lead[i] += diff
            spread[i] += diff * diff
    best = max(range(count), key=lambda i: (lead[i], i == 0, -i))
    clear = best != 0 and clearly_better(lead[best], spread[best], margin=margin, floor=floor)
    return PairedChoice(index=best if clear else 0, leads=tuple(lead), worlds=len(scores))


__all__ = ["PairedChoice", "clearly_better", "paired_choice"]
