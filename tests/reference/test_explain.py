"""Explanations: every sentence cites rules; illegal plays name the closest patterns and what
each misses; legal ones say which pattern it is and what happens next."""

from __future__ import annotations

from typing import Any

from rules_core.games import REGISTRY
from rules_core.reference import build, reference_data

from .citations import walk  # noqa: F401  (the walks explain every step: see test_citations)


def _request(game: str, rule_id: str, title_start: str) -> dict[str, Any]:
    found = REGISTRY.get(game)
    assert found is not None
    for example in reference_data(found).examples[rule_id]:
        if example.title.startswith(title_start):
            return build(found, rule_id, example).request
    raise AssertionError(f"no example {title_start!r} of {rule_id}")


def _explain(client: Any, game: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/v1/games/{game}/explain", json=body)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["sentences"] and all(s["rule_ids"] for s in answer["sentences"])
    return answer


def test_illegal_addition_names_the_closest_patterns_and_their_misses(client) -> None:  # type: ignore[no-untyped-def]
    body = _request("dabong", "dabong.addition", "An addition needs one suit")
    answer = _explain(client, "dabong", body)
    assert answer["verdict"]["legal"] is False
    texts = [s["text"] for s in answer["sentences"]]
    assert texts[0].startswith("Seat 0's play 7F 2W AF is not legal")
    closest = next(s for s in answer["sentences"] if s["text"].startswith("It fits no pattern"))
    assert "dabong.addition" in closest["rule_ids"]
    assert any("an addition needs one suit: 7F and 2W differ" in t for t in texts)


def test_subtraction_in_the_wrong_order_says_the_biggest_goes_first(client) -> None:  # type: ignore[no-untyped-def]
    body = _request("dabong", "dabong.subtraction", "A subtraction lays")
    texts = [s["text"] for s in _explain(client, "dabong", body)["sentences"]]
    assert any("biggest" in t.lower() or "first" in t.lower() for t in texts), texts


def test_legal_two_says_who_draws_and_is_skipped(client) -> None:  # type: ignore[no-untyped-def]
    body = _request("dabong", "dabong.two", "A 2 makes")
    answer = _explain(client, "dabong", body)
    texts = [s["text"] for s in answer["sentences"]]
    assert any("must pick up 2 card(s) and is then skipped" in t for t in texts), texts
    assert texts[-1].startswith("May act next: seat(s)")


def test_99_king_gives_the_new_count(client) -> None:  # type: ignore[no-untyped-def]
    body = _request("99", "99.king", "A King sets")
    answer = _explain(client, "99", body)
    sentence = next(s for s in answer["sentences"] if "The Count goes from 4 to 99" in s["text"])
    assert sentence["rule_ids"] == ["99.king"]


def test_dobon_discard_says_who_must_answer_the_check(client) -> None:  # type: ignore[no-untyped-def]
    body = _request("dobon", "dobon.deck", "Any card")
    answer = _explain(client, "dobon", body)
    check = next(s for s in answer["sentences"] if s["text"].startswith("A check"))
    assert "seat(s) 1 may claim" in check["text"]


def test_explain_answers_like_validate(client) -> None:  # type: ignore[no-untyped-def]
    body = _request("99", "99.threshold", "At 99 a Jack")
    verdict = client.post("/v1/games/99/validate", json=body).get_json()
    assert _explain(client, "99", body)["verdict"] == verdict


def test_explain_refuses_an_impossible_state_with_every_problem(client) -> None:  # type: ignore[no-untyped-def]
    body = _request("99", "99.king", "A King sets")
    body["state"]["hands"][0][0] = "ZZ"
    body["action"]["cards"] = ["??"]
    response = client.post("/v1/games/99/explain", json=body)
    assert response.status_code == 422
    pointers = {e["pointer"] for e in response.get_json()["errors"]}
    assert any(p.startswith("/action") for p in pointers), pointers
