"""Long random playouts, outside the suite: ``python -m tests.dabong.soak_playouts [seeds]``.

Every preset at 2 to 5 seats, trading off (its listing is exponential), one game per
seed and seat count, all invariants of ``tests/playouts.py`` at every step, the state
sent back through the service's HTTP request path too (``tools.http_play.HttpEcho``).
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace

from rules_core.games.dabong import GAME
from tests.dabong.tables import unbounded_game
from tests.playouts import run_playouts
from tools.http_play import HttpEcho


def main(seeds: int) -> None:
    echo = HttpEcho()
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
                echo=echo,
            )
            took = time.perf_counter() - start
            print(
                f"{preset:12} {scoring:7} games={report.games} actions={report.actions} "
                f"longest={report.longest} {took:.1f}s"
            )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
