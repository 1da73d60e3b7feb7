"""99: the declared reader and writer against the hand-written codec they replace."""

from __future__ import annotations

from rules_core.games.ninety_nine import wire
from tests.wire.legacy import ninety_nine_codec as codec

from .differential import compare, states_of


def test_99_declared_reader_and_writer_match_the_hand_written_codec() -> None:
    tally = compare(
        codec.state_from_json,
        wire.read_state,
        codec.state_to_json,
        wire.write_state,
        states_of("99", range(2), mutations_per_state=6),
    )
    # Both kinds of state were compared, and many ways of being wrong.
    assert tally.accepted > 300 and tally.rejected > 1000, tally
    assert len(tally.codes) >= 15, tally.codes
