"""One in-process client for the fuzz tests (building the app is the costly part)."""

from __future__ import annotations

import pytest

from .harness import InProcessClient


@pytest.fixture(scope="module")
def client() -> InProcessClient:
    return InProcessClient()
