"""What one seat sees, read from its view (never from the state).

``Game.view`` replaces every hidden zone with ``{"count": n}`` and drops the seed.
The bot reads its own hand and the public table from that, and gets its legal
cards by filling the hidden zones with unseen cards (``sample_world``) and asking
the game: in 99 a seat's playable cards depend only on its own hand, the Count and
whether a shield is pending, all of which the view shows, so any filling gives the
same answer (a test checks that against the real state).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ....bots import sample_world
from ....kernel import STANDARD_52, Card, parse_card
from ..game import GAME
from ..options import NinetyNineOptions
from ..state import Status
from .policy import Situation
from .tables import ID


@dataclass(frozen=True, slots=True, kw_only=True)
class Seen:
    """The seat's knowledge: its cards, the public table, and what it may play now."""

    seat: int
    seats: int
    options: NinetyNineOptions
    hand: tuple[int, ...]
    pile: tuple[int, ...]
    count: int
    status: Status
    turn: int | None
    eliminated: tuple[int, ...]
    #: Cards in each seat's hand (the view shows other hands as counts).
    hand_sizes: tuple[int, ...]
    #: Playable cards now, in hand order (empty when the seat does not act).
    playable: tuple[int, ...]

    def live(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if s not in self.eliminated)

    def next_live(self, seat: int) -> int:
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if candidate not in self.eliminated:
                return candidate
        return seat

    def situation(self) -> Situation:
        return Situation(
            hand=self.hand,
            count=self.count,
            pile=frozenset(self.pile),
            live=len(self.live()),
            no_blowback=self.seats == 2 and not self.options.two_player_blowback,
            clubs=self.options.clubs_slide,
        )


def read_view(view: Mapping[str, Any], seat: int) -> Seen:
    """Decode ``seat``'s view (a ``ValueError`` if it is another seat's; ``StateInvalid`` if impossible)."""
    if view.get("viewer") != seat:
        raise ValueError(f"this is the view of seat {view.get('viewer')!r}, not of seat {seat}")
    hand = tuple(parse_card(c) for c in view["hands"][seat])
    pile = tuple(parse_card(c) for c in view["play_pile"])
    # Any filling of the hidden zones will do (see the module docstring); a fixed
    # generator keeps it reproducible.
    world = sample_world(dict(view), STANDARD_52, (*hand, *pile), random.Random(0))
    state = GAME.state_from_json(world)
    playable: list[Card] = [e.action.cards[0] for e in GAME.legal_actions(state, seat).entries]
    return Seen(
        seat=seat,
        seats=state.seats,
        options=state.options,
        hand=tuple(ID[c] for c in hand),
        pile=tuple(ID[c] for c in pile),
        count=state.count,
        status=state.status,
        turn=state.turn,
        eliminated=state.eliminated,
        hand_sizes=tuple(len(h) for h in state.hands),
        playable=tuple(ID[c] for c in playable),
    )
