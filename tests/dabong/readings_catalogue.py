"""Every kind of dabong! play that is several patterns at once, each with a table that shows it.

Found by reading the patterns two by two (which pairs can a card set satisfy together: the
shared suit, the ranks, the totals, the runs, the mirrored order) and held by the brute-force
sweep of ``test_readings_oracle.py``, which fails on any combination it meets that is not listed
here. An entry's ``readings`` says, per level, the labels a validate answers (a pattern, or for
a neutralization the rule and what it is made as), in order; a level left out refuses the play.

The overlaps with real cards only:

* addition + twenty-one (an Ace as 1 and as 11, on a Jack), subtraction + twenty-one (a King
  and an Ace on a 9), subtraction + straight (King, Ace, 2 wrapping round on a 7), addition +
  straight (Ace, 2, 3 on a 6), twenty-one + straight (6, 7, 8), straight + flush, flush +
  twenty-one, twenty-one + flush + straight (Ace to 6), straight + flush + eight straight (eight
  cards of one suit round the corner);
* clone + heaven, clone + hell (three 7s on a 7, three 6s on a 6), four of a kind + self mirror
  (the four Jacks: each half shares a Jack's two suits), four pair + self mirror;
* mirror + addition (+ twenty-one on a Jack), twenty-one, straight, flush, self mirror, eight
  straight, four pair: a
  mirror of a play that was that pattern often is that pattern again;
* facing pending 2s: a 2s add-on + clone (two 2s on a 2: the issue's example), + mirror;

and with Shamans (declared as cards already in play, which the rulings allow): clone + four of
a kind, clone + self mirror, add-on + four of a kind / self mirror, heaven + twenty-one, addition
+ flush / four of a kind / self mirror, subtraction + flush, twenty-one + full house + flush, clone
+ flush (five Jacks sharing Water), flush + four pair, flush + self mirror, mirror + clone / heaven
/ full house. A neutralization made as two patterns at once (a straight flush), and a river play,
carry both readings too. Beginner has none: an addition and a subtraction never share a sequence.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.dabong.tables import play, table

Label = tuple[str, ...]
LEVELS = ("beginner", "intermediate", "master")
#: Seat 1 holds cards no entry plays.
OTHER = ["5E", "6E", "9E"]


@dataclass(frozen=True)
class Overlap:
    name: str
    hand: list[str]
    #: The discard pile, bottom to top: the previous play ends it (``top_play`` cards).
    discard: list[str]
    cards: list[str]
    readings: dict[str, list[Label]]
    top_play: int = 1
    #: The suit in force on a top 8 or Jack.
    pile_suit: str | None = None
    #: 2s pending against the seat (the 2s on top of the pile).
    pending: int = 0
    declare: dict[str, str] = field(default_factory=dict)
    identities: dict[str, str] = field(default_factory=dict)
    #: The suit the play names (its top card an 8 or a Jack).
    suit: str | None = None
    river: str | None = None
    other: list[str] = field(default_factory=lambda: list(OTHER))

    def state(self, level: str) -> dict[str, Any]:
        """The table at ``level``: at Beginner 2s on top owe two whatever their number, and
        no river is dealt."""
        owed = 2 if level == "beginner" else 2 * self.pending
        penalty = {"cards": owed, "skip": True} if self.pending else None
        river = self.river if level != "beginner" else None
        return table(
            [self.hand, self.other],
            self.discard,
            preset=level,
            suit=self.pile_suit,
            penalty=penalty,
            top_play=self.top_play,
            identities=self.identities or None,
            river=river,
            options={"deal_river": True} if river is not None else None,
        )

    def action(self) -> dict[str, Any]:
        return play(0, *self.cards, suit=self.suit, declare=self.declare or None)


def _im(*labels: Label) -> dict[str, list[Label]]:
    """The same readings at Intermediate and Master."""
    return {"intermediate": list(labels), "master": list(labels)}


CATALOGUE: tuple[Overlap, ...] = (
    # -- facing pending 2s ---------------------------------------------------------------------
    Overlap(
        "two 2s on a pending 2: add-on and clone",
        ["2W", "2A", "7F"],
        ["9A", "2E"],
        ["2W", "2A"],
        _im(("twos_add_on",), ("clone",)),
        pending=1,
    ),
    Overlap(
        "four 2s on a pending 2: add-on, clone, four of a kind at Master",
        ["2F", "2W", "2A", "SH1", "7F"],
        ["9A", "2E"],
        ["2F", "2W", "2A", "SH1"],
        {
            "intermediate": [("twos_add_on",), ("clone",)],
            "master": [("twos_add_on",), ("clone",), ("four_of_a_kind",)],
        },
        pending=1,
        declare={"SH1": "2F"},
    ),
    Overlap(
        "two 2s mirroring two 2s: add-on, clone, mirror",
        ["2W", "2A", "7F"],
        ["9A", "2F", "2E"],
        ["2W", "2A"],
        _im(("twos_add_on",), ("clone",), ("mirror",)),
        top_play=2,
        pending=2,
    ),
    Overlap(
        "four 2s in two suited halves on a pending 2: add-on, clone, self mirror",
        ["2F", "SH1", "SH2", "2W", "7F"],
        ["9A", "2E"],
        ["2F", "SH1", "SH2", "2W"],
        {
            "intermediate": [("twos_add_on",), ("clone",), ("self_mirror",)],
            "master": [("twos_add_on",), ("clone",), ("four_of_a_kind",), ("self_mirror",)],
        },
        pending=1,
        declare={"SH1": "2F", "SH2": "2W"},
    ),
    # -- sums and runs ---------------------------------------------------------------------------
    Overlap(
        "10 and Ace on a Jack: addition and twenty-one",
        ["10W", "AW", "7F"],
        ["4A", "JW"],
        ["10W", "AW"],
        {"beginner": [("addition",)], **_im(("addition",), ("twenty_one",))},
        pile_suit="W",
    ),
    Overlap(
        "King and Ace on a 9: subtraction and twenty-one",
        ["KW", "AW", "7F"],
        ["4A", "9W"],
        ["KW", "AW"],
        {"beginner": [("subtraction",)], **_im(("subtraction",), ("twenty_one",))},
    ),
    Overlap(
        "King, Ace, 2 on a 7: subtraction and straight",
        ["KF", "AF", "2F", "9W"],
        ["4A", "7F"],
        ["KF", "AF", "2F"],
        {"beginner": [("subtraction",)], **_im(("subtraction",), ("straight",))},
    ),
    Overlap(
        "Ace, 2, 3 on a 6: addition and straight",
        ["AF", "2F", "3F", "9W"],
        ["4A", "6F"],
        ["AF", "2F", "3F"],
        {"beginner": [("addition",)], **_im(("addition",), ("straight",))},
    ),
    Overlap(
        "6, 7, 8 on a 6: twenty-one and straight",
        ["6F", "7F", "8F", "9W"],
        ["4A", "6W"],
        ["6F", "7F", "8F"],
        _im(("twenty_one",), ("straight",)),
        suit="W",
    ),
    Overlap(
        "a straight flush",
        ["3F", "4F", "5F", "6F", "7F", "9W"],
        ["4A", "3W"],
        ["3F", "4F", "5F", "6F", "7F"],
        _im(("flush",), ("straight",)),
    ),
    Overlap(
        "2, 3, 4, 5, 7 of one suit: twenty-one and flush",
        ["2F", "3F", "4F", "5F", "7F", "9W"],
        ["4A", "2W"],
        ["2F", "3F", "4F", "5F", "7F"],
        _im(("twenty_one",), ("flush",)),
    ),
    Overlap(
        "Ace to 6 of one suit: twenty-one, flush, straight",
        ["AF", "2F", "3F", "4F", "5F", "6F", "9W"],
        ["4A", "6W"],
        ["6F", "5F", "4F", "3F", "2F", "AF"],
        _im(("twenty_one",), ("flush",), ("straight",)),
        other=["5E", "7E", "9E"],
    ),
    Overlap(
        "eight of one suit round the corner: flush, straight, eight straight",
        ["9F", "10F", "JF", "QF", "KF", "AF", "2F", "3F", "4W"],
        ["4A", "9W"],
        ["9F", "10F", "JF", "QF", "KF", "AF", "2F", "3F"],
        _im(("flush",), ("straight",), ("eight_straight",)),
    ),
    # -- sets ------------------------------------------------------------------------------------
    Overlap(
        "three 7s on a 7: clone and heaven",
        ["7F", "7E", "7A", "9W"],
        ["4A", "7W"],
        ["7F", "7E", "7A"],
        _im(("clone",), ("heaven",)),
    ),
    Overlap(
        "three 6s on a 6: clone and hell",
        ["6F", "6E", "6A", "9W"],
        ["4A", "6W"],
        ["6F", "6E", "6A"],
        _im(("clone",), ("hell",)),
        other=["5E", "7E", "9E"],
    ),
    Overlap(
        "four 5s on a 5: clone, and four of a kind at Master",
        ["5F", "5W", "5E", "SH1", "9W"],
        ["4F", "5A"],
        ["5F", "5W", "5E", "SH1"],
        {"intermediate": [("clone",)], "master": [("clone",), ("four_of_a_kind",)]},
        declare={"SH1": "5F"},
        other=["6E", "7E", "9E"],
    ),
    Overlap(
        "the four Jacks: self mirror, and four of a kind at Master",
        ["JW", "JA", "JE", "JF", "9F"],
        ["4F", "5W"],
        ["JW", "JA", "JE", "JF"],
        {"intermediate": [("self_mirror",)], "master": [("four_of_a_kind",), ("self_mirror",)]},
        suit="E",
    ),
    Overlap(
        "four Jacks on a Jack: clone and self mirror (and four of a kind at Master)",
        ["JW", "JA", "JE", "SH1", "9F"],
        ["4F", "JF"],
        ["JW", "JA", "JE", "SH1"],
        {
            "intermediate": [("clone",), ("self_mirror",)],
            "master": [("clone",), ("four_of_a_kind",), ("self_mirror",)],
        },
        pile_suit="F",
        declare={"SH1": "JF"},
        suit="E",
    ),
    Overlap(
        "four pairs in mirrored halves: four pair and self mirror at Master",
        ["AF", "2F", "3F", "4F", "4W", "3W", "2W", "AW", "9E"],
        ["4A", "5F"],
        ["AF", "2F", "3F", "4F", "4W", "3W", "2W", "AW"],
        {"intermediate": [("self_mirror",)], "master": [("four_pair",), ("self_mirror",)]},
        other=["6E", "7E", "9A"],
    ),
    # -- mirrors ---------------------------------------------------------------------------------
    Overlap(
        "a mirror of an addition that adds up again: addition and mirror",
        ["KE", "3E", "9W"],
        ["4A", "3F", "KF"],
        ["KE", "3E"],
        {"beginner": [("addition",)], **_im(("addition",), ("mirror",))},
        top_play=2,
    ),
    Overlap(
        "a mirror of a twenty-one on a Jack: addition, twenty-one and mirror",
        ["JE", "AE", "9W"],
        ["4A", "6F", "AF", "JF"],
        ["JE", "AE"],
        {"beginner": [("addition",)], **_im(("addition",), ("twenty_one",), ("mirror",))},
        top_play=2,
        pile_suit="F",
    ),
    Overlap(
        "a mirror of a twenty-one: twenty-one and mirror",
        ["QA", "2A", "9A", "5F"],
        ["4W", "9F", "9E", "2E", "QE"],
        ["QA", "2A", "9A"],
        _im(("twenty_one",), ("mirror",)),
        top_play=3,
        other=["5E", "6E", "7E"],
    ),
    Overlap(
        "a mirror of a straight: straight and mirror",
        ["5E", "4E", "3E", "9W"],
        ["4F", "QA", "3A", "4A", "5A"],
        ["5E", "4E", "3E"],
        _im(("straight",), ("mirror",)),
        top_play=3,
        other=["6E", "7E", "9E"],
    ),
    Overlap(
        "a mirror of a flush: flush and mirror",
        ["JE", "4E", "QE", "3E", "10E", "9W"],
        ["4F", "10A", "3A", "QA", "4A", "JW"],
        ["JE", "4E", "QE", "3E", "10E"],
        _im(("flush",), ("mirror",)),
        top_play=5,
        pile_suit="A",
        other=["6E", "7E", "9E"],
    ),
    Overlap(
        "a mirror of a self mirror: self mirror and mirror",
        ["7E", "4E", "AE", "AA", "4A", "7A", "9F"],
        ["5F", "7F", "4F", "AF", "AW", "4W", "7W"],
        ["7E", "4E", "AE", "AA", "4A", "7A"],
        _im(("mirror",), ("self_mirror",)),
        top_play=6,
        other=["6E", "8E", "9E"],
    ),
    Overlap(
        "a mirror of an eight straight: eight straight and mirror",
        ["9F", "10A", "JW", "QE", "KA", "AE", "2W", "3F", "5E"],
        ["4F", "3W", "2F", "AA", "KE", "QA", "JF", "10E", "9W"],
        ["9F", "10A", "JW", "QE", "KA", "AE", "2W", "3F"],
        _im(("eight_straight",), ("mirror",)),
        top_play=8,
        other=["6E", "7E", "9E"],
    ),
    Overlap(
        "a mirror of a four pair: four pair and mirror at Master",
        ["4A", "4E", "3A", "3E", "2A", "2E", "AA", "AE", "9W"],
        ["5F", "AF", "AW", "2F", "2W", "3F", "3W", "4F", "4W"],
        ["4A", "4E", "3A", "3E", "2A", "2E", "AA", "AE"],
        {"intermediate": [("mirror",)], "master": [("four_pair",), ("mirror",)]},
        top_play=8,
        other=["6E", "7E", "9E"],
    ),
    # -- with Shamans ----------------------------------------------------------------------------
    Overlap(
        "a 7 and two Shamans as 7s of one suit on a 7: clone, twenty-one, heaven",
        ["7E", "SH1", "SH2", "9W"],
        ["4A", "7F"],
        ["7E", "SH1", "SH2"],
        _im(("clone",), ("twenty_one",), ("heaven",)),
        declare={"SH1": "7E", "SH2": "7E"},
    ),
    Overlap(
        "Aces of one suit and a 2 adding up to 6: addition and flush",
        ["AF", "SH1", "SH2", "SH3", "2F", "9W"],
        ["4A", "6F"],
        ["AF", "SH1", "SH2", "SH3", "2F"],
        {"beginner": [("addition",)], **_im(("addition",), ("flush",))},
        declare={"SH1": "AF", "SH2": "AF", "SH3": "AF"},
    ),
    Overlap(
        "four Aces of one suit on a 4: addition, self mirror (four of a kind at Master)",
        ["AF", "SH1", "SH2", "SH3", "9W"],
        ["5A", "4F"],
        ["AF", "SH1", "SH2", "SH3"],
        {
            "beginner": [("addition",)],
            "intermediate": [("addition",), ("self_mirror",)],
            "master": [("addition",), ("four_of_a_kind",), ("self_mirror",)],
        },
        declare={"SH1": "AF", "SH2": "AF", "SH3": "AF"},
    ),
    Overlap(
        "Ace, 2, 2, Ace of one suit on a 6: addition and self mirror",
        ["AF", "2F", "SH1", "SH2", "9W"],
        ["4A", "6F"],
        ["AF", "2F", "SH1", "SH2"],
        {"beginner": [("addition",)], **_im(("addition",), ("self_mirror",))},
        declare={"SH1": "2F", "SH2": "AF"},
    ),
    Overlap(
        "a King less four Aces of one suit on a 6: subtraction and flush",
        ["KF", "AF", "SH1", "SH2", "SH3", "9W"],
        ["4A", "6F"],
        ["KF", "AF", "SH1", "SH2", "SH3"],
        {"beginner": [("subtraction",)], **_im(("subtraction",), ("flush",))},
        declare={"SH1": "AF", "SH2": "AF", "SH3": "AF"},
    ),
    Overlap(
        "three 5s and two 3s of one suit: twenty-one, full house, flush",
        ["5F", "SH1", "SH2", "3F", "SH3", "9W"],
        ["4A", "5W"],
        ["5F", "SH1", "SH2", "3F", "SH3"],
        _im(("twenty_one",), ("full_house",), ("flush",)),
        declare={"SH1": "5F", "SH2": "5F", "SH3": "3F"},
    ),
    Overlap(
        "five Jacks sharing Water on a Jack: clone and flush (four of a kind at Master)",
        ["JW", "JA", "SH1", "SH2", "SH3", "9F"],
        ["4F", "JE"],
        ["JW", "JA", "SH1", "SH2", "SH3"],
        {
            "intermediate": [("clone",), ("flush",)],
            "master": [("clone",), ("flush",), ("four_of_a_kind",)],
        },
        pile_suit="E",
        declare={"SH1": "JW", "SH2": "JA", "SH3": "JW"},
        suit="W",
    ),
    Overlap(
        "four pairs sharing Water: flush, and four pair at Master",
        ["JW", "JA", "AW", "SH1", "2W", "SH2", "3W", "SH3", "9F"],
        ["4F", "5W"],
        ["JW", "JA", "AW", "SH1", "2W", "SH2", "3W", "SH3"],
        {"intermediate": [("flush",)], "master": [("flush",), ("four_pair",)]},
        declare={"SH1": "AW", "SH2": "2W", "SH3": "3W"},
    ),
    Overlap(
        "Jack, 5, 6 and back in Water: flush and self mirror",
        ["JW", "5W", "6W", "SH1", "SH2", "JA", "9F"],
        ["4F", "5A"],
        ["JW", "5W", "6W", "SH1", "SH2", "JA"],
        _im(("flush",), ("self_mirror",)),
        declare={"SH1": "6W", "SH2": "5W"},
        suit="W",
        other=["6E", "7E", "9E"],
    ),
    Overlap(
        "a mirror of a clone with a Shaman: clone and mirror",
        ["5W", "SH1", "9F"],
        ["4F", "5A", "5E", "5F"],
        ["5W", "SH1"],
        _im(("clone",), ("mirror",)),
        top_play=2,
        declare={"SH1": "5A"},
        other=["6E", "7E", "9E"],
    ),
    Overlap(
        "a mirror of a heaven with two Shamans: clone, heaven, mirror",
        ["7E", "SH1", "SH2", "9F"],
        ["4W", "7F", "7W", "7A"],
        ["7E", "SH1", "SH2"],
        _im(("clone",), ("heaven",), ("mirror",)),
        top_play=3,
        declare={"SH1": "7F", "SH2": "7W"},
    ),
    Overlap(
        "a mirror of a full house with two Shamans: full house and mirror",
        ["3W", "3F", "5E", "SH1", "SH2", "9F"],
        ["4W", "5F", "5A", "5W", "3E", "3A"],
        ["3W", "3F", "5E", "SH1", "SH2"],
        _im(("full_house",), ("mirror",)),
        top_play=5,
        declare={"SH1": "5W", "SH2": "5A"},
        other=["6E", "7E", "9E"],
    ),
    # -- neutralizations and the river -----------------------------------------------------------
    Overlap(
        "a straight flush neutralizing a 2: made as a flush and as a straight",
        ["2F", "3F", "4F", "5F", "6F", "9W"],
        ["4A", "2E"],
        ["2F", "3F", "4F", "5F", "6F"],
        {"master": [("twos_neutralization", "flush"), ("twos_neutralization", "straight")]},
        pending=1,
    ),
    Overlap(
        "a flush adding up to 21 neutralizing a 2: made as a twenty-one and as a flush",
        ["2F", "3F", "4F", "5F", "7F", "9W"],
        ["4A", "2E"],
        ["2F", "3F", "4F", "5F", "7F"],
        {"master": [("twos_neutralization", "twenty_one"), ("twos_neutralization", "flush")]},
        pending=1,
    ),
    Overlap(
        "6, 7, 8 neutralizing three 2s: made as a twenty-one and as a straight",
        ["6W", "7W", "8W", "9F"],
        ["4A", "2F", "2W", "2E"],
        ["6W", "7W", "8W"],
        {"master": [("twos_neutralization", "twenty_one"), ("twos_neutralization", "straight")]},
        top_play=3,
        pending=3,
        suit="W",
        other=["6E", "7E", "9E"],
    ),
    Overlap(
        "the river completing Ace, 2, 3 on a 6: addition and straight",
        ["AF", "2F"],
        ["4A", "6F"],
        ["AF", "2F", "3F"],
        _im(("addition",), ("straight",)),
        river="3F",
    ),
)
