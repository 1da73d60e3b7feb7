"""Run a pure-Python call with a wall-clock cap (SIGALRM), for the brute-force oracle."""

from __future__ import annotations

import signal
import time
from collections.abc import Callable
from typing import Any


class CapReached(Exception):
    """The call ran past its cap and was interrupted."""


def _interrupt(signum: int, frame: Any) -> None:
    raise CapReached


def call_capped(fn: Callable[[], Any], cap_seconds: float) -> tuple[Any, float] | None:
    """``(result, seconds)`` of ``fn()``, or None when it did not finish within the cap.

    Only from the main thread (signals); the previous handler is restored.
    """
    previous = signal.signal(signal.SIGALRM, _interrupt)
    signal.setitimer(signal.ITIMER_REAL, cap_seconds)
    start = time.perf_counter()
    try:
        result = fn()
        return result, time.perf_counter() - start
    except CapReached:
        return None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
