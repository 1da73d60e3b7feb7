"""Latency of the dabong! bot's suggestions (not a test: run it by hand).

    python -m tests.dabong.bench_bot [--level strong] [--games 20] [--preset beginner]

Benchmark states are the on-turn decisions of seeded normal-level self-play at
2 and 4 seats; each is timed once per level asked for. Prints the 50th and 95th
percentiles and the worst case in milliseconds (the target: strong p95 <= 50 ms).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from rules_core.bots import Level
from rules_core.games.dabong import GAME
from rules_core.games.dabong.bot import BOT


def bench_views(games: int, preset: str) -> list[tuple[dict[str, Any], int]]:
    options = GAME.presets[preset]
    views = []
    for seats in (2, 4):
        for g in range(games):
            state = GAME.deal(seats=seats, options=options, seed=g, deck_order=None)
            for step in range(400):
                if GAME.is_over(state) or state.status not in ("opening", "playing"):
                    break
                view = GAME.view(state, state.turn)
                views.append((view, state.turn))
                got = BOT.suggest(view, state.turn, Level.NORMAL, seed=step)
                assert got is not None
                state = GAME.apply(state, got.action).state or state
    return views


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--level", default="strong")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--preset", default=GAME.default_preset)
    args = parser.parse_args(argv)
    views = bench_views(args.games, args.preset)
    level = Level(args.level)
    wall, cpu = [], []
    for i, (view, seat) in enumerate(views):
        started, started_cpu = time.perf_counter(), time.process_time()
        BOT.suggest(view, seat, level, seed=i)
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    # CPU time is what a suggestion costs on a free core; wall time also counts waiting
    # for the core on a busy machine
    for name, times in (("wall", wall), ("cpu", cpu)):
        times.sort()
        p50, p95, worst = times[len(times) // 2], times[int(len(times) * 0.95)], times[-1]
        head = f"{level} {name}, {len(times)} states, {args.preset}"
        print(f"{head}: p50 {p50:.1f} p95 {p95:.1f} max {worst:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
