"""The 99 state on the wire, declared once: its reader, writer and schemas derive from this.

The kernel reads every field (types, ranges, cards, seats, required/optional) from the
declarations below; this game adds only its cross-field rules (``state_rules.check_cards``,
``state_rules.check_play``: cards conserved, the Count the play pile explains, whose turn it may be).
"""

from __future__ import annotations

from typing import Any

from ...kernel import MAX_SEED, STANDARD_52, JsonReader, StateInvalid, WireSchemas
from ...kernel.actions import MAX_ACTION_CARDS
from ...kernel.effects import CardsDrawn, CardsPlayed, PileReshuffled, PlayerEliminated, RoundWon, TurnPassed
from ...kernel.field_kinds import (
    Cards,
    Const,
    Int,
    ListOf,
    Nested,
    OptionsKind,
    Seat,
    SeatCount,
    StrEnumKind,
    card_schema,
    options_schema,
)
from ...kernel.fields import Field, Record
from ...kernel.wire import action_components, effect_components, merge_components
from .counting import LIMIT
from .effects import (
    BonusHitCreated,
    CountChanged,
    DeathCardPlayed,
    DeathCardShielded,
    HitAwarded,
    HitSlid,
    HitStolen,
)
from .options import NinetyNineOptions
from .state import Hit, HitKind, NinetyNineState, Status
from .state_rules import GAME_NAME, HAND_SIZE, MAX_SEATS, MIN_SEATS, check_cards, check_play

PREFIX = "NinetyNine"
DECK = STANDARD_52
_BIG = 10_000_000

HIT = Record(
    name="Hit",
    doc="Where one hit ended after the clubs slide.",
    build=Hit,
    read_non_object_as_empty=True,
    fields=(
        Field(
            "kind",
            StrEnumKind(HitKind),
            "`win`: the winner's hit; `bonus`: the second hit an Ace of Clubs makes.",
        ),
        Field("seat", Seat(max_seats=MAX_SEATS), "The seat that takes the hit."),
        Field("via", Cards(DECK), "The clubs the hit slid through, in order."),
    ),
)


def _cross_field_rules(r: JsonReader, state: NinetyNineState, obj: Any) -> None:
    check_cards(r, state)
    if not r.problems:
        check_play(r, state)


SEATS = SeatCount(lo=MIN_SEATS, hi=MAX_SEATS)

STATE = Record(
    name="State",
    doc="A hand of 99 in progress or over: everything the service needs, sent back unchanged.",
    build=NinetyNineState,
    read_non_object_as_empty=True,
    checks=(_cross_field_rules,),
    fields=(
        Field("game", Const(GAME_NAME), "The game: always `99`.", attr=None),
        Field(
            "options",
            OptionsKind(NinetyNineOptions, complete=True),
            "The rule options of this hand; a state lists every option.",
        ),
        Field("seats", SEATS, f"Seats at the table, {MIN_SEATS} to {MAX_SEATS}."),
        Field(
            "seed",
            Int(0, MAX_SEED),
            "The seed of the deal; every reshuffle is drawn from it.",
            view="omitted",
        ),
        Field("shuffles", Int(0, _BIG), "Reshuffles so far; the next one uses this number."),
        Field(
            "hands",
            ListOf(
                Cards(DECK, max_len=0, size=HAND_SIZE, size_code="wrong_hand_size"),
                max_len=MAX_SEATS,
                per_seat_code="wrong_hand_count",
                count_non_list=True,
            ),
            f"Each seat's {HAND_SIZE} cards, by seat (eliminated seats keep theirs).",
            view="owner",
        ),
        Field("draw_pile", Cards(DECK), "The draw pile, top card first.", view="count"),
        Field("play_pile", Cards(DECK), "Cards played since the last reshuffle; the last is the top."),
        Field("count", Int(0, LIMIT), f"The Count, 0 to {LIMIT}."),
        Field(
            "count_base",
            Int(0, LIMIT),
            "The Count when the play pile last started empty (0 at the deal); the pile replayed "
            "from it gives `count`.",
        ),
        Field(
            "status",
            StrEnumKind(Status),
            "`playing`; `death_card`: the target must shield with the Ace of Diamonds; `over`.",
        ),
        Field(
            "turn", Seat(max_seats=MAX_SEATS), "The seat to act; null when the hand is over.", nullable=True
        ),
        Field(
            "attacker",
            Seat(max_seats=MAX_SEATS),
            "Who played the pending Death Card (null unless `status` is `death_card`).",
            nullable=True,
        ),
        Field(
            "eliminated",
            ListOf(
                Seat(code="not_a_seat", max_seats=MAX_SEATS),
                max_len=MAX_SEATS,
                ascending=True,
                keep_fallbacks=False,
            ),
            "Seats out of the hand, each once, ascending.",
        ),
        Field(
            "winner",
            Seat(max_seats=MAX_SEATS),
            "The last seat standing; null until the hand is over.",
            nullable=True,
        ),
        Field("hits", ListOf(Nested(HIT), max_len=2), "Where the hits ended (only once the hand is over)."),
        Field("move", Int(0, _BIG), "Moves played so far in this hand."),
    ),
)


def read_state(data: Any) -> NinetyNineState:
    """The state ``data`` holds, or ``StateInvalid`` with every problem."""
    r = JsonReader()
    state = STATE.read_object(r, data, "", SEATS.context())
    if r.problems:
        raise StateInvalid(r.problems)
    return state  # type: ignore[no-any-return]


def write_state(state: NinetyNineState) -> dict[str, Any]:
    return STATE.write(state)


EFFECTS: tuple[type, ...] = (
    CardsPlayed,
    CountChanged,
    CardsDrawn,
    PileReshuffled,
    TurnPassed,
    DeathCardPlayed,
    DeathCardShielded,
    PlayerEliminated,
    RoundWon,
    HitStolen,
    BonusHitCreated,
    HitSlid,
    HitAwarded,
)
EFFECT_DOCS = {
    "card": "The card concerned.",
    "before": "The Count before the card.",
    "after": "The Count after the card.",
    "target": "The seat the Death Card attacks.",
    "attacker": "The seat that played the Death Card.",
    "blowback": "Whether the shield knocked the attacker out.",
    "from_seat": "The seat the hit came from.",
    "hit": "Which hit: `win` or `bonus`.",
    "via": "The clubs the hit slid through.",
}
#: The fields each action type takes, and whether each is required.
#: ``cards`` may be left out: an action naming no card (or two) is well-formed and answered
#: as an illegal play, not refused.
ACTION_FIELDS = {"play": {"cards": False}}


def wire_schemas(action_types: dict[str, str]) -> WireSchemas:
    components: dict[str, dict[str, Any]] = {
        PREFIX + "Card": card_schema(
            DECK, "A card of the standard 52-card deck: rank (A, 2-10, J, Q, K) then suit (S, H, D, C)."
        ),
        PREFIX + "Options": options_schema(
            NinetyNineOptions,
            "The options of 99. Any option left out takes its value from the preset asked for; the "
            "defaults shown are those of the default preset, `standard`.",
        ),
        PREFIX + "Hit": HIT.schema(PREFIX),
        PREFIX + "State": STATE.schema(PREFIX),
        PREFIX + "View": STATE.view_schema(
            PREFIX,
            "What one seat may see: the state without the seed, other hands and the draw pile as counts.",
            viewer_doc="The seat this view is for.",
        ),
    }
    play_cards = {
        "type": "array",
        "items": {"$ref": f"#/components/schemas/{PREFIX}Card"},
        "maxItems": MAX_ACTION_CARDS,
        "description": "The card played, from the seat's hand. A turn plays exactly one; any other "
        "number is well-formed and answered as an illegal play (`play_one_card`).",
    }
    actions, action = action_components(PREFIX, action_types, ACTION_FIELDS, {"cards": play_cards}, MAX_SEATS)
    effects, effect = effect_components(PREFIX, EFFECTS, EFFECT_DOCS, ("S", "H", "D", "C"))
    components = merge_components(components, actions, effects)
    components[PREFIX + "Action"] = action
    components[PREFIX + "Effect"] = effect
    roles = {role: PREFIX + role.capitalize() for role in ("state", "view", "action", "effect", "options")}
    return WireSchemas(components=components, roles=roles)
