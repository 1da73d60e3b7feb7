"""Adjudication: is this action legal now, why, and what follows.

Written from the rules as checks on the proposed action (``legal`` lists the
actions on its own; tests hold the two against each other). Every rejection
carries a reason code and the rule that decided; a rejected action changes
nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ...kernel import (
    Action,
    Card,
    CardsPlayed,
    Effect,
    Outcome,
    Rank,
    Reason,
    Verdict,
    new_outcome,
    new_verdict,
    slots_builder,
)
from . import reasons as R
from .dealing import next_round
from .effects import CheckContinued, DobonClaimed
from .flow import count_action, end_round, finish_check, return_check_order, settle_limit, start_check
from .options import EIGHT_CHOSEN_SUIT, EIGHT_ORDINARY, EIGHT_PRINTED_SUIT
from .play import apply_draw, apply_end_turn, apply_play, apply_take, fit_reason, grown_obligation
from .state import ROUND_ACTION_LIMIT, Check, CheckKind, Claim, DobonState, Status, Step, evolve, replacer
from .values import suit_of, total, value

#: The optional fields each action type takes (``type`` and ``seat`` always).
FIELDS = {
    "play": ("cards", "suit"),
    "draw": (),
    "take": (),
    "end_turn": (),
    "claim": ("cards", "top"),
    "continue": (),
    "next_round": (),
}


#: Fields whose absence is a rule of the document, not only of the action's shape.
_FIELD_RULES = {
    # a number on a claim would be some other arithmetic than the hand's sum
    ("claim", "value"): "dobon.excluded.arithmetic",
}


def resolve(state: DobonState, action: Action) -> Outcome[DobonState]:
    if not _plain_shape(state, action):
        reasons = _shape(state, action)
        if reasons:
            return new_outcome(Verdict.illegal(action, *reasons), None)
    kind = action.type
    if kind == "next_round":
        return _next_round(state, action)
    status = state.status
    if status is Status.OVER:
        return _illegal(action, R.MATCH_OVER())
    if status is Status.ROUND_OVER:
        return _illegal(action, R.ROUND_OVER())
    if status is Status.CHECKING:
        if kind not in ("claim", "continue"):
            return _illegal(action, R.CHECK_IN_PROGRESS(turn=state.turn))
        if action.seat != state.turn:
            return _illegal(action, _not_asked(state, action))
        return _claim(state, action) if kind == "claim" else _continue(state, action)
    if kind in ("claim", "continue"):
        return _illegal(action, R.NO_CHECK())
    if action.seat != state.turn:
        if kind == "play" and any(c.rank == state.top.rank for c in action.cards):
            return _illegal(action, R.OUT_OF_TURN_RANK(turn=state.turn))
        return _illegal(action, R.NOT_YOUR_TURN(seat=action.seat, turn=state.turn))
    return _ordinary(state, action)


#: Action types that name cards (every other type names none).
_CARD_TYPES = frozenset({"play", "claim"})


def _plain_shape(state: DobonState, action: Action) -> bool:
    """True when ``_shape`` would find nothing, for the usual bare actions (a quick test).

    A seat at the table, a known type, no optional field but ``cards``, and cards exactly
    when the type names them. False says nothing: ``_shape`` decides.
    """
    return (
        action.seat < state.seats
        and action.suit is None
        and action.top is None
        and action.value is None
        and not action.declare
        and not action.params
        and action.type in FIELDS
        and bool(action.cards) == (action.type in _CARD_TYPES)
    )


def _not_asked(state: DobonState, action: Action) -> Reason:
    """Why a seat the check is not asking cannot answer it (the most specific reason)."""
    if action.type == "claim" and action.seat == state.top_owner:
        return R.CLAIM_OWN_DISCARD()
    if action.type == "claim" and any(c.seat == action.seat for c in state.chain):
        return R.ALREADY_CLAIMED(seat=action.seat)
    return R.NOT_YOUR_TURN(seat=action.seat, turn=state.turn)


def _illegal(action: Action, *reasons: Reason) -> Outcome[DobonState]:
    return new_outcome(Verdict.illegal(action, *reasons), None)


def _legal(
    state: DobonState, action: Action, why: list[Reason], effects: list[Effect], **changes: Any
) -> Outcome[DobonState]:
    """The legal outcome; ``changes`` are field changes still to make, in the same copy as the count."""
    if action.type != "next_round":
        state = count_action(state, effects, **changes)
    else:
        state = evolve(state, move=state.move + 1, **changes)
    return new_outcome(new_verdict(True, action, tuple(why), tuple(effects), (), (), ()), state)


def _shape(state: DobonState, action: Action) -> list[Reason]:
    if action.seat >= state.seats:
        return [R.NO_SUCH_SEAT(seat=action.seat, seats=state.seats)]
    allowed = FIELDS[action.type]
    out = [
        R.UNEXPECTED_FIELD(_FIELD_RULES.get((action.type, f)), type=action.type, field=f)
        for f in action.given_fields()
        if f not in allowed
    ]
    if action.type == "claim" and action.top is not None and not state.options.returns:
        out.append(R.UNEXPECTED_FIELD("dobon.claim.returns", type="claim", field="top"))
    if action.type in ("play", "claim") and not action.cards:
        out.append(R.NO_CARDS(type=action.type))
    return out


# -- the checking step -------------------------------------------------------------------------
def _claim(state: DobonState, action: Action) -> Outcome[DobonState]:
    seat = action.seat
    hand = state.hands[seat]
    problems: list[Reason] = []
    if state.top_owner == seat:
        problems.append(R.CLAIM_OWN_DISCARD())
    if any(c.seat == seat for c in state.chain):
        problems.append(R.ALREADY_CLAIMED(seat=seat))
    named, held = Counter(action.cards), Counter(hand)
    strangers = named - held
    if strangers:
        problems.append(R.CLAIM_CARDS_NOT_HAND(cards=sorted(strangers.elements())))
    elif named != held:
        problems.append(R.CLAIM_WHOLE_HAND(hand_size=len(hand), given=len(action.cards)))
    hand_total, target = total(hand), value(state.top)
    if hand_total != target:
        problems.append(R.CLAIM_TOTAL_MISMATCH(total=hand_total, top=state.top, target=target))
    if state.options.returns:
        if action.top is None:
            problems.append(R.TOP_REQUIRED())
        elif action.top not in action.cards:
            problems.append(R.TOP_NOT_CLAIMED(top=action.top))
    if problems:
        return _illegal(action, *problems)
    why = [R.CLAIM_MATCHES(total=hand_total, top=state.top)]
    claim = Claim(seat=seat, cards=hand, target=state.top, top=action.top)
    effects: list[Effect] = [
        DobonClaimed(
            rule_id="dobon.claim.total",
            seat=seat,
            cards=hand,
            total=hand_total,
            target=state.top,
            top=action.top,
        )
    ]
    chain = (*state.chain, claim)
    if not state.options.returns:
        ended = end_round(evolve(state, chain=chain), seat, "dobon", effects)
        return _legal(ended, action, why, effects)
    assert action.top is not None
    laid = _lay_hand(hand, action.top)
    hands = list(state.hands)
    hands[seat] = ()
    state = evolve(
        state,
        hands=tuple(hands),
        discard_pile=state.discard_pile + laid,
        top_owner=seat,
        active_suit=suit_of(action.top),
        obligation=0,
        drawn=None,
        chain=chain,
    )
    effects.append(CardsPlayed(rule_id="dobon.claim.returns", seat=seat, cards=laid))
    state, more = start_check(state, CheckKind.RETURN, return_check_order(state, seat, chain), None)
    return _legal(state, action, why, effects + more)


def _lay_hand(hand: tuple[Card, ...], top: Card) -> tuple[Card, ...]:
    """The hand in its held order, the chosen card moved last (on top)."""
    rest = list(hand)
    rest.remove(top)
    return (*rest, top)


def _continue(state: DobonState, action: Action) -> Outcome[DobonState]:
    check = state.check
    assert check is not None
    seat = action.seat
    remaining = check.asking[1:]
    round_move = state.round_move + 1
    if round_move < ROUND_ACTION_LIMIT and 0 <= seat < _TABLE_SEATS:
        # The usual answer, in one copy of the state: what ``_legal`` makes of the general path
        # below when the round does not reach its action limit.
        resume = check.resume
        if remaining:
            state = _ask_next(
                state, state.move + 1, round_move, remaining[0], _new_check(check.kind, remaining, resume)
            )
            return new_outcome(
                new_verdict(True, action, (_CONTINUES[seat],), (_CONTINUED[seat],), (), (), ()), state
            )
        if resume is not None and resume.step is not Step.FINISH:
            state = _resume_play(state, _PLAYING, resume.seat, resume.step, None, state.move + 1, round_move)
            return new_outcome(
                new_verdict(True, action, (_CONTINUES[seat],), (_CONTINUED[seat],), (), (), ()), state
            )
    effects: list[Effect] = [CheckContinued(rule_id="dobon.check", seat=seat)]
    why = [R.CONTINUES(seat=seat)]
    if remaining:
        asked = Check(kind=check.kind, asking=remaining, resume=check.resume)
        return _legal(state, action, why, effects, turn=remaining[0], check=asked)
    state, more = finish_check(state, check.resume)
    return _legal(state, action, why, effects + more)


_PLAYING = Status.PLAYING
#: Seats the prebuilt effects and reasons below cover (a Dobon table has at most four).
_TABLE_SEATS = 4
_CONTINUED = tuple(CheckContinued(rule_id="dobon.check", seat=seat) for seat in range(_TABLE_SEATS))
_CONTINUES = tuple(R.CONTINUES(seat=seat) for seat in range(_TABLE_SEATS))
_DRAWS = tuple(R.DRAWS(seat=seat) for seat in range(_TABLE_SEATS))
_ENDS_TURN = tuple(R.ENDS_TURN(seat=seat) for seat in range(_TABLE_SEATS))
_new_check: Callable[..., Check] = slots_builder(Check, "kind", "asking", "resume")
_ask_next = replacer("move", "round_move", "turn", "check")
_resume_play = replacer("status", "turn", "step", "check", "move", "round_move")


# -- ordinary turns ------------------------------------------------------------------------------
def _ordinary(state: DobonState, action: Action) -> Outcome[DobonState]:
    step = state.step
    seat = action.seat
    if action.type == "play":
        # Why the first card fits (None: it does not), worked out once for the checks and the reasons.
        fit = fit_reason(state, action.cards[0])
        problems = _play_problems(state, action, fit)
        if problems:
            return _illegal(action, *problems)
        why = _play_reasons(state, action, fit)
        next_state, effects = apply_play(state, seat, action.cards, action.suit, count=True)
        next_state = settle_limit(next_state, effects)
        return new_outcome(new_verdict(True, action, tuple(why), tuple(effects), (), (), ()), next_state)
    if action.type == "draw":
        if step is Step.ANSWER_TWO:
            return _illegal(action, R.ANSWER_TWO(seat=seat, count=state.obligation))
        if step is Step.DRAWN:
            return _illegal(action, R.ALREADY_DREW(seat=seat))
        next_state, effects = apply_draw(state, seat, count=True)
        next_state = settle_limit(next_state, effects)
        draws = _DRAWS[seat] if 0 <= seat < _TABLE_SEATS else R.DRAWS(seat=seat)
        return new_outcome(new_verdict(True, action, (draws,), tuple(effects), (), (), ()), next_state)
    if action.type == "take":
        if step is not Step.ANSWER_TWO:
            return _illegal(action, R.NO_OBLIGATION())
        why = [R.TAKES(seat=seat, count=state.obligation)]
        next_state, effects = apply_take(state, seat)
        return _legal(next_state, action, why, effects)
    # end_turn
    if step is not Step.DRAWN:
        return _illegal(action, R.NOT_AFTER_DRAW())
    next_state, effects = apply_end_turn(state, seat, count=True)
    next_state = settle_limit(next_state, effects)
    ends = _ENDS_TURN[seat] if 0 <= seat < _TABLE_SEATS else R.ENDS_TURN(seat=seat)
    return new_outcome(new_verdict(True, action, (ends,), tuple(effects), (), (), ()), next_state)


def _suit_problems(state: DobonState, card: Card, suit_given: bool) -> list[Reason]:
    mode = state.options.eight
    if card.rank is Rank.EIGHT and mode != EIGHT_ORDINARY:
        if mode == EIGHT_CHOSEN_SUIT and not suit_given:
            return [R.SUIT_REQUIRED()]
        if mode == EIGHT_PRINTED_SUIT and suit_given:
            return [R.SUIT_NOT_ALLOWED(card=card)]
        return []
    if suit_given:
        return [R.UNEXPECTED_FIELD("dobon.eight", type="play", field="suit")]
    return []


def _play_problems(state: DobonState, action: Action, fit: Reason | None) -> list[Reason]:
    """What is wrong with a play; ``fit`` is ``fit_reason`` of its first card."""
    seat, cards = action.seat, action.cards
    hand = state.hands[seat]
    if len(cards) == 1:  # the usual play: no repeats, and one membership test says what is missing
        if cards[0] not in hand:
            return [R.CARDS_NOT_IN_HAND(seat=seat, cards=[cards[0]])]
    else:
        repeated = [c for c, n in Counter(cards).items() if n > 1]
        if repeated:
            return [R.REPEATED_CARD(card=repeated[0])]
        missing = Counter(cards) - Counter(hand)
        if missing:
            return [R.CARDS_NOT_IN_HAND(seat=seat, cards=sorted(missing.elements()))]
    out: list[Reason] = []
    if len(cards) == len(hand) and not state.options.empty_hand_wins:
        out.append(R.FINAL_CARD())
    if state.step is Step.DRAWN and cards != (state.drawn,):
        return [R.DRAWN_CARD_ONLY(drawn=state.drawn), *out]
    if len(cards) > 1:
        out += _bundle_problems(state, cards, fit)
    elif fit is None:
        out.append(_misfit(state, cards[0]))
    if cards and not out:
        out += _suit_problems(state, cards[-1], action.suit is not None)
    elif len(cards) > 1 and action.suit is not None:
        out.append(R.UNEXPECTED_FIELD("dobon.eight", type="play", field="suit"))
    return out


def _misfit(state: DobonState, card: Card) -> Reason:
    if state.step is Step.ANSWER_TWO:
        if card.rank is Rank.EIGHT:
            return R.EIGHT_CANNOT_ANSWER()
        return R.ONLY_TWO_ANSWERS(card=card)
    return R.DOES_NOT_FIT(card=card, suit=state.active_suit.value, top=state.top)


def _bundle_problems(state: DobonState, cards: tuple[Card, ...], fit: Reason | None) -> list[Reason]:
    if state.step is Step.ANSWER_TWO:
        return [R.ONLY_TWO_ANSWERS(card=cards[0])]
    if not state.options.queen_bundles:
        return [R.BUNDLES_OFF(), R.ONE_CARD_ONLY()]
    if any(c.rank is not Rank.QUEEN for c in cards):
        return [R.BUNDLE_QUEENS_ONLY(cards=list(cards))]
    if fit is None:
        return [R.BUNDLE_FIRST_MUST_FIT(card=cards[0])]
    return []


def _play_reasons(state: DobonState, action: Action, fit: Reason | None) -> list[Reason]:
    cards = action.cards
    why = [fit or R.FOLLOWS_SUIT(card=cards[0], suit=state.active_suit.value)]
    if len(cards) > 1:
        why.append(R.BUNDLE(count=len(cards), top=cards[-1]))
    if state.step is Step.ANSWER_TWO:
        why = [R.ANSWERS_TWO(count=grown_obligation(state))]
    return why


def _next_round(state: DobonState, action: Action) -> Outcome[DobonState]:
    if state.status is Status.OVER:
        return _illegal(action, R.MATCH_OVER())
    if state.status is not Status.ROUND_OVER:
        return _illegal(action, R.ROUND_NOT_OVER())
    fresh, effects = next_round(state)
    return _legal(fresh, action, [R.NEXT_ROUND(round=fresh.round)], effects)
