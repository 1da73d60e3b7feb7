"""One MCP server per transport for this directory (starting one takes about 2 s), stopped when
its tests are done (the rest of the suite runs without them)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .mcp_client import Session, http_server, http_session, stdio_session


@pytest.fixture(scope="package")
def stdio() -> Iterator[Session]:
    with stdio_session() as session:
        yield session


@pytest.fixture(scope="package")
def http_url() -> Iterator[str]:
    with http_server() as url:
        yield url


@pytest.fixture(scope="package")
def http(http_url: str) -> Iterator[Session]:
    with http_session(http_url) as session:
        yield session
