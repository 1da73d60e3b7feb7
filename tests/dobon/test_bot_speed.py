"""The rollouts' speed-ups (tables, a copied deal, an inlined shuffle) compute what the plain code did.

The strong bot's search must give the same answer for the same request before and after a change
made only for speed. Here the table-driven rollout policy (``lean``) is held, move by move over
seeded rollouts of every preset and seat count, to the plain formulation it replaced (kept below
as the reference: the feared seats' rows listed every turn, each card's fit tested, the equity
weights multiplied out); ``sim.shuffle`` to ``random.Random.shuffle``; and ``Sim.copy`` to a
freshly built ``Sim``.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from rules_core.games.dobon import GAME
from rules_core.games.dobon.bot import lean
from rules_core.games.dobon.bot.lean import (
    CAP,
    DANGER,
    DRAW_WORTH,
    EMPTY,
    EQUITY_BY_TOTAL,
    EQUITY_SHORT,
    FEARED,
    HIT,
    ONE_VALUE,
    SHED,
    WORTH,
    Move,
)
from rules_core.games.dobon.bot.sim import (
    ACE,
    AROUND,
    EIGHT,
    FITS,
    JACK,
    QUEEN,
    RANK,
    SUIT,
    TURN,
    TWO,
    VAL,
    Sim,
    shuffle,
)
from rules_core.games.dobon.state import Status
from tests.dobon.test_bot_sim import OPTIONS, _settle_checks, _sim_of

# -- the plain formulation (the rollout policy before the tables), as the reference -------------


def _threats(sim: Sim, seat: int) -> list[tuple[float, ...]]:
    hands = sim.hands
    return [HIT[len(h)] for other, h in enumerate(hands) if other != seat and len(h) <= FEARED]


def _danger(rows: list[tuple[float, ...]], value: int) -> float:
    out = 0.0
    for row in rows:
        out += row[value]
    return out * DANGER


def _fits(sim: Sim, card: int) -> bool:
    return (sim.wild and RANK[card] == EIGHT) or SUIT[card] == sim.active or RANK[card] == RANK[sim.pile[-1]]


def _bonus(sim: Sim, seat: int, rank: int) -> float:
    ace, two, jack = lean._powers(sim, seat)
    return ace if rank == ACE else two if rank == TWO else jack


def _plain_turn(sim: Sim, seat: int) -> Move:
    hand = sim.hands[seat]
    n = len(hand)
    total = min(sim.totals[seat], CAP)
    worth = WORTH[sim.seats - 1]
    empties = sim.may_empty
    top = sim.pile[-1]
    best = DRAW_WORTH[sim.seats - 1][total]
    if sim.owner != seat and 1 <= VAL[top] - total <= 13:
        best += ONE_VALUE
    if empties:
        best += SHED[n + 1]
    pick = -1
    if n > 1 or empties:
        rows: list[tuple[float, ...]] | None = None
        queens = 0
        for card in hand:
            rank = card % 13
            if rank == QUEEN:
                queens += 1
            if not _fits(sim, card):
                continue
            if rows is None:
                rows = _threats(sim, seat)
            score = EMPTY if n == 1 else worth[total - VAL[card]] + (SHED[n - 1] if empties else 0.0)
            if rows:
                score -= _danger(rows, VAL[card])
            if n > 1 and rank in (ACE, TWO, JACK):
                score += _bonus(sim, seat, rank)
            if score > best:
                best, pick = score, card
        if queens > 1 and sim.bundles and (empties or queens < n):
            bundle = lean._bundle(hand, sim.active, RANK[top])
            if bundle:
                k = len(bundle)
                if rows is None:
                    rows = _threats(sim, seat)
                score = EMPTY if k == n else worth[total - 12 * k] + (SHED[n - k] if empties else 0.0)
                if rows:
                    score -= _danger(rows, 12)
                if score > best:
                    return (lean.PLAY, bundle, -1)
    if pick < 0:
        return (lean.DRAW, (), -1)
    suit = lean._eight_suit(hand, pick) if RANK[pick] == EIGHT and sim.suit_choice else -1
    return (lean.PLAY, (pick,), suit)


def _plain_drawn(sim: Sim, seat: int) -> Move:
    card = sim.drawn
    if card >= 0 and _fits(sim, card):
        hand = sim.hands[seat]
        n = len(hand)
        total = min(sim.totals[seat], CAP)
        worth = WORTH[sim.seats - 1]
        extra = sim.may_empty
        keep = worth[total] + (SHED[n] if extra else 0.0)
        play = (EMPTY if n == 1 else worth[total - VAL[card]] + (SHED[n - 1] if extra else 0.0)) - _danger(
            _threats(sim, seat), VAL[card]
        )
        if n > 1 and RANK[card] in (ACE, TWO, JACK):
            play += _bonus(sim, seat, RANK[card])
        if play > keep:
            suit = lean._eight_suit(hand, card) if RANK[card] == EIGHT and sim.suit_choice else -1
            return (lean.PLAY, (card,), suit)
    return (lean.END, (), -1)


def _plain_equity(sim: Sim, seat: int) -> float:
    weights = []
    for hand, total in zip(sim.hands, sim.totals, strict=True):
        w = EQUITY_BY_TOTAL[min(total, CAP)]
        if sim.may_empty and len(hand) < 4:
            w *= EQUITY_SHORT[len(hand)]
        weights.append(w)
    return weights[seat] / sum(weights)


def _plain_decide(sim: Sim) -> Move:
    if sim.step == TURN:
        return _plain_turn(sim, sim.turn)
    if sim.step == lean.ANSWER:
        return lean._answer(sim, sim.turn)
    return _plain_drawn(sim, sim.turn)


def _step(sim: Sim, move: Move) -> int | None:
    kind, cards, suit = move
    seat = sim.turn
    if kind == lean.PLAY:
        return sim.play(seat, cards, suit)
    if kind == lean.DRAW:
        return sim.draw(seat)
    if kind == lean.TAKE:
        return sim.take(seat)
    sim.end_turn(seat)
    return None


# -- the tests ----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", OPTIONS)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_table_driven_policy_moves_as_the_plain_one(preset: str, seats: int) -> None:
    """Every move of seeded rollouts, and the equity wherever one stops, are the plain code's."""
    moves = 0
    for seed in range(30):
        state = _settle_checks(GAME.deal(seats=seats, options=OPTIONS[preset], seed=seed, deck_order=None))
        if state.status is not Status.PLAYING:
            continue
        sim = _sim_of(state)
        for _ in range(lean.MAX_TURNS):
            for seat in range(seats):
                assert lean.equity(sim, seat) == _plain_equity(sim, seat)
            move = lean.decide(sim)
            assert move == _plain_decide(sim), (preset, seats, seed, moves)
            moves += 1
            if _step(sim, move) is not None:
                break
    assert moves > 300


def test_the_danger_table_adds_the_feared_rows_in_seat_order() -> None:
    """For every seat count, seat and hand sizes (feared or not), and every value."""
    for seats in (2, 3, 4):
        for sizes in product(range(7), repeat=seats):
            sim = Sim.__new__(Sim)
            sim.seats = seats
            sim.hands = [[0] * k for k in sizes]
            for seat in range(seats):
                rows = _threats(sim, seat)
                danger = lean._danger_row(sim, seat)
                if not rows:
                    assert danger is None
                    continue
                assert danger is not None
                assert danger == tuple(_danger(rows, v) for v in range(14))


def test_the_fit_and_seat_order_tables() -> None:
    for wild, active, top, card in product((False, True), range(4), range(13), range(52)):
        expected = (wild and RANK[card] == EIGHT) or SUIT[card] == active or RANK[card] == top
        assert FITS[wild][active][top][card] == expected
    for seats in (2, 3, 4):
        for seat, d in product(range(seats), (1, -1)):
            assert AROUND[seats][d][seat] == tuple((seat + d * k) % seats for k in range(1, seats))


@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 31, 32, 33, 44, 52, 60])
def test_shuffle_makes_the_draws_of_random_shuffle(size: int) -> None:
    mine, theirs = random.Random(f"s/{size}"), random.Random(f"s/{size}")
    for _ in range(40):
        cards, expected = list(range(size)), list(range(size))
        shuffle(mine, cards)
        theirs.shuffle(expected)
        assert cards == expected
    assert mine.getstate() == theirs.getstate()


@pytest.mark.parametrize("rng", [7, "generator"])
def test_a_copy_plays_the_rollout_a_fresh_sim_plays(rng: int | str) -> None:
    """A copy shares no list with its original (nor a generator's state), so each plays on alone."""
    for seed in range(20):
        dealt = GAME.deal(seats=4, options=OPTIONS["action_cards"], seed=seed, deck_order=None)
        state = _settle_checks(dealt)
        if state.status is not Status.PLAYING:
            continue
        original = _sim_of(state)
        original.rng = random.Random(7) if rng == "generator" else 7
        copied = original.copy()
        fresh = _sim_of(state)
        fresh.rng = random.Random(7) if rng == "generator" else 7
        results = (lean.finish(copied), lean.finish(fresh))
        assert results[0] == results[1]
        assert (copied.hands, copied.stock, copied.pile) == (fresh.hands, fresh.stock, fresh.pile)
        untouched = _sim_of(state)
        assert original.hands == untouched.hands
        assert (original.stock, original.pile) == (untouched.stock, untouched.pile)
        assert lean.finish(original) == results[0]
