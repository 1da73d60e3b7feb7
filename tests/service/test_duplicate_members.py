"""A body whose object names a member twice is a 400 listing each duplicate, never read "last wins".

Issue #25: ``{"state": {..., "turn": 0, "turn": 1}}`` was read as turn 1 without a word, so two
readers of the same body (a client's logger, the service) could see two different tables.
"""

from __future__ import annotations

import json
import tracemalloc
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service import config, jsonbody
from tests.dabong.tables import table

G = "dabong"


def _post(client: Any, raw: str, path: str = f"/v1/games/{G}/validate") -> Any:
    return client.post(path, data=raw, content_type="application/json")


def _body_with(state_text: str) -> str:
    return '{"state": ' + state_text + ', "action": {"type": "draw", "seat": 0}}'


def test_a_duplicate_member_of_a_real_state_is_a_400_at_its_pointer(client: Any) -> None:
    state = table([["3W", "5W"], ["4F", "KE"]], ["10W"])
    text = json.dumps(state)
    assert _post(client, _body_with(text)).status_code == 200
    doubled = text.replace('"turn": 0,', '"turn": 0, "turn": 1,')
    assert doubled != text
    response = _post(client, _body_with(doubled))
    assert response.status_code == 400 and response.content_type == "application/problem+json"
    problem = response.get_json()
    assert problem["type"] == "urn:table-judge:problem:malformed-json"
    assert problem["errors"] == [
        {
            "pointer": "/state/turn",
            "code": "duplicate_member",
            "message": "'turn' is named 2 times in this object; a JSON object names each member once",
        }
    ]


def test_every_duplicate_is_listed_in_document_order(client: Any) -> None:
    state = table([["3W", "5W"], ["4F", "KE"]], ["10W"])
    text = json.dumps(state)
    text = text.replace('"played": 0', '"played": 0, "played": 0, "played": 0')
    text = text.replace('"seed": 7,', '"seed": 7, "a/b~c": 1, "a/b~c": 2,')
    raw = '{"action": {"type": "draw", "seat": 0, "seat": 0}, "state": ' + text + ', "action": {}}'
    problem = _post(client, raw).get_json()
    found = [(e["pointer"], e["message"].split(" is named ")[1][:7]) for e in problem["errors"]]
    assert found == [
        ("/action", "2 times"),
        ("/action/seat", "2 times"),
        ("/state/a~1b~0c", "2 times"),
        ("/state/scores/played", "3 times"),
    ]


def test_the_same_name_in_different_objects_is_no_duplicate(client: Any) -> None:
    raw = '{"seats": 2, "seed": 1, "options": {}, "deck_order": null}'
    assert jsonbody.parse(b'[{"a": 1}, {"a": 2}, {"b": {"a": 3}, "a": 4}]', max_depth=32, max_int=9)
    response = _post(client, raw, f"/v1/games/{G}/deal")
    assert response.status_code != 400


def test_thousands_of_duplicates_list_the_first_fifty_and_count_the_rest(client: Any) -> None:
    raw = '{"state": [' + ",".join(['{"x": 1, "x": 2}'] * 5000) + '], "action": {}}'
    problem = _post(client, raw).get_json()
    assert len(problem["errors"]) == config.PROBLEM_MAX_ERRORS
    pointers = [e["pointer"] for e in problem["errors"]]
    assert pointers[0] == "/state/0/x" and pointers[-1] == "/state/49/x"
    assert problem["errors_omitted"] == 5000 - config.PROBLEM_MAX_ERRORS


def test_duplicates_under_a_long_key_cost_little() -> None:
    """The pointers of only the listed duplicates are built: 20,000 objects under a 20,000-character
    key would be 400 MB of pointers otherwise."""
    raw = json.dumps({"k" * 20_000: ["DUP"] * 20_000}).replace('"DUP"', '{"x": 1, "x": 2}').encode()
    # Measured in bytes allocated, not seconds (a wall-clock bound failed on a busy machine):
    # the parse holds the body's objects (a few MB); every pointer built would be 400 MB.
    tracemalloc.start()
    try:
        with pytest.raises(jsonbody.DuplicateMembers) as caught:
            jsonbody.parse(raw, max_depth=32, max_int=9, max_listed=50)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 40_000_000, peak
    assert len(caught.value.found) == 50 and caught.value.omitted == 20_000 - 50


_names = st.sampled_from(["a", "b", "c/d", "~"])
_trees = st.recursive(
    st.integers(0, 3),
    lambda children: st.lists(children, max_size=3) | st.lists(st.tuples(_names, children), max_size=4),
    max_leaves=20,
)


def _text(tree: Any) -> str:
    """JSON text of a tree whose objects are lists of (name, value) pairs (names may repeat)."""
    if isinstance(tree, int):
        return str(tree)
    if tree and isinstance(tree[0], tuple):
        return "{" + ",".join(f"{json.dumps(k)}: {_text(v)}" for k, v in tree) + "}"
    if not tree:
        return "[]"
    return "[" + ",".join(_text(v) for v in tree) + "]"


def _reference(tree: Any, pointer: str = "") -> list[str]:
    """The pointers of the duplicated members, in document order (a plain recursive walk)."""
    if isinstance(tree, int):
        return []
    found = []
    if tree and isinstance(tree[0], tuple):
        names = [k for k, _ in tree]
        listed = set()
        for name, value in tree:
            if names.count(name) > 1 and name not in listed:
                listed.add(name)
                found.append(f"{pointer}/{jsonbody.escape(name)}")
            found += _reference(value, f"{pointer}/{jsonbody.escape(name)}")
        return found
    for i, value in enumerate(tree):
        found += _reference(value, f"{pointer}/{i}")
    return found


@settings(max_examples=300, deadline=None)
@given(_trees)
def test_duplicates_found_are_those_of_a_plain_walk(tree: Any) -> None:
    raw = _text(tree).encode()
    expected = _reference(tree)
    if not expected:
        jsonbody.parse(raw, max_depth=64, max_int=9)
        return
    with pytest.raises(jsonbody.DuplicateMembers) as caught:
        jsonbody.parse(raw, max_depth=64, max_int=9, max_listed=1000)
    assert [pointer for pointer, _, _ in caught.value.found] == expected


def test_a_syntax_error_after_a_repeat_is_reported_as_the_syntax_error() -> None:
    with pytest.raises(jsonbody.MalformedJson) as caught:
        jsonbody.parse(b'{"a": {"x": 1, "x": 2}, "b": [1, 2', max_depth=32, max_int=9)
    assert type(caught.value) is jsonbody.MalformedJson and "invalid JSON" in str(caught.value)
