"""Where the figures came from: cpu, cores, python, date and how busy the machine was."""

from __future__ import annotations

import datetime as dt
import os
import platform
import sys
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Machine:
    cpu_model: str
    cores: int
    usable_cores: int
    memory_mb: int
    python: str
    platform: str
    date_utc: str
    load_at_start: str

    def rows(self) -> list[tuple[str, str]]:
        return [
            ("cpu", self.cpu_model),
            ("cores (usable)", f"{self.cores} ({self.usable_cores})"),
            ("memory", f"{self.memory_mb} MB"),
            ("python", self.python),
            ("platform", self.platform),
            ("date (UTC)", self.date_utc),
            ("load average at start (1/5/15 min)", self.load_at_start),
        ]


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _memory_mb() -> int:
    try:
        with open("/proc/meminfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        pass
    return 0


def load_average() -> str:
    try:
        return " / ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def describe_machine() -> Machine:
    return Machine(
        cpu_model=_cpu_model(),
        cores=os.cpu_count() or 1,
        usable_cores=len(os.sched_getaffinity(0)),
        memory_mb=_memory_mb(),
        python=f"{platform.python_implementation()} {sys.version.split()[0]}",
        platform=platform.platform(),
        date_utc=dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        load_at_start=load_average(),
    )
