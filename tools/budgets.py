"""Cost budgets: the most expensive requests a client can make, measured in process.

    python -m tools.budgets

Each budget is a request shape the service bounds (by paging, by a cap on
replay length, by the work budgets, by the bots' own search limits, and behind
them all by the request's CPU limit). Prints a Markdown table of the median and
worst CPU time (``time.process_time``, as the CPU limit counts it) of several
runs through the Flask test client (the app's whole stack, without the network),
the peak of memory allocated during the worst run (tracemalloc, measured in one
more run, since tracing slows the request) and the answer.
"""

from __future__ import annotations

import json
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from rules_core.games import REGISTRY
from service import paging
from service.app import create_app
from service.config import LEGAL_ACTIONS_MAX_LIMIT, REPLAY_MAX_ACTIONS


def _timed(call: Callable[[], Any], runs: int) -> tuple[float, float, Any]:
    """Median and worst CPU ms of ``runs`` calls, and the last answer."""
    times, result = [], None
    for _ in range(runs):
        started = time.process_time()
        result = call()
        times.append((time.process_time() - started) * 1000)
    return statistics.median(times), max(times), result


def _peak_mb(call: Callable[[], Any]) -> float:
    """Memory allocated at the peak of one more call, in MB (tracemalloc, above what was held).

    Tracing slows a request two to three times: the apps are made with the CPU limit off
    (``main``), so that the peak is the whole request's, not that of one stopped at 1 s.
    """
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def _outcome(response: Any) -> str:
    body = response.get_json()
    if response.status_code != 200:
        codes = ",".join(e["code"] for e in body.get("errors", [])[:2])
        return f"{response.status_code} {body.get('type', '').rsplit(':', 1)[-1]} {codes}".strip()
    if "total_entries" in body:
        return f"{body['total_entries']:,} entries"
    if "completed" in body:
        return f"completed={body['completed']}"
    return "200"


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


Row = tuple[str, str, float, float, float, str]


def _measured(game: str, what: str, call: Callable[[], Any], runs: int = 3) -> Row:
    med, top, response = _timed(call, runs)
    return (game, what, med, top, _peak_mb(call), _outcome(response))


def _windows(client: Any) -> list[Row]:
    """dabong! at Master with the three Shamans: facing 2s and in a heaven window (issue #25)."""
    from tests.dabong.tables import table

    twenty = [
        *("SH1", "SH2", "SH3", "AF", "3F", "4F", "8F", "9F", "10F", "KF"),
        *("AW", "3W", "4W", "8W", "9W", "JW", "QE", "KE", "10A", "JA"),
    ]
    rows: list[Row] = []
    # trading off: the last page is then the end of the plays, not of the trades
    options = {"trading": False}
    for twos, size in ((1, 8), (1, 14), (1, 20), (4, 20)):
        pile = ["5F", *("2F", "2W", "2E", "2A")[:twos]]
        penalty = {"cards": 2 * twos, "skip": True}
        state = table([twenty[:size], ["5W", "5E"]], pile, preset="master", penalty=penalty, options=options)
        where = f"{size} cards, 3 Shamans, facing {twos} 2s"
        rows += _pages(client, state, 0, where)
        for level in ("random", "strong"):
            body = {"state": state, "seat": 0, "level": level, "seed": 1}
            rows.append(
                _measured(
                    "dabong",
                    f"suggest {level}, {where}",
                    lambda body=body: client.post("/v1/games/dabong/suggest", json=body),
                )
            )
    for size in (8, 20):
        hands = [["5W", "5E"], ["9E", "9A"], [*twenty[: size - 2], "6W", "6E"]]
        state = table(
            hands,
            ["2E", "7F", "7W", "7A"],
            preset="master",
            top_play=3,
            top_seat=0,
            turn=1,
            answerable="heaven",
        )
        rows += _pages(client, state, 2, f"{size} cards, 3 Shamans, answering a heaven")
    return rows


def _pages(client: Any, state: dict[str, Any], seat: int, where: str) -> list[Row]:
    """The first page and the last (a cursor any client can make: offset and a state hash)."""
    url = "/v1/games/dabong/legal-actions"
    first = client.post(url, json={"state": state, "seat": seat}).get_json()
    last = paging.encode(max(0, first["total_entries"] - 200), paging.fingerprint(state, seat))
    return [
        _measured(
            "dabong",
            f"legal-actions, first page, {where}",
            lambda: client.post(url, json={"state": state, "seat": seat}),
        ),
        _measured(
            "dabong",
            f"legal-actions, last page, {where}",
            lambda: client.post(url, json={"state": state, "seat": seat, "cursor": last}),
        ),
    ]


def _take_back_log(client: Any) -> Row:
    """A dabong! log that plays and takes back the same play until the body is full."""
    game = REGISTRY.get("dabong")
    assert game is not None
    deal = {"seats": 2, "seed": 3, "preset": "master"}
    state = game.deal(seats=2, options=game.presets["master"], seed=3, deck_order=None)
    log: list[dict[str, Any]] = []
    for _ in range(60):
        seat = state.turn
        entries = game.legal_actions(state, seat, limit=500).entries
        plays = [e.action for e in entries if e.action.type == "play"]
        for play in plays:
            after = game.apply(state, play).state
            back = [e.action for e in game.legal_actions(after, seat).entries if e.action.type == "take_back"]
            if back:
                pair = [play.to_json(), back[0].to_json()]
                while (
                    len(json.dumps({"deal": deal, "actions": log + pair})) < 250_000
                    and len(log) + 2 <= REPLAY_MAX_ACTIONS
                ):
                    log += pair
                return _measured(
                    "dabong",
                    f"replay of a play taken back over and over ({len(log)} actions)",
                    lambda log=log: client.post(
                        "/v1/games/dabong/replay", json={"deal": deal, "actions": log}
                    ),
                )
        log.append(entries[0].action.to_json())
        state = game.apply(state, entries[0].action).state
    raise RuntimeError("no take-back found in 60 moves")


def main() -> int:
    # The CPU limit off: these are the figures the limit is set against (see ``_peak_mb``).
    client = create_app({"TESTING": True, "REQUEST_CPU_SECONDS": 0}).test_client()
    rows: list[Row] = []

    big = _big_dabong_hand(26)
    if big is not None:
        for level, state in big.items():
            body = {"state": state, "limit": LEGAL_ACTIONS_MAX_LIMIT}
            rows.append(
                _measured(
                    "dabong",
                    f"legal-actions, a 26-card hand, {level}, a page of 1000",
                    lambda body=body: client.post("/v1/games/dabong/legal-actions", json=body),
                )
            )
    rows += _windows(client)
    rows.append(_take_back_log(client))

    for name in REGISTRY.names():
        deal, log = _long_log(name, REPLAY_MAX_ACTIONS)
        rows.append(
            _measured(
                name,
                f"replay of the longest random log found ({len(log)} actions)",
                lambda deal=deal, log=log, name=name: client.post(
                    f"/v1/games/{name}/replay", json={"deal": deal, "actions": log}
                ),
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
            body = {"state": state, "seat": seat, "level": "strong", "seed": seed}
            started = time.process_time()
            client.post(f"/v1/games/{name}/suggest", json=body)
            times.append((time.process_time() - started) * 1000)
        times.sort()
        peak = _peak_mb(lambda body=body, name=name: client.post(f"/v1/games/{name}/suggest", json=body))
        rows.append(
            (
                name,
                "suggest, strong, opening states (30)",
                statistics.median(times),
                times[-1],
                peak,
                f"p95 {times[int(len(times) * 0.95) - 1]:.1f} ms",
            )
        )

    print("| game | request | median CPU ms | worst CPU ms | peak MB | answer |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    for game_name, what, med, top, peak, note in rows:
        print(f"| {game_name} | {what} | {med:.1f} | {top:.1f} | {peak:.1f} | {note} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
