"""A request that runs past its CPU limit is a 422 ``over-budget`` problem, never a killed worker.

The work budgets refuse what they meter; ``service/cpu_limit.py`` stops whatever they miss.
The fake game's listing is replaced by endless work; the real games are covered by the
state-aware fuzzer, which measures every request's CPU time.
"""

from __future__ import annotations

import contextlib
import signal
import time
from typing import Any

import pytest

from service.app import create_app

from .fake_game import fake_registry

LIMIT = 0.2


def _client_and_state(monkeypatch: pytest.MonkeyPatch, work: Any) -> tuple[Any, dict[str, Any]]:
    registry = fake_registry()
    game = registry.get("tiny")
    assert game is not None
    app = create_app({"TESTING": True, "REGISTRY": registry, "REQUEST_CPU_SECONDS": LIMIT})
    client = app.test_client()
    state = client.post("/v1/games/tiny/deal", json={"seats": 2, "seed": 1}).get_json()["state"]
    monkeypatch.setattr(game, "legal_actions", work)
    return client, state


def _spin(*args: Any, **kwargs: Any) -> Any:
    while True:
        sum(range(1000))


def _spin_and_swallow_once(*args: Any, **kwargs: Any) -> Any:
    """Game code with a broad ``except`` takes the first stop; the repeated one still ends it."""
    with contextlib.suppress(Exception):
        _spin()
    _spin()


@pytest.mark.parametrize("work", [_spin, _spin_and_swallow_once], ids=["spin", "swallows-once"])
def test_endless_work_is_stopped_with_a_problem(monkeypatch: pytest.MonkeyPatch, work: Any) -> None:
    client, state = _client_and_state(monkeypatch, work)
    started = time.process_time()
    response = client.post("/v1/games/tiny/legal-actions", json={"state": state})
    used = time.process_time() - started
    assert response.status_code == 422
    assert response.headers["Content-Type"].startswith("application/problem+json")
    problem = response.get_json()
    assert problem["type"] == "urn:table-judge:problem:over-budget"
    assert [e["code"] for e in problem["errors"]] == ["cpu_limit"]
    assert problem["errors"][0]["pointer"] == "/state"
    assert used < LIMIT + 1.0, "stopped near its limit, not at gunicorn's 30 s"
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0), "the timer is disarmed after the answer"


def test_the_timer_is_disarmed_after_every_ordinary_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app({"TESTING": True, "REGISTRY": fake_registry(), "REQUEST_CPU_SECONDS": LIMIT})
    client = app.test_client()
    answer = client.post("/v1/games/tiny/deal", json={"seats": 2, "seed": 1})
    assert answer.status_code == 200
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
    assert client.post("/v1/games/tiny/deal", json={"seats": 99}).status_code == 422
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
    # CPU spent between requests (here, by the test itself) is nobody's request: never stopped
    deadline = time.process_time() + 2 * LIMIT
    while time.process_time() < deadline:
        sum(range(1000))


def test_zero_switches_the_limit_off() -> None:
    app = create_app({"TESTING": True, "REGISTRY": fake_registry(), "REQUEST_CPU_SECONDS": 0})
    assert "table_judge_cpu_timer" not in app.extensions
