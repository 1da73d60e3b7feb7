"""A real Redis (or Valkey) server for the head store's tests (service/head_store.py, #27).

The head store's guarantees are the server's: a Lua script runs alone, keys expire, a dead
server refuses connections. A fake would only test itself, so these tests start the real thing:
``redis-server`` (Debian package redis-server; scripts/test.sh installs it as root when missing)
or ``valkey-server``. Only when neither is installed do they skip, saying which binary to get.

Fixtures (any test module under tests/sealing can use them):

* ``redis_url``: the URL of a running server, emptied before each test (``redis://127.0.0.1:N/0``);
* ``redis_server``: that server (session scope), for its ``port``, ``url`` and ``client()``;
* ``start_redis``: starts more servers for a test (to kill or restart them), each stopped after.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis

#: Server binaries tried in order; Debian puts both in /usr/bin (some images in /usr/sbin).
BINARIES = ("redis-server", "valkey-server")
#: Seconds a server has to answer PING after it starts (it takes milliseconds).
START_TIMEOUT = 10.0


def server_binary() -> str | None:
    for name in BINARIES:
        found = shutil.which(name) or next(
            (p for p in (f"/usr/bin/{name}", f"/usr/sbin/{name}") if os.access(p, os.X_OK)), None
        )
        if found:
            return found
    return None


def _free_port() -> int:
    # Bound then released: the server binds it a moment later (a race with another process is
    # possible, so a start that fails is tried again on another port).
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisServer:
    """One redis-server/valkey-server process on loopback, with no persistence, in ``directory``."""

    def __init__(self, binary: str, directory: Path) -> None:
        self.binary = binary
        self.directory = directory
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def client(self) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=self.port, decode_responses=True, socket_timeout=2)

    def start(self, port: int | None = None) -> None:
        """Start (on ``port``, or a free one), and return once it answers PING."""
        attempts = 1 if port else 5
        for _ in range(attempts):
            self.port = port or _free_port()
            if self._try_start():
                return
        log = (self.directory / "server.log").read_text(errors="replace")[-2000:]
        raise RuntimeError(f"{self.binary} did not start on port {self.port}:\n{log}")

    def _try_start(self) -> bool:
        args = [
            self.binary,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            # No persistence: nothing written, nothing loaded at the next start (a restart in a
            # test is an empty store, as a store that lost its data would be).
            "--save", "",
            "--appendonly", "no",
            "--dir", str(self.directory),
            "--daemonize", "no",
            "--protected-mode", "yes",
        ]  # fmt: skip
        with (self.directory / "server.log").open("ab") as log:
            self.process = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, cwd=self.directory)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:  # exited: the port was taken, or a bad flag
                return False
            try:
                with self.client() as client:
                    if client.ping():
                        return True
            except redis.RedisError:
                time.sleep(0.02)
        self.stop()
        return False

    def stop(self) -> None:
        """Kill it (SIGKILL: a crash, not a shutdown) and wait until the port is closed."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def restart(self) -> None:
        """Stopped and started again on the same port: an empty store (no persistence)."""
        self.stop()
        self.start(self.port)


@pytest.fixture(scope="session")
def redis_binary() -> str:
    binary = server_binary()
    if binary is None:
        pytest.skip(
            "neither redis-server nor valkey-server is installed: the head store's tests need a "
            "real server (Debian: apt-get install redis-server; scripts/test.sh does it as root)"
        )
    return binary


@pytest.fixture(scope="session")
def redis_server(redis_binary: str) -> Iterator[RedisServer]:
    with tempfile.TemporaryDirectory(prefix="tj-redis-") as directory:
        server = RedisServer(redis_binary, Path(directory))
        server.start()
        try:
            yield server
        finally:
            server.stop()


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The session's server, emptied first (restarted if a test left it stopped)."""
    if redis_server.process is None or redis_server.process.poll() is not None:
        redis_server.start(redis_server.port)
    with redis_server.client() as client:
        client.flushall()
    return redis_server.url


@pytest.fixture
def start_redis(redis_binary: str, tmp_path: Path) -> Iterator[Callable[[], RedisServer]]:
    """``start_redis()`` starts another server for this test alone; all are killed after it."""
    started: list[RedisServer] = []

    def start() -> RedisServer:
        directory = tmp_path / f"redis-{len(started)}"
        directory.mkdir()
        server = RedisServer(redis_binary, directory)
        started.append(server)
        server.start()
        return server

    try:
        yield start
    finally:
        for server in started:
            server.stop()
