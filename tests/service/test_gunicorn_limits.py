"""Through a real gunicorn: its own refusals (414, 431, 400) are problem documents too."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.http_helpers import raw_exchange

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[int]:
    port = _free_port()
    env = {**os.environ, "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"), "service.wsgi:app"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            time.sleep(0.2)
    try:
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"GET /v1/" + b"a" * 6000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        (b"GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n", 431),
        (
            b"GET /v1/health HTTP/1.1\r\nHost: x\r\n"
            + b"".join(b"X-%d: 1\r\n" % i for i in range(60))
            + b"\r\n",
            431,
        ),
        (b"NONSENSE\r\n\r\n", 400),
    ],
)
def test_gunicorn_refusals_are_problems(server: int, request_bytes: bytes, status: int) -> None:
    got, headers, body = raw_exchange(server, request_bytes)
    assert got == status
    assert headers["content-type"] == "application/problem+json"
    problem = json.loads(body)
    assert problem["status"] == status and problem["type"].startswith("urn:table-judge:problem:")


def test_an_ordinary_request_still_works(server: int) -> None:
    status, _, body = raw_exchange(server, b"GET /v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert status == 200 and json.loads(body)["status"] == "ok"
