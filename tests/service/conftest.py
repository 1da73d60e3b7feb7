"""Fixtures over the fake game (tests/service/fake_game.py), independent of the real games."""

from __future__ import annotations

from typing import Any

import pytest

from .fake_game import fake_registry


@pytest.fixture(scope="session")
def fake_app() -> Any:
    from service.app import create_app

    return create_app({"TESTING": True, "REGISTRY": fake_registry()})


@pytest.fixture
def fake_client(fake_app: Any) -> Any:
    return fake_app.test_client()
