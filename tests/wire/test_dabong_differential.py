"""dabong!: the declared reader, writer and view against the hand-written ones they replace.

States are reachable ones of every preset, seat count and player kind and the fuzzer's
mutations of them (``tests.wire.differential.states_of``). Both readers accept the same
states, build equal states from them, and report the same problems (pointer and code), but
for three differences the declarations bring on purpose, each applied by ``_as_declared``
to the old reader's answer before the comparison:

* a list or a Shaman-identity object longer than its declared bound (``hands``: five seats;
  identities: eight members; ``years_used``: one entry a seat) is one ``too_long`` at it, not
  read item by item;
* a score sheet's entry that is not a count >= 0 is reported once (``wrong_type`` at it), not
  also counted by the scoring check (``not_allowed`` at ``/scores/games`` or ``points``);
* a state without ``take_back`` gets its ``missing`` problem with any other problems: the old
  reader read the log, and so saw it missing, only when all else was sound.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from rules_core.games.dabong import GAME, wire
from rules_core.kernel import StateInvalid
from tests.wire.legacy import dabong_codec as codec
from tests.wire.legacy import dabong_reader as legacy

from .differential import EDGES, outcome, states_of

Problems = Counter[tuple[str, str]]


def _as_declared(data: Any, old: Problems, new: Problems) -> Problems:
    """The old reader's problems with the three deliberate differences applied (module doc)."""
    out = Counter(old)
    for pointer, code in new - old:
        if code == "too_long":
            for p, c in list(out):
                if p.startswith(pointer + "/"):
                    del out[(p, c)]
            out[(pointer, code)] += 1
    if any(p.startswith("/scores/") and c == "wrong_type" for p, c in old):
        for pointer in ("/scores/games", "/scores/points"):
            if (pointer, "not_allowed") not in new:
                out.pop((pointer, "not_allowed"), None)
    if isinstance(data, dict) and "take_back" not in data and ("/take_back", "missing") in new:
        out[("/take_back", "missing")] = 1
    return out


#: The suite compares one playout of every preset and seat count, two mutations of each state
#: sampled (306 states accepted and 225 refused by both readers, 18 problem codes, as of this
#: writing); ``-m long`` compares two playouts, four mutations each (the sample before the
#: suite was trimmed).
SAMPLES = [
    pytest.param(range(1), 2, 250, 180, 15, id="suite"),
    pytest.param(range(2), 4, 300, 600, 15, id="more", marks=pytest.mark.long),
]


@pytest.mark.parametrize(("seeds", "mutations", "least_accepted", "least_rejected", "least_codes"), SAMPLES)
def test_dabong_declared_reader_and_writer_match_the_hand_written_ones(
    seeds: range, mutations: int, least_accepted: int, least_rejected: int, least_codes: int
) -> None:
    accepted = rejected = eased = 0
    codes: Counter[str] = Counter()
    for data in states_of("dabong", seeds, mutations_per_state=mutations):
        old_state, old_problems = outcome(legacy.decode, data)
        new_state, new_problems = outcome(wire.read_state, data)
        shown = json.dumps(data)[:400]
        if old_problems is None or new_problems is None:
            assert old_problems == new_problems, f"{shown}\nold {old_problems}\nnew {new_problems}"
            assert old_state == new_state, shown
            assert json.dumps(codec.state_to_json(old_state)) == json.dumps(wire.write_state(new_state))
            accepted += 1
            continue
        expected = _as_declared(data, old_problems, new_problems)
        assert expected == new_problems, f"{shown}\nold {old_problems}\nnew {new_problems}"
        eased += expected != old_problems
        rejected += 1
        codes.update(code for _, code in old_problems)
    assert accepted > least_accepted and rejected > least_rejected, (accepted, rejected)
    assert len(codes) >= least_codes, codes
    assert eased < rejected // 20, eased  # the deliberate differences stay rare
    for data in EDGES:
        _, old_problems = outcome(legacy.decode, data)
        _, new_problems = outcome(wire.read_state, data)
        assert old_problems == new_problems, (data, old_problems, new_problems)


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
