"""Self-play: N games between chosen bot levels, a table of wins with 95% intervals.

    python -m tools.selfplay --game 99 --seats 4 --levels strong,normal,easy,random --games 2000

Levels are seated in the order given (repeated to fill the seats) and rotate
one seat every game. Runs the rules core in process; prints a Markdown table.
"""

from __future__ import annotations

import argparse
import sys
import time

from rules_core.bots import Level, play_match, wilson_interval
from rules_core.games import REGISTRY


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
    args = parser.parse_args(argv)

    game = REGISTRY.get(args.game)
    assert game is not None
    bot = getattr(game, "bot", None)
    if bot is None:
        print(f"{args.game} has no bot", file=sys.stderr)
        return 2
    names = [Level(x.strip()) for x in args.levels.split(",") if x.strip()]
    levels = [names[i % len(names)] for i in range(args.seats)]
    options = game.presets[args.preset] if args.preset else None
    started = time.perf_counter()
    winner_of = getattr(bot, "winner_of", None)  # a game may count wins its own way (99: hits)
    result = play_match(
        game, bot, levels, games=args.games, seed=args.seed, options=options, winner_of=winner_of
    )
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
