"""Reading a JSON request body without trusting it.

Python's ``json`` accepts ``NaN`` and ``Infinity``, integers of thousands of
digits and nesting until the interpreter's recursion limit. None of that is
JSON a client should send, and each could turn into a 500 or a slow request
further in, so it is refused here, before any schema sees the body.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any


class MalformedJson(ValueError):
    """The body is not acceptable JSON text (answered with 400)."""


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


def parse(raw: bytes, *, max_depth: int, max_int: int) -> tuple[Any, list[OutOfRangeNumber]]:
    """Decode ``raw``: the value and the integers beyond ``max_int`` in it.

    Raises ``MalformedJson`` with a reason a person can act on.
    """
    if not raw.strip():
        raise MalformedJson("the request body is empty: send a JSON object")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MalformedJson(f"the body is not UTF-8 ({exc.reason} at byte {exc.start})") from None
    try:
        value = json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
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

    Pointers are only built for the containers walked, and integers are compared, not
    formatted. The types of a container's values are read in one pass in C (``map(type, ...)``):
    most containers of a table state hold only strings (cards), and only a container that holds
    integers or containers is walked value by value, so a normal state costs a few microseconds.
    """
    found: list[OutOfRangeNumber] = []
    stack: list[tuple[Any, int, str]] = [(value, 1, "")] if isinstance(value, _CONTAINERS) else []
    while stack:
        item, depth, pointer = stack.pop()
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
                    stack.append((child, depth + 1, f"{pointer}/{escape(str(key))}"))
            elif kind is int and (child > max_int or child < -max_int) and len(found) < cap:
                found.append(
                    OutOfRangeNumber(
                        pointer=f"{pointer}/{escape(str(key))}", value_digits=len(str(abs(child)))
                    )
                )
    if type(value) is int and (value > max_int or value < -max_int):
        found.append(OutOfRangeNumber(pointer="/", value_digits=len(str(abs(value)))))
    found.sort(key=lambda n: n.pointer)
    return found


def escape(token: str) -> str:
    """A JSON-pointer reference token (RFC 6901)."""
    return token.replace("~", "~0").replace("/", "~1")
