"""The Dobon table state: frozen records, nothing else.

A round runs through two kinds of moment. In a *check* (``status`` is
``checking``) ordinary play is paused and ``check.asking`` lists the seats
still to answer, the first of them (``turn``) being asked now; ``check.resume``
says whose ordinary turn follows and in which step. Otherwise (``playing``)
``turn`` is the seat on its ordinary turn and ``step`` says what it may do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from ...kernel import Card, Suit, slots_copier, slots_replacer
from .options import DobonOptions

#: A round stops as a draw after this many actions (rule ``dobon.round.action_limit``).
ROUND_ACTION_LIMIT = 800


class Status(StrEnum):
    CHECKING = "checking"
    PLAYING = "playing"
    ROUND_OVER = "round_over"
    OVER = "over"


class Step(StrEnum):
    """What the seat on its ordinary turn may do."""

    #: Play a fitting card (or a queen bundle) or draw.
    TURN = "turn"
    #: Facing a pending two: play a two or take the cards.
    ANSWER_TWO = "answer_two"
    #: Has drawn: play the drawn card (if it fits) or end the turn keeping it.
    DRAWN = "drawn"
    #: Emptied the hand with a discard: wins when the check brings no claim (resume only).
    FINISH = "finish"


class CheckKind(StrEnum):
    OPENING = "opening"
    DISCARD = "discard"
    DRAW = "draw"
    RETURN = "return"


@dataclass(frozen=True, slots=True, kw_only=True)
class Resume:
    """The ordinary moment that follows a check that brings no claim."""

    seat: int
    step: Step


@dataclass(frozen=True, slots=True, kw_only=True)
class Check:
    kind: CheckKind
    #: Seats still to answer, in order; the first is being asked now.
    asking: tuple[int, ...]
    #: None for a return check: when it brings no claim, the last claimant wins.
    resume: Resume | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Claim:
    """One successful Dobon claim (a link of the return chain)."""

    seat: int
    #: The whole hand, as it was held.
    cards: tuple[Card, ...]
    #: The card claimed on.
    target: Card
    #: The card the claimant put on top (None without returns).
    top: Card | None


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundRecord:
    round: int
    winner: int | None
    #: ``dobon``, ``return``, ``empty_hand``, ``stock_exhausted`` or ``action_limit``.
    how: str
    chain: tuple[Claim, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DobonState:
    options: DobonOptions
    seats: int
    seed: int
    #: Reshuffles so far in the match (the number of the next ``reshuffle`` stream draw).
    shuffles: int
    hands: tuple[tuple[Card, ...], ...]
    #: Index 0 is the top of the stock.
    draw_pile: tuple[Card, ...]
    #: The last card is the top.
    discard_pile: tuple[Card, ...]
    status: Status
    #: The seat acting now (the asked seat in a check); None when the round is over.
    turn: int | None
    #: The step of the ordinary turn (None outside ``playing``).
    step: Step | None
    direction: int
    active_suit: Suit
    #: Who put the top card down (None: the opening card).
    top_owner: int | None
    #: Cards owed to the seat facing a pending two (0: none).
    obligation: int
    #: The card the seat on turn has just drawn (steps ``drawn``), else None.
    drawn: Card | None
    check: Check | None
    chain: tuple[Claim, ...]
    #: Between rounds: the winner of the round just ended (None: drawn). Once the match is
    #: over: the match winner, the sole leader (None when the lead is shared). The record
    #: keeps every round's winner.
    winner: int | None
    move: int
    round: int
    round_move: int
    wins: tuple[int, ...]
    record: tuple[RoundRecord, ...]

    @property
    def top(self) -> Card:
        return self.discard_pile[-1]

    def after(self, seat: int, steps: int = 1, direction: int | None = None) -> int:
        """The seat ``steps`` places after ``seat`` in ``direction`` (default: the current one)."""
        d = self.direction if direction is None else direction
        return (seat + d * steps) % self.seats


_STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(DobonState))
_copy_state: Callable[..., DobonState] = slots_copier(DobonState)


def evolve(state: DobonState, **changes: Any) -> DobonState:
    """``dataclasses.replace`` for ``DobonState``, without its per-field walk.

    Every action copies the state a few times and ``replace`` was about half the time of
    a random playout. ``DobonState`` has only plain init fields and no ``__post_init__``,
    so setting the slots of a fresh instance gives exactly the state ``replace`` builds.
    An unknown field name raises ``TypeError``, as ``replace`` does.
    """
    return _copy_state(state, **changes)


#: ``replacer(*names)(state, *values)``: the state with those fields changed, positionally.
def replacer(*names: str) -> Callable[..., DobonState]:
    return slots_replacer(DobonState, *names)
