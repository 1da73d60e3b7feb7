"""The dabong! table state: a frozen record of everything needed to go on.

The state is the whole truth between requests (the service keeps nothing), so it
also carries what a take-back must restore: ``take_back`` is a flat log with one
entry per play that can still be taken back, last play last (``take_back_log``).
JSON encoding lives in ``state_json``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...kernel import Card, Suit, slots_copier
from .options import DabongOptions

if TYPE_CHECKING:
    from .take_back_log import TakeBackEntry

#: Status values: the dealer settles an opening 8/Jack/Shaman; play; a game ended and
#: the next one may be dealt (tennis, points); the match is over.
OPENING = "opening"
PLAYING = "playing"
GAME_OVER = "game_over"
OVER = "over"
STATUSES: tuple[str, ...] = (OPENING, PLAYING, GAME_OVER, OVER)


@dataclass(frozen=True, slots=True, kw_only=True)
class Penalty:
    """Cards the seat on turn must pick up before anything else (a 2 or the Queen of Water)."""

    cards: int
    #: A 2 skips the seat after it picks up; the Queen of Water does not.
    skip: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Scores:
    #: Tennis: games won in the current set, and sets won.
    games: tuple[int, ...]
    sets: tuple[int, ...]
    #: Points variant: running totals (lowest wins).
    points: tuple[int, ...]
    #: Games finished in this match (numbers the next deal's shuffle).
    played: int = 0

    @classmethod
    def zero(cls, seats: int) -> Scores:
        return cls(games=(0,) * seats, sets=(0,) * seats, points=(0,) * seats, played=0)


@dataclass(frozen=True, slots=True, kw_only=True)
class DabongState:
    options: DabongOptions
    seats: int
    seed: int
    shuffles: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    #: Index 0 is the top; buried cards go to the end.
    draw_pile: tuple[Card, ...]
    #: The last card is the top.
    discard_pile: tuple[Card, ...]
    #: Declared identity of each Shaman lying on the discard pile (sorted by Shaman).
    identities: tuple[tuple[Card, Card], ...]
    #: Suit in force after an 8 or a Jack on top (None otherwise).
    suit: Suit | None
    #: Seat that put the top card down (the dealer for the opening card).
    top_seat: int
    #: Cards in the play that put the top card down (the last ``top_play`` of the pile).
    top_play: int
    turn: int
    #: +1: to the left (increasing seat numbers); -1: to the right.
    direction: int
    penalty: Penalty | None
    #: Seats holding one card that have announced it.
    announced: tuple[int, ...]
    status: str
    #: Winner of the match (None while it goes on, or when it ends tied).
    winner: int | None
    #: Winner of the game just finished (None while a game is being played).
    game_winner: int | None
    move: int
    #: The plays that can still be taken back, oldest first (empty: none).
    take_back: tuple[TakeBackEntry, ...]
    scores: Scores
    #: Identities of the play that put the top card down, in laid order (the mirror answers
    #: it); kept here because a reshuffle recycles the cards under the top.
    previous_play: tuple[Card, ...] = ()
    #: Cards of the top identity's rank in a row at the top of the pile (4th card rule);
    #: kept here for the same reason.
    rank_run: int = 1
    #: A 4th-card extra play is open to the seat on turn; declining it (pass or draw) hands
    #: the turn to this seat, where the play had sent it.
    extra_play_then: int | None = None
    #: "heaven" or "hell": the play on top may be answered by the opposite, out of turn.
    answerable: str | None = None
    #: The river: a face-up community card (None: not dealt, or already used).
    river: Card | None = None
    #: Seats still holding their hand as dealt that have taken no action (worst hand rule).
    as_dealt: tuple[int, ...] = ()
    #: Once a year: per seat, the calendar years in which it has claimed (sorted).
    years_used: tuple[tuple[int, ...], ...] = ()

    # -- derived facts ----------------------------------------------------------------
    @property
    def top(self) -> Card:
        return self.discard_pile[-1]

    def identity(self, card: Card) -> Card | None:
        """What a discard-pile card counts as (None: an undeclared Shaman)."""
        if not card.is_shaman:
            return card
        for shaman, identity in self.identities:
            if shaman == card:
                return identity
        return None

    @property
    def top_identity(self) -> Card | None:
        return self.identity(self.top)

    def next_seat(self, seat: int, steps: int = 1) -> int:
        return (seat + self.direction * steps) % self.seats


_copy_state: Callable[..., DabongState] = slots_copier(DabongState)


def evolve(state: DabongState, **changes: Any) -> DabongState:
    """``dataclasses.replace`` for ``DabongState``, without its per-field walk.

    A play copies the state several times, and reading a state with a take-back replays
    the play behind it, so ``replace`` was a visible share of every request. The state has
    only plain init fields and no ``__post_init__``: setting the slots of a fresh instance
    gives exactly the state ``replace`` builds, and an unknown name raises ``TypeError``.
    """
    return _copy_state(state, **changes)
