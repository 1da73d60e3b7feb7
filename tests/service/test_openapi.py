"""The published OpenAPI document: up to date, complete, and useful on its own."""

from __future__ import annotations

import json
from typing import Any

import pytest

from service.openapi import OUTPUT, REGENERATE, render

OPERATIONS = [
    ("/v1/health", "get"),
    ("/v1/games", "get"),
    ("/v1/games/{game}", "get"),
    ("/v1/games/{game}/deal", "post"),
    ("/v1/games/{game}/validate", "post"),
    ("/v1/games/{game}/apply", "post"),
    ("/v1/games/{game}/legal-actions", "post"),
    ("/v1/games/{game}/view", "post"),
    ("/v1/games/{game}/replay", "post"),
]


@pytest.fixture(scope="module")
def fake_doc(fake_app: Any) -> dict[str, Any]:
    return fake_app.test_client().get("/v1/openapi.json").get_json()  # type: ignore[no-any-return]


def test_checked_in_document_matches_a_fresh_render() -> None:
    assert OUTPUT.exists(), f"{OUTPUT} is missing: run `{REGENERATE}`"
    assert OUTPUT.read_text(encoding="utf-8") == render(), f"{OUTPUT} is out of date: run `{REGENERATE}`"


def test_served_document_is_the_rendered_one(client: Any) -> None:
    served = client.get("/v1/openapi.json").get_json()
    assert served == json.loads(render())


def test_document_is_openapi_3_1(fake_doc: dict[str, Any]) -> None:
    assert fake_doc["openapi"] == "3.1.0"
    assert "stateless" in fake_doc["info"]["description"]


@pytest.mark.parametrize(("path", "method"), OPERATIONS)
def test_every_operation_is_described_with_examples(fake_doc: dict[str, Any], path: str, method: str) -> None:
    operation = fake_doc["paths"][path][method]
    assert operation["summary"]
    assert len(operation["description"]) > 80
    answer = operation["responses"]["200"]["content"]["application/json"]
    assert answer["examples"], "every operation has a real answer example"
    if method == "post":
        request = operation["requestBody"]["content"]["application/json"]
        assert request["examples"]
        for code in ("400", "404", "413", "415", "422"):
            assert code in operation["responses"], code


def test_examples_are_real_answers(fake_app: Any, fake_doc: dict[str, Any]) -> None:
    """Replaying each request example gives exactly the documented answer."""
    client = fake_app.test_client()
    for path, method in OPERATIONS[3:]:
        operation = fake_doc["paths"][path][method]
        request = operation["requestBody"]["content"]["application/json"]["examples"]["tiny"]["value"]
        answer = operation["responses"]["200"]["content"]["application/json"]["examples"]["tiny"]["value"]
        response = client.post(path.replace("{game}", "tiny"), json=request)
        assert response.status_code == 200
        assert response.get_json() == answer, path


def test_errors_are_documented_as_problems(fake_doc: dict[str, Any]) -> None:
    responses = fake_doc["components"]["responses"]
    for name in ("BAD_REQUEST", "NOT_FOUND", "UNPROCESSABLE_ENTITY", "DEFAULT_ERROR"):
        assert list(responses[name]["content"]) == ["application/problem+json"]


def test_every_reason_code_is_listed(fake_doc: dict[str, Any]) -> None:
    from .fake_game import GAME

    codes = {r.code for r in GAME.reasons}
    assert set(fake_doc["components"]["schemas"]["ReasonCode"]["enum"]) == codes
    table = {e["code"]: e for e in fake_doc["x-reason-codes"]["tiny"]}
    assert table["not_your_turn"] == {
        "code": "not_your_turn",
        "rule_id": "tiny.turn",
        "template": "seat {seat} is not to act (seat {turn} is)",
    }
    assert fake_doc["components"]["schemas"]["Reason"]["properties"]["code"] == {
        "$ref": "#/components/schemas/ReasonCode"
    }


def test_real_document_lists_every_registered_games_codes() -> None:
    from rules_core.games import REGISTRY

    doc = json.loads(render())
    assert sorted(doc["x-reason-codes"]) == sorted(REGISTRY.names())
    listed = set(doc["components"]["schemas"]["ReasonCode"].get("enum", []))
    assert listed == {r.code for game in REGISTRY for r in game.reasons}


def test_game_parameter_names_the_games(fake_doc: dict[str, Any]) -> None:
    parameters = fake_doc["paths"]["/v1/games/{game}/validate"]["parameters"]
    assert parameters[0]["schema"] == {"type": "string", "enum": ["tiny"]}


def test_extra_action_fields_are_scalars(fake_doc: dict[str, Any]) -> None:
    action = fake_doc["components"]["schemas"]["Action"]
    assert action["additionalProperties"] == {"type": ["string", "integer", "boolean", "null"]}
