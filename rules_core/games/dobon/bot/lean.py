"""The cheap policy every seat plays in the strong bot's rollouts (``Sim``), on totals and tables.

It is normal's scoring cut down to table lookups, reading only what the seat itself could
know (its own hand, the public table, hand counts), never a sampled hidden card:

- a total of 13 or less is worth a claim chance (``CLAIM`` per other seat); above 13 each
  point costs ``OVER`` (normal's ``OVER_PRICE``); with empty-hand wins fewer cards is worth more;
- a discard costs the chance that a seat with few cards holds exactly its value (``HIT``,
  counted once over a full deck), as normal fears short hands;
- a draw is worth the chance it claims at once on the top card plus the average hand it leaves;
- a two is answered with a two when one is held; a drawn card is played when that scores better
  than keeping it; an eight names the suit the rest of the hand holds most; queens go one at a time.

Checks need no policy: ``Sim`` claims whenever a total matches.
"""

from __future__ import annotations

from .odds import HandOdds
from .sim import ANSWER, DRAWN, EIGHT, RANK, SUIT, TURN, TWO, VAL, Sim

#: The worth of a total of 13 or less, per other seat that may discard its value.
CLAIM = 0.09
#: The price of each point above 13.
OVER = 0.02
#: The worth of emptying the hand with empty-hand wins (before the check's risk).
EMPTY = 1.0
#: With empty-hand wins: the worth of holding n cards (``SHED[n]``).
SHED = tuple(0.0 if n == 0 else 0.55 * 0.45 ** (n - 1) for n in range(64))
#: The chance a card drawn now carries one given value (about four of the unseen cards do).
ONE_VALUE = 4 / 44
#: ``HIT[k][v]``: the chance that a hidden hand of k cards sums to v (a full deck, k <= 3).
_ODDS = HandOdds(dict.fromkeys(range(1, 14), 4))
HIT = tuple(tuple(0.0 if k == 0 or k > 3 else _ODDS.hits(k, v) for v in range(14)) for k in range(64))
#: A discard risked against a seat is worth this much of a round.
DANGER = 0.5
#: Totals are looked up up to this (a bigger one is priced as this one).
CAP = 199
#: ``WORTH[others][t]``: a total t held (t <= CAP + 13).
WORTH = tuple(
    tuple(others * CLAIM if 1 <= t <= 13 else -OVER * max(0, t - 13) for t in range(CAP + 14))
    for others in range(4)
)
#: ``DRAW_WORTH[others][t]``: the average ``WORTH`` after drawing one card on a total t.
DRAW_WORTH = tuple(tuple(sum(row[t + d] for d in range(1, 14)) / 13 for t in range(CAP + 1)) for row in WORTH)
#: Rollouts longer than this many turns are abandoned (no winner).
MAX_TURNS = 400
#: ``finish`` stopped at its turn limit with the round still on.
UNFINISHED = -2
#: A seat's rough chance weight by its total when a rollout stops early (13 or less: claimable).
EQUITY_BY_TOTAL = tuple(
    1.0 if t <= 13 else 0.45 if t <= 19 else 0.25 if t <= 26 else 0.12 for t in range(CAP + 1)
)
#: With empty-hand wins, the weight is raised for a seat this close to emptying its hand.
EQUITY_SHORT = (1.0, 1.8, 1.3, 1.0)


def equity(sim: Sim, seat: int) -> float:
    """``seat``'s rough share of the round's chances when a rollout stops early (full knowledge)."""
    weights = []
    for hand, total in zip(sim.hands, sim.totals, strict=True):
        w = EQUITY_BY_TOTAL[min(total, CAP)]
        if sim.may_empty and len(hand) < 4:
            w *= EQUITY_SHORT[len(hand)]
        weights.append(w)
    return weights[seat] / sum(weights)


#: Only seats holding this many cards or fewer are feared (normal fears one-card seats only).
FEARED = 3


def _threats(sim: Sim, seat: int) -> list[tuple[float, ...]]:
    """The ``HIT`` rows of the other seats short enough to be feared."""
    feared = FEARED
    hands = sim.hands
    if sim.seats == 2:
        k = len(hands[1 - seat])
        return [HIT[k]] if k <= feared else []
    return [HIT[len(h)] for other, h in enumerate(hands) if other != seat and len(h) <= feared]


def _danger(rows: list[tuple[float, ...]], value: int) -> float:
    out = 0.0
    for row in rows:
        out += row[value]
    return out * DANGER


def _eight_suit(hand: list[int], played: int) -> int:
    counts = [0, 0, 0, 0]
    for card in hand:
        if card != played:
            counts[SUIT[card]] += 1
    best = max(counts)
    return counts.index(best) if best else SUIT[played]


def _turn(sim: Sim, seat: int) -> int | None:
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
        wild, active, top_rank = sim.wild, sim.active, RANK[top]
        for card in hand:
            rank = RANK[card]
            if not ((wild and rank == EIGHT) or SUIT[card] == active or rank == top_rank):
                continue
            if rows is None:
                rows = _threats(sim, seat)
            rest = total - VAL[card]
            score = EMPTY if n == 1 else worth[rest] + (SHED[n - 1] if empties else 0.0)
            if rows:
                score -= _danger(rows, VAL[card])
            if score > best:
                best, pick = score, card
    if pick < 0:
        return sim.draw(seat)
    suit = _eight_suit(hand, pick) if RANK[pick] == EIGHT and sim.suit_choice else -1
    return sim.play(seat, (pick,), suit)


def _answer(sim: Sim, seat: int) -> int | None:
    hand = sim.hands[seat]
    if len(hand) > 1 or sim.may_empty:
        for card in hand:
            if RANK[card] == TWO:
                return sim.play(seat, (card,))
    return sim.take(seat)


def _drawn(sim: Sim, seat: int) -> int | None:
    card = sim.drawn
    if card >= 0 and sim.fits(card):
        hand = sim.hands[seat]
        n = len(hand)
        total = min(sim.totals[seat], CAP)
        worth = WORTH[sim.seats - 1]
        extra = sim.may_empty
        keep = worth[total] + (SHED[n] if extra else 0.0)
        rest = total - VAL[card]
        play = (EMPTY if n == 1 else worth[rest] + (SHED[n - 1] if extra else 0.0)) - _danger(
            _threats(sim, seat), VAL[card]
        )
        if play > keep:
            suit = _eight_suit(hand, card) if RANK[card] == EIGHT and sim.suit_choice else -1
            return sim.play(seat, (card,), suit)
    sim.end_turn(seat)
    return None


def finish(sim: Sim, limit: int = MAX_TURNS) -> int:
    """Play the round on from ``sim`` (its ``turn`` to act) for up to ``limit`` turns.

    The winner, ``NO_WINNER`` (the stock ran out) or ``UNFINISHED`` (the limit came first).
    """
    for _ in range(limit):
        seat, step = sim.turn, sim.step
        if step == TURN:
            result = _turn(sim, seat)
        elif step == ANSWER:
            result = _answer(sim, seat)
        else:
            assert step == DRAWN
            result = _drawn(sim, seat)
        if result is not None:
            return result
    return UNFINISHED
