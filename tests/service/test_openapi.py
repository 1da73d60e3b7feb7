"""The published OpenAPI document: up to date, complete, and useful on its own."""

from __future__ import annotations

import json
from typing import Any

import pytest

from service.openapi import OUTPUT, REGENERATE, render

# The operations on a table are published once per game (the fake registry's game is "tiny").
OPERATIONS = [
    ("/v1/health", "get"),
    ("/v1/games", "get"),
    ("/v1/games/{game}", "get"),
    ("/v1/games/tiny/deal", "post"),
    ("/v1/games/tiny/validate", "post"),
    ("/v1/games/tiny/apply", "post"),
    ("/v1/games/tiny/legal-actions", "post"),
    ("/v1/games/tiny/view", "post"),
    ("/v1/games/tiny/replay", "post"),
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
        response = client.post(path, json=request)
        assert response.status_code == 200
        assert response.get_json() == answer, path


def test_errors_are_documented_as_problems(fake_doc: dict[str, Any]) -> None:
    responses = fake_doc["components"]["responses"]
    for name in ("BAD_REQUEST", "NOT_FOUND", "UNPROCESSABLE_ENTITY", "DEFAULT_ERROR"):
        assert list(responses[name]["content"]) == ["application/problem+json"]


def test_every_reason_code_is_listed(fake_doc: dict[str, Any]) -> None:
    from .fake_game import GAME

    codes = {r.code for r in GAME.reasons}
    reason_code = fake_doc["components"]["schemas"]["ReasonCode"]
    # Known values of an open string: a code added tomorrow breaks no generated client.
    assert "enum" not in reason_code and reason_code["type"] == "string"
    assert set(reason_code["examples"]) == codes
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
    listed = set(doc["components"]["schemas"]["ReasonCode"]["examples"])
    assert listed == {r.code for game in REGISTRY for r in game.reasons}


def test_game_parameter_names_the_games(fake_doc: dict[str, Any]) -> None:
    parameters = fake_doc["paths"]["/v1/games/{game}/rules"]["parameters"]
    assert parameters[0]["schema"] == {"type": "string", "enum": ["tiny"]}


def test_every_operation_has_a_method_name(fake_doc: dict[str, Any]) -> None:
    ids = [
        op["operationId"] for item in fake_doc["paths"].values() for op in item.values() if "responses" in op
    ]
    assert all(i.isidentifier() and i == i.lower() for i in ids), ids
    assert len(ids) == len(set(ids))
    assert {"tiny_apply_action", "tiny_validate_action", "tiny_list_legal_actions", "list_games"} <= set(ids)


def _schema(doc: dict[str, Any], ref: dict[str, Any]) -> dict[str, Any]:
    return doc["components"]["schemas"][ref["$ref"].rsplit("/", 1)[1]]  # type: ignore[no-any-return]


def test_table_operations_refer_to_the_games_components(fake_doc: dict[str, Any]) -> None:
    """Built from the registry: the fake game gets typed paths with no service edit."""
    assert not [p for p in fake_doc["paths"] if p.startswith("/v1/games/{game}/") and "rules" not in p]
    apply = fake_doc["paths"]["/v1/games/tiny/apply"]["post"]
    request = _schema(fake_doc, apply["requestBody"]["content"]["application/json"]["schema"])
    assert request["properties"]["state"]["$ref"].endswith("/TinyState")
    assert request["properties"]["action"]["$ref"].endswith("/TinyAction")
    answer = _schema(fake_doc, apply["responses"]["200"]["content"]["application/json"]["schema"])
    assert answer["properties"]["effects"]["items"]["$ref"].endswith("/TinyEffect")
    assert answer["properties"]["verdict"]["$ref"].endswith("/TinyVerdict")
    listing = fake_doc["paths"]["/v1/games/tiny/legal-actions"]["post"]
    request = _schema(fake_doc, listing["requestBody"]["content"]["application/json"]["schema"])
    assert request["properties"]["seat"]["maximum"] == 2  # the game's three seats
    deal = fake_doc["paths"]["/v1/games/tiny/deal"]["post"]
    request = _schema(fake_doc, deal["requestBody"]["content"]["application/json"]["schema"])
    assert (request["properties"]["seats"]["minimum"], request["properties"]["seats"]["maximum"]) == (2, 3)
    assert request["properties"]["options"]["$ref"].endswith("/TinyOptions")
    view = fake_doc["paths"]["/v1/games/tiny/view"]["post"]
    answer = _schema(fake_doc, view["responses"]["200"]["content"]["application/json"]["schema"])
    assert answer["properties"]["view"]["$ref"].endswith("/TinyView")


def test_an_open_action_is_made_from_the_games_facts(fake_doc: dict[str, Any]) -> None:
    from .fake_game import GAME

    schemas = fake_doc["components"]["schemas"]
    action = schemas["TinyAction"]
    assert action["properties"]["type"]["examples"] == list(GAME.action_types)
    assert action["properties"]["seat"]["maximum"] == GAME.max_seats - 1
    assert action["properties"]["say"]["type"] == ["string", "integer", "boolean", "null"]
    assert action["required"] == ["type", "seat"]
    assert schemas["TinyCard"]["enum"] == ["AS", "2S", "3S", "4S", "AH", "2H", "3H", "4H"]
    options = schemas["TinyOptions"]
    assert "required" not in options and options["properties"]["hand_size"]["default"] == 2


def test_problem_types_are_one_open_list(fake_doc: dict[str, Any]) -> None:
    from service.problems import PROBLEM_TYPES, TYPE_PREFIX

    problem_type = fake_doc["components"]["schemas"]["ProblemType"]
    assert "enum" not in problem_type
    assert problem_type["examples"] == [TYPE_PREFIX + slug for slug in PROBLEM_TYPES]
    assert fake_doc["components"]["schemas"]["Problem"]["properties"]["type"]["$ref"].endswith("/ProblemType")


def test_a_sealing_server_documents_states_as_envelopes() -> None:
    from cryptography.fernet import Fernet

    from service.app import create_app

    from .fake_game import fake_registry

    app = create_app(
        {"TESTING": True, "REGISTRY": fake_registry(), "SEAL_KEYS": Fernet.generate_key().decode()}
    )
    doc = app.test_client().get("/v1/openapi.json").get_json()
    schemas = doc["components"]["schemas"]
    assert schemas["TinyStateActionRequest"]["properties"]["state"]["$ref"].endswith("/SealedState")
    assert schemas["TinyApplyAnswer"]["properties"]["state"]["$ref"].endswith("/SealedState")
    assert schemas["TinyViewAnswer"]["properties"]["view"]["$ref"].endswith("/TinyView")
    assert schemas["SealedState"]["required"] == ["sealed", "table_id", "move", "game"]


def test_effect_types_are_read_from_the_games_effect_schemas() -> None:
    from service.spec_games import effect_types

    components = {
        "XEffect": {
            "oneOf": [
                {"$ref": "#/components/schemas/XCardsPlayed"},
                {"$ref": "#/components/schemas/XTurnPassed"},
            ]
        },
        "XCardsPlayed": {"type": "object", "properties": {"type": {"const": "CardsPlayed"}}},
        "XTurnPassed": {"type": "object", "properties": {"type": {"const": "TurnPassed"}}},
        "XAction": {"type": "object", "properties": {"type": {"const": "play"}}},
    }
    assert effect_types(components, "XEffect") == ["CardsPlayed", "TurnPassed"]


def test_the_document_and_the_request_path_bound_a_body_alike() -> None:
    """The per-game bounds the document publishes are the ones the game's request schemas load."""
    from marshmallow import ValidationError

    from rules_core.games import REGISTRY
    from service.schemas import DealRequestSchema, LegalActionsRequestSchema
    from service.schemas_games import request_schemas
    from service.spec_games import game_prefix

    doc = json.loads(render())
    schemas = doc["components"]["schemas"]
    for game in REGISTRY:
        prefix = game_prefix(game)
        loaders = request_schemas(game, prefix)
        deal = schemas[f"{prefix}DealRequest"]["properties"]
        for seats in range(deal["seats"]["minimum"] - 1, deal["seats"]["maximum"] + 2):
            documented = deal["seats"]["minimum"] <= seats <= deal["seats"]["maximum"]
            try:
                loaders[DealRequestSchema].load({"seats": seats})
                loaded = True
            except ValidationError:
                loaded = False
            assert loaded == documented, (game.name, seats)
        cards = schemas[f"{prefix}Card"]["enum"]
        loaders[DealRequestSchema].load({"seats": game.min_seats, "deck_order": cards})
        seat = schemas[f"{prefix}LegalActionsRequest"]["properties"]["seat"]
        loaders[LegalActionsRequestSchema].load({"state": {}, "seat": seat["maximum"]})
        with pytest.raises(ValidationError):
            loaders[LegalActionsRequestSchema].load({"state": {}, "seat": seat["maximum"] + 1})
