"""Old reader against new: the same states accepted, the same problems reported, the same JSON written.

States come from seeded playouts of every preset, seat count and player kind (bots at
every level and random players, ``tests.fuzz.reachable``) and from the fuzzer's
mutations of them (``tests.fuzz.mutations``), so both the valid states and the many
ways a state is wrong are compared.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from rules_core.kernel import StateInvalid
from tests.fuzz.mutations import mutate
from tests.fuzz.reachable import PLAYERS, game_named, playout

Reader = Callable[[Any], Any]
Writer = Callable[[Any], dict[str, Any]]


@dataclass
class Tally:
    accepted: int = 0
    rejected: int = 0
    codes: Counter[str] = field(default_factory=Counter)


def states_of(game: str, seeds: range, mutations_per_state: int) -> Iterator[Any]:
    """Reachable states of every preset, seat count and player kind, and mutations of each."""
    g = game_named(game)
    for preset in g.presets:
        for seats in range(g.min_seats, g.max_seats + 1):
            for seed in seeds:
                players = tuple(PLAYERS[(seed + i) % len(PLAYERS)] for i in range(seats))
                run = playout(game, preset, seats, seed, players)
                rng = random.Random(f"differential/{game}/{preset}/{seats}/{seed}")
                for state in run.states[:: max(1, len(run.states) // 12)]:
                    yield state
                    for _ in range(mutations_per_state):
                        try:
                            changed, _done = mutate(game, state, rng.randrange, 1 + rng.randrange(3))
                        except IndexError:  # a mutation that empties a list it then pops: skipped
                            continue
                        yield changed


#: Not objects, or empty: both readers refuse them; the new one may say more (99's old reader
#: did not report the null-able members of an empty object as missing, the new one does).
EDGES: tuple[Any, ...] = ({}, [], None, "x", 3)


def outcome(reader: Reader, data: Any) -> tuple[Any, Counter[tuple[str, str]] | None]:
    try:
        return reader(data), None
    except StateInvalid as exc:
        return None, Counter((p.pointer, p.code) for p in exc.problems)


def compare(
    old_read: Reader, new_read: Reader, old_write: Writer, new_write: Writer, states: Iterator[Any]
) -> Tally:
    tally = Tally()
    for data in states:
        old_state, old_problems = outcome(old_read, data)
        new_state, new_problems = outcome(new_read, data)
        shown = json.dumps(data)[:400]
        assert old_problems == new_problems, f"{shown}\nold {old_problems}\nnew {new_problems}"
        if old_problems is None:
            tally.accepted += 1
            assert old_state == new_state, shown
            assert json.dumps(old_write(old_state)) == json.dumps(new_write(new_state)), shown
        else:
            tally.rejected += 1
            tally.codes.update(code for _, code in old_problems)
    for data in EDGES:
        _, old_problems = outcome(old_read, data)
        _, new_problems = outcome(new_read, data)
        assert old_problems is not None and new_problems is not None, data
        assert not old_problems - new_problems, (data, old_problems, new_problems)
    return tally
