"""Self-play: N games between chosen bot levels, a table of wins with 95% intervals.

    python -m tools.selfplay --game 99 --seats 4 --levels strong,normal,easy,random --games 2000

Levels are seated in the order given (repeated to fill the seats) and rotate
one seat every game. Runs the rules core in process; prints a Markdown table.
``--jobs N`` plays the games in N worker processes, each a consecutive block of
the same numbered games, so the table is identical to a serial run's.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from rules_core.bots import Level, MatchResult, merged, play_match, wilson_interval
from rules_core.games import REGISTRY


def _play_part(
    game_name: str, levels: list[str], first: int, games: int, seed: int, preset: str | None
) -> MatchResult:
    """One block of a match (games ``first`` to ``first + games - 1``), run in a worker or in process."""
    game = REGISTRY.get(game_name)
    assert game is not None
    bot = game.bot
    options = game.presets[preset] if preset else None
    winner_of = getattr(bot, "winner_of", None)  # a game may count wins its own way (99: hits)
    return play_match(
        game,
        bot,
        [Level(x) for x in levels],
        games=games,
        seed=seed,
        options=options,
        winner_of=winner_of,
        first=first,
    )


def _blocks(games: int, jobs: int) -> list[tuple[int, int]]:
    """(first, count) blocks covering 0..games-1, about four per job for even loading."""
    parts = max(1, min(games, jobs * 4 if jobs > 1 else 1))
    size, extra = divmod(games, parts)
    blocks, first = [], 0
    for i in range(parts):
        count = size + (1 if i < extra else 0)
        blocks.append((first, count))
        first += count
    return blocks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", required=True, choices=REGISTRY.names())
    parser.add_argument("--seats", type=int, required=True)
    parser.add_argument("--levels", required=True, help="comma-separated: random, easy, normal, strong")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--preset", default=None)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (same results as 1)")
    args = parser.parse_args(argv)

    game = REGISTRY.get(args.game)
    assert game is not None
    if getattr(game, "bot", None) is None:
        print(f"{args.game} has no bot", file=sys.stderr)
        return 2
    if args.preset and args.preset not in game.presets:
        print(f"{args.game} has no preset {args.preset}", file=sys.stderr)
        return 2
    names = [Level(x.strip()) for x in args.levels.split(",") if x.strip()]
    levels = [names[i % len(names)] for i in range(args.seats)]
    plain = [str(level) for level in levels]
    started = time.perf_counter()
    blocks = _blocks(args.games, args.jobs)
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            futures = [
                pool.submit(_play_part, args.game, plain, first, count, args.seed, args.preset)
                for first, count in blocks
            ]
            parts = [f.result() for f in futures]
    else:
        parts = [
            _play_part(args.game, plain, first, count, args.seed, args.preset) for first, count in blocks
        ]
    result = merged(parts)
    elapsed = time.perf_counter() - started

    fair = 1 / args.seats
    print(
        f"{args.game}, {args.seats} seats, {result.games} games, seed {args.seed}, "
        f"preset {args.preset or game.default_preset}"
    )
    print(f"{result.draws} drawn, {result.actions} actions, {elapsed:.1f} s")
    print()
    print("| level | seats-games | wins | win rate | 95% interval | even share | verdict |")
    print("| --- | ---: | ---: | ---: | --- | ---: | --- |")
    for level in dict.fromkeys(levels):
        n = result.seat_games.get(level, 0)
        wins = result.wins.get(level, 0)
        lo, hi = wilson_interval(wins, n)
        verdict = "above even" if lo > fair else ("below even" if hi < fair else "not separated")
        print(f"| {level} | {n} | {wins} | {wins / n:.3f} | {lo:.3f} - {hi:.3f} | {fair:.3f} | {verdict} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
