"""Driving ``wrk`` against a loopback URL with a fixed POST body, and reading its report."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


@dataclass(frozen=True, slots=True, kw_only=True)
class WrkResult:
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    requests: int
    non_2xx: int
    socket_errors: int


def wrk_path() -> str | None:
    return shutil.which("wrk")


def _lua(body: bytes) -> str:
    # A Lua long bracket of level 3 keeps the JSON byte-for-byte (it contains no "]===]").
    text = body.decode("utf-8")
    if "]===]" in text:
        raise ValueError("body contains the Lua long-bracket terminator")
    return (
        'wrk.method = "POST"\n'
        'wrk.headers["Content-Type"] = "application/json"\n'
        f"wrk.body = [===[{text}]===]\n"
    )


def _ms(value: str) -> float:
    match = re.fullmatch(r"([\d.]+)(us|ms|s|m)", value)
    if not match:
        raise ValueError(f"unreadable wrk latency {value!r}")
    return float(match.group(1)) * _UNITS[match.group(2)]


def parse(report: str) -> WrkResult:
    rps = re.search(r"Requests/sec:\s+([\d.]+)", report)
    total = re.search(r"(\d+) requests in", report)
    p50 = re.search(r"^\s+50%\s+(\S+)", report, re.M)
    p99 = re.search(r"^\s+99%\s+(\S+)", report, re.M)
    if not (rps and total and p50 and p99):
        raise ValueError("wrk report not understood:\n" + report)
    non_2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", report)
    sock = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", report)
    return WrkResult(
        requests_per_second=float(rps.group(1)),
        p50_ms=_ms(p50.group(1)),
        p99_ms=_ms(p99.group(1)),
        requests=int(total.group(1)),
        non_2xx=int(non_2xx.group(1)) if non_2xx else 0,
        socket_errors=sum(int(x) for x in sock.groups()) if sock else 0,
    )


def run_wrk(url: str, body: bytes, *, seconds: int, connections: int, threads: int = 1) -> WrkResult:
    """One bounded wrk run (its own -d, and a hard subprocess timeout on top)."""
    if not url.startswith("http://127.0.0.1:"):
        raise ValueError("loopback only")
    binary = wrk_path()
    if binary is None:
        raise FileNotFoundError("wrk is not installed (apt-get install -y wrk)")
    with tempfile.TemporaryDirectory(prefix="bench-wrk-") as tmp:
        script = Path(tmp) / "post.lua"
        script.write_text(_lua(body), encoding="utf-8")
        done = subprocess.run(
            [
                binary,
                f"-t{threads}",
                f"-c{connections}",
                f"-d{seconds}s",
                "--timeout",
                "5s",
                "--latency",
                "-s",
                str(script),
                url,
            ],
            capture_output=True,
            text=True,
            timeout=seconds + 30,
            check=True,
        )
    return parse(done.stdout)
