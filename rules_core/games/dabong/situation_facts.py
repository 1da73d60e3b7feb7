"""The facts of a dabong! situation, declared once: the reader and the JSON Schema derive from them.

What a player may state about a moment of dabong! (``situation.py`` completes it into a state):
the top card or the whole play on top and who laid it, the suit in force, Shaman identities, a
pending penalty, the windows still open (a heaven/hell answer, a 4th-card extra play), the hands
that matter, one-card announcements, the hands still as dealt, the river, the draw pile's size,
the plays since that may still be taken back, a finished game and the score. Every fact is
optional.

The facts describe the table *before* the plays listed in ``take_back`` (those are laid through
the rules on it, so the table they leave is the rules' own); the hands are the hands *now*.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...kernel import DABONG_55, Card, Suit
from ...kernel.field_kinds import Bool, CardKind, Cards, Int, ListOf, Nested, Seat, SeatCount, StrEnumKind
from ...kernel.field_shapes import CardMap
from ...kernel.fields import Field, Record
from ...kernel.situations import KnownHand, known_hand_record
from .state_levels import MAX_RUN, MAX_YEAR

DECK = DABONG_55
MIN_SEATS = 2
MAX_SEATS = 5
SEAT = Seat(max_seats=MAX_SEATS)
SUITS: tuple[Suit, ...] = (Suit.FIRE, Suit.WATER, Suit.EARTH, Suit.AIR)
_SUIT = StrEnumKind(Suit, members=SUITS)
_SEATS = ListOf(SEAT, max_len=MAX_SEATS)
_IDENTITIES = CardMap(DECK, CardKind(DECK), max_len=3)
#: An optional fact: absent (or null) means "not said".
_OPT: dict[str, Any] = {"nullable": True, "default": None}


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayFact:
    seat: int
    cards: tuple[Card, ...]
    declare: tuple[tuple[Card, Card], ...]
    suit: Suit | None


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreFacts:
    games: tuple[int, ...] | None
    sets: tuple[int, ...] | None
    points: tuple[int, ...] | None


@dataclass(frozen=True, slots=True, kw_only=True)
class DabongSituation:
    seats: int | None
    dealer: int | None
    turn: int | None
    reversed: bool | None
    opening: bool
    top: Card | None
    last_play: tuple[Card, ...]
    top_by: int | None
    shamans: tuple[tuple[Card, Card], ...]
    suit: Suit | None
    penalty: int | None
    rank_run: int | None
    answer_open: bool | None
    extra_play: bool | None
    hands: tuple[KnownHand, ...]
    announced: tuple[int, ...]
    as_dealt: tuple[int, ...] | None
    river: Card | None
    draw_pile: int | None
    take_back: tuple[PlayFact, ...]
    game_winner: int | None
    scores: ScoreFacts | None
    years_used: tuple[tuple[int, ...], ...] | None


KNOWN_HAND = known_hand_record(DECK, SEAT)
PLAY_FACT = Record(
    name="PlayFact",
    doc="A play made since the table described, still open to a take-back (a `play` action's members).",
    build=PlayFact,
    fields=(
        Field("seat", SEAT, "The seat that laid it (on its turn, or answering a heaven/hell out of turn)."),
        Field("cards", Cards(DECK, max_len=len(DECK)), "The cards laid, in laid order (the last on top)."),
        Field("declare", _IDENTITIES, "Each Shaman of the play -> the real card it stood for.", default=()),
        Field("suit", _SUIT, "The suit an 8 or a Jack on top of the play put in force.", **_OPT),
    ),
)
SCORE_FACTS = Record(
    name="ScoreFacts",
    doc="The match's score sheet now, by seat (each list one entry per seat; left out: zeros).",
    build=ScoreFacts,
    fields=(
        Field(
            "games", ListOf(Int(0, 19), max_len=MAX_SEATS), "Tennis: games won in the current set.", **_OPT
        ),
        Field("sets", ListOf(Int(0, 20), max_len=MAX_SEATS), "Tennis: sets won.", **_OPT),
        Field("points", ListOf(Int(0, 100_000), max_len=MAX_SEATS), "Points: running totals.", **_OPT),
    ),
)
SITUATION = Record(
    name="Situation",
    doc="A moment of a dabong! game as a player states it; everything left out is filled in and said. "
    "The table facts describe the table before the plays of `take_back`, which are laid through the "
    "rules on it; `hands` are the hands now.",
    build=DabongSituation,
    fields=(
        Field(
            "seats", SeatCount(lo=MIN_SEATS, hi=MAX_SEATS), "Seats at the table (default: as named).", **_OPT
        ),
        Field("dealer", SEAT, "The dealer of this game (default: the last seat).", **_OPT),
        Field(
            "turn",
            SEAT,
            "The seat on turn (default: the seat the play on top sent the turn to, else seat 0).",
            **_OPT,
        ),
        Field(
            "reversed",
            Bool(),
            "A 9 has sent play to the right (decreasing seat numbers); default: no, unless the opening "
            "card is a 9.",
            **_OPT,
        ),
        Field(
            "opening",
            Bool(),
            "The top card is the opening card the dealer turned up (an 8, Jack or Shaman with no `suit` "
            "or identity said: the dealer has yet to settle it).",
            default=False,
        ),
        Field("top", CardKind(DECK), "The top card of the discard pile.", **_OPT),
        Field(
            "last_play",
            Cards(DECK, max_len=len(DECK)),
            "The cards of the play on top, in laid order, the last being the top card (default: the top "
            "card alone). The mirror answers it; the 4th card counts its tail.",
            default=(),
        ),
        Field(
            "top_by", SEAT, "The seat that laid the play on top (the dealer for the opening card).", **_OPT
        ),
        Field(
            "shamans",
            _IDENTITIES,
            "Each Shaman of the play on top -> the real card it was declared as.",
            default=(),
        ),
        Field(
            "suit",
            _SUIT,
            "The suit in force after an 8 or a Jack on top (default: the card's own suit).",
            **_OPT,
        ),
        Field(
            "penalty",
            Int(0, len(DECK)),
            "Cards the seat on turn must pick up for the 2s or the Queen of Water on top (0: none; default: "
            "what the play on top imposes when the turn is the seat it hit).",
            **_OPT,
        ),
        Field(
            "rank_run",
            Int(1, MAX_RUN),
            "Cards of the top card's rank in a row on the pile, whoever laid them (default: the play's "
            "own tail).",
            **_OPT,
        ),
        Field(
            "answer_open",
            Bool(),
            "The heaven or hell on top may still be answered out of turn (default: yes, right after it).",
            **_OPT,
        ),
        Field(
            "extra_play",
            Bool(),
            "The seat on turn laid the play on top and has its 4th-card extra play (default: yes, right "
            "after a play that made a run of four).",
            **_OPT,
        ),
        Field("hands", ListOf(Nested(KNOWN_HAND), max_len=MAX_SEATS), "The hands that matter.", default=()),
        Field("announced", _SEATS, 'Seats holding one card that have said "one card".', default=()),
        Field(
            "as_dealt",
            _SEATS,
            "Seats still holding their hand as dealt, before their first action (the worst hand rule); "
            "default: every seat at the start of a game, else none.",
            **_OPT,
        ),
        Field("river", CardKind(DECK), "The river card showing (Intermediate up, `deal_river`).", **_OPT),
        Field(
            "draw_pile", Int(0, len(DECK) - 1), "Cards left in the draw pile (default: all the rest).", **_OPT
        ),
        Field(
            "take_back",
            ListOf(Nested(PLAY_FACT), max_len=len(DECK) - 1),
            "Plays made since, oldest first, none final yet: each may still be taken back, the last "
            "first. They are laid through the rules on the table the other facts describe.",
            default=(),
        ),
        Field(
            "game_winner",
            SEAT,
            "The game is over and this seat won it (by default by playing its last card).",
            **_OPT,
        ),
        Field("scores", Nested(SCORE_FACTS), "The score sheet now (default: all zero).", **_OPT),
        Field(
            "years_used",
            ListOf(
                ListOf(Int(1, MAX_YEAR), max_len=MAX_YEAR, ascending=True, keep_fallbacks=False),
                max_len=MAX_SEATS,
            ),
            "Once a year: the calendar years each seat has used its win in, one list per seat ([]: none).",
            **_OPT,
        ),
    ),
)
