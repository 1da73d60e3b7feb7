"""The worked examples of dabong! as requests, keyed by rule id, and the rulebook's coverage list.

Each example rigs a deal: the hands (dealt round-robin from seat 0, on the left of the
first dealer, the last seat; ``hand_size`` is the hands' length), the river when there is
one, then the opening card (the top of the pile), then ``draw`` on top of the draw pile.
Setup actions are played through the engine, then one more action is asked about with
the verdict it must get. Most are the rulebook's own worked examples with its cards.
``COVERAGE`` maps every part of the rulebook (``seeds/000_...``) to rule ids, per level.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...kernel import DABONG_55, RuleExample
from ...reference.coverage import DocumentSection
from ...reference.rigging import deck_order

SEED = 55
BEGINNER, INTERMEDIATE, MASTER = "beginner", "intermediate", "master"
Act = dict[str, Any]


def play(seat: int, *cards: str, suit: str | None = None, declare: dict[str, str] | None = None) -> Act:
    action: Act = {"type": "play", "seat": seat, "cards": list(cards)}
    if suit is not None:
        action["suit"] = suit
    if declare:
        action["declare"] = declare
    return action


def act(kind: str, seat: int, **fields: Any) -> Act:
    return {"type": kind, "seat": seat, **fields}


def _ex(
    title: str,
    hands: Sequence[Sequence[str]],
    top: str,
    action: Act,
    *,
    legal: bool,
    code: str | None,
    setup: Sequence[Act] = (),
    draw: Sequence[str] = (),
    river: str | None = None,
    level: str = BEGINNER,
    note: str = "",
    **options: Any,
) -> RuleExample:
    turned = [river, top] if river is not None else [top]
    deal = {
        "seats": len(hands),
        "preset": level,
        "seed": SEED,
        "options": {"hand_size": len(hands[0]), **options},
        "deck_order": deck_order(DABONG_55, hands, turned=turned, draw=draw),
    }
    return RuleExample(
        title=title, deal=deal, setup=tuple(setup), action=action, legal=legal, code=code, note=note
    )


#: Two seats, a plain hand each.
P0 = ["7F", "2F", "AF", "3E", "KA", "3A", "4A", "9F"]
P1 = ["5W", "6W", "4W", "10E", "QE", "6E", "7E", "KE"]
Q1 = ["5W", "6W", "7W", "3W"]


def _draws(seats: int, rounds: int, skip: int | None = None) -> list[Act]:
    """``rounds`` times round the table every seat draws one card (``skip``: not that seat)."""
    return [act("draw", s) for _ in range(rounds) for s in range(seats) if s != skip]


_TENS = ["10F", "10W", "10E", "10A", "JF", "JE", "QF", "QE", "QA", "KF"]
_FILL = ["3W", "4W", "5W", "6W", "7W", "3E", "4E", "5E", "6E", "7E"]


def _crowded_table() -> list[list[str]]:
    """Five seats of ten cards leave a draw pile of four; seat 0 holds 5A for the opening 4A."""
    from ...kernel import format_card

    rest = [format_card(c) for c in DABONG_55.cards if format_card(c) not in ("4A", "5A")]
    hands = [["5A", *rest[:9]]] + [rest[9 + 10 * k : 19 + 10 * k] for k in range(4)]
    return hands


_GROSS_DRAWS = ["KW", "6F", "KE", "7F", "KA", "6A", "JW", "7A", "4F", "5A"]
_HALF_HAND = ["3F", "4F", "5F", "6F", "7F", "10F", "JF", "QF", "KF", "AF"]

#: Seat 0 lays a 2 on 4E; seat 1 holds 2W and an Air straight.
TWOS = [["2E", "4F", "KE", "9F"], ["2W", "2A", "3A", "4A"]]
FIVE = ["5W", "6W", "7W", "3W", "4W"]
FOURTH = [["3F", "3A", "7F", "7W", "7A", "9F"], ["7E", "10E", "4W", "5W", "6W", "3W"]]
HEAVEN3 = [["7F", "7W", "7A", "3E"], ["4W", "5W", "9W", "3W"], ["6A", "6E", "6W", "4E"]]

EXAMPLES: dict[str, tuple[RuleExample, ...]] = {
    "dabong.level": (
        _ex(
            "Beginner knows no clone",
            [["3E", "3F", "KE", "4W"], ["5W", "6W", "7W", "10W"]],
            "3A",
            play(0, "3E", "3F"),
            legal=False,
            code="play_illegal",
            note="Two threes on a three is a clone, an Intermediate play.",
        ),
    ),
    "dabong.deck": (
        _ex("A seat beyond the table", [P0, P1], "10W", play(4, "7F"), legal=False, code="no_such_seat"),
    ),
    "dabong.deal": (
        _ex(
            "Only the dealt cards are in hand",
            [P0, P1],
            "10W",
            play(0, "5W"),
            legal=False,
            code="card_not_in_hand",
            note="5W was dealt to seat 1.",
        ),
    ),
    "dabong.opening": (
        _ex(
            "An opening 8: the dealer names the suit",
            [["3E", "4E", "5E", "6E"], ["3W", "4W", "5W", "6W"]],
            "8E",
            act("declare_opening", 1, suit="A"),
            legal=True,
            code="opening_settled",
            note="The dealer (seat 1, the last seat) settles the opening card before anyone plays.",
        ),
        _ex(
            "An opening 9: the dealer goes first, play goes right",
            [["3E", "4E", "5E", "6E"], ["3W", "4W", "5W", "6W"]],
            "9E",
            act("draw", 1),
            legal=True,
            code="drew",
        ),
    ),
    "dabong.turn": (
        _ex(
            "Seat 0, left of the dealer, plays first",
            [P0, P1],
            "10W",
            play(1, "5W"),
            legal=False,
            code="not_your_turn",
        ),
    ),
    "dabong.follow": (
        _ex(
            "One card of the top card's number",
            [["4W", "3E", "KE", "9F"], Q1],
            "4A",
            play(0, "4W"),
            legal=True,
            code="play_legal",
        ),
        _ex(
            "Neither suit nor number",
            [["4W", "3E", "KE", "9F"], Q1],
            "10W",
            play(0, "3E"),
            legal=False,
            code="play_illegal",
        ),
    ),
    "dabong.values": (
        _ex(
            "A Queen on top is worth 12: 10 + 2 adds up to it",
            [["10A", "2A", "5E", "9F"], Q1],
            "QF",
            play(0, "10A", "2A"),
            legal=True,
            code="play_legal",
        ),
        _ex(
            "A King does not follow a 10",
            [["KW", "3E", "5E", "9F"], Q1],
            "10E",
            play(0, "KW"),
            legal=False,
            code="play_illegal",
            note="Face cards count 10 in hand, but a King is not a 10.",
        ),
    ),
    "dabong.addition": (
        _ex(
            "7F, 2F, AF on 10W in any order",
            [P0, P1],
            "10W",
            play(0, "2F", "AF", "7F"),
            legal=True,
            code="play_legal",
        ),
        _ex(
            "An addition needs one suit",
            [["7F", "2W", "AF", "3E"], Q1],
            "10A",
            play(0, "7F", "2W", "AF"),
            legal=False,
            code="addition_suits_differ",
        ),
    ),
    "dabong.subtraction": (
        _ex(
            "KA - 3A - 4A on a three, the King first",
            [P0, P1],
            "3W",
            play(0, "KA", "4A", "3A"),
            legal=True,
            code="play_legal",
        ),
        _ex(
            "A subtraction lays the biggest card first",
            [P0, P1],
            "3W",
            play(0, "3A", "KA", "4A"),
            legal=False,
            code="play_illegal",
        ),
    ),
    "dabong.two": (
        _ex(
            "A 2 makes the next seat draw two, then skips it",
            [["2E", "3E", "KE", "9F"], Q1],
            "4E",
            play(0, "2E"),
            legal=True,
            code="play_legal",
            note="Effect PenaltyImposed (two cards, skipped).",
        ),
        _ex(
            "Facing a 2: pick up first",
            [["2E", "3E", "KE", "9F"], Q1],
            "4E",
            play(1, "6E"),
            setup=[play(0, "2E")],
            legal=False,
            code="penalty_pending",
        ),
        _ex(
            "Picking up the two cards",
            [["2E", "3E", "KE", "9F"], Q1],
            "4E",
            act("pick_up", 1),
            setup=[play(0, "2E")],
            legal=True,
            code="picked_up",
        ),
    ),
    "dabong.eight": (
        _ex(
            "8s Example 1: 8F on 4A, the suit becomes Water",
            [["8F", "3E", "KE", "9F"], Q1],
            "4A",
            play(0, "8F", suit="W"),
            legal=True,
            code="play_legal",
        ),
        _ex(
            "8s Example 2: 5W and 8W add up to the King and choose Fire",
            [["5W", "8W", "8F", "3A"], ["2E", "3F", "4F", "6F"]],
            "KE",
            play(0, "5W", "8W", suit="F"),
            legal=True,
            code="play_legal",
        ),
        _ex(
            "8s Example 2: 5W and 8F differ in suit",
            [["5W", "8W", "8F", "3A"], ["2E", "3F", "4F", "6F"]],
            "KE",
            play(0, "5W", "8F", suit="F"),
            legal=False,
            code="play_illegal",
        ),
    ),
    "dabong.nine": (
        _ex(
            "A 9 reverses the direction",
            [["9A", "3E", "KE", "5F"], Q1],
            "4A",
            play(0, "9A"),
            legal=True,
            code="play_legal",
            note="Effect DirectionReversed.",
        ),
    ),
    "dabong.jack": (
        _ex(
            "Jack Example 1: JW on 4A as Air, skipping the next seat",
            [["JW", "3E", "KE", "5F"], ["5W", "6W", "7W", "3W"], ["6F", "7F", "4F", "3F"]],
            "4A",
            play(0, "JW", suit="A"),
            legal=True,
            code="play_legal",
        ),
        _ex(
            "A Jack declares one of its own two suits",
            [["JW", "3E", "KE", "5F"], Q1],
            "4A",
            play(0, "JW", suit="F"),
            legal=False,
            code="suit_not_allowed",
        ),
        _ex(
            "A Jack on top needs its suit",
            [["JW", "3E", "KE", "5F"], Q1],
            "4A",
            play(0, "JW"),
            legal=False,
            code="suit_required",
        ),
    ),
    "dabong.queen_of_water": (
        _ex(
            "The Queen of Water: draw two, no defence, no skip",
            [["QW", "3E", "KE", "5F"], Q1],
            "QA",
            play(0, "QW"),
            legal=True,
            code="play_legal",
        ),
        _ex(
            "No defence against the Queen of Water",
            [["QW", "3E", "KE", "5F"], ["2W", "5W", "6W", "7W"]],
            "QA",
            play(1, "2W"),
            setup=[play(0, "QW")],
            legal=False,
            code="penalty_pending",
        ),
    ),
    "dabong.shaman": (
        _ex(
            "Shaman Example 1: a Shaman declared as 5W on 5F",
            [["SH1", "3E", "KE", "9F"], Q1],
            "5F",
            play(0, "SH1", declare={"SH1": "5W"}),
            legal=True,
            code="play_legal",
        ),
        _ex(
            "A Shaman must be declared as a real card",
            [["SH1", "3E", "KE", "9F"], Q1],
            "5F",
            play(0, "SH1", declare={"SH1": "SH2"}),
            legal=False,
            code="declare_not_real",
        ),
    ),
    "dabong.power_top_only": (
        _ex(
            "Jack Example 2: AF, JE, 2F on KF; only the 2 on top has its power",
            [["AF", "JE", "2F", "5A"], ["3W", "4W", "6W", "7W"], ["6E", "7E", "3E", "4E"]],
            "KF",
            play(0, "AF", "JE", "2F"),
            legal=True,
            code="play_legal",
            note="The buried Jack skips nobody; the 2 makes seat 1 draw two and be skipped.",
        ),
    ),
    "dabong.draw": (
        _ex("Drawing instead of playing", [P0, P1], "10W", act("draw", 0), legal=True, code="drew"),
    ),
    "dabong.draw_pile_out": (
        _ex(
            "The draw pile runs out: the discards under the top are reshuffled",
            _crowded_table(),
            "4A",
            act("draw", 0),
            setup=[play(0, "5A"), *(act("draw", s) for s in range(1, 5))],
            legal=True,
            code="drew",
            note="Five seats of ten leave four cards to draw; the fifth draw reshuffles 4A from under 5A.",
        ),
    ),
    "dabong.win": (
        _ex("Playing the last card wins", [["4W"], ["5E"]], "4A", play(0, "4W"), legal=True, code="went_out"),
    ),
    "dabong.natural": (
        _ex(
            "J (10 in hand) + 3 = 13 on a King",
            [["JE", "3A"], ["5W", "6W"]],
            "KW",
            act("claim_natural", 0),
            legal=True,
            code="natural_dabong",
            note="The dealer (seat 1) turned the King up, so seat 0 may claim.",
        ),
        _ex(
            "Never on a card one put on top oneself",
            [["5W", "4E"], ["6E", "7E"]],
            "KW",
            act("claim_natural", 1),
            legal=False,
            code="natural_own_card",
            note="The dealer counts as the opening card's player.",
        ),
        _ex(
            "Shaman Example 2: a Shaman and a 4 on any card of 5 or more",
            [["SH1", "4F"], ["3W", "6W"]],
            "9E",
            act("claim_natural", 0, value=5),
            legal=True,
            code="natural_dabong",
        ),
    ),
    "dabong.one_card": (
        _ex(
            "Saying one card",
            [["4W", "5W"], ["5E", "6E"]],
            "4A",
            act("announce_one_card", 0),
            legal=False,
            code="not_one_card",
        ),
        _ex(
            "Saying one card with one card left",
            [["4W"], ["5E"]],
            "4A",
            act("announce_one_card", 0),
            legal=True,
            code="one_card_announced",
        ),
    ),
    "dabong.unwind": (
        _ex(
            "Taking a play back",
            [["4W", "3E", "KE", "5F"], Q1],
            "4A",
            act("take_back", 0),
            setup=[play(0, "4W")],
            legal=True,
            code="took_back",
        ),
    ),
    "dabong.trade": (
        _ex(
            "Trading by agreement",
            [P0, P1],
            "10W",
            act("trade", 0, cards=["3E", "5W"], partner=1),
            legal=True,
            code="traded",
        ),
    ),
    "dabong.two_players": (
        _ex(
            "2-player example: JE as Fire, then 9F by the same seat",
            [["JE", "9F", "9W", "2W", "5A"], ["3E", "4E", "6A", "KA", "QA"]],
            "7F",
            play(0, "9F"),
            setup=[play(0, "JE", suit="F")],
            legal=True,
            code="play_legal",
            note="The Jack's skip brings the turn straight back.",
        ),
    ),
    "dabong.scoring": (
        _ex(
            "One game decides: the match is over",
            [["4W"], ["5E"]],
            "4A",
            act("next_game", 0),
            setup=[play(0, "4W")],
            legal=False,
            code="match_over",
        ),
    ),
    "dabong.scoring.tennis": (
        _ex(
            "Tennis scoring: the next game is dealt by the seat left of the dealer",
            [["4W"], ["5E"]],
            "4A",
            act("next_game", 0),
            setup=[play(0, "4W")],
            legal=True,
            code="next_game",
            scoring="tennis",
        ),
    ),
    "dabong.scoring.points": (
        _ex(
            "Points scoring: play on to the target",
            [["4W"], ["5E"]],
            "4A",
            act("next_game", 0),
            setup=[play(0, "4W")],
            legal=True,
            code="next_game",
            scoring="points",
        ),
    ),
    # -- Intermediate --------------------------------------------------------------------
    "dabong.twos_add_on": (
        _ex(
            "2s add-on: a 2 on a 2 passes four cards on",
            TWOS,
            "4E",
            play(1, "2W"),
            setup=[play(0, "2E")],
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
        _ex(
            "At Beginner the seat must pick up",
            TWOS,
            "4E",
            play(1, "2W"),
            setup=[play(0, "2E")],
            legal=False,
            code="penalty_pending",
        ),
    ),
    "dabong.readings": (
        _ex(
            "Two 2s on a pending 2 are an add-on and a clone",
            [["2E", "4F", "KE", "9F"], ["2W", "2A", "3A", "4A"], ["5W", "6W", "7W", "10W"]],
            "4E",
            play(1, "2W", "2A"),
            setup=[play(0, "2E")],
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
        _ex(
            "King and Ace of Water on the 9 of Water: a subtraction and a twenty-one",
            [["9W", "KW", "AW", "3E"], Q1],
            "4W",
            play(0, "KW", "AW"),
            setup=[play(0, "9W")],
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
        _ex(
            "At Beginner the same play is a subtraction only",
            [["9W", "KW", "AW", "3E"], Q1],
            "4W",
            play(0, "KW", "AW"),
            setup=[play(0, "9W")],
            legal=True,
            code="play_legal",
        ),
    ),
    "dabong.clone": (
        _ex(
            "Clone example: 3E and 3F on 3A",
            [["3E", "3F", "KE", "4W"], ["5W", "6W", "7W", "10W"]],
            "3A",
            play(0, "3E", "3F"),
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
    ),
    "dabong.twenty_one": (
        _ex(
            "Twenty-one Example 1: AF, JF on 6F",
            [["AF", "JF", "3E", "4W"], Q1],
            "6F",
            play(0, "JF", "AF"),
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
        _ex(
            "Twenty-one Example 2: 9E, 2E, QE on 9F (an opening 9: the dealer plays first)",
            [Q1, ["9E", "2E", "QE", "4W"]],
            "9F",
            play(1, "9E", "2E", "QE"),
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
    ),
    "dabong.straight": (
        _ex(
            "Straight Example 1: 5, 4, 3 of Air on QA",
            [["3A", "4A", "5A", "9F"], Q1],
            "QA",
            play(0, "5A", "4A", "3A"),
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
        _ex(
            "Straight Example 2: 5-8 of Earth on 5F, the 8 names Air",
            [["5E", "6E", "7E", "8E"], Q1],
            "5F",
            play(0, "5E", "6E", "7E", "8E", suit="A"),
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
    ),
    "dabong.full_house": (
        _ex(
            "Full house example on KF",
            [["5F", "5A", "5W", "3E", "3A"], ["6W", "7W", "3W", "4W", "6E"]],
            "KF",
            play(0, "5F", "5A", "5W", "3E", "3A"),
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
    ),
    "dabong.flush": (
        _ex(
            "Flush Example 1: with JW as Air on 10E",
            [["10A", "3A", "QA", "4A", "JW"], FIVE],
            "10E",
            play(0, "10A", "3A", "QA", "4A", "JW", suit="A"),
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
        _ex(
            "Flush Example 2: 8A first on 5F",
            [["8A", "KA", "4A", "3A", "AA"], FIVE],
            "5F",
            play(0, "8A", "KA", "4A", "3A", "AA"),
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
    ),
    "dabong.fourth_card": (
        _ex(
            "4th card: 7E after three 7s, then a play again",
            FOURTH,
            "KF",
            play(1, "10E"),
            setup=[play(0, "3F", "3A", "7F", "7W", "7A"), play(1, "7E")],
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
            note="The full house ends with three 7s; the 7E completes four and earns the extra play on it.",
        ),
    ),
    "dabong.three_by_three": (
        _ex(
            "Three by three on QF, a Fire card first",
            [
                ["4F", "4W", "4A", "KE", "KW", "KA", "6E", "6W", "6A"],
                ["3W", "5W", "7W", "3E", "5E", "7E", "9E", "10E", "2E"],
            ],
            "QF",
            play(0, "4F", "4W", "4A", "KE", "KW", "KA", "6E", "6W", "6A"),
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
    ),
    "dabong.eight_straight": (
        _ex(
            "Eight straight example on 3F",
            [
                ["3W", "2F", "AA", "KE", "QA", "JF", "10E", "9W"],
                ["4W", "5W", "6W", "7W", "4E", "5E", "6E", "7E"],
            ],
            "3F",
            play(0, "3W", "2F", "AA", "KE", "QA", "JF", "10E", "9W"),
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
    ),
    "dabong.heaven": (
        _ex(
            "Heaven: three 7s",
            [["7F", "7W", "7A", "3E"], ["4W", "5W", "6W", "3W"]],
            "5F",
            play(0, "7F", "7W", "7A"),
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
    ),
    "dabong.hell": (
        _ex(
            "Hell: three 6s",
            [["6F", "6W", "6A", "3E"], ["4W", "5W", "7W", "3W"]],
            "5F",
            play(0, "6F", "6W", "6A"),
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
    ),
    "dabong.heaven_hell_answer": (
        _ex(
            "Hell answers heaven, out of turn",
            HEAVEN3,
            "5F",
            play(2, "6A", "6E", "6W"),
            setup=[play(0, "7F", "7W", "7A")],
            legal=True,
            code="answered",
            level=INTERMEDIATE,
            note="Seat 2 answers at once; play then goes on after seat 2.",
        ),
    ),
    "dabong.mirror": (
        _ex(
            "Mirror example: 7E, 3E after 3W, 7W",
            [["3W", "7W", "KF", "9F"], ["7E", "3E", "5A", "6A"]],
            "10F",
            play(1, "7E", "3E"),
            setup=[play(0, "3W", "7W")],
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
    ),
    "dabong.self_mirror": (
        _ex(
            "Self mirror example on 7A",
            [["7F", "4F", "AF", "AW", "4W", "7W"], ["3W", "5W", "6W", "3E", "5E", "6E"]],
            "7A",
            play(0, "7F", "4F", "AF", "AW", "4W", "7W"),
            legal=True,
            code="play_legal",
            level=INTERMEDIATE,
        ),
    ),
    "dabong.river": (
        _ex(
            "River example: 7A, 7F and the river 7E win as heaven on 3E",
            [["7A", "7F"], ["4W", "5W"]],
            "3E",
            play(0, "7E", "7A", "7F"),
            river="7E",
            legal=True,
            code="river_used",
            level=INTERMEDIATE,
            deal_river=True,
        ),
    ),
    "dabong.gross_rule": (
        _ex(
            "Gross rule: a hand of exactly 144",
            [_TENS, _FILL],
            "3A",
            act("claim_gross", 0),
            setup=_draws(2, 5),
            draw=_GROSS_DRAWS,
            legal=True,
            code="gross_rule",
            level=INTERMEDIATE,
            note="Ten cards of 10, then four more 10s and a 4 drawn: 144 in hand.",
        ),
    ),
    "dabong.half_deck": (
        _ex(
            "Half deck: 26 cards",
            [_HALF_HAND, _FILL],
            "3A",
            act("claim_half_deck", 0),
            setup=_draws(2, 16),
            legal=True,
            code="half_deck",
            level=INTERMEDIATE,
        ),
    ),
    "dabong.worst_hand": (
        _ex(
            "Worst hand: as dealt",
            [
                ["10F", "QE", "KA", "AW", "3F", "4E", "5A", "6W"],
                ["7W", "8W", "9W", "7E", "8E", "9E", "7F", "8F"],
            ],
            "3A",
            act("claim_worst_hand", 0),
            legal=True,
            code="worst_hand",
            level=INTERMEDIATE,
            note="No special card, four of 10 or more (10, Q, K, A), all four suits, not even a pair.",
        ),
    ),
    "dabong.once_a_year": (
        _ex(
            "Once a year, whatever the hand and the turn",
            [P0, P1],
            "10W",
            act("claim_once_a_year", 1),
            legal=True,
            code="once_a_year",
            level=INTERMEDIATE,
            calendar_year=2026,
        ),
    ),
    # -- Master ----------------------------------------------------------------------------
    "dabong.twos_neutralization": (
        _ex(
            "2s neutralization Example 1: any 4 against two 2s",
            TWOS,
            "4E",
            play(0, "4F"),
            setup=[play(0, "2E"), play(1, "2W")],
            legal=True,
            code="play_legal",
            level=MASTER,
        ),
        _ex(
            "2s neutralization Example 2: 2, 3, 4 of Air against a 2",
            TWOS,
            "4E",
            play(1, "2A", "3A", "4A"),
            setup=[play(0, "2E")],
            legal=True,
            code="play_legal",
            level=MASTER,
        ),
    ),
    "dabong.shaman_neutralization": (
        _ex(
            "A single 2 neutralised by an Ace and a Shaman",
            [["2E", "3E", "KE", "9F"], ["AF", "SH1", "6W", "7W"]],
            "4E",
            play(1, "AF", "SH1", declare={"SH1": "AF"}),
            setup=[play(0, "2E")],
            legal=True,
            code="play_legal",
            level=MASTER,
        ),
    ),
    "dabong.four_of_a_kind": (
        _ex(
            "Four of a kind example: four Kings on 6F, KF first",
            [["KF", "KW", "KE", "KA"], Q1],
            "6F",
            play(0, "KF", "KW", "KE", "KA"),
            legal=True,
            code="play_legal",
            level=MASTER,
        ),
    ),
    "dabong.four_pair": (
        _ex(
            "Four pair on 6F, a Fire card first",
            [["3F", "3W", "4E", "4A", "5E", "5A", "10E", "10W"], [*P1[:3], "QW", "KW", "JA", "2A", "AE"]],
            "6F",
            play(0, "3F", "3W", "4E", "4A", "5E", "5A", "10E", "10W"),
            legal=True,
            code="play_legal",
            level=MASTER,
        ),
    ),
}


def _section(section: str, *rule_ids: str, level: str = BEGINNER) -> DocumentSection:
    return DocumentSection(section=section, level=level, rule_ids=rule_ids)


COVERAGE: tuple[DocumentSection, ...] = (
    _section(
        "What's in the Box: four elements of 13 and three Shamans; 2 to 5 players", "dabong.deck", level="all"
    ),
    _section("Object of the Game: play all your cards", "dabong.win", level="all"),
    _section(
        "Setting up: deal 8 each, draw pile, turn the top card up",
        "dabong.deal",
        "dabong.opening",
        level="all",
    ),
    _section(
        "Playing the Game: starts left of the dealer; play cards or draw one",
        "dabong.turn",
        "dabong.draw",
        "dabong.level",
    ),
    _section("Playing the Game: unconventional deals", "dabong.deal"),
    _section("Playing the Game: one-year time limit", "dabong.etiquette.time_limit"),
    _section("Playing the Game: blatant table talk", "dabong.etiquette.table_talk"),
    _section("Playing the Game: card trading", "dabong.trade"),
    _section("Special Cards: 2s, draw two and skip; an opening 2", "dabong.two", "dabong.opening"),
    _section("Special Cards: 8s are crazy-suited (Examples 1, 2)", "dabong.eight"),
    _section("Special Cards: 9s reverse; an opening 9", "dabong.nine", "dabong.opening"),
    _section(
        "Special Cards: Jacks skip and have bower power (Examples 1, 2)",
        "dabong.jack",
        "dabong.power_top_only",
    ),
    _section("Special Cards: the Queen of Water", "dabong.queen_of_water"),
    _section(
        "Special Cards: Shaman Cards (Examples 1, 2); an opening Shaman",
        "dabong.shaman",
        "dabong.natural",
        "dabong.opening",
    ),
    _section("Beginner: Follow Suit or Number", "dabong.follow"),
    _section("Beginner: Natural dabong!", "dabong.natural"),
    _section(
        "Beginner: Important Card Valuing Rules (and the J + 3 on a King example)",
        "dabong.values",
        "dabong.natural",
    ),
    _section("Beginner: Addition (example)", "dabong.addition"),
    _section("Beginner: Subtraction (example)", "dabong.subtraction"),
    _section("Beginner: One Card Rule", "dabong.one_card"),
    _section("Special Features: a card laid is not necessarily a card played", "dabong.unwind"),
    _section("Considerations for 2-Player dabong! (example)", "dabong.two_players"),
    _section("The draw pile runs out (not stated)", "dabong.draw_pile_out", level="all"),
    _section("Intermediate: 2s Add-On", "dabong.twos_add_on", level=INTERMEDIATE),
    _section("Intermediate: Clone (example)", "dabong.clone", level=INTERMEDIATE),
    _section("Intermediate: Twenty-One (Examples 1, 2)", "dabong.twenty_one", level=INTERMEDIATE),
    _section("Intermediate: Straight (Examples 1, 2)", "dabong.straight", level=INTERMEDIATE),
    _section("Intermediate: Full House (example)", "dabong.full_house", level=INTERMEDIATE),
    _section("Intermediate: Flush (Examples 1, 2)", "dabong.flush", level=INTERMEDIATE),
    _section("Intermediate: 4th Card (example)", "dabong.fourth_card", level=INTERMEDIATE),
    _section("Intermediate: Three by Three (example)", "dabong.three_by_three", level=INTERMEDIATE),
    _section("Intermediate: Eight Straight (example)", "dabong.eight_straight", level=INTERMEDIATE),
    _section("Intermediate: Heaven", "dabong.heaven", level=INTERMEDIATE),
    _section("Intermediate: Hell", "dabong.hell", level=INTERMEDIATE),
    _section("Intermediate: Heaven and Hell", "dabong.heaven_hell_answer", level=INTERMEDIATE),
    _section("Intermediate: Mirror (example)", "dabong.mirror", level=INTERMEDIATE),
    _section("Intermediate: Self Mirror (example)", "dabong.self_mirror", level=INTERMEDIATE),
    _section(
        "Intermediate and Master: a play that fits several patterns (not stated)",
        "dabong.readings",
        level=INTERMEDIATE,
    ),
    _section("Intermediate: The River (example)", "dabong.river", level=INTERMEDIATE),
    _section("Intermediate: Gross Rule", "dabong.gross_rule", level=INTERMEDIATE),
    _section("Intermediate: Half Deck", "dabong.half_deck", level=INTERMEDIATE),
    _section("Intermediate: Worst Hand Rule", "dabong.worst_hand", level=INTERMEDIATE),
    _section("Intermediate: Once-A-Year Rule", "dabong.once_a_year", level=INTERMEDIATE),
    _section("Master: 2s Neutralization (Examples 1-3)", "dabong.twos_neutralization", level=MASTER),
    _section("Master: the Maryland note", "dabong.twos_neutralization.maryland", level=MASTER),
    _section(
        "Master: Special Shaman-Assisted Addition 2s Neutralization",
        "dabong.shaman_neutralization",
        level=MASTER,
    ),
    _section("Master: Four-Of-A-Kind (example)", "dabong.four_of_a_kind", level=MASTER),
    _section("Master: Four Pair", "dabong.four_pair", level=MASTER),
    _section("Extras: Strategy Tips", "dabong.extras.strategy", level="all"),
    _section("Extras: Standard Scoring (tennis)", "dabong.scoring", "dabong.scoring.tennis", level="all"),
    _section("Extras: Alternative Scoring Using Points", "dabong.scoring.points", level="all"),
    _section("Extras: more players with a second deck", "dabong.extras.second_deck", level="all"),
    _section("Extras: be creative, make up rules", "dabong.extras.house_rules", level="all"),
)
