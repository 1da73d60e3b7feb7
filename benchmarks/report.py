"""Writing docs/benchmarks.md (and the terminal tables) from the parts' results."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .machine import Machine, load_average
from .tables import PartResult, Table

INTRO = """\
# Benchmarks

Written by `python -m benchmarks{flags}` (or `benchmarks/run.sh`); do not edit by hand.
The suite is not part of the test suite. Peers come from the optional benchmark extra
(`pip install -r benchmarks/requirements.txt`), the HTTP part needs `wrk`
(`apt-get install -y wrk`).

This machine is shared and noisy. Every figure is a median over repeated, bounded runs,
and what counts are the **ratios against references timed in the same run** (peers and
the bare route are interleaved with the workloads they are compared with). Absolute
figures move between runs; ratios move much less.
"""

METHOD = """\
## Method

- **States**: typical mid-game states are reached by seeded random playouts through the
  `Game` interface (`deal`, `legal_actions`, `apply`); one state per seed, halfway through.
- **Playouts**: each step lists every seat's legal entries (a long listing is sampled by
  offset, never built whole), picks one uniformly at random and sends it through
  `game.apply`, which validates it (validation on). A grouped entry (`orderings` > 1) is one
  pick. Playout-only option changes: {overrides}. Units are player decisions on both sides:
  OpenSpiel's chance nodes are applied but not counted, RLCard counts its steps, pokerkit
  its fold / check-call / bet-raise calls.
- **Peers**: OpenSpiel `crazy_eights` from Python; RLCard `uno` through `env.run()` with
  `RandomAgent`s and through its bare `init_game`/`step` loop (4 players via
  `env.game.configure`, since `make()` ignores `game_num_players` in 1.2.0); pokerkit
  no-limit hold'em, one hand per game, 200-chip stacks, blinds 1/2.
- **Matcher**: hands are seeded samples of the 55-card deck with exactly k Shamans; the
  pile top is a random real card. The timed listing is `list_plays(limit={page})` (exact
  totals and the first page, the endpoint's default size); the timed check is the slowest of
  a long legal play (from the first, middle and last pages) and a random illegal one. The
  oracle runs under a SIGALRM cap and is not tried on bigger hands once it hits it.
- **Replay**: deal, then `action_from_json` + `apply` for each logged action, on prefixes
  of growing length of the longest of several seeded playouts.
- **HTTP**: gunicorn with the repo's `gunicorn.conf.py`, bound to 127.0.0.1 on a free port,
  app `benchmarks.bench_wsgi:app` (the service plus `POST /bench/bare`, which reads the body
  and returns a constant). wrk runs one thread on the same cores; each run is time-bounded.
  Worker memory is read from `/proc/<pid>/status` (VmRSS, VmHWM).
- Every loop is bounded in count and in time; only loopback traffic.
"""


def _plot_lines(part: PartResult) -> list[str]:
    return [f"![{Path(p).stem}]({p})" for p in part.plots]


def render(
    parts: list[PartResult], targets: PartResult, machine: Machine, *, quick: bool, total_seconds: float
) -> str:
    lines = [INTRO.format(flags=" --quick" if quick else ""), "## Machine", ""]
    machine_table = Table(title="Where these figures come from", columns=("", ""))
    for key, value in machine.rows():
        machine_table.add(key, value)
    machine_table.add("load average at end", load_average())
    machine_table.add("run", f"{'quick' if quick else 'full'}, {total_seconds:.0f} s")
    lines += [machine_table.markdown(), "", "## Targets", ""]
    lines += [t.markdown() for t in targets.tables]
    skipped = sum(len(part.skipped) for part in parts)
    lines += [
        "",
        f"{skipped} item(s) could not be measured in this run; each section lists its own, with the reason.",
    ]
    for target in targets.figures.get("targets", []):
        if target.profile_text.startswith("("):
            lines += ["", f"**Missed: {target.name}.** Profile: {target.profile_text}"]
        elif target.profile_text:
            lines += [
                "",
                f"**Missed: {target.name}.** Where the time goes (cProfile):",
                "",
                "```",
                target.profile_text,
                "```",
            ]
    for part in parts:
        lines += ["", f"## {part.title}", ""]
        for table in part.tables:
            lines += [table.markdown(), ""]
        lines += _plot_lines(part)
        for note in part.notes:
            lines += ["", f"- {note}"]
        if part.skipped:
            skip_table = Table(title="Not measured in this run, and why", columns=("what", "why"))
            for what, why in part.skipped:
                skip_table.add(what, why)
            lines += ["", skip_table.markdown()]
        if part.seconds:
            lines += ["", f"_(this part: {part.seconds:.0f} s)_"]
    from .games import FIRST_PAGE
    from .playouts import PLAYOUT_OVERRIDES

    overrides = "; ".join(f"{game}: {changes}" for game, changes in PLAYOUT_OVERRIDES.items()) or "none"
    lines += ["", METHOD.format(overrides=overrides, page=FIRST_PAGE)]
    return "\n".join(lines).rstrip() + "\n"


def print_tables(parts: list[PartResult], targets: PartResult, out: Any) -> None:
    for part in [*parts, targets]:
        print(f"\n== {part.title} ({part.seconds:.0f} s)", file=out)
        for table in part.tables:
            print(table.text(), file=out)
        for what, why in part.skipped:
            print(f"  skipped {what}: {why}", file=out)
