"""Dobon: the declared reader and writer against the hand-written codec they replace."""

from __future__ import annotations

from rules_core.games.dobon import wire
from tests.wire.legacy import dobon_codec as codec

from .differential import compare, states_of


def test_dobon_declared_reader_and_writer_match_the_hand_written_codec() -> None:
    tally = compare(
        codec.decode,
        wire.read_state,
        codec.encode,
        wire.write_state,
        states_of("dobon", range(2), mutations_per_state=6),
    )
    assert tally.accepted > 300 and tally.rejected > 400, tally
    assert len(tally.codes) >= 10, tally.codes
