"""Shared fixtures: the app under test and its Flask test client."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def app():  # type: ignore[no-untyped-def]
    from service.app import create_app

    return create_app({"TESTING": True})


@pytest.fixture
def client(app):  # type: ignore[no-untyped-def]
    return app.test_client()
