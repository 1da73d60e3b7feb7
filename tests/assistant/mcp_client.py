"""An assistant's side of the MCP connection, for tests: the official SDK's ``ClientSession``
over stdio (the server spawned as a subprocess, as a desktop assistant does) or over
streamable HTTP (a server started on a loopback port), driven from synchronous tests through
an anyio blocking portal (the session lives in the portal's event loop thread).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from anyio.from_thread import BlockingPortal, start_blocking_portal
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

ROOT = Path(__file__).resolve().parents[2]
SERVER = [sys.executable, "-m", "assistant_tools"]


class Answer:
    """One tool call's result: its structured content, whether it is an error, its size."""

    def __init__(self, result: Any) -> None:
        self.is_error = bool(result.is_error)
        self.data: dict[str, Any] = result.structured_content or {}
        self.text = "".join(getattr(block, "text", "") for block in result.content)
        #: Bytes of the answer as a model reads it (the text content: the JSON once).
        self.size = len(self.text.encode())

    def __repr__(self) -> str:
        return f"Answer(is_error={self.is_error}, {self.text[:300]})"


class Session:
    """A connected MCP client session, called synchronously."""

    def __init__(self, portal: BlockingPortal, session: ClientSession) -> None:
        self.portal = portal
        self.session = session
        self.calls = 0

    def call(self, tool: str, arguments: dict[str, Any]) -> Answer:
        self.calls += 1
        result = self.portal.call(self.session.call_tool, tool, arguments)
        answer = Answer(result)
        if answer.text and not answer.data:  # a client that reads only text still gets the JSON
            answer.data = json.loads(answer.text)
        return answer

    def list_tools(self) -> Any:
        return self.portal.call(self.session.list_tools)

    def list_resources(self) -> Any:
        return self.portal.call(self.session.list_resources)

    def list_resource_templates(self) -> Any:
        return self.portal.call(self.session.list_resource_templates)

    def read_resource(self, uri: str) -> str:
        result = self.portal.call(self.session.read_resource, uri)
        return "".join(getattr(c, "text", "") for c in result.contents)

    def list_prompts(self) -> Any:
        return self.portal.call(self.session.list_prompts)

    def get_prompt(self, name: str) -> Any:
        return self.portal.call(self.session.get_prompt, name)


def _server_env(extra: dict[str, str] | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABLE_JUDGE_")}
    env.update(extra or {})
    return env


@contextmanager
def _connected(portal: BlockingPortal, transport: Any) -> Iterator[Session]:
    with ExitStack() as stack:
        read, write = stack.enter_context(portal.wrap_async_context_manager(transport))
        session = stack.enter_context(portal.wrap_async_context_manager(ClientSession(read, write)))
        portal.call(session.initialize)
        yield Session(portal, session)


@contextmanager
def stdio_session(env: dict[str, str] | None = None) -> Iterator[Session]:
    """The server as a desktop assistant runs it: ``python -m assistant_tools`` on stdio."""
    params = StdioServerParameters(command=SERVER[0], args=SERVER[1:], cwd=str(ROOT), env=_server_env(env))
    with ExitStack() as stack:
        errlog = stack.enter_context(tempfile.TemporaryFile("w+"))
        portal = stack.enter_context(start_blocking_portal())
        yield stack.enter_context(_connected(portal, stdio_client(params, errlog=errlog)))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def http_server(timeout: float = 30.0) -> Iterator[str]:
    """``python -m assistant_tools --transport http`` on a free loopback port; its MCP URL."""
    port = free_port()
    with tempfile.TemporaryFile("w+") as errlog:
        process = subprocess.Popen(
            [*SERVER, "--transport", "http", "--port", str(port)],
            cwd=ROOT,
            env=_server_env(None),
            stdin=subprocess.DEVNULL,
            stdout=errlog,
            stderr=errlog,
        )
        try:
            deadline = time.monotonic() + timeout
            while True:
                if process.poll() is not None:
                    errlog.seek(0)
                    raise RuntimeError(f"the MCP server exited: {errlog.read()[-2000:]}")
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                        break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
            yield f"http://127.0.0.1:{port}/mcp"
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@contextmanager
def http_session(url: str) -> Iterator[Session]:
    with start_blocking_portal() as portal, _connected(portal, streamable_http_client(url)) as session:
        yield session
