"""The dabong! state on the wire, declared once: its reader, writer, view and schemas derive from this.

Every member of a state is a kernel ``Field`` below (kind, description, what a seat's view
shows), as for 99 and Dobon. The kernel reads each field; this game adds its cross-field
rules (``state_rules.check_state``: the deck conserved, identities on the pile, the suit in
force, a penalty the top card explains ...) and then reads the take-back log against the
otherwise sound state (``take_back_log.read_log``). The hand-written reader and writer these
replaced are kept in ``tests/wire/legacy`` and held equal to them by the differential tests.
"""

from __future__ import annotations

from typing import Any

from ...kernel import DABONG_55, MAX_SEED, JsonReader, StateInvalid, Suit, WireSchemas
from ...kernel.effects import (
    CardsDrawn,
    CardsPlayed,
    DirectionReversed,
    PileReshuffled,
    RoundDrawn,
    RoundWon,
    SuitDeclared,
    TurnPassed,
    TurnSkipped,
)
from ...kernel.field_kinds import (
    Bool,
    CardKind,
    Cards,
    Const,
    Int,
    ListOf,
    Nested,
    OptionsKind,
    Seat,
    SeatCount,
    StrEnumKind,
    Text,
    card_schema,
    options_schema,
)
from ...kernel.field_shapes import Boxed, CardMap, Custom
from ...kernel.fields import Field, Record
from ...kernel.wire import action_components, effect_components, merge_components
from . import effects as E
from .engine import ACTION_FIELDS as ENGINE_FIELDS
from .engine import COUNTER_LIMIT
from .options import DEFAULT_PRESET, DabongOptions
from .state import STATUSES, DabongState, Penalty, Scores, evolve
from .state_levels import MAX_RUN, MAX_YEAR
from .state_rules import check_state
from .take_back_fields import entry_schema
from .take_back_log import MAX_ENTRIES, log_to_json, log_view, read_log

PREFIX = "Dabong"
GAME_NAME = "dabong"
DECK = DABONG_55
MIN_SEATS = 2
MAX_SEATS = 5
SUITS: tuple[Suit, ...] = tuple(Suit(s) for s in "FWEA")
SEAT = Seat(max_seats=MAX_SEATS)
LISTED_SEAT = Seat(code="out_of_range", max_seats=MAX_SEATS)

PENALTY = Record(
    name="Penalty",
    doc="Cards the seat on turn must pick up before anything else (a 2 or the Queen of Water on top).",
    build=Penalty,
    fields=(
        Field("cards", Int(1, len(DECK)), "How many cards to pick up."),
        Field("skip", Bool(), "A 2 skips the seat after it picks up; the Queen of Water does not."),
    ),
)
_COUNTS = ListOf(Int(0, None, code="wrong_type"), max_len=MAX_SEATS, per_seat_code="wrong_count")
SCORES = Record(
    name="Scores",
    doc="The match's score sheet, by seat.",
    build=Scores,
    fields=(
        Field("games", _COUNTS, "Tennis scoring: games won in the current set, by seat (else zeros)."),
        Field("sets", _COUNTS, "Tennis scoring: sets won, by seat (else zeros)."),
        Field("points", _COUNTS, "Points scoring: running totals, lowest wins, by seat (else zeros)."),
        Field("played", Int(0, 10**6), "Games finished in this match (numbers the next deal's shuffle)."),
    ),
)


def _log_read_later(r: JsonReader, value: Any, pointer: str) -> Any:
    """Nothing yet: the log is read against the state it belongs to (``read_state`` calls
    ``take_back_log.read_log`` once the rest of the state is sound)."""
    return ()


def _log_schema(*, in_view: bool) -> dict[str, Any]:
    return {"type": "array", "maxItems": MAX_ENTRIES, "items": entry_schema(in_view=in_view)}


SEATS = SeatCount(lo=MIN_SEATS, hi=MAX_SEATS, if_invalid=MIN_SEATS)
_SUIT = StrEnumKind(Suit, members=SUITS)
_ANNOUNCED = ListOf(
    LISTED_SEAT, max_len=MAX_SEATS, ascending=True, keep_fallbacks=False, repeat_code="duplicate"
)
_ASCENDING_SEATS = ListOf(
    LISTED_SEAT, max_len=MAX_SEATS, ascending=True, keep_fallbacks=False, order_at_item=True
)

STATE = Record(
    name="State",
    doc="A dabong! match in progress or over: everything the service needs, sent back unchanged.",
    build=DabongState,
    checks=(check_state,),
    fields=(
        Field("game", Const(GAME_NAME, code="wrong_game"), "The game: always `dabong`.", attr=None),
        Field(
            "options",
            OptionsKind(DabongOptions, complete=True),
            "The rule options of this match; a state lists every option.",
        ),
        Field("seats", SEATS, f"Seats at the table, {MIN_SEATS} to {MAX_SEATS}."),
        Field(
            "seed",
            Int(0, MAX_SEED),
            "The seed of the match; every deal and reshuffle is drawn from it.",
            view="omitted",
        ),
        Field(
            "shuffles",
            Int(0, COUNTER_LIMIT),
            "Shuffles so far in the match (numbers the next one's seeded stream; at the limit, every "
            "action is refused: `counter_limit`).",
        ),
        Field("dealer", SEAT, "The dealer of this game (who settles the opening card)."),
        Field(
            "hands",
            ListOf(
                Cards(DECK, max_len=0), max_len=MAX_SEATS, per_seat_code="wrong_count", count_non_list=True
            ),
            "Each seat's hand, by seat, in hand order.",
            view="owner",
        ),
        Field("draw_pile", Cards(DECK), "The stock, top card first.", view="count"),
        Field("discard_pile", Cards(DECK), "The discard pile; the last card is the top."),
        Field(
            "shaman_identities",
            CardMap(DECK, CardKind(DECK)),
            "Each Shaman on the discard pile -> the real card it was declared as.",
            attr="identities",
        ),
        Field(
            "suit",
            _SUIT,
            "The suit in force after an 8 or a Jack on top (null or left out: none).",
            nullable=True,
            default=None,
        ),
        Field("top_seat", SEAT, "The seat that put the top card down."),
        Field("top_play", Int(1, len(DECK)), "How many cards the play on top of the pile holds."),
        Field("turn", SEAT, "The seat on turn (the dealer while the opening card is settled)."),
        Field("direction", Int(-1, 1, allowed=(1, -1)), "Direction of play: 1 (left) or -1 (right)."),
        Field(
            "penalty",
            Nested(PENALTY),
            "Cards the seat on turn must pick up (null: none).",
            nullable=True,
        ),
        Field(
            "one_card_announced",
            _ANNOUNCED,
            "Seats that have announced their one card, in increasing order.",
            attr="announced",
        ),
        Field(
            "status",
            Text(STATUSES),
            "`opening`: the dealer settles the opening card; `playing`: a game is on; "
            "`game_over`: between games; `over`: the match is over.",
        ),
        Field(
            "winner",
            SEAT,
            "The winner of the match once it is over (null or left out: none yet).",
            nullable=True,
            default=None,
        ),
        Field(
            "game_winner",
            SEAT,
            "The winner of the game just finished (null or left out: the game is on).",
            nullable=True,
            default=None,
        ),
        Field(
            "move",
            Int(0, COUNTER_LIMIT),
            "Actions so far in the match (at the limit, every action is refused: `counter_limit`).",
        ),
        Field(
            "take_back",
            Custom(_log_read_later, log_to_json, _log_schema(in_view=False)),
            "The plays that may still be taken back, oldest first, each with what it overwrote.",
            view={
                **_log_schema(in_view=True),
                "description": "The take-back log as a seat sees it: where another seat's cards sat "
                "in its hand is left out.",
            },
        ),
        Field("scores", Nested(SCORES), "The match's score sheet."),
        Field(
            "previous_play",
            Cards(DECK),
            "The identities of the play on top, in laid order (Shamans as declared).",
        ),
        Field(
            "rank_run",
            Int(1, MAX_RUN),
            "Cards of the top identity's rank in a row on the pile (the 4th card rule counts them).",
        ),
        Field(
            "extra_play",
            Boxed("then", SEAT, "The seat whose turn follows the extra play (or its pass)."),
            "An open 4th-card extra play (null: none).",
            nullable=True,
            attr="extra_play_then",
        ),
        Field(
            "answerable",
            Text(("heaven", "hell")),
            "An open heaven/hell answer: the play on top that may be answered (null or left out: none).",
            nullable=True,
            default=None,
        ),
        Field("river", CardKind(DECK), "The river card (null: none dealt).", nullable=True),
        Field(
            "as_dealt", _ASCENDING_SEATS, "Seats that still hold their hand as dealt, in increasing order."
        ),
        Field(
            "years_used",
            ListOf(
                ListOf(
                    Int(1, MAX_YEAR, code="out_of_range"),
                    max_len=MAX_YEAR,
                    ascending=True,
                    keep_fallbacks=False,
                    order_at_item=True,
                ),
                max_len=MAX_SEATS,
                per_seat_code="wrong_count",
                count_non_list=True,
            ),
            "Once a year: the calendar years each seat has used its win in, by seat, increasing.",
        ),
    ),
)


def read_state(data: Any) -> DabongState:
    """The state ``data`` holds, or ``StateInvalid`` with every problem."""
    r = JsonReader()
    if type(data) is dict and not data:
        r.add("/", "missing", "the state is empty")
        raise StateInvalid(r.problems)
    state = STATE.read_object(r, data, "", SEATS.context())
    if not r.problems:
        log = read_log(r, data, "", state)
        if log and not r.problems:
            state = evolve(state, take_back=log)
    if r.problems:
        raise StateInvalid(r.problems)
    return state  # type: ignore[no-any-return]


def write_state(state: DabongState) -> dict[str, Any]:
    return STATE.write(state)


def view_state(state: DabongState, seat: int) -> dict[str, Any]:
    """What ``seat`` may see: no seed, other hands and the stock as counts, and where another
    seat's taken-back cards sat left out of the log."""
    return STATE.view(state, seat, {"take_back": log_view(state.take_back, seat)})


EFFECTS: tuple[type, ...] = (
    CardsPlayed,
    CardsDrawn,
    TurnPassed,
    TurnSkipped,
    DirectionReversed,
    SuitDeclared,
    PileReshuffled,
    RoundWon,
    RoundDrawn,
    E.PenaltyImposed,
    E.ShamanDeclared,
    E.OpeningCardTurned,
    E.OpeningShamanTaken,
    E.OneCardAnnounced,
    E.CardCountAsked,
    E.PlayTakenBack,
    E.CardsTraded,
    E.GameScored,
    E.MatchWon,
    E.GameDealt,
    E.RiverDealt,
    E.ExtraPlayEarned,
    E.TwosNeutralized,
    E.AnswerOpened,
    E.OnceAYearUsed,
)
EFFECT_DOCS = {
    "PenaltyImposed.cards": "How many cards the seat must pick up.",
    "PenaltyImposed.skip": "Whether the seat is skipped after picking up.",
    "TwosNeutralized.cards": "How many cards the neutralized penalty held.",
    "shaman": "The Shaman card.",
    "identity": "The real card the Shaman is declared as.",
    "card": "The card concerned.",
    "target": "The seat asked.",
    "partner": "The other seat of the trade.",
    "gave": "The cards the seat gave.",
    "received": "The cards the seat received.",
    "winner": "The seat that won the game.",
    "games": "Tennis: games won in the current set, by seat.",
    "sets": "Tennis: sets won, by seat.",
    "points": "Points: running totals, by seat.",
    "dealer": "The dealer of the new game.",
    "number": "The number of the game in the match, from 1.",
    "run": "Cards of the top rank in a row.",
    "then": "The seat whose turn follows the extra play.",
    "play": "The play that opened the answer: `heaven` or `hell`.",
    "answer": "The play that answers it: `hell` or `heaven`.",
    "year": "The calendar year used.",
}
#: Every action field the request parser accepts as left out (the engine then answers a play
#: without cards, an ask without a target ... as illegal): none is required by the schema.
ACTION_FIELDS = {kind: dict.fromkeys(sorted(names), False) for kind, names in ENGINE_FIELDS.items()}
#: The request parser reads a card list of at most twice the deck.
MAX_ACTION_CARDS = 2 * len(DECK)


def _counts_for_other_seats(traded: dict[str, Any]) -> None:
    """A trade shows a third seat how many cards went each way instead of the cards
    (``CardsTraded.to_json``): those counts are in its schema too."""
    for side in ("gave", "received"):
        traded["properties"][f"{side}_count"] = {
            "type": "integer",
            "minimum": 1,
            "description": f"Seen by the other seats instead of `{side}`: how many cards.",
        }
    traded["description"] = (
        "Two seats traded cards by agreement. Only the two of them see `gave` and `received`; "
        "every other seat sees `gave_count` and `received_count` instead."
    )


def wire_schemas(action_types: dict[str, str]) -> WireSchemas:
    card = {"$ref": f"#/components/schemas/{PREFIX}Card"}
    components: dict[str, dict[str, Any]] = {
        PREFIX + "Card": card_schema(
            DECK,
            "A card of the dabong! deck: rank (A, 2-10, J, Q, K) then suit (F, W, E, A), or a Shaman.",
        ),
        PREFIX + "Options": options_schema(
            DabongOptions,
            "The options of dabong!. Any option left out takes its value from the preset asked for; the "
            f"defaults shown are those of the default preset, `{DEFAULT_PRESET}`.",
        ),
        **{PREFIX + rec.name: rec.schema(PREFIX) for rec in (PENALTY, SCORES, STATE)},
        PREFIX + "View": STATE.view_schema(
            PREFIX,
            "What one seat may see: the state without the seed, other hands and the stock as counts, "
            "where another seat's taken-back cards sat left out.",
            viewer_doc="The seat this view is for.",
        ),
    }

    # What the request parser takes for each field (``kernel.action_codec``): null is "none"
    # for suit, declare, value and top; ``target``/``partner`` are any scalar (the engine
    # answers anything but a seat of the table as illegal, ``no_such_seat``).
    def seat_param(what: str) -> dict[str, Any]:
        return {
            "type": ["integer", "boolean", "string", "null"],
            "description": f"{what}: a seat number (anything else, or null, is answered as illegal).",
        }

    fields: dict[str, dict[str, Any]] = {
        "cards": {
            "type": "array",
            "items": card,
            "maxItems": MAX_ACTION_CARDS,
            "description": "The cards: those laid, in laid order (the last on top), or both sides of "
            "a trade. Left out: none (a play without cards is answered as illegal).",
        },
        "suit": {
            "type": ["string", "null"],
            "enum": [*(s.value for s in SUITS), None],
            "description": "The suit an 8 or a Jack on top puts in force (null or left out: none).",
        },
        "declare": {
            "anyOf": [
                {"type": "object", "propertyNames": card, "additionalProperties": card},
                {"type": "null"},
            ],
            "description": "Each Shaman played -> the real card it is declared as (null or left out: none).",
        },
        "value": {
            "type": ["integer", "null"],
            "minimum": 0,
            "maximum": 10_000,
            "description": "The total the hand's Shamans are given in a claim (null or left out: none).",
        },
        "top": {
            "anyOf": [card, {"type": "null"}],
            "description": "Taking the opening Shaman: the card of the hand buried in its place "
            "(null or left out: none).",
        },
        "target": seat_param("The seat asked"),
        "partner": seat_param("The other seat of the trade"),
    }
    actions, action = action_components(PREFIX, action_types, ACTION_FIELDS, fields, MAX_SEATS)
    effects, effect = effect_components(PREFIX, EFFECTS, EFFECT_DOCS, tuple(s.value for s in SUITS))
    _counts_for_other_seats(effects[PREFIX + "CardsTraded"])
    components = merge_components(components, actions, effects)
    components[PREFIX + "Action"] = action
    components[PREFIX + "Effect"] = effect
    roles = {role: PREFIX + role.capitalize() for role in ("state", "view", "action", "effect", "options")}
    return WireSchemas(components=components, roles=roles)
