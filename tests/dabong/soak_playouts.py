"""Long random playouts, outside the suite: ``python -m tests.dabong.soak_playouts [seeds]``.

Every preset at 2 to 5 seats, trading off (its listing is exponential), one game per
seed and seat count, all invariants of ``tests/playouts.py`` at every step.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace

from rules_core.games.dabong import GAME
from tests.dabong.tables import unbounded_game
from tests.playouts import run_playouts


def main(seeds: int) -> None:
    for preset in ("beginner", "intermediate", "master"):
        for scoring in ("single", "tennis", "points"):
            options = replace(
                GAME.presets[preset],
                trading=False,
                scoring=scoring,
                deal_river=True,
                calendar_year=2026 if scoring == "tennis" else 0,
            )
            start = time.perf_counter()
            report = run_playouts(
                unbounded_game(),
                seeds=range(seeds),
                seats=range(2, 6),
                options=options,
                extra_zones=("river",),
            )
            took = time.perf_counter() - start
            print(
                f"{preset:12} {scoring:7} games={report.games} actions={report.actions} "
                f"longest={report.longest} {took:.1f}s"
            )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
