"""Dobon's own effects (past-tense frozen records), beside the kernel's."""

from __future__ import annotations

from dataclasses import dataclass

from ...kernel import Card, Effect


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckStarted(Effect):
    """A checking step began; ``seats`` will be asked in this order."""

    kind: str
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckContinued(Effect):
    """The asked seat continued; its opportunity on this target ended."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DobonClaimed(Effect):
    """``seat`` claimed Dobon on ``target`` with its whole hand (``cards``, worth ``total``)."""

    seat: int
    #: The whole hand, revealed.
    cards: tuple[Card, ...]
    total: int
    target: Card
    #: The card put on top for returns (None without returns).
    top: Card | None


@dataclass(frozen=True, slots=True, kw_only=True)
class ObligationPassed(Effect):
    """``seat`` now owes ``count`` cards unless it answers with a two."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted(Effect):
    """Round ``round`` of the match was dealt."""

    round: int


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchEnded(Effect):
    """The match is over: ``wins`` by seat, ``leaders`` the seats with the most."""

    leaders: tuple[int, ...]
    wins: tuple[int, ...]
