"""Exact chances over hidden cards: how likely a hidden hand sums to a target.

A hidden hand of ``k`` cards is treated as ``k`` cards drawn without replacement
from the cards this seat has not seen. Dobon targets never exceed 13 and every
card is worth at least 1, so only sums up to 13 are counted: a small table,
built exactly (no sampling), so the answer is the same every time.
"""

from __future__ import annotations

from collections.abc import Mapping
from math import comb

#: The largest possible target (a king).
MAX_TARGET = 13


def sum_ways(supply: Mapping[int, int], cards: int) -> list[int]:
    """``ways[s]``: how many ``cards``-card subsets of ``supply`` sum to ``s`` (s <= 13).

    ``supply`` maps a card value (1..13) to how many unseen cards carry it.
    """
    if cards > MAX_TARGET:
        return [0] * (MAX_TARGET + 1)
    # table[j][s]: subsets of j cards summing to s, over the values processed so far.
    table = [[0] * (MAX_TARGET + 1) for _ in range(cards + 1)]
    table[0][0] = 1
    for value, copies in supply.items():
        if copies <= 0 or value > MAX_TARGET:
            continue
        nxt = [row[:] for row in table]
        for j in range(cards + 1):
            for s in range(MAX_TARGET + 1):
                ways = table[j][s]
                if not ways:
                    continue
                for t in range(1, copies + 1):
                    jj, ss = j + t, s + t * value
                    if jj > cards or ss > MAX_TARGET:
                        break
                    nxt[jj][ss] += ways * comb(copies, t)
        table = nxt
    return table[cards]


class HandOdds:
    """``hits(cards, target)`` over one supply, each hand size's table built once (per decision)."""

    __slots__ = ("_supply", "_tables", "_unseen")

    def __init__(self, supply: Mapping[int, int]) -> None:
        self._supply = dict(supply)
        self._unseen = sum(supply.values())
        self._tables: dict[int, list[int]] = {}

    @property
    def supply(self) -> Mapping[int, int]:
        return self._supply

    @property
    def unseen(self) -> int:
        return self._unseen

    def hits(self, cards: int, target: int) -> float:
        """The chance that a hidden hand of ``cards`` cards sums exactly to ``target``."""
        if cards <= 0 or cards > self._unseen or not 1 <= target <= MAX_TARGET:
            return 0.0
        table = self._tables.get(cards)
        if table is None:
            table = self._tables[cards] = sum_ways(self._supply, cards)
        return table[target] / comb(self._unseen, cards)

    def any_hits(self, hand_counts: list[int], target: int) -> float:
        """The chance that at least one of several hidden hands sums to ``target``.

        The hands are treated as independent (a close approximation: they share one
        supply, which makes two hits on the same target slightly less likely still).
        """
        miss = 1.0
        for cards in hand_counts:
            miss *= 1.0 - self.hits(cards, target)
        return 1.0 - miss
