"""GET /v1/games/{game}/rules/search: compact answers to questions as players ask them."""

from __future__ import annotations

import json
import statistics

import pytest

from rules_core.games import REGISTRY
from rules_core.reference.search import SNIPPET_CHARS

from .search_questions import HELD_OUT, NO_MATCH, QUESTIONS

HIT_KEYS = {"id", "title", "level", "source", "ruling", "snippet", "score"}
ANSWER_KEYS = {"game", "question", "level", "matched", "message", "total", "hits"}


def _search(client, game: str, **query: str):  # type: ignore[no-untyped-def]
    return client.get(f"/v1/games/{game}/rules/search", query_string=query)


def test_a_question_answers_a_few_compact_hits(client) -> None:  # type: ignore[no-untyped-def]
    response = _search(client, "99", q="What does the Queen of Spades do?")
    assert response.status_code == 200
    answer = response.get_json()
    assert set(answer) == ANSWER_KEYS
    assert answer["game"] == "99" and answer["question"] == "What does the Queen of Spades do?"
    assert answer["matched"] is True and answer["message"] is None and answer["level"] is None
    assert 1 <= len(answer["hits"]) <= 3 <= answer["total"]
    first = answer["hits"][0]
    assert set(first) == HIT_KEYS and first["id"] == "99.death_card" and first["title"] == "Death Card"
    assert first["source"] == "document" and first["ruling"] is None
    assert "Queen of Spades is the Death Card" in first["snippet"]
    scores = [h["score"] for h in answer["hits"]]
    assert scores == sorted(scores, reverse=True)
    # Each id is a rule of the reference.
    for hit in answer["hits"]:
        assert client.get(f"/v1/games/99/rules/{hit['id']}").get_json()["title"] == hit["title"]


@pytest.mark.parametrize("game", REGISTRY.names())
def test_answers_are_small(client, game: str) -> None:  # type: ignore[no-untyped-def]
    """Every answer to the question set fits in 2 KB (three hits); typically about 1 KB."""
    sizes = []
    for question, _ in QUESTIONS[game] + HELD_OUT[game]:
        response = _search(client, game, q=question)
        sizes.append(len(response.data))
        assert len(response.data) < 2048, (question, len(response.data))
        assert all(len(h["snippet"]) <= SNIPPET_CHARS for h in response.get_json()["hits"])
    assert statistics.median(sizes) < 1200, sizes


def test_the_search_answer_is_a_fraction_of_the_sections(client) -> None:  # type: ignore[no-untyped-def]
    question = {"q": "what are face cards worth", "limit": "3"}
    compact = client.get("/v1/games/dabong/rules/search", query_string=question)
    whole = client.get("/v1/games/dabong/rules", query_string=question)
    assert [h["id"] for h in compact.get_json()["hits"]] == [s["id"] for s in whole.get_json()["sections"]]
    assert len(compact.data) * 4 < len(whole.data)


@pytest.mark.parametrize("game", REGISTRY.names())
@pytest.mark.parametrize("question", NO_MATCH)
def test_no_rule_matching_is_said(client, game: str, question: str) -> None:  # type: ignore[no-untyped-def]
    answer = _search(client, game, q=question).get_json()
    assert answer["matched"] is False and answer["hits"] == [] and answer["total"] == 0
    assert "rule matches this question" in answer["message"]
    # The whole-section search finds nothing either, rather than the least bad rules.
    sections = client.get(f"/v1/games/{game}/rules", query_string={"q": question}).get_json()
    assert sections["total"] == 0 and sections["sections"] == []


def test_limit_level_and_examples(client) -> None:  # type: ignore[no-untyped-def]
    many = _search(client, "dobon", q="can I claim dobon on my own discard", limit="5").get_json()
    assert len(many["hits"]) == 5
    one = _search(client, "dobon", q="can I claim dobon on my own discard", limit="1").get_json()
    assert [h["id"] for h in one["hits"]] == [many["hits"][0]["id"]] and one["total"] == many["total"]
    assert all("examples" not in h for h in many["hits"])
    full = _search(client, "dobon", q="can I claim dobon on my own discard", examples="true").get_json()
    assert all(h["examples"] for h in full["hits"])
    request = full["hits"][0]["examples"][0]["request"]
    verdict = client.post("/v1/games/dobon/validate", json=request).get_json()
    assert verdict["legal"] is full["hits"][0]["examples"][0]["expect"]["legal"]
    off = _search(client, "dobon", q="can I claim dobon on my own discard", examples="false").get_json()
    assert off == many | {"hits": many["hits"][:3]}
    master = _search(client, "dabong", q="can I cancel twos", level="master").get_json()
    assert master["level"] == "master" and {h["level"] for h in master["hits"]} <= {"master", "all"}


def test_a_ruling_is_named(client) -> None:  # type: ignore[no-untyped-def]
    answer = _search(client, "dabong", q="which suits does the jack of water count as").get_json()
    jack = next(h for h in answer["hits"] if h["id"] == "dabong.jack")
    assert jack["source"] == "ruling" and jack["ruling"]["id"].startswith("R-DABONG-")
    assert jack["ruling"]["title"]


@pytest.mark.parametrize(
    "query",
    [
        {},
        {"q": ""},
        {"q": "x" * 401},
        {"q": "king", "limit": "0"},
        {"q": "king", "limit": "11"},
        {"q": "king", "limit": "two"},
        {"q": "king", "examples": "yes"},
        {"q": "king", "examples": "1"},
        {"q": "king", "bogus": "1"},
    ],
)
def test_bad_query_is_a_422_problem(client, query: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/v1/games/99/rules/search", query_string=query)
    assert response.status_code == 422, response.get_json()
    assert response.content_type == "application/problem+json"
    assert response.get_json()["errors"]


def test_unknown_game_is_a_404(client) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/v1/games/chess/rules/search", query_string={"q": "king"}).status_code == 404


def test_the_search_route_leaves_rule_ids_alone(client) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/v1/games/99/rules/99.king").get_json()["id"] == "99.king"
    assert client.get("/v1/games/99/rules/search.king").status_code == 404


def test_openapi_documents_the_search(client) -> None:  # type: ignore[no-untyped-def]
    doc = client.get("/v1/openapi.json").get_json()
    operation = doc["paths"]["/v1/games/{game}/rules/search"]["get"]
    assert operation["operationId"] == "search_rules"
    assert operation["summary"] and "matched: false" in operation["description"]
    names = {p["name"] for p in operation["parameters"]}
    assert {"q", "limit", "level", "examples"} <= names
    examples = operation["responses"]["200"]["content"]["application/json"]["examples"]
    assert set(examples) == set(REGISTRY.names())
    for name, example in examples.items():
        assert example["value"]["matched"] is True, name
        assert len(json.dumps(example["value"])) < 2048
    assert "404" in operation["responses"]
