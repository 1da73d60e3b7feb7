"""Small helpers for HTTP tests: post to a game operation and get JSON back."""

from __future__ import annotations

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
