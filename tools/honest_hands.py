"""Honest dabong! hands in every window are answered, not refused (issue #25).

    python -m tools.honest_hands [--seeds 4] [--sizes 8,11,13,15]

For each level, each window a seat can be in (its turn, facing 1 to 5 pending 2s, answering
a heaven or a hell out of turn, its turn with the river on the table) and each hand size, a
random hand holding the three Shamans, on a table that could be reached: ``legal-actions``
for that seat (the first page and the last, through a cursor any client can make) and
``suggest`` at the random and strong levels, through the whole app. Prints, per level and
window, how many requests were answered and refused (and why) and the worst CPU time.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from typing import Any

from rules_core.kernel import DABONG_55, format_card
from service import paging
from service.app import create_app
from tests.dabong.tables import table

URL = "/v1/games/dabong"
LEVELS = ("beginner", "intermediate", "master")
WINDOWS = ("turn", "twos-1", "twos-2", "twos-3", "twos-4", "twos-5", "heaven", "hell", "river")
_ALL = [format_card(c) for c in DABONG_55.cards]
_TWOS = ("2F", "2W", "2E", "2A")


def position(level: str, window: str, size: int, rng: random.Random) -> tuple[dict[str, Any], int] | None:
    """A table where the seat returned holds ``size`` cards with the Shamans, in ``window``."""
    if level == "beginner" and window not in ("turn", "twos-1"):
        return None  # windows of later levels
    avoid: set[str] = set()
    # trading off: the last page is then the end of the plays (the costly walk), not of the trades
    kwargs: dict[str, Any] = {"preset": level, "options": {"trading": False}}
    seat = 0
    if window.startswith("twos"):
        twos = int(window.split("-")[1])
        if twos == 5:  # the fifth 2 is a Shaman declared as one: two Shamans are left to hold
            pile = ["5F", "2F", "2W", "2E", "2A", "SH3"]
            kwargs["identities"] = {"SH3": "2F"}
        else:
            pile = ["5F", *_TWOS[:twos]]
        kwargs["penalty"] = {"cards": 2 * twos, "skip": True}
    elif window in ("heaven", "hell"):
        rank = "7" if window == "heaven" else "6"
        pile = ["2E" if rank == "7" else "3E", *(f"{rank}{s}" for s in rng.sample("FWEA", 3))]
        kwargs.update(top_play=3, top_seat=0, turn=1, answerable=window)
        seat = 2
    else:
        pile = ["5F"]
        if window == "river":
            kwargs["options"]["deal_river"] = True
    avoid |= set(pile)
    shamans = [c for c in ("SH1", "SH2", "SH3") if c not in avoid]
    real = [c for c in _ALL if not c.startswith("SH") and c not in avoid]
    rng.shuffle(real)
    hand = shamans + real[: size - len(shamans)]
    rest = real[size - len(shamans) :]
    if window == "river":
        kwargs["river"] = rest.pop()
    # a window's answerer is seat 2: seat 0 laid the heaven or hell, seat 1 is on turn
    hands = [rest[:3], rest[3:6], hand] if seat == 2 else [hand, rest[:3]]
    return table(hands, pile, **kwargs), seat


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--sizes", default="8,11,13,15")
    args = parser.parse_args()
    client = create_app({"TESTING": True}).test_client()
    sizes = [int(s) for s in args.sizes.split(",")]
    stats: dict[tuple[str, str], dict[str, Any]] = defaultdict(
        lambda: {"answered": 0, "refused": defaultdict(int), "worst": 0.0, "where": ""}
    )
    invalid = 0
    for level in LEVELS:
        for window in WINDOWS:
            for size in sizes:
                for seed in range(args.seeds):
                    made = position(level, window, size, random.Random(f"{level}{window}{size}{seed}"))
                    if made is None:
                        continue
                    state, seat = made
                    for name, path, body in _requests(client, state, seat):
                        started = time.process_time()
                        response = client.post(f"{URL}/{path}", json=body)
                        used = time.process_time() - started
                        if response.status_code == 422 and response.get_json()["type"].endswith(
                            "invalid-state"
                        ):
                            invalid += 1
                            break
                        row = stats[(level, window)]
                        if response.status_code == 200:
                            row["answered"] += 1
                        else:
                            codes = ",".join(e["code"] for e in response.get_json().get("errors", []))
                            row["refused"][f"{name}: {codes}"] += 1
                        if used > row["worst"]:
                            row["worst"], row["where"] = used, f"{name}, {size} cards"
    print("| level | window | answered | refused | worst CPU ms | worst request |")
    print("| --- | --- | ---: | --- | ---: | --- |")
    for (level, window), row in stats.items():
        refused = "; ".join(f"{k} ×{n}" for k, n in row["refused"].items()) or "0"
        worst = f"{row['worst'] * 1000:.0f} | {row['where']}"
        print(f"| {level} | {window} | {row['answered']} | {refused} | {worst} |")
    print(f"\n{invalid} generated tables were not valid states (skipped)")
    return 0


def _requests(client: Any, state: dict[str, Any], seat: int) -> list[tuple[str, str, dict[str, Any]]]:
    first = client.post(f"{URL}/legal-actions", json={"state": state, "seat": seat, "limit": 1})
    out: list[tuple[str, str, dict[str, Any]]] = [
        ("first page", "legal-actions", {"state": state, "seat": seat})
    ]
    if first.status_code == 200:
        total = first.get_json()["total_entries"]
        cursor = paging.encode(max(0, total - 200), paging.fingerprint(state, seat))
        out.append(("last page", "legal-actions", {"state": state, "seat": seat, "cursor": cursor}))
    for level in ("random", "strong"):
        out.append((f"suggest {level}", "suggest", {"state": state, "seat": seat, "level": level, "seed": 1}))
    return out


if __name__ == "__main__":
    raise SystemExit(main())
