"""Costly dabong! positions are answered within the request's CPU limit, through HTTP (issue #25).

On 57e9e77 a Master seat facing a pending 2, or in a heaven/hell answer window, holding the
three Shamans made ``legal-actions`` (and ``suggest``, which lists too) list every play of
the hand and filter it, outside the work budget: 5 s for an 8-card hand, 45 s and 1.2 GB
for 20 cards, and gunicorn killed the worker. The app's CPU limit (0.9 s by default) would now
turn such a request into a 422 ``cpu_limit`` problem; these tests ask for a 200, so they
fail on the old listing and pass only where the work is bounded.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from service.app import create_app
from tests.fuzz.cpu import frozen_heap

from .tables import table

G = "/v1/games/dabong"
#: Twenty cards with the three Shamans, none of them a 2, 5 of Fire, a 6 or a 7.
TWENTY = [
    *("SH1", "SH2", "SH3", "AF", "3F", "4F", "8F", "9F", "10F", "KF"),
    *("AW", "3W", "4W", "8W", "9W", "JW", "QE", "KE", "10A", "JA"),
]
LEVELS = ("random", "easy", "normal", "strong")


@pytest.fixture(scope="module", autouse=True)
def _worker_sized_heap() -> Iterator[None]:
    """The service's CPU limit counts garbage collection: keep the earlier tests' heap out of it
    (a suggest here was stopped at 0.91 s of CPU in a CI run, against 0.1-0.2 s alone)."""
    with frozen_heap():
        yield


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"TESTING": True}).test_client()


def _facing_twos(twos: int, size: int) -> dict[str, Any]:
    pile = ["5F", *("2F", "2W", "2E", "2A")[:twos]]
    return table(
        [TWENTY[:size], ["5W", "5E"]], pile, preset="master", penalty={"cards": 2 * twos, "skip": True}
    )


def _window(size: int) -> dict[str, Any]:
    answerer = [*TWENTY[: size - 2], "6W", "6E"]
    return table(
        [["5W", "5E"], ["9E", "9A"], answerer],
        ["2E", "7F", "7W", "7A"],
        preset="master",
        top_play=3,
        top_seat=0,
        turn=1,
        answerable="heaven",
    )


def _pages(client: Any, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The first two pages of the seat's listing (the second through its cursor)."""
    first = client.post(f"{G}/legal-actions", json={"state": state, "seat": seat})
    assert first.status_code == 200, first.get_json()
    body = first.get_json()
    pages = [body]
    if body["next_cursor"] is not None:
        second = client.post(
            f"{G}/legal-actions", json={"state": state, "seat": seat, "cursor": body["next_cursor"]}
        )
        assert second.status_code == 200, second.get_json()
        pages.append(second.get_json())
    return pages


@pytest.mark.parametrize(("twos", "size"), [(1, 8), (1, 20), (2, 14), (4, 20)])
def test_facing_twos_with_three_shamans_is_listed_and_suggested(client: Any, twos: int, size: int) -> None:
    state = _facing_twos(twos, size)
    pages = _pages(client, state, 0)
    plays = [a for page in pages for a in page["actions"] if a["action"]["type"] == "play"]
    assert pages[0]["total_entries"] > 200 and len(pages) == 2
    assert plays, "the add-ons and neutralisations are listed"
    for level in LEVELS:
        answer = client.post(f"{G}/suggest", json={"state": state, "seat": 0, "level": level})
        assert answer.status_code == 200, answer.get_json()
        action = answer.get_json()["action"]
        verdict = client.post(f"{G}/validate", json={"state": state, "action": action}).get_json()
        assert verdict["legal"], verdict


@pytest.mark.parametrize("size", [8, 20])
def test_an_answer_window_with_three_shamans_is_listed(client: Any, size: int) -> None:
    state = _window(size)
    pages = _pages(client, state, 2)
    plays = [a["action"] for page in pages for a in page["actions"] if a["action"]["type"] == "play"]
    assert plays and all(len(p["cards"]) == 3 for p in plays), "only hell answers a heaven"
    applied = client.post(f"{G}/apply", json={"state": state, "action": plays[0]})
    assert applied.status_code == 200, applied.get_json()
    # every other seat's to_act look lists the window too; and the state comes back accepted
    again = client.post(f"{G}/legal-actions", json={"state": applied.get_json()["state"], "limit": 5})
    assert again.status_code == 200, again.get_json()
    for level in LEVELS:
        answer = client.post(f"{G}/suggest", json={"state": state, "seat": 2, "level": level})
        assert answer.status_code == 200, answer.get_json()
