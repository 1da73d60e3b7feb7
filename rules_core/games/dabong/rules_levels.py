"""The Intermediate and Master rules of dabong!, in the project's own words.

Each rule names its level and the option that switches it (``options.SWITCHES``);
pattern rules are adjudicated by the matcher's units that cite the same id, the
flow rules (2s, 4th card, heaven/hell answer, river, claims) by the engine.
"""

from __future__ import annotations

from ...kernel import Rule

_INTERMEDIATE = "intermediate"
_MASTER = "master"


def _rule(
    rule_id: str, title: str, statement: str, level: str, *more: str, ruling: str | None = None
) -> Rule:
    switch = rule_id.removeprefix("dabong.")
    return Rule(
        id=rule_id,
        title=title,
        statement=statement,
        level=level,
        options=(switch, *more),
        ruling=ruling,
    )


LEVEL_RULES: tuple[Rule, ...] = (
    _rule(
        "dabong.twos_add_on",
        "2s add-on",
        "A seat facing pending 2s may lay more 2s (Shamans declared as 2s count) instead of "
        "picking up: each 2 adds two cards for the next seat. A play that ends with several 2s "
        "counts each of them, so one seat can add on by itself. At Beginner the seat must pick up.",
        _INTERMEDIATE,
        ruling="R-DABONG-16",
    ),
    _rule(
        "dabong.clone",
        "Clone",
        "Any number of cards of the top card's rank, laid together on it.",
        _INTERMEDIATE,
    ),
    _rule(
        "dabong.twenty_one",
        "Twenty-one",
        "Same-suited cards whose in-play values total 21, an Ace counting 1 or 11; the first "
        "card laid follows the top card.",
        _INTERMEDIATE,
    ),
    _rule(
        "dabong.straight",
        "Straight",
        "Three or more same-suited cards of consecutive ranks, laid strictly up or down, Aces "
        "high or low and wrapping round; the first card laid follows the top card.",
        _INTERMEDIATE,
    ),
    _rule(
        "dabong.full_house",
        "Full house",
        "Five cards: three of one rank and two of another; the first card laid follows the top card.",
        _INTERMEDIATE,
    ),
    _rule(
        "dabong.flush",
        "Flush",
        "Five or more cards of one suit; the first card laid follows the top card (an 8 laid "
        "first follows anything but must share the flush's suit).",
        _INTERMEDIATE,
    ),
    _rule(
        "dabong.fourth_card",
        "4th card",
        "A play that makes the run of cards of one rank on top of the pile four or more long "
        "(whoever laid the earlier ones) earns its player one optional extra play at once; the "
        "player declines it by passing or by drawing one card.",
        _INTERMEDIATE,
        ruling="R-DABONG-17",
    ),
    _rule(
        "dabong.three_by_three",
        "Three by three",
        "Three or more sets of three cards of a rank; the first card laid follows the top card.",
        _INTERMEDIATE,
    ),
    _rule(
        "dabong.eight_straight",
        "Eight straight",
        "Eight or more cards of any suits with consecutive ranks, laid strictly up or down, Aces "
        "high or low and wrapping round; the first card laid follows the top card.",
        _INTERMEDIATE,
    ),
    _rule(
        "dabong.heaven",
        "Heaven",
        "Three 7s laid as one play; the first card laid follows the top card.",
        _INTERMEDIATE,
    ),
    _rule(
        "dabong.hell",
        "Hell",
        "Three 6s laid as one play; the first card laid follows the top card.",
        _INTERMEDIATE,
    ),
    _rule(
        "dabong.heaven_hell_answer",
        "Heaven and hell answer",
        "Right after a heaven or a hell, any seat (the one that laid it too) may lay the opposite "
        "play out of turn, itself a legal hell or heaven on the new top; play then goes on from the "
        "answering seat. The chance lasts until the next action at the table.",
        _INTERMEDIATE,
        ruling="R-DABONG-18",
    ),
    _rule(
        "dabong.mirror",
        "Mirror",
        "The ranks of the play that put the top card down, laid in reverse order, keeping its "
        "pattern of shared and differing suits (the suits themselves are free).",
        _INTERMEDIATE,
    ),
    _rule(
        "dabong.self_mirror",
        "Self mirror",
        "An even number of cards, four or more, whose second half repeats the first half's ranks "
        "in reverse, each half of one suit; the first card laid follows the top card.",
        _INTERMEDIATE,
    ),
    Rule(
        id="dabong.readings",
        title="A play of several patterns",
        statement="A play may be several patterns at once (King and Ace of Water on a 9: a "
        "subtraction and a twenty-one; two 2s on pending 2s: an add-on and a clone). It is legal as "
        "each, and it does the same whichever it is read as: what a play does comes from its cards "
        "(the top card's power, the 2s on top), never from its pattern. Every reading is reported, "
        "the first (in pattern order; facing 2s the add-on) cited by the verdict.",
        level=_INTERMEDIATE,
        ruling="R-DABONG-27",
    ),
    _rule(
        "dabong.river",
        "The river",
        "At the deal the dealer may turn one card face up as a community card. Any seat may use "
        "it as a card of a play that empties its hand (on its turn or as a heaven/hell answer), "
        "never in any other play; using it is optional. It never counts in a natural dabong!.",
        _INTERMEDIATE,
        "deal_river",
        ruling="R-DABONG-19",
    ),
    _rule(
        "dabong.gross_rule",
        "Gross rule",
        "On its own turn a seat whose hand totals exactly 144 in-hand values lays all its cards "
        "and wins; Shamans count as the values their holder gives them (1..10 each).",
        _INTERMEDIATE,
        ruling="R-DABONG-20",
    ),
    _rule(
        "dabong.half_deck",
        "Half deck",
        "On its own turn a seat holding 26 or more cards lays them all and wins.",
        _INTERMEDIATE,
        ruling="R-DABONG-20",
    ),
    _rule(
        "dabong.worst_hand",
        "Worst hand",
        "A seat still holding its hand as dealt, before its first action and not while facing a "
        "2 or the Queen of Water, wins when the hand has no 2, 8, 9, Jack, Queen of Water or "
        "Shaman, at least four cards of pile value 10 or more (10, Q, K, A), all four suits, and "
        "nothing better than one pair (no two pair, three of a kind, five-card straight or flush).",
        _INTERMEDIATE,
        ruling="R-DABONG-21",
    ),
    _rule(
        "dabong.once_a_year",
        "Once a year",
        "Once per calendar year each seat may proclaim dabong! and win, whatever it holds and "
        "whoever is on turn. The caller supplies the year and each seat's ledger of years used.",
        _INTERMEDIATE,
        "calendar_year",
        ruling="R-DABONG-22",
    ),
    _rule(
        "dabong.twos_neutralization",
        "2s neutralization",
        "A seat facing pending 2s may cancel them with any legal play that begins with a 2 and "
        "holds another card, or that begins with a card whose in-play value equals the cards "
        "pending (never beyond 10). A single 2, or a play of 2s only, is an add-on instead. After "
        "it a 2 on top starts a new obligation. Facing six or more 2s the seat must pick up.",
        _MASTER,
        ruling="R-DABONG-16",
    ),
    _rule(
        "dabong.shaman_neutralization",
        "Shaman-assisted neutralization",
        "A single pending 2 may be cancelled by an addition of an Ace and a Shaman.",
        _MASTER,
    ),
    _rule(
        "dabong.four_of_a_kind",
        "Four of a kind",
        "Four or more cards of one rank as one play; the first card laid follows the top card. "
        "It earns the 4th card extra play through the run of ranks on top.",
        _MASTER,
    ),
    _rule(
        "dabong.four_pair",
        "Four pair",
        "Four or more pairs (two cards of a rank each) as one play; the first card laid follows "
        "the top card.",
        _MASTER,
    ),
    Rule(
        id="dabong.twos_neutralization.maryland",
        title="Maryland",
        statement="The rulebook's note that neutralizations are not allowed in one US state.",
        level=_MASTER,
        not_adjudicated="a joke about a place, not a rule the table can apply",
    ),
)
