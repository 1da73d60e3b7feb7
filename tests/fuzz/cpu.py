"""Per-request budgets: a CPU cap that interrupts a runaway request, and the measures.

CPU time, not wall time, is what the budget is about: the machine is shared and
wall time moves with whatever else runs. ``ITIMER_PROF`` counts this process's
CPU time and delivers ``SIGPROF`` when the cap is spent; the handler raises
``CpuOver``, a ``BaseException`` so that neither the service's catch-all error
handler (which would turn it into a 500) nor a bot's ``except Exception`` can
swallow it. Only usable in the main thread (signals), which is where pytest and
the long run call it.
"""

from __future__ import annotations

import gc
import os
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager

#: The done-when figures of issue #25: no request uses more than 1 s of CPU or 200 MB.
CPU_BUDGET_S = float(os.environ.get("TJ_FUZZ_CPU_BUDGET", "1.0"))
MEMORY_BUDGET_MB = float(os.environ.get("TJ_FUZZ_MEMORY_BUDGET_MB", "200"))
#: The cap is the budget times this slack: a request between the two is a failure that is
#: measured; past the cap it is interrupted (the unfixed dabong! hands would run 5-45 s).
CPU_SLACK = float(os.environ.get("TJ_FUZZ_CPU_SLACK", "1.5"))


class CpuOver(BaseException):
    """The CPU cap was spent (deliberately not an ``Exception``: see the module docstring)."""


def cpu_cap_s() -> float:
    return CPU_BUDGET_S * CPU_SLACK


def _on_sigprof(signum: int, frame: object) -> None:
    raise CpuOver


@contextmanager
def cpu_capped(seconds: float) -> Iterator[None]:
    """Run the block with at most ``seconds`` of process CPU time, else raise ``CpuOver``."""
    previous = signal.signal(signal.SIGPROF, _on_sigprof)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Run the block with the objects that exist now out of the garbage collector's sight.

    A gunicorn worker answers from a heap of a few megabytes; the pytest process carries
    everything the tests before this one built (Hypothesis' data, the apps, playouts), and a
    full collection over that heap, triggered by a request that allocates a lot, was
    counted against the request's CPU budget (1.2-1.3 s for a 50 ms refusal in the CI run of
    9acf7ec; the service's own limit fired in a Hypothesis GC callback). Freezing the heap
    that was there before measures the request as a worker would run it; what the block
    allocates is still collected as usual.
    """
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def process_cpu() -> float:
    return time.process_time()


def _status_kib(pid: int | str, field: str) -> int | None:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def reset_peak(pid: int | str = "self") -> int | None:
    """Reset the kernel's resident peak (VmHWM) of ``pid`` and answer its resident size in KiB.

    Linux only; None where /proc is not there (the memory check is then skipped).
    """
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        return None
    return _status_kib(pid, "VmRSS")


def peak_growth_mb(before_kib: int | None, pid: int | str = "self") -> float | None:
    """Resident peak since ``reset_peak`` above the size it answered, in MB."""
    if before_kib is None:
        return None
    peak = _status_kib(pid, "VmHWM")
    return None if peak is None else max(0, peak - before_kib) / 1024
