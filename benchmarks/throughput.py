"""Random playouts, ours and the peers', interleaved in the same rounds.

Our figures are with full validation on (every chosen action goes through
``game.apply``). The peers are the references of the targets, so they are
timed in the very same rounds, round robin, to share whatever noise there is.
"""

from __future__ import annotations

import importlib.util
import time
from typing import Any

from .config import RunConfig
from .games import GameCatalog, describe_error, presets, seat_counts
from .measure import Step, interleaved
from .peers import PEER_BUILDERS, Peer
from .playouts import PlayoutStep
from .tables import PartResult, Table, fmt_rate

PEER_SEATS: tuple[int, ...] = (2, 4)


def _peers(part: PartResult) -> list[Peer]:
    peers: list[Peer] = []
    for module, build in PEER_BUILDERS:
        if importlib.util.find_spec(module) is None:
            part.skipped.append(
                (
                    f"peer {build.__name__}",
                    f"`{module}` not installed (pip install -r benchmarks/requirements.txt)",
                )
            )
            continue
        for seats in PEER_SEATS:
            try:
                peer = build(seats, 12345)
                peer.step()  # one warm-up game, which also proves it runs
                peers.append(peer)
            except Exception as exc:
                part.skipped.append((f"peer {build.__name__} ({seats} players)", describe_error(exc)))
    return peers


def run_throughput(catalog: GameCatalog, config: RunConfig) -> PartResult:
    started = time.perf_counter()
    part = PartResult(name="throughput", title="Random playouts: Table Judge games and peers")
    steps: dict[str, Step] = {}
    ours: dict[str, tuple[str, str, int, PlayoutStep]] = {}
    for name, why in catalog.missing:
        part.skipped.append((f"playouts: {name}", why))
    for name, game in catalog.games.items():
        for preset in presets(game, quick=config.quick):
            for seats in seat_counts(game):
                key = f"{name}/{preset}/{seats}"
                try:
                    step = PlayoutStep(game, seats=seats, options=game.presets[preset], first_seed=1_000)
                    step()  # warm-up, and proof that a whole game plays
                    step.games = step.unfinished = 0
                    steps[key] = step
                    ours[key] = (name, preset, seats, step)
                except Exception as exc:
                    part.skipped.append((f"playouts: {key}", describe_error(exc)))
    peers = _peers(part)
    for peer in peers:
        steps[peer.key] = peer.step
    failures: dict[str, Exception] = {}
    series = interleaved(steps, rounds=config.rounds, budget=config.playout_budget, failures=failures)
    for key, failure in failures.items():
        part.skipped.append((f"playouts: {key}", describe_error(failure)))

    table = Table(
        title="Random playouts (uniform over listed legal actions, validation on)",
        columns=(
            "engine",
            "preset",
            "seats",
            "games/s",
            "actions/s",
            "spread",
            "actions/game",
            "unfinished",
            "vs idle figure",
        ),
    )
    for key, (name, preset, seats, step) in ours.items():
        if key in failures:
            continue
        s = series[key]
        per_game = s.rate / s.step_rate if s.step_rate else float("nan")
        table.add(
            name,
            preset,
            seats,
            fmt_rate(s.step_rate),
            fmt_rate(s.rate),
            f"{s.spread:.0%}",
            fmt_rate(per_game),
            f"{step.unfinished}/{step.games}",
            "-",
        )
        part.figures[f"playout/{key}"] = s.rate
        part.figures[f"playout_rounds/{key}"] = dict(enumerate(x.rate for x in s.samples))
    for peer in peers:
        if peer.key in failures:
            continue
        s = series[peer.key]
        per_game = s.rate / s.step_rate if s.step_rate else float("nan")
        table.add(
            peer.title,
            "-",
            peer.seats,
            fmt_rate(s.step_rate),
            fmt_rate(s.rate),
            f"{s.spread:.0%}",
            fmt_rate(per_game),
            "-",
            f"{s.rate / peer.idle_rate:.2f} of ~{fmt_rate(peer.idle_rate)}",
        )
        part.figures[f"peer/{peer.key}"] = s.rate
        part.figures[f"peer_rounds/{peer.key}"] = dict(enumerate(x.rate for x in s.samples))
    table.notes.append(
        f"Median of {config.rounds} rounds; every workload runs once per round (order rotated), "
        f"each sample bounded to {config.playout_budget.max_seconds:g} s. Spread = (max - min) / median "
        "of the round rates. Unfinished = playouts stopped at the game's max_actions. vs idle figure = "
        "the peer's rate here over what it does on an idle 2-core machine (a gauge of this run's load). "
        "Peer units: " + "; ".join(sorted({f"{p.key.rsplit('-', 1)[0]}: {p.unit}" for p in peers})) + "."
    )
    part.tables.append(table)
    part.seconds = time.perf_counter() - started
    return part


def playout_profile(catalog: GameCatalog, key: str) -> Any:
    """A zero-argument callable playing one game of ``key`` (for the profile of a missed target)."""
    name, preset, seats = key.split("/")
    game = catalog.games[name]
    return PlayoutStep(game, seats=int(seats), options=game.presets[preset], first_seed=5_000)
