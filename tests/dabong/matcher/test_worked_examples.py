"""Every Beginner worked example of the rulebook that is about what a play may be.

The examples are data (``worked_examples.json``); each names the rule it shows.
The natural dabong! examples (Shaman example 2, the Jack + 3 on a King) are the
engine's claims, tested on its side.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules_core.games.dabong.matcher import MATCHER
from rules_core.kernel import parse_card
from tests.dabong.matcher.helpers import BEGINNER, declare, pile

EXAMPLES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "worked_examples.json").read_text())


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["name"] for e in EXAMPLES])
def test_worked_example(example: dict[str, Any]) -> None:
    ctx = pile(example["top"], example.get("suit"))
    cards = tuple(map(parse_card, example["cards"]))
    declared = declare(" ".join(f"{k}={v}" for k, v in example.get("declare", {}).items()))
    check = MATCHER.check_play(ctx, cards, declared, BEGINNER)
    if not example["legal"]:
        assert not check.readings
        assert example["miss"] in [code for code, _, _ in check.misses], check.misses
        if "message" in example:
            assert example["message"] in [message for _, _, message in check.misses]
        return
    assert check.readings, check.misses
    assert {r.pattern for r in check.readings} == {example["pattern"]}
    if "top_power" in example:
        assert {r.top_power for r in check.readings} == {example["top_power"]}
    if "reading_rule" in example:
        assert {r.rule_id for r in check.readings} == {example["reading_rule"]}
    assert not check.undeclared
