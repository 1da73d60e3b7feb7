"""Transitions shared by the actions: checks, drawing from the stock, ending rounds.

Each helper takes a state and returns the next one with the effects it had;
``engine`` decides which apply, this module only carries them out.
"""

from __future__ import annotations

from typing import Any

from ...kernel import (
    Card,
    CardsDrawn,
    Effect,
    PileReshuffled,
    RoundDrawn,
    RoundWon,
    TurnPassed,
    shuffled,
)
from .effects import CheckStarted, MatchEnded
from .standing import leaders, match_winner
from .state import (
    ROUND_ACTION_LIMIT,
    Check,
    CheckKind,
    Claim,
    DobonState,
    Resume,
    RoundRecord,
    Status,
    Step,
    evolve,
)

#: The next state and the effects that led to it.
Transition = tuple[DobonState, list[Effect]]


def end_round(state: DobonState, winner: int | None, how: str, effects: list[Effect]) -> DobonState:
    """Close the round: record it, count the win, and end the match after its last round."""
    chain = state.chain
    record = (*state.record, RoundRecord(round=state.round, winner=winner, how=how, chain=chain))
    wins = list(state.wins)
    if winner is not None:
        wins[winner] += 1
        rule = {"dobon": "dobon.claim.total", "return": "dobon.claim.returns"}.get(
            how, "dobon.finish.empty_hand"
        )
        effects.append(RoundWon(rule_id=rule, seat=winner, how=how))
    else:
        rule = "dobon.round.action_limit" if how == "action_limit" else "dobon.stock.exhausted"
        effects.append(RoundDrawn(rule_id=rule, reason=how))
    last = state.round >= state.options.match_rounds
    if last:
        effects.append(MatchEnded(rule_id="dobon.match", leaders=leaders(wins), wins=tuple(wins)))
        winner = match_winner(wins)
    return evolve(
        state,
        status=Status.OVER if last else Status.ROUND_OVER,
        turn=None,
        step=None,
        check=None,
        obligation=0,
        drawn=None,
        winner=winner,
        wins=tuple(wins),
        record=record,
    )


def start_check(
    state: DobonState, kind: CheckKind, asking: tuple[int, ...], resume: Resume | None
) -> Transition:
    """Pause ordinary play and ask ``asking`` in order; with nobody to ask, go straight on."""
    if not asking:
        return finish_check(state, resume)
    effects: list[Effect] = [CheckStarted(rule_id="dobon.check", kind=kind.value, seats=asking)]
    check = Check(kind=kind, asking=asking, resume=resume)
    return evolve(state, status=Status.CHECKING, turn=asking[0], step=None, check=check), effects


def discard_check_order(state: DobonState, discarder: int) -> tuple[int, ...]:
    """Everyone but the discarder, starting after them in the (new) direction."""
    return tuple(state.after(discarder, k) for k in range(1, state.seats))


def return_check_order(state: DobonState, claimant: int, chain: tuple[Claim, ...]) -> tuple[int, ...]:
    """After the claimant in the current direction, earlier claimants excluded."""
    claimed = {c.seat for c in chain}
    order = (state.after(claimant, k) for k in range(1, state.seats))
    return tuple(s for s in order if s not in claimed)


def finish_check(state: DobonState, resume: Resume | None) -> Transition:
    """The check brought no (further) claim: the last claimant wins, or play resumes."""
    effects: list[Effect] = []
    if resume is None:
        last = state.chain[-1]
        how = "dobon" if len(state.chain) == 1 else "return"
        return end_round(state, last.seat, how, effects), effects
    if resume.step is Step.FINISH:
        return end_round(state, resume.seat, "empty_hand", effects), effects
    return evolve(state, status=Status.PLAYING, turn=resume.seat, step=resume.step, check=None), effects


def drawer_check(state: DobonState, drawer: int, resume: Resume) -> Transition:
    """The drawer alone is checked, unless the top card is the drawer's own discard."""
    if state.top_owner == drawer:
        return finish_check(state, resume)
    return start_check(state, CheckKind.DRAW, (drawer,), resume)


def draw_one(state: DobonState, effects: list[Effect]) -> tuple[DobonState, Card | None]:
    """Take the stock's top card, recycling the discards under the top card when it is empty.

    Returns ``None`` for the card when nothing can be recycled.
    """
    if not state.draw_pile:
        under = state.discard_pile[:-1]
        if not under:
            return state, None
        stock = shuffled(under, seed=state.seed, stream="reshuffle", number=state.shuffles)
        effects.append(
            PileReshuffled(rule_id="dobon.stock.recycle", count=len(under), shuffle_number=state.shuffles)
        )
        state = evolve(
            state, draw_pile=stock, discard_pile=state.discard_pile[-1:], shuffles=state.shuffles + 1
        )
    card = state.draw_pile[0]
    return evolve(state, draw_pile=state.draw_pile[1:]), card


def give(
    state: DobonState, seat: int, cards: tuple[Card, ...], rule: str, effects: list[Effect]
) -> DobonState:
    hands = list(state.hands)
    hands[seat] = hands[seat] + cards
    effects.append(CardsDrawn(rule_id=rule, seat=seat, count=len(cards), cards=cards))
    return evolve(state, hands=tuple(hands))


def pass_turn(state: DobonState, seat: int, effects: list[Effect]) -> DobonState:
    nxt = state.after(seat)
    effects.append(TurnPassed(rule_id="dobon.turn.order", seat=seat, to_seat=nxt))
    return evolve(state, status=Status.PLAYING, turn=nxt, step=Step.TURN, drawn=None)


def count_action(state: DobonState, effects: list[Effect], **changes: Any) -> DobonState:
    """Count one action; a round still in play after 800 of them is drawn.

    ``changes`` are the action's own last field changes, made in the same copy of the state.
    """
    return settle_limit(
        evolve(state, move=state.move + 1, round_move=state.round_move + 1, **changes), effects
    )


def settle_limit(state: DobonState, effects: list[Effect]) -> DobonState:
    """After the count (``move``, ``round_move`` up by one): draw a live round at its action limit."""
    live = state.status in (Status.CHECKING, Status.PLAYING)
    if live and state.round_move >= ROUND_ACTION_LIMIT:
        if state.chain:
            # A return chain already holds a successful claim: settle it as if the rest passed.
            how = "dobon" if len(state.chain) == 1 else "return"
            return end_round(state, state.chain[-1].seat, how, effects)
        state = end_round(state, None, "action_limit", effects)
    return state
