"""schemathesis over every operation of the published document, with every check on.

Two targets: the fake game (always) and the real registry (whatever games are
registered). Examples per operation are bounded so the whole file stays well
under two minutes; ``python -m service.fuzz`` runs the long version against a
real gunicorn.

Positive data for the operations that take a table state is mostly refused
with 422: a random JSON object is not a table state, and OpenAPI cannot say
what one is (the game validates it). So for those operations 422 is also an
accepted answer to positive data; every other expectation is schemathesis'.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from service.app import create_app
from service.fuzz import NEGATIVE_EXPECTED, POSITIVE_EXPECTED, STATE_OPERATIONS

from ..fuzz.cpu import frozen_heap
from .fake_game import fake_registry

MAX_EXAMPLES = 30

CONFIG = schemathesis.Config.from_dict(
    {
        # A body beyond the documented size limit (e.g. more than the maximum number of replay
        # actions, each large) is refused with 413 before its schema is looked at.
        "checks": {"negative_data_rejection": {"expected-statuses": list(NEGATIVE_EXPECTED)}},
        "operations": [
            {
                "include-path-regex": STATE_OPERATIONS,
                "checks": {"positive_data_acceptance": {"expected-statuses": list(POSITIVE_EXPECTED)}},
            }
        ],
    }
)

fake_schema = schemathesis.openapi.from_wsgi(
    "/v1/openapi.json", create_app({"TESTING": True, "REGISTRY": fake_registry()}), config=CONFIG
)
real_schema = schemathesis.openapi.from_wsgi("/v1/openapi.json", create_app({"TESTING": True}), config=CONFIG)


@pytest.fixture(autouse=True, scope="module")
def _worker_sized_heap() -> Iterator[None]:
    """The service's CPU limit counts garbage collection: keep the earlier tests' heap out of it."""
    with frozen_heap():
        yield


COMMON = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)


@fake_schema.parametrize()
@COMMON
def test_fake_game_conforms(case: schemathesis.Case) -> None:
    case.call_and_validate()


@real_schema.parametrize()
@COMMON
def test_real_games_conform(case: schemathesis.Case) -> None:
    case.call_and_validate()
