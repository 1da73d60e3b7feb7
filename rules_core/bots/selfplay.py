"""Self-play in process: games between chosen levels, wins with confidence intervals."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..kernel import Game
from .base import Level, SeatBot


def wilson_interval(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for a win rate (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(slots=True, kw_only=True)
class MatchResult:
    levels: tuple[Level, ...]
    games: int = 0
    #: Wins per level (a level seated twice pools its seats).
    wins: dict[Level, int] = field(default_factory=dict)
    #: Seats-games played per level, the denominator of its win rate.
    seat_games: dict[Level, int] = field(default_factory=dict)
    draws: int = 0
    actions: int = 0


def play_match(
    game: Game[Any],
    bot: SeatBot,
    levels: Sequence[Level],
    *,
    games: int,
    seed: int = 0,
    options: Any = None,
    winner_of: Callable[[Any], int | None] | None = None,
    progress: Callable[[int], None] | None = None,
    first: int = 0,
) -> MatchResult:
    """Play ``games`` games with ``levels[i]`` at seat i, rotating seats every game.

    Rotation removes the first-player advantage from the comparison. Out-of-turn
    chances are offered to the other seats that can act before the seat play
    waits for (``optional=True``): the first one that takes it acts.
    Games are numbered ``first`` to ``first + games - 1``; game g is the same
    whichever run plays it, so a match split into parts and ``merged`` is the
    same as the whole match played at once.
    """
    seats = len(levels)
    opts = options if options is not None else game.presets[game.default_preset]
    find_winner = winner_of or (lambda state: getattr(state, "winner", None))
    result = MatchResult(levels=tuple(levels))
    for g in range(first, first + games):
        shift = g % seats
        seated = [levels[(i + shift) % seats] for i in range(seats)]
        for level in seated:
            result.seat_games[level] = result.seat_games.get(level, 0) + 1
        state = game.deal(seats=seats, options=opts, seed=seed * 1_000_003 + g, deck_order=None)
        steps = 0
        while not game.is_over(state) and steps < game.max_actions:
            actors = game.to_act(state)
            if not actors:
                break
            waited = _waited_seat(state, actors)
            chosen = None
            for seat in actors:
                if seat == waited:
                    continue
                view = game.view(state, seat)
                chosen = bot.suggest(view, seat, seated[seat], seed=steps * 31 + g, optional=True)
                if chosen is not None:
                    break
            if chosen is None:
                view = game.view(state, waited)
                chosen = bot.suggest(view, waited, seated[waited], seed=steps * 31 + g)
            if chosen is None:
                raise RuntimeError(f"bot gave no action for seat {waited} in game {g}")
            outcome = game.apply(state, chosen.action)
            if outcome.state is None:
                reasons = [r.code for r in outcome.verdict.reasons]
                raise RuntimeError(f"bot suggested an illegal action {chosen.action} in game {g}: {reasons}")
            state = outcome.state
            steps += 1
        result.games += 1
        result.actions += steps
        winner = find_winner(state)
        if winner is None:
            result.draws += 1
        else:
            level = seated[winner]
            result.wins[level] = result.wins.get(level, 0) + 1
        if progress is not None:
            progress(g)
    return result


def _waited_seat(state: Any, actors: Sequence[int]) -> int:
    """The seat ordinary play waits for: the state's ``turn`` if it can act, else the first actor."""
    turn = getattr(state, "turn", None)
    if isinstance(turn, int) and turn in actors:
        return turn
    return actors[0]


def merged(parts: Sequence[MatchResult]) -> MatchResult:
    """The sum of results of parts of one match (``play_match`` with consecutive ``first``)."""
    assert parts, "nothing to merge"
    total = MatchResult(levels=parts[0].levels)
    for part in parts:
        total.games += part.games
        total.draws += part.draws
        total.actions += part.actions
        for level, n in part.wins.items():
            total.wins[level] = total.wins.get(level, 0) + n
        for level, n in part.seat_games.items():
            total.seat_games[level] = total.seat_games.get(level, 0) + n
    return total
