"""dabong! rule options: the rule level and one switch per rule the groups vary.

Levels are cumulative (Beginner < Intermediate < Master): a rule introduced at a
level is on from that level up. Each later pattern (2s add-on, clone, straight ...)
becomes an option of its own when it is implemented; this module holds the level
and the table-wide options (deal, scoring, draw pile, trading, unwinding).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...kernel import option
from .matcher_api import MatchRules

LEVELS: tuple[str, ...] = ("beginner", "intermediate", "master")
DRAW_PILE_OUT: tuple[str, ...] = ("reshuffle", "take_what_is_left")
SCORING: tuple[str, ...] = ("single", "tennis", "points")


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

    def match_rules(self) -> MatchRules:
        """What the matcher needs to know of these options."""
        return MatchRules(level=self.level, eight_must_share_suit=self.eights_share_suit)

    def level_at_least(self, level: str) -> bool:
        """Whether rules of ``level`` are on (levels are cumulative)."""
        return LEVELS.index(self.level) >= LEVELS.index(level)


BEGINNER = DabongOptions()
INTERMEDIATE = replace(BEGINNER, level="intermediate")
MASTER = replace(BEGINNER, level="master")

PRESETS: dict[str, DabongOptions] = {
    "beginner": BEGINNER,
    "intermediate": INTERMEDIATE,
    "master": MASTER,
}
DEFAULT_PRESET = "beginner"
