"""What a bot's failure in ``suggest`` is answered with: the budget's 422, the view's 422, or a 500.

Issue #25: every exception of a bot was answered 422 ``invalid-view``: a work budget overrun
(which has its own problem, ``over-budget``) and a bug in the bot alike, the client blamed for both.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import rules_core.games.dabong.bot as dabong_bot
from rules_core.bots import Level, Suggestion
from rules_core.games.dabong.matcher_api import MatchBudgetExceeded
from rules_core.kernel import InvalidInput, Problem, WorkBudgetExceeded
from service.app import create_app
from tests.dabong.tables import table

from .fake_game import fake_registry

TYPE = "urn:table-judge:problem:"


class RaisingBot:
    """Raises what it is told to, on any view."""

    def __init__(self) -> None:
        self.error: Exception = RuntimeError("a bug in the bot")

    def suggest(
        self, view: Mapping[str, Any], seat: int, level: Level, *, seed: int, optional: bool = False
    ) -> Suggestion | None:
        raise self.error


@pytest.fixture
def tiny() -> Iterator[tuple[Any, RaisingBot]]:
    registry = fake_registry()
    game = registry.get("tiny")
    bot = RaisingBot()
    game.bot = bot
    try:
        yield create_app({"TESTING": True, "REGISTRY": registry}).test_client(), bot
    finally:
        game.bot = None


def _tiny_bodies(client: Any) -> list[dict[str, Any]]:
    state = client.post("/v1/games/tiny/deal", json={"seats": 2, "seed": 3}).get_json()["state"]
    view = client.post("/v1/games/tiny/view", json={"state": state, "seat": 0}).get_json()["view"]
    return [{"state": state, "seat": 0}, {"view": view, "seat": 0}]


def test_a_budget_overrun_in_a_bot_is_over_budget(tiny: Any) -> None:
    client, bot = tiny
    bot.error = WorkBudgetExceeded("listing this hand needs more than 6000 work units: declare the Shamans")
    for body in _tiny_bodies(client):
        answer = client.post("/v1/games/tiny/suggest", json=body)
        assert answer.status_code == 422, answer.get_json()
        problem = answer.get_json()
        assert problem["type"] == TYPE + "over-budget" and "declare the Shamans" in problem["detail"]
        assert [e["pointer"] for e in problem["errors"]] == ["/state" if "state" in body else "/view"]


@pytest.mark.parametrize(
    "error", [RuntimeError("boom"), AssertionError("boom"), ZeroDivisionError("boom")], ids=type
)
def test_a_bot_bug_on_a_well_formed_view_is_a_logged_500(tiny: Any, caplog: Any, error: Exception) -> None:
    client, bot = tiny
    bot.error = error
    for body in _tiny_bodies(client):
        caplog.clear()
        answer = client.post("/v1/games/tiny/suggest", json=body)
        assert answer.status_code == 500, answer.get_json()
        assert answer.get_json()["type"] == TYPE + "internal-error"
        assert "boom" not in answer.get_data(as_text=True)
        assert any("unhandled exception" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("error", [KeyError("hands"), TypeError("boom"), InvalidInput([])], ids=type)
def test_a_bot_failing_on_a_view_the_service_made_is_a_500(tiny: Any, error: Exception) -> None:
    """The view of a state the service read is well-formed by construction: a reading error is
    the bot's, not the client's (an InvalidInput would otherwise pass as the client's 422)."""
    client, bot = tiny
    bot.error = error
    answer = client.post("/v1/games/tiny/suggest", json=_tiny_bodies(client)[0])
    assert answer.status_code == 500, answer.get_json()


# -- the real dabong! bot ------------------------------------------------------------------
def _dabong(client: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    state = table([["3W", "5W", "8F"], ["4F", "KE"]], ["10W"])
    view = client.post("/v1/games/dabong/view", json={"state": state, "seat": 0}).get_json()["view"]
    return state, view


def test_dabong_listing_over_budget_is_over_budget(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def too_costly(*args: Any, **kwargs: Any) -> Any:
        raise MatchBudgetExceeded(task="listing", spent=6001, limit=6000, advice="declare the Shamans")

    state, view = _dabong(client)
    assert client.post("/v1/games/dabong/suggest", json={"view": view, "seat": 0}).status_code == 200
    monkeypatch.setattr(dabong_bot, "actions_of", too_costly)
    for body in ({"state": state, "seat": 0}, {"view": view, "seat": 0}):
        answer = client.post("/v1/games/dabong/suggest", json=body)
        assert answer.status_code == 422, answer.get_json()
        assert answer.get_json()["type"] == TYPE + "over-budget"


def test_dabong_bot_bug_on_a_valid_view_is_a_500(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")

    _, view = _dabong(client)
    monkeypatch.setattr(dabong_bot, "actions_of", broken)
    answer = client.post("/v1/games/dabong/suggest", json={"view": view, "seat": 0})
    assert answer.status_code == 500 and answer.get_json()["type"] == TYPE + "internal-error"


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        (lambda v: v.pop("turn"), "/view/turn"),
        (lambda v: v.update(surprise=1), "/view/surprise"),
        (lambda v: v.update(hands="nope"), "/view"),
        (lambda v: v.update(discard_pile=["ZZ"]), "/view"),
        (lambda v: v.update(seats=[]), "/view"),
    ],
)
def test_a_malformed_dabong_view_is_invalid_view(client: Any, change: Any, pointer: str) -> None:
    _, view = _dabong(client)
    change(view)
    answer = client.post("/v1/games/dabong/suggest", json={"view": view, "seat": 0})
    assert answer.status_code == 422, answer.get_json()
    problem = answer.get_json()
    assert problem["type"] == TYPE + "invalid-view"
    assert any(e["pointer"].startswith(pointer) for e in problem["errors"]), problem["errors"]


def test_a_view_whose_world_is_impossible_points_into_the_view(client: Any) -> None:
    _, view = _dabong(client)
    view["turn"] = 7
    problem = client.post("/v1/games/dabong/suggest", json={"view": view, "seat": 0}).get_json()
    assert problem["type"] == TYPE + "invalid-view"
    assert Problem(pointer="/view/turn", code="out_of_range", message="7 is outside 0..1") in [
        Problem(**e) for e in problem["errors"]
    ]
