"""dabong! rule options: the rule level and one switch per rule the groups vary.

Levels are cumulative (Beginner < Intermediate < Master): a rule introduced at a
level is on from that level up. Every Intermediate and Master rule also has a boolean
switch of its own (R-DABONG-15): a rule is on when its level is reached *and* its switch
is on. Switches default to on, so the level alone decides unless a group throws a rule
out; any mix of rules is the ``master`` level with the unwanted ones switched off.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from ...kernel import option, rule_options
from .matcher_api import MatchRules

LEVELS: tuple[str, ...] = ("beginner", "intermediate", "master")
DRAW_PILE_OUT: tuple[str, ...] = ("reshuffle", "take_what_is_left")
SCORING: tuple[str, ...] = ("single", "tennis", "points")


#: Switch field -> rule id, and -> the level the rule belongs to (filled by ``_switch``).
SWITCHES: dict[str, str] = {}
SWITCH_LEVELS: dict[str, str] = {}
_LEVEL_WORDS = {"intermediate": "Intermediate and Master", "master": "Master"}


def _switch(rule_id: str, title: str, level: str) -> Any:
    """A boolean switch for one rule: it is on when its level is reached and this is true."""
    name = rule_id.removeprefix("dabong.")
    SWITCHES[name] = rule_id
    SWITCH_LEVELS[name] = level
    return option(
        True,
        f"{title} ({rule_id}): a {_LEVEL_WORDS[level]} rule, in force from that level up "
        "while this is true; false throws it out.",
        rule=rule_id,
    )


@rule_options
@dataclass(frozen=True, slots=True, kw_only=True)
class DabongOptions:
    level: str = option(
        "beginner",
        "Rule level; levels are cumulative (dabong.level).",
        rule="dabong.level",
        choices=LEVELS,
    )
    hand_size: int = option(
        8,
        "Cards dealt to each seat (the rulebook deals 8).",
        rule="dabong.deal",
        lo=1,
        hi=10,
    )
    draw_pile_out: str = option(
        "reshuffle",
        "When the draw pile runs out: keep the top discard and reshuffle the rest into a new "
        "draw pile, or only take what is left (R-DABONG-07).",
        rule="dabong.draw_pile_out",
        choices=DRAW_PILE_OUT,
    )
    trading: bool = option(
        True,
        "Card trading between two seats by agreement (each side receives at least one card).",
        rule="dabong.trade",
    )
    unwinding: bool = option(
        True,
        "A seat may take back its play until anything else happens at the table.",
        rule="dabong.unwind",
    )
    one_card_rule: bool = option(
        True,
        "A seat down to one card announces it; asked first, it draws one card.",
        rule="dabong.one_card",
    )
    scoring: str = option(
        "single",
        "single: one game decides; tennis: games and sets; points: points left in hand, "
        "lowest total wins once a seat reaches the target.",
        rule="dabong.scoring",
        choices=SCORING,
    )
    games_per_set: int = option(
        4,
        "Tennis scoring: games that win a set.",
        rule="dabong.scoring.tennis",
        lo=1,
        hi=20,
    )
    sets_to_win: int = option(
        1,
        "Tennis scoring: sets that win the match.",
        rule="dabong.scoring.tennis",
        lo=1,
        hi=20,
    )
    shaman_points: int = option(
        20,
        "Points scoring: what a Shaman left in hand is worth.",
        rule="dabong.scoring.points",
        choices=(20, 30, 50),
        lo=20,
        hi=50,
    )
    points_target: int = option(
        300,
        "Points scoring: the match ends when a seat reaches this total.",
        rule="dabong.scoring.points",
        lo=1,
        hi=100_000,
    )

    eights_share_suit: bool = option(
        True,
        "An 8 inside a multi-card play must share the suit of the other cards (the rulebook's "
        "sentence); off: it counts as any suit there, as groups that clone 8s play it.",
        rule="dabong.eight",
    )

    calendar_year: int = option(
        0,
        "Once a year: the current calendar year, supplied by the caller (the service keeps no "
        "clock); 0 means not given, and a once-a-year claim is then refused.",
        rule="dabong.once_a_year",
        lo=0,
        hi=9999,
    )
    deal_river: bool = option(
        False,
        "The river (dealer's choice at the deal): deal one card face up as a community card. "
        "Only dealt when the river rule is on (Intermediate and up).",
        rule="dabong.river",
    )

    # -- one switch per Intermediate / Master rule (on = the level decides) ----------------
    twos_add_on: bool = _switch("dabong.twos_add_on", "2s add-on", "intermediate")
    clone: bool = _switch("dabong.clone", "Clone", "intermediate")
    twenty_one: bool = _switch("dabong.twenty_one", "Twenty-one", "intermediate")
    straight: bool = _switch("dabong.straight", "Straight", "intermediate")
    full_house: bool = _switch("dabong.full_house", "Full house", "intermediate")
    flush: bool = _switch("dabong.flush", "Flush", "intermediate")
    fourth_card: bool = _switch("dabong.fourth_card", "4th card extra play", "intermediate")
    three_by_three: bool = _switch("dabong.three_by_three", "Three by three", "intermediate")
    eight_straight: bool = _switch("dabong.eight_straight", "Eight straight", "intermediate")
    heaven: bool = _switch("dabong.heaven", "Heaven (three 7s)", "intermediate")
    hell: bool = _switch("dabong.hell", "Hell (three 6s)", "intermediate")
    heaven_hell_answer: bool = _switch(
        "dabong.heaven_hell_answer", "Heaven and hell answer out of turn", "intermediate"
    )
    mirror: bool = _switch("dabong.mirror", "Mirror", "intermediate")
    self_mirror: bool = _switch("dabong.self_mirror", "Self mirror", "intermediate")
    river: bool = _switch("dabong.river", "The river (dealt only when deal_river is set)", "intermediate")
    gross_rule: bool = _switch("dabong.gross_rule", "Gross rule (144 in hand)", "intermediate")
    half_deck: bool = _switch("dabong.half_deck", "Half deck (26 cards or more)", "intermediate")
    worst_hand: bool = _switch("dabong.worst_hand", "Worst hand", "intermediate")
    once_a_year: bool = _switch("dabong.once_a_year", "Once a year", "intermediate")
    twos_neutralization: bool = _switch("dabong.twos_neutralization", "2s neutralization", "master")
    shaman_neutralization: bool = _switch(
        "dabong.shaman_neutralization", "Shaman-assisted neutralization of a single 2", "master"
    )
    four_of_a_kind: bool = _switch("dabong.four_of_a_kind", "Four of a kind", "master")
    four_pair: bool = _switch("dabong.four_pair", "Four pair", "master")

    def match_rules(self) -> MatchRules:
        """What the matcher needs: the level, the patterns switched off, the 8s ruling.

        Pattern units are switched off by the rule id they cite, so a switch covers every
        unit of its rule whatever the unit is called; the matcher's modes (2s, river) are
        switched off by name, which the switches share.
        """
        return _match_rules(self)

    def level_at_least(self, level: str) -> bool:
        """Whether rules of ``level`` are on (levels are cumulative)."""
        return LEVELS.index(self.level) >= LEVELS.index(level)

    def rule_on(self, name: str) -> bool:
        """Whether the switchable rule ``name`` (a field above) is in force: level and switch."""
        return self.level_at_least(SWITCH_LEVELS[name]) and bool(getattr(self, name))


BEGINNER = DabongOptions()
INTERMEDIATE = replace(BEGINNER, level="intermediate")
MASTER = replace(BEGINNER, level="master")

PRESETS: dict[str, DabongOptions] = {
    "beginner": BEGINNER,
    "intermediate": INTERMEDIATE,
    "master": MASTER,
}
DEFAULT_PRESET = "beginner"


@lru_cache(maxsize=64)
def _match_rules(options: DabongOptions) -> MatchRules:
    """``DabongOptions.match_rules``: asked on every check and listing, for a few option sets
    (a pure function of the frozen options; hashing them costs a sixth of building this)."""
    from .patterns import PATTERNS

    names = {name for name in SWITCHES if not getattr(options, name)}
    off = {SWITCHES[name] for name in names}
    return MatchRules(
        level=options.level,
        disabled=frozenset({p.id for p in PATTERNS if p.rule_id in off} | names),
        eight_must_share_suit=options.eights_share_suit,
    )
