"""The dabong! bot's strength table, built in seeded batches (not a test: run it by hand).

    python -m tests.dabong.strength_bot --seats 4 --pairings strong-normal,normal-easy --games 2000

Each pairing "a-b" seats one ``a`` against ``seats - 1`` ``b`` (heads-up at two
seats), rotating seats every game, exactly as ``tools.selfplay`` does; games are
played in batches of ``--batch`` with batch ``k`` using self-play seed ``k``, so
any prefix of the run is itself reproducible, and the cumulative table is
rewritten to ``--out`` after every batch (a long run can be read while it goes).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from rules_core.bots import Level, play_match, wilson_interval
from rules_core.games.dabong import GAME


def _row(name: str, wins: int, n: int, fair: float) -> str:
    lo, hi = wilson_interval(wins, n)
    verdict = "above even" if lo > fair else ("below even" if hi < fair else "not separated")
    rate = wins / n if n else 0.0
    return f"| {name} | {n} | {wins} | {rate:.3f} | {lo:.3f} - {hi:.3f} | {fair:.3f} | {verdict} |"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seats", type=int, required=True)
    parser.add_argument("--pairings", required=True, help="comma-separated a-b, e.g. strong-normal")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=20)
    parser.add_argument("--preset", default=GAME.default_preset)
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    pairings = [tuple(Level(x) for x in p.split("-")) for p in args.pairings.split(",")]
    totals = {p: [0, 0, 0] for p in pairings}  # games, wins of a, seat-games of a
    fair = 1 / args.seats
    started = time.perf_counter()
    batch = 0
    while any(t[0] < args.games for t in totals.values()):
        for pairing in pairings:
            a, b = pairing
            got = totals[pairing]
            if got[0] >= args.games:
                continue
            levels = [a] + [b] * (args.seats - 1)
            n = min(args.batch, args.games - got[0])
            result = play_match(
                GAME, GAME.bot, levels, games=n, seed=batch, options=GAME.presets[args.preset]
            )
            got[0] += result.games
            got[1] += result.wins.get(a, 0)
            got[2] += result.seat_games.get(a, 0)
        batch += 1
        lines = [
            f"dabong!, {args.seats} seats, preset {args.preset}, batches of {args.batch} "
            f"(seeds 0..{batch - 1}), {time.perf_counter() - started:.0f} s",
            "",
            "| pairing (one a against the rest b) | games | wins of a | win rate of a | 95% interval "
            "| even share | verdict |",
            "| --- | ---: | ---: | ---: | --- | ---: | --- |",
        ]
        lines += [_row(f"{a} vs {b}", t[1], t[2], fair) for (a, b), t in totals.items()]
        text = "\n".join(lines)
        if args.out:
            Path(args.out).write_text(text + "\n")
        else:
            print(text, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
