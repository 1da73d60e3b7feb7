"""Levels, suggestions and the protocol every game's bot implements."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, TypeVar

from ..kernel import Action

T = TypeVar("T")


class Level(StrEnum):
    #: Uniformly random among the legal actions: the baseline every level must beat.
    RANDOM = "random"
    #: Plausible but careless (the Dobon page: "can overlook matching totals and returns").
    EASY = "easy"
    #: The game's plain strategy (99's Bud).
    NORMAL = "normal"
    #: Also reasons about what is visible, may search over sampled deals.
    STRONG = "strong"


LEVELS: tuple[Level, ...] = tuple(Level)


@dataclass(frozen=True, slots=True, kw_only=True)
class Suggestion:
    action: Action
    rationale: str
    level: Level


class SeatBot(Protocol):
    def suggest(
        self,
        view: Mapping[str, Any],
        seat: int,
        level: Level,
        *,
        seed: int,
        optional: bool = False,
    ) -> Suggestion | None:
        """One legal action for ``seat`` given only its view.

        ``optional`` is set when the seat is not the one play waits for (an
        out-of-turn chance such as a natural dabong!): the bot may then return
        None to let play go on. Otherwise it must return an action whenever
        the seat has one.
        """
        ...


def choose_seeded(options: Sequence[T], *, seed: int, salt: str) -> T:
    """A reproducible pick: the same view, seat and seed give the same choice."""
    rng = random.Random(f"{seed}/{salt}")
    return options[rng.randrange(len(options))]
