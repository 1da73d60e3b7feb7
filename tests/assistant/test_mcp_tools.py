"""The assistant tools through a real MCP client (#29): the SDK's ClientSession over stdio (the
server spawned as ``python -m assistant_tools``) and over streamable HTTP (the server started
on a loopback port). Every worked example of every game goes through check_play and agrees
with the rulebook; each tool answers on each game; refusals are tool errors carrying the
problem document the HTTP API answers for the same request.
"""

from __future__ import annotations

import statistics
from functools import cache
from typing import Any

import pytest

from assistant_tools.manifest import http_request
from rules_core.games import REGISTRY
from rules_core.reference import Rulebook

from .mcp_client import Session, stdio_session

GAMES = list(REGISTRY.names())


def game_of(name: str) -> Any:
    found = REGISTRY.get(name)
    assert found is not None
    return found


TOOLS = {"search_rules", "get_rule", "check_play", "list_plays", "explain", "deal", "play", "suggest"}


@cache
def examples(game: str) -> list[tuple[str, dict[str, Any]]]:
    """(rule id, worked example) of every example of ``game``'s rulebook."""
    book = Rulebook(game_of(game), {})
    return [(s["id"], e) for s in book.sections() for e in s["examples"]]


def http_answer(client: Any, tool: str, arguments: dict[str, Any]) -> Any:
    request = http_request(tool, arguments)
    if request["method"] == "GET":
        return client.get(request["path"])
    return client.post(request["path"], json=request["body"])


# -- listing ----------------------------------------------------------------------------
@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_lists_the_tools_with_their_schemas(
    transport: str, request: pytest.FixtureRequest, client: Any
) -> None:
    session: Session = request.getfixturevalue(transport)
    listed = {t.name: t for t in session.list_tools().tools}
    assert set(listed) == TOOLS
    for tool in listed.values():
        assert len(tool.description) > 100, tool.name
        schema = tool.input_schema
        assert schema["properties"]["game"]["enum"] == GAMES, tool.name
        assert all(name in schema["properties"] for name in schema.get("required", []))
    # The manifest the HTTP API serves is the same tools with the same schemas.
    manifest = client.get("/v1/assistant/tools").get_json()
    assert [t["name"] for t in manifest["tools"]] == list(listed)
    for entry in manifest["tools"]:
        assert entry["parameters"] == listed[entry["name"]].input_schema
        assert entry["description"] == listed[entry["name"]].description


def test_resources_and_prompt(stdio: Session) -> None:
    uris = {str(r.uri) for r in stdio.list_resources().resources}
    assert uris == {f"table-judge://rules/{g}" for g in GAMES}
    index = stdio.read_resource("table-judge://rules/dobon")
    assert "- dobon.claim.whole_hand: Whole hand (ruling)" in index
    assert all(f"- {rule.id}: " in index for rule in game_of("dobon").rules)
    templates = [t.uri_template for t in stdio.list_resource_templates().resource_templates]
    assert templates == ["table-judge://rules/{game}/{rule_id}"]
    assert '"rule_id":"99.king"' in stdio.read_resource("table-judge://rules/99/99.king")
    assert [p.name for p in stdio.list_prompts().prompts] == ["cite_rules"]
    text = stdio.get_prompt("cite_rules").messages[0].content.text
    assert "[99.king]" in text and "matched: false" in text


# -- every worked example ------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_check_play_on_every_worked_example(stdio: Session, game: str) -> None:
    sizes = []
    for rule_id, example in examples(game):
        request, expect = example["request"], example["expect"]
        answer = stdio.call("check_play", {"game": game, **request})
        assert not answer.is_error, (rule_id, example["title"], answer)
        assert answer.data["legal"] == expect["legal"], (rule_id, example["title"], answer)
        assert answer.data["rule"]["id"] in game_of(game).rules
        assert answer.data["rule"]["title"] == game_of(game).rules[answer.data["rule"]["id"]].title
        assert answer.data["answer"] and answer.data["source"] in ("document", "ruling")
        sizes.append(answer.size)
    # Small answers: the median worked example is well under 2 KB (states are sent, not answered).
    assert statistics.median(sizes) < 2048, sorted(sizes)


@pytest.mark.parametrize("game", GAMES)
def test_the_other_tools_on_worked_examples(stdio: Session, game: str) -> None:
    found = examples(game)
    rule_id, example = found[len(found) // 2]
    state = example["request"]["state"]
    seat = example["request"]["action"]["seat"]

    rule = stdio.call("get_rule", {"game": game, "rule_id": rule_id, "examples": True})
    assert rule.data["rule_id"] == rule_id and rule.data["examples"], rule
    assert any(e["title"] == example["title"] for e in rule.data["examples"])

    title = game_of(game).rules[rule_id].title
    hits = stdio.call("search_rules", {"game": game, "question": title})
    assert not hits.is_error and rule_id in [h["id"] for h in hits.data["hits"]], hits

    listing = stdio.call("list_plays", {"game": game, "state": state, "limit": 5})
    assert not listing.is_error and len(listing.data["plays"]) <= 5 and listing.data["total"] >= 1, listing
    assert all(isinstance(p["patterns"], list) for p in listing.data["plays"])

    explained = stdio.call("explain", {"game": game, "state": state})
    assert not explained.is_error and explained.data["sentences"], explained
    assert explained.size < 2048, explained

    dealt = stdio.call("deal", {"game": game, "seats": 3, "seed": 11})
    assert not dealt.is_error and dealt.data["turn"] is not None
    turn = dealt.data["turn"]
    hint = stdio.call("suggest", {"game": game, "state": dealt.data["state"], "seat": turn})
    assert not hint.is_error and hint.data["action"]["seat"] == turn, hint
    played = stdio.call("play", {"game": game, "state": dealt.data["state"], "action": hint.data["action"]})
    assert not played.is_error and played.data["said"] and "state" in played.data, played
    assert seat >= 0


def test_every_tool_answers_over_http(http: Session) -> None:
    for game in GAMES:
        rule_id, example = examples(game)[0]
        answer = http.call("check_play", {"game": game, **example["request"]})
        assert answer.data["legal"] == example["expect"]["legal"], answer
        assert http.call("get_rule", {"game": game, "rule_id": rule_id}).data["rule_id"] == rule_id
        assert http.call("search_rules", {"game": game, "question": "who plays first"}).data["hits"]
        assert http.call("list_plays", {"game": game, "state": example["request"]["state"]}).data["total"]
        assert http.call("explain", {"game": game, "state": example["request"]["state"]}).data["sentences"]
        dealt = http.call("deal", {"game": game, "seats": 2, "seed": 3}).data
        hint = http.call("suggest", {"game": game, "state": dealt["state"], "seat": dealt["turn"]}).data
        assert not http.call(
            "play", {"game": game, "state": dealt["state"], "action": hint["action"]}
        ).is_error
    refused = http.call("get_rule", {"game": "99", "rule_id": "99.nothing"})
    assert refused.is_error and refused.data["type"] == "urn:table-judge:problem:not-found"


# -- search_rules: the question search of GET .../rules/search ----------------------------
SEARCHES = [
    ({"game": "99", "question": "What does a King do to the count?"}, "99.king"),
    ({"game": "dobon", "question": "Can I call Dobon on a card I discarded myself?", "limit": 1}, None),
    ({"game": "dabong", "question": "What does the Queen of Water do?", "level": "beginner"}, None),
    (
        {"game": "dabong", "question": "Can I answer a heaven with a hell?", "level": "intermediate"},
        "dabong.heaven_hell_answer",
    ),
    ({"game": "dabong", "question": "What is a mirror?", "limit": 2, "examples": True}, "dabong.mirror"),
    ({"game": "99", "question": "Can I play online?"}, "no match"),  # no rule mentions "online"
]


@pytest.mark.parametrize(("arguments", "best"), SEARCHES, ids=[a["question"][:24] for a, _ in SEARCHES])
def test_search_rules_answers_as_the_http_search(
    stdio: Session, client: Any, arguments: dict[str, Any], best: str | None
) -> None:
    """The tool's answer is the answer of its HTTP request (``Rulebook.ask``): compact hits with
    their source, or the explicit no-match; `level` and `examples` pass through."""
    answer = stdio.call("search_rules", arguments)
    assert not answer.is_error, answer
    request = http_request("search_rules", arguments)
    assert request["path"].startswith(f"/v1/games/{arguments['game']}/rules/search?")
    assert answer.data == client.get(request["path"]).get_json()
    data = answer.data
    assert data["matched"] == bool(data["hits"]) and len(data["hits"]) <= arguments.get("limit", 3)
    for hit in data["hits"]:
        assert hit["source"] in ("document", "ruling") and hit["snippet"] and len(hit["snippet"]) <= 300
        assert ("examples" in hit) == bool(arguments.get("examples"))
        if "level" in arguments:
            assert hit["level"] in (arguments["level"], "all"), hit
    if best == "no match":
        assert not data["matched"] and '"online"' in data["message"], data
    else:
        assert data["matched"] and data["message"] is None, data
        assert best is None or data["hits"][0]["id"] == best, data
    if not arguments.get("examples"):
        assert answer.size < 2048, answer


def test_search_rules_by_level_says_when_other_levels_match(stdio: Session) -> None:
    """Heaven/hell answers are Intermediate: a Beginner search says that rules of other levels match."""
    beginner = stdio.call(
        "search_rules", {"game": "dabong", "question": "What is heaven?", "level": "beginner"}
    )
    assert not beginner.data["matched"] and "other levels" in beginner.data["message"], beginner
    anywhere = stdio.call("search_rules", {"game": "dabong", "question": "What is heaven?"})
    assert anywhere.data["hits"][0]["id"] == "dabong.heaven", anywhere


# -- refusals: the HTTP API's problems ---------------------------------------------------
_SITUATION = {"count": 95, "hands": [{"seat": 0, "cards": ["3H", "KD", "10S", "JC"]}]}
_PLAY_10 = {"type": "play", "seat": 0, "cards": ["10S"]}

REFUSALS = [
    # A card named twice: the situation's own problem, pointed into the arguments.
    (
        "check_play",
        {"game": "99", "situation": {"hands": [{"seat": 0, "cards": ["3H", "3H"]}]}, "action": _PLAY_10},
        "invalid-input",
        "/situation/hands/0/cards/1",
    ),
    # Both a state and a situation: the request schema's refusal.
    (
        "check_play",
        {"game": "99", "situation": _SITUATION, "state": {}, "action": _PLAY_10},
        "invalid-request",
        "/",
    ),
    # A card of another deck in the action.
    (
        "check_play",
        {"game": "99", "situation": _SITUATION, "action": {"type": "play", "seat": 0, "cards": ["5F"]}},
        "invalid-input",
        "/action/cards/0",
    ),
    # A moment no game reaches (seat 0 would already be out).
    (
        "check_play",
        {
            "game": "99",
            "situation": {"count": 95, "hands": [{"seat": 0, "cards": ["7H", "8D", "JS", "QC"]}]},
            "action": {"type": "play", "seat": 0, "cards": ["7H"]},
        },
        "unreachable-situation",
        "/situation",
    ),
    # A dabong! situation that contradicts itself: the top card is the last card of the play on top.
    (
        "list_plays",
        {"game": "dabong", "situation": {"top": "5F", "last_play": ["3W", "7W"]}},
        "invalid-input",
        "/situation/top",
    ),
    ("explain", {"game": "dobon", "state": {"game": "dobon"}}, "invalid-state", "/state"),
    ("get_rule", {"game": "dobon", "rule_id": "dobon.nothing"}, "not-found", "/rule_id"),
    ("search_rules", {"game": "chess", "question": "castling"}, "unknown-game", None),
    ("deal", {"game": "dobon", "seats": 7}, "invalid-request", "/seats"),
    ("list_plays", {"game": "99", "situation": _SITUATION, "cursor": "nonsense"}, "invalid-input", "/cursor"),
]


@pytest.mark.parametrize(("tool", "arguments", "slug", "pointer"), REFUSALS)
def test_refusals_are_tool_errors_with_the_http_problem(
    stdio: Session, client: Any, tool: str, arguments: dict[str, Any], slug: str, pointer: str | None
) -> None:
    answer = stdio.call(tool, arguments)
    assert answer.is_error, answer
    problem = answer.data
    assert problem["type"] == f"urn:table-judge:problem:{slug}", problem
    if pointer is not None:
        assert any(e["pointer"].startswith(pointer) for e in problem["errors"]), problem
    # The same request through HTTP is refused with the same problem.
    answered = http_answer(client, tool, arguments)
    assert answered.status_code == problem["status"]
    http_problem = answered.get_json()
    assert http_problem["type"] == problem["type"]
    assert [(e["pointer"], e["code"]) for e in http_problem["errors"]] == [
        (e["pointer"], e["code"]) for e in problem["errors"]
    ]


def test_arguments_outside_the_input_schema_are_problems(stdio: Session) -> None:
    answer = stdio.call(
        "check_play", {"game": "99", "situation": _SITUATION, "action": {"type": "play", "seat": "0"}}
    )
    assert answer.is_error
    assert answer.data["type"] == "urn:table-judge:problem:invalid-request"
    assert [(e["pointer"], e["code"]) for e in answer.data["errors"]] == [("/action/seat", "wrong_type")]
    missing = stdio.call("check_play", {"game": "99", "situation": _SITUATION})
    assert [(e["pointer"], e["code"]) for e in missing.data["errors"]] == [("/action", "missing")]


def test_the_cpu_limit_applies_to_tool_calls() -> None:
    """The service's per-request CPU limit stops a tool call too: with a 1 ms limit, the first
    search of dabong! (it builds the rulebook, about 0.1 s of CPU) is stopped with the HTTP
    API's problem, and the server goes on serving."""
    with stdio_session({"TABLE_JUDGE_REQUEST_CPU_SECONDS": "0.001"}) as session:
        refused = session.call("search_rules", {"game": "dabong", "question": "addition"})
        assert refused.is_error, refused
        assert refused.data["type"] == "urn:table-judge:problem:over-budget"
        assert [(e["pointer"], e["code"]) for e in refused.data["errors"]] == [("/state", "cpu_limit")]
        assert {t.name for t in session.list_tools().tools} == TOOLS
