"""A state whose ``move`` or ``shuffles`` is at the limit the reader accepts takes no action.

The next action would write a state the service itself refuses to read back (and that the
published schema refuses): it is answered as illegal, ``counter_limit``, and nothing is listed.
"""

from __future__ import annotations

import dataclasses

import pytest

from rules_core.games.dabong import GAME
from rules_core.games.dabong.engine import COUNTER_LIMIT


@pytest.mark.parametrize("counter", ["move", "shuffles"])
def test_a_state_at_a_counter_limit_takes_no_action(counter: str) -> None:
    dealt = GAME.deal(seats=3, options=GAME.presets[GAME.default_preset], seed=4, deck_order=None)
    action = GAME.legal_actions(dealt, None, limit=1).entries[0].action
    assert GAME.resolve(dealt, action).verdict.legal
    below = dataclasses.replace(dealt, **{counter: COUNTER_LIMIT - 1})
    assert GAME.resolve(below, action).verdict.legal
    at = dataclasses.replace(dealt, **{counter: COUNTER_LIMIT})
    assert GAME.state_from_json(GAME.state_to_json(at)) == at  # the reader takes it
    verdict = GAME.resolve(at, action).verdict
    assert not verdict.legal and [r.code for r in verdict.reasons] == ["counter_limit"]
    assert dict(verdict.reasons[0].details)["counter"] == counter
    assert GAME.legal_actions(at, None, limit=None).total_entries == 0
    assert GAME.to_act(at) == ()
