"""One in-process client for the fuzz tests (building the app is the costly part)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .cpu import frozen_heap
from .harness import InProcessClient


@pytest.fixture(scope="module")
def client() -> Iterator[InProcessClient]:
    """The client, with the heap the earlier tests built frozen (see ``frozen_heap``)."""
    made = InProcessClient()
    with frozen_heap():
        yield made
