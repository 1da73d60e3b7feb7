"""Reasons render their message from details and keep the deciding rule id."""

from __future__ import annotations

import pytest

from rules_core.kernel import Action, CardsDrawn, ReasonCatalog, parse_card


def test_reason_renders_template_and_cites_rule() -> None:
    catalog = ReasonCatalog()
    code = catalog.define("count_would_pass_99", "{card} would take the Count to {total}", "99.count")
    reason = code(card="KS", total=103)
    assert reason.code == "count_would_pass_99"
    assert reason.rule_id == "99.count"
    assert reason.message == "KS would take the Count to 103"
    assert reason.to_json()["details"] == {"card": "KS", "total": 103}


def test_reason_codes_are_unique_per_catalog() -> None:
    catalog = ReasonCatalog()
    catalog.define("x", "one", "r.1")
    with pytest.raises(ValueError, match="twice"):
        catalog.define("x", "two", "r.1")


def test_private_effect_fields_hidden_from_other_viewers() -> None:
    effect = CardsDrawn(rule_id="99.draw", seat=2, count=1, cards=(parse_card("AD"),))
    assert effect.to_json(2)["cards"] == ["AD"]
    assert effect.to_json(None)["cards"] == ["AD"]
    assert "cards" not in effect.to_json(0)
    assert effect.to_json(0)["count"] == 1


def test_action_json_omits_empty_fields() -> None:
    action = Action(type="play", seat=1, cards=(parse_card("10H"),))
    assert action.to_json() == {"type": "play", "seat": 1, "cards": ["10H"]}
