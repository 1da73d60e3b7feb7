"""Replay cost against log length, through the ``Game`` interface.

A replay as the service does it: deal from the logged deal parameters, then
for every logged action decode its JSON (``game.action_from_json``) and
``game.apply`` it (which validates). The log is the longest of several seeded
random playouts; prefixes of growing length are timed. Linear is the goal:
the fitted exponent of time against length should be close to 1.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from rules_core.kernel import Game

from .config import RunConfig
from .games import GameCatalog, describe_error
from .measure import fit_exponent, median_seconds
from .playouts import random_playout
from .tables import PartResult, Table, fmt_ms, fmt_us

#: Logs shorter than this are left out of the exponent fit (the deal dominates them).
FIT_FROM = 8


def replay(game: Game[Any], *, seats: int, options: Any, seed: int, actions: list[dict[str, Any]]) -> Any:
    state = game.deal(seats=seats, options=options, seed=seed, deck_order=None)
    for index, data in enumerate(actions):
        outcome = game.apply(state, game.action_from_json(data, f"/actions/{index}"))
        if outcome.state is None:
            raise RuntimeError(f"logged action {index} was rejected on replay")
        state = outcome.state
    return state


def prefix_lengths(total: int, points: int = 12) -> list[int]:
    """About ``points`` lengths evenly spaced on a log scale from 1 to ``total``."""
    if total <= 0:
        return []
    return sorted({max(1, round(total ** (i / (points - 1)))) for i in range(points)} | {total})


def run_replay(catalog: GameCatalog, config: RunConfig) -> PartResult:
    started = time.perf_counter()
    part = PartResult(name="replay", title="Replay cost against log length (default preset)")
    table = Table(
        title="Replay of a logged game (deal + decode and apply each action)",
        columns=("game", "seats", "log length", "replay ms", "µs per action", "exponent b (time ~ length^b)"),
    )
    for name, why in catalog.missing:
        part.skipped.append((f"replay: {name}", why))
    curves: dict[str, list[tuple[int, float]]] = {}
    for name, game in catalog.games.items():
        seats = min(max(4, game.min_seats), game.max_seats)
        options = game.presets[game.default_preset]
        try:
            runs = [
                (s, random_playout(game, seats=seats, options=options, seed=s))
                for s in range(config.replay_seeds)
            ]
            seed, best = max(runs, key=lambda run: len(run[1].actions))
            log = [a.to_json() for a in best.actions]
            curve: list[tuple[int, float]] = []
            for length in prefix_lengths(len(log)):
                run = partial(replay, game, seats=seats, options=options, seed=seed, actions=log[:length])
                seconds = median_seconds(
                    run, repeats=config.rounds * 3, budget_seconds=1.0 if config.quick else 3.0
                )
                curve.append((length, seconds))
            exponent = fit_exponent([(n, t) for n, t in curve if n >= FIT_FROM])
            for length, seconds in curve:
                table.add(
                    name,
                    seats,
                    length,
                    fmt_ms(seconds),
                    fmt_us(1e6 * seconds / length),
                    "-" if exponent is None else f"{exponent:.2f}",
                )
            curves[name] = curve
            part.figures[f"replay/{name}"] = {"seats": seats, "curve": curve, "exponent": exponent}
        except Exception as exc:
            part.skipped.append((f"replay: {name}", describe_error(exc)))
    table.notes.append(
        f"The log is the longest of {config.replay_seeds} seeded random playouts at the given seat count; "
        "each prefix's figure is the median of repeated replays. Exponent fitted on prefixes of "
        f"{FIT_FROM} actions or more."
    )
    part.tables.append(table)
    part.figures["replay_curves"] = curves
    part.seconds = time.perf_counter() - started
    return part
