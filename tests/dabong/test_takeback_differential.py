"""Old against new take-back record (#26): the digests the nested record gave, held.

``takeback_golden.json`` was written by the engine that kept a nested copy of the state
before the last play (commit of this test); the flat log must give the same verdicts,
effects, states (apart from the record itself) and unwindings at every step.
"""

from __future__ import annotations

import json

import pytest

from .takeback_differential import GOLDEN, PLAYOUTS, key, playout_digests

_GOLDEN: dict[str, list[str]] = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("playout", PLAYOUTS, ids=lambda p: key(*p))
def test_same_as_the_nested_record(playout: tuple[str, int, int, tuple[str, ...]]) -> None:
    expected = _GOLDEN[key(*playout)]
    got = playout_digests(*playout)
    first = next((i for i, (a, b) in enumerate(zip(got, expected, strict=False)) if a != b), None)
    assert first is None, f"step {first} differs"
    assert len(got) == len(expected)
