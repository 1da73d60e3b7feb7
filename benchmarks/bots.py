"""A strong bot's suggestion time on benchmark states, per game and seat count.

The states are taken along seeded random playouts (every few moves, so early, middle and
late positions all appear); at each the first seat to act is handed its view and asked for
a strong suggestion, as ``POST /suggest`` does. Wall-clock and CPU time are both timed:
the target reads the wall clock; the CPU figure tells cost from scheduling on a shared
machine.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from rules_core.bots import Level
from rules_core.kernel import Game

from .config import RunConfig
from .games import GameCatalog, describe_error
from .playouts import random_playout
from .tables import PartResult, Table, fmt_ms

#: Every this many moves of a playout, one state is timed.
EVERY = 5


def decision_states(game: Game[Any], *, seats: int, options: Any, wanted: int) -> list[tuple[Any, int]]:
    """Up to ``wanted`` (state, seat to act) pairs from seeded random playouts."""
    found: list[tuple[Any, int]] = []
    seed = 0
    while len(found) < wanted and seed < 10 * wanted:
        playout = random_playout(game, seats=seats, options=options, seed=seed, keep_states=True)
        for state in playout.states[::EVERY]:
            acting = game.to_act(state)
            if acting and not game.is_over(state):
                found.append((state, acting[0]))
        seed += 1
    return found[:wanted]


def time_suggestions(game: Game[Any], states: list[tuple[Any, int]]) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of one strong suggestion per state."""
    bot = game.bot
    assert bot is not None
    wall: list[float] = []
    cpu: list[float] = []
    for index, (state, seat) in enumerate(states):
        view = game.view(state, seat)
        w0, c0 = time.perf_counter(), time.process_time()
        bot.suggest(view, seat, Level.STRONG, seed=index)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return wall, cpu


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1] if len(values) > 1 else values[0]


def run_bots(catalog: GameCatalog, config: RunConfig) -> PartResult:
    started = time.perf_counter()
    part = PartResult(name="bots", title="Strong bot suggestion time (default preset)")
    table = Table(
        title="Strong suggestion per decision (view in, action out)",
        columns=(
            "game",
            "seats",
            "decisions",
            "wall p50 ms",
            "wall p95 ms",
            "CPU p50 ms",
            "CPU p95 ms",
            "max ms",
        ),
    )
    wanted = 20 if config.quick else 120
    for name, game in catalog.games.items():
        if game.bot is None:
            part.skipped.append((f"bots: {name}", "the game has no bot"))
            continue
        options = game.presets[game.default_preset]
        for seats in sorted({max(game.min_seats, 2), min(game.max_seats, 4)}):
            try:
                states = decision_states(game, seats=seats, options=options, wanted=wanted)
                wall, cpu = time_suggestions(game, states)
            except Exception as exc:
                part.skipped.append((f"bots: {name} at {seats} seats", describe_error(exc)))
                continue
            table.add(
                name,
                seats,
                len(wall),
                fmt_ms(statistics.median(wall)),
                fmt_ms(p95(wall)),
                fmt_ms(statistics.median(cpu)),
                fmt_ms(p95(cpu)),
                fmt_ms(max(wall)),
            )
            part.figures[f"bot/{name}/{seats}"] = {"p95": p95(wall), "cpu_p95": p95(cpu), "n": len(wall)}
    table.notes.append(
        f"States: every {EVERY}th position of seeded random playouts (seeds from 0), the first seat to "
        "act; one suggestion each (seed = the state's index), level strong."
    )
    part.tables.append(table)
    part.seconds = time.perf_counter() - started
    return part
