"""Declared state readers against the hand-written ones they replaced (paired, in process).

For each game ported onto the kernel's field declarations, the same states (every state
of seeded random playouts, every preset and seat count) are read by the old hand-written
reader and by the declared one, in alternating rounds; the figure is the median per-state
time over rounds, and the ratio new/old (the target: at most 1.1). Writers likewise.
The old readers live under ``tests/wire/legacy`` as the differential test's reference.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from .config import RunConfig
from .games import GameCatalog
from .playouts import random_playout
from .tables import PartResult, Table

#: The reader ratio the port must stay within (new / old).
TARGET_RATIO = 1.1


def _pairs() -> dict[
    str, tuple[Callable[[Any], Any], Callable[[Any], Any], Callable[[Any], Any], Callable[[Any], Any]]
]:
    from rules_core.games.dabong import wire as dabong_wire
    from rules_core.games.dobon import wire as dobon_wire
    from rules_core.games.ninety_nine import wire as ninety_nine_wire
    from tests.wire.legacy import dabong_codec, dabong_reader, dobon_codec, ninety_nine_codec

    return {
        "99": (
            ninety_nine_codec.state_from_json,
            ninety_nine_wire.read_state,
            ninety_nine_codec.state_to_json,
            ninety_nine_wire.write_state,
        ),
        "dobon": (dobon_codec.decode, dobon_wire.read_state, dobon_codec.encode, dobon_wire.write_state),
        "dabong": (
            dabong_reader.decode,
            dabong_wire.read_state,
            dabong_codec.state_to_json,
            dabong_wire.write_state,
        ),
    }


def _per_call_us(fn: Callable[[Any], Any], items: list[Any]) -> float:
    started = time.perf_counter()
    for item in items:
        fn(item)
    return (time.perf_counter() - started) / len(items) * 1e6


def _paired(
    old: Callable[[Any], Any], new: Callable[[Any], Any], items: list[Any], rounds: int
) -> tuple[float, float, float]:
    """Median old and new µs per item, and the median of the per-round ratios new/old (a round's
    two figures share the machine's load of that moment, so their ratio is the steadier figure)."""
    olds, news = [], []
    for i in range(rounds):
        # Alternate which goes first: a warm cache or a busy neighbour favours neither.
        if i % 2 == 0:
            olds.append(_per_call_us(old, items))
            news.append(_per_call_us(new, items))
        else:
            news.append(_per_call_us(new, items))
            olds.append(_per_call_us(old, items))
    ratio = statistics.median(n / o for n, o in zip(news, olds, strict=True))
    return statistics.median(olds), statistics.median(news), ratio


def collect_states(game: Any, seeds: range) -> list[Any]:
    states = []
    for options in game.presets.values():
        for seats in range(game.min_seats, game.max_seats + 1):
            for seed in seeds:
                run = random_playout(game, seats=seats, options=options, seed=seed, keep_states=True, cap=400)
                states += [game.state_to_json(s) for s in run.states]
    return states


def run_readers(catalog: GameCatalog, config: RunConfig) -> PartResult:
    started = time.perf_counter()
    part = PartResult(name="readers", title="State readers: declared against hand-written (µs per state)")
    table = Table(
        title="Paired reader and writer cost on every state of seeded playouts",
        columns=(
            "game",
            "states",
            "old read µs",
            "new read µs",
            "read ratio",
            "old write µs",
            "new write µs",
            "write ratio",
        ),
    )
    rounds = max(5, config.rounds * 2 + 1)
    table.notes.append(
        f"Median of {rounds} rounds, old and new alternating (ratios: median of the per-round ratios); "
        "states: every state of random playouts "
        f"({'2' if config.quick else '4'} seeds per preset and seat count, at most 400 actions each). "
        f"Target: new read ≤ {TARGET_RATIO}× old."
    )
    pairs = _pairs()
    for name, (old_read, new_read, old_write, new_write) in pairs.items():
        game = catalog.games.get(name)
        if game is None:
            part.skipped.append((f"readers: {name}", "game not loaded"))
            continue
        data = collect_states(game, range(2 if config.quick else 4))
        states = [new_read(d) for d in data]
        old_r, new_r, read_ratio = _paired(old_read, new_read, data, rounds)
        old_w, new_w, write_ratio = _paired(old_write, new_write, states, rounds)
        table.add(
            name,
            len(data),
            f"{old_r:.1f}",
            f"{new_r:.1f}",
            f"{read_ratio:.2f}",
            f"{old_w:.1f}",
            f"{new_w:.1f}",
            f"{write_ratio:.2f}",
        )
        if old_read is new_read:
            table.notes.append(f"{name}: the reader is not ported yet (both read columns are one reader).")
        else:
            part.figures[f"readers/{name}/ratio"] = read_ratio
        part.figures[f"readers/{name}/write_ratio"] = write_ratio
    part.tables.append(table)
    part.seconds = time.perf_counter() - started
    return part
