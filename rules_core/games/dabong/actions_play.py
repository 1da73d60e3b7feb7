"""Turn actions: play (through the matcher), draw one card, pick up a penalty."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...kernel import (
    Action,
    Card,
    CardsPlayed,
    Effect,
    Interpretation,
    Outcome,
    Reason,
    Suit,
    TurnPassed,
    TurnSkipped,
)
from . import reasons as R
from .effects import AnswerOpened, ExtraPlayEarned, TwosNeutralized
from .matcher_api import Matcher, PileContext, PlayReading
from .play_flow import (
    OPPOSITE,
    all_twos,
    answerable_play,
    may_answer_twos,
    new_rank_run,
    owed_after,
    river_problem,
    twos_answer_problem,
    twos_owed,
    twos_refusal,
)
from .scoring import finish_game
from .state import DabongState, evolve
from .table import draw_cards, fire_power, pass_turn, with_hand
from .take_back_log import entry_for
from .values import card_suits, is_eight, is_jack, is_real, pile_value
from .verdicts import allow, refuse

ALL_SUITS: tuple[Suit, ...] = (Suit.FIRE, Suit.WATER, Suit.EARTH, Suit.AIR)


def pile_context(state: DabongState, seat: int) -> PileContext:
    """The pile as the matcher needs it, for ``seat`` about to play.

    ``previous_play`` and ``rank_run`` come from the state (a reshuffle recycles the
    cards under the top); ``pending_twos`` only when the seat on turn may answer 2s;
    the river only for the rule in force.
    """
    top = state.top_identity
    assert top is not None, "an undeclared Shaman on top only exists while the opening is settled"
    suits = frozenset((state.suit,)) if state.suit is not None else card_suits(top)
    facing = seat == state.turn and may_answer_twos(state)
    return PileContext(
        top=top,
        active_suits=suits,
        pile_value=pile_value(top),
        previous_play=state.previous_play,
        pending_twos=twos_owed(state) // 2 if facing else 0,
        rank_run=state.rank_run,
        hand_size=len(state.hands[seat]),
        river=state.river if state.options.rule_on("river") else None,
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
    if state.river is not None:
        hand.add(state.river)
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
    """A play on the seat's turn, or a heaven/hell answer out of turn (the phase check let it in)."""
    if not action.cards:
        return refuse(action, R.NO_CARDS())
    answering = action.seat != state.turn
    facing_twos = not answering and state.penalty is not None
    if facing_twos:
        refusal = twos_refusal(state, action.seat)
        if refusal is not None:
            return refuse(action, refusal)
    problems = _check_cards(state, action)
    river = river_problem(state, action.seat, action.cards)
    if river is not None:
        problems.append(river)
    if problems:
        return refuse(action, *problems)
    ctx = pile_context(state, action.seat)
    check = matcher.check_play(ctx, action.cards, action.declare, state.options)
    top_text = str(ctx.top)
    cards_text = " ".join(str(c) for c in action.cards)
    readings = check.readings
    if answering:
        assert state.answerable is not None
        answer, answer_rule = OPPOSITE[state.answerable]
        readings = tuple(r for r in readings if r.rule_id == answer_rule)
        if not readings:
            misses = [
                Reason(code=c, rule_id=rid, message=text) for c, rid, text in check.misses if c in R.CATALOG
            ]
            return refuse(action, R.NOT_AN_ANSWER(answer=answer, play=state.answerable), *misses)
    if not readings:
        return _refuse_misses(action, check.misses, cards_text, top_text)
    if check.undeclared:
        names = ", ".join(str(c) for c in check.undeclared)
        return refuse(
            action,
            R.PLAY_NEEDS_DECLARATION(needs=names),
            needs=tuple(f"declare/{c}" for c in check.undeclared),
        )
    reading = readings[0]
    if facing_twos:
        problem = twos_answer_problem(state, action.cards, reading.identities)
        if problem is not None:
            return refuse(action, problem)
    top_identity = reading.identities[-1]
    suit_problem = _suit_problem(action, top_identity)
    if suit_problem is not None:
        return suit_problem
    after, effects, notes = lay_play(state, action, reading, top_identity, facing_twos)
    interpretations = tuple(_interpretation(r, effects) for r in readings)
    reason = R.PLAY_LEGAL(cards=cards_text, pattern=reading.pattern, top=top_text, rule_id=reading.rule_id)
    if answering:
        notes.insert(0, R.ANSWERED(seat=action.seat, play=state.answerable, answer=reading.pattern))
    if after.status != state.status:
        return allow(
            action,
            state,
            after,
            effects,
            reason,
            *notes,
            R.WENT_OUT(seat=action.seat),
            interpretations=interpretations,
        )
    if state.options.unwinding:
        # The play as adjudicated, every Shaman's identity written out: a play whose Shaman the
        # matcher read (one identity fits) leaves the same state as the play declared.
        declare = tuple(sorted(reading.declarations))
        played = action if action.declare == declare else replace(action, declare=declare)
        after = evolve(after, take_back=(*state.take_back, entry_for(state, played)))
    return allow(
        action, state, after, effects, reason, *notes, interpretations=interpretations, keep_take_back=True
    )


def _refuse_misses(
    action: Action, misses: tuple[tuple[str, str, str], ...], cards_text: str, top_text: str
) -> Outcome[DabongState]:
    known = [m for m in misses if m[0] in R.CATALOG]
    other = [
        {"code": c, "rule_id": rule_id, "message": text} for c, rule_id, text in misses if c not in R.CATALOG
    ]
    details: dict[str, Any] = {"misses": other} if other else {}
    head = R.PLAY_ILLEGAL(None, cards=cards_text, top=top_text, **details)
    return refuse(
        action, head, *(Reason(code=c, rule_id=rule_id, message=text) for c, rule_id, text in known)
    )


def _suit_problem(action: Action, top_identity: Card) -> Outcome[DabongState] | None:
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
    return None


def _names(suits: tuple[Suit, ...]) -> str:
    return ", ".join(s.value for s in suits)


def _interpretation(reading: PlayReading, effects: list[Effect]) -> Interpretation:
    return Interpretation(
        pattern=reading.pattern,
        rule_id=reading.rule_id,
        description=reading.description,
        effects=tuple(effects),
        declarations=tuple((str(s), str(c)) for s, c in reading.declarations),
        via=reading.via,
    )


def lay_play(
    state: DabongState, action: Action, reading: PlayReading, top: Card, facing_twos: bool
) -> tuple[DabongState, list[Effect], list[Reason]]:
    """Put the play on the pile and settle what it causes (powers, 2s, extra play, answers)."""
    seat = action.seat
    played = set(action.cards)
    hand = tuple(c for c in state.hands[seat] if c not in played)
    declared = dict(state.identities)
    declared.update(reading.declarations)
    identities = reading.identities
    owed = owed_after(state, identities, facing_twos)
    run = new_rank_run(state, identities)
    river_card = state.river
    used_river = river_card is not None and river_card in played
    owed_before = twos_owed(state)
    state = with_hand(state, seat, hand)
    on_pile = state.discard_pile + action.cards
    state = evolve(
        state,
        discard_pile=on_pile,
        identities=tuple(sorted((s, c) for s, c in declared.items() if s in set(on_pile))),
        top_seat=seat,
        top_play=len(action.cards),
        previous_play=identities,
        rank_run=run,
        river=None if used_river else state.river,
        penalty=None,
        extra_play_then=None,
        answerable=None,
    )
    effects: list[Effect] = [CardsPlayed(rule_id=reading.rule_id, seat=seat, cards=action.cards)]
    notes: list[Reason] = []
    if used_river:
        notes.append(R.RIVER_USED(seat=seat, card=river_card))
    if facing_twos and not all_twos(identities):
        effects.append(TwosNeutralized(rule_id="dabong.twos_neutralization", seat=seat, cards=owed_before))
        notes.append(R.TWOS_NEUTRALIZED(seat=seat, cards=owed_before))
    if not hand:
        state = evolve(state, suit=None)
        won, more = finish_game(state, seat, "went_out", "dabong.win")
        return won, effects + more, notes
    state, more = fire_power(state, seat, top, action.suit, owed)
    effects.extend(more)
    kind = answerable_play(state, identities)
    if kind is not None:
        state = evolve(state, answerable=kind)
        effects.append(AnswerOpened(rule_id="dabong.heaven_hell_answer", play=kind, answer=OPPOSITE[kind][0]))
    if run >= 4 and state.penalty is None and state.options.rule_on("fourth_card"):
        then = state.turn
        effects = [e for e in effects if not isinstance(e, TurnPassed)]
        state = evolve(state, turn=seat, extra_play_then=then)
        effects.append(ExtraPlayEarned(rule_id="dabong.fourth_card", seat=seat, run=run, then=then))
        rank = top.rank.value if top.rank is not None else "?"
        notes.append(R.EXTRA_PLAY(run=run, rank=rank, seat=seat))
    elif state.penalty is not None and state.penalty.skip and owed > 2:
        added = owed - owed_before if facing_twos else owed
        notes.append(R.TWOS_ADDED_ON(seat=seat, added=added, next_seat=state.turn, cards=owed))
    return state, effects, notes


def draw(state: DabongState, action: Action) -> Outcome[DabongState]:
    if state.penalty is not None:
        return refuse(action, R.PENALTY_PENDING(seat=action.seat, cards=state.penalty.cards))
    after, effects = draw_cards(state, action.seat, 1, "dabong.draw")
    # Drawing also declines a 4th-card extra play: the turn goes where the play sent it.
    then = state.extra_play_then
    to_seat = after.next_seat(action.seat) if then is None else then
    after, passed = pass_turn(evolve(after, extra_play_then=None), action.seat, to_seat, "dabong.draw")
    count = len(after.hands[action.seat]) - len(state.hands[action.seat])
    return allow(action, state, after, effects + passed, R.DREW(seat=action.seat, count=count))


def pass_extra_play(state: DabongState, action: Action) -> Outcome[DabongState]:
    """Decline a 4th-card extra play: the turn goes where the earning play sent it."""
    then = state.extra_play_then
    if then is None:
        return refuse(action, R.NO_EXTRA_PLAY())
    after, passed = pass_turn(evolve(state, extra_play_then=None), action.seat, then, "dabong.fourth_card")
    return allow(action, state, after, passed, R.PASSED(seat=action.seat))


def pick_up(state: DabongState, action: Action) -> Outcome[DabongState]:
    penalty = state.penalty
    if penalty is None:
        return refuse(action, R.NO_PENALTY())
    rule_id = "dabong.two" if penalty.skip else "dabong.queen_of_water"
    after, effects = draw_cards(state, action.seat, penalty.cards, rule_id)
    after = evolve(after, penalty=None)
    count = len(after.hands[action.seat]) - len(state.hands[action.seat])
    if penalty.skip:
        effects.append(TurnSkipped(rule_id=rule_id, seat=action.seat))
        to_seat = after.next_seat(action.seat)
        after, passed = pass_turn(
            after, action.seat, to_seat, "dabong.two_players" if after.seats == 2 else rule_id
        )
        effects.extend(passed)
    return allow(action, state, after, effects, R.PICKED_UP(seat=action.seat, count=count, rule_id=rule_id))
