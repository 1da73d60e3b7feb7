"""The pattern registry: declarative units, cumulative levels, per-pattern switches."""

from __future__ import annotations

from rules_core.games.dabong import options
from rules_core.games.dabong.matcher_api import MatchRules
from rules_core.games.dabong.patterns import PATTERNS, CardRule, OrderRule, enabled_patterns
from rules_core.games.dabong.patterns.common import LEVELS


def test_the_beginner_units_declare_their_cards_order_and_first_card_rule() -> None:
    declared = {
        p.id: (p.rule_id, p.level, p.cards, p.order, p.first_card_follows, p.min_cards)
        for p in PATTERNS
        if p.level == "beginner"
    }
    assert declared == {
        "single": ("dabong.follow", "beginner", CardRule.ONE, OrderRule.ANY, True, 1),
        "addition": ("dabong.addition", "beginner", CardRule.ONE_SUIT, OrderRule.ANY, False, 2),
        "subtraction": (
            "dabong.subtraction",
            "beginner",
            CardRule.ONE_SUIT,
            OrderRule.BIGGEST_FIRST,
            False,
            2,
        ),
    }


def test_levels_are_cumulative_and_match_the_options() -> None:
    assert LEVELS == options.LEVELS
    for k, level in enumerate(LEVELS):
        assert enabled_patterns(MatchRules(level=level)) == tuple(
            p for p in PATTERNS if p.level in LEVELS[: k + 1]
        )
    assert [p.id for p in enabled_patterns(MatchRules())] == ["single", "addition", "subtraction"]
    assert {p.id for p in PATTERNS if p.level == "master"} == {"four_of_a_kind", "four_pair"}


def test_a_switched_off_pattern_is_not_run() -> None:
    rules = MatchRules(level="master", disabled=frozenset({"subtraction", "flush"}))
    ids = [p.id for p in enabled_patterns(rules)]
    assert ids[:2] == ["single", "addition"]
    assert "subtraction" not in ids and "flush" not in ids and "straight" in ids


def test_set_shapes_come_before_sequence_shapes() -> None:
    """The listing's once-per-play rule relies on it (see ``shape_unit``)."""
    orders = [p.order is OrderRule.SEQUENCE for p in PATTERNS]
    assert orders == sorted(orders)


def test_pattern_ids_are_unique() -> None:
    assert len({p.id for p in PATTERNS}) == len(PATTERNS)


def test_every_rule_id_the_matcher_cites_is_in_the_rule_table() -> None:
    from rules_core.games.dabong.matcher import MISS_REASONS
    from rules_core.games.dabong.patterns.common import top_power
    from rules_core.games.dabong.patterns.registry import ACE_AND_SHAMAN, SINGLE_OF_VALUE, TWOS_ADD_ON
    from rules_core.games.dabong.rules import RULES
    from rules_core.games.dabong.values import REAL_CARDS

    cited = (
        {p.rule_id for p in (*PATTERNS, TWOS_ADD_ON, SINGLE_OF_VALUE, ACE_AND_SHAMAN)}
        | {r.rule_id for r in MISS_REASONS}
        | {"dabong.eight", "dabong.shaman"}
    )
    cited |= {power for card in REAL_CARDS if (power := top_power(card)) is not None}
    assert not cited - {rule.id for rule in RULES}
    assert len(cited) >= 9
