"""The 99 bot's measurements: the strength table and the strong level's latency.

    python -m tools.ninety_nine_bots strength --games 2000 --seats 2,4
    python -m tools.ninety_nine_bots latency --games 20

``strength`` seats one player of a level against the rest of the table at another
level (rotating seats every game) and counts a game won by the seat that ends with
the most hits (``rules_core.games.ninety_nine.bot.winner_of``), not by the last
player standing. ``latency`` times ``BOT.suggest`` at ``strong`` over every decision
of seeded games at 2, 3 and 4 seats and prints the mean, median, 95th percentile and
worst, in wall time and in CPU time (on a shared machine the wall time mostly counts waiting
for a core). Both print Markdown for docs/bots/99.md.
"""

from __future__ import annotations

import argparse
import statistics
import time

from rules_core.bots import Level, play_match, wilson_interval
from rules_core.games.ninety_nine import GAME
from rules_core.games.ninety_nine.bot import BOT, winner_of

#: (level tested, opponents' level): each shows the first beats the second.
PAIRINGS: tuple[tuple[Level, Level], ...] = (
    (Level.STRONG, Level.NORMAL),
    (Level.NORMAL, Level.EASY),
    (Level.STRONG, Level.RANDOM),
    (Level.NORMAL, Level.RANDOM),
    (Level.EASY, Level.RANDOM),
)


def strength(games: int, seat_counts: list[int], seed: int, pairings: list[str] | None) -> None:
    chosen = [p for p in PAIRINGS if pairings is None or f"{p[0]}-{p[1]}" in pairings]
    print("| seats | level vs rest | games | wins | win rate | 95% interval | even share | verdict | time |")
    print("| ---: | --- | ---: | ---: | ---: | --- | ---: | --- | ---: |")
    for seats in seat_counts:
        for tested, rest in chosen:
            started = time.perf_counter()
            levels = [tested] + [rest] * (seats - 1)
            result = play_match(GAME, BOT, levels, games=games, seed=seed, winner_of=winner_of)
            wins, n = result.wins.get(tested, 0), result.seat_games[tested]
            lo, hi = wilson_interval(wins, n)
            fair = 1 / seats
            verdict = "above even" if lo > fair else ("below even" if hi < fair else "not separated")
            print(
                f"| {seats} | {tested} vs {seats - 1} {rest} | {n} | {wins} | {wins / n:.3f} | "
                f"{lo:.3f} - {hi:.3f} | {fair:.3f} | {verdict} | {time.perf_counter() - started:.0f} s |",
                flush=True,
            )


def latency(games: int) -> None:
    times: list[float] = []
    cpu: list[float] = []
    for seats in (2, 3, 4):
        for g in range(games):
            state = GAME.deal(seats=seats, options=GAME.presets["standard"], seed=1000 + g, deck_order=None)
            step = 0
            while not GAME.is_over(state):
                seat = state.turn
                assert seat is not None
                view = GAME.view(state, seat)
                started, cpu_started = time.perf_counter(), time.process_time()
                suggestion = BOT.suggest(view, seat, Level.STRONG, seed=step)
                times.append(time.perf_counter() - started)
                cpu.append(time.process_time() - cpu_started)
                assert suggestion is not None
                outcome = GAME.apply(state, suggestion.action)
                assert outcome.state is not None
                state, step = outcome.state, step + 1
    for name, spent in (("wall", times), ("CPU", cpu)):
        ms = sorted(1000 * t for t in spent)
        print(
            f"strong, {len(ms)} decisions, {name} time: mean {statistics.mean(ms):.1f} ms, "
            f"median {ms[len(ms) // 2]:.1f} ms, 95th percentile {ms[int(len(ms) * 0.95)]:.1f} ms, "
            f"worst {ms[-1]:.1f} ms"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("strength")
    s.add_argument("--games", type=int, default=2000)
    s.add_argument("--seats", default="2,4", help="comma-separated table sizes")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--pairings", default=None, help="e.g. strong-normal,easy-random (default: all)")
    lat = sub.add_parser("latency")
    lat.add_argument("--games", type=int, default=20)
    args = parser.parse_args(argv)
    if args.command == "strength":
        pairings = args.pairings.split(",") if args.pairings else None
        strength(args.games, [int(x) for x in args.seats.split(",")], args.seed, pairings)
    else:
        latency(args.games)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
