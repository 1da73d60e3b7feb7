"""Table mechanics shared by the actions: drawing (with the reshuffle), hand updates, powers.

Everything here takes a state and returns a new one plus the effects it caused;
nothing is mutated, so a rejected action never leaves a trace.
"""

from __future__ import annotations

from ...kernel import (
    Card,
    CardsDrawn,
    DirectionReversed,
    Effect,
    PileReshuffled,
    Suit,
    SuitDeclared,
    TurnPassed,
    TurnSkipped,
    shuffled,
)
from .effects import PenaltyImposed
from .state import DabongState, Penalty, evolve
from .values import is_eight, is_jack, is_queen_of_water

RESHUFFLE_STREAM = "reshuffle"


def with_hand(state: DabongState, seat: int, hand: tuple[Card, ...]) -> DabongState:
    """Replace one hand; a seat no longer holding exactly one card loses its announcement."""
    hands = tuple(hand if i == seat else h for i, h in enumerate(state.hands))
    announced = tuple(s for s in state.announced if len(hands[s]) == 1)
    return evolve(state, hands=hands, announced=announced)


def cards_to_draw(state: DabongState) -> int:
    """How many cards a seat could still draw (the draw pile, plus what a reshuffle recycles)."""
    recyclable = len(state.discard_pile) - 1 if state.options.draw_pile_out == "reshuffle" else 0
    return len(state.draw_pile) + recyclable


def _reshuffle(state: DabongState) -> tuple[DabongState, list[Effect]]:
    """Keep the top discard, shuffle the rest into the draw pile (seeded by the state)."""
    rest = state.discard_pile[:-1]
    if not rest or state.options.draw_pile_out != "reshuffle":
        return state, []
    number = state.shuffles
    new_cards = shuffled(rest, seed=state.seed, stream=RESHUFFLE_STREAM, number=number)
    top = state.discard_pile[-1]
    state = evolve(
        state,
        draw_pile=state.draw_pile + new_cards,
        discard_pile=(top,),
        identities=tuple(p for p in state.identities if p[0] == top),
        top_play=1,
        shuffles=number + 1,
    )
    return state, [
        PileReshuffled(rule_id="dabong.draw_pile_out", count=len(new_cards), shuffle_number=number)
    ]


def draw_cards(state: DabongState, seat: int, count: int, rule_id: str) -> tuple[DabongState, list[Effect]]:
    """``seat`` draws ``count`` cards, recycling the discard pile when the draw pile runs out.

    With nothing left to recycle the seat takes what there is (ruling R-DABONG-07).
    """
    effects: list[Effect] = []
    drawn: list[Card] = []
    for _ in range(count):
        if not state.draw_pile:
            state, shuffled_effects = _reshuffle(state)
            effects.extend(shuffled_effects)
            if not state.draw_pile:
                break
        drawn.append(state.draw_pile[0])
        state = evolve(state, draw_pile=state.draw_pile[1:])
    state = with_hand(state, seat, state.hands[seat] + tuple(drawn))
    effects.append(CardsDrawn(rule_id=rule_id, seat=seat, count=len(drawn), cards=tuple(drawn)))
    return state, effects


def pass_turn(state: DabongState, seat: int, to_seat: int, rule_id: str) -> tuple[DabongState, list[Effect]]:
    return evolve(state, turn=to_seat), [TurnPassed(rule_id=rule_id, seat=seat, to_seat=to_seat)]


def fire_power(
    state: DabongState, seat: int, top: Card, suit: Suit | None, twos_owed: int = 2
) -> tuple[DabongState, list[Effect]]:
    """The top card's power after ``seat`` laid it (only the top card's power fires).

    ``state`` already has the card on top. Two seats: a skip or a reverse brings
    the turn straight back to ``seat`` (dabong.two_players). ``twos_owed``: the cards
    a 2 on top makes the next seat draw (more than two with add-ons, Intermediate up).
    """
    effects: list[Effect] = []
    nxt = state.next_seat(seat)
    two_players = state.seats == 2
    if top.rank is not None and top.rank.value == "2":
        rule_id = "dabong.two" if twos_owed == 2 else "dabong.twos_add_on"
        state = evolve(state, penalty=Penalty(cards=twos_owed, skip=True))
        effects.append(PenaltyImposed(rule_id=rule_id, seat=nxt, cards=twos_owed, skip=True))
        to_seat = nxt
    elif is_queen_of_water(top):
        state = evolve(state, penalty=Penalty(cards=2, skip=False))
        effects.append(PenaltyImposed(rule_id="dabong.queen_of_water", seat=nxt, cards=2, skip=False))
        to_seat, rule_id = nxt, "dabong.queen_of_water"
    elif top.rank is not None and top.rank.value == "9":
        state = evolve(state, direction=-state.direction)
        effects.append(DirectionReversed(rule_id="dabong.nine", direction=state.direction))
        if two_players:
            to_seat, rule_id = seat, "dabong.two_players"
        else:
            to_seat, rule_id = state.next_seat(seat), "dabong.nine"
    elif is_jack(top):
        assert suit is not None
        effects.append(SuitDeclared(rule_id="dabong.jack", seat=seat, suit=suit))
        effects.append(TurnSkipped(rule_id="dabong.jack", seat=nxt))
        to_seat = state.next_seat(nxt)
        rule_id = "dabong.two_players" if two_players else "dabong.jack"
    elif is_eight(top):
        assert suit is not None
        effects.append(SuitDeclared(rule_id="dabong.eight", seat=seat, suit=suit))
        to_seat, rule_id = nxt, "dabong.turn"
    else:
        to_seat, rule_id = nxt, "dabong.turn"
    state = evolve(state, suit=suit if (is_eight(top) or is_jack(top)) else None)
    state, passed = pass_turn(state, seat, to_seat, rule_id)
    return state, effects + passed
