"""Field declarations: a record's fields declared once, its reader, writer and JSON Schema derived.

A game declares each record of its state (the state itself, a claim, a hit ...) as a
``Record``: the frozen dataclass it builds and a tuple of ``Field``s, each with a ``Kind``
(integer with a range, boolean, string enum, card of the game's deck, card list, seat
bounded by the table's seat count, per-seat list, nested record ...) and a description.
From that one declaration the kernel derives

* the reader: JSON -> the dataclass, every structural problem reported at its JSON pointer
  with the codes ``JsonReader`` has always used (it does the reading), fallbacks where a
  value is unusable so that one pass reports everything;
* the writer: the dataclass -> JSON (``write(read(x)) == x`` for every valid ``x``);
* the JSON Schema (the OpenAPI 3.1 dialect) with a description on every field and
  ``required`` listing the fields a client may not leave out.

What the kernel cannot know -- cards conserved, a Count that the pile explains, whose turn
it may be -- stays with the game, as the checks it runs on the record it got back.
The kinds live in ``field_kinds`` (and ``field_shapes``: objects keyed by card, boxed values,
a game's own values); this module holds the record and its derivations.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .build import slots_builder
from .field_kinds import SCHEMA_REF, Kind, ReadContext, SeatCount
from .problems import JsonReader

#: ``Field.default`` when the field must be sent.
REQUIRED: Any = object()


@dataclass(frozen=True, slots=True)
class Field:
    """One member of a record's JSON: its name, kind, meaning, and whether it may be left out."""

    name: str
    kind: Kind
    doc: str
    #: ``None`` is a value of the field (written as ``null``); the member must still be sent.
    nullable: bool = False
    #: A client may leave the member out; the reader then uses this value.
    default: Any = REQUIRED
    #: The dataclass attribute it fills (``None``: a wire-only member, as a constant ``game``).
    attr: str | None = ""
    #: Written from the record by this function instead of an attribute (a derived member the
    #: reader reads for its shape and the game checks, as Dobon's ``leaders``).
    derive: Callable[[Any], Any] | None = None
    #: What a seat's view holds instead: ``"public"`` (the same), ``"owner"`` (a per-seat list
    #: whose other seats' entries are ``{"count": n}``), ``"count"`` (``{"count": n}``),
    #: ``"omitted"`` (left out of views), or a JSON Schema of what replaces a hidden value.
    view: str | dict[str, Any] = "public"

    @property
    def target(self) -> str | None:
        if self.derive is not None:
            return None
        return self.name if self.attr == "" else self.attr

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def schema(self, prefix: str) -> dict[str, Any]:
        base = self.kind.schema(prefix)
        if self.nullable:
            base = _or_null(base)
        out: dict[str, Any] = dict(base) if SCHEMA_REF not in base else {"allOf": [base]}
        out["description"] = self.doc
        if not self.required:
            out["default"] = None if self.default is None else self.kind.write(self.default)
        return out


def _or_null(schema: dict[str, Any]) -> dict[str, Any]:
    kind = schema.get("type")
    if isinstance(kind, str) and SCHEMA_REF not in schema and "enum" not in schema and "const" not in schema:
        return {**schema, "type": [kind, "null"]}
    return {"anyOf": [schema, {"type": "null"}]}


@dataclass(frozen=True, slots=True)
class Record:
    """A JSON object read into (and written from) a frozen dataclass, declared field by field.

    ``build`` makes the dataclass from the values of the fields that have an ``attr``, as
    keywords; ``checks`` run on the built record (``checks(reader, record, raw_object)``)
    and are where a game writes its cross-field rules.
    """

    name: str
    doc: str
    build: Callable[..., Any]
    fields: tuple[Field, ...]
    #: When any member fails to read, the record is not built: the reader answers None.
    drop_when_invalid: bool = False
    #: A value that is not an object is reported, then read as ``{}`` (every member missing).
    read_non_object_as_empty: bool = False
    checks: tuple[Callable[[JsonReader, Any, Mapping[str, Any]], None], ...] = ()
    #: Schemas of a view: the member that names the viewer is added by ``view_schema``.
    _index: dict[str, Field] = field(default_factory=dict, compare=False, repr=False)
    _plan: tuple[Any, ...] = field(default=(), compare=False, repr=False)
    _writer: Callable[[Any], dict[str, Any]] | None = field(default=None, compare=False, repr=False)
    _positional: Callable[..., Any] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._index.update({f.name: f for f in self.fields})
        # What reading and writing walk, fixed once: a state is read and written per request.
        object.__setattr__(
            self,
            "_plan",
            tuple(
                (f, f.name, f.kind.read, f.required, f.nullable, f.target, isinstance(f.kind, SeatCount))
                for f in self.fields
            ),
        )
        object.__setattr__(self, "_writer", _compile_writer(self))
        object.__setattr__(self, "_positional", _positional_builder(self))

    @property
    def names(self) -> frozenset[str]:
        return frozenset(self._index)

    # -- reader -------------------------------------------------------------------------
    def read_object(self, r: JsonReader, data: Any, pointer: str, ctx: ReadContext) -> Any:
        """Read ``data`` (an object) at ``pointer``; None when it is not an object (reported)."""
        if not isinstance(data, Mapping):
            r.obj(data, pointer)
            if not self.read_non_object_as_empty:
                return None
            data = {}
        obj = r.obj(data, pointer, allowed=self._index)
        start = len(r.problems)
        values: dict[str, Any] = {}  # by attribute, in declared order
        for f, key, read, required, nullable, target, counts_seats in self._plan:
            if key in obj:
                value = obj[key]
                if value is None and nullable:
                    got = None
                else:
                    got = read(r, value, f"{pointer}/{key}", ctx)
                    if counts_seats:
                        ctx.seats = f.kind.seats_for(got, value)
            elif required:
                r.add(
                    f"{pointer}/{key}",
                    "missing",
                    f"{key!r} is required" + (" (null when there is none)" if nullable else ""),
                )
                got = None if nullable else f.kind.fallback(ctx)
            else:
                got = f.default
            if target is not None:
                values[target] = got
        if self.drop_when_invalid and len(r.problems) > start:
            return None
        positional = self._positional
        record = positional(*values.values()) if positional is not None else self.build(**values)
        for check in self.checks:
            check(r, record, obj)
        return record

    # -- writer -------------------------------------------------------------------------
    def write(self, record: Any) -> dict[str, Any]:
        writer = self._writer
        assert writer is not None  # compiled in __post_init__
        return writer(record)

    # -- a seat's view -----------------------------------------------------------------
    def view(self, record: Any, seat: int, hidden: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """What ``seat`` may see of ``record``, as each field's ``view`` declares; ``viewer`` first.

        A field whose ``view`` is a schema shows its value unless ``hidden`` gives what
        replaces it for this seat (the game knows whose it is: Dobon's drawn card).
        """
        full = self.write(record)
        out: dict[str, Any] = {"viewer": seat}
        for f in self.fields:
            how = f.view
            value = full[f.name]
            if how == "public":
                out[f.name] = value
            elif how == "owner":
                out[f.name] = [v if i == seat else {"count": len(v)} for i, v in enumerate(value)]
            elif how == "count":
                out[f.name] = {"count": len(value)}
            elif how != "omitted":
                out[f.name] = hidden[f.name] if hidden and f.name in hidden else value
        return out

    # -- schema -------------------------------------------------------------------------
    def schema(self, prefix: str) -> dict[str, Any]:
        return {
            "type": "object",
            "description": self.doc,
            "properties": {f.name: f.schema(prefix) for f in self.fields},
            "required": [f.name for f in self.fields if f.required],
            "additionalProperties": False,
        }

    def view_schema(self, prefix: str, doc: str, *, viewer_doc: str) -> dict[str, Any]:
        """The schema of one seat's view: each field as its ``view`` says, plus ``viewer``."""
        props: dict[str, Any] = {"viewer": {"type": "integer", "minimum": 0, "description": viewer_doc}}
        for f in self.fields:
            if f.view == "omitted":
                continue
            schema = f.schema(prefix)
            if f.view == "owner":
                schema = dict(schema)
                inner = schema.get("items") or _items_of(schema)
                schema["items"] = {"anyOf": [inner, COUNT_SCHEMA]}
                schema["description"] = f.doc + " Only the viewer's own entry is shown; others are counts."
            elif f.view == "count":
                schema = {**COUNT_SCHEMA, "description": f.doc + " Hidden from every seat: a count."}
            elif isinstance(f.view, dict):
                schema = {"anyOf": [schema, f.view], "description": f.doc}
            props[f.name] = schema
        return {
            "type": "object",
            "description": doc,
            "properties": props,
            "required": ["viewer", *[f.name for f in self.fields if f.required and f.view != "omitted"]],
            "additionalProperties": False,
        }


def _items_of(schema: dict[str, Any]) -> dict[str, Any]:
    for alt in schema.get("allOf", ()):
        if "items" in alt:
            return dict(alt["items"])
    return {}


#: What a view holds instead of hidden cards.
COUNT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "Cards this seat may not see: how many there are.",
    "properties": {"count": {"type": "integer", "minimum": 0, "description": "How many cards."}},
    "required": ["count"],
    "additionalProperties": False,
}


def components_of(prefix: str, records: Sequence[Record]) -> dict[str, dict[str, Any]]:
    """Component schemas of ``records``, named ``<prefix><record name>``."""
    return {prefix + rec.name: rec.schema(prefix) for rec in records}


def _compile_writer(record: Record) -> Callable[[Any], dict[str, Any]]:
    """The record's writer as one function: a dict display of every member, in declared order.

    Writing runs for every state a request returns; a generic loop over the fields cost
    four times what the hand-written writers did, the generated display costs what they did.
    """
    namespace: dict[str, Any] = {}
    items = []
    for i, f in enumerate(record.fields):
        if f.derive is not None:
            namespace[f"_d{i}"] = f.derive
            namespace[f"_w{i}"] = f.kind.write
            expr = f"_w{i}(_d{i}(obj))"
        elif f.target is None:
            namespace[f"_c{i}"] = f.kind.write(None)
            expr = f"_c{i}"
        else:
            get = f"obj.{f.target}"
            if f.kind.writes_as_is:
                expr = get
            else:
                namespace[f"_w{i}"] = f.kind.write
                expr = (
                    f"(None if (_v := {get}) is None else _w{i}(_v))"
                    if f.nullable or not f.required
                    else f"_w{i}({get})"
                )
        items.append(f"{f.name!r}: {expr}")
    source = "def write(obj):\n    return {" + ", ".join(items) + "}\n"
    exec(source, namespace)  # the technique of dataclasses' own __init__
    writer: Callable[[Any], dict[str, Any]] = namespace["write"]
    writer.__qualname__ = writer.__name__ = f"write_{record.name}"
    return writer


def _positional_builder(record: Record) -> Callable[..., Any] | None:
    """A positional constructor taking the attributes in declared order, when ``build`` is a slots
    dataclass they fill completely (``kernel.build``: keywords cost a state read a few µs)."""
    targets = [f.target for f in record.fields if f.target is not None]
    try:
        return slots_builder(record.build, *targets)  # type: ignore[arg-type]
    except TypeError:
        return None
