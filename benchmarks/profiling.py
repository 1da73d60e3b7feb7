"""cProfile top entries, attached automatically to every missed target."""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import sysconfig
import time
from collections.abc import Callable

from .games import REPO_ROOT


def profile_top(work: Callable[[], object], *, seconds: float = 1.0, top: int = 15) -> str:
    """Run ``work`` repeatedly for about ``seconds`` under cProfile; the top entries by own time."""
    work()  # warm-up outside the profile: first-call setup (app build, caches) is not the cost asked about
    profiler = cProfile.Profile()
    stop = time.perf_counter() + seconds
    calls = 0
    profiler.enable()
    try:
        while calls == 0 or (time.perf_counter() < stop and calls < 100_000):
            work()
            calls += 1
    finally:
        profiler.disable()
    own = _table(profiler, "tottime", top, None)
    # Cumulative time of the project's own functions: which layer the time is spent under.
    ours = _table(profiler, "cumulative", 10, r"(rules_core|service)/")
    return (
        f"{calls} calls profiled; top {top} by own time\n{own}\n\n"
        f"project functions (rules_core/, service/), top 10 by cumulative time\n{ours}"
    )


def _table(profiler: cProfile.Profile, key: str, top: int, pattern: str | None) -> str:
    buffer = io.StringIO()
    stats = pstats.Stats(profiler, stream=buffer)
    stats.sort_stats(key)
    if pattern is None:
        stats.print_stats(top)
    else:
        stats.print_stats(pattern, top)
    lines = []
    for line in buffer.getvalue().splitlines():
        stripped = line.rstrip()
        if not stripped or stripped.lstrip().startswith(("Ordered by", "List reduced", "function calls")):
            continue
        if "function calls" in stripped and "seconds" in stripped:
            continue
        lines.append(_shorten(stripped))
    return "\n".join(lines)


def _shorten(line: str) -> str:
    """Paths relative to the repo (or to site-packages) so the table stays readable."""
    root = str(REPO_ROOT) + os.sep
    line = line.replace(root, "")
    line = line.replace(sysconfig.get_paths()["stdlib"] + os.sep, "stdlib:")
    marker = "site-packages" + os.sep
    while marker in line:
        head, _, tail = line.partition(marker)
        start = head.rfind(" ") + 1
        line = head[:start] + tail
    return line
