"""Options of 99, defaults from the rule document and the settled rulings.

Each field names the rule it changes; the contested points (who plays first,
Death Card blowback with two players) are options whose default is the ruling.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ...kernel import option, rule_options


@rule_options
@dataclass(frozen=True, slots=True, kw_only=True)
class NinetyNineOptions:
    first_seat: int = option(
        0,
        "Seat that plays first (ruling R-99-02: seat 0); must be below the number of seats.",
        rule="99.first_seat",
        lo=0,
        hi=7,
    )
    two_player_blowback: bool = option(
        False,
        "In a game that started with two players, a shielded Death Card knocks the attacker out. "
        "The document says it does not (no blowback, the attacker plays again).",
        rule="99.death_card.two_players",
    )
    shrunk_game_blowback: bool = option(
        True,
        "In a game that started with three or more players and is down to two, a shielded Death Card "
        "still knocks the attacker out (ruling R-99-06).",
        rule="99.death_card.blowback",
    )
    clubs_slide: bool = option(
        True,
        "At the end of the hand the Ace of Clubs steals the hit and the hit slides down the clubs; "
        "off: the winner always keeps the one hit.",
        rule="99.clubs.steal",
    )


#: The document's game.
STANDARD = NinetyNineOptions()
#: Groups that play Death Card blowback whatever the table size.
ALWAYS_BLOWBACK = dataclasses.replace(STANDARD, two_player_blowback=True)
#: Count only: the winner keeps the hit, no clubs slide.
NO_CLUBS = dataclasses.replace(STANDARD, clubs_slide=False)

PRESETS: dict[str, NinetyNineOptions] = {
    "standard": STANDARD,
    "always_blowback": ALWAYS_BLOWBACK,
    "no_clubs": NO_CLUBS,
}
DEFAULT_PRESET = "standard"
