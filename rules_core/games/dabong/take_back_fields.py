"""The take-back log's fields, declared once: what each holds, how it is written and read.

Every field of an entry, and every state field an entry restores (``before``), is a
``Field``: a JSON name, the state attribute it stands for (restored fields), a
``Kind`` and a description. A kind is one sort of value (a seat, a card, a list of
seats in increasing order ...): ``write`` gives its JSON and ``parse`` reads it back,
exactly and strictly, or raises ``Unfit`` with a problem code, a message and where
below the field it lies. There is no separate careful reader: the log reader calls
``parse`` on every field, keeps every ``Unfit`` as a problem, and a valid log, the
common case, costs one ``parse`` per field (no reader objects, no pointers built).

This is deliberately self-contained (no game rules): the kernel's field declarations
(issue #26) can take it over as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...kernel import DABONG_55, Card, Suit, format_card, format_cards
from .state import Penalty

_BY_TEXT: dict[str, Card] = DABONG_55.by_text
DECK_SIZE = len(DABONG_55)
_SUITS: dict[str, Suit] = {s: Suit(s) for s in ("F", "W", "E", "A")}
#: Most cards of one rank in a row: four real cards and three Shamans.
MAX_RUN = 7


class Unfit(ValueError):
    """A value a field cannot hold: ``code``, ``message`` and the pointer below the field."""

    def __init__(self, code: str, message: str, below: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.below = below


@dataclass(frozen=True, slots=True)
class Kind:
    """One sort of value: its JSON ``write``r, its strict ``parse``r (``parse(value, seats)``),
    and a JSON Schema fragment for the documents."""

    write: Callable[[Any], Any]
    parse: Callable[[Any, int], Any]
    schema: dict[str, Any]


def _int(value: Any, lo: int, hi: int) -> int:
    if type(value) is not int:
        raise Unfit("wrong_type", "expected an integer")
    if not lo <= value <= hi:
        raise Unfit("out_of_range", f"{value} is outside {lo}..{hi}")
    return value


def _same(value: Any) -> Any:
    return value


def count(lo: int, hi: int) -> Kind:
    return Kind(_same, lambda v, seats: _int(v, lo, hi), {"type": "integer", "minimum": lo, "maximum": hi})


def _parse_seat(value: Any, seats: int) -> int:
    return _int(value, 0, seats - 1)


def _parse_card(value: Any, seats: int) -> Card:
    card = _BY_TEXT.get(value) if type(value) is str else None
    if card is None:
        raise Unfit("unknown_card", f"{value!r} is not a card of the dabong! deck")
    return card


def _parse_cards(value: Any, seats: int) -> tuple[Card, ...]:
    if type(value) is not list:
        raise Unfit("wrong_type", "expected an array of cards")
    if len(value) > DECK_SIZE:
        raise Unfit("too_long", f"at most {DECK_SIZE} cards")
    try:
        return tuple(map(_BY_TEXT.__getitem__, value))  # every item a card's notation: the common case
    except (KeyError, TypeError):
        pass
    out = []
    for i, item in enumerate(value):
        try:
            out.append(_parse_card(item, seats))
        except Unfit as unfit:
            raise Unfit(unfit.code, unfit.message, f"/{i}") from None
    return tuple(out)


def _parse_seats(value: Any, seats: int) -> tuple[int, ...]:
    if type(value) is not list:
        raise Unfit("wrong_type", "expected an array of seats")
    for i, seat in enumerate(value):
        if type(seat) is not int or not 0 <= seat < seats:
            raise Unfit("out_of_range", "expected a seat number", f"/{i}")
        if i and seat <= value[i - 1]:
            raise Unfit("not_sorted", "list each seat once, in increasing order", f"/{i}")
    return tuple(value)


def _parse_positions(value: Any, seats: int) -> tuple[int, ...]:
    if type(value) is not list:
        raise Unfit("wrong_type", "expected an array of hand indexes")
    for i, position in enumerate(value):
        if type(position) is not int or not 0 <= position < DECK_SIZE:
            raise Unfit("out_of_range", "expected a hand index", f"/{i}")
    if len(set(value)) != len(value):
        raise Unfit("duplicate", "each card sat at its own index")
    return tuple(value)


def nullable(kind: Kind) -> Kind:
    return Kind(
        lambda v: None if v is None else kind.write(v),
        lambda v, seats: None if v is None else kind.parse(v, seats),
        {"anyOf": [kind.schema, {"type": "null"}]},
    )


def _parse_direction(value: Any, seats: int) -> int:
    if type(value) is not int or value not in (1, -1):
        raise Unfit("not_allowed", "direction is 1 (left) or -1 (right)")
    return value


def _parse_suit(value: Any, seats: int) -> Suit:
    suit = _SUITS.get(value) if type(value) is str else None
    if suit is None:
        raise Unfit("not_allowed", f"{value!r} is not one of F, W, E, A")
    return suit


def _parse_choice(choices: tuple[str, ...]) -> Callable[[Any, int], str]:
    def parse(value: Any, seats: int) -> str:
        if type(value) is not str or value not in choices:
            raise Unfit("not_allowed", f"{value!r} is not one of {', '.join(choices)}")
        return value

    return parse


def _members(value: Any, names: tuple[str, ...]) -> dict[str, Any]:
    if type(value) is not dict:
        raise Unfit("wrong_type", "expected an object")
    for name in value:
        if name not in names:
            raise Unfit("unknown_field", f"unknown field {name!r}", f"/{name}")
    for name in names:
        if name not in value:
            raise Unfit("missing", f"{name!r} is required", f"/{name}")
    return value


def _parse_penalty(value: Any, seats: int) -> Penalty:
    obj = _members(value, ("cards", "skip"))
    if type(obj["skip"]) is not bool:
        raise Unfit("wrong_type", "expected true or false", "/skip")
    try:
        cards = _int(obj["cards"], 1, DECK_SIZE)
    except Unfit as unfit:
        raise Unfit(unfit.code, unfit.message, "/cards") from None
    return Penalty(cards=cards, skip=obj["skip"])


def _parse_then(value: Any, seats: int) -> int:
    obj = _members(value, ("then",))
    try:
        return _parse_seat(obj["then"], seats)
    except Unfit as unfit:
        raise Unfit(unfit.code, unfit.message, "/then") from None


def _parse_declare(value: Any, seats: int) -> tuple[tuple[Card, Card], ...]:
    if type(value) is not dict:
        raise Unfit("wrong_type", "expected an object: Shaman -> declared card")
    pairs = []
    for shaman, card in value.items():
        pairs.append((_parse_card(shaman, seats), _parse_card(card, seats)))
    return tuple(sorted(pairs))


SEAT = Kind(_same, _parse_seat, {"type": "integer", "minimum": 0, "description": "a seat number"})
CARDS = Kind(format_cards, _parse_cards, {"type": "array", "items": {"type": "string"}})
SEATS = Kind(list, _parse_seats, {"type": "array", "items": {"type": "integer", "minimum": 0}})
POSITIONS = Kind(list, _parse_positions, {"type": "array", "items": {"type": "integer", "minimum": 0}})
CARD = Kind(format_card, _parse_card, {"type": "string"})
SUIT = Kind(lambda s: s.value, _parse_suit, {"type": "string", "enum": ["F", "W", "E", "A"]})
DIRECTION = Kind(_same, _parse_direction, {"type": "integer", "enum": [1, -1]})
PENALTY = Kind(
    lambda p: {"cards": p.cards, "skip": p.skip},
    _parse_penalty,
    {
        "type": "object",
        "properties": {"cards": {"type": "integer", "minimum": 1}, "skip": {"type": "boolean"}},
        "required": ["cards", "skip"],
        "additionalProperties": False,
    },
)
THEN = Kind(
    lambda then: {"then": then},
    _parse_then,
    {
        "type": "object",
        "properties": {"then": {"type": "integer", "minimum": 0}},
        "required": ["then"],
        "additionalProperties": False,
    },
)
ANSWERABLE = Kind(_same, _parse_choice(("heaven", "hell")), {"type": "string", "enum": ["heaven", "hell"]})
DECLARE = Kind(
    lambda pairs: {format_card(s): format_card(c) for s, c in pairs},
    _parse_declare,
    {"type": "object", "additionalProperties": {"type": "string"}},
)


@dataclass(frozen=True, slots=True)
class Field:
    """One member of an entry (or of its ``before``): JSON name, state attribute, kind, meaning."""

    json: str
    attr: str
    kind: Kind
    description: str


#: The members of an entry besides ``before``; ``attr`` names the ``Action`` field (or the
#: entry's own ``hand_positions``).
ENTRY: tuple[Field, ...] = (
    Field("seat", "seat", SEAT, "the seat that made the play (only it may take it back)"),
    Field("cards", "cards", CARDS, "the cards laid, in laid order (the last one on top of the pile)"),
    Field("declare", "declare", DECLARE, "each Shaman of the play -> the card it was declared as ({}: none)"),
    Field("suit", "suit", nullable(SUIT), "the suit the play named for an 8 or a Jack on top (null: none)"),
    Field(
        "hand_positions",
        "hand_positions",
        POSITIONS,
        "for each card laid, its index in the seat's hand before the play (left out of other seats' views)",
    ),
)

#: The state fields a play overwrites, in the order ``before`` lists them: JSON name as in
#: the state, and the ``DabongState`` attribute.
RESTORED: tuple[Field, ...] = (
    Field("suit", "suit", nullable(SUIT), "suit in force after an 8 or a Jack on top (null: none)"),
    Field("top_seat", "top_seat", SEAT, "seat that put the top card down"),
    Field("top_play", "top_play", count(1, DECK_SIZE), "cards in the play on top of the pile"),
    Field("turn", "turn", SEAT, "seat on turn"),
    Field("direction", "direction", DIRECTION, "1: play went to the left, -1: to the right"),
    Field("penalty", "penalty", nullable(PENALTY), "cards the seat on turn had to pick up (null: none)"),
    Field("one_card_announced", "announced", SEATS, "seats that had announced their one card"),
    Field("previous_play", "previous_play", CARDS, "identities of the play on top, in laid order"),
    Field("rank_run", "rank_run", count(1, MAX_RUN), "cards of the top identity's rank in a row"),
    Field("extra_play", "extra_play_then", nullable(THEN), "an open 4th-card extra play (null: none)"),
    Field("answerable", "answerable", nullable(ANSWERABLE), "an open heaven/hell answer (null: none)"),
    Field("river", "river", nullable(CARD), "the river card (null: none)"),
    Field("as_dealt", "as_dealt", SEATS, "seats that still held their hand as dealt"),
)
ENTRY_NAMES: tuple[str, ...] = (*(f.json for f in ENTRY), "before")
RESTORED_NAMES: tuple[str, ...] = tuple(f.json for f in RESTORED)
RESTORED_ATTRS: tuple[str, ...] = tuple(f.attr for f in RESTORED)
BEFORE_DESCRIPTION = "the values the play overwrote in these state fields (what a take-back puts back)"


def entry_schema(*, in_view: bool = False) -> dict[str, Any]:
    """The JSON Schema of one entry, from the declarations above (``in_view``: as a seat's
    view shows it, where ``hand_positions`` is only there for the viewer's own plays)."""
    before = {
        "type": "object",
        "description": BEFORE_DESCRIPTION,
        "properties": {f.json: {**f.kind.schema, "description": f.description} for f in RESTORED},
        "required": list(RESTORED_NAMES),
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "properties": {
            **{f.json: {**f.kind.schema, "description": f.description} for f in ENTRY},
            "before": before,
        },
        "required": [n for n in ENTRY_NAMES if not (in_view and n == "hand_positions")],
        "additionalProperties": False,
    }
