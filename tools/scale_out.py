"""Scale-out on this machine: nginx as the load balancer in front of gunicorn replicas, under wrk.

    python -m tools.scale_out                   # the figures of docs/operations.md (about 3.5 min)
    python -m tools.scale_out --duration 20 --kill-at 10 --compare-duration 10

Loopback only, bounded in time (wrk stops by itself) and connections. Runs, each against the
balancer (deploy/balancer.py, the deploy/nginx template) with mixed realistic POSTs: deal, and
validate, apply and legal-actions on states dealt through the service, for the three games:

1. one replica (default workers): the baseline;
2. three replicas (default workers each), one of them SIGKILLed (its whole process group) at
   ``--kill-at`` seconds and started again ``--restart-after`` seconds later: goal, zero failed
   requests (the balancer passes what the dead replica dropped to another one);
3. one worker per replica, one replica against three (``--compare-duration`` each).

Needs nginx and wrk (Debian: apt-get install nginx wrk). Exit status 1 if run 2 failed requests.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import platform
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from deploy.balancer import Balancer
from deploy.serve import nginx_binary, wait_listening
from tools.load import lua_script, parse_wrk
from tools.slow_clients import free_port

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
GAMES = ("99", "dobon", "dabong")


class Replica:
    """One gunicorn (gunicorn.conf.py) on a loopback port, in its own process group."""

    def __init__(self, port: int, workers: int | None, metrics_dir: Path) -> None:
        self.port, self.workers, self.metrics_dir = port, workers, metrics_dir
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def address(self) -> str:
        return f"{HOST}:{self.port}"

    def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("HOST", "PORT", "WEB_CONCURRENCY")}
        env.update(BIND=self.address, PROMETHEUS_MULTIPROC_DIR=str(self.metrics_dir), LOG_LEVEL="warning")
        if self.workers is not None:
            env["WEB_CONCURRENCY"] = str(self.workers)
        self.metrics_dir.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"), "service.wsgi:app"],
            cwd=ROOT,
            env=env,
            # Its JSON request lines would fill a pipe nobody reads.
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        wait_listening(self.address, self.proc)

    def kill(self) -> None:
        """SIGKILL to the master and its workers at once: a machine or container lost."""
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


def _post(port: int, path: str, body: Any) -> tuple[int, Any]:
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


def realistic_bodies(port: int, tables_per_game: int = 4) -> list[tuple[str, str]]:
    """(path, body): deal, and validate/apply/legal-actions on states dealt through the service."""
    out: list[tuple[str, str]] = []

    def add(path: str, body: Any) -> None:
        status, answer = _post(port, path, body)
        if status != 200:
            raise RuntimeError(f"{path} answered {status} while preparing the bodies: {answer}")
        out.append((path, json.dumps(body, separators=(",", ":"))))

    for game in GAMES:
        for n in range(tables_per_game):
            deal = {"seats": 2 + n % 3, "seed": 100 + n}
            status, dealt = _post(port, f"/v1/games/{game}/deal", deal)
            if status != 200:
                raise RuntimeError(f"deal of {game} answered {status}: {dealt}")
            state = dealt["state"]
            out.append((f"/v1/games/{game}/deal", json.dumps(deal)))
            add(f"/v1/games/{game}/legal-actions", {"state": state, "limit": 20})
            _, listed = _post(port, f"/v1/games/{game}/legal-actions", {"state": state, "limit": 20})
            actions = [entry["action"] for entry in listed["actions"]][:2]
            for action in actions:
                add(f"/v1/games/{game}/validate", {"state": state, "action": action})
                add(f"/v1/games/{game}/apply", {"state": state, "action": action})
    return out


@contextlib.contextmanager
def cluster(replicas: int, workers: int | None, tmp: Path) -> Iterator[tuple[int, list[Replica]]]:
    """``replicas`` gunicorns behind the balancer; yields (balancer port, replicas)."""
    nodes = [Replica(free_port(), workers, tmp / f"metrics-{i}") for i in range(replicas)]
    port = free_port()
    try:
        for node in nodes:
            node.start()
        with Balancer(f"{HOST}:{port}", [n.address for n in nodes], quiet=True):
            deadline = time.monotonic() + 30
            while True:
                try:
                    conn = http.client.HTTPConnection(HOST, port, timeout=5)
                    conn.request("GET", "/v1/ready")
                    if conn.getresponse().status == 200:
                        break
                except OSError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError("the cluster never became ready")
                time.sleep(0.2)
            yield port, nodes
    finally:
        for node in nodes:
            node.stop()


def wrk(port: int, script: Path, duration: int, connections: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            *["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--latency", "--timeout", "10s"],
            *["-s", str(script), f"http://{HOST}:{port}"],
        ],
        stdout=subprocess.PIPE,
        text=True,
    )


def run(
    name: str,
    *,
    replicas: int,
    workers: int | None,
    duration: int,
    connections: int,
    bodies: list[tuple[str, str]] | None,
    kill_at: float | None = None,
    restart_after: float = 5.0,
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    with tempfile.TemporaryDirectory(prefix="table-judge-scale-") as tmp_name:
        tmp = Path(tmp_name)
        with cluster(replicas, workers, tmp) as (port, nodes):
            bodies = bodies or realistic_bodies(port)
            script = tmp / "mix.lua"
            script.write_text(lua_script(bodies))
            started = time.monotonic()
            client = wrk(port, script, duration, connections)
            events: list[str] = []
            if kill_at is not None:
                time.sleep(kill_at)
                victim = nodes[1 % len(nodes)]
                victim.kill()
                events.append(f"replica {victim.address} SIGKILLed at {time.monotonic() - started:.1f} s")
                time.sleep(restart_after)
                victim.start()
                events.append(f"started again at {time.monotonic() - started:.1f} s")
            stdout, _ = client.communicate(timeout=duration + 60)
    result = parse_wrk(stdout)
    result.update(
        run=name,
        replicas=replicas,
        workers_per_replica=workers or "default",
        duration_s=duration,
        connections=connections,
        distinct_bodies=len(bodies),
        events=events,
        failed=result["non_2xx"] + result["socket_errors"],
    )
    return result, bodies


def table(results: list[dict[str, Any]]) -> str:
    lines = [
        "| run | replicas | workers each | duration | requests | req/s | p50 ms | p99 ms | failed |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        lines.append(
            f"| {r['run']} | {r['replicas']} | {r['workers_per_replica']} | {r['duration_s']} s | "
            f"{r['requests']} | {r['rps']:.0f} | {r['p50_ms']:.1f} | {r['p99_ms']:.1f} | {r['failed']} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--duration", type=int, default=60)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--kill-at", type=float, default=30.0)
    parser.add_argument("--restart-after", type=float, default=5.0)
    parser.add_argument("--compare-duration", type=int, default=20, help="0: skip the one-worker runs")
    args = parser.parse_args(argv)
    if not 5 <= args.duration <= 300 or not 1 <= args.connections <= 512:
        parser.error("duration 5..300 s, connections 1..512")
    if not 0 < args.kill_at < args.duration - args.restart_after:
        parser.error("--kill-at must leave room for --restart-after within --duration")
    if shutil.which("wrk") is None or nginx_binary() is None:
        print("tools.scale_out needs wrk and nginx (Debian: apt-get install wrk nginx)", file=sys.stderr)
        return 2
    common = {"duration": args.duration, "connections": args.connections}
    results = []
    one, bodies = run("one replica", replicas=1, workers=None, bodies=None, **common)
    results.append(one)
    killed, _ = run(
        "three replicas, one killed and restarted",
        replicas=3,
        workers=None,
        bodies=bodies,
        kill_at=args.kill_at,
        restart_after=args.restart_after,
        **common,
    )
    results.append(killed)
    if args.compare_duration:
        short = {"duration": args.compare_duration, "connections": args.connections}
        for n in (1, 3):
            result, _ = run(f"{n} replica(s), 1 worker each", replicas=n, workers=1, bodies=bodies, **short)
            results.append(result)
    for r in results:
        print(json.dumps({k: v for k, v in r.items() if k != "raw"}))
    print()
    print(
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}, "
        f"{platform.python_version()}"
    )
    print(table(results))
    ok = killed["failed"] == 0
    print("PASS: no failed request with a replica killed" if ok else f"FAIL: {killed['failed']} failed")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
