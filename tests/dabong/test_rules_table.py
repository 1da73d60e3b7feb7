"""The rule table: the required ids exist, reasons cite real rules, options name real rules."""

from __future__ import annotations

from rules_core.games.dabong import GAME
from rules_core.games.dabong.patterns import PATTERNS
from rules_core.games.dabong.reasons import REASONS

REQUIRED = (
    "dabong.follow",
    "dabong.addition",
    "dabong.subtraction",
    "dabong.eight",
    "dabong.jack",
    "dabong.shaman",
    "dabong.two",
    "dabong.nine",
    "dabong.queen_of_water",
    "dabong.natural",
    "dabong.one_card",
    "dabong.unwind",
    "dabong.trade",
    "dabong.two_players",
    "dabong.opening",
    "dabong.draw",
    "dabong.draw_pile_out",
    "dabong.scoring.tennis",
    "dabong.scoring.points",
    "dabong.win",
    # the ids the matcher's patterns cite, and the engine's level flow
    "dabong.clone",
    "dabong.twenty_one",
    "dabong.straight",
    "dabong.full_house",
    "dabong.flush",
    "dabong.three_by_three",
    "dabong.eight_straight",
    "dabong.heaven",
    "dabong.hell",
    "dabong.mirror",
    "dabong.self_mirror",
    "dabong.four_of_a_kind",
    "dabong.four_pair",
    "dabong.twos_add_on",
    "dabong.twos_neutralization",
    "dabong.shaman_neutralization",
    "dabong.river",
    "dabong.fourth_card",
    "dabong.heaven_hell_answer",
    "dabong.gross_rule",
    "dabong.half_deck",
    "dabong.worst_hand",
    "dabong.once_a_year",
)


def test_required_rule_ids_exist() -> None:
    missing = [rule_id for rule_id in REQUIRED if rule_id not in GAME.rules]
    assert not missing


def test_every_reason_and_option_cites_a_rule() -> None:
    assert all(code.rule_id in GAME.rules for code in REASONS)
    assert all(code.rule_id in GAME.rules for code in GAME.reasons)  # the matcher's too
    assert all(spec.rule in GAME.rules for spec in GAME.option_specs())


def test_not_adjudicated_rules_say_why() -> None:
    listed = {r.id: r.not_adjudicated for r in GAME.rules if r.not_adjudicated}
    assert {"dabong.etiquette.time_limit", "dabong.etiquette.table_talk", "dabong.extras.second_deck"} <= set(
        listed
    )
    assert all(reason and len(reason) > 10 for reason in listed.values())


def test_presets_are_cumulative_levels() -> None:
    assert [GAME.presets[name].level for name in ("beginner", "intermediate", "master")] == [
        "beginner",
        "intermediate",
        "master",
    ]
    assert GAME.presets["master"].level_at_least("intermediate")
    assert not GAME.presets["beginner"].level_at_least("intermediate")


def test_every_level_rule_has_its_switch_and_level() -> None:
    from rules_core.games.dabong.options import SWITCH_LEVELS, SWITCHES

    for name, rule_id in SWITCHES.items():
        rule = GAME.rules[rule_id]
        assert rule.level == SWITCH_LEVELS[name] and name in rule.options
    assert all(p.rule_id in GAME.rules for p in PATTERNS)


def test_switches_gate_by_level_and_reach_the_matcher() -> None:
    from dataclasses import replace

    master = GAME.presets["master"]
    assert master.rule_on("four_pair") and not GAME.presets["intermediate"].rule_on("four_pair")
    assert not GAME.presets["beginner"].rule_on("clone")
    off = replace(master, clone=False, twos_add_on=False)
    assert not off.rule_on("clone") and {"clone", "twos_add_on"} <= off.match_rules().disabled
    assert not master.match_rules().disabled
