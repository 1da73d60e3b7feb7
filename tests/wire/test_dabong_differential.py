"""dabong!: the declared writer and view against the hand-written ones they replace.

The reader is still ``state_json.StateDecoder`` on both sides (its port onto the
declarations is not done yet), so accepts and rejects agree by construction; what this
holds is every accepted state -- reachable ones and the fuzzer's mutations the reader takes --
written to the same JSON, byte for byte, and shown to every seat as the old view did.
"""

from __future__ import annotations

from typing import Any

from rules_core.games.dabong import GAME, wire
from rules_core.kernel import StateInvalid
from tests.wire.legacy import dabong_codec as codec

from .differential import compare, states_of


def test_dabong_declared_writer_matches_the_hand_written_one() -> None:
    tally = compare(
        GAME.state_from_json,
        GAME.state_from_json,
        codec.state_to_json,
        wire.write_state,
        states_of("dabong", range(2), mutations_per_state=4),
    )
    assert tally.accepted > 300 and tally.rejected > 300, tally


def test_dabong_declared_view_matches_the_hand_written_one() -> None:
    compared = 0
    for data in states_of("dabong", range(1), mutations_per_state=2):
        try:
            state: Any = GAME.state_from_json(data)
        except StateInvalid:
            continue
        for seat in range(state.seats):
            assert wire.view_state(state, seat) == codec.view(state, seat)
        compared += 1
    assert compared > 150, compared
