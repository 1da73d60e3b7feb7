"""Actions: what a seat proposes to do (imperative names: play, draw, claim ...).

One generic shape serves every game; each game says which ``type`` values it
knows and which of the optional fields each type takes, and rejects the rest
with a reason rather than ignoring them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card, Suit, format_card, format_cards

#: The most cards an action may name and still be well-formed: more than any deck, so a wrong
#: number of cards (or a card named twice) is answered by the game's verdict, not refused.
MAX_ACTION_CARDS = 120


@dataclass(frozen=True, slots=True, kw_only=True, order=True)
class Action:
    type: str
    seat: int
    cards: tuple[Card, ...] = ()
    suit: Suit | None = None
    #: Shaman identities: (shaman card, the real card it is declared as).
    declare: tuple[tuple[Card, Card], ...] = ()
    #: A chosen number (a Shaman's value in a natural dabong!, a Shaman's worth ...).
    value: int | None = None
    #: A chosen card (the card put on top of a Dobon return, the card buried ...).
    top: Card | None = None
    #: Game-specific options that are not worth a field of their own, as sorted pairs.
    params: tuple[tuple[str, Any], ...] = field(default=())

    def param(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def given_fields(self) -> list[str]:
        """Names of the optional fields this action sets (games refuse the ones its type does not take)."""
        given = [
            name
            for name, present in (
                ("cards", bool(self.cards)),
                ("suit", self.suit is not None),
                ("declare", bool(self.declare)),
                ("value", self.value is not None),
                ("top", self.top is not None),
            )
            if present
        ]
        given.extend(name for name, _ in self.params)
        return given

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "seat": self.seat}
        if self.cards:
            out["cards"] = format_cards(self.cards)
        if self.suit is not None:
            out["suit"] = self.suit.value
        if self.declare:
            out["declare"] = {format_card(s): format_card(c) for s, c in self.declare}
        if self.value is not None:
            out["value"] = self.value
        if self.top is not None:
            out["top"] = format_card(self.top)
        for key, value in self.params:
            out[key] = value
        return out
