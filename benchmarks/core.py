"""Rules core in process: validate, apply, legal-actions and view per call on mid-game states.

The states come from seeded random playouts (``playouts.midgame_cases``): one
per seed, halfway through the game, with a random legal action. JSON decode
and encode of the same states are timed too, since every HTTP call pays them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rules_core.kernel import Game

from .config import RunConfig
from .games import FIRST_PAGE, GameCatalog, describe_error, presets, seat_counts
from .measure import Step, cycle_step, interleaved
from .playouts import MidgameCase, midgame_cases
from .tables import PartResult, Table, fmt_us

OPERATIONS: tuple[str, ...] = (
    "validate",
    "apply",
    "legal_actions",
    "view",
    "state_from_json",
    "state_to_json",
)


def operation_steps(game: Game[Any], cases: list[MidgameCase]) -> dict[str, Step]:
    encoded = [game.state_to_json(c.state) for c in cases]
    calls: dict[str, Callable[[Any], object]] = {
        "validate": lambda c: game.validate(c.state, c.action),
        "apply": lambda c: game.apply(c.state, c.action),
        "legal_actions": lambda c: game.legal_actions(c.state, limit=FIRST_PAGE),
        "view": lambda c: game.view(c.state, c.viewer),
    }
    steps = {name: cycle_step(cases, call) for name, call in calls.items()}
    steps["state_from_json"] = cycle_step(encoded, game.state_from_json)
    steps["state_to_json"] = cycle_step(cases, lambda c: game.state_to_json(c.state))
    return steps


def run_core(catalog: GameCatalog, config: RunConfig) -> PartResult:
    started = time.perf_counter()
    part = PartResult(name="core", title="Rules core, in process (µs per call, median of rounds)")
    table = Table(
        title="Per-call cost on mid-game states",
        columns=("game", "preset", "seats", "states", *(f"{op} µs" for op in OPERATIONS), "legal entries"),
    )
    table.notes.append(
        f"Each figure: median over {config.rounds} interleaved rounds of a bounded loop "
        f"(≤ {config.call_budget.max_seconds:g} s each) cycling through the states; "
        "validate/apply use one random listed action per state; legal_actions lists every seat's actions, "
        f"first page of {FIRST_PAGE} (the endpoint's default) with exact totals."
    )
    for name, why in catalog.missing:
        part.skipped.append((f"core: {name}", why))
    for name, game in catalog.games.items():
        for preset in presets(game, quick=config.quick):
            for seats in seat_counts(game):
                label = f"{name}/{preset}/{seats}"
                try:
                    options = game.presets[preset]
                    cases = midgame_cases(
                        game, seats=seats, options=options, seeds=range(config.midgame_states)
                    )
                    if not cases:
                        part.skipped.append((f"core: {label}", "no playout reached a live mid-game state"))
                        continue
                    failures: dict[str, Exception] = {}
                    series = interleaved(
                        operation_steps(game, cases),
                        rounds=config.rounds,
                        budget=config.call_budget,
                        failures=failures,
                    )
                    for op, failure in failures.items():
                        part.skipped.append((f"core: {label} {op}", describe_error(failure)))
                    entries = sorted(game.legal_actions(c.state, limit=1).total_entries for c in cases)
                    table.add(
                        name,
                        preset,
                        seats,
                        len(cases),
                        *(fmt_us(series[op].micros) if op in series else "failed" for op in OPERATIONS),
                        f"median {entries[len(entries) // 2]}, max {entries[-1]}",
                    )
                    part.figures[f"core/{label}"] = {op: series[op].micros for op in series}
                except Exception as exc:
                    part.skipped.append((f"core: {label}", describe_error(exc)))
    part.tables.append(table)
    part.seconds = time.perf_counter() - started
    return part
