"""Load test: a real gunicorn on loopback, mixed realistic requests, wrk as the client.

    python -m tools.load                    # 60 s, 64 connections, writes docs/load.md
    python -m tools.load --duration 10 --kill-worker-at 5 --no-write

Bounded in time (``--duration``, wrk stops by itself) and in connections,
loopback only. Bodies are real mid-game states of every registered game, made
by seeded random playouts through the rules core. With ``--kill-worker-at`` a
worker is SIGKILLed mid-run: the run must show no error beyond the requests
in flight on that worker (sync workers: at most one each), and gunicorn must
be back to its full worker count on its own.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rules_core.games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
OPERATIONS = ("validate", "apply", "legal-actions", "view")


def mid_game_bodies(per_game: int = 6, seed: int = 1) -> list[tuple[str, str]]:
    """(path, JSON body) pairs: validate/apply/legal-actions/view on mid-game states."""
    rng = random.Random(seed)
    out: list[tuple[str, str]] = []
    for game in REGISTRY:
        for n in range(per_game):
            seats = game.min_seats + n % (game.max_seats - game.min_seats + 1)
            state = game.deal(
                seats=seats, options=game.presets[game.default_preset], seed=seed + n, deck_order=None
            )
            for _ in range(rng.randrange(3, 15)):
                page = game.legal_actions(state, limit=50)
                if game.is_over(state) or not page.entries:
                    break
                outcome = game.apply(state, rng.choice(page.entries).action)
                if outcome.state is None:
                    break
                state = outcome.state
            page = game.legal_actions(state, limit=50)
            if game.is_over(state) or not page.entries:
                continue
            action = rng.choice(page.entries).action.to_json()
            state_json = game.state_to_json(state)
            seat = action["seat"]
            bodies = {
                "validate": {"state": state_json, "action": action},
                "apply": {"state": state_json, "action": action},
                "legal-actions": {"state": state_json},
                "view": {"state": state_json, "seat": seat},
            }
            for op in OPERATIONS:
                out.append((f"/v1/games/{game.name}/{op}", json.dumps(bodies[op], separators=(",", ":"))))
    return out


def lua_script(bodies: list[tuple[str, str]]) -> str:
    items = ",\n".join(f'  {{path="{path}", body=[==[{body}]==]}}' for path, body in bodies)
    return f"""
local bodies = {{
{items}
}}
local i = 0
request = function()
  i = i % #bodies + 1
  local b = bodies[i]
  return wrk.format("POST", b.path, {{["Content-Type"]="application/json"}}, b.body)
end
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_ready(port: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not start")


def worker_pids(master: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(master)], capture_output=True, text=True)
    return [int(x) for x in out.stdout.split()]


def parse_wrk(text: str) -> dict[str, Any]:
    def grab(pattern: str, default: str = "0") -> str:
        m = re.search(pattern, text)
        return m.group(1) if m else default

    def ms(value: str) -> float:
        m = re.match(r"([\d.]+)(us|ms|s)", value)
        if not m:
            return float("nan")
        n, unit = float(m.group(1)), m.group(2)
        return n / 1000 if unit == "us" else n * 1000 if unit == "s" else n

    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    return {
        "requests": int(grab(r"(\d+) requests in")),
        "rps": float(grab(r"Requests/sec:\s+([\d.]+)")),
        "p50_ms": ms(grab(r"50%\s+(\S+)", "nan")),
        "p90_ms": ms(grab(r"90%\s+(\S+)", "nan")),
        "p99_ms": ms(grab(r"99%\s+(\S+)", "nan")),
        "non_2xx": int(grab(r"Non-2xx or 3xx responses: (\d+)")),
        "socket_errors": sum(int(x) for x in socket_errors.groups()) if socket_errors else 0,
    }


def run(duration: int, connections: int, kill_at: float | None) -> dict[str, Any]:
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: apt-get install -y wrk")
    bodies = mid_game_bodies()
    port = free_port()
    env = {**os.environ, "BIND": f"127.0.0.1:{port}"}
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "mix.lua"
        script.write_text(lua_script(bodies))
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"), "service.wsgi:app"],
            cwd=ROOT,
            env=env,
            # The access log would fill a pipe nobody reads: send it nowhere.
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_ready(port)
            time.sleep(1.0)
            workers_before = len(worker_pids(server.pid))
            client = subprocess.Popen(
                [
                    "wrk",
                    "-t2",
                    f"-c{connections}",
                    f"-d{duration}s",
                    "--latency",
                    "--timeout",
                    "10s",
                    "-s",
                    str(script),
                    f"http://127.0.0.1:{port}",
                ],
                stdout=subprocess.PIPE,
                text=True,
            )
            killed = None
            recovered_after = None
            if kill_at is not None:
                time.sleep(kill_at)
                victims = worker_pids(server.pid)
                if victims:
                    killed = victims[0]
                    os.kill(killed, signal.SIGKILL)
                    t0 = time.monotonic()
                    while time.monotonic() - t0 < 30:
                        pids = worker_pids(server.pid)
                        if len(pids) >= workers_before and killed not in pids:
                            recovered_after = round(time.monotonic() - t0, 2)
                            break
                        time.sleep(0.1)
            stdout, _ = client.communicate(timeout=duration + 60)
            rss = [_rss_mb(pid) for pid in worker_pids(server.pid)]
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
    result = parse_wrk(stdout)
    result.update(
        duration_s=duration,
        connections=connections,
        workers=workers_before,
        distinct_bodies=len(bodies),
        killed_worker=killed,
        recovered_after_s=recovered_after,
        worker_rss_mb=max(rss) if rss else None,
        raw=stdout,
    )
    return result


def _rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--duration", type=int, default=60)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--kill-worker-at", type=float, default=None, help="seconds into the run")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    if not 1 <= args.duration <= 600 or not 1 <= args.connections <= 512:
        parser.error("duration 1..600 s and connections 1..512")
    plain = run(args.duration, args.connections, None)
    errors = plain["non_2xx"] + plain["socket_errors"]
    print(json.dumps({k: v for k, v in plain.items() if k != "raw"}, indent=2))
    killed = None
    if args.kill_worker_at is not None:
        killed = run(args.duration, args.connections, args.kill_worker_at)
        print(json.dumps({k: v for k, v in killed.items() if k != "raw"}, indent=2))
    ok = errors == 0 and (
        killed is None
        or (killed["non_2xx"] + killed["socket_errors"] <= 1 and killed["recovered_after_s"] is not None)
    )
    if not args.no_write:
        write_report(plain, killed)
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


def write_report(plain: dict[str, Any], killed: dict[str, Any] | None) -> None:
    lines = [
        "# Load test",
        "",
        "Made by `python -m tools.load --kill-worker-at 30` (gunicorn with `gunicorn.conf.py` on",
        "127.0.0.1, wrk with 2 threads, mixed `validate`/`apply`/`legal-actions`/`view` bodies of",
        "every registered game).",
        "",
        "| run | duration | connections | requests | req/s | p50 ms | p90 ms | p99 ms | non-2xx |"
        " socket errors | worker RSS MB |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, r in (("steady", plain), ("worker killed", killed)):
        if r is None:
            continue
        lines.append(
            f"| {name} | {r['duration_s']} s | {r['connections']} | {r['requests']} | {r['rps']:.0f} | "
            f"{r['p50_ms']:.1f} | {r['p90_ms']:.1f} | {r['p99_ms']:.1f} | {r['non_2xx']} | "
            f"{r['socket_errors']} | {r['worker_rss_mb']} |"
        )
    if killed is not None:
        lines += [
            "",
            f"Worker {killed['killed_worker']} was SIGKILLed mid-run; gunicorn had all "
            f"{killed['workers']} workers again after {killed['recovered_after_s']} s. Requests lost: "
            f"{killed['non_2xx'] + killed['socket_errors']} (a sync worker has at most one in flight).",
        ]
    (ROOT / "docs" / "load.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    raise SystemExit(main())
