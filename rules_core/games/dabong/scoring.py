"""The end of a game and the match score (single game, tennis games and sets, points)."""

from __future__ import annotations

from ...kernel import Effect, RoundDrawn, RoundWon
from .effects import GameScored, MatchWon
from .state import GAME_OVER, OVER, DabongState, Scores, evolve
from .values import in_play_value


def points_in_hand(state: DabongState, seat: int) -> int:
    """In-hand values left in a hand; a Shaman is worth the agreed 20, 30 or 50."""
    worth = state.options.shaman_points
    return sum(worth if c.is_shaman else in_play_value(c) for c in state.hands[seat])


def finish_game(state: DabongState, winner: int, how: str, rule_id: str) -> tuple[DabongState, list[Effect]]:
    """``winner`` has won this game: score it, and end the match when it is decided.

    A win is final: nothing can be taken back past it, and nothing the game had pending (2s to
    draw, a 4th-card extra play, a heaven/hell answer) outlives it: a claim out of turn can end
    the game while any of them is open.
    """
    effects: list[Effect] = [RoundWon(rule_id=rule_id, seat=winner, how=how)]
    options = state.options
    old = state.scores
    games, sets, points = list(old.games), list(old.sets), list(old.points)
    match_winner: int | None = None
    decided = False
    if options.scoring == "single":
        decided, match_winner = True, winner
    elif options.scoring == "tennis":
        games[winner] += 1
        if games[winner] >= options.games_per_set:
            sets[winner] += 1
            games = [0] * state.seats
            if sets[winner] >= options.sets_to_win:
                decided, match_winner = True, winner
    else:
        for seat in range(state.seats):
            if seat != winner:
                points[seat] += points_in_hand(state, seat)
        if max(points) >= options.points_target:
            decided = True
            low = min(points)
            lowest = [s for s in range(state.seats) if points[s] == low]
            match_winner = lowest[0] if len(lowest) == 1 else None
    scores = Scores(games=tuple(games), sets=tuple(sets), points=tuple(points), played=old.played + 1)
    if options.scoring != "single":
        effects.append(
            GameScored(
                rule_id=f"dabong.scoring.{options.scoring}",
                winner=winner,
                games=scores.games,
                sets=scores.sets,
                points=scores.points,
            )
        )
    if decided and match_winner is not None:
        effects.append(MatchWon(rule_id="dabong.scoring", seat=match_winner))
    elif decided:
        effects.append(RoundDrawn(rule_id="dabong.scoring.points", reason="lowest score tied"))
    state = evolve(
        state,
        status=OVER if decided else GAME_OVER,
        winner=match_winner,
        game_winner=winner,
        penalty=None,
        take_back=(),
        extra_play_then=None,
        answerable=None,
        scores=scores,
    )
    return state, effects
