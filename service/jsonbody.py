"""Reading a JSON request body without trusting it.

Python's ``json`` accepts ``NaN`` and ``Infinity``, integers of thousands of
digits and nesting until the interpreter's recursion limit. None of that is
JSON a client should send, and each could turn into a 500 or a slow request
further in, so it is refused here, before any schema sees the body.

It also keeps the last of two members of one object with the same name: a body
that names a member twice would be read one way here and maybe another way by
the client's own tools, so it is refused too, every duplicate listed with its
pointer (``DuplicateMembers``).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any


class MalformedJson(ValueError):
    """The body is not acceptable JSON text (answered with 400)."""


class DuplicateMembers(MalformedJson):
    """Objects of the body name a member more than once (answered with 400).

    ``found``: (pointer, name, times named) of the first duplicates in document order, at most
    the ``max_listed`` asked for; ``omitted``: how many more there are.
    """

    def __init__(self, found: list[tuple[str, str, int]], omitted: int) -> None:
        total = len(found) + omitted
        super().__init__(
            f"{total} member name(s) repeated within one object; a JSON object names each member once"
        )
        self.found = found
        self.omitted = omitted


class _Repeated(Exception):
    """Raised by the parse hook at the first object that names a member twice."""


def _unique_members(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The object of ``pairs``, refusing a repeated name. ``dict`` keeps the last value of a
    repeated name, so a shorter dict is the whole test: no set of names is built per object."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise _Repeated
    return obj


@dataclass(frozen=True, slots=True, kw_only=True)
class OutOfRangeNumber:
    """An integer beyond the documented bound, found at ``pointer`` (answered with 422)."""

    pointer: str
    value_digits: int


def _reject_constant(name: str) -> Any:
    raise MalformedJson(f"{name} is not JSON: numbers must be finite")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise MalformedJson(f"{text} is too large for a JSON number")
    return value


def parse(
    raw: bytes, *, max_depth: int, max_int: int, max_listed: int = 50
) -> tuple[Any, list[OutOfRangeNumber]]:
    """Decode ``raw``: the value and the integers beyond ``max_int`` in it.

    Raises ``MalformedJson`` with a reason a person can act on; ``DuplicateMembers`` (listing at
    most ``max_listed``) when an object names a member twice.
    """
    if not raw.strip():
        raise MalformedJson("the request body is empty: send a JSON object")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MalformedJson(f"the body is not UTF-8 ({exc.reason} at byte {exc.start})") from None
    try:
        value = json.loads(
            text,
            parse_constant=_reject_constant,
            parse_float=_finite_float,
            object_pairs_hook=_unique_members,
        )
    except _Repeated:
        # Rare, so only now the slower second pass that knows where each duplicate is.
        raise _duplicates(text, max_depth, max_listed) from None
    except MalformedJson:
        raise
    except json.JSONDecodeError as exc:
        raise MalformedJson(f"invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise MalformedJson(f"JSON nested deeper than {max_depth} levels") from None
    except ValueError as exc:  # e.g. an integer longer than Python's digit limit
        raise MalformedJson(f"invalid JSON: {exc}") from None
    return value, _scan(value, max_depth, max_int)


#: Leaf types json.loads produces; a container whose values are all of these needs no walk.
_CONTAINERS = (dict, list)


def _scan(value: Any, max_depth: int, max_int: int, cap: int = 20) -> list[OutOfRangeNumber]:
    """One iterative walk (no recursion, so no stack to exhaust): nesting depth and big integers.

    A container's path is kept as a link to its parent's (``_Path``) and spelt out as a pointer
    only for an integer reported: a pointer per container walked cost memory quadratic in the
    body (each is as long as the keys above it). Integers are compared, not formatted. The types
    of a container's values are read in one pass in C (``map(type, ...)``): most containers of a
    table state hold only strings (cards), and only a container that holds integers or
    containers is walked value by value.
    """
    found: list[OutOfRangeNumber] = []
    stack: list[tuple[Any, int, _Path]] = [(value, 1, None)] if isinstance(value, _CONTAINERS) else []
    while stack:
        item, depth, path = stack.pop()
        if depth > max_depth:
            raise MalformedJson(f"JSON nested deeper than {max_depth} levels")
        is_dict = type(item) is dict
        kinds = set(map(type, item.values() if is_dict else item))
        if int not in kinds and dict not in kinds and list not in kinds:
            continue
        pairs: Any = item.items() if is_dict else enumerate(item)
        for key, child in pairs:
            kind = type(child)
            if kind is dict or kind is list:
                if child:
                    stack.append((child, depth + 1, (path, key)))
            elif kind is int and (child > max_int or child < -max_int) and len(found) < cap:
                found.append(
                    OutOfRangeNumber(pointer=_pointer((path, key)), value_digits=len(str(abs(child))))
                )
    if type(value) is int and (value > max_int or value < -max_int):
        found.append(OutOfRangeNumber(pointer="/", value_digits=len(str(abs(value)))))
    found.sort(key=lambda n: n.pointer)
    return found


#: A path into the body, built as it is walked and spelt out as a pointer only when reported:
#: (path of the parent, name or index), None for the body itself.
_Path = tuple[Any, "str | int"] | None


def _pointer(path: _Path) -> str:
    tokens: list[str] = []
    while path is not None:
        path, token = path
        tokens.append(escape(token) if type(token) is str else str(token))
    return "".join(f"/{t}" for t in reversed(tokens))


class _Pairs(list):  # type: ignore[type-arg]
    """An object as parsed, its members in order with every repeat kept (the second pass)."""


def _duplicates(text: str, max_depth: int, max_listed: int) -> MalformedJson:
    """The body parsed again keeping every member, then walked in document order: each name an
    object repeats is listed once, where it is first named. Only the listed pointers are spelt
    out (each is as long as the keys above it, and a body can repeat names under a long key
    thousands of times); the rest are only counted."""
    try:
        tree = json.loads(text, object_pairs_hook=_Pairs)
    except RecursionError:
        return MalformedJson(f"JSON nested deeper than {max_depth} levels")
    except json.JSONDecodeError as exc:  # a syntax error after the first repeat: that comes first
        return MalformedJson(f"invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")
    except ValueError as exc:
        return MalformedJson(f"invalid JSON: {exc}")
    found: list[tuple[str, str, int]] = []
    omitted = 0
    # Each entry: a value to walk at its path, or (with a count) a repeated name to list.
    stack: list[tuple[Any, _Path, int]] = [(tree, None, 0)]
    while stack:
        item, path, times = stack.pop()
        if times:
            if len(found) < max_listed:
                found.append((_pointer(path), str(path[1]) if path else "", times))
            else:
                omitted += 1
            continue
        if type(item) is _Pairs:
            counts: dict[str, int] = {}
            for name, _ in item:
                counts[name] = counts.get(name, 0) + 1
            todo: list[tuple[Any, _Path, int]] = []
            listed: set[str] = set()
            for name, child in item:
                here = (path, name)
                if counts[name] > 1 and name not in listed:
                    listed.add(name)
                    todo.append((None, here, counts[name]))
                if type(child) is _Pairs or type(child) is list:
                    todo.append((child, here, 0))
            stack.extend(reversed(todo))
        elif type(item) is list:
            stack.extend(
                (child, (path, i), 0)
                for i, child in reversed(list(enumerate(item)))
                if type(child) is _Pairs or type(child) is list
            )
    return DuplicateMembers(found, omitted)


def escape(token: str) -> str:
    """A JSON-pointer reference token (RFC 6901)."""
    return token.replace("~", "~0").replace("/", "~1")
