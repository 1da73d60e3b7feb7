"""Which games are there to measure, and their presets and seat counts.

The registry is imported defensively: games are written while the suite is
used, and a half-finished game must turn into a "skipped" line, not a crash.
"""

from __future__ import annotations

import os
import traceback
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules_core.kernel import Game

#: The repository root (benchmarks/ sits in it).
REPO_ROOT = Path(__file__).resolve().parents[1]

#: The games the project delivers (registry names); absent ones are reported as skipped.
EXPECTED_GAMES: tuple[str, ...] = ("99", "dobon", "dabong")
#: Entries on a first page: the service's default ``limit`` for legal-actions listings.
FIRST_PAGE = 200
#: Seat counts the throughput figures are given at (where the game allows them).
BENCH_SEATS: tuple[int, ...] = (2, 4)


@dataclass(frozen=True, slots=True, kw_only=True)
class GameCatalog:
    games: Mapping[str, Game[Any]]
    #: (game name, why it is not measured)
    missing: tuple[tuple[str, str], ...]


def load_games() -> GameCatalog:
    try:
        from rules_core.games import REGISTRY
    except Exception as exc:  # a broken game module must not stop the other parts
        reason = f"importing rules_core.games failed: {type(exc).__name__}: {exc}"
        return GameCatalog(games={}, missing=tuple((name, reason) for name in EXPECTED_GAMES))
    games = {game.name: game for game in REGISTRY}
    missing = tuple(
        (name, "not registered in rules_core.games.REGISTRY yet")
        for name in EXPECTED_GAMES
        if name not in games
    )
    return GameCatalog(games=games, missing=missing)


def seat_counts(game: Game[Any]) -> tuple[int, ...]:
    return tuple(n for n in BENCH_SEATS if game.min_seats <= n <= game.max_seats)


def presets(game: Game[Any], *, quick: bool) -> tuple[str, ...]:
    """Every preset (level) in the full run; only the default one in the quick run."""
    if quick:
        return (game.default_preset,)
    names = list(game.presets)
    if game.default_preset in names:
        names.remove(game.default_preset)
        names.insert(0, game.default_preset)
    return tuple(names)


def describe_error(exc: BaseException) -> str:
    """One line naming the error and the innermost frame of the project's code."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = ""
    for frame in reversed(frames):
        if "/rules_core/" in frame.filename or "/service/" in frame.filename:
            where = f" at {os.path.relpath(frame.filename, REPO_ROOT)}:{frame.lineno}"
            break
    text = str(exc).replace("\n", " ")
    if len(text) > 160:
        text = text[:157] + "..."
    return f"{type(exc).__name__}: {text}{where}"
