"""Latency of the Dobon bot's suggestions (a benchmark, not part of the suite).

    .venv/bin/python -m tests.dobon.bench_bot [--games 40]

Plays seeded self-play games at every level and times each ``suggest`` call on
the view it is handed (the view itself is built outside the timing), then prints
the median, 95th percentile and maximum per preset, seat count and level.
"""

from __future__ import annotations

import argparse
import statistics
import time

from rules_core.bots import LEVELS, Level
from rules_core.games.dobon import GAME, PRESETS
from rules_core.games.dobon.bot import BOT


def _timings(preset: str, seats: int, level: Level, games: int) -> list[float]:
    out: list[float] = []
    for g in range(games):
        state = GAME.deal(seats=seats, options=PRESETS[preset], seed=10_000 + g, deck_order=None)
        steps = 0
        while not GAME.is_over(state) and steps < GAME.max_actions:
            seat = state.turn if state.turn is not None else 0
            view = GAME.view(state, seat)
            started = time.perf_counter()
            found = BOT.suggest(view, seat, level, seed=steps)
            out.append(time.perf_counter() - started)
            assert found is not None
            after = GAME.apply(state, found.action).state
            assert after is not None
            state = after
            steps += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    print("| preset | seats | level | calls | median ms | p95 ms | max ms |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: |")
    for preset in PRESETS:
        for seats in (2, 4):
            for level in LEVELS:
                t = sorted(_timings(preset, seats, level, args.games))
                p95 = t[int(0.95 * (len(t) - 1))]
                print(
                    f"| {preset} | {seats} | {level} | {len(t)} | {statistics.median(t) * 1e3:.2f} "
                    f"| {p95 * 1e3:.2f} | {t[-1] * 1e3:.2f} |"
                )


if __name__ == "__main__":
    main()
