"""A per-request CPU limit: the backstop behind the work budgets (issue #25).

The costly paths meter their own work in deterministic units (the dabong! matcher's check
and listing budgets, the replay's action cap), so the same request is refused the same way
on every host. This guard stops whatever those budgets missed: a request that has used
``REQUEST_CPU_SECONDS`` of CPU (user + system, ``ITIMER_PROF``, so a loaded host does not
count its neighbours' time) is answered with a 422 ``over-budget`` problem (code
``cpu_limit``) instead of running on until gunicorn kills the worker. Each such refusal is
logged as a warning: it names a path that a work budget should cover.

The timer repeats every ``_REFIRE`` seconds while the request runs, so a stop that lands where
Python ignores exceptions (a garbage collector callback prints and drops it) or in game code that
catches broad exceptions comes back at once. It is armed only on the main
thread (signals are delivered there: gunicorn's sync workers and the test client), and
not at all where the platform has no ``setitimer``.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from flask import Flask, current_app, g

#: Seconds between repeated stops once the limit is reached: a stop raised where Python ignores
#: exceptions (a garbage collector callback) or swallowed by a broad ``except`` comes back.
_REFIRE = 0.05


class CpuLimitExceeded(Exception):
    """The request used its CPU limit; not a ``ValueError``, so no parser's ``except`` takes it."""

    def __init__(self, seconds: float) -> None:
        super().__init__(
            f"the request used more than {seconds:g} s of CPU and was stopped; ask for less "
            "(a smaller page, fewer actions to replay, declared Shamans)"
        )
        self.seconds = seconds


class _Timer:
    """The one process-wide profiling timer, armed for one request at a time."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.armed = False

    def on_signal(self, signum: int, frame: FrameType | None) -> None:
        if self.armed:
            raise CpuLimitExceeded(self.seconds)

    def arm(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        signal.signal(signal.SIGPROF, self.on_signal)
        self.armed = True
        signal.setitimer(signal.ITIMER_PROF, self.seconds, _REFIRE)

    def disarm(self, *_: Any) -> None:
        if self.armed:
            self.armed = False
            signal.setitimer(signal.ITIMER_PROF, 0)


def install(app: Flask) -> None:
    """Arm the limit before anything else reads the request; disarm when the answer is made."""
    seconds = float(app.config.get("REQUEST_CPU_SECONDS") or 0)
    if seconds <= 0 or not hasattr(signal, "setitimer"):
        return
    timer = _Timer(seconds)
    app.extensions["table_judge_cpu_timer"] = timer
    app.before_request_funcs.setdefault(None, []).insert(0, timer.arm)

    def disarm_after(response: Any) -> Any:
        timer.disarm()
        return response

    app.after_request(disarm_after)
    app.teardown_request(timer.disarm)


def stop_timer() -> None:
    """Disarm at once (the refusal is being written: it must not be stopped in turn)."""
    timer = current_app.extensions.get("table_judge_cpu_timer")
    if timer is not None:
        timer.disarm()
    g.cpu_limit_hit = True


@contextmanager
def limited(seconds: float) -> Iterator[None]:
    """The same limit around one call outside a Flask request (the assistant tools of
    ``assistant_tools`` run the operations directly): ``CpuLimitExceeded`` once the call has used
    ``seconds`` of CPU. Nothing is armed off the main thread, for ``seconds`` <= 0, or without
    ``setitimer``, as for a request."""
    if seconds <= 0 or not hasattr(signal, "setitimer"):
        yield
        return
    timer = _Timer(seconds)
    timer.arm()
    try:
        yield
    finally:
        timer.disarm()
