"""Slow clients (slowloris) against bare gunicorn and against nginx + gunicorn, measured.

    python -m tools.slow_clients                          # 0, 200 and 500 slow connections, 25 s each
    python -m tools.slow_clients --slow 200 --duration 20 --targets nginx

For each target and each count of slow connections: a fresh gunicorn (``gunicorn.conf.py``,
``--workers`` sync workers, 2 by default) on a free loopback port, alone or behind nginx
(``deploy.serve.Pair``); the slow connections each send a request line and then one header line
every ``--interval`` seconds, never the blank line that ends the header (reopened when the server
drops one, so the count holds); meanwhile one thread sends health probes (``GET /v1/health``) and
another real requests (``POST /v1/games/99/deal``, then ``POST .../validate`` of a legal play from
the dealt state), each with a ``--timeout``. Printed: the share answered 200 and the latencies.

Everything goes to 127.0.0.1 and stops by itself: counts and duration are capped, the slow
connections' thread ends at its own deadline, and every process started is stopped at the end.
``tests/deploy/test_slow_clients.py`` uses the same pieces for a short run in the suite.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import platform
import selectors
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from deploy.serve import Pair, nginx_binary, start_gunicorn, stop, wait_listening

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
# README's example: seed 7 deals seat 0 the King of diamonds, which it may play (Count 0 -> 99).
DEAL_BODY = {"seats": 2, "seed": 7}
PLAY = {"type": "play", "seat": 0, "cards": ["KD"]}


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


class SlowClients:
    """``count`` slowloris connections to ``HOST:port``, driven by one thread, for at most ``max_seconds``.

    Each connection sends ``GET /v1/health HTTP/1.1`` and a Host line, then one more header line
    every ``interval`` seconds and never the blank line that would end the request. A connection the
    server closes or answers (nginx does after its client_header_timeout) is counted as dropped and
    replaced, so about ``count`` stay open. Use as a context manager; ``opened`` is True once the
    first ``count`` connections are up.
    """

    def __init__(self, port: int, count: int, *, interval: float = 1.5, max_seconds: float = 60.0) -> None:
        self.port, self.count, self.interval, self.max_seconds = port, count, interval, max_seconds
        self.open = 0  # connections open now
        self.connected = 0  # connections made in all (the first `count` and their replacements)
        self.dropped = 0  # closed or answered by the server, or failed on send
        self.failed_connects = 0
        self.opened = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="slow-clients", daemon=True)
        self._selector = selectors.DefaultSelector()  # epoll: select() stops at descriptor 1024
        self._socks: set[socket.socket] = set()
        self._round = 0

    def __enter__(self) -> SlowClients:
        self._thread.start()
        self.opened.wait(timeout=30)
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=30)

    def _open_one(self) -> None:
        try:
            sock = socket.create_connection((HOST, self.port), timeout=2)
            sock.sendall(b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        except OSError:
            self.failed_connects += 1
            return
        sock.setblocking(False)
        self._selector.register(sock, selectors.EVENT_READ)
        self._socks.add(sock)
        self.connected += 1
        self.open = len(self._socks)

    def _drop(self, sock: socket.socket) -> None:
        self._selector.unregister(sock)
        self._socks.discard(sock)
        sock.close()
        self.dropped += 1
        self.open = len(self._socks)

    def _top_up(self) -> None:
        while len(self._socks) < self.count and not self._stop.is_set():
            before = self.failed_connects
            self._open_one()
            if self.failed_connects > before:
                break  # try again next round rather than spin on a refusing server

    def _trickle(self) -> None:
        self._round += 1
        line = b"X-Slow-%d: 1\r\n" % self._round
        for sock in list(self._socks):
            try:
                sock.send(line)
            except OSError:  # reset by the server, or (never with ~20 bytes) a full send buffer
                self._drop(sock)

    def _run(self) -> None:
        deadline = time.monotonic() + self.max_seconds
        try:
            self._top_up()
            self.opened.set()
            next_line = time.monotonic() + self.interval
            while not self._stop.is_set() and time.monotonic() < deadline:
                for key, _ in self._selector.select(timeout=max(0.0, min(0.2, next_line - time.monotonic()))):
                    sock = key.fileobj
                    assert isinstance(sock, socket.socket)
                    with contextlib.suppress(OSError):
                        sock.recv(65536)  # an answer (a 408/400) or the end: either way it is over
                    self._drop(sock)
                if time.monotonic() >= next_line:
                    self._trickle()
                    self._top_up()
                    next_line += self.interval
        finally:
            self.opened.set()
            for sock in list(self._socks):
                self._selector.unregister(sock)
                sock.close()
            self._socks.clear()
            self.open = 0
            self._selector.close()


def _request(port: int, method: str, path: str, body: Any, timeout: float) -> tuple[int, Any]:
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        payload = None if body is None else json.dumps(body)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=payload, headers=headers)
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        conn.close()


def probe_health(port: int, timeout: float) -> tuple[bool, float]:
    """(answered 200 with status ok, seconds taken)."""
    t0 = time.monotonic()
    try:
        status, body = _request(port, "GET", "/v1/health", None, timeout)
        ok = status == 200 and body.get("status") == "ok"
    except (OSError, http.client.HTTPException, ValueError):
        ok = False
    return ok, time.monotonic() - t0


def probe_validate(port: int, timeout: float) -> tuple[bool, float]:
    """Deal, then validate a legal play from the dealt state: (both 200 and legal, validate seconds).

    The deal is the client's set-up; the time reported is the validate request's.
    """
    try:
        status, dealt = _request(port, "POST", "/v1/games/99/deal", DEAL_BODY, timeout)
        if status != 200:
            return False, float("nan")
        t0 = time.monotonic()
        status, verdict = _request(
            port, "POST", "/v1/games/99/validate", {"state": dealt["state"], "action": PLAY}, timeout
        )
        return status == 200 and verdict.get("legal") is True, time.monotonic() - t0
    except (OSError, http.client.HTTPException, ValueError):
        return False, float("nan")


@dataclass
class Probes:
    """Results of one probe, sent every ``period`` seconds from its own thread until stopped."""

    probe: Callable[[int, float], tuple[bool, float]]
    port: int
    period: float
    timeout: float
    results: list[tuple[bool, float]] = field(default_factory=list)

    def run_for(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            t0 = time.monotonic()
            self.results.append(self.probe(self.port, self.timeout))
            time.sleep(max(0.0, self.period - (time.monotonic() - t0)))

    def summary(self) -> dict[str, Any]:
        times = sorted(t for ok, t in self.results if ok)
        return {
            "sent": len(self.results),
            "answered": len(times),
            "p50_ms": _pct(times, 0.50),
            "p99_ms": _pct(times, 0.99),
            "max_ms": round(times[-1] * 1000, 1) if times else None,
        }


def _pct(sorted_s: list[float], q: float) -> float | None:
    if not sorted_s:
        return None
    return round(sorted_s[min(len(sorted_s) - 1, int(q * len(sorted_s)))] * 1000, 1)


def probe_together(probes: list[Probes], seconds: float) -> None:
    threads = [threading.Thread(target=p.run_for, args=(seconds,), daemon=True) for p in probes]
    for t in threads:
        t.start()
    for t in threads:
        # A probe in flight at the end finishes within its timeout.
        t.join(timeout=seconds + max(p.timeout for p in probes) * 3 + 5)


@contextlib.contextmanager
def bare_gunicorn(workers: int) -> Iterator[int]:
    """gunicorn alone on a free loopback port; yields the port."""
    address = f"{HOST}:{free_port()}"
    proc = start_gunicorn(address, workers=workers, quiet=True)
    try:
        wait_listening(address, proc)
        yield int(address.rsplit(":", 1)[1])
    finally:
        # Quick shutdown (SIGINT): its workers may still be stuck on slow connections.
        stop(proc, signal.SIGINT, grace=10)


@contextlib.contextmanager
def behind_nginx(workers: int) -> Iterator[int]:
    """gunicorn on a free loopback port with nginx in front on another; yields nginx's port."""
    listen, upstream = f"{HOST}:{free_port()}", f"{HOST}:{free_port()}"
    with Pair(listen, upstream, workers=workers, quiet=True, stop_grace=5) as _:
        yield int(listen.rsplit(":", 1)[1])


def measure(
    target: str, slow: int, *, duration: float, workers: int, interval: float, timeout: float
) -> dict[str, Any]:
    server = bare_gunicorn if target == "gunicorn" else behind_nginx
    with server(workers) as port:
        # The app is imported lazily by each worker: one request first, so start-up is not measured.
        probe_health(port, 10)
        with SlowClients(port, slow, interval=interval, max_seconds=duration + 30) as clients:
            time.sleep(2 * interval)  # every slow connection has sent a header line or two
            held_at_start = clients.open
            health = Probes(probe_health, port, period=0.25, timeout=timeout)
            validate = Probes(probe_validate, port, period=0.5, timeout=timeout)
            probe_together([health, validate], duration)
            held_at_end, dropped = clients.open, clients.dropped
    return {
        "target": target,
        "slow": slow,
        "workers": workers,
        "duration_s": duration,
        "held_at_start": held_at_start,
        "held_at_end": held_at_end,
        "dropped_by_server": dropped,
        "health": health.summary(),
        "validate": validate.summary(),
    }


def _row(r: dict[str, Any]) -> str:
    h, v = r["health"], r["validate"]

    def cell(x: Any) -> str:
        return "-" if x is None else str(x)

    return (
        f"| {'nginx + gunicorn' if r['target'] == 'nginx' else 'gunicorn alone'} | {r['slow']} | "
        f"{h['answered']}/{h['sent']} | {cell(h['p50_ms'])} | {cell(h['p99_ms'])} | "
        f"{v['answered']}/{v['sent']} | {cell(v['p50_ms'])} | {cell(v['p99_ms'])} | "
        f"{r['held_at_end']} ({r['dropped_by_server']}) |"
    )


def _commit() -> str:
    out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--slow", default="0,200,500", help="slow connections per run (%(default)s)")
    parser.add_argument("--targets", default="gunicorn,nginx", help="gunicorn (alone), nginx (in front)")
    parser.add_argument("--duration", type=float, default=25.0, help="seconds of probing per run")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers (WEB_CONCURRENCY)")
    parser.add_argument("--interval", type=float, default=1.5, help="seconds between a slow client's lines")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds a probe waits for its answer")
    args = parser.parse_args(argv)
    counts = [int(x) for x in args.slow.split(",")]
    targets = args.targets.split(",")
    if not all(0 <= n <= 1000 for n in counts) or not 1 <= args.duration <= 120:
        parser.error("slow connections 0..1000 and duration 1..120 s")
    if not set(targets) <= {"gunicorn", "nginx"}:
        parser.error("targets: gunicorn, nginx")
    if "nginx" in targets and nginx_binary() is None:
        parser.error("nginx is not installed (Debian: apt-get install nginx)")
    load = os.getloadavg()
    print(
        f"# {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, commit {_commit()}, {platform.node()} "
        f"({os.cpu_count()} cores, load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}), "
        f"{args.workers} sync workers, a slow line every {args.interval} s, "
        f"probes time out after {args.timeout} s, {args.duration:g} s each"
    )
    print(
        "| server | slow connections | health answered | p50 ms | p99 ms | validate answered | p50 ms | "
        "p99 ms | slow held at end (dropped) |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    results = []
    for target in targets:
        for slow in counts:
            r = measure(
                target,
                slow,
                duration=args.duration,
                workers=args.workers,
                interval=args.interval,
                timeout=args.timeout,
            )
            results.append(r)
            print(_row(r), flush=True)
    # The raw figures on stderr, for whoever wants more than the table.
    print(json.dumps(results), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
