"""Dobon: the declared reader and writer against the hand-written codec they replace."""

from __future__ import annotations

import pytest

from rules_core.games.dobon import wire
from tests.wire.legacy import dobon_codec as codec

from .differential import compare, states_of

#: The suite compares one playout of every preset and seat count, three mutations of each
#: state sampled (183 accepted, 121 refused, 12 problem codes as of this writing); ``-m long``
#: two playouts and six mutations (the sample before the suite was trimmed).
SAMPLES = [
    pytest.param(range(1), 3, 150, 100, 10, id="suite"),
    pytest.param(range(2), 6, 300, 400, 10, id="more", marks=pytest.mark.long),
]


@pytest.mark.parametrize(("seeds", "mutations", "least_accepted", "least_rejected", "least_codes"), SAMPLES)
def test_dobon_declared_reader_and_writer_match_the_hand_written_codec(
    seeds: range, mutations: int, least_accepted: int, least_rejected: int, least_codes: int
) -> None:
    tally = compare(
        codec.decode,
        wire.read_state,
        codec.encode,
        wire.write_state,
        states_of("dobon", seeds, mutations_per_state=mutations),
    )
    assert tally.accepted > least_accepted and tally.rejected > least_rejected, tally
    assert len(tally.codes) >= least_codes, tally.codes
