"""Strong's fast simulator (``bot.sim``) replays the engine's Beginner flow exactly.

Seeded games are played through the engine and through ``Sim``: every turn action is
one of the engine's legal plays, draws or pick-ups chosen at random, and out of turn
the table does what self-play does with normal players (every seat but the one on turn
in seat order, then that seat: claim a natural dabong! when it can, else say "one
card", else ask a seat holding one unannounced card), which is ``Sim.settle``. After
each turn the tables must agree: hands, the discard pile and the draw pile, the top's
identity and the suits in force, who laid it, the direction, whose turn, the penalty,
the announcements and how the game ended. A reshuffle is random in both (seeded
differently), so a comparison stops at the first one.
"""

from __future__ import annotations

import random

import pytest

from rules_core.games.dabong import GAME
from rules_core.games.dabong.bot import lean
from rules_core.games.dabong.bot.search import ID, SUIT_ID, candidates
from rules_core.games.dabong.bot.sim import BITS, Sim
from rules_core.games.dabong.state import PLAYING, DabongState
from rules_core.games.dabong.values import card_suits, in_play_value, pile_value
from rules_core.kernel import Action, parse_card


def _settle(state: DabongState) -> DabongState:
    """Out-of-turn actions as self-play takes them from normal players."""
    while state.status == PLAYING:
        order = [s for s in range(state.seats) if s != state.turn] + [state.turn]
        for seat in order:
            picked = next((a for a in _social(state, seat) if GAME.resolve(state, a).verdict.legal), None)
            if picked is not None:
                outcome = GAME.resolve(state, picked)
                assert outcome.state is not None
                state = outcome.state
                break
        else:
            return state
    return state


def _social(state: DabongState, seat: int) -> list[Action]:
    """The seat's claim, "one card" and asks (targets in seat order), in normal's order."""
    hand = state.hands[seat]
    top = state.top_identity
    need = (pile_value(top) if top else 0) - sum(in_play_value(c) for c in hand if not c.is_shaman)
    shamans = any(c.is_shaman for c in hand)
    claim = Action(type="claim_natural", seat=seat, value=need if shamans and need > 0 else None)
    asks = [
        Action(type="ask_card_count", seat=seat, params=(("target", t),))
        for t in range(state.seats)
        if t != seat
    ]
    return [claim, Action(type="announce_one_card", seat=seat), *asks]


def _suits(state: DabongState) -> int:
    top = state.top_identity
    assert top is not None
    suits = (state.suit,) if state.suit is not None else tuple(card_suits(top))
    return sum(1 << SUIT_ID[s] for s in suits)


def _sim_of(state: DabongState) -> Sim:
    top = state.top_identity
    assert top is not None
    return Sim(
        hands=[[ID[c] for c in h] for h in state.hands],
        draw_pile=[ID[c] for c in reversed(state.draw_pile)],
        pile=[ID[c] for c in state.discard_pile],
        top=ID[top],
        suits=_suits(state),
        top_seat=state.top_seat,
        direction=state.direction,
        turn=state.turn,
        penalty=state.penalty.cards if state.penalty else 0,
        skip=bool(state.penalty and state.penalty.skip),
        announced=[s in state.announced for s in range(state.seats)],
        one_card=state.options.one_card_rule,
        rng=random.Random(0),
    )


def _agree(state: DabongState, sim: Sim) -> None:
    assert sim.hands == [[ID[c] for c in h] for h in state.hands]
    assert sim.pile == [ID[c] for c in state.discard_pile]
    assert sim.draw_pile == [ID[c] for c in reversed(state.draw_pile)]
    top = state.top_identity
    assert top is not None
    assert sim.top == ID[top]
    assert sim.suits == _suits(state)
    assert sim.top_seat == state.top_seat
    assert sim.direction == state.direction
    assert sim.turn == state.turn
    assert sim.penalty == (state.penalty.cards if state.penalty else 0)
    assert sim.announced == [s in state.announced for s in range(state.seats)]


def _turn_actions(state: DabongState) -> list[Action]:
    listed = GAME.legal_actions(state, state.turn, limit=400).entries
    return [e.action for e in listed if e.action.type in ("play", "draw", "pick_up")]


def _replay(seats: int, seed: int) -> int:
    """One game through both; the number of turns compared."""
    rng = random.Random(f"dabong-sim/{seed}/{seats}")
    state = GAME.deal(seats=seats, options=None, seed=seed, deck_order=None)
    while state.status != PLAYING:  # an opening 8, Jack or Shaman: the dealer settles it
        state = GAME.resolve(state, GAME.legal_actions(state, state.turn).entries[0].action).state  # type: ignore[assignment]
    state = _settle(state)
    if state.status != PLAYING:
        return 0
    sim = _sim_of(state)
    compared = 0
    while True:
        action = rng.choice(_turn_actions(state))
        seat = action.seat
        shuffles = state.shuffles
        outcome = GAME.resolve(state, action)
        assert outcome.state is not None
        state = _settle(outcome.state)
        if action.type == "play":
            top = action.cards[-1]
            identity = dict(action.declare).get(top, top)
            suit = -1 if action.suit is None else SUIT_ID[action.suit]
            result = sim.play(seat, tuple(ID[c] for c in action.cards), ID[identity], suit)
        elif action.type == "draw":
            result = sim.draw(seat)
        else:
            result = sim.pick_up(seat)
        if state.shuffles != shuffles:
            return compared
        compared += 1
        if state.status != PLAYING:
            assert result == state.game_winner, (seed, seats, action)
            return compared
        assert result is None, (seed, seats, action)
        _agree(state, sim)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_sim_replays_the_engine(seats: int) -> None:
    compared = sum(_replay(seats, seed) for seed in range(30))
    assert compared > 300


@pytest.mark.parametrize("seats", [2, 4])
def test_lean_rollouts_end_most_games(seats: int) -> None:
    ended = 0
    for seed in range(40):
        state = _settle(GAME.deal(seats=seats, options=None, seed=seed, deck_order=None))
        if state.status != PLAYING or state.top_identity is None:
            continue
        result = lean.finish(_sim_of(state), 200)
        assert result == lean.UNFINISHED or 0 <= result < seats
        ended += result >= 0
    assert ended >= 30


def test_lean_plays_an_addition_that_empties_the_hand() -> None:
    """Faced with the 10 of Water, 7F 2F AF add up to 10: the seat goes out."""
    hand = [ID[parse_card(c)] for c in ("7F", "2F", "AF")]
    top = ID[parse_card("10W")]
    sim = Sim(
        hands=[hand, [ID[parse_card(c)] for c in ("KA", "QA")]],
        draw_pile=[ID[parse_card("3E")]],
        pile=[top],
        top=top,
        suits=BITS[top],
        top_seat=1,
        direction=1,
        turn=0,
        penalty=0,
        skip=False,
        announced=[False, False],
        one_card=True,
        rng=random.Random(0),
    )
    assert lean.turn(sim, 0) == 0


def test_candidates_keep_the_fallback_first_and_one_play_per_card_set() -> None:
    hand = tuple(parse_card(c) for c in ("7F", "3F", "KA"))
    a = Action(type="play", seat=0, cards=(hand[0], hand[1]))
    b = Action(type="play", seat=0, cards=(hand[1], hand[0]))
    c = Action(type="play", seat=0, cards=(hand[2],))
    draw = Action(type="draw", seat=0)
    kept = candidates([a, b, c, draw], c, lambda x: len(x.cards))
    assert kept == [c, draw, a, b]
    assert len(candidates([a, a, draw], a, lambda x: 0.0)) == 2
