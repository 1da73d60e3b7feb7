"""Dealing a game and turning up the opening card.

Dealing order (the game's documented convention): the dealer of the first game is
the last seat, so seat 0 (on the dealer's left) plays first; cards go round one at
a time starting with the seat left of the dealer; the rest is the draw pile with
index 0 on top, and its top card is turned up as the opening card. A client-chosen
``deck_order`` (top card first) stands for any unconventional deal.
"""

from __future__ import annotations

from ...kernel import DABONG_55, Card, DirectionReversed, Effect, Suit, TurnPassed, shuffled
from .effects import OpeningCardTurned, RiverDealt
from .options import DabongOptions
from .state import OPENING, PLAYING, DabongState, Scores, evolve
from .table import fire_power
from .values import is_eight, is_jack

DEAL_STREAM = "deal"


def deal_cards(
    *,
    seats: int,
    options: DabongOptions,
    seed: int,
    dealer: int,
    deck: tuple[Card, ...],
    scores: Scores,
    shuffles: int = 0,
    move: int = 0,
    years_used: tuple[tuple[int, ...], ...] | None = None,
) -> tuple[DabongState, list[Effect]]:
    """Deal hands, then the river when one is dealt (R-DABONG-19), then turn up the opening card."""
    hands: list[list[Card]] = [[] for _ in range(seats)]
    position = 0
    for _ in range(options.hand_size):
        for k in range(seats):
            hands[(dealer + 1 + k) % seats].append(deck[position])
            position += 1
    river = None
    if options.deal_river and options.rule_on("river"):
        river = deck[position]
        position += 1
    state = DabongState(
        options=options,
        seats=seats,
        seed=seed,
        shuffles=shuffles,
        dealer=dealer,
        hands=tuple(tuple(h) for h in hands),
        draw_pile=tuple(deck[position + 1 :]),
        discard_pile=(deck[position],),
        identities=(),
        suit=None,
        top_seat=dealer,
        top_play=1,
        turn=dealer,
        direction=1,
        penalty=None,
        announced=(),
        status=OPENING,
        winner=None,
        game_winner=None,
        move=move,
        take_back=(),
        scores=scores,
        river=river,
        as_dealt=tuple(range(seats)),
        years_used=years_used if years_used is not None else ((),) * seats,
    )
    effects: list[Effect] = []
    if river is not None:
        effects.append(RiverDealt(rule_id="dabong.river", card=river))
    effects.append(OpeningCardTurned(rule_id="dabong.opening", card=deck[position]))
    return settle_opening(state, effects)


def seeded_deck(seed: int, number: int) -> tuple[Card, ...]:
    return shuffled(DABONG_55.cards, seed=seed, stream=DEAL_STREAM, number=number)


def settle_opening(state: DabongState, effects: list[Effect]) -> tuple[DabongState, list[Effect]]:
    """Apply the opening card's rule, or leave the dealer to settle it (8, Jack, Shaman)."""
    top = state.top
    state = evolve(state, previous_play=() if top.is_shaman else (top,), rank_run=1)
    if top.is_shaman or is_eight(top) or is_jack(top):
        return evolve(state, status=OPENING, turn=state.dealer), effects
    state, more = open_with(state, top, None)
    return state, effects + more


def open_with(state: DabongState, identity: Card, suit: Suit | None) -> tuple[DabongState, list[Effect]]:
    """Start play on an opening card whose identity (and suit) is known; the dealer is its player.

    An opening 9 differs from a played one: the dealer goes first, play going right.
    """
    state = evolve(state, status=PLAYING, top_seat=state.dealer, previous_play=(identity,))
    if identity.rank is not None and identity.rank.value == "9":
        state = evolve(state, direction=-1, turn=state.dealer)
        return state, [
            DirectionReversed(rule_id="dabong.opening", direction=-1),
            TurnPassed(rule_id="dabong.opening", seat=state.dealer, to_seat=state.dealer),
        ]
    return fire_power(state, state.dealer, identity, suit)
