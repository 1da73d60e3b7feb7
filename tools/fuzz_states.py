"""The state-aware fuzzer's long run (not part of the test suite).

    python -m tools.fuzz_states --minutes 30 --jobs 2
    python -m tools.fuzz_states --minutes 10 --gunicorn          # against a real gunicorn
    python -m tools.fuzz_states --minutes 5 --game dabong --write-regressions tests/fuzz/regressions

The strategies of ``tests/fuzz`` (reachable states from seeded playouts, mutated,
one request per case) with many more cases and seeds than the suite's share. Each
job runs Hypothesis in rounds of ``--round`` cases with a seed of its own. The first
time a kind of failure appears (its property, game, operation and, for a 500, the
exception and where it was raised) the round stops and Hypothesis shrinks that case;
the shrunk case is printed (and written with ``--write-regressions``), and later
cases of the same kind are only counted. With ``--gunicorn`` each job starts its own
gunicorn (one worker) on a free loopback port and measures the worker's CPU per
request; without it requests go through Flask's test client in the job's process.
Bounded by ``--minutes`` (plus the shrinking of a failure found near the end, at most
Hypothesis' 5 minutes); the servers stop with their jobs.

Beside the cases, each job sends every state of each playout it draws (once per playout)
back through the HTTP request path in a replay of no action: each must be accepted and
answered unchanged (the round trip at every step of a game; such a failure is a one-state
request already, kept as found without shrinking).

Prints the cases, the CPU seconds of the requests, the slowest request by CPU per
game and operation, and every kind of failure with how many cases it took and how
long until it was first seen. Exit status 1 when anything failed.
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import Manager
from pathlib import Path
from typing import Any

#: Cases per Hypothesis round: a round is also how often the time limit is looked at.
ROUND = 100
#: A shrink still going this long after the time limit stops trying (its last case is kept).
SHRINK_GRACE_S = 300


class _Found(Exception):
    """Raised inside a round so that Hypothesis shrinks a new kind of failure."""


def _found(key: str) -> None:
    # One raise statement for the first sighting and the shrinking both: Hypothesis tells
    # failures apart by where they are raised, and would not shrink across two places.
    raise _Found(key)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _job(job: int, args: argparse.Namespace, shared: Any = None) -> dict[str, Any]:
    from hypothesis import HealthCheck, Phase, given, seed, settings

    from tests.fuzz.harness import InProcessClient, round_trip_states
    from tests.fuzz.harness import run_request as send
    from tests.fuzz.strategies import cases, regression_record, request_record

    client: Any = None
    if args.gunicorn:
        from tests.fuzz.served import ServedClient

        client = ServedClient(free_port())
    else:
        client = InProcessClient()
    started = time.monotonic()
    deadline = started + args.minutes * 60
    games = tuple(args.game)
    out: dict[str, Any] = {
        "cases": 0,
        "requests": 0,
        "cpu_s": 0.0,
        "over_budget": 0,
        "playouts_walked": 0,
        "states_walked": 0,
    }
    counts: Counter[str] = Counter()
    first: dict[str, dict[str, Any]] = {}
    shrunk: dict[str, dict[str, Any]] = {}
    slowest: dict[str, tuple[float, str]] = {}
    per_op: Counter[str] = Counter()
    # Kinds already found by any job (a Manager dict): each kind is shrunk once per run.
    known: Any = shared if shared is not None else {}
    target: list[str | None] = [None]
    # Playouts whose every state this job has sent back already (a playout is drawn many times).
    walked: set[Any] = set()

    def walk(case: Any) -> None:
        """Every state of the case's playout, round-tripped through HTTP once per job. Its
        failures are one-state replays already, so they are kept as found, not shrunk."""
        played = case.playout
        key = (played.game, played.preset, played.seats, played.seed, played.players, played.overrides)
        if key in walked:
            return
        walked.add(key)
        where = case.describe().split(" state #")[0]
        outcome = round_trip_states(client, played.game, played.states, where)
        out["requests"] += len(outcome.timings)
        out["cpu_s"] += sum(cpu for _, _, cpu, _ in outcome.timings)
        out["playouts_walked"] += 1
        out["states_walked"] += len(played.states)
        for failure, request in outcome.failed:
            name = _key(failure)
            counts[name] += 1
            if name not in first:
                first[name] = {
                    "cases": out["cases"],
                    "seconds": round(time.monotonic() - started, 1),
                    "case": f"every state of {where}",
                    "failure": str(failure)[:1500],
                }
            if name not in known:
                known[name] = job
                shrunk[name] = {
                    "case": f"every state of {where}",
                    "failure": str(failure),
                    "record": request_record(failure, request, f"every state of {where}"),
                }

    def body(case: Any) -> None:
        if time.monotonic() > deadline + (SHRINK_GRACE_S if target[0] else 0):
            return
        outcome = send(client, case.request)
        keys = {_key(f): f for f in outcome.failures}
        if target[0] is None:
            walk(case)
        if target[0] is not None:  # shrinking: fail only with the kind being shrunk
            if target[0] in keys:
                shrunk[target[0]] = {
                    "case": case.describe(),
                    "failure": str(keys[target[0]]),
                    "record": regression_record(case, keys[target[0]]),
                }
                _found(target[0])
            return
        out["cases"] += 1
        out["requests"] += len(outcome.timings)
        out["over_budget"] += outcome.over_budget_refusals
        for game, op, cpu, shown in outcome.timings:
            out["cpu_s"] += cpu
            per_op[f"{game} {op}"] += 1
            if cpu > slowest.get(f"{game} {op}", (-1.0, ""))[0]:
                slowest[f"{game} {op}"] = (cpu, shown[:300])
        for key, failure in keys.items():
            counts[key] += 1
            if key not in first:
                first[key] = {
                    "cases": out["cases"],
                    "seconds": round(time.monotonic() - started, 1),
                    "case": case.describe(),
                    "failure": str(failure)[:1500],
                }
        new = [k for k in keys if k not in known]
        if new:
            target[0] = new[0]
            known[new[0]] = job
            shrunk[new[0]] = {
                "case": case.describe(),
                "failure": str(keys[new[0]]),
                "record": regression_record(case, keys[new[0]]),
            }
            _found(new[0])

    phases = [Phase.generate] if args.no_shrink else [Phase.generate, Phase.shrink]
    round_no = 0
    try:
        while time.monotonic() < deadline:
            round_seed = args.seed * 1_000_003 + job * 100_000 + round_no
            round_no += 1
            run = settings(
                max_examples=ROUND,
                database=None,
                deadline=None,
                phases=phases,
                report_multiple_bugs=False,
                suppress_health_check=list(HealthCheck),
                print_blob=False,
            )(seed(round_seed)(given(cases(games, seeds=args.seeds))(body)))
            try:
                run()
            except BaseException as exc:  # _Found, or Hypothesis' Flaky after a cut shrink
                if isinstance(exc, KeyboardInterrupt):
                    raise
                if target[0] is None:
                    # The fuzzer's own error (a strategy that broke): kept, and the run goes on.
                    key = f"fuzzer error | {type(exc).__name__}: {str(exc)[:200]}"
                    counts[key] += 1
                    first.setdefault(key, {"cases": out["cases"], "seconds": 0, "case": "", "failure": key})
                    continue
                known[target[0]] = job
                how = "found" if args.no_shrink else "found and shrunk"
                print(f"[job {job}] {how}: {shrunk[target[0]]['failure'][:400]}", flush=True)
                target[0] = None
    finally:
        if args.gunicorn:
            client.close()
    out.update(
        counts=dict(counts),
        first=first,
        shrunk=shrunk,
        slowest={k: list(v) for k, v in slowest.items()},
        per_op=dict(per_op),
        wall_s=round(time.monotonic() - started, 1),
    )
    return out


def _key(failure: Any) -> str:
    """What makes a failure new: a 500 by its exception and where it was raised, a budget
    overrun by operation, anything else by game (an oversized problem document is one fault
    whichever operation answered it, and shrinking it once is enough)."""
    kind, game, op, signature = failure.key
    if kind == "5xx":
        parts = (kind, game, op, signature)
    elif kind.startswith("over "):
        parts = (kind, game, op)
    else:
        parts = (kind, game)
    return " | ".join(x for x in parts if x)


def _merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    total: dict[str, Any] = {
        "cases": 0,
        "requests": 0,
        "cpu_s": 0.0,
        "over_budget": 0,
        "playouts_walked": 0,
        "states_walked": 0,
    }
    counts: Counter[str] = Counter()
    first: dict[str, dict[str, Any]] = {}
    shrunk: dict[str, dict[str, Any]] = {}
    slowest: dict[str, list[Any]] = {}
    per_op: Counter[str] = Counter()
    for part in parts:
        for name in total:
            total[name] += part[name]
        counts.update(part["counts"])
        per_op.update(part["per_op"])
        for key, seen in part["first"].items():
            if key not in first or seen["seconds"] < first[key]["seconds"]:
                first[key] = seen
        for key, case in part["shrunk"].items():
            shrunk.setdefault(key, case)
        for key, (cpu, shown) in part["slowest"].items():
            if cpu > slowest.get(key, [-1.0])[0]:
                slowest[key] = [cpu, shown]
    total.update(counts=counts, first=first, shrunk=shrunk, slowest=slowest, per_op=per_op)
    total["wall_s"] = max(p["wall_s"] for p in parts)
    return total


def _print(total: dict[str, Any], args: argparse.Namespace) -> None:
    where = "gunicorn (one worker per job)" if args.gunicorn else "in process (Flask test client)"
    print(f"\n## State-aware fuzz run: {', '.join(args.game)}, {args.jobs} job(s), {where}")
    print(
        f"cases {total['cases']:,}, requests {total['requests']:,}, request CPU {total['cpu_s']:.1f} s, "
        f"over-budget refusals {total['over_budget']}, wall {total['wall_s']:.0f} s"
    )
    print(
        f"every state round-tripped of {total['playouts_walked']:,} playouts: "
        f"{total['states_walked']:,} states"
    )
    print("\n| game and operation | requests | slowest CPU s | slowest request |")
    print("| --- | ---: | ---: | --- |")
    for key in sorted(total["slowest"], key=lambda k: -total["slowest"][k][0]):
        cpu, shown = total["slowest"][key]
        print(f"| {key} | {total['per_op'][key]:,} | {cpu:.3f} | `{shown[:120]}` |")
    if not total["counts"]:
        print("\nno failure")
        return
    print("\n| failure | cases with it | first seen after (cases in its job, s) |")
    print("| --- | ---: | --- |")
    for key, count in total["counts"].most_common():
        seen = total["first"][key]
        print(f"| {key} | {count:,} | {seen['cases']:,} cases, {seen['seconds']} s |")
    print("\nShrunk examples:")
    for key, case in total["shrunk"].items():
        print(f"\n- {key}\n  {case['case']}\n  {case['failure'][:1200]}")


def main(argv: list[str] | None = None) -> int:
    from rules_core.games import REGISTRY

    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--game", action="append", choices=REGISTRY.names())
    parser.add_argument("--seeds", type=int, default=1000, help="deal seeds drawn from (suite: 4)")
    parser.add_argument("--seed", type=int, default=0, help="seeds the rounds (a run is reproducible)")
    parser.add_argument("--gunicorn", action="store_true", help="against a real gunicorn on 127.0.0.1")
    parser.add_argument("--no-shrink", action="store_true")
    parser.add_argument("--write-regressions", type=Path, help="write each shrunk case here as JSON")
    parser.add_argument("--report", type=Path, help="write the totals here as JSON")
    args = parser.parse_args(argv)
    args.game = args.game or list(REGISTRY.names())
    with Manager() as manager, ProcessPoolExecutor(max_workers=args.jobs) as pool:
        shared = manager.dict()
        parts = list(pool.map(_job, range(args.jobs), [args] * args.jobs, [shared] * args.jobs))
    total = _merge(parts)
    _print(total, args)
    if args.write_regressions:
        args.write_regressions.mkdir(parents=True, exist_ok=True)
        for key, case in total["shrunk"].items():
            if case.get("record"):
                name = re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-")[:80]
                (args.write_regressions / f"{name}.json").write_text(
                    json.dumps(case["record"], indent=1) + "\n"
                )
    if args.report:
        args.report.write_text(json.dumps(total, indent=1, default=str) + "\n")
    return 1 if total["counts"] else 0


if __name__ == "__main__":
    sys.exit(main())
