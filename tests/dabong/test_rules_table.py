"""The rule table: the required ids exist, reasons cite real rules, options name real rules."""

from __future__ import annotations

from rules_core.games.dabong import GAME
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
