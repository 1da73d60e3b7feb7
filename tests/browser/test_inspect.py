"""Inspect mode: a pasted state or replay log validated by the service, every problem shown at
its pointer; a replay stepped through; the state and the log exported as JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .conftest import Pages
from .driver import deal, pick_and_send, settle, state


def inspect(page: Any, text: str, game: str | None = None) -> None:
    page.click("[role=tab][data-tab=inspect]")
    if game:
        page.select_option("#inspect-game", game)
    page.fill("#inspect-text", text)
    page.click("#inspect-load")
    page.wait_for_function("() => !/Validating/.test(document.getElementById('inspect-result').textContent)")


def downloaded(page: Any, button: str) -> Any:
    with page.expect_download() as info:
        page.click(button)
    return json.loads(Path(info.value.path()).read_text())


def test_a_pasted_state_with_problems_shows_each_at_its_pointer(pages: Pages, server: Any) -> None:
    page = pages.open()
    deal(page, "99", seed=7)
    bad = state(page)
    bad["hands"][1][0] = bad["hands"][0][0]  # a card held twice, another nowhere
    bad["turn"] = 5
    bad["count"] = 120
    inspect(page, json.dumps(bad, indent=1))
    result = page.locator("#inspect-result")
    assert "4 problem(s) found" in result.inner_text()
    pointers = result.locator("li[data-pointer]").evaluate_all("ls => ls.map(l => l.dataset.pointer)")
    assert sorted(pointers) == ["/state", "/state/count", "/state/hands/1", "/state/turn"]
    # Each problem says its code and what was found there in the paste.
    count = result.locator("li[data-pointer='/state/count']").inner_text()
    assert "out_of_range" in count and "120" in count
    assert "duplicate_card" in result.locator("li[data-pointer='/state/hands/1']").inner_text()
    assert page.locator("#inspect-stepper").is_hidden()
    # Not JSON at all is said plainly, before anything is sent.
    inspect(page, '{"game": "99", ')
    assert "not JSON" in result.inner_text()


def test_a_game_replayed_step_by_step_and_exported(pages: Pages) -> None:
    page = pages.open()
    deal(page, "99", seats=2, seed=0)
    for _ in range(2):
        pick_and_send(page, page.locator("#listing li.entry").first)
    played = state(page)
    log = downloaded(page, "#export-log")
    assert set(log) == {"state", "actions"} and len(log["actions"]) == played["move"]
    assert downloaded(page, "#export-state") == played

    page.click("[role=tab][data-tab=inspect]")
    page.click("#inspect-from-play")
    assert json.loads(page.input_value("#inspect-text")) == log
    page.click("#inspect-load")
    page.wait_for_selector("#inspect-stepper:not([hidden])")
    assert f"All {played['move']} actions replay" in page.inner_text("#inspect-result")
    position = page.locator("#inspect-position")
    assert position.inner_text() == f"step {played['move']} of {played['move']}"
    page.click("#inspect-first")
    page.wait_for_function(
        "() => document.getElementById('inspect-position').textContent.startsWith('step 0')"
    )
    assert json.loads(page.text_content("#inspect-json") or "") == log["state"]
    page.click("#inspect-next")
    page.wait_for_function(
        "() => document.getElementById('inspect-position').textContent.startsWith('step 1')"
    )
    assert page.locator("#inspect-step .effect[data-type=CardsPlayed]").count() == 1
    step_one = downloaded(page, "#inspect-export")
    assert step_one["move"] == 1

    # Play on from step 1, in Play mode.
    page.click("#inspect-play")
    settle(page)
    assert page.locator("#play-tab").is_visible()
    assert state(page)["move"] >= 1


def test_a_replay_log_with_an_illegal_action_stops_there(pages: Pages) -> None:
    page = pages.open()
    log = {
        "deal": {"seats": 2, "seed": 7},
        "actions": [
            {"type": "play", "seat": 0, "cards": ["KD"]},
            {"type": "play", "seat": 0, "cards": ["AC"]},  # seat 1's turn
        ],
    }
    inspect(page, json.dumps(log), game="99")
    result = page.inner_text("#inspect-result")
    assert "Action 1 (pointer /actions/1) is illegal" in result
    assert "not_your_turn" in result
    assert page.inner_text("#inspect-position") == "step 1 of 1 (of 2 sent)"
