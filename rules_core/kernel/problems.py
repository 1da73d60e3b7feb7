"""Problems with a request or a table state, each with a JSON pointer.

Validation collects every problem before it answers (a card twice *and* a
turn out of range are both reported), like python-chess's ``Status`` flags.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, Deck, NotationError, format_card


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    pointer: str
    code: str
    message: str

    def to_json(self) -> dict[str, str]:
        return {"pointer": self.pointer, "code": self.code, "message": self.message}


class InvalidInput(ValueError):
    """Raised with every problem found; the service turns it into a 422 problem."""

    def __init__(self, problems: Sequence[Problem], title: str = "invalid input") -> None:
        super().__init__(f"{title}: " + "; ".join(f"{p.pointer}: {p.message}" for p in problems))
        self.problems = tuple(problems)
        self.title = title


class WorkBudgetExceeded(ValueError):
    """A request would cost more than the documented budget of a game's computation.

    Raised before anything is answered; the service turns it into a 422 problem
    (``over-budget``) whose detail is the message, which says what to do instead.
    """


class StateInvalid(InvalidInput):
    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__(problems, "impossible table state")


_MISSING = object()

# Aliases: JsonReader has methods named int/str/bool/list, which shadow the
# builtins inside its body, so its annotations use these names instead.
_Str = str
_Int = int
_Bool = bool
_List = list


class JsonReader:
    """Reads a decoded JSON object field by field, collecting problems.

    Each getter returns a usable fallback after recording a problem, so one
    pass over the input reports everything wrong with it.
    """

    def __init__(self, problems: _List[Problem] | None = None) -> None:
        self.problems: _List[Problem] = problems if problems is not None else []

    def add(self, pointer: _Str, code: _Str, message: _Str) -> None:
        self.problems.append(Problem(pointer=pointer, code=code, message=message))

    def raise_if_any(self, exc: type[InvalidInput] = StateInvalid) -> None:
        if self.problems:
            if exc is StateInvalid:
                raise StateInvalid(self.problems)
            raise exc(self.problems)

    # -- shapes -------------------------------------------------------------------
    def obj(self, data: Any, pointer: _Str, allowed: Iterable[_Str] | None = None) -> Mapping[_Str, Any]:
        if not isinstance(data, Mapping):
            self.add(pointer or "/", "wrong_type", "expected an object")
            return {}
        if allowed is not None:
            known = _known_keys(allowed)
            for key in data:
                if key not in known:
                    self.add(f"{pointer}/{_escape(str(key))}", "unknown_field", f"unknown field {key!r}")
        return data

    def get(self, data: Mapping[_Str, Any], key: _Str, pointer: _Str, *, required: _Bool = True) -> Any:
        if key in data:
            return data[key]
        if required:
            self.add(f"{pointer}/{key}", "missing", f"{key!r} is required")
        return _MISSING

    def int(
        self,
        data: Mapping[_Str, Any],
        key: _Str,
        pointer: _Str,
        *,
        lo: _Int | None = None,
        hi: _Int | None = None,
        default: _Int | None = None,
        nullable: _Bool = False,
    ) -> Any:
        value = (
            data[key]
            if key in data
            else self.get(data, key, pointer, required=default is None and not nullable)
        )
        if type(value) is int and (lo is None or value >= lo) and (hi is None or value <= hi):
            return value  # the common case, decided at once
        if value is _MISSING:
            return default if default is not None else (None if nullable else (lo or 0))
        if value is None and nullable:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(f"{pointer}/{key}", "wrong_type", "expected an integer")
            return lo or 0
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            self.add(f"{pointer}/{key}", "out_of_range", f"{value} is outside {lo}..{hi}")
            return lo or 0
        return value

    def bool(
        self, data: Mapping[_Str, Any], key: _Str, pointer: _Str, *, default: _Bool | None = None
    ) -> _Bool:
        value = self.get(data, key, pointer, required=default is None)
        if value is _MISSING:
            return bool(default)
        if not isinstance(value, bool):
            self.add(f"{pointer}/{key}", "wrong_type", "expected true or false")
            return bool(default)
        return value

    def str(
        self,
        data: Mapping[_Str, Any],
        key: _Str,
        pointer: _Str,
        *,
        choices: Iterable[_Str] | None = None,
        default: _Str | None = None,
        nullable: _Bool = False,
    ) -> Any:
        value = (
            data[key]
            if key in data
            else self.get(data, key, pointer, required=default is None and not nullable)
        )
        if value is _MISSING:
            return default
        if value is None and nullable:
            return None
        if not isinstance(value, str):
            self.add(f"{pointer}/{key}", "wrong_type", "expected a string")
            return default
        if choices is not None:
            options = choices if type(choices) is tuple or type(choices) is _List else tuple(choices)
            if value not in options:
                self.add(f"{pointer}/{key}", "not_allowed", f"{value!r} is not one of {', '.join(options)}")
                return default
        return value

    def list(
        self,
        data: Mapping[_Str, Any],
        key: _Str,
        pointer: _Str,
        *,
        required: _Bool = True,
        max_len: _Int = 10_000,
    ) -> _List[Any]:
        value = self.get(data, key, pointer, required=required)
        if value is _MISSING:
            return []
        if not isinstance(value, list):
            self.add(f"{pointer}/{key}", "wrong_type", "expected an array")
            return []
        if len(value) > max_len:
            self.add(f"{pointer}/{key}", "too_long", f"at most {max_len} items")
            return []
        return value

    def card(self, value: Any, pointer: _Str, deck: Deck) -> Card | None:
        known = deck.by_text.get(value) if isinstance(value, str) else None
        if known is not None:
            return known
        try:
            return deck.parse(value)
        except NotationError as exc:
            self.add(pointer, "unknown_card", str(exc))
            return None

    def cards(
        self, data: Mapping[_Str, Any], key: _Str, pointer: _Str, deck: Deck, *, required: _Bool = True
    ) -> tuple[Card, ...]:
        items = self.list(data, key, pointer, required=required, max_len=len(deck.cards) * 2)
        return self.card_list(items, f"{pointer}/{key}", deck)

    def card_list(self, items: _List[Any], pointer: _Str, deck: Deck) -> tuple[Card, ...]:
        """The cards of a JSON array of card notations; each other item reported at its index."""
        known = deck.by_text
        try:
            # Fast path: every item is the notation of a card of the deck (any valid state).
            return tuple(map(known.__getitem__, items))
        except (KeyError, TypeError):
            pass
        out: _List[Card] = []
        for i, item in enumerate(items):
            # Fast path for a card of the deck; anything else goes the slow way to get its problem.
            card = known.get(item) if isinstance(item, str) else None
            if card is None:
                card = self.card(item, f"{pointer}/{i}", deck)
            if card is not None:
                out.append(card)
        return tuple(out)

    def card_field(
        self, data: Mapping[_Str, Any], key: _Str, pointer: _Str, deck: Deck, *, nullable: _Bool = True
    ) -> Card | None:
        value = self.get(data, key, pointer, required=not nullable)
        if value is _MISSING or value is None:
            return None
        return self.card(value, f"{pointer}/{key}", deck)


def _known_keys(allowed: Iterable[str]) -> Any:
    """Something ``in`` answers exactly as ``set(allowed)`` would."""
    if isinstance(allowed, (frozenset, set, dict)):
        return allowed
    return frozenset(allowed)


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def cards_conserved(deck: Deck, held: Sequence[Card]) -> bool:
    """``held`` is exactly ``deck``, each card once: ``check_conservation`` would report nothing.

    Decoded cards are the deck's own objects, so their identities answer first (no hashing);
    anything else is compared as cards.
    """
    if len(held) != len(deck.cards):
        return False
    seen = set(map(id, held))
    if len(seen) == len(held) and deck.card_ids.issuperset(seen):
        return True
    return len(set(held)) == len(held) and deck.members.issuperset(held)


def check_conservation(reader: JsonReader, deck: Deck, zones: Iterable[tuple[str, Iterable[Card]]]) -> None:
    """Every card of ``deck`` appears exactly once across ``zones`` (pointer, cards).

    Reports each duplicate with every place it appears, and every missing card.
    Cards not in the deck are reported by the parser, before this runs.
    """
    zones = [(pointer, tuple(cards)) for pointer, cards in zones]
    # Fast path: exactly the deck, each card once (every valid state); details only on failure.
    if cards_conserved(deck, [card for _, cards in zones for card in cards]):
        return
    seen: dict[Card, list[str]] = {}
    for pointer, cards in zones:
        for card in cards:
            seen.setdefault(card, []).append(pointer)
    for card, places in seen.items():
        if len(places) > 1:
            reader.add(
                places[1],
                "duplicate_card",
                f"{format_card(card)} appears {len(places)} times ({', '.join(places)})",
            )
    missing = [format_card(c) for c in deck.cards if c not in seen]
    if missing:
        reader.add(
            "", "missing_cards", f"{len(missing)} card(s) of the deck are nowhere: {', '.join(missing)}"
        )
