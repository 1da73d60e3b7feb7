"""dabong!'s own effects (past-tense records); the kernel's cover plays, draws and turns."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from ...kernel import Card, Effect
from ...kernel.effects import _encode


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyImposed(Effect):
    """``seat`` must pick up ``cards`` cards (and is skipped afterwards when ``skip``)."""

    seat: int
    cards: int
    skip: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ShamanDeclared(Effect):
    seat: int
    shaman: Card
    identity: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class OpeningCardTurned(Effect):
    card: Card
    #: Turned up from the draw pile: public once applied (kernel ``REVEALED``).
    REVEALED: ClassVar[frozenset[str]] = frozenset({"card"})


@dataclass(frozen=True, slots=True, kw_only=True)
class OpeningShamanTaken(Effect):
    """The dealer took the opening Shaman and buried ``card`` (private) under the draw pile."""

    seat: int
    shaman: Card
    card: Card
    PRIVATE: ClassVar[frozenset[str]] = frozenset({"card"})


@dataclass(frozen=True, slots=True, kw_only=True)
class OneCardAnnounced(Effect):
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CardCountAsked(Effect):
    seat: int
    target: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayTakenBack(Effect):
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsTraded(Effect):
    """``seat`` gave ``gave`` to ``partner`` and received ``received``; both seats see the cards."""

    seat: int
    partner: int
    gave: tuple[Card, ...]
    received: tuple[Card, ...]
    PRIVATE: ClassVar[frozenset[str]] = frozenset({"gave", "received"})

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.name}
        hide = viewer is not None and viewer not in (self.seat, self.partner)
        for f in fields(self):
            value = getattr(self, f.name)
            if hide and f.name in self.PRIVATE:
                out[f"{f.name}_count"] = len(value)
                continue
            out[f.name] = _encode(value)
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class GameScored(Effect):
    """A game ended; the running scores after it (tennis games and sets, or points)."""

    winner: int
    games: tuple[int, ...]
    sets: tuple[int, ...]
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchWon(Effect):
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GameDealt(Effect):
    dealer: int
    number: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RiverDealt(Effect):
    """The dealer turned ``card`` face up as the river (a community card)."""

    card: Card
    #: Turned up from the draw pile: public once applied (kernel ``REVEALED``).
    REVEALED: ClassVar[frozenset[str]] = frozenset({"card"})


@dataclass(frozen=True, slots=True, kw_only=True)
class ExtraPlayEarned(Effect):
    """``seat`` made a run of ``run`` cards of one rank on top and may play once more.

    Declining (a pass or a draw) hands the turn to ``then``.
    """

    seat: int
    run: int
    then: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TwosNeutralized(Effect):
    """``seat`` cancelled the ``cards`` that pending 2s imposed on it."""

    seat: int
    cards: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AnswerOpened(Effect):
    """A heaven or hell lies on top: any seat may lay the opposite (``answer``) out of turn."""

    play: str
    answer: str


@dataclass(frozen=True, slots=True, kw_only=True)
class OnceAYearUsed(Effect):
    seat: int
    year: int


__all__ = [
    "AnswerOpened",
    "CardCountAsked",
    "CardsTraded",
    "ExtraPlayEarned",
    "GameDealt",
    "GameScored",
    "MatchWon",
    "OnceAYearUsed",
    "OneCardAnnounced",
    "OpeningCardTurned",
    "OpeningShamanTaken",
    "PenaltyImposed",
    "PlayTakenBack",
    "RiverDealt",
    "ShamanDeclared",
    "TwosNeutralized",
]
