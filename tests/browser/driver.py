"""Driving the /play page as a person would: the deal form, the listing, the verdict, Send."""

from __future__ import annotations

import json
from typing import Any

from .conftest import screenshot

#: Phases in which the page waits for a person (or is done): see game.js, setPhase.
SETTLED = ("person", "over", "paused", "step", "stuck", "none", "error")


def deal(
    page: Any,
    game: str,
    *,
    preset: str | None = None,
    seats: int = 2,
    seed: int | None = None,
    pace: str = "0",
    roles: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> None:
    page.select_option("#setup-game", game)
    page.wait_for_function(
        "game => document.querySelector('#setup-preset option') && "
        "window.playground.play.setup.info && window.playground.play.setup.info.name === game",
        arg=game,
    )
    if preset:
        page.select_option("#setup-preset", preset)
    page.fill("#setup-seats", str(seats))
    page.dispatch_event("#setup-seats", "change")
    if seed is not None:
        page.fill("#setup-seed", str(seed))
    page.select_option("#setup-pace", pace)
    for seat, role in enumerate(roles or []):
        page.select_option(f"select[name=role-{seat}]", role)
    page.locator("details.options summary").click()
    for name, value in (options or {}).items():
        field = page.locator(f"#setup-options [name={name}]")
        if isinstance(value, bool):
            field.set_checked(value)
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    page.locator("details.options summary").click()
    page.click("#deal")
    settle(page)


def phase(page: Any) -> str:
    return str(page.get_attribute("#play-area", "data-phase"))


def moves(page: Any) -> int:
    return int(page.get_attribute("#play-area", "data-moves") or 0)


def settle(page: Any, timeout: float = 30_000) -> str:
    """Wait until the CPU seats have played and the page waits for a person (or the end)."""
    page.wait_for_function(
        "settled => { const a = document.getElementById('play-area');"
        " return a && !a.hidden && settled.includes(a.dataset.phase); }",
        arg=list(SETTLED),
        timeout=timeout,
    )
    return phase(page)


def entry_types(page: Any) -> list[str]:
    return [
        str(t) for t in page.locator("#listing li.entry").evaluate_all("es => es.map(e => e.dataset.type)")
    ]


def choose(page: Any, preference: list[str]) -> Any:
    """The first listed entry of the most preferred type (else the first entry)."""
    types = entry_types(page)
    assert types, "a person must act but the listing is empty"
    for wanted in preference:
        if wanted in types:
            return page.locator(f"#listing li.entry[data-type={wanted}]").first
    return page.locator("#listing li.entry").first


def pick_and_send(page: Any, entry: Any, *, shot: str = "") -> None:
    """Click a listing entry, see its verdict (legal), then Send; wait for the CPUs. `shot`
    names a screenshot taken with the verdict shown (see conftest.screenshot)."""
    before = moves(page)
    group = entry.locator("xpath=ancestor::details[1]")
    if group.get_attribute("open") is None:  # a big group starts closed: open it, as a person would
        group.locator("summary").click()
    entry.locator("button.pick").click()
    page.wait_for_selector("#verdict [data-legal=true]")
    if shot:
        screenshot(page, shot)
    page.click("#send-action")
    page.wait_for_function("n => Number(document.getElementById('play-area').dataset.moves) > n", arg=before)
    settle(page)


def play_to_end(
    page: Any, preference: list[str], *, limit: int = 120, shot: str = "", shot_at: int = 1
) -> list[tuple[str, str]]:
    """A person's moves picked from the listing until the game is over: answers each move as
    (the phase it was made in, its type); "paused" marks a move made out of turn."""
    made: list[tuple[str, str]] = []
    for _ in range(limit):
        now = settle(page)
        if now == "over":
            return made
        if now == "paused":  # an out-of-turn chance: take a claim, else let it pass
            assert page.locator("#pause-note").is_visible()
            assert "may act out of turn" in page.inner_text("#status")
            if not any(t.startswith("claim") for t in entry_types(page)):
                before = moves(page)
                page.click("#go-on")
                page.wait_for_function(
                    "n => { const a = document.getElementById('play-area');"
                    " return a.dataset.phase !== 'paused' || Number(a.dataset.moves) > n; }",
                    arg=before,
                )
                continue
        assert now in ("person", "paused"), (
            f"the page is stuck in phase {now!r}: {page.inner_text('#errors')}"
        )
        entry = choose(page, preference)
        made.append((now, str(entry.get_attribute("data-type"))))
        pick_and_send(page, entry, shot=shot if len(made) == shot_at else "")
    raise AssertionError(f"the game did not end within {limit} moves of the person")


def state(page: Any) -> dict[str, Any]:
    """The state the page holds (what Export state would save)."""
    return json.loads(page.evaluate("JSON.stringify(window.playground.play.S.state)"))
