"""Paired in-process benchmark of the request layer: what the body validation costs per request.

    python -m benchmarks.request_layer [--rounds N] [--requests K] [--write]

For each game and each hot operation (validate, apply, legal-actions, view) it sends the same
mid-game request through the real app (WSGI, no socket) many times and reports the median
time per request over interleaved rounds, with the time of ``schema.load`` alone on the same
body (what marshmallow costs of that request). When the app still has a hand-written fast
path beside marshmallow (``service.fastargs``, issue #26 removed it) the rounds alternate the
fast-path view and the marshmallow-only view of the same route, so both see the same noise.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from service.app import create_app

HOT = ("validate", "apply", "legal-actions", "view")
#: Plays made from the deal before the measured state (a table in play, not a fresh deal).
MOVES = 12


def _post(client: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(path, json=body)
    assert response.status_code == 200, (path, response.status_code, response.get_data(as_text=True)[:300])
    return response.get_json()  # type: ignore[no-any-return]


def mid_game(client: Any, game: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A state after ``MOVES`` first-listed legal actions from a seeded deal, and a legal action."""
    base = f"/v1/games/{game}"
    state = _post(client, f"{base}/deal", {"seats": 4, "seed": 7})["state"]
    for _ in range(MOVES):
        entries = _post(client, f"{base}/legal-actions", {"state": state, "limit": 1})["actions"]
        if not entries:
            break
        answer = _post(client, f"{base}/apply", {"state": state, "action": entries[0]["action"]})
        if answer["over"]:
            break
        state = answer["state"]
    action = _post(client, f"{base}/legal-actions", {"state": state, "limit": 1})["actions"][0]["action"]
    return state, action


def bodies(state: dict[str, Any], action: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        "validate": {"state": state, "action": action},
        "apply": {"state": state, "action": action},
        "legal-actions": {"state": state, "seat": action["seat"], "limit": 20},
        "view": {"state": state, "seat": action["seat"]},
    }


def _time(call: Callable[[], Any], count: int) -> float:
    """Seconds per call over ``count`` calls."""
    start = time.perf_counter()
    for _ in range(count):
        call()
    return (time.perf_counter() - start) / count


def _schema_of(view: Any) -> Any:
    """The request schema flask-smorest's ``arguments`` attached to a view."""
    for arg in getattr(view, "_apidoc", {}).get("arguments", {}).get("parameters", []):
        if arg.get("in") == "json":
            return arg["schema"]
    return None


def run(rounds: int, requests: int) -> list[dict[str, Any]]:
    app = create_app({"TESTING": True})
    # The access log line costs the same in every variant; off, it does not drown the difference.
    logging.getLogger("table_judge.access").disabled = True
    client = app.test_client()
    rows = []
    for game in app.config["REGISTRY"].names():
        state, action = mid_game(client, game)
        for operation, body in bodies(state, action).items():
            data = json.dumps(body).encode()
            endpoint = f"table.{operation.replace('-', '_')}"
            routed = app.view_functions[endpoint]
            slow = getattr(routed, "__wrapped__", None)  # fast_arguments' wraps(): the decorated view
            variants = {"routed": routed} if slow is None else {"fast path": routed, "marshmallow": slow}
            path = f"/v1/games/{game}/{operation}"

            def request(path: str = path, data: bytes = data) -> None:
                response = client.post(path, data=data, content_type="application/json")
                assert response.status_code == 200, response.status_code

            times: dict[str, list[float]] = {name: [] for name in variants}
            generic = _schema_of(slow or routed)
            # The game's own copy, as the request path loads it (service.schemas_games).
            per_game = app.extensions.get("table_judge_request_schemas", {}).get(game, {})
            schema = per_game.get(type(generic), generic) if generic is not None else None
            loads: list[float] = []
            for index in range(rounds):
                names = list(variants)
                if index % 2:
                    names.reverse()
                for name in names:
                    app.view_functions[endpoint] = variants[name]
                    times[name].append(_time(request, requests))
                if schema is not None:
                    loads.append(_time(lambda s=schema, d=data: s.load(json.loads(d)), requests))
            app.view_functions[endpoint] = routed
            row = {"game": game, "operation": operation, "bytes": len(data)}
            row.update({name: statistics.median(t) * 1e6 for name, t in times.items()})
            parse = _time(lambda d=data: json.loads(d), requests) * 1e6
            row["schema.load"] = statistics.median(loads) * 1e6 - parse if loads else float("nan")
            rows.append(row)
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    columns = [c for c in ("fast path", "marshmallow", "routed", "schema.load") if c in rows[0]]
    lines = [
        "| game | operation | body bytes | " + " | ".join(f"{c} µs/req" for c in columns) + " |",
        "|---|---|---:|" + "---:|" * len(columns),
    ]
    for row in rows:
        cells = " | ".join(f"{row[c]:.0f}" for c in columns)
        lines.append(f"| {row['game']} | {row['operation']} | {row['bytes']} | {cells} |")
    return "\n".join(lines)


PAGE = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"
BEGIN = "<!-- request-layer: written by python -m benchmarks.request_layer --write -->"
END = "<!-- /request-layer -->"


def section(rows: list[dict[str, Any]], rounds: int, requests: int) -> str:
    return "\n".join(
        [
            BEGIN,
            "## Request layer, in process (paired)",
            "",
            f"`python -m benchmarks.request_layer --rounds {rounds} --requests {requests}`: the same "
            "mid-game request (12 plays from a seeded 4-seat deal) through the app by WSGI, no socket, "
            "access log off; median µs per request over interleaved rounds. `schema.load` is the "
            "request schema's load of the same body alone (JSON parse subtracted). Load average "
            f"at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())} (on a shared machine the "
            "absolute figures move; the paired share moves much less).",
            "",
            table(rows),
            "",
            *_saving(rows),
            END,
        ]
    )


def _saving(rows: list[dict[str, Any]]) -> list[str]:
    """What the fast path saves, when this app still has one."""
    if "fast path" not in rows[0]:
        return ["One request path: every body is loaded by its marshmallow schema."]
    saved = [r["marshmallow"] - r["fast path"] for r in rows]
    share = [(r["marshmallow"] - r["fast path"]) / r["marshmallow"] for r in rows]
    return [
        f"The fast path saves a median {statistics.median(saved):.0f} µs per request "
        f"({100 * statistics.median(share):.0f} % of the marshmallow path; range "
        f"{100 * min(share):.0f}–{100 * max(share):.0f} %)."
    ]


def carry_section(page_path: Path, page: str) -> str:
    """``page`` with the request-layer section of the page on disk (the suite does not run it)."""
    old = page_path.read_text(encoding="utf-8") if page_path.exists() else ""
    start, stop = old.find(BEGIN), old.find(END)
    if start < 0 or stop < start:
        return page
    return page.rstrip("\n") + "\n\n" + old[start : stop + len(END)] + "\n"


def write(text: str, page_path: Path = PAGE) -> None:
    """Put ``text`` in place of the page's request-layer section, or at its end."""
    old = page_path.read_text(encoding="utf-8")
    start, stop = old.find(BEGIN), old.find(END)
    if start >= 0 and stop > start:
        new = old[:start] + text + old[stop + len(END) :]
    else:
        new = old.rstrip("\n") + "\n\n" + text + "\n"
    page_path.write_text(new, encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--requests", type=int, default=150)
    parser.add_argument("--write", action="store_true", help="write the section of docs/benchmarks.md")
    args = parser.parse_args()
    rows = run(args.rounds, args.requests)
    print(table(rows))
    if args.write:
        write(section(rows, args.rounds, args.requests))
        print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
