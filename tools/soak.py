"""Playout invariants at scale: many seeded games per game and preset, every step checked.

    python -m tools.soak                       # 10,000 games per game and preset, bots mixed in
    python -m tools.soak --game 99 --games 500 --jobs 2

Uses the same checker as the test suite (``tests/playouts.py``): cards
conserved, JSON round trip, listing against validation, unlisted actions
refused, views hiding what they must and unchanged across re-dealt hidden
cards, replay giving the same final state, an end within ``max_actions`` with
one winner (or a rule draw where the game has them), and every state sent back
through the service's HTTP request path (the app's WSGI path in the soak's process,
``tools.http_play.HttpEcho``: a replay of no action) accepted and answered unchanged
(``--no-http`` leaves that out). Half the decisions are
made by the game's bot at a random level (when the game has one), the rest
uniformly at random. A failure prints its seed, seat count and the shortest
failing action log (the deal's actions up to the one that broke an invariant).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rules_core.bots import Level
from rules_core.games import REGISTRY
from rules_core.kernel import Action, Game

BOT_LEVELS = (Level.EASY, Level.NORMAL, Level.STRONG)

#: Option changes for the soak only, with the reason. dabong! trades are agreements between two
#: seats (2^n x 2^m of them per pair): a uniform pick over the listing would trade almost every
#: step and no game would end, and the checker resolves every listed entry. Trades have their own
#: tests (tests/dabong/test_trading*.py and the listing/resolve agreement on small hands).
SOAK_OVERRIDES: dict[str, dict[str, Any]] = {"dabong": {"trading": False}}
#: Zones outside hands and piles that hold cards (the checker counts them for conservation).
EXTRA_ZONES: dict[str, tuple[str, ...]] = {"dabong": ("river",)}


def soak_game(name: str) -> Game[Any]:
    """The registry's game, except that dabong!'s matcher has its service work budget lifted:
    the soak checks the rules, and a refused listing (a 422 in the service) would stop a game."""
    game = REGISTRY.get(name)
    assert game is not None
    if name != "dabong":
        return game
    from tests.dabong.tables import unbounded_game

    unbounded = unbounded_game()
    unbounded.bot = game.bot
    return unbounded


def soak_options(game: Game[Any], preset: str) -> Any:
    options = game.presets[preset]
    overrides = SOAK_OVERRIDES.get(game.name)
    return dataclasses.replace(options, **overrides) if overrides else options


def mixed_chooser(game: Game[Any], state: Any, entries: list[Any], rng: random.Random) -> Action:
    bot = game.bot
    if bot is None or rng.random() < 0.5:
        return rng.choice(entries).action
    seat = rng.choice(entries).action.seat
    suggestion = bot.suggest(game.view(state, seat), seat, rng.choice(BOT_LEVELS), seed=rng.randrange(2**31))
    return suggestion.action if suggestion is not None else rng.choice(entries).action


#: One HTTP echo per worker process (building the app is the costly part).
_ECHO: dict[str, Any] = {}


def http_echo() -> Any:
    if "echo" not in _ECHO:
        from .http_play import HttpEcho

        _ECHO["echo"] = HttpEcho()
    return _ECHO["echo"]


def _chunk(args: tuple[str, str, list[int], bool, bool]) -> dict[str, Any]:
    from tests.playouts import run_playouts

    name, preset, seeds, bots, http = args
    game = soak_game(name)
    options = soak_options(game, preset)
    seat_range = range(game.min_seats, game.max_seats + 1)
    out: dict[str, Any] = {"games": 0, "actions": 0, "longest": 0, "failures": []}
    for seed in seeds:
        seats = seat_range[seed % len(seat_range)]
        try:
            report = run_playouts(
                game,
                [seed],
                seats,
                options,
                allow_draw=True,
                resample_every=8,
                unlisted_samples=1,
                extra_zones=EXTRA_ZONES.get(name, ()),
                chooser=mixed_chooser if bots else None,
                echo=http_echo() if http else None,
            )
        except AssertionError as exc:
            out["failures"].append(
                {"seed": seed, "seats": seats, "message": str(exc)[:500], "log": getattr(exc, "log", None)}
            )
            continue
        out["games"] += report.games
        out["actions"] += report.actions
        out["longest"] = max(out["longest"], report.longest)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", action="append", choices=REGISTRY.names())
    parser.add_argument("--preset", action="append")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-bots", action="store_true")
    parser.add_argument("--no-http", action="store_true", help="no HTTP echo of every state")
    args = parser.parse_args(argv)
    names = args.game or list(REGISTRY.names())
    chunk = 50
    print("| game | preset | games | actions | longest | failures | seconds |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    failures: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for name in names:
            game = REGISTRY.get(name)
            assert game is not None
            for preset in args.preset or list(game.presets):
                if preset not in game.presets:
                    continue
                seeds = list(range(args.first_seed, args.first_seed + args.games))
                jobs = [
                    (name, preset, seeds[i : i + chunk], not args.no_bots, not args.no_http)
                    for i in range(0, len(seeds), chunk)
                ]
                started = time.perf_counter()
                total = {"games": 0, "actions": 0, "longest": 0, "failures": []}
                for done, part in enumerate(pool.map(_chunk, jobs), start=1):
                    if done % 20 == 0:
                        # Long runs take hours: a heartbeat on stderr keeps the table on stdout clean.
                        print(f"{name} {preset}: {done * chunk} games", file=sys.stderr, flush=True)
                    total["games"] += part["games"]
                    total["actions"] += part["actions"]
                    total["longest"] = max(total["longest"], part["longest"])
                    total["failures"].extend(part["failures"])
                seconds = time.perf_counter() - started
                print(
                    f"| {name} | {preset} | {total['games']} | {total['actions']} | {total['longest']} | "
                    f"{len(total['failures'])} | {seconds:.0f} |",
                    flush=True,
                )
                for failure in total["failures"]:
                    failures.append({"game": name, "preset": preset, **failure})
    if failures:
        print(f"\n{len(failures)} failing games:", file=sys.stderr)
        for failure in failures:
            where = f"{failure['game']} {failure['preset']} seed {failure['seed']}, {failure['seats']} seats"
            print(f"- {where}: {failure['message']}", file=sys.stderr)
        shortest = min(failures, key=lambda f: len(f["log"] or []))
        print("\nShortest failing log:", file=sys.stderr)
        print(json.dumps(shortest, indent=1), file=sys.stderr)
        return 1
    print("\nno invariant failed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
