"""The dealer settles an opening 8, Jack or Shaman; the next game of a match is dealt."""

from __future__ import annotations

from ...kernel import Action, Effect, Outcome
from . import reasons as R
from .actions_play import suit_choices
from .dealing import deal_cards, open_with, seeded_deck, settle_opening
from .effects import GameDealt, OpeningCardTurned, OpeningShamanTaken, ShamanDeclared
from .state import DabongState, evolve
from .table import with_hand
from .values import is_real
from .verdicts import allow, refuse


def declare_opening(state: DabongState, action: Action) -> Outcome[DabongState]:
    """The dealer names the opening card's suit (8, Jack) or a Shaman's identity (and suit)."""
    top = state.top
    effects: list[Effect] = []
    if top.is_shaman:
        declared = dict(action.declare)
        if set(declared) - {top}:
            extra = next(iter(set(declared) - {top}))
            return refuse(action, R.DECLARE_NOT_IN_PLAY(card=extra, rule_id="dabong.opening"))
        identity = declared.get(top)
        if identity is None:
            return refuse(action, R.OPENING_NEEDS(top=top, field="declare"), needs=(f"declare/{top}",))
        if not is_real(identity):
            return refuse(action, R.DECLARE_NOT_REAL(card=top, as_card=identity))
        effects.append(
            ShamanDeclared(rule_id="dabong.shaman", seat=action.seat, shaman=top, identity=identity)
        )
        state_with = evolve(state, identities=((top, identity),))
    else:
        if action.declare:
            return refuse(action, R.DECLARE_NOT_SHAMAN(card=action.declare[0][0]))
        identity = top
        state_with = state
    choices = suit_choices(identity)
    if choices and action.suit is None:
        return refuse(action, R.OPENING_NEEDS(top=identity, field="suit"), needs=("suit",))
    if not choices and action.suit is not None:
        return refuse(action, R.SUIT_UNUSED(card=identity))
    if choices and action.suit not in choices:
        names = ", ".join(s.value for s in choices)
        return refuse(action, R.SUIT_NOT_ALLOWED(suit=action.suit, card=identity, choices=names))
    after, more = open_with(state_with, identity, action.suit)
    return allow(action, state, after, effects + more, R.OPENING_SETTLED(top=identity))


def take_opening_shaman(state: DabongState, action: Action) -> Outcome[DabongState]:
    """The dealer takes the opening Shaman, buries another card of the hand, turns a new card."""
    top = state.top
    if not top.is_shaman:
        return refuse(action, R.OPENING_NOT_SHAMAN(top=top))
    if action.top is None:
        return refuse(action, R.MISSING_FIELD(type=action.type, field="top"), needs=("top",))
    if action.top == top:
        return refuse(action, R.BURY_THE_SHAMAN())
    hand = state.hands[action.seat]
    if action.top not in hand:
        return refuse(action, R.BURY_NOT_IN_HAND(card=action.top))
    kept = (*tuple(c for c in hand if c != action.top), top)
    after = with_hand(state, action.seat, kept)
    draw_pile = (*after.draw_pile, action.top)
    turned = draw_pile[0]
    after = evolve(after, draw_pile=draw_pile[1:], discard_pile=(turned,), identities=())
    effects: list[Effect] = [
        OpeningShamanTaken(rule_id="dabong.opening", seat=action.seat, shaman=top, card=action.top),
        OpeningCardTurned(rule_id="dabong.opening", card=turned),
    ]
    after, effects = settle_opening(after, effects)
    return allow(action, state, after, effects, R.SHAMAN_TAKEN(card=action.top))


def next_game(state: DabongState, action: Action) -> Outcome[DabongState]:
    """The deal passes to the left; the new deck order comes from the seed and the game number."""
    dealer = (state.dealer + 1) % state.seats
    if action.seat != dealer:
        return refuse(action, R.NOT_NEXT_DEALER(dealer=dealer))
    number = state.scores.played
    deck = seeded_deck(state.seed, number)
    after, effects = deal_cards(
        seats=state.seats,
        options=state.options,
        seed=state.seed,
        dealer=dealer,
        deck=deck,
        scores=state.scores,
        shuffles=state.shuffles,
        move=state.move,
        years_used=state.years_used,
    )
    effects.insert(0, GameDealt(rule_id="dabong.scoring", dealer=dealer, number=number))
    return allow(action, state, after, effects, R.NEXT_GAME(dealer=dealer, number=number))
