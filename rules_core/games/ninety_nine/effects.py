"""The effects of 99 beyond the kernel's: past-tense records of what happened."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...kernel import Card, Effect


@dataclass(frozen=True, slots=True, kw_only=True)
class CountChanged(Effect):
    """The Count went from ``before`` to ``after`` (equal for a pass or a hold)."""

    seat: int
    card: Card
    before: int
    after: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DeathCardPlayed(Effect):
    """``seat`` played the Queen of Spades at 99 against ``target``."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DeathCardShielded(Effect):
    """``seat`` shielded with the Ace of Diamonds; ``blowback`` tells whether the attacker is out."""

    seat: int
    attacker: int
    blowback: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class HitStolen(Effect):
    """An eliminated ``seat`` holding ``card`` (the Ace of Clubs) took the hit from the winner."""

    seat: int
    from_seat: int
    card: Card
    hit: str
    #: Shown from the seat's hand as the round ends: public once applied (kernel ``REVEALED``).
    REVEALED: ClassVar[frozenset[str]] = frozenset({"card"})


@dataclass(frozen=True, slots=True, kw_only=True)
class BonusHitCreated(Effect):
    """The winner held the Ace of Clubs: a second hit exists, starting with them."""

    seat: int
    card: Card
    #: Shown from the seat's hand as the round ends: public once applied (kernel ``REVEALED``).
    REVEALED: ClassVar[frozenset[str]] = frozenset({"card"})


@dataclass(frozen=True, slots=True, kw_only=True)
class HitSlid(Effect):
    """A hit slid from ``from_seat`` to ``seat``, who holds ``card``, the next club down."""

    seat: int
    from_seat: int
    card: Card
    hit: str
    #: Shown from the seat's hand as the round ends: public once applied (kernel ``REVEALED``).
    REVEALED: ClassVar[frozenset[str]] = frozenset({"card"})


@dataclass(frozen=True, slots=True, kw_only=True)
class HitAwarded(Effect):
    """Where a hit ended: ``hit`` is ``win`` or ``bonus``; ``via`` the clubs it passed through."""

    seat: int
    hit: str
    via: tuple[Card, ...]
    #: Shown from the seat's hand as the round ends: public once applied (kernel ``REVEALED``).
    REVEALED: ClassVar[frozenset[str]] = frozenset({"via"})
