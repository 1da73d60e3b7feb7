"""Sealed tables through HTTP: the service answers envelopes and accepts only its own."""

from __future__ import annotations

from typing import Any

import pytest
from cryptography.fernet import Fernet

from service.app import create_app

KEY = Fernet.generate_key().decode()


@pytest.fixture(scope="module")
def sealed_client() -> Any:
    return create_app({"TESTING": True, "SEAL_KEYS": KEY}).test_client()


def _deal(client: Any, game: str = "99") -> dict[str, Any]:
    response = client.post(f"/v1/games/{game}/deal", json={"seats": 3})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def _host(dealt: dict[str, Any]) -> dict[str, str]:
    return {"X-Table-Credential": dealt["credentials"]["host"]}


def _first_action(client: Any, game: str, state: dict[str, Any], headers: dict[str, str]) -> dict[str, Any]:
    response = client.post(f"/v1/games/{game}/legal-actions", json={"state": state}, headers=headers)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["actions"][0]["action"]


@pytest.mark.parametrize("game", ["99", "dobon", "dabong"])
def test_deal_apply_view_work_from_sealed_states(sealed_client: Any, game: str) -> None:
    dealt = _deal(sealed_client, game)
    envelope, host = dealt["state"], _host(dealt)
    assert set(envelope) == {"sealed", "table_id", "move", "game"}
    assert "hands" not in envelope and envelope["move"] == 0
    action = _first_action(sealed_client, game, envelope, host)
    applied = sealed_client.post(
        f"/v1/games/{game}/apply", json={"state": envelope, "action": action}, headers=host
    )
    assert applied.status_code == 200, applied.get_json()
    nxt = applied.get_json()["state"]
    assert nxt["table_id"] == envelope["table_id"] and nxt["move"] == 1
    view = sealed_client.post(f"/v1/games/{game}/view", json={"state": nxt, "seat": 0}, headers=host)
    assert view.status_code == 200 and view.get_json()["view"]["viewer"] == 0
    verdict = sealed_client.post(
        f"/v1/games/{game}/validate", json={"state": envelope, "action": action}, headers=host
    )
    assert verdict.status_code == 200 and verdict.get_json()["legal"] is True


def test_each_table_gets_its_own_id(sealed_client: Any) -> None:
    assert _deal(sealed_client)["state"]["table_id"] != _deal(sealed_client)["state"]["table_id"]


def _refused(client: Any, state: Any) -> dict[str, Any]:
    response = client.post("/v1/games/99/view", json={"state": state, "seat": 0})
    assert response.status_code == 422
    assert response.headers["Content-Type"].startswith("application/problem+json")
    return response.get_json()["errors"][0]


def test_plain_state_is_refused_when_sealed(sealed_client: Any, client: Any) -> None:
    plain = client.post("/v1/games/99/deal", json={"seats": 2, "seed": 1}).get_json()["state"]
    assert _refused(sealed_client, plain)["code"] == "state_not_sealed"


def test_tampered_truncated_and_foreign_states_are_refused(sealed_client: Any) -> None:
    envelope = _deal(sealed_client)["state"]
    token = envelope["sealed"]
    flipped = token[:40] + ("B" if token[40] != "B" else "C") + token[41:]
    assert _refused(sealed_client, {**envelope, "sealed": flipped})["code"] == "seal_invalid"
    assert _refused(sealed_client, {**envelope, "sealed": token[:-10]})["code"] == "seal_invalid"
    foreign = create_app({"TESTING": True, "SEAL_KEYS": Fernet.generate_key().decode()}).test_client()
    other = _deal(foreign)["state"]
    assert _refused(sealed_client, other)["code"] == "seal_invalid"
    assert _refused(sealed_client, {**envelope, "move": 5})["code"] == "seal_mismatch"


def test_key_rotation_keeps_old_tables_and_credentials_open() -> None:
    old = Fernet.generate_key().decode()
    before = create_app({"TESTING": True, "SEAL_KEYS": old}).test_client()
    dealt = _deal(before)
    envelope, seat_1 = dealt["state"], {"X-Table-Credential": dealt["credentials"]["seats"][1]}
    rotated = create_app(
        {"TESTING": True, "SEAL_KEYS": f"{Fernet.generate_key().decode()},{old}"}
    ).test_client()
    response = rotated.post("/v1/games/99/view", json={"state": envelope, "seat": 1}, headers=seat_1)
    assert response.status_code == 200
    # Removed from the keys, the old key's tables and credentials are no longer accepted.
    retired = create_app({"TESTING": True, "SEAL_KEYS": Fernet.generate_key().decode()}).test_client()
    response = retired.post("/v1/games/99/view", json={"state": envelope, "seat": 1}, headers=seat_1)
    assert response.status_code == 422


def test_replay_from_a_sealed_state(sealed_client: Any) -> None:
    dealt = _deal(sealed_client)
    envelope = dealt["state"]
    action = _first_action(sealed_client, "99", envelope, _host(dealt))
    response = sealed_client.post(
        "/v1/games/99/replay", json={"state": envelope, "actions": [action]}, headers=_host(dealt)
    )
    body = response.get_json()
    assert response.status_code == 200 and body["completed"] is True
    assert body["final_state"]["table_id"] == envelope["table_id"] and body["final_state"]["move"] == 1
