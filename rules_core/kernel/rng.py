"""Deterministic chance.

No global random: every shuffle is ``random.Random`` seeded from the table's
seed and a counter kept in the state, so a reshuffle is reproducible from the
state alone (same seed, same shuffle number, same cards -> same order).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MAX_SEED = 2**63 - 1

#: ``n.bit_length()`` for the bounds a shuffle of up to this many items draws below.
_BITS: tuple[int, ...] = tuple(n.bit_length() for n in range(257))


def shuffled(items: Sequence[T], *, seed: int, stream: str, number: int = 0) -> tuple[T, ...]:
    """Return ``items`` in an order fixed by (seed, stream, number).

    ``stream`` separates independent uses ("deal", "reshuffle", a bot's
    sampling) so that they never share a sequence.
    """
    rng = random.Random(f"{seed}/{stream}/{number}")
    out = list(items)
    if len(out) >= len(_BITS):
        rng.shuffle(out)
        return tuple(out)
    # ``random.Random.shuffle`` step for step (Fisher-Yates from the end, each index drawn as
    # ``_randbelow_with_getrandbits`` draws it), without its two calls per card: the same order.
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def rng_for(*, seed: int, stream: str, number: int = 0) -> random.Random:
    """A private generator for (seed, stream, number); never the module's global one."""
    return random.Random(f"{seed}/{stream}/{number}")
