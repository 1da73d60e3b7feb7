"""Every worked example of the reference, POSTed unchanged to ``validate``, gets its stated verdict.

Examples are built straight from the games' data (so a broken one fails here by name,
even though the served rulebook leaves it out), and the served rulebook must hold every one.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_core.games import REGISTRY
from rules_core.reference import build, reference_data
from rules_core.reference.book import examples_of


def _all_examples() -> list[tuple[str, str, Any]]:
    out = []
    for game in REGISTRY:
        data = reference_data(game)
        for rule in game.rules:
            for example in examples_of(rule, data):
                out.append((game.name, rule.id, example))
    return out


EXAMPLES = _all_examples()


@pytest.mark.parametrize(
    ("name", "rule_id", "example"), EXAMPLES, ids=[f"{r}:{e.title[:40]}" for _n, r, e in EXAMPLES]
)
def test_example_gets_its_verdict_through_http(client, name: str, rule_id: str, example: Any) -> None:  # type: ignore[no-untyped-def]
    game = REGISTRY.get(name)
    assert game is not None
    built = build(game, rule_id, example)
    response = client.post(f"/v1/games/{name}/validate", json=built.request)
    assert response.status_code == 200, response.get_json()
    verdict = response.get_json()
    codes = [r["code"] for r in verdict["reasons"]]
    assert verdict["legal"] is example.legal, (rule_id, example.title, codes)
    if example.code is not None:
        assert example.code in codes, (rule_id, example.title, codes)


@pytest.mark.parametrize("name", REGISTRY.names())
def test_served_rulebook_holds_every_example_unchanged(client, name: str) -> None:  # type: ignore[no-untyped-def]
    game = REGISTRY.get(name)
    assert game is not None
    book = client.get(f"/v1/games/{name}/rules").get_json()
    served = {s["id"]: s["examples"] for s in book["sections"]}
    data = reference_data(game)
    for rule in game.rules:
        expected = [build(game, rule.id, e) for e in examples_of(rule, data)]
        assert [e["title"] for e in served[rule.id]] == [b.example.title for b in expected], rule.id
        for got, want in zip(served[rule.id], expected, strict=True):
            assert got["request"] == want.request
            assert got["expect"] == {"legal": want.example.legal, "code": want.example.code}
        verdicts = [
            client.post(f"/v1/games/{name}/validate", json=e["request"]).get_json() for e in served[rule.id]
        ]
        assert [v["legal"] for v in verdicts] == [e["expect"]["legal"] for e in served[rule.id]], rule.id
