"""The reference endpoints: the whole rulebook, one rule, levels, limits, errors."""

from __future__ import annotations

import pytest

from rules_core.games import REGISTRY

from .test_coverage import KNOWN_PENDING


@pytest.mark.parametrize("name", REGISTRY.names())
def test_rulebook_lists_every_rule_in_table_order(client, name: str) -> None:  # type: ignore[no-untyped-def]
    game = REGISTRY.get(name)
    assert game is not None
    answer = client.get(f"/v1/games/{name}/rules").get_json()
    assert [s["id"] for s in answer["sections"]] == [r.id for r in game.rules]
    assert answer["total"] == len(game.rules) and answer["query"] is None
    for section in answer["sections"]:
        assert section["statement"] and section["title"]
        if section["not_adjudicated"] is None:
            pending = f"rule_without_example: {section['id']}" in KNOWN_PENDING
            assert bool(section["examples"]) is not pending, section["id"]
        else:
            assert section["examples"] == []


def test_one_rule_is_the_rulebook_section(client) -> None:  # type: ignore[no-untyped-def]
    book = {s["id"]: s for s in client.get("/v1/games/dobon/rules").get_json()["sections"]}
    assert (
        client.get("/v1/games/dobon/rules/dobon.claim.whole_hand").get_json()
        == book["dobon.claim.whole_hand"]
    )


def test_unknown_rule_is_a_404_problem(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/v1/games/dabong/rules/dabong.chess")
    assert response.status_code == 404
    assert response.content_type == "application/problem+json"
    assert response.get_json()["type"] == "urn:table-judge:problem:not-found"


def test_unknown_game_is_a_404_problem(client) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/v1/games/chess/rules").status_code == 404


def test_level_keeps_that_level_and_the_always_rules(client) -> None:  # type: ignore[no-untyped-def]
    answer = client.get("/v1/games/dabong/rules", query_string={"level": "master"}).get_json()
    levels = {s["level"] for s in answer["sections"]}
    assert levels == {"master", "all"}
    ids = {s["id"] for s in answer["sections"]}
    assert "dabong.four_pair" in ids and "dabong.clone" not in ids


def test_not_adjudicated_parts_say_why(client) -> None:  # type: ignore[no-untyped-def]
    section = client.get("/v1/games/99/rules/99.loading_duty").get_json()
    assert "PDF" in section["not_adjudicated"]


@pytest.mark.parametrize(
    "query", [{"limit": "0"}, {"limit": "x"}, {"limit": "-1"}, {"q": ""}, {"bogus": "1"}]
)
def test_bad_query_is_a_422_problem(client, query: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/v1/games/99/rules", query_string=query)
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["errors"]


def test_limit_cuts_the_listing(client) -> None:  # type: ignore[no-untyped-def]
    answer = client.get("/v1/games/99/rules", query_string={"limit": "2"}).get_json()
    assert len(answer["sections"]) == 2 and answer["total"] > 2


def test_reason_codes_of_a_section_cite_it(client) -> None:  # type: ignore[no-untyped-def]
    section = client.get("/v1/games/99/rules/99.king").get_json()
    assert {"code": "king_sets_99", "template": "{card} sets the Count from {count} to 99"} in section[
        "reason_codes"
    ]


def test_openapi_documents_the_reference_operations(client) -> None:  # type: ignore[no-untyped-def]
    doc = client.get("/v1/openapi.json").get_json()
    for path, method in (
        ("/v1/games/{game}/rules", "get"),
        ("/v1/games/{game}/rules/{rule_id}", "get"),
    ):
        operation = doc["paths"][path][method]
        assert operation["summary"] and len(operation["description"]) > 200
        examples = operation["responses"]["200"]["content"]["application/json"]["examples"]
        assert set(examples) == set(REGISTRY.names())
        assert "404" in operation["responses"]
    # explain takes a state and an action: published once per game, with that game's example.
    for name in REGISTRY.names():
        operation = doc["paths"][f"/v1/games/{name}/explain"]["post"]
        assert operation["summary"] and len(operation["description"]) > 200
        examples = operation["responses"]["200"]["content"]["application/json"]["examples"]
        assert set(examples) == {name}
        assert "404" in operation["responses"]
