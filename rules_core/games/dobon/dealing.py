"""Dealing a round and turning up the opening card.

Order: the deck (``deck_order`` top first, or the seeded ``deal`` shuffle of the
round) is dealt round-robin one card at a time starting with seat 0 until each
seat holds ``hand_size`` cards; the next card is turned up as the opening card;
the rest is the stock with index 0 on top. Seat 0 plays first every round.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...kernel import STANDARD_52, Card, Effect, Rank, shuffled
from .effects import RoundStarted
from .flow import start_check
from .options import DobonOptions
from .state import CheckKind, DobonState, Resume, Status, Step
from .values import suit_of


def deal_cards(
    options: DobonOptions, seats: int, deck: tuple[Card, ...]
) -> tuple[tuple[tuple[Card, ...], ...], Card, tuple[Card, ...]]:
    hands: list[list[Card]] = [[] for _ in range(seats)]
    dealt = options.hand_size * seats
    for i, card in enumerate(deck[:dealt]):
        hands[i % seats].append(card)
    return tuple(tuple(h) for h in hands), deck[dealt], deck[dealt + 1 :]


def round_deck(seed: int, round_no: int) -> tuple[Card, ...]:
    return shuffled(STANDARD_52.cards, seed=seed, stream="deal", number=round_no)


def opening(state: DobonState) -> tuple[DobonState, list[Effect]]:
    """Apply the opening card's effect (when on) and start the opening check with seat 0.

    The effect acts as if the seat before seat 0 had played the card: a two makes
    seat 0 owe two, an ace skips seat 0, a jack reverses; an opening eight keeps its
    printed suit since nobody chose one.
    """
    opts = state.options
    top = state.top
    before = state.seats - 1
    resume = Resume(seat=0, step=Step.TURN)
    if opts.opening_effects:
        if top.rank is Rank.TWO:
            state = replace(state, obligation=2)
            resume = Resume(seat=0, step=Step.ANSWER_TWO)
        elif top.rank is Rank.ACE and opts.ace_skips:
            resume = Resume(seat=state.after(before, 2), step=Step.TURN)
        elif top.rank is Rank.JACK and opts.jack_reverses:
            state = replace(state, direction=-1)
            resume = Resume(seat=state.after(before), step=Step.TURN)
    asking = tuple(state.after(0, k) for k in range(state.seats))
    return start_check(state, CheckKind.OPENING, asking, resume)


def first_state(
    *, options: DobonOptions, seats: int, seed: int, deck: tuple[Card, ...]
) -> tuple[DobonState, list[Effect]]:
    state = DobonState(
        options=options,
        seats=seats,
        seed=seed,
        shuffles=0,
        move=0,
        wins=(0,) * seats,
        record=(),
        **_fresh_round(options, seats, deck, round_no=1),
    )
    return opening(state)


def _fresh_round(
    options: DobonOptions, seats: int, deck: tuple[Card, ...], *, round_no: int
) -> dict[str, Any]:
    """The fields every round starts from: a new deal, seat 0 to play, nothing pending."""
    hands, up, stock = deal_cards(options, seats, deck)
    return {
        "hands": hands,
        "draw_pile": stock,
        "discard_pile": (up,),
        "status": Status.PLAYING,
        "turn": 0,
        "step": Step.TURN,
        "direction": 1,
        "active_suit": suit_of(up),
        "top_owner": None,
        "obligation": 0,
        "drawn": None,
        "check": None,
        "chain": (),
        "winner": None,
        "round": round_no,
        "round_move": 0,
    }


def next_round(state: DobonState) -> tuple[DobonState, list[Effect]]:
    """Gather every card, deal the next round from its seeded shuffle; keep the record."""
    round_no = state.round + 1
    deck = round_deck(state.seed, round_no)
    fresh = replace(state, **_fresh_round(state.options, state.seats, deck, round_no=round_no))
    started: list[Effect] = [RoundStarted(rule_id="dobon.match.next_round", round=round_no)]
    fresh, effects = opening(fresh)
    return fresh, started + effects
