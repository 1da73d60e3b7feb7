"""The kinds of value a declared field holds: how each is read, written and described.

Every kind reads a JSON value that is present and not null (``Record`` handles absent and
null members), reports what is wrong with it through ``JsonReader`` with the codes the
service has always answered (``wrong_type``, ``out_of_range``, ``not_allowed``,
``too_long``, ``unknown_card`` ...), and returns a usable fallback so that one pass finds
every problem. The common case -- a valid value -- is decided first, at once: states are
read on every request.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from .cards import Deck, format_card
from .options import describe, listed_options_reader, options_from_json, options_to_json
from .problems import JsonReader

if TYPE_CHECKING:
    from .fields import Record

SCHEMA_REF = "$ref"


def ref(prefix: str, name: str) -> dict[str, str]:
    return {SCHEMA_REF: f"#/components/schemas/{prefix}{name}"}


@dataclass(slots=True)
class ReadContext:
    """What reading one state has learnt so far that later fields depend on."""

    #: The table's seat count (None: unknown, the ``seats`` member was unusable).
    seats: int | None
    #: The most seats the game allows (bounds a seat while ``seats`` is unknown).
    max_seats: int

    @property
    def seat_hi(self) -> int:
        return max(self.seats - 1, 0) if self.seats is not None else self.max_seats - 1


class Kind:
    """What one kind of value is on the wire."""

    #: The message of a ``wrong_type`` problem.
    expected = "expected a value"
    #: The value is its own JSON (an int, a bool): the writer takes it as it is.
    writes_as_is = False

    @property
    def reads_null(self) -> bool:
        """A null list item goes to ``read``, which reports it its own way."""
        return False

    def read(self, r: JsonReader, value: Any, pointer: str, ctx: ReadContext) -> Any:
        raise NotImplementedError

    def write(self, value: Any) -> Any:
        return value

    def fallback(self, ctx: ReadContext) -> Any:
        return None

    def schema(self, prefix: str) -> dict[str, Any]:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Const(Kind):
    """A fixed string (a state's ``game``); a wire-only member. ``code``: the problem of another string."""

    value: str
    code: str = "not_allowed"
    expected = "expected a string"

    def read(self, r: JsonReader, value: Any, pointer: str, ctx: ReadContext) -> Any:
        if value == self.value and type(value) is str:
            return value
        if not isinstance(value, str):
            r.add(pointer, "wrong_type", self.expected)
        else:
            r.add(pointer, self.code, f"{value!r} is not one of {self.value}")
        return self.value

    def write(self, value: Any) -> Any:
        return self.value

    def schema(self, prefix: str) -> dict[str, Any]:
        return {"type": "string", "const": self.value}


@dataclass(frozen=True, slots=True)
class Int(Kind):
    """An integer in ``lo..hi``; ``allowed`` narrows it to some values (``not_allowed`` otherwise).

    ``code``, when set, is the one code of every problem (a list item reported as
    ``out_of_range`` whatever is wrong with it).
    """

    lo: int | None = None
    hi: int | None = None
    allowed: tuple[int, ...] | None = None
    code: str | None = None
    writes_as_is = True
    expected = "expected an integer"

    @property
    def reads_null(self) -> bool:
        return self.code is not None

    def read(self, r: JsonReader, value: Any, pointer: str, ctx: ReadContext) -> Any:
        lo, hi = self.lo, self.hi
        if type(value) is int and (lo is None or value >= lo) and (hi is None or value <= hi):
            if self.allowed is not None and value not in self.allowed:
                r.add(pointer, "not_allowed", f"{value} is not one of {', '.join(map(str, self.allowed))}")
            return value
        if self.code is not None:
            r.add(pointer, self.code, f"{value!r} is not an integer {lo}..{hi}")
        elif isinstance(value, bool) or not isinstance(value, int):
            r.add(pointer, "wrong_type", self.expected)
        else:
            r.add(pointer, "out_of_range", f"{value} is outside {lo}..{hi}")
        return lo or 0

    def fallback(self, ctx: ReadContext) -> Any:
        return self.lo or 0

    def schema(self, prefix: str) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer"}
        if self.allowed is not None:
            out["enum"] = list(self.allowed)
        if self.lo is not None:
            out["minimum"] = self.lo
        if self.hi is not None:
            out["maximum"] = self.hi
        return out


@dataclass(frozen=True, slots=True)
class SeatCount(Int):
    """The table's seat count, which bounds every seat read after it.

    ``if_invalid`` is the seat count later fields assume when this one is unusable
    (None: unknown, and per-seat lengths go unchecked).
    """

    if_invalid: int | None = None

    def seats_for(self, read: int, raw: Any) -> int | None:
        ok = type(raw) is int and self.lo is not None and self.hi is not None and self.lo <= raw <= self.hi
        return raw if ok else self.if_invalid

    def context(self) -> ReadContext:
        assert self.hi is not None
        return ReadContext(seats=self.if_invalid, max_seats=self.hi)


@dataclass(frozen=True, slots=True)
class Seat(Kind):
    """A seat of this table: ``0..seats-1`` (``code`` for every problem, ``out_of_range`` by default)."""

    code: str | None = None
    #: The most seats of the game, for the schema (the reader bounds by the table's count).
    max_seats: int = 8
    writes_as_is = True
    expected = "expected an integer"

    @property
    def reads_null(self) -> bool:
        return self.code is not None

    def read(self, r: JsonReader, value: Any, pointer: str, ctx: ReadContext) -> Any:
        hi = ctx.seat_hi
        if type(value) is int and 0 <= value <= hi:
            return value
        if self.code is not None:
            r.add(pointer, self.code, f"{value!r} is not a seat 0..{hi}")
        elif isinstance(value, bool) or not isinstance(value, int):
            r.add(pointer, "wrong_type", self.expected)
        else:
            r.add(pointer, "out_of_range", f"{value} is outside 0..{hi}")
        return 0

    def fallback(self, ctx: ReadContext) -> Any:
        return 0

    def schema(self, prefix: str) -> dict[str, Any]:
        return {"type": "integer", "minimum": 0, "maximum": self.max_seats - 1}


@dataclass(frozen=True, slots=True)
class Bool(Kind):
    writes_as_is = True
    expected = "expected true or false"

    def read(self, r: JsonReader, value: Any, pointer: str, ctx: ReadContext) -> Any:
        if type(value) is bool:
            return value
        r.add(pointer, "wrong_type", self.expected)
        return False

    def fallback(self, ctx: ReadContext) -> Any:
        return False

    def schema(self, prefix: str) -> dict[str, Any]:
        return {"type": "boolean"}


@dataclass(frozen=True, slots=True)
class StrEnumKind(Kind):
    """One of the values of a string enum (the member is returned; the first is the fallback)."""

    enum: type[Enum]
    #: The members this field allows (None: every member), as a game's deck has only some suits.
    members: tuple[Enum, ...] | None = None
    expected = "expected a string"

    def allowed(self) -> tuple[Enum, ...]:
        return tuple(self.enum) if self.members is None else self.members

    def read(self, r: JsonReader, value: Any, pointer: str, ctx: ReadContext) -> Any:
        member = self.enum._value2member_map_.get(value) if type(value) is str else None
        if member is not None and (self.members is None or member in self.members):
            return member
        if not isinstance(value, str):
            r.add(pointer, "wrong_type", self.expected)
        else:
            choices = ", ".join(str(m.value) for m in self.allowed())
            r.add(pointer, "not_allowed", f"{value!r} is not one of {choices}")
        return self.fallback(ctx)

    def write(self, value: Any) -> Any:
        return value.value

    def fallback(self, ctx: ReadContext) -> Any:
        return self.allowed()[0]

    def schema(self, prefix: str) -> dict[str, Any]:
        return {"type": "string", "enum": [m.value for m in self.allowed()]}


@dataclass(frozen=True, slots=True)
class Text(Kind):
    """A string from a fixed list of ``choices`` (kept as a string)."""

    choices: tuple[str, ...]
    expected = "expected a string"

    def read(self, r: JsonReader, value: Any, pointer: str, ctx: ReadContext) -> Any:
        if type(value) is str and value in self.choices:
            return value
        if not isinstance(value, str):
            r.add(pointer, "wrong_type", self.expected)
        else:
            r.add(pointer, "not_allowed", f"{value!r} is not one of {', '.join(self.choices)}")
        return self.choices[0]

    def fallback(self, ctx: ReadContext) -> Any:
        return self.choices[0]

    def schema(self, prefix: str) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.choices)}


@dataclass(frozen=True, slots=True)
class CardKind(Kind):
    """One card of ``deck``, in the deck's notation (the ``<prefix>Card`` component)."""

    deck: Deck
    expected = "expected a card"

    def read(self, r: JsonReader, value: Any, pointer: str, ctx: ReadContext) -> Any:
        known = self.deck.by_text.get(value) if type(value) is str else None
        return known if known is not None else r.card(value, pointer, self.deck)

    def write(self, value: Any) -> Any:
        return format_card(value)

    def schema(self, prefix: str) -> dict[str, Any]:
        return ref(prefix, "Card")


@dataclass(frozen=True, slots=True)
class Cards(Kind):
    """A list of cards of ``deck`` (a hand, a pile).

    ``max_len`` bounds it (``too_long``; None: twice the deck, 0: no bound); ``size``, when
    set, is the exact length every such list has (``size_code`` otherwise).
    """

    deck: Deck
    max_len: int | None = None
    size: int | None = None
    size_code: str = "wrong_size"
    expected = "expected an array"

    def read(self, r: JsonReader, value: Any, pointer: str, ctx: ReadContext) -> Any:
        if type(value) is not list:
            r.add(pointer, "wrong_type", self.expected)
            return ()
        limit = len(self.deck.cards) * 2 if self.max_len is None else self.max_len
        if limit and len(value) > limit:
            r.add(pointer, "too_long", f"at most {limit} items")
            return ()
        cards = r.card_list(value, pointer, self.deck)
        if self.size is not None and len(value) != self.size:
            r.add(pointer, self.size_code, f"exactly {self.size} cards, not {len(value)}")
        return cards

    def write(self, value: Any) -> Any:
        return list(map(self.deck.text_of.__getitem__, value))

    def fallback(self, ctx: ReadContext) -> Any:
        return ()

    def schema(self, prefix: str) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": ref(prefix, "Card")}
        limit = len(self.deck.cards) * 2 if self.max_len is None else self.max_len
        if self.size is not None:
            out["minItems"] = out["maxItems"] = self.size
        elif limit:
            out["maxItems"] = limit
        return out


@dataclass(frozen=True, slots=True)
class ListOf(Kind):
    """A list of ``item`` values, at most ``max_len`` (``too_long``: the list is not read).

    ``per_seat_code``: one entry per seat of the table, else that problem at the list.
    ``ascending``: items listed once each, ascending (``not_sorted`` at the list otherwise);
    with ``order_at_item`` an item not above the one before it is reported at the item
    instead, and dropped; ``repeat_code``, when set, reports an item listed before at the item
    with that code, and drops it.
    Items that fail to read are dropped, unless ``keep_fallbacks``.
    """

    item: Kind
    max_len: int
    per_seat_code: str | None = None
    ascending: bool = False
    order_at_item: bool = False
    repeat_code: str | None = None
    keep_fallbacks: bool = True
    #: A value that is not an array still gets the per-seat problem (it holds no entries).
    count_non_list: bool = False
    #: Items are not read (a derived list the game compares as a whole): the raw list is kept.
    read_items: bool = True
    expected = "expected an array"

    def read(self, r: JsonReader, value: Any, pointer: str, ctx: ReadContext) -> Any:
        if type(value) is not list:
            r.add(pointer, "wrong_type", self.expected)
            if self.count_non_list and self.per_seat_code is not None and ctx.seats is not None:
                r.add(pointer, self.per_seat_code, f"one per seat: 0 entries for {ctx.seats} seats")
            return ()
        if len(value) > self.max_len:
            r.add(pointer, "too_long", f"at most {self.max_len} items")
            items: list[Any] = []
        elif not self.read_items:
            items = value
        else:
            item = self.item
            out: list[Any] = []
            for i, raw in enumerate(value):
                before = len(r.problems)
                if raw is None and not item.reads_null:
                    r.add(f"{pointer}/{i}", "wrong_type", item.expected)
                    continue
                got = item.read(r, raw, f"{pointer}/{i}", ctx)
                if got is None or (not self.keep_fallbacks and len(r.problems) > before):
                    continue
                if self.repeat_code is not None and got in out:
                    r.add(f"{pointer}/{i}", self.repeat_code, f"{got!r} is listed twice")
                    continue
                if self.order_at_item and out and got <= out[-1]:
                    r.add(f"{pointer}/{i}", "not_sorted", "listed once each, ascending")
                    continue
                out.append(got)
            items = out
        if self.per_seat_code is not None and ctx.seats is not None and len(value) != ctx.seats:
            r.add(pointer, self.per_seat_code, f"one per seat: {len(value)} entries for {ctx.seats} seats")
        if self.ascending and items != sorted(set(items)):
            r.add(pointer, "not_sorted", "listed once each, ascending")
        return tuple(items)

    def write(self, value: Any) -> Any:
        if self.item.writes_as_is:
            return list(value)
        return list(map(self.item.write, value))

    def fallback(self, ctx: ReadContext) -> Any:
        return ()

    def schema(self, prefix: str) -> dict[str, Any]:
        return {"type": "array", "items": self.item.schema(prefix), "maxItems": self.max_len}


@dataclass(frozen=True, slots=True)
class Nested(Kind):
    """A nested record (its own component schema, ``<prefix><record name>``)."""

    record: Record
    expected = "expected an object"

    @property
    def reads_null(self) -> bool:
        return self.record.read_non_object_as_empty

    def read(self, r: JsonReader, value: Any, pointer: str, ctx: ReadContext) -> Any:
        return self.record.read_object(r, value, pointer, ctx)

    def write(self, value: Any) -> Any:
        return self.record.write(value)

    def schema(self, prefix: str) -> dict[str, Any]:
        return ref(prefix, self.record.name)


@dataclass(frozen=True, slots=True)
class OptionsKind(Kind):
    """A game's options object (``kernel.options`` declares each option).

    ``complete``: every option must be listed (a state's own options); otherwise those
    left out take their defaults. The ``<prefix>Options`` component.
    """

    options_type: type
    complete: bool = False
    expected = "expected an object"
    #: ``kernel.options.listed_options_reader``: the options of a state that lists them all, at once.
    _listed: Any = dataclasses.field(default=None, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_listed", listed_options_reader(self.options_type))

    def read(self, r: JsonReader, value: Any, pointer: str, ctx: ReadContext) -> Any:
        listed = self._listed(value)
        if listed is not None:
            return listed
        if self.complete and isinstance(value, Mapping):
            for f in dataclasses.fields(self.options_type):
                if f.name not in value:
                    r.add(
                        f"{pointer}/{f.name}",
                        "missing",
                        f"the state lists every option; {f.name!r} is missing",
                    )
        elif not isinstance(value, Mapping):
            r.add(pointer, "wrong_type", self.expected)
            return self.options_type()
        return options_from_json(self.options_type, value, pointer, reader=r)

    def write(self, value: Any) -> Any:
        return options_to_json(value)

    def fallback(self, ctx: ReadContext) -> Any:
        return self.options_type()

    def schema(self, prefix: str) -> dict[str, Any]:
        return ref(prefix, "Options")


def options_schema(options_type: type, doc: str) -> dict[str, Any]:
    """The options object: every option optional, its default (from the document) given."""
    props: dict[str, Any] = {}
    for spec in describe(options_type):
        prop: dict[str, Any] = {"type": spec.type, "default": spec.default, "description": spec.doc}
        if spec.choices is not None:
            prop["enum"] = list(spec.choices)
        if spec.lo is not None:
            prop["minimum"] = spec.lo
        if spec.hi is not None:
            prop["maximum"] = spec.hi
        props[spec.name] = prop
    return {"type": "object", "description": doc, "properties": props, "additionalProperties": False}


def card_schema(deck: Deck, doc: str) -> dict[str, Any]:
    """A card of ``deck``: its notation, one of the deck's cards."""
    return {"type": "string", "enum": [format_card(c) for c in deck.cards], "description": doc}
