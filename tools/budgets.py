"""Cost budgets: the most expensive requests a client can make, timed in process.

    python -m tools.budgets

Each budget is a request shape the service bounds (by paging, by a cap on
replay length, by the bots' own search limits). Prints a Markdown table of
the median and worst of several runs through the Flask test client (the app's
whole stack, without the network).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from rules_core.games import REGISTRY
from service.app import create_app
from service.config import LEGAL_ACTIONS_MAX_LIMIT, REPLAY_MAX_ACTIONS


def _timed(call: Callable[[], Any], runs: int) -> tuple[float, float, Any]:
    times, result = [], None
    for _ in range(runs):
        started = time.perf_counter()
        result = call()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), max(times), result


def _long_log(name: str, wanted: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A deal and a log of random legal actions, as long as the game allows up to ``wanted``."""
    game = REGISTRY.get(name)
    assert game is not None
    best: tuple[dict[str, Any], list[dict[str, Any]]] = ({}, [])
    for seed in range(40):
        rng = random.Random(seed)
        deal = {"seats": game.max_seats, "seed": seed}
        state = game.deal(
            seats=game.max_seats, options=game.presets[game.default_preset], seed=seed, deck_order=None
        )
        log = []
        while len(log) < wanted and not game.is_over(state):
            entries = game.legal_actions(state, limit=200).entries
            if not entries:
                break
            action = rng.choice(entries).action
            log.append(action.to_json())
            state = game.apply(state, action).state
        if len(log) > len(best[1]):
            best = (deal, log)
        if len(log) >= wanted:
            break
    return best


def _big_dabong_hand(size: int) -> dict[str, dict[str, Any]] | None:
    """States in which seat 0 holds ``size`` cards, reached by both seats drawing, per level."""
    game = REGISTRY.get("dabong")
    if game is None:
        return None
    out: dict[str, dict[str, Any]] = {}
    for level in ("beginner", "master"):
        for seed in range(50):
            state = game.deal(seats=2, options=game.presets[level], seed=seed, deck_order=None)
            seat = 0
            while len(game.state_to_json(state)["hands"][0]) < size:
                outcome = game.apply(state, _draw(game, seat))
                if outcome.state is None:
                    break
                state, seat = outcome.state, 1 - seat
            if len(game.state_to_json(state)["hands"][0]) >= size:
                out[level] = game.state_to_json(state)
                break
    return out


def _draw(game: Any, seat: int) -> Any:
    return game.action_from_json({"type": "draw", "seat": seat})


def main() -> int:
    client = create_app({"TESTING": True}).test_client()
    rows: list[tuple[str, str, float, float, str]] = []

    big = _big_dabong_hand(26)
    if big is not None:
        for level, state in big.items():
            med, top, response = _timed(
                lambda state=state: client.post(
                    "/v1/games/dabong/legal-actions", json={"state": state, "limit": LEGAL_ACTIONS_MAX_LIMIT}
                ),
                3,
            )
            body = response.get_json()
            note = (
                f"{body.get('total_entries')} entries, {body.get('total_actions')} plays"
                if response.status_code == 200
                else f"{response.status_code} {body.get('type', '').rsplit(':', 1)[-1]}"
            )
            rows.append(("dabong", f"legal-actions, a 26-card hand, {level}, a page of 1000", med, top, note))

    for name in REGISTRY.names():
        deal, log = _long_log(name, REPLAY_MAX_ACTIONS)
        med, top, answer = _timed(
            lambda deal=deal, log=log, name=name: client.post(
                f"/v1/games/{name}/replay", json={"deal": deal, "actions": log}
            ).get_json(),
            3,
        )
        rows.append(
            (
                name,
                f"replay of the longest random log found ({len(log)} actions)",
                med,
                top,
                f"completed={answer.get('completed')}",
            )
        )

    for name in REGISTRY.names():
        game = REGISTRY.get(name)
        assert game is not None
        if game.bot is None:
            continue
        times = []
        for seed in range(30):
            state = client.post(
                f"/v1/games/{name}/deal", json={"seats": 4 if game.max_seats >= 4 else 2, "seed": seed}
            ).get_json()["state"]
            seat = client.post(f"/v1/games/{name}/legal-actions", json={"state": state}).get_json()[
                "actions"
            ][0]["action"]["seat"]
            started = time.perf_counter()
            client.post(
                f"/v1/games/{name}/suggest",
                json={"state": state, "seat": seat, "level": "strong", "seed": seed},
            )
            times.append((time.perf_counter() - started) * 1000)
        times.sort()
        rows.append(
            (
                name,
                "suggest, strong, opening states (30)",
                statistics.median(times),
                times[-1],
                f"p95 {times[int(len(times) * 0.95) - 1]:.1f} ms",
            )
        )

    print("| game | request | median ms | worst ms | notes |")
    print("| --- | --- | ---: | ---: | --- |")
    for game_name, what, med, top, note in rows:
        print(f"| {game_name} | {what} | {med:.1f} | {top:.1f} | {note} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
