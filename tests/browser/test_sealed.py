"""A sealed server (TABLE_JUDGE_SEAL_KEYS): the page deals, keeps the credentials the deal
answers and names its caller in X-Table-Credential on every call (each seat its own, the host
for the whole table); the state it holds is an envelope it cannot read, so it draws views."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from .conftest import Pages
from .driver import deal, moves, pick_and_send, settle, state


def test_a_sealed_game_dealt_and_played_for_a_few_moves(sealed_pages: Pages) -> None:
    page = sealed_pages.open()
    calls: list[tuple[str, str | None]] = []

    def record(request: Any) -> None:
        if request.method == "POST":
            calls.append((urlsplit(request.url).path, request.headers.get("x-table-credential")))

    page.on("request", record)
    assert page.inner_text("#server-mode") == "sealed server"
    assert page.locator("#setup-seed").is_disabled()  # a sealed server shuffles itself
    deal(page, "99", seats=3)
    envelope = state(page)
    assert set(envelope) == {"sealed", "table_id", "move", "game"}
    for _ in range(3):
        if settle(page) == "over":
            break
        pick_and_send(page, page.locator("#listing li.entry").first)
    assert moves(page) >= 3
    # Every call after the deal names a caller.
    after_deal = [(path, credential) for path, credential in calls if not path.endswith("/deal")]
    assert after_deal and all(credential and credential.startswith("tj1.") for _, credential in after_deal)
    roles = {credential.split(".")[1] for _, credential in after_deal if credential}
    assert {"seat0", "seat1", "seat2"} <= roles  # each seat acts with its own credential
    # Seat 0's view: the other hands are counts, and their draws are not named in the log.
    assert page.locator("#table .seat[data-seat='1'] .card.back").count() == 1
    for drawn in page.locator("#log-list .effect[data-type=CardsDrawn]").all():
        if "seat 0 drew" not in drawn.inner_text():
            assert drawn.locator(".card").count() == 0
    # The host sees every seat: every hand face up.
    page.select_option("#view-as", "table")
    page.wait_for_function("() => !document.querySelector('#table .seat .card.back')")
    calls.clear()
    page.select_option("#view-as", "1")
    page.wait_for_selector("#table .seat[data-seat='0'] .card.back")
    # Seat 1's view is asked with seat 1's credential (seat 0, acting, still lists its own).
    views = {credential.split(".")[1] for path, credential in calls if path.endswith("/view") and credential}
    assert "seat1" in views and "host" not in views
