"""Dobon options: one frozen dataclass, two named presets (Sum-only, Action cards).

Every setting the rule document lists as configurable is a field of its own;
the presets are built from the defaults with ``dataclasses.replace``. The deal
size is set by the preset and never changes during a match (the document
excludes "changing deal sizes after losses").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType

from ...kernel import option, rule_options

#: Drawing modes: draw one and the turn ends (Sum-only), draw one and the drawn card may be
#: played (Action cards), or keep drawing until the latest card fits.
DRAW_ONE_ENDS_TURN = "draw_one_ends_turn"
DRAW_ONE_MAY_PLAY = "draw_one_may_play"
DRAW_UNTIL_PLAYABLE = "draw_until_playable"

#: Eight behaviours: an ordinary card (Sum-only), wild with a chosen suit, wild keeping its printed suit.
EIGHT_ORDINARY = "ordinary"
EIGHT_CHOSEN_SUIT = "wild_chosen_suit"
EIGHT_PRINTED_SUIT = "wild_printed_suit"

#: Growth of the two's drawing obligation.
TWO_DOUBLES = "double"
TWO_ADDS_TWO = "add_two"


@rule_options
@dataclass(frozen=True, slots=True, kw_only=True)
class DobonOptions:
    hand_size: int = option(
        4,
        "Cards dealt to each seat (Sum-only 4, Action cards 5); fixed for the whole match.",
        rule="dobon.deal",
        choices=(4, 5),
    )
    returns: bool = option(
        True,
        "Returns: a claimant lays the whole hand, chooses its top card, and others may claim on it.",
        rule="dobon.claim.returns",
    )
    empty_hand_wins: bool = option(
        False,
        "Playing the last card as an ordinary discard wins (after the check); off: the final "
        "card can never be an ordinary discard.",
        rule="dobon.finish.empty_hand",
    )
    two_growth: str = option(
        TWO_DOUBLES,
        "Growth of the two's obligation: double (2, 4, 8, 16) or add_two (2, 4, 6, 8).",
        rule="dobon.two.growth",
        choices=(TWO_DOUBLES, TWO_ADDS_TWO),
    )
    penalty_ends_turn: bool = option(
        False,
        "Taking the two's cards ends the turn (Action cards); off: the seat then has an ordinary turn.",
        rule="dobon.two.take",
    )
    eight: str = option(
        EIGHT_ORDINARY,
        "Eight behaviour: ordinary card, wild with a chosen suit, or wild keeping its printed suit.",
        rule="dobon.eight",
        choices=(EIGHT_ORDINARY, EIGHT_CHOSEN_SUIT, EIGHT_PRINTED_SUIT),
    )
    ace_skips: bool = option(False, "An ace skips the next seat.", rule="dobon.ace")
    jack_reverses: bool = option(False, "A jack reverses the direction of play.", rule="dobon.jack")
    queen_bundles: bool = option(
        False,
        "Several queens may be played together; the first fits, the last laid is the top.",
        rule="dobon.queen.bundle",
    )
    drawing: str = option(
        DRAW_ONE_ENDS_TURN,
        "Drawing: draw one and end the turn, draw one and optionally play it, or draw until playable.",
        rule="dobon.draw",
        choices=(DRAW_ONE_ENDS_TURN, DRAW_ONE_MAY_PLAY, DRAW_UNTIL_PLAYABLE),
    )
    opening_effects: bool = option(
        True,
        "The opening card's special effect applies, as if played by the seat before seat 0.",
        rule="dobon.opening.effects",
    )
    match_rounds: int = option(1, "Rounds in the match (1, 3 or 5).", rule="dobon.match", choices=(1, 3, 5))


SUM_ONLY = DobonOptions()
ACTION_CARDS = replace(
    SUM_ONLY,
    hand_size=5,
    empty_hand_wins=True,
    two_growth=TWO_ADDS_TWO,
    penalty_ends_turn=True,
    eight=EIGHT_CHOSEN_SUIT,
    ace_skips=True,
    jack_reverses=True,
    queen_bundles=True,
    drawing=DRAW_ONE_MAY_PLAY,
    opening_effects=False,
)

PRESETS = MappingProxyType({"sum_only": SUM_ONLY, "action_cards": ACTION_CARDS})
DEFAULT_PRESET = "sum_only"
