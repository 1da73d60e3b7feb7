"""The facts of a Dobon situation, declared once: the reader and the JSON Schema derive from them.

What a player may state about a moment of Dobon (``situation.py`` completes it into a state):
the top card and who laid it, the suit in force, a pending two, a check in progress, the hands
that matter, a return chain's claims, the score and how a round ended. Every fact is optional.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...kernel import STANDARD_52, STANDARD_SUITS, Card, Suit
from ...kernel.field_kinds import (
    Bool,
    CardKind,
    Cards,
    Int,
    ListOf,
    Nested,
    Seat,
    SeatCount,
    StrEnumKind,
    Text,
)
from ...kernel.fields import Field, Record
from ...kernel.situations import KnownHand, known_hand_record
from .state import ROUND_ACTION_LIMIT, CheckKind
from .wire import MAX_ROUNDS, MAX_SEATS

DECK = STANDARD_52
SEAT = Seat(max_seats=MAX_SEATS)
ENDS = ("dobon", "empty_hand", "stock_exhausted", "action_limit")
#: An optional fact: absent means "not said".
_OPT: dict[str, Any] = {"nullable": True, "default": None}


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimFact:
    seat: int
    cards: tuple[Card, ...]
    top: Card | None
    target: Card | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Ended:
    winner: int | None
    how: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DobonSituation:
    seats: int | None
    turn: int
    top: Card | None
    top_by: int | None
    active_suit: Suit | None
    reversed: bool
    obligation: int
    drawn: Card | None
    check: CheckKind | None
    took: bool
    claims: tuple[ClaimFact, ...]
    hands: tuple[KnownHand, ...]
    round: int
    wins: tuple[int, ...] | None
    round_actions: int | None
    ended: Ended | None


KNOWN_HAND = known_hand_record(DECK, SEAT)
CLAIM_FACT = Record(
    name="ClaimFact",
    doc="A Dobon claim of the return chain in progress, in order.",
    build=ClaimFact,
    fields=(
        Field("seat", SEAT, "The claimant."),
        Field("cards", Cards(DECK), "Its whole hand, laid on the pile."),
        Field("top", CardKind(DECK), "The card it put on top (by default its last).", **_OPT),
        Field("target", CardKind(DECK), "The first claim's target (later: the previous top).", **_OPT),
    ),
)
ENDED = Record(
    name="RoundEnd",
    doc="The round is over: who won it and how.",
    build=Ended,
    fields=(
        Field("winner", SEAT, "The round's winner (null: drawn).", nullable=True, default=None),
        Field("how", Text(ENDS), "How it ended.", default="dobon"),
    ),
)
SITUATION = Record(
    name="Situation",
    doc="A moment of a Dobon round as a player states it; everything left out is filled in and said.",
    build=DobonSituation,
    fields=(
        Field("seats", SeatCount(lo=2, hi=MAX_SEATS), "Seats at the table (default: as named).", **_OPT),
        Field("turn", SEAT, 'The seat acting: on its turn, or asked in a check ("you": seat 0).', default=0),
        Field("top", CardKind(DECK), "The top card of the discard pile.", **_OPT),
        Field("top_by", SEAT, "Who put the top card down (null: the opening card).", **_OPT),
        Field(
            "active_suit",
            StrEnumKind(Suit, members=STANDARD_SUITS),
            "The suit in force (a wild eight's chosen suit); by default the top card's.",
            **_OPT,
        ),
        Field("reversed", Bool(), "A jack has reversed the direction of play.", default=False),
        Field("obligation", Int(0, 16), "Cards owed by the seat on turn for a pending two.", default=0),
        Field("drawn", CardKind(DECK), "The card the seat on turn has just drawn and may play.", **_OPT),
        Field(
            "check",
            StrEnumKind(CheckKind),
            "A check in progress, asking `turn`: what started it (the opening card, a discard, a draw, "
            "a claim to return on).",
            **_OPT,
        ),
        Field("took", Bool(), "The draw check follows taking a two's cards, not a draw.", default=False),
        Field("claims", ListOf(Nested(CLAIM_FACT), max_len=4), "The claims of a return check.", default=()),
        Field("hands", ListOf(Nested(KNOWN_HAND), max_len=MAX_SEATS), "The hands that matter.", default=()),
        Field("round", Int(1, MAX_ROUNDS), "The round of the match, from 1.", default=1),
        Field("wins", ListOf(Int(0, MAX_ROUNDS), max_len=MAX_SEATS), "Rounds won by each seat.", **_OPT),
        Field("round_actions", Int(0, ROUND_ACTION_LIMIT - 1), "Actions so far this round.", **_OPT),
        Field("ended", Nested(ENDED), "The round is over (nobody acts).", **_OPT),
    ),
)
