"""``python -m benchmarks [--quick] [--only PART ...] [--out FILE]``: run, print, write the page."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

from .bots import run_bots
from .config import RunConfig, make_config
from .core import run_core
from .games import GameCatalog, describe_error, load_games
from .http_bench import run_http
from .machine import describe_machine, load_average
from .matcher_run import run_matcher
from .plots import IMG, matcher_plot, playout_plot, replay_plot
from .replay import run_replay
from .report import print_tables, render
from .state_readers import run_readers
from .tables import PartResult
from .targets import evaluate
from .throughput import run_throughput

PARTS: dict[str, Callable[[GameCatalog, RunConfig], PartResult]] = {
    "core": run_core,
    "playouts": run_throughput,
    "matcher": run_matcher,
    "replay": run_replay,
    "bots": run_bots,
    "http": run_http,
    "readers": run_readers,
}


def _plots(parts: list[PartResult], config: RunConfig) -> None:
    out_dir = config.docs_dir / IMG
    by_name = {p.name: p for p in parts}
    jobs: list[tuple[str, Callable[[], Path | None]]] = []
    if "matcher" in by_name:
        results = by_name["matcher"].figures.get("matcher_results", [])
        jobs.append(("matcher", lambda: matcher_plot(results, out_dir, config.oracle_cap_seconds)))
    if "replay" in by_name:
        curves = by_name["replay"].figures.get("replay_curves", {})
        jobs.append(("replay", lambda: replay_plot(curves, out_dir)))
    if "throughput" in by_name:
        figures = by_name["throughput"].figures
        rates = {k.removeprefix("playout/"): v for k, v in figures.items() if k.startswith("playout/")}
        rates |= {k: v for k, v in figures.items() if k.startswith("peer/")}
        jobs.append(("throughput", lambda: playout_plot(rates, out_dir)))
    for name, job in jobs:
        try:
            path = job()
        except Exception as exc:
            by_name[name].skipped.append(("plot", describe_error(exc)))
            continue
        if path is not None:
            by_name[name].plots.append(f"{IMG}/{path.name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short run (a couple of minutes)")
    parser.add_argument("--only", action="append", choices=sorted(PARTS), help="run only these parts")
    parser.add_argument("--out", type=Path, help="page to write (default docs/benchmarks.md)")
    parser.add_argument("--no-write", action="store_true", help="print the tables, write nothing")
    args = parser.parse_args(argv)
    config = make_config(quick=args.quick)
    machine = describe_machine()
    catalog = load_games()
    started = time.perf_counter()
    print(
        f"benchmarks ({'quick' if args.quick else 'full'}): games {', '.join(catalog.games) or 'none'}; "
        f"missing {', '.join(n for n, _ in catalog.missing) or 'none'}",
        flush=True,
    )
    parts: list[PartResult] = []
    for name in args.only or list(PARTS):
        t0 = time.perf_counter()
        print(f"-- {name} ...", flush=True)
        load_before = load_average()
        try:
            part = PARTS[name](catalog, config)
        except Exception as exc:  # one broken part must not cost the others
            part = PartResult(name=name, title=name)
            part.skipped.append((name, describe_error(exc)))
        part.seconds = part.seconds or time.perf_counter() - t0
        part.notes.append(
            f"Load average (1/5/15 min) before this part: {load_before}; after: {load_average()}."
        )
        print(f"   {name}: {part.seconds:.0f} s", flush=True)
        parts.append(part)
    if not args.no_write:
        _plots(parts, config)
    targets = evaluate(parts, catalog, profile_seconds=0.5 if args.quick else 2.0)
    print_tables(parts, targets, sys.stdout)
    if not args.no_write:
        page = render(parts, targets, machine, quick=args.quick, total_seconds=time.perf_counter() - started)
        out = args.out or config.docs_dir / "benchmarks.md"
        out.parent.mkdir(parents=True, exist_ok=True)
        from .page_merge import merge
        from .request_layer import carry_section

        if args.only and out.exists():  # a partial run keeps the other parts' figures
            page = merge(out.read_text(encoding="utf-8"), page)
        # The request layer's paired section is written by its own run; keep it.
        out.write_text(carry_section(out, page), encoding="utf-8")
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
