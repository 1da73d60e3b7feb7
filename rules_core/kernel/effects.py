"""Effects: typed, frozen records of what an action did (past-tense names).

An effect may carry private fields (the cards a seat drew): ``to_json`` with
a viewer seat drops them unless the viewer is the effect's owner, so a view
never leaks a hidden card through its effects. An effect may also reveal
cards that were hidden until it happened (a card turned up from the pile, a
card a seat shows from its hand at the end of a round): public once the action
is applied, they are dropped for ``JUDGED_ONLY``, the viewer of an answer
about an action that was only judged, so judging is not a way to peek.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, ClassVar, cast

from .cards import Card, Suit, format_card


def _encode(value: Any) -> Any:
    kind = type(value)
    if kind is int or kind is str or value is None:
        return value
    if isinstance(value, Card):
        return format_card(value)
    if isinstance(value, Suit):
        return value.value
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


#: The viewer of an answer about an action not applied (a sealed table's seat judging a play):
#: no private field is shown, not even to its owner, and no card the effect would reveal.
JUDGED_ONLY = -1


@dataclass(frozen=True, slots=True, kw_only=True)
class Effect:
    rule_id: str
    #: Names of fields only the owning seat (``seat``) may see.
    PRIVATE: ClassVar[frozenset[str]] = frozenset()
    #: Names of fields holding cards hidden until the effect happens (public once applied).
    REVEALED: ClassVar[frozenset[str]] = frozenset()

    @property
    def name(self) -> str:
        return type(self).__name__

    def owner(self) -> int | None:
        return getattr(self, "seat", None)

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """Encode; ``viewer=None`` is the omniscient encoding (full state holders)."""
        out: dict[str, Any] = {"type": type(self).__name__}
        hide = bool(self.PRIVATE) and viewer is not None and viewer != self.owner()
        unseen = self.REVEALED if viewer == JUDGED_ONLY else frozenset()
        for name in _field_names(cast(Hashable, type(self))):
            if (hide and name in self.PRIVATE) or name in unseen:
                continue
            out[name] = _encode(getattr(self, name))
        return out


@cache
def _field_names(kind: Hashable) -> tuple[str, ...]:
    """An effect class's field names in order (``fields`` is slow, and a class never changes)."""
    return tuple(f.name for f in fields(cast(Any, kind)))


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsPlayed(Effect):
    """``seat`` played ``cards`` (in the order played)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsDrawn(Effect):
    """``seat`` drew ``count`` cards; ``cards`` are the cards drawn."""

    seat: int
    count: int
    cards: tuple[Card, ...] = ()
    PRIVATE: ClassVar[frozenset[str]] = frozenset({"cards"})


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnPassed(Effect):
    """The turn moved to ``to_seat``."""

    seat: int
    to_seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnSkipped(Effect):
    """``seat`` lost its turn."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DirectionReversed(Effect):
    """The direction of play changed to ``direction``."""

    direction: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SuitDeclared(Effect):
    """``seat`` named ``suit`` as the suit to follow."""

    seat: int
    suit: Suit


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerEliminated(Effect):
    """``seat`` is out of the hand, for ``reason``."""

    seat: int
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundWon(Effect):
    """``seat`` won the round (``how`` says how)."""

    seat: int
    how: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundDrawn(Effect):
    """The round ended without a winner, for ``reason``."""

    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PileReshuffled(Effect):
    """Cards went from the discard/play pile into a new draw pile."""

    count: int
    shuffle_number: int
