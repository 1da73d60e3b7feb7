"""The worked examples of 99 as requests, keyed by rule id, and the document's coverage list.

Each example rigs a deal (hands dealt one card at a time from seat 0, then ``draw`` on
top of the draw pile), plays the setup cards and asks about one more play, with the
verdict it must get. The rules reference serves them; the test suite posts each one to
``validate``. ``COVERAGE`` maps every part of the rule document (``seeds/004_...``) to
the rule ids that adjudicate it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...kernel import STANDARD_52, RuleExample
from ...reference.coverage import DocumentSection
from ...reference.rigging import deck_order

SEED = 99


def _play(seat: int, card: str, *more: str) -> dict[str, Any]:
    return {"type": "play", "seat": seat, "cards": [card, *more]}


def _ex(
    title: str,
    hands: Sequence[Sequence[str]],
    plays: Sequence[tuple[int, str]],
    action: dict[str, Any],
    *,
    legal: bool,
    code: str,
    draw: Sequence[str] = (),
    note: str = "",
    preset: str = "standard",
    options: dict[str, Any] | None = None,
) -> RuleExample:
    deal: dict[str, Any] = {
        "seats": len(hands),
        "preset": preset,
        "seed": SEED,
        "deck_order": deck_order(STANDARD_52, hands, draw=draw),
    }
    if options:
        deal["options"] = options
    return RuleExample(
        title=title,
        deal=deal,
        setup=tuple(_play(seat, card) for seat, card in plays),
        action=action,
        legal=legal,
        code=code,
        note=note,
    )


#: Three seats; seat 0 opens with a King, so the Count is 99 for seat 1.
_AT_99 = [["KH", "5C", "3C", "4C"], ["10D", "JH", "2H", "QD"], ["9S", "3S", "4S", "5S"]]
#: A Death Card table: seat 0 sets 99, seat 1 attacks seat 2, who holds the Ace of Diamonds.
_DEATH = [["KH", "5C", "3C", "2C"], ["QS", "6H", "7H", "8H"], ["AD", "3S", "4S", "9S"]]


def _reshuffle_example() -> RuleExample:
    """Eight seats leave a 20-card draw pile: the 21st play's draw finds it empty."""
    small = [f"{r}{s}" for r in ("A", "2", "3", "4", "5") for s in "SHDC"] + ["6H"]
    big = ["7S", "7H", "7D", "7C", "8S", "8H", "8D", "8C", "9S", "9H", "9D"]
    order = [seat % 8 for seat in range(21)]
    hands: list[list[str]] = [[] for _ in range(8)]
    for seat, card in zip(order, small, strict=True):
        hands[seat].append(card)
    for hand in hands:
        while len(hand) < 4:
            hand.append(big.pop())
    plays = []
    used = [0] * 8
    for seat in order:
        plays.append((seat, hands[seat][used[seat]]))
        used[seat] += 1
    last_seat, last_card = plays.pop()
    return _ex(
        "The 21st play at eight seats empties the draw pile: the play pile is reshuffled",
        hands,
        plays,
        _play(last_seat, last_card),
        legal=True,
        code="adds_value",
        note="Eight seats are dealt 32 cards, so the draw pile holds 20; the draw after the 21st play "
        "finds it empty and the whole play pile is shuffled (seeded) into a new one (effect "
        "PileReshuffled); the Count stays.",
    )


EXAMPLES: dict[str, tuple[RuleExample, ...]] = {
    "99.players": (
        _ex(
            "A seat that is not at the table",
            [["5H", "3C", "4C", "6C"], ["7H", "8H", "3S", "4S"]],
            [],
            _play(5, "5H"),
            legal=False,
            code="no_such_seat",
            note="A two-seat table has seats 0 and 1 only.",
        ),
    ),
    "99.deal": (
        _ex(
            "Only dealt cards are in a hand",
            [["5H", "3C", "4C", "6C"], ["7H", "8H", "3S", "4S"]],
            [],
            _play(0, "7H"),
            legal=False,
            code="card_not_in_hand",
            note="Seat 0 was dealt 5H 3C 4C 6C (the first, third, fifth and seventh cards).",
        ),
    ),
    "99.first_seat": (
        _ex(
            "Seat 0 plays first",
            [["5H", "3C", "4C", "6C"], ["7H", "8H", "3S", "4S"]],
            [],
            _play(1, "7H"),
            legal=False,
            code="not_your_turn",
        ),
        _ex(
            "With first_seat 1, seat 1 opens",
            [["5H", "3C", "4C", "6C"], ["7H", "8H", "3S", "4S"]],
            [],
            _play(1, "7H"),
            legal=True,
            code="adds_value",
            options={"first_seat": 1},
        ),
    ),
    "99.direction": (
        _ex(
            "Clockwise: seat 1 follows seat 0, not seat 2",
            [["AH", "2H", "3H", "4H"], ["AS", "2S", "3S", "4S"], ["AC", "2C", "3C", "4C"]],
            [(0, "AH")],
            _play(2, "AC"),
            legal=False,
            code="not_your_turn",
        ),
    ),
    "99.count.start": (
        _ex(
            "The first card counts up from zero",
            [["5H", "3C", "4C", "6C"], ["7H", "8H", "3S", "4S"]],
            [],
            _play(0, "5H"),
            legal=True,
            code="adds_value",
            note="The Count goes from 0 to 5.",
        ),
    ),
    "99.turn": (
        _ex(
            "A turn plays exactly one card",
            [["5H", "3C", "4C", "6C"], ["7H", "8H", "3S", "4S"]],
            [],
            _play(0, "5H", "3C"),
            legal=False,
            code="play_one_card",
        ),
    ),
    "99.values": (
        _ex(
            "Jacks and Queens count ten",
            [["AH", "JH", "7C", "3C"], ["10D", "QD", "4S", "5S"]],
            [(0, "AH"), (1, "10D")],
            _play(0, "JH"),
            legal=True,
            code="adds_value",
            note="The Count goes from 11 to 21.",
        ),
        _ex(
            "Below 99 the Queen of Spades is just ten",
            [["9S", "QS", "5C", "6C"], ["10D", "2H", "8H", "7S"]],
            [(0, "9S"), (1, "10D")],
            _play(0, "QS"),
            legal=True,
            code="adds_value",
            note="No Death Card below 99: the Count goes from 19 to 29.",
        ),
    ),
    "99.king": (
        _ex(
            "A King sets the Count to 99",
            [["4D", "3C", "5C", "6C"], ["KD", "7H", "8H", "2S"]],
            [(0, "4D")],
            _play(1, "KD"),
            legal=True,
            code="king_sets_99",
        ),
    ),
    "99.forced_play": (
        _ex(
            "A card that would pass 99 cannot be played",
            [["KH", "5C", "3C", "4C"], ["10D", "6H", "2H", "JH"]],
            [(0, "KH"), (1, "10D"), (0, "5C")],
            _play(1, "6H"),
            legal=False,
            code="over_99",
            draw=["3D", "4D", "5D"],
            note="The Count is 94: 6H would make it 100. Seat 1 must play 2H or 4D instead.",
        ),
    ),
    "99.hand_size": (
        _ex(
            "Play one, draw one: four cards again",
            [["5H", "3C", "4C", "6C"], ["7H", "8H", "3S", "4S"]],
            [],
            _play(0, "5H"),
            legal=True,
            code="adds_value",
            draw=["QH"],
            note="Seat 0 draws QH after playing (effect CardsDrawn) and holds four cards again.",
        ),
    ),
    "99.reshuffle": (_reshuffle_example(),),
    "99.elimination": (
        _ex(
            "A seat with no playable card is out and stays out",
            [["KH", "5C", "3C", "4C"], ["JD", "6H", "7H", "8H"], ["2S", "3S", "4S", "5S"]],
            [(0, "KH")],
            _play(1, "JD"),
            legal=False,
            code="seat_out",
            note="At 99 seat 1 holds nothing playable, so it went out when its turn came.",
        ),
    ),
    "99.threshold": (
        _ex(
            "At 99 a Jack cannot be played",
            _AT_99,
            [(0, "KH")],
            _play(1, "JH"),
            legal=False,
            code="not_playable_at_99",
        ),
    ),
    "99.threshold.pass": (
        _ex("At 99 a 2 passes", _AT_99, [(0, "KH")], _play(1, "2H"), legal=True, code="pass_at_99"),
    ),
    "99.threshold.drop": (
        _ex(
            "At 99 a 10 drops the Count to 89",
            _AT_99,
            [(0, "KH")],
            _play(1, "10D"),
            legal=True,
            code="drop_to_89",
        ),
    ),
    "99.threshold.king": (
        _ex(
            "At 99 a King holds the Count",
            [["KH", "2C", "5C", "6C"], ["KD", "7H", "8H", "2S"]],
            [(0, "KH")],
            _play(1, "KD"),
            legal=True,
            code="king_holds_99",
        ),
    ),
    "99.death_card": (
        _ex(
            "At 99 the Queen of Spades attacks the next player",
            _DEATH,
            [(0, "KH")],
            _play(1, "QS"),
            legal=True,
            code="death_card",
        ),
    ),
    "99.death_card.draw": (
        _ex(
            "The attacker draws after the Death Card",
            _DEATH,
            [(0, "KH")],
            _play(1, "QS"),
            legal=True,
            code="death_card",
            note="Seat 1 draws at once (effect CardsDrawn), even though seat 2's shield will knock it out.",
        ),
    ),
    "99.death_card.shield": (
        _ex(
            "The target must shield with the Ace of Diamonds",
            _DEATH,
            [(0, "KH"), (1, "QS")],
            _play(2, "9S"),
            legal=False,
            code="must_shield",
        ),
        _ex("The shield", _DEATH, [(0, "KH"), (1, "QS")], _play(2, "AD"), legal=True, code="shield"),
    ),
    "99.death_card.no_shield": (
        _ex(
            "A target without the shield is out at once",
            [["KH", "5C", "3C", "2C"], ["2H", "6H", "7H", "8H"], ["QS", "3S", "4S", "5S"]],
            [(0, "KH"), (1, "2H")],
            _play(2, "QS"),
            legal=True,
            code="death_card",
            draw=["3D", "9D", "4D"],
            note="Seat 0 holds no Ace of Diamonds: it is out (effect PlayerEliminated); seat 1 plays next.",
        ),
    ),
    "99.death_card.blowback": (
        _ex(
            "A shielded Death Card knocks the attacker out",
            _DEATH,
            [(0, "KH"), (1, "QS")],
            _play(2, "AD"),
            legal=True,
            code="shield",
            note="Seat 1, the attacker, is out (DeathCardShielded with blowback); seat 0 plays next.",
        ),
    ),
    "99.death_card.two_players": (
        _ex(
            "Two players: no blowback, the attacker plays again",
            [["KH", "QS", "3C", "2C"], ["2H", "AD", "7H", "8H"]],
            [(0, "KH"), (1, "2H"), (0, "QS")],
            _play(1, "AD"),
            legal=True,
            code="shield",
            note="Nobody is out; the turn comes back to seat 0.",
        ),
    ),
    "99.win": (
        _ex(
            "The last player standing wins",
            [["KH", "5C", "3C", "4C"], ["JD", "6H", "7H", "8H"], ["3S", "4S", "5S", "6S"]],
            [],
            _play(0, "KH"),
            legal=True,
            code="king_sets_99",
            draw=["2D"],
            note="Neither seat 1 nor seat 2 can play at 99: both go out; seat 0 wins the hand (RoundWon).",
        ),
    ),
    "99.clubs.keep": (
        _ex(
            "Nobody holds the Ace of Clubs: the winner keeps the hit",
            [["KH", "5C", "3C", "4C"], ["JD", "6H", "7H", "8H"], ["3S", "4S", "5S", "6S"]],
            [],
            _play(0, "KH"),
            legal=True,
            code="king_sets_99",
            draw=["2D"],
            note="Seat 0 wins and takes the hit (HitAwarded).",
        ),
    ),
    "99.clubs.steal": (
        _ex(
            "An eliminated Ace of Clubs steals the hit",
            [["KH", "QC", "3H", "4H"], ["AC", "6H", "7H", "8H"], ["JC", "4S", "5S", "6S"]],
            [],
            _play(0, "KH"),
            legal=True,
            code="king_sets_99",
            draw=["2D"],
            note="Seat 1 holds AC and nobody the King of Clubs: seat 1 keeps the stolen hit (HitStolen).",
        ),
    ),
    "99.clubs.slide": (
        _ex(
            "The stolen hit slides down the unbroken clubs",
            [["KH", "KC", "3H", "4H"], ["AC", "6H", "7H", "8H"], ["QC", "4S", "5S", "6S"]],
            [],
            _play(0, "KH"),
            legal=True,
            code="king_sets_99",
            draw=["2D"],
            note="AC (seat 1) to KC (seat 0, the winner) to QC (seat 2): seat 2 takes the hit (HitSlid).",
        ),
    ),
    "99.clubs.bonus": (
        _ex(
            "The winner holds the Ace of Clubs: a bonus hit slides from the King",
            [["KH", "AC", "KC", "4H"], ["QC", "6H", "7H", "8H"], ["JC", "4S", "5S", "6S"]],
            [],
            _play(0, "KH"),
            legal=True,
            code="king_sets_99",
            draw=["2D"],
            note="Seat 0 keeps the winning hit; the bonus hit slides KC, QC, JC to seat 2 (BonusHitCreated).",
        ),
    ),
}

COVERAGE: tuple[DocumentSection, ...] = (
    DocumentSection(section="Players: 2 to 8 for the full game", rule_ids=("99.players",)),
    DocumentSection(section="Demo: 1 to 3 humans plus Bud", rule_ids=("99.demo_table",)),
    DocumentSection(section="Setup: everyone starts with four cards", rule_ids=("99.deal", "99.hand_size")),
    DocumentSection(section="Setup: who plays first (not stated)", rule_ids=("99.first_seat",)),
    DocumentSection(section="Setup: play moves clockwise and stays clockwise", rule_ids=("99.direction",)),
    DocumentSection(section="The Count starts at zero", rule_ids=("99.count.start",)),
    DocumentSection(section="Your turn: play a card, change the Count, draw a card", rule_ids=("99.turn",)),
    DocumentSection(section="Card values: Ace 1, 2-10 face, Jack and Queen 10", rule_ids=("99.values",)),
    DocumentSection(section="Kings set the Count to 99", rule_ids=("99.king",)),
    DocumentSection(section="If you can play, you must; you cannot go over 99", rule_ids=("99.forced_play",)),
    DocumentSection(section="Begin and end each turn with four cards", rule_ids=("99.hand_size",)),
    DocumentSection(section="Draw pile runs out (not stated)", rule_ids=("99.reshuffle",)),
    DocumentSection(section="No playable card: you are out, keep your cards", rule_ids=("99.elimination",)),
    DocumentSection(
        section="At exactly 99: the special cards",
        rule_ids=("99.threshold", "99.threshold.pass", "99.threshold.drop", "99.threshold.king"),
    ),
    DocumentSection(
        section="The Death Card: Queen of Spades at 99",
        rule_ids=("99.death_card", "99.death_card.draw", "99.death_card.no_shield"),
    ),
    DocumentSection(
        section="The shield: Ace of Diamonds, and blowback",
        rule_ids=("99.death_card.shield", "99.death_card.blowback"),
    ),
    DocumentSection(section="Two players: no blowback", rule_ids=("99.death_card.two_players",)),
    DocumentSection(section="Last player standing wins the hit", rule_ids=("99.win",)),
    DocumentSection(
        section="The clubs slide: the Ace of Clubs steals the hit",
        rule_ids=("99.clubs.steal", "99.clubs.slide", "99.clubs.keep"),
    ),
    DocumentSection(section="The winner holds the Ace of Clubs: bonus hit", rule_ids=("99.clubs.bonus",)),
    DocumentSection(
        section="Full rules PDF: Loading Duty, a note on hitting the bong, other cool stuff",
        rule_ids=("99.loading_duty", "99.bong_note", "99.full_rules"),
    ),
)
