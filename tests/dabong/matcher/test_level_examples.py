"""Every Intermediate and Master worked example of the rulebook about what a play may be.

Data in ``level_examples.json``: each names its rule and paraphrases the example;
legal ones list the labels the check must give (a pattern, or for an answer to
pending 2s the rule and the pattern it is made as), illegal ones the reason code.
The negative sentences are here too (a single 2 does not neutralise, not beyond
ten, an 8 in a mixed-suit pattern, a straight out of order, a broken mirror, the
river in a play that does not win). The 4th card and heaven/hell answers are
the engine's turn rules and tested there.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rules_core.games.dabong.matcher import MATCHER
from rules_core.games.dabong.matcher_api import MatchRules
from rules_core.kernel import parse_card
from tests.dabong.matcher.helpers import declare, pile

EXAMPLES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "level_examples.json").read_text())


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["name"] for e in EXAMPLES])
def test_level_example(example: dict[str, Any]) -> None:
    ctx = replace(
        pile(example["top"], example.get("suit")),
        pending_twos=example.get("pending", 0),
        previous_play=tuple(map(parse_card, example.get("previous", ()))),
        river=parse_card(example["river"]) if "river" in example else None,
        hand_size=example.get("hand_size", 8),
    )
    rules = MatchRules(level=example["level"], eight_must_share_suit=not example.get("eights_wild", False))
    cards = tuple(map(parse_card, example["cards"]))
    declared = declare(" ".join(f"{k}={v}" for k, v in example.get("declare", {}).items()))
    check = MATCHER.check_play(ctx, cards, declared, rules)
    if not example["legal"]:
        assert not check.readings, check.readings
        assert example["miss"] in [code for code, _, _ in check.misses], check.misses
        return
    assert check.readings, check.misses
    labels = {(r.pattern,) if r.via is None else (r.pattern, r.via) for r in check.readings}
    assert labels == {tuple(label) for label in example["labels"]}
    assert {r.top_twos for r in check.readings} == {example.get("top_twos", 0)}
    assert {r.uses_river for r in check.readings} == {example.get("uses_river", False)}
    if "top_power" in example:
        assert {r.top_power for r in check.readings} == {example["top_power"]}
    assert not check.undeclared


def test_every_new_rule_has_an_example() -> None:
    rules = {e["rule"] for e in EXAMPLES}
    assert rules >= {
        "dabong.clone", "dabong.twenty_one", "dabong.straight", "dabong.full_house", "dabong.flush",
        "dabong.three_by_three", "dabong.eight_straight", "dabong.heaven", "dabong.hell",
        "dabong.mirror", "dabong.self_mirror", "dabong.four_of_a_kind", "dabong.four_pair",
        "dabong.twos_add_on", "dabong.twos_neutralization", "dabong.shaman_neutralization",
        "dabong.river",
    }  # fmt: skip
