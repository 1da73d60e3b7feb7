"""HTTP under gunicorn (loopback), driven by wrk: the four adjudication endpoints per game
next to a bare route in the same app and workers that reads the same body.

Bodies are realistic: a mid-game state of a seeded 4-seat (or the nearest allowed)
random playout, with a legal action. Every body is first sent once through the
Flask test client: an endpoint that does not answer 200 there is reported and
not loaded. Rounds are interleaved (bare and real endpoints alternate).
"""

from __future__ import annotations

import json
import os
import re
import resource
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from rules_core.kernel import Game

from .config import RunConfig
from .games import GameCatalog, describe_error
from .measure import paired_ratio
from .playouts import midgame_cases
from .server import Server, memory_kb, start_server
from .tables import PartResult, Table, fmt_rate
from .wrk import WrkResult, run_wrk, wrk_path

ENDPOINTS: tuple[str, ...] = ("validate", "apply", "legal-actions", "view")
BARE = "bare (same body)"


def request_bodies(game: Game[Any]) -> dict[str, bytes]:
    seats = min(max(4, game.min_seats), game.max_seats)
    cases = midgame_cases(game, seats=seats, options=game.presets[game.default_preset], seeds=range(7, 12))
    if not cases:
        raise RuntimeError("no playout reached a live mid-game state")
    case = cases[0]
    state = game.state_to_json(case.state)
    action = case.action.to_json()
    bodies = {
        "validate": {"state": state, "action": action},
        "apply": {"state": state, "action": action},
        "legal-actions": {"state": state},
        "view": {"state": state, "seat": case.viewer},
    }
    return {name: json.dumps(body, separators=(",", ":")).encode() for name, body in bodies.items()}


def _path(game: str, endpoint: str) -> str:
    return "/bench/bare" if endpoint == BARE else f"/v1/games/{game}/{endpoint}"


def _precheck(app: Any, game: str, bodies: dict[str, bytes]) -> dict[str, str]:
    """Endpoint -> problem, for every endpoint that does not answer 200 in process."""
    client = app.test_client()
    problems = {}
    for endpoint in (*ENDPOINTS, BARE):
        body = bodies["validate"] if endpoint == BARE else bodies[endpoint]
        response = client.post(_path(game, endpoint), data=body, content_type="application/json")
        if response.status_code != 200:
            problems[endpoint] = f"HTTP {response.status_code}: {response.get_data(as_text=True)[:160]}"
    return problems


_ACCESS = re.compile(r'"POST (\S+) HTTP/[\d.]+" (\d{3}) ')


def _non_200_statuses(log: Path) -> Counter[tuple[str, str]]:
    """(path, status) -> count for every answer that was not 200, from the access log."""
    counts: Counter[tuple[str, str]] = Counter()
    try:
        text = log.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return counts
    for match in _ACCESS.finditer(text):
        if match.group(2) != "200":
            counts[(match.group(1), match.group(2))] += 1
    return counts


def run_http(catalog: GameCatalog, config: RunConfig) -> PartResult:
    started = time.perf_counter()
    part = PartResult(name="http", title="HTTP under gunicorn on loopback, driven by wrk")
    if wrk_path() is None:
        part.skipped.append(("http", "wrk not installed (apt-get update && apt-get install -y wrk)"))
        return part
    try:
        from .bench_wsgi import build_app

        app = build_app()
    except Exception as exc:
        part.skipped.append(("http", f"service.app.create_app not usable yet: {describe_error(exc)}"))
        return part
    for name, why in catalog.missing:
        part.skipped.append((f"http: {name}", why))
    plan: dict[str, dict[str, bytes]] = {}
    for name, game in catalog.games.items():
        try:
            bodies = request_bodies(game)
            problems = _precheck(app, name, bodies)
        except Exception as exc:
            part.skipped.append((f"http: {name}", describe_error(exc)))
            continue
        for endpoint, problem in problems.items():
            part.skipped.append((f"http: {name} {endpoint}", problem))
        if BARE in problems:
            continue
        plan[name] = {e: bodies[e] for e in ENDPOINTS if e not in problems}
        plan[name][BARE] = bodies["validate"]
    if not plan:
        part.skipped.append(("http", "no game endpoint answers 200 yet"))
        return part
    # Kept after the run (outside the repo): its access log says what any non-2xx answer was.
    log = Path(tempfile.gettempdir()) / "table-judge-bench-gunicorn.log"
    _load(part, plan, config, log)
    statuses = _non_200_statuses(log)
    if statuses:
        part.notes.append(
            "Non-200 answers in gunicorn's access log ("
            + ", ".join(f"{path} {status}: {n}" for (path, status), n in sorted(statuses.items()))
            + f"); the log is {log}."
        )
    part.seconds = time.perf_counter() - started
    return part


Runs = dict[tuple[str, str], dict[int, WrkResult]]
#: (game, endpoint) -> round -> CPU seconds per request (gunicorn master and workers, and wrk).
CpuRuns = dict[tuple[str, str], dict[int, float]]


def _server_cpu_seconds(server: Server) -> float:
    """User + system CPU time so far of gunicorn's master and its workers, from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in [server.process.pid, *server.worker_pids()]:
        try:
            with open(f"/proc/{pid}/stat", encoding="utf-8") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / ticks


def _children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _load(part: PartResult, plan: dict[str, dict[str, bytes]], config: RunConfig, log: Path) -> None:
    try:
        server = start_server(log)
    except Exception as exc:
        part.skipped.append(("http", describe_error(exc)))
        return
    results: Runs = {}
    cpu: CpuRuns = {}
    peak_kb: dict[int, int] = {}
    try:
        part.notes.append(f"gunicorn: {server.config_note}; {len(server.worker_pids())} workers.")
        # Warm-up: every worker imports lazily and fills its caches on first use; not measured.
        for game, bodies in plan.items():
            for endpoint, body in bodies.items():
                run_wrk(
                    server.base + _path(game, endpoint), body, seconds=1, connections=config.wrk_connections
                )
        for round_no in range(config.wrk_rounds):
            for game, bodies in plan.items():
                names = list(bodies)
                shift = round_no % len(names)
                for endpoint in names[shift:] + names[:shift]:
                    cpu_before = _server_cpu_seconds(server) + _children_cpu_seconds()
                    try:
                        result = run_wrk(
                            server.base + _path(game, endpoint),
                            bodies[endpoint],
                            seconds=config.wrk_seconds,
                            connections=config.wrk_connections,
                        )
                    except Exception as exc:
                        part.skipped.append(
                            (f"http: {game} {endpoint} round {round_no}", describe_error(exc))
                        )
                        continue
                    results.setdefault((game, endpoint), {})[round_no] = result
                    spent = _server_cpu_seconds(server) + _children_cpu_seconds() - cpu_before
                    cpu.setdefault((game, endpoint), {})[round_no] = spent / max(result.requests, 1)
                    for pid in server.worker_pids():
                        peak_kb[pid] = max(peak_kb.get(pid, 0), memory_kb(pid).get("VmRSS", 0))
        after = {pid: memory_kb(pid) for pid in server.worker_pids()}
    finally:
        server.stop()
    _tables(part, plan, results, config, cpu)
    _memory(part, after, peak_kb)


def _tables(
    part: PartResult, plan: dict[str, dict[str, bytes]], results: Runs, config: RunConfig, cpu: CpuRuns
) -> None:
    table = Table(
        title="Requests/s and latency (median over rounds)",
        columns=(
            "game",
            "endpoint",
            "body bytes",
            "req/s",
            "ratio to bare",
            "p50 ms",
            "p99 ms",
            "non-2xx",
            "socket errors",
            "CPU us/req",
            "CPU ratio to bare",
        ),
    )
    for game, bodies in plan.items():
        bare_rounds = {r: w.requests_per_second for r, w in results.get((game, BARE), {}).items()}
        for endpoint in (BARE, *ENDPOINTS):
            runs = results.get((game, endpoint))
            if not runs:
                continue
            rounds = {r: w.requests_per_second for r, w in runs.items()}
            ratio = paired_ratio(rounds, bare_rounds)
            spent = cpu.get((game, endpoint), {})
            cpu_us = statistics.median(spent.values()) * 1e6 if spent else 0.0
            part.figures[f"http_cpu_us/{game}/{endpoint}"] = cpu_us
            bare_spent = cpu.get((game, BARE), {})
            cpu_bare = statistics.median(bare_spent.values()) * 1e6 if bare_spent else 0.0
            table.add(
                game,
                endpoint,
                len(bodies[endpoint]),
                fmt_rate(statistics.median(rounds.values())),
                "-" if ratio is None else f"{ratio:.2f}",
                f"{statistics.median(w.p50_ms for w in runs.values()):.2f}",
                f"{statistics.median(w.p99_ms for w in runs.values()):.2f}",
                sum(w.non_2xx for w in runs.values()),
                sum(w.socket_errors for w in runs.values()),
                f"{cpu_us:.0f}" if cpu_us else "-",
                f"{cpu_bare / cpu_us:.2f}" if cpu_us and cpu_bare else "-",
            )
            part.figures[f"http/{game}/{endpoint}"] = statistics.median(rounds.values())
            part.figures[f"http_rounds/{game}/{endpoint}"] = rounds
            part.figures[f"http_body/{game}/{endpoint}"] = bodies[endpoint]
            if any(w.non_2xx for w in runs.values()):
                part.notes.append(f"{game} {endpoint}: non-2xx answers under load; its figure is suspect.")
    table.notes.append(
        f"wrk -t1 -c{config.wrk_connections} -d{config.wrk_seconds}s per run "
        "after a 1 s warm-up per endpoint, "
        f"{config.wrk_rounds} round(s) in rotated order; the load generator shares the server's cores. "
        "Ratio to bare = median over rounds of (endpoint req/s / bare req/s in the same round). The bare "
        "route reads the validate body and returns a constant. Socket errors are wrk's "
        "connect/read/write/timeout counts. CPU us/req = median over rounds of the CPU time the run "
        "cost (gunicorn's master and workers, and wrk, from /proc and getrusage) per request: on a "
        "machine shared with other load it tells the cost apart from the scheduling; CPU ratio to bare = "
        "bare CPU us/req / endpoint CPU us/req."
    )
    part.tables.append(table)


def _memory(part: PartResult, after: dict[int, dict[str, int]], peak_kb: dict[int, int]) -> None:
    table = Table(
        title="Worker memory (from /proc)",
        columns=("worker pid", "VmRSS after the run MB", "max VmRSS seen between runs MB", "VmHWM MB"),
    )
    for pid, mem in sorted(after.items()):
        table.add(
            pid,
            f"{mem.get('VmRSS', 0) / 1024:.1f}",
            f"{peak_kb.get(pid, 0) / 1024:.1f}",
            f"{mem.get('VmHWM', 0) / 1024:.1f}",
        )
    part.tables.append(table)
    if after:
        part.figures["worker_rss_mb"] = (
            max(max(m.get("VmRSS", 0), m.get("VmHWM", 0), peak_kb.get(pid, 0)) for pid, m in after.items())
            / 1024
        )
