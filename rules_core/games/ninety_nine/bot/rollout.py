"""A fast, throw-away simulation of the rest of a hand, for the strong bot's search.

The engine builds a new frozen state and a list of effects for every action; a
search that plays thousands of turns per suggestion cannot afford that, so this
module replays the same flow on mutable lists of card ids: play one card, draw
(reshuffling the play pile when the draw pile is empty), the Death Card and its
shield and blowback, seats with no fitting card going out as the turn reaches
them, and the clubs slide at the end (the game's own ``settle_hits``). A test
plays the same hands through this and through the engine and compares them.
"""

from __future__ import annotations

import random

from ..clubs import settle_hits
from ..counting import LIMIT
from ..options import NinetyNineOptions
from .outcome import hit_winner
from .policy import Situation, normal_choice
from .tables import AC, AD, AFTER, CARDS, CLUBS, QS, playable_ids

#: A simulated hand that runs this long is abandoned (counted as won by nobody).
MAX_STEPS = 600


class Rollout:
    """One hand from a full (sampled) position to its end, every seat playing ``normal_choice``."""

    __slots__ = (
        "alive",
        "count",
        "draw",
        "hands",
        "live",
        "options",
        "pile",
        "rng",
        "seats",
        "turn",
        "viewer",
    )

    def __init__(
        self,
        *,
        hands: list[list[int]],
        draw: list[int],
        pile: list[int],
        count: int,
        live: list[bool],
        options: NinetyNineOptions,
        rng: random.Random,
    ) -> None:
        self.hands = hands
        #: The draw pile with its top card *last* (drawing pops it).
        self.draw = draw
        self.pile = pile
        self.count = count
        self.live = live
        self.seats = len(hands)
        self.options = options
        self.rng = rng
        self.turn: int | None = None
        #: How many seats are still in (``sum(live)``, kept up to date).
        self.alive = sum(live)
        #: The seat the search is for: once it is out with no club, it cannot get a hit.
        self.viewer: int | None = None

    # -- flow -----------------------------------------------------------------------
    def finish_from(self, seat: int, card: int, *, give_up: bool = True) -> int | None:
        """Play ``card`` for ``seat`` (its turn now), then the rest of the hand; the hit winner.

        With ``give_up`` it stops early (returning None) once ``seat`` is out holding no
        club: only a club in an eliminated hand can still bring it a hit.
        """
        self.viewer = seat if give_up else None
        self.play(seat, card)
        steps = 0
        while self.turn is not None:
            steps += 1
            if steps > MAX_STEPS or (give_up and self.viewer is None):
                return None
            mover = self.turn
            playable = playable_ids(self.hands[mover], self.count)
            choice = playable[0] if len(playable) == 1 else normal_choice(playable, self.situation(mover))
            self.play(mover, choice)
        return self.winner()

    def _out(self, seat: int) -> None:
        self.live[seat] = False
        self.alive -= 1
        if seat == self.viewer and not any(c in CLUBS for c in self.hands[seat]):
            self.viewer = None

    def situation(self, seat: int) -> Situation:
        return Situation(
            hand=tuple(self.hands[seat]),
            count=self.count,
            pile=self.pile,
            live=self.alive,
            no_blowback=self.seats == 2 and not self.options.two_player_blowback,
            clubs=self.options.clubs_slide,
        )

    def play(self, seat: int, card: int) -> None:
        before = self.count
        target = self.next_live(seat)
        self.hands[seat].remove(card)
        self.pile.append(card)
        self.count = AFTER[card][before]
        self._draw(seat)
        if card != QS or before != LIMIT:
            self._advance(target)
            return
        if AD in self.hands[target]:
            # The shield is forced: the target lays the Ace of Diamonds and draws.
            self.hands[target].remove(AD)
            self.pile.append(AD)
            self._draw(target)
            if self._blowback():
                self._out(seat)
        else:
            self._out(target)
        self._advance(self.next_live(target))

    def _blowback(self) -> bool:
        if self.seats == 2:
            return self.options.two_player_blowback
        if self.alive == 2:
            return self.options.shrunk_game_blowback
        return True

    def _draw(self, seat: int) -> None:
        if not self.draw:
            self.draw = self.pile
            self.rng.shuffle(self.draw)
            self.pile = []
        self.hands[seat].append(self.draw.pop())

    def _advance(self, candidate: int) -> None:
        after = AFTER
        while self.alive > 1:
            count = self.count
            if any(after[c][count] >= 0 for c in self.hands[candidate]):
                self.turn = candidate
                return
            self._out(candidate)
            candidate = self.next_live(candidate)
        self.turn = None

    def next_live(self, seat: int) -> int:
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if self.live[candidate]:
                return candidate
        return seat

    def winner(self) -> int | None:
        (standing,) = [s for s in range(self.seats) if self.live[s]]
        if not self.options.clubs_slide or not any(AC in hand for hand in self.hands):
            return standing  # nobody holds the Ace of Clubs: the winner keeps the one hit
        hands = tuple(tuple(CARDS[c] for c in hand) for hand in self.hands)
        hits, _ = settle_hits(hands, standing, self.options)
        return hit_winner(hits)
