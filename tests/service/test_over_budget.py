"""A computation past its documented budget is a 422 problem, never a timeout or a 500."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core.kernel import WorkBudgetExceeded
from service.app import create_app

from .fake_game import fake_registry


def test_work_budget_exceeded_is_a_422_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    registry = fake_registry()
    game = registry.get("tiny")
    assert game is not None

    def too_costly(*args: Any, **kwargs: Any) -> Any:
        raise WorkBudgetExceeded("listing this hand needs more than 6000 work units: declare the Shamans")

    client = create_app({"TESTING": True, "REGISTRY": registry}).test_client()
    state = client.post("/v1/games/tiny/deal", json={"seats": 2, "seed": 1}).get_json()["state"]
    monkeypatch.setattr(game, "legal_actions", too_costly)
    response = client.post("/v1/games/tiny/legal-actions", json={"state": state})
    assert response.status_code == 422
    assert response.headers["Content-Type"].startswith("application/problem+json")
    problem = response.get_json()
    assert problem["type"] == "urn:table-judge:problem:over-budget"
    assert "declare the Shamans" in problem["detail"]
    assert problem["errors"][0]["code"] == "over_budget"
