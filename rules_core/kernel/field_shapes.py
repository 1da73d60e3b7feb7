"""Kinds for the shapes of dabong!'s state: objects keyed by card, boxed values, a game's own values.

Split from ``field_kinds`` (the common kinds) to keep each module readable; the same rules
hold: a kind reads a present, non-null value, reports what is wrong through ``JsonReader``
with the usual codes, and returns a usable fallback.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import Deck
from .field_kinds import Kind, ReadContext, ref
from .problems import JsonReader


@dataclass(frozen=True, slots=True)
class CardMap(Kind):
    """An object keyed by card notation, each value of kind ``value`` (dabong!'s Shaman identities).

    Read into a tuple of (card, value) pairs sorted by card; written back as an object.
    """

    deck: Deck
    value: Kind
    max_len: int = 8
    expected = "expected an object"

    def read(self, r: JsonReader, value: Any, pointer: str, ctx: ReadContext) -> Any:
        if not isinstance(value, Mapping):
            r.add(pointer, "wrong_type", self.expected)
            return ()
        if len(value) > self.max_len:
            r.add(pointer, "too_long", f"at most {self.max_len} members")
            return ()
        pairs = []
        for key, raw in value.items():
            at = f"{pointer}/{_escape(str(key))}"
            card = self.deck.by_text.get(key) if type(key) is str else None
            if card is None:
                r.card(key, at, self.deck)
                continue
            before = len(r.problems)
            got = self.value.read(r, raw, at, ctx)
            if len(r.problems) == before:
                pairs.append((card, got))
        return tuple(sorted(pairs))

    def write(self, value: Any) -> Any:
        text, write = self.deck.text_of, self.value.write
        return {text[card]: write(v) for card, v in value}

    def fallback(self, ctx: ReadContext) -> Any:
        return ()

    def schema(self, prefix: str) -> dict[str, Any]:
        return {
            "type": "object",
            "propertyNames": ref(prefix, "Card"),
            "additionalProperties": self.value.schema(prefix),
            "maxProperties": self.max_len,
        }


@dataclass(frozen=True, slots=True)
class Boxed(Kind):
    """A value kept in an object of one member (``{"then": 2}``), held unboxed by the record."""

    member: str
    inner: Kind
    doc: str
    expected = "expected an object"

    def read(self, r: JsonReader, value: Any, pointer: str, ctx: ReadContext) -> Any:
        if not isinstance(value, Mapping):
            r.add(pointer, "wrong_type", self.expected)
            return self.inner.fallback(ctx)
        for key in value:
            if key != self.member:
                r.add(f"{pointer}/{_escape(str(key))}", "unknown_field", f"unknown field {key!r}")
        if self.member not in value:
            r.add(f"{pointer}/{self.member}", "missing", f"{self.member!r} is required")
            return self.inner.fallback(ctx)
        return self.inner.read(r, value[self.member], f"{pointer}/{self.member}", ctx)

    def write(self, value: Any) -> Any:
        return {self.member: self.inner.write(value)}

    def fallback(self, ctx: ReadContext) -> Any:
        return self.inner.fallback(ctx)

    def schema(self, prefix: str) -> dict[str, Any]:
        inner = self.inner.schema(prefix)
        return {
            "type": "object",
            "properties": {
                self.member: {**inner, "description": self.doc}
                if "$ref" not in inner
                else {"allOf": [inner], "description": self.doc}
            },
            "required": [self.member],
            "additionalProperties": False,
        }


@dataclass(frozen=True, slots=True)
class Custom(Kind):
    """A value a game reads and writes itself (an action kept in a log, say), with its schema.

    ``reader(r, value, pointer)`` reports through ``r`` and returns the value (None when
    unusable); ``writer(value)`` gives its JSON.
    """

    reader: Any
    writer: Any
    json_schema: dict[str, Any]
    expected = "expected a value"

    def read(self, r: JsonReader, value: Any, pointer: str, ctx: ReadContext) -> Any:
        return self.reader(r, value, pointer)

    def write(self, value: Any) -> Any:
        return self.writer(value)

    def schema(self, prefix: str) -> dict[str, Any]:
        return dict(self.json_schema)


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")
