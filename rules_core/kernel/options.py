"""Rule options: one frozen dataclass per game, described for clients.

Declare each field with ``option(...)`` so that its default comes from the
rule document, its docstring names the rule it changes, and the service can
list its type and allowed values without knowing the game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, TypeVar

from .build import slots_builder
from .problems import InvalidInput, JsonReader

OptionsT = TypeVar("OptionsT")


def option(
    default: Any,
    doc: str,
    *,
    rule: str,
    choices: tuple[Any, ...] | None = None,
    lo: int | None = None,
    hi: int | None = None,
) -> Any:
    return dataclasses.field(
        default=default,
        metadata={"doc": doc, "rule": rule, "choices": choices, "lo": lo, "hi": hi},
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class OptionSpec:
    name: str
    type: str
    default: Any
    doc: str
    rule: str
    choices: tuple[Any, ...] | None
    lo: int | None
    hi: int | None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.type,
            "default": self.default,
            "description": self.doc,
            "rule_id": self.rule,
        }
        if self.choices is not None:
            out["allowed"] = list(self.choices)
        if self.lo is not None:
            out["minimum"] = self.lo
        if self.hi is not None:
            out["maximum"] = self.hi
        return out


def _type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    return "string"


def rule_options(options_type: type[OptionsT]) -> type[OptionsT]:
    """Class decorator, applied over ``@dataclass``: the option specs, computed once with the class.

    Reading a state reads its options, nested take-back states included, so describing
    the class on every read was a large share of a request; the specs are a constant
    of the class, fixed when it is defined.
    """
    specs = _describe(options_type)
    type.__setattr__(options_type, "_option_specs", specs)
    type.__setattr__(options_type, "_option_index", MappingProxyType({spec.name: spec for spec in specs}))
    return options_type


def describe(options_type: type) -> tuple[OptionSpec, ...]:
    specs: tuple[OptionSpec, ...] | None = options_type.__dict__.get("_option_specs")
    return specs if specs is not None else _describe(options_type)


def _option_index(options_type: type) -> Mapping[str, OptionSpec]:
    index: Mapping[str, OptionSpec] | None = options_type.__dict__.get("_option_index")
    return index if index is not None else {spec.name: spec for spec in _describe(options_type)}


def _describe(options_type: type) -> tuple[OptionSpec, ...]:
    specs = []
    for f in dataclasses.fields(options_type):
        md = f.metadata
        specs.append(
            OptionSpec(
                name=f.name,
                type=_type_name(f.default),
                default=f.default,
                doc=md.get("doc", ""),
                rule=md.get("rule", ""),
                choices=md.get("choices"),
                lo=md.get("lo"),
                hi=md.get("hi"),
            )
        )
    return tuple(specs)


def options_to_json(options: Any) -> dict[str, Any]:
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}


def _fits(spec: OptionSpec) -> Callable[[Any], bool]:
    """Whether a JSON value is one ``options_from_json`` takes for ``spec`` as it is."""
    if spec.type == "boolean":
        return lambda v: type(v) is bool
    if spec.type == "integer":
        lo, hi, choices = spec.lo, spec.hi, spec.choices
        return lambda v: (
            type(v) is int
            and (lo is None or v >= lo)
            and (hi is None or v <= hi)
            and (choices is None or v in choices)
        )
    choices = spec.choices
    return lambda v: type(v) is str and (choices is None or v in choices)


def listed_options_reader(options_type: type[OptionsT]) -> Callable[[Any], OptionsT | None]:
    """A reader of the common case, for a state's options: ``raw`` lists every option, each of
    its type and allowed (any state the service wrote), and the options are built at once;
    None for anything else, which ``options_from_json`` then reads and reports.

    Reading options field by field through ``JsonReader`` was a fifth of reading a state.
    """
    tests = tuple((spec.name, _fits(spec)) for spec in describe(options_type))
    names = tuple(name for name, _ in tests)
    count = len(tests)
    build = slots_builder(options_type, *names)
    missing = object()

    def read(raw: Any) -> OptionsT | None:
        if type(raw) is not dict or len(raw) != count:
            return None
        get = raw.get
        for name, fits in tests:
            value = get(name, missing)
            if value is missing or not fits(value):
                return None
        return build(*map(raw.__getitem__, names))  # type: ignore[no-any-return]

    return read


def options_from_json(
    options_type: type[OptionsT],
    data: Any,
    pointer: str,
    *,
    base: OptionsT | None = None,
    reader: JsonReader | None = None,
) -> OptionsT:
    """Build options from JSON over ``base`` (defaults when None), checking every field.

    Unknown names, wrong types and values outside the allowed set are all
    reported; raises ``InvalidInput`` when ``reader`` is not given.
    """
    own = reader is None
    r = reader or JsonReader()
    start = len(r.problems)
    specs = _option_index(options_type)
    obj = r.obj(data, pointer, allowed=specs)
    values: dict[str, Any] = {}
    for name, spec in specs.items():
        if name not in obj:
            continue
        if spec.type == "boolean":
            value = r.bool(obj, name, pointer, default=spec.default)
        elif spec.type == "integer":
            lo = spec.lo
            hi = spec.hi
            value = r.int(obj, name, pointer, lo=lo, hi=hi, default=spec.default)
            if spec.choices is not None and value not in spec.choices:
                r.add(f"{pointer}/{name}", "not_allowed", f"{value} is not one of {spec.choices}")
                continue
        else:
            value = r.str(obj, name, pointer, choices=spec.choices, default=spec.default)
        values[name] = value
    result = dataclasses.replace(base, **values) if base is not None else options_type(**values)  # type: ignore[type-var]
    if own and len(r.problems) > start:
        raise InvalidInput(r.problems, "invalid options")
    return result
