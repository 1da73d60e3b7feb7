"""The ledgers of a dabong! situation: the score sheet, one-card announcements, hands as dealt,
and the end of a game it says is over.

While a game is played the sheet must leave the match undecided (else the situation is
``Unreachable``, with the match's outcome). A finished game is scored by the rules' own
``finish_game`` from a blank sheet when no score is said; a sheet said is the sheet *after* the
game, and decides whether the match is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel import Card
from ...kernel.situations import Outcome, Unreachable
from .scoring import finish_game
from .state import GAME_OVER, OVER, DabongState, Scores, evolve

if TYPE_CHECKING:
    from .situation import Builder


def announced(b: Builder, hands: tuple[tuple[Card, ...], ...]) -> tuple[int, ...]:
    f = b.f
    for i, seat in enumerate(f.announced):
        if len(hands[seat]) != 1:
            raise Unreachable(
                f'seat {seat} holds {len(hands[seat])} cards: only a seat holding one says "one card"',
                "dabong.one_card",
                f"/announced/{i}",
            )
    if b.o.one_card_rule and f.game_winner is None:
        for seat, hand in enumerate(hands):
            if len(hand) == 1 and seat not in f.announced:
                b.say(
                    "/one_card_announced",
                    f'seat {seat} has not said "one card"',
                    "another seat may catch it: say `announced` if it has",
                )
    return tuple(sorted(set(f.announced)))


def as_dealt(b: Builder, start: bool, hands: tuple[tuple[Card, ...], ...]) -> tuple[int, ...]:
    f, o = b.f, b.o
    if f.game_winner is not None:
        return ()
    if f.as_dealt is not None:
        for i, seat in enumerate(f.as_dealt):
            if len(hands[seat]) != o.hand_size:
                raise Unreachable(
                    f"seat {seat} holds {len(hands[seat])} cards, not the {o.hand_size} dealt",
                    "dabong.worst_hand",
                    f"/as_dealt/{i}",
                )
        return tuple(sorted(set(f.as_dealt)))
    if not start:
        if o.rule_on("worst_hand"):
            b.say(
                "/as_dealt",
                "no seat still holds its hand as dealt",
                "say `as_dealt` to ask about the worst hand",
            )
        return ()
    seats = tuple(s for s in range(b.seats) if len(hands[s]) == o.hand_size)
    if o.rule_on("worst_hand"):
        b.say(
            "/as_dealt",
            f"seats {list(seats)} hold their hands as dealt",
            "nothing has happened since the deal; say `as_dealt`",
        )
    return seats


def _sheet(b: Builder) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    f, o, n = b.f, b.o, b.seats
    zero = (0,) * n
    s = f.scores
    games, sets, points = (
        (s.games or zero, s.sets or zero, s.points or zero) if s is not None else (zero,) * 3
    )
    if o.scoring != "tennis" and (any(games) or any(sets)):
        raise Unreachable("games and sets are kept only with tennis scoring", "dabong.scoring", "/scores")
    if o.scoring != "points" and any(points):
        raise Unreachable("points are kept only with points scoring", "dabong.scoring", "/scores/points")
    for i, won in enumerate(games):
        if won >= o.games_per_set:
            raise Unreachable(
                f"seat {i} would have won the set at {o.games_per_set} games (the count starts again)",
                "dabong.scoring.tennis",
                f"/scores/games/{i}",
            )
    return games, sets, points


def _played(
    b: Builder, games: tuple[int, ...], sets: tuple[int, ...], points: tuple[int, ...], over: bool
) -> int:
    least = sum(games) + b.o.games_per_set * sum(sets) + (1 if any(points) else 0)
    return max(least, 1 if over else 0)


def playing_scores(b: Builder) -> Scores:
    """The sheet while the game is played: one that has decided the match is unreachable."""
    o = b.o
    games, sets, points = _sheet(b)
    for i, won in enumerate(sets):
        if won >= o.sets_to_win:
            raise Unreachable(
                f"seat {i} has won {won} set(s): the match is over",
                "dabong.scoring.tennis",
                f"/scores/sets/{i}",
                Outcome(f"seat {i} has won the match", "dabong.scoring.tennis"),
            )
    if any(points) and max(points) >= o.points_target:
        raise Unreachable(
            f"a seat has reached {o.points_target} points: the match is over",
            "dabong.scoring.points",
            "/scores/points",
            Outcome(_lowest(points), "dabong.scoring.points"),
        )
    if b.f.scores is not None and o.scoring != "single":
        b.say(
            "/scores/played",
            f"{_played(b, games, sets, points, False)} games played so far",
            "it only numbers the next deal",
        )
    return Scores(games=games, sets=sets, points=points, played=_played(b, games, sets, points, False))


def _lowest(points: tuple[int, ...]) -> str:
    low = min(points)
    lowest = [s for s, p in enumerate(points) if p == low]
    if len(lowest) == 1:
        return f"seat {lowest[0]} has the lowest total and wins the match"
    return "the lowest totals are tied: the match is drawn"


def finish(b: Builder, state: DabongState) -> DabongState:
    """``state`` (the table as the game ended) with the game won by the situation's winner."""
    f, o = b.f, b.o
    winner = f.game_winner
    assert winner is not None
    went_out = not state.hands[winner]
    how, rule = ("went_out", "dabong.win") if went_out else ("natural_dabong", "dabong.natural")
    if winner not in b.named:
        b.say(
            f"/hands/{winner}",
            f"seat {winner} won by playing its last card",
            "its hand matters no more; give it if it won by a claim",
        )
    if f.scores is None:
        done, _ = finish_game(state, winner, how, rule)
        if o.scoring != "single":
            b.say("/scores", "this was the first game of the match", "say `scores` for a match under way")
        return evolve(done, as_dealt=())
    games, sets, points = _sheet(b)
    status, match = GAME_OVER, None
    if o.scoring == "single":
        status, match = OVER, winner
    elif o.scoring == "tennis":
        for i, won in enumerate(sets):
            if i != winner and won >= o.sets_to_win:
                raise Unreachable(
                    f"seat {i} had already won the match", "dabong.scoring.tennis", f"/scores/sets/{i}"
                )
        if not games[winner] and not sets[winner]:
            raise Unreachable(
                f"seat {winner} has just won a game: its games or sets show it",
                "dabong.scoring.tennis",
                "/scores",
            )
        if sets[winner] >= o.sets_to_win:
            status, match = OVER, winner
    elif any(points) and max(points) >= o.points_target:
        low = min(points)
        lowest = [s for s, p in enumerate(points) if p == low]
        status, match = OVER, lowest[0] if len(lowest) == 1 else None
    scores = Scores(games=games, sets=sets, points=points, played=_played(b, games, sets, points, True))
    return evolve(
        state,
        status=status,
        winner=match,
        game_winner=winner,
        penalty=None,
        take_back=(),
        extra_play_then=None,
        answerable=None,
        scores=scores,
        as_dealt=(),
    )
