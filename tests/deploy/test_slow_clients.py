"""Slow clients (issue #25): behind nginx they leave the service answering; bare gunicorn stalls.

Real processes on loopback: gunicorn with gunicorn.conf.py and 2 sync workers, nginx from the
rendered deploy/ config in front. 200 slowloris connections (a header line every second, never the
end of the header) against each; health and deal + validate probes must all be answered within
2 s each through nginx, and none at all from bare gunicorn. The longer measurement, with figures in
docs/reliability.md, is ``python -m tools.slow_clients``. About 20 s in all.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from deploy.serve import Pair, nginx_binary
from tests.http_helpers import raw_exchange
from tools.slow_clients import (
    Probes,
    SlowClients,
    bare_gunicorn,
    free_port,
    probe_health,
    probe_together,
    probe_validate,
)

ROOT = Path(__file__).resolve().parents[2]
SLOW = 200
LIMIT_S = 2.0

needs_nginx = pytest.mark.skipif(
    nginx_binary() is None,
    reason="nginx is not installed (scripts/test.sh installs it when run as root with apt; "
    "otherwise apt-get install nginx)",
)


@pytest.fixture(scope="module")
def nginx_port() -> Iterator[int]:
    if nginx_binary() is None:
        pytest.skip("nginx is not installed")
    listen, upstream = f"127.0.0.1:{free_port()}", f"127.0.0.1:{free_port()}"
    with Pair(listen, upstream, workers=2, quiet=True, stop_grace=5) as _:
        port = int(listen.rsplit(":", 1)[1])
        # Each worker imports the app when it boots: wait for an answer before timing anything.
        deadline = time.monotonic() + 30
        while not probe_health(port, 5)[0] and time.monotonic() < deadline:
            time.sleep(0.2)
        yield port


@needs_nginx
def test_200_slow_connections_leave_health_and_validate_answering(nginx_port: int) -> None:
    with SlowClients(nginx_port, SLOW, interval=1.0, max_seconds=30) as slow:
        assert slow.open == SLOW, f"only {slow.open} of {SLOW} slow connections opened"
        time.sleep(2.0)  # each has sent its request line and two header lines
        held_before = slow.open
        health = Probes(probe_health, nginx_port, period=0.2, timeout=LIMIT_S)
        validate = Probes(probe_validate, nginx_port, period=0.4, timeout=LIMIT_S)
        probe_together([health, validate], 5.0)
        held_after = slow.open
    # The slow connections were there the whole time (nginx held them: it drops one only after its
    # 10 s client_header_timeout, and the client replaces it).
    assert held_before == SLOW and held_after >= SLOW - 10, (held_before, held_after)
    assert len(health.results) >= 10 and len(validate.results) >= 5
    # Every probe answered 200 (validate: legal), each request within its 2 s timeout.
    assert all(ok for ok, _ in health.results), health.summary()
    assert all(ok for ok, _ in validate.results), validate.summary()
    assert max(t for _, t in health.results + validate.results) < LIMIT_S


def test_bare_gunicorn_is_stopped_by_the_same_slow_connections() -> None:
    """The fault itself: 200 slow connections, 2 sync workers, nothing answered within 3 s."""
    with bare_gunicorn(workers=2) as port:
        deadline = time.monotonic() + 30
        while not probe_health(port, 5)[0] and time.monotonic() < deadline:
            time.sleep(0.2)
        assert probe_health(port, 5)[0], "gunicorn never answered, even before the slow clients"
        with SlowClients(port, SLOW, interval=1.0, max_seconds=20) as slow:
            assert slow.open == SLOW
            time.sleep(1.0)
            health = Probes(probe_health, port, period=0.5, timeout=3.0)
            validate = Probes(probe_validate, port, period=0.5, timeout=3.0)
            probe_together([health, validate], 1.0)
    assert health.results and validate.results
    assert not any(ok for ok, _ in health.results + validate.results), (health.summary(), validate.summary())


@needs_nginx
@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        # Over 256 KiB: nginx refuses it before gunicorn sees it, as the same problem as the app's.
        (
            b"POST /v1/games/99/deal HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 262145\r\nConnection: close\r\n\r\n" + b" " * 262145,
            413,
        ),
        (
            b"POST /v1/games/99/deal HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n40001\r\n"
            + b" " * 262145
            + b"\r\n0\r\n\r\n",
            413,
        ),
        # Beyond nginx's header buffers (8 KiB): its own 414 and 494 (-> 431), as problems.
        (b"GET /v1/" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 414),
        (b"GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n", 431),
        (b"NONSENSE\r\n\r\n", 400),
        # Under nginx's limits but over gunicorn's: gunicorn's own problem passes through.
        (b"GET /v1/" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 414),
        # The app's answers pass through untouched.
        (b"GET /nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404),
        (b"GET /__problem/413 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404),
    ],
)
def test_refusals_through_nginx_are_problems(nginx_port: int, request_bytes: bytes, status: int) -> None:
    got, headers, body = raw_exchange(nginx_port, request_bytes)
    content_type = headers.get("content-type", "")
    assert got == status
    assert content_type == "application/problem+json"
    problem = json.loads(body)
    assert problem["status"] == status and problem["type"].startswith("urn:table-judge:problem:")


@needs_nginx
def test_a_body_of_exactly_256_kib_reaches_the_app(nginx_port: int) -> None:
    body = b'{"seats": 2, "seed": 7}'
    body += b" " * (262144 - len(body))
    got, _, answer = raw_exchange(
        nginx_port,
        b"POST /v1/games/99/deal HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 262144\r\nConnection: close\r\n\r\n" + body,
    )
    assert got == 200 and json.loads(answer)["state"]["seed"] == 7


@needs_nginx
def test_the_containers_nginx_config_parses() -> None:
    """What the Dockerfile's CMD renders (nginx on $HOST:$PORT, gunicorn on $UPSTREAM), `nginx -t`."""
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert re.search(r'^CMD \["python", "-m", "deploy\.serve"\]$', dockerfile, re.M)
    assert re.search(r"^COPY deploy \./deploy$", dockerfile, re.M)
    env = {
        **os.environ,
        "HOST": re.search(r"\bHOST=(\S+)", dockerfile).group(1),  # type: ignore[union-attr]
        "PORT": re.search(r"\bPORT=(\d+)", dockerfile).group(1),  # type: ignore[union-attr]
        "UPSTREAM": re.search(r"\bUPSTREAM=(\S+)", dockerfile).group(1),  # type: ignore[union-attr]
    }
    env.pop("LISTEN", None)
    checked = subprocess.run(
        [sys.executable, "-m", "deploy.serve", "--check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.strip().endswith(": ok")


def test_gunicorn_warns_when_it_listens_beyond_loopback(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    class Server:
        log = logging.getLogger("gunicorn-conf-test")

    for bind, warned in (("0.0.0.0:8000", True), ("127.0.0.1:8001", False)):
        monkeypatch.setenv("BIND", bind)
        spec = importlib.util.spec_from_file_location("gunicorn_conf", ROOT / "gunicorn.conf.py")
        assert spec and spec.loader
        conf = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(conf)
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="gunicorn-conf-test"):
            conf.when_ready(Server())
        assert bool(caplog.records) is warned, (bind, caplog.text)
