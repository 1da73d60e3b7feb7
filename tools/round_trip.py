"""Seeded games of every game through HTTP, every state the service answers sent back to it.

    python -m tools.round_trip --games 3000 --workers 2 --seed 0
    python -m tools.round_trip --games 300 --url http://127.0.0.1:8000     # a real server

Plays ``--games`` games (``tools.http_play``): the games take turns, each cycles its
presets and seat counts (2 to its maximum), a quarter of them with one option off the
preset, and every seat is a bot at a level (``suggest``) or a random player
(``legal-actions``). At every step the state is echoed through ``/replay`` with no
action and must come back equal, then the chosen action is applied. Without ``--url``
each worker process builds the app and calls its WSGI request path (the real body
parser and schemas, no socket); with it, each worker keeps one connection to the server.

With ``--minutes`` no new chunk of games starts after that long (the report says
which games were played: resume with ``--first-game``).

Reports games, steps (actions applied), requests, games refused by kind (the depth
refusal of dabong!'s nested take-backs apart), steps/s, CPU seconds a game and
estimates for 100,000 games; the first failing request of each kind (lowest game index) is written to
``--failures DIR``. Exit status 1 when any game was refused.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .http_play import DEPTH_KIND, GameFacts, InProcess, Played, Remote, Transport, kind_file_name, plan, play

#: Games per task sent to a worker: small enough to balance two workers, large enough that
#: the pool's overhead is nothing next to the games.
CHUNK = 25


@dataclass(slots=True)
class Totals:
    games: int = 0
    finished: int = 0
    #: CPU seconds of the processes that played (in process: the service's work too).
    cpu_s: float = 0.0
    steps: int = 0
    requests: int = 0
    longest: int = 0
    deepest: int = 0
    options_refused: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    #: Per game name: games, steps, refused.
    per_game: dict[str, Counter[str]] = field(default_factory=dict)
    #: Kind -> the first failure of that kind (lowest game index), as written to its file.
    first: dict[str, dict[str, Any]] = field(default_factory=dict)

    def add(self, played: Played) -> None:
        table = played.table
        self.games += 1
        self.finished += played.finished
        self.steps += played.steps
        self.requests += played.requests
        self.longest = max(self.longest, played.steps)
        self.deepest = max(self.deepest, played.max_depth)
        self.options_refused += played.options_refused
        game = self.per_game.setdefault(table.game, Counter())
        game["games"] += 1
        game["steps"] += played.steps
        refusal = played.refusal
        if refusal is None:
            return
        self.refused[refusal.kind] += 1
        game["refused"] += 1
        seen = self.first.get(refusal.kind)
        if seen is None or seen["table"]["index"] > table.index:
            self.first[refusal.kind] = {
                "kind": refusal.kind,
                "table": asdict(table),
                "described": table.describe(),
                "step": refusal.step,
                "op": refusal.op,
                "request": refusal.request,
                "status": refusal.status,
                "answer": refusal.answer,
            }

    def merge(self, other: Totals) -> None:
        for name in ("games", "finished", "cpu_s", "steps", "requests", "options_refused"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.longest = max(self.longest, other.longest)
        self.deepest = max(self.deepest, other.deepest)
        self.refused.update(other.refused)
        for game, counts in other.per_game.items():
            self.per_game.setdefault(game, Counter()).update(counts)
        for kind, seen in other.first.items():
            mine = self.first.get(kind)
            if mine is None or mine["table"]["index"] > seen["table"]["index"]:
                self.first[kind] = seen


def transport_for(url: str | None) -> Transport:
    return Remote(url) if url else InProcess()


def run_games(
    indexes: range | list[int], run_seed: int, transport: Transport, games: tuple[str, ...] = ()
) -> Totals:
    """Play the games ``indexes`` of the run seeded ``run_seed`` (of the ``games`` named, when
    some are: the suite weighs them by cost); the totals."""
    facts = [f for f in GameFacts.read(transport) if not games or f.name in games]
    limits = {f.name: f.max_actions for f in facts}
    totals = Totals()
    for index in indexes:
        table = plan(facts, run_seed, index)
        totals.add(play(transport, table, limits[table.game]))
    return totals


#: One transport per worker process (building the app is the costly part).
_WORKER: dict[str, Transport] = {}


def _chunk(args: tuple[list[int], int, str | None]) -> Totals:
    indexes, run_seed, url = args
    transport = _WORKER.get("transport")
    if transport is None:
        transport = _WORKER["transport"] = transport_for(url)
    cpu = time.process_time()
    totals = run_games(indexes, run_seed, transport)
    totals.cpu_s = time.process_time() - cpu
    return totals


def run(
    games: int, workers: int, run_seed: int, url: str | None, first_index: int = 0, minutes: float = 0.0
) -> Totals:
    """Games ``first_index`` on, in chunks over ``workers`` processes; with ``minutes``, no chunk
    is started after that long (the games played are still a prefix: resume at the next)."""
    indexes = list(range(first_index, first_index + games))
    tasks = [(indexes[i : i + CHUNK], run_seed, url) for i in range(0, len(indexes), CHUNK)]
    totals = Totals()
    started = time.monotonic()
    deadline = started + minutes * 60 if minutes > 0 else float("inf")
    if workers <= 1:
        for task in tasks:
            if time.monotonic() > deadline:
                break
            totals.merge(_chunk(task))
        return totals
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending = iter(tasks)
        # A few chunks in flight per worker: enough to keep them busy, few enough to stop soon.
        running = [pool.submit(_chunk, task) for task in itertools.islice(pending, 2 * workers)]
        done = 0
        while running:
            totals.merge(running.pop(0).result())
            done += 1
            task = next(pending, None) if time.monotonic() < deadline else None
            if task is not None:
                running.append(pool.submit(_chunk, task))
            if done % 20 == 0:
                # A heartbeat on stderr keeps the report on stdout clean.
                rate = totals.steps / max(time.monotonic() - started, 1e-9)
                print(f"{totals.games:,} games, {totals.steps:,} steps, {rate:,.0f} steps/s", file=sys.stderr)
    return totals


def report(totals: Totals, seconds: float, args: argparse.Namespace) -> str:
    where = args.url or "in process (the app's WSGI request path)"
    games = max(totals.games, 1)
    per_second = max(seconds, 1e-9)
    first = args.first_game
    lines = [
        f"## Round trip: {totals.games:,} games, seed {args.seed}, {args.workers} worker(s), {where}",
        "",
        f"- games {first:,} to {first + totals.games - 1:,} (finished {totals.finished:,}), "
        f"steps {totals.steps:,}, requests {totals.requests:,}",
        f"- longest game {totals.longest:,} steps, deepest state {totals.deepest} levels of JSON",
        f"- wall {seconds:,.0f} s: {totals.steps / per_second:,.0f} steps/s, "
        f"{totals.requests / per_second:,.0f} requests/s, {totals.games / per_second:,.2f} games/s; "
        f"100,000 games at this rate: {seconds / games * 100_000 / 3600:,.1f} h",
        (
            f"- CPU of the workers {totals.cpu_s:,.0f} s ({totals.cpu_s / games:.3f} s a game, service "
            f"included): 100,000 games on {args.workers} free core(s): "
            f"{totals.cpu_s / games * 100_000 / 3600 / max(args.workers, 1):,.1f} h"
            if not args.url
            else f"- CPU of the workers (the client's only) {totals.cpu_s:,.0f} s"
        ),
        f"- deals whose drawn option was refused (played with the preset): {totals.options_refused:,}",
        "",
        "| game | games | steps | refused |",
        "| --- | ---: | ---: | ---: |",
    ]
    for game, counts in sorted(totals.per_game.items()):
        lines.append(f"| {game} | {counts['games']:,} | {counts['steps']:,} | {counts['refused']:,} |")
    lines.append("")
    if not totals.refused:
        lines.append("no game refused")
        return "\n".join(lines)
    lines += ["| refusal kind | games | first (file) |", "| --- | ---: | --- |"]
    for kind, count in totals.refused.most_common():
        mark = " (known: issue #26's flat take-back log)" if kind == DEPTH_KIND else ""
        seen = totals.first[kind]
        lines.append(
            f"| {kind}{mark} | {count:,} | {seen['described']} step {seen['step']} ({kind_file_name(kind)}) |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--seed", type=int, default=0, help="the run seed (a run is reproducible)")
    parser.add_argument("--first-game", type=int, default=0, help="index of the first game (resume a run)")
    parser.add_argument("--minutes", type=float, default=0.0, help="start no chunk of games after this long")
    parser.add_argument("--url", help="a running server (http://host:port) instead of the app in process")
    parser.add_argument("--failures", type=Path, default=Path("round-trip-failures"))
    parser.add_argument("--report", type=Path, help="also write the totals here as JSON")
    args = parser.parse_args(argv)
    started = time.monotonic()
    totals = run(args.games, args.workers, args.seed, args.url, args.first_game, args.minutes)
    seconds = time.monotonic() - started
    print(report(totals, seconds, args))
    if totals.first:
        args.failures.mkdir(parents=True, exist_ok=True)
        for kind, first in totals.first.items():
            (args.failures / kind_file_name(kind)).write_text(json.dumps(first, indent=1) + "\n")
        print(f"\nfirst failing request of each kind written to {args.failures}/")
    if args.report:
        # Not asdict: it rebuilds a Counter from (key, value) pairs, counting the pairs.
        data = {name: getattr(totals, name) for name in Totals.__dataclass_fields__}
        data["refused"] = dict(totals.refused)
        data["per_game"] = {game: dict(counts) for game, counts in totals.per_game.items()}
        data.update(seconds=round(seconds, 1), seed=args.seed, workers=args.workers, url=args.url)
        args.report.write_text(json.dumps(data, indent=1, default=str) + "\n")
    return 1 if totals.refused else 0


if __name__ == "__main__":
    raise SystemExit(main())
