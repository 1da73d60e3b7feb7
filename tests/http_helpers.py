"""Small helpers for HTTP tests: post to a game operation and get JSON back."""

from __future__ import annotations

import socket
from typing import Any


def call(client: Any, game: str, operation: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    """POST ``body`` to ``/v1/games/{game}/{operation}`` and check the status."""
    response = client.post(f"/v1/games/{game}/{operation}", json=body)
    assert response.status_code == status, (response.status_code, response.get_json())
    return response.get_json()


def deal(client: Any, game: str, **body: Any) -> dict[str, Any]:
    return call(client, game, "deal", body)["state"]


def validate(client: Any, game: str, state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    return call(client, game, "validate", {"state": state, "action": action})


def apply(
    client: Any, game: str, state: dict[str, Any], action: dict[str, Any], status: int = 200
) -> dict[str, Any]:
    return call(client, game, "apply", {"state": state, "action": action}, status)


def raw_exchange(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send raw bytes to 127.0.0.1:``port`` and read until the server closes: status, headers
    (lower-case names) and body. For what a client library would refuse to send."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body
