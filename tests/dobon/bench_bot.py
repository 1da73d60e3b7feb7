"""Latency of the Dobon bot's suggestions (a benchmark, not part of the suite).

    .venv/bin/python -m tests.dobon.bench_bot [--games 40] [--levels strong]

Plays seeded self-play games at every level (or those given) and times each ``suggest``
call on the view it is handed (the view itself is built outside the timing), then prints
the median, 95th percentile and maximum per preset, seat count and level, in wall-clock
time and in the process's CPU time (what one core takes, whatever else loads the machine),
for every call and for the calls with a real choice on an ordinary turn (where strong searches).
"""

from __future__ import annotations

import argparse
import statistics
import time

from rules_core.bots import LEVELS, Level
from rules_core.games.dobon import GAME, PRESETS
from rules_core.games.dobon.bot import BOT
from rules_core.games.dobon.state import Status


def _timings(preset: str, seats: int, level: Level, games: int) -> list[tuple[float, float, bool]]:
    """(wall seconds, CPU seconds, a real choice on an ordinary turn) per call."""
    out: list[tuple[float, float, bool]] = []
    for g in range(games):
        state = GAME.deal(seats=seats, options=PRESETS[preset], seed=10_000 + g, deck_order=None)
        steps = 0
        while not GAME.is_over(state) and steps < GAME.max_actions:
            seat = state.turn if state.turn is not None else 0
            view = GAME.view(state, seat)
            choice = state.status is Status.PLAYING and len(GAME.legal_actions(state, seat).entries) > 1
            cpu = time.process_time()
            started = time.perf_counter()
            found = BOT.suggest(view, seat, level, seed=steps)
            out.append((time.perf_counter() - started, time.process_time() - cpu, choice))
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
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated levels to time")
    args = parser.parse_args()
    levels = [Level(x.strip()) for x in args.levels.split(",") if x.strip()]
    print(
        "| preset | seats | level | calls | median ms | p95 ms | max ms | p95 CPU ms "
        "| choices | choices median ms | choices p95 ms | choices p95 CPU ms |"
    )
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for preset in PRESETS:
        for seats in (2, 4):
            for level in levels:
                timed = _timings(preset, seats, level, args.games)
                t = sorted(w for w, _, _ in timed)
                cpu = sorted(c for _, c, _ in timed)
                picked = sorted(w for w, _, choice in timed if choice) or [0.0]
                picked_cpu = sorted(c for _, c, choice in timed if choice) or [0.0]
                print(
                    f"| {preset} | {seats} | {level} | {len(t)} | {statistics.median(t) * 1e3:.2f} "
                    f"| {_p95(t) * 1e3:.2f} | {t[-1] * 1e3:.2f} | {_p95(cpu) * 1e3:.2f} "
                    f"| {sum(1 for *_, c in timed if c)} | {statistics.median(picked) * 1e3:.2f} "
                    f"| {_p95(picked) * 1e3:.2f} | {_p95(picked_cpu) * 1e3:.2f} |"
                )


def _p95(sorted_times: list[float]) -> float:
    return sorted_times[int(0.95 * (len(sorted_times) - 1))]


if __name__ == "__main__":
    main()
