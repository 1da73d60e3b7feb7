"""Light seeded random walks through Dobon rounds, for game-specific invariants.

Cheaper than the generic checker (``tests/playouts.py``): no JSON round trip or
view resampling at each step, so more tables and options fit in the time budget.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import permutations

from rules_core.games.dobon import GAME, DobonOptions
from rules_core.games.dobon.state import DobonState
from rules_core.kernel import STANDARD_SUITS, Action


def walk(options: DobonOptions, seats: int, seed: int, max_steps: int | None = None) -> Iterator[DobonState]:
    """Every state of one random match (the last one is over), choosing among listed actions."""
    state = GAME.deal(seats=seats, options=options, seed=seed, deck_order=None)
    chooser = random.Random(f"dobon-walk/{seed}/{seats}")
    steps = 0
    while True:
        yield state
        if GAME.is_over(state) or (max_steps is not None and steps >= max_steps):
            return
        entries = GAME.legal_actions(state).entries
        # Favour claims a little so that return chains happen in short walks.
        claims = [e for e in entries if e.action.type == "claim"]
        pick = chooser.choice(claims) if claims and chooser.random() < 0.7 else chooser.choice(entries)
        outcome = GAME.resolve(state, pick.action)
        assert outcome.state is not None, (seed, seats, pick.action)
        state = outcome.state
        steps += 1


def candidates(state: DobonState, seat: int) -> Iterator[Action]:
    """Actions worth asking about for ``seat``: every single card (with and without a suit),
    every ordered pair of queens, whole-hand and part-hand claims with every top, the rest bare."""
    hand = state.hands[seat]
    for kind in ("draw", "take", "end_turn", "continue", "next_round"):
        yield Action(type=kind, seat=seat)
    for card in hand:
        yield Action(type="play", seat=seat, cards=(card,))
        for suit in STANDARD_SUITS:
            yield Action(type="play", seat=seat, cards=(card,), suit=suit)
    queens = [c for c in hand if c.rank is not None and c.rank.value == "Q"]
    for size in range(2, len(queens) + 1):
        for order in permutations(queens, size):
            yield Action(type="play", seat=seat, cards=order)
    if hand:
        yield Action(type="claim", seat=seat, cards=hand)
        yield Action(type="claim", seat=seat, cards=hand[:-1] or hand)
        for top in hand:
            yield Action(type="claim", seat=seat, cards=hand, top=top)
            yield Action(type="claim", seat=seat, cards=tuple(reversed(hand)), top=top)
