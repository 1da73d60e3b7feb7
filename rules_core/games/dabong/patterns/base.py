"""What a play pattern is: a small declarative unit the matcher runs.

A unit says which cards it takes, its order rule, its first-card rule and its
level; it answers two questions written independently of each other:

* ``readings``: every identity assignment under which a *laid sequence* fits
  (or, when none does, the near miss that explains why not);
* ``blocks``: the legal plays of a *hand*, as blocks that know their exact
  totals and page themselves lazily.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from ....kernel import Card, LegalEntry
from ..matcher_api import MatchRules, PileContext, PlayReading


class CardRule(StrEnum):
    """Which cards a pattern takes."""

    ONE = "one card"
    ONE_SUIT = "cards sharing one suit"
    ANY_SUITS = "cards of any suits (the shape says which)"


class OrderRule(StrEnum):
    """How the cards of a pattern must be laid (the first-card rule is separate)."""

    ANY = "any order"
    BIGGEST_FIRST = "biggest value first, the rest in any order"
    FIRST_THEN_ANY = "a first card that follows the top, the rest in any order"
    SEQUENCE = "the order is part of the pattern (a run, a mirror)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Miss:
    """Why a sequence is not this pattern: a reason code, the deciding rule, a message."""

    code: str
    rule_id: str
    message: str

    def as_tuple(self) -> tuple[str, str, str]:
        return (self.code, self.rule_id, self.message)


class Block(Protocol):
    """A run of listing entries with exact totals that can start at any entry."""

    entries: int
    plays: int

    def iter_entries(self, skip: int) -> Iterator[LegalEntry]: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Slot:
    """One laid card and its identity: fixed (real or declared) or ``None`` (to be found)."""

    card: Card
    identity: Card | None


class Pattern(ABC):
    """A pattern unit. Subclasses are frozen dataclasses declaring the fields below."""

    id: str
    rule_id: str
    level: str
    cards: CardRule
    order: OrderRule
    #: Whether the first card laid must itself follow the top card (suit, rank, or an 8).
    first_card_follows: bool
    min_cards: int

    def takes(self, count: int) -> bool:
        return count >= self.min_cards and (self.cards is not CardRule.ONE or count == 1)

    @abstractmethod
    def readings(
        self, ctx: PileContext, slots: tuple[Slot, ...], rules: MatchRules
    ) -> tuple[tuple[PlayReading, ...], Miss | None]:
        """Every reading of ``slots`` as this pattern, or the near miss when there is none."""

    @abstractmethod
    def blocks(
        self, ctx: PileContext, hand: tuple[Card, ...], rules: MatchRules, seat: int
    ) -> Iterator[Block]:
        """The legal plays of ``hand`` as this pattern (``hand`` in deck order), in a stable order."""
