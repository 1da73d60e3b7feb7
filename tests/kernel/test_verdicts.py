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


def test_a_coded_reason_is_the_reason_built_from_its_fields() -> None:
    # ReasonCode renders lazily; the reason must equal, hash and print as the eager one.
    import dataclasses
    import pickle

    from rules_core.kernel import Reason

    code = ReasonCatalog().define("adds", "{card} adds {value}", "99.values")
    lazy = code(value=3, card="3S")
    eager = Reason(
        code="adds", rule_id="99.values", message="3S adds 3", details=(("card", "3S"), ("value", 3))
    )
    assert lazy == eager and eager == lazy
    assert hash(code(card="3S", value=3)) == hash(eager)
    assert (
        repr(code(card="3S", value=3))
        == repr(eager)
        == (
            "Reason(code='adds', rule_id='99.values', message='3S adds 3', "
            "details=(('card', '3S'), ('value', 3)))"
        )
    )
    assert pickle.loads(pickle.dumps(lazy)) == eager
    assert code("other.rule", card="3S", value=3).rule_id == "other.rule"
    assert code(card="3S").message == "{card} adds {value}"  # a template bug keeps the template
    assert lazy != "adds" and lazy != Reason(code="adds", rule_id="99.values", message="3S adds 3")
    with pytest.raises(dataclasses.FrozenInstanceError):
        lazy.code = "x"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del lazy.message  # type: ignore[misc]


def test_a_slots_builder_builds_what_the_constructor_builds() -> None:
    from rules_core.kernel import CardsPlayed, slots_builder, slots_copier

    build = slots_builder(CardsPlayed, "seat", "rule_id", "cards")
    card = parse_card("AS")
    assert build(1, "r", (card,)) == CardsPlayed(rule_id="r", seat=1, cards=(card,))
    copy = slots_copier(CardsPlayed)
    assert copy(build(1, "r", ()), seat=2) == CardsPlayed(rule_id="r", seat=2, cards=())
    with pytest.raises(TypeError):
        copy(build(1, "r", ()), nope=2)
    with pytest.raises(TypeError):
        slots_builder(CardsPlayed, "seat", "rule_id")
