"""Turn actions: play (through the matcher), draw one card, pick up a penalty."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...kernel import Action, Card, CardsPlayed, Effect, Interpretation, Outcome, Reason, Suit, TurnSkipped
from . import reasons as R
from .matcher_api import Matcher, PileContext, PlayReading
from .scoring import finish_game
from .state import DabongState, TakeBack
from .table import draw_cards, fire_power, pass_turn, with_hand
from .values import card_suits, is_eight, is_jack, is_real, pile_value
from .verdicts import allow, refuse

ALL_SUITS: tuple[Suit, ...] = (Suit.FIRE, Suit.WATER, Suit.EARTH, Suit.AIR)


def pile_context(state: DabongState, seat: int) -> PileContext:
    """The pile as the matcher needs it, for ``seat`` about to play."""
    top = state.top_identity
    assert top is not None, "an undeclared Shaman on top only exists while the opening is settled"
    suits = frozenset((state.suit,)) if state.suit is not None else card_suits(top)
    previous = tuple(state.identity(c) or c for c in state.discard_pile[-state.top_play :])
    run = 0
    for card in reversed(state.discard_pile):
        identity = state.identity(card)
        if identity is None or identity.rank is not top.rank:
            break
        run += 1
    return PileContext(
        top=top,
        active_suits=suits,
        pile_value=pile_value(top),
        previous_play=previous,
        pending_twos=0,
        rank_run=max(run, 1),
        hand_size=len(state.hands[seat]),
    )


def suit_choices(identity: Card) -> tuple[Suit, ...]:
    """Suits the player of a top ``identity`` must choose from (empty: none to choose)."""
    if is_jack(identity):
        return tuple(s for s in ALL_SUITS if s in card_suits(identity))
    if is_eight(identity):
        return ALL_SUITS
    return ()


def _check_cards(state: DabongState, action: Action) -> list[Reason]:
    problems: list[Reason] = []
    hand = set(state.hands[action.seat])
    seen: set[Card] = set()
    for card in action.cards:
        if card in seen:
            problems.append(R.CARD_REPEATED(card=card))
        seen.add(card)
        if card not in hand:
            problems.append(R.CARD_NOT_IN_HAND(card=card, seat=action.seat))
    for shaman, identity in action.declare:
        if not shaman.is_shaman:
            problems.append(R.DECLARE_NOT_SHAMAN(card=shaman))
        elif shaman not in seen:
            problems.append(R.DECLARE_NOT_IN_PLAY(card=shaman))
        if not is_real(identity):
            problems.append(R.DECLARE_NOT_REAL(card=shaman, as_card=identity))
    return problems


def play(state: DabongState, action: Action, matcher: Matcher) -> Outcome[DabongState]:
    if not action.cards:
        return refuse(action, R.NO_CARDS())
    if state.penalty is not None:
        return refuse(action, R.PENALTY_PENDING(seat=action.seat, cards=state.penalty.cards))
    problems = _check_cards(state, action)
    if problems:
        return refuse(action, *problems)
    ctx = pile_context(state, action.seat)
    check = matcher.check_play(ctx, action.cards, action.declare, state.options)
    top_text = str(ctx.top)
    cards_text = " ".join(str(c) for c in action.cards)
    if not check.readings:
        known = [m for m in check.misses if m[0] in R.CATALOG]
        other = [
            {"code": c, "rule_id": rule_id, "message": text}
            for c, rule_id, text in check.misses
            if c not in R.CATALOG
        ]
        details: dict[str, Any] = {"misses": other} if other else {}
        head = R.PLAY_ILLEGAL(None, cards=cards_text, top=top_text, **details)
        return refuse(
            action, head, *(Reason(code=c, rule_id=rule_id, message=text) for c, rule_id, text in known)
        )
    if check.undeclared:
        names = ", ".join(str(c) for c in check.undeclared)
        return refuse(
            action,
            R.PLAY_NEEDS_DECLARATION(needs=names),
            needs=tuple(f"declare/{c}" for c in check.undeclared),
        )
    top_identity = check.readings[0].identities[-1]
    choices = suit_choices(top_identity)
    if choices and action.suit is None:
        return refuse(
            action,
            R.SUIT_REQUIRED(
                rank=top_identity.rank.value if top_identity.rank else "?", choices=_names(choices)
            ),
            needs=("suit",),
        )
    if not choices and action.suit is not None:
        return refuse(action, R.SUIT_UNUSED(card=top_identity))
    if choices and action.suit not in choices:
        return refuse(
            action, R.SUIT_NOT_ALLOWED(suit=action.suit, card=top_identity, choices=_names(choices))
        )
    after, effects = _lay(state, action, check.readings[0], top_identity)
    interpretations = tuple(_interpretation(r, effects) for r in check.readings)
    reading = check.readings[0]
    reason = R.PLAY_LEGAL(cards=cards_text, pattern=reading.pattern, top=top_text, rule_id=reading.rule_id)
    if after.status != state.status:
        return allow(
            action,
            state,
            after,
            effects,
            reason,
            R.WENT_OUT(seat=action.seat),
            interpretations=interpretations,
        )
    if state.options.unwinding:
        after = replace(after, take_back=TakeBack(action=action, before=state))
    return allow(action, state, after, effects, reason, interpretations=interpretations, keep_take_back=True)


def _names(suits: tuple[Suit, ...]) -> str:
    return ", ".join(s.value for s in suits)


def _interpretation(reading: PlayReading, effects: list[Effect]) -> Interpretation:
    return Interpretation(
        pattern=reading.pattern,
        rule_id=reading.rule_id,
        description=reading.description,
        effects=tuple(effects),
        declarations=tuple((str(s), str(c)) for s, c in reading.declarations),
    )


def _lay(
    state: DabongState, action: Action, reading: PlayReading, top: Card
) -> tuple[DabongState, list[Effect]]:
    seat = action.seat
    played = set(action.cards)
    hand = tuple(c for c in state.hands[seat] if c not in played)
    declared = dict(state.identities)
    declared.update(reading.declarations)
    state = with_hand(state, seat, hand)
    on_pile = state.discard_pile + action.cards
    state = replace(
        state,
        discard_pile=on_pile,
        identities=tuple(sorted((s, c) for s, c in declared.items() if s in set(on_pile))),
        top_seat=seat,
        top_play=len(action.cards),
        penalty=None,
    )
    effects: list[Effect] = [CardsPlayed(rule_id=reading.rule_id, seat=seat, cards=action.cards)]
    if not hand:
        state = replace(state, suit=None)
        won, more = finish_game(state, seat, "went_out", "dabong.win")
        return won, effects + more
    state, more = fire_power(state, seat, top, action.suit)
    return state, effects + more


def draw(state: DabongState, action: Action) -> Outcome[DabongState]:
    if state.penalty is not None:
        return refuse(action, R.PENALTY_PENDING(seat=action.seat, cards=state.penalty.cards))
    after, effects = draw_cards(state, action.seat, 1, "dabong.draw")
    after, passed = pass_turn(after, action.seat, after.next_seat(action.seat), "dabong.draw")
    count = len(after.hands[action.seat]) - len(state.hands[action.seat])
    return allow(action, state, after, effects + passed, R.DREW(seat=action.seat, count=count))


def pick_up(state: DabongState, action: Action) -> Outcome[DabongState]:
    penalty = state.penalty
    if penalty is None:
        return refuse(action, R.NO_PENALTY())
    rule_id = "dabong.two" if penalty.skip else "dabong.queen_of_water"
    after, effects = draw_cards(state, action.seat, penalty.cards, rule_id)
    after = replace(after, penalty=None)
    count = len(after.hands[action.seat]) - len(state.hands[action.seat])
    if penalty.skip:
        effects.append(TurnSkipped(rule_id=rule_id, seat=action.seat))
        to_seat = after.next_seat(action.seat)
        after, passed = pass_turn(
            after, action.seat, to_seat, "dabong.two_players" if after.seats == 2 else rule_id
        )
        effects.extend(passed)
    return allow(action, state, after, effects, R.PICKED_UP(seat=action.seat, count=count, rule_id=rule_id))
