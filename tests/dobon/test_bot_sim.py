"""The strong bot's fast simulator (``bot.sim``) replays the engine's flow exactly.

The same seeded matches are played through the engine and through ``Sim``: every turn
action is one of the engine's legal actions chosen at random, and in every check a seat
claims whenever it can, putting its smallest card on top (what ``Sim`` does). After each
turn the tables must agree: hands, totals, discard pile, active suit, who laid the top,
direction, obligation, whose turn and which step, and how the round ended. A reshuffle
is random in both (seeded differently), so a comparison stops at the first one.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules_core.games.dobon import ACTION_CARDS, GAME, SUM_ONLY
from rules_core.games.dobon.bot import lean
from rules_core.games.dobon.bot.lean import UNFINISHED
from rules_core.games.dobon.bot.search import ID, distinct
from rules_core.games.dobon.bot.sim import ANSWER, DRAWN, NO_WINNER, TURN, VAL, Sim
from rules_core.games.dobon.options import DRAW_UNTIL_PLAYABLE, EIGHT_PRINTED_SUIT, DobonOptions
from rules_core.games.dobon.state import DobonState, Status, Step
from rules_core.kernel import STANDARD_52, STANDARD_SUITS, Action, parse_card

_STEP = {Step.TURN: TURN, Step.ANSWER_TWO: ANSWER, Step.DRAWN: DRAWN}
OPTIONS = {
    "sum_only": SUM_ONLY,
    "action_cards": ACTION_CARDS,
    "variants": replace(
        ACTION_CARDS, returns=False, drawing=DRAW_UNTIL_PLAYABLE, eight=EIGHT_PRINTED_SUIT, hand_size=4
    ),
    "no_returns_sum_only": replace(SUM_ONLY, returns=False, penalty_ends_turn=True),
}


def _sim_of(state: DobonState) -> Sim:
    return Sim(
        state.options,
        hands=[[ID[c] for c in h] for h in state.hands],
        stock=[ID[c] for c in reversed(state.draw_pile)],
        pile=[ID[c] for c in state.discard_pile],
        active=STANDARD_SUITS.index(state.active_suit),
        owner=-1 if state.top_owner is None else state.top_owner,
        direction=state.direction,
        obligation=state.obligation,
        turn=state.turn if state.turn is not None else 0,
        step=_STEP[state.step] if state.step is not None else TURN,
        drawn=-1 if state.drawn is None else ID[state.drawn],
        rng=random.Random(0),
    )


def _settle_checks(state: DobonState) -> DobonState:
    """Answer checks as ``Sim`` does: claim when possible (smallest card on top), else continue."""
    while state.status is Status.CHECKING:
        entries = [e.action for e in GAME.legal_actions(state, state.turn).entries]
        claims = [a for a in entries if a.type == "claim"]
        if claims:
            pick = min(claims, key=lambda a: VAL[ID[a.top]] if a.top is not None else 0)
        else:
            pick = entries[-1]
        outcome = GAME.resolve(state, pick)
        assert outcome.state is not None
        state = outcome.state
    return state


def _agree(state: DobonState, sim: Sim) -> None:
    assert sim.hands == [[ID[c] for c in h] for h in state.hands]
    assert sim.totals == [sum(VAL[ID[c]] for c in h) for h in state.hands]
    assert sim.pile == [ID[c] for c in state.discard_pile]
    assert sim.stock == [ID[c] for c in reversed(state.draw_pile)]
    assert sim.active == STANDARD_SUITS.index(state.active_suit)
    assert sim.owner == (-1 if state.top_owner is None else state.top_owner)
    assert sim.direction == state.direction
    assert sim.obligation == state.obligation
    assert (sim.turn, sim.step) == (state.turn, _STEP[state.step])  # type: ignore[index]


def _lean_action(sim: Sim, seat: int) -> Action:
    """The rollout policy's move (``lean.decide``) as an engine action."""
    kind, cards, suit = lean.decide(sim)
    if kind == lean.PLAY:
        return Action(
            type="play",
            seat=seat,
            cards=tuple(STANDARD_52.cards[c] for c in cards),
            suit=None if suit < 0 else STANDARD_SUITS[suit],
        )
    return Action(type={lean.DRAW: "draw", lean.TAKE: "take", lean.END: "end_turn"}[kind], seat=seat)


def _replay(options: DobonOptions, seats: int, seed: int, *, lean_plays: bool = False) -> int:
    """One round through both; the number of turns compared.

    Every turn action is one of the engine's legal actions at random, or with ``lean_plays``
    the rollout policy's own choice, which must then be one of the engine's legal actions.
    """
    rng = random.Random(f"sim/{seed}/{seats}")
    state = _settle_checks(GAME.deal(seats=seats, options=options, seed=seed, deck_order=None))
    if state.status is not Status.PLAYING:
        return 0
    sim = _sim_of(state)
    compared = 0
    while True:
        actions: list[Action] = [e.action for e in GAME.legal_actions(state, state.turn).entries]
        if lean_plays:
            assert (sim.turn, sim.step) == (state.turn, _STEP[state.step])  # type: ignore[index]
            action = _lean_action(sim, sim.turn)
            assert action in actions, (seed, seats, action)
        else:
            action = rng.choice(actions)
        seat = action.seat
        shuffles = state.shuffles
        outcome = GAME.resolve(state, action)
        assert outcome.state is not None
        state = _settle_checks(outcome.state)
        if action.type == "play":
            suit = -1 if action.suit is None else STANDARD_SUITS.index(action.suit)
            result = sim.play(seat, tuple(ID[c] for c in action.cards), suit)
        elif action.type == "draw":
            result = sim.draw(seat)
        elif action.type == "take":
            result = sim.take(seat)
        else:
            sim.end_turn(seat)
            result = None
        if state.shuffles != shuffles:
            return compared
        compared += 1
        if state.status is not Status.PLAYING:
            if state.status in (Status.ROUND_OVER, Status.OVER) and state.record[-1].how != "action_limit":
                expected = state.record[-1].winner
                assert result == (NO_WINNER if expected is None else expected), (seed, seats)
            return compared
        assert result is None, (seed, seats, action)
        _agree(state, sim)


@pytest.mark.parametrize("preset", OPTIONS)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_sim_replays_the_engine(preset: str, seats: int) -> None:
    compared = sum(_replay(OPTIONS[preset], seats, seed) for seed in range(25))
    assert compared > 200


@pytest.mark.parametrize("preset", OPTIONS)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_lean_policy_plays_legal_actions_that_the_sim_replays(preset: str, seats: int) -> None:
    """The rollout policy's own moves (its aces, twos, jacks, wild eights and queen bundles
    included) are legal in the engine, and the sim replays them as the engine does."""
    compared = sum(_replay(OPTIONS[preset], seats, seed, lean_plays=True) for seed in range(25))
    assert compared > 200


@pytest.mark.parametrize("preset", ["sum_only", "action_cards"])
@pytest.mark.parametrize("seats", [2, 4])
def test_lean_rollouts_end_every_round(preset: str, seats: int) -> None:
    options = OPTIONS[preset]
    ended = 0
    for seed in range(40):
        state = _settle_checks(GAME.deal(seats=seats, options=options, seed=seed, deck_order=None))
        if state.status is not Status.PLAYING:
            continue
        sim = _sim_of(state)
        result = lean.finish(sim)
        assert result in (NO_WINNER, UNFINISHED) or 0 <= result < seats
        ended += result >= 0
    assert ended >= 30


def test_search_tries_a_wild_eight_with_one_suit_besides_the_fallback() -> None:
    """Action cards: an eight is listed once per suit; the search plays out the suit the rest of
    the hand holds most (hearts here) and the fallback, not all four."""
    hand = tuple(parse_card(c) for c in ("8S", "3H", "9H", "KD"))
    eights = [Action(type="play", seat=0, cards=(hand[0],), suit=s) for s in STANDARD_SUITS]
    draw = Action(type="draw", seat=0)
    kept = distinct([*eights, draw], draw, hand)
    assert kept == [draw, eights[1]]
    kept = distinct([*eights, draw], eights[3], hand)
    assert kept == [eights[3], eights[1], draw]


def test_a_seed_given_for_the_reshuffles_deals_as_its_generator_would() -> None:
    """The search hands ``Sim`` a seed (a generator is only made on the first reshuffle): the
    recycled stock is the one a generator seeded the same way gives."""
    tables = []
    for rng in (12345, random.Random(12345)):
        hands = [[0, 14, 28], [3, 17, 31]]
        sim = Sim(
            SUM_ONLY,
            hands=hands,
            stock=[],
            pile=[5, 6, 7, 8, 9, 10, 11, 12, 13],
            active=1,
            owner=1,
            direction=1,
            obligation=0,
            turn=0,
            step=TURN,
            drawn=-1,
            rng=rng,
        )
        assert sim.draw(0) is None
        tables.append((sim.hands, sim.stock, sim.pile))
    assert tables[0] == tables[1]
    assert tables[0][2] == [13] and len(tables[0][1]) == 7
