"""The table state of one hand of 99 (frozen), and seat arithmetic on it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...kernel import Card
from .options import NinetyNineOptions


class Status(StrEnum):
    PLAYING = "playing"
    #: A Death Card is pending and the target, who holds the Ace of Diamonds, must shield.
    DEATH_CARD = "death_card"
    OVER = "over"


class HitKind(StrEnum):
    WIN = "win"
    BONUS = "bonus"


@dataclass(frozen=True, slots=True, kw_only=True)
class Hit:
    """Where one hit ended after the clubs slide, and the clubs it went through."""

    kind: HitKind
    seat: int
    via: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class NinetyNineState:
    options: NinetyNineOptions
    seats: int
    seed: int
    #: Reshuffles so far; the next one uses this number (reproducible from the state).
    shuffles: int
    hands: tuple[tuple[Card, ...], ...]
    #: Index 0 is the top.
    draw_pile: tuple[Card, ...]
    #: Cards played since the last reshuffle; the last is the top.
    play_pile: tuple[Card, ...]
    count: int
    #: The Count when the play pile last started empty (0 at the deal, the kept Count after a
    #: reshuffle): replaying the play pile from it must give ``count``.
    count_base: int
    status: Status
    #: The acting seat (None when the hand is over).
    turn: int | None
    #: The Death Card's player while a shield is pending.
    attacker: int | None = None
    #: Seats out of the hand, ascending.
    eliminated: tuple[int, ...] = ()
    winner: int | None = None
    hits: tuple[Hit, ...] = ()
    move: int = 0

    def is_live(self, seat: int) -> bool:
        return seat not in self.eliminated

    def live_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if s not in self.eliminated)

    def next_live(self, seat: int, eliminated: tuple[int, ...] | None = None) -> int:
        """The next seat clockwise after ``seat`` still in the hand (``seat`` itself if alone)."""
        out = self.eliminated if eliminated is None else eliminated
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if candidate not in out:
                return candidate
        return seat
