"""The cheap policy every seat plays in the strong bot's rollouts (``Sim``), on totals and tables.

It is normal's scoring cut down to table lookups, reading only what the seat itself could
know (its own hand, the public table, hand counts), never a sampled hidden card:

- a total of 13 or less is worth a claim chance (``CLAIM`` per other seat); above 13 each
  point costs ``OVER`` (normal's ``OVER_PRICE``); with empty-hand wins fewer cards is worth more;
- a discard costs the chance that a seat with few cards holds exactly its value (``HIT``,
  counted once over a full deck), as normal fears short hands;
- a draw is worth the chance it claims at once on the top card plus the average hand it leaves;
- a two is answered with a two when one is held; a drawn card is played when that scores better
  than keeping it; an eight names the suit the rest of the hand holds most.

The action cards' powers are played as normal plays them (``judge._effect_bonus``), since the
rollouts stand for normal opponents: an ace (skip) or a two (attack) is worth more the fewer
cards the next seat holds, a jack (reverse) by how much shorter the next seat's hand is than
the previous one's. With queen bundles the queens held go down together when one fits (fewer
cards is worth more with empty-hand wins, and normal's scoring bundles them for that reason).

Checks need no policy: ``Sim`` claims whenever a total matches.

A card's fit, a discard's danger and the equity weights are read from tables built from those
rules (the same floats); ``tests/dobon/test_bot_speed.py`` holds every move to the plain code.
"""

from __future__ import annotations

from .odds import HandOdds
from .sim import ACE, ANSWER, DRAWN, EIGHT, FITS, JACK, QUEEN, RANK, SUIT, TURN, TWO, VAL, Sim

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
#: ``THREAT[n]``: how likely a seat holding n cards wins soon (normal's ``judge.THREAT``).
THREAT = tuple({1: 0.3, 2: 0.12, 3: 0.05}.get(n, 0.02) for n in range(64))
#: Normal's weights of the powers against that threat: an ace's skip, a two's attack (plus a
#: little whoever is next), a jack's reversal (the next seat's threat less the previous one's).
SKIP, ATTACK, ATTACK_BASE, REVERSE = 0.5, 0.4, 0.03, 0.5
#: ``POWER[card]``: 1 for an ace, 2 for a two, 3 for a jack (the entry of ``_powers`` plus one), else 0.
POWER = tuple({ACE: 1, TWO: 2, JACK: 3}.get(RANK[c], 0) for c in range(52))
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

#: A rollout move: ``(kind, cards, suit)``; cards and suit (-1: none) matter only for ``PLAY``.
PLAY, DRAW, TAKE, END = 0, 1, 2, 3
Move = tuple[int, tuple[int, ...], int]
_DRAW: Move = (DRAW, (), -1)
_TAKE: Move = (TAKE, (), -1)
_END: Move = (END, (), -1)


#: ``_EQUITY[may_empty][min(cards, 4)][min(total, CAP)]``: ``EQUITY_BY_TOTAL`` times ``EQUITY_SHORT``
#: where it applies (the same products, read from one table).
_EQUITY = (
    tuple(EQUITY_BY_TOTAL for _ in range(5)),
    tuple(
        tuple(w * EQUITY_SHORT[n] for w in EQUITY_BY_TOTAL) if n < 4 else EQUITY_BY_TOTAL for n in range(5)
    ),
)
_SHORT = tuple(min(n, 4) for n in range(64))


def equity(sim: Sim, seat: int) -> float:
    """``seat``'s rough share of the round's chances when a rollout stops early (full knowledge)."""
    table = _EQUITY[sim.may_empty]
    weights = [
        table[_SHORT[len(hand)]][total if total < CAP else CAP]
        for hand, total in zip(sim.hands, sim.totals, strict=True)
    ]
    return weights[seat] / sum(weights)


#: Only seats holding this many cards or fewer are feared (normal fears one-card seats only).
FEARED = 3


def _danger(rows: list[tuple[float, ...]], value: int) -> float:
    """The cost of discarding ``value`` against the feared seats' ``HIT`` rows (in seat order)."""
    out = 0.0
    for row in rows:
        out += row[value]
    return out * DANGER


#: ``OTHERS[seats][seat]``: the other seats in seat order (the order their rows are added in).
OTHERS = tuple(
    tuple(tuple(other for other in range(seats) if other != seat) for seat in range(seats))
    for seats in range(5)
)
#: A hand size in a danger key: every size above ``FEARED`` reads as ``FEARED + 1`` (not feared).
_CLIP = tuple(min(k, FEARED + 1) for k in range(64))
_BASE = FEARED + 2


def _danger_table(others: int) -> tuple[tuple[float, ...] | None, ...]:
    """``table[key]``: ``_danger`` by value, for the other seats' clipped sizes read in base ``_BASE``
    (the first other seat the leading digit); None when no seat is feared."""
    table: list[tuple[float, ...] | None] = []
    for key in range(_BASE**others):
        sizes = [key // _BASE ** (others - 1 - i) % _BASE for i in range(others)]
        rows = [HIT[k] for k in sizes if k <= FEARED]
        table.append(tuple(_danger(rows, v) for v in range(14)) if rows else None)
    return tuple(table)


#: ``DANGERS[seats - 1][key]``: a discard's danger by value, ``_danger`` of the rows of the other seats
#: holding ``FEARED`` cards or fewer (the same sums in the same order as adding them turn by turn, so
#: the same floats), or None when no seat is feared (no danger: the same as subtracting 0.0). A
#: rollout turn reads it by a key of the hand sizes instead of building that list of rows, which
#: was a tenth of a search's time.
DANGERS = tuple(_danger_table(others) for others in range(4))


def _danger_row(sim: Sim, seat: int) -> tuple[float, ...] | None:
    """``seat``'s danger of a discard by value (``DANGERS``), or None when no other seat is feared."""
    hands = sim.hands
    key = 0
    for other in OTHERS[sim.seats][seat]:
        key = key * _BASE + _CLIP[len(hands[other])]
    return DANGERS[sim.seats - 1][key]


def _eight_suit(hand: list[int], played: int) -> int:
    counts = [0, 0, 0, 0]
    for card in hand:
        if card != played:
            counts[SUIT[card]] += 1
    best = max(counts)
    return counts.index(best) if best else SUIT[played]


def _powers(sim: Sim, seat: int) -> tuple[float, float, float]:
    """What an ace, a two and a jack laid now are worth beyond their values (normal's bonus)."""
    hands, seats, d = sim.hands, sim.seats, sim.direction
    threat_next = THREAT[len(hands[(seat + d) % seats])]
    ace = SKIP * threat_next if sim.ace_skips else 0.0
    two = ATTACK * threat_next + ATTACK_BASE
    jack = 0.0
    if sim.jack_reverses and seats > 2:
        jack = REVERSE * (threat_next - THREAT[len(hands[(seat - d) % seats])])
    return ace, two, jack


def _turn(sim: Sim, seat: int) -> Move:
    hand = sim.hands[seat]
    n = len(hand)
    total = sim.totals[seat]
    if total > CAP:
        total = CAP
    others = sim.seats - 1
    empties = sim.may_empty
    top = sim.pile[-1]
    best = DRAW_WORTH[others][total]
    if sim.owner != seat and 1 <= VAL[top] - total <= 13:
        best += ONE_VALUE
    if empties:
        best += SHED[n + 1]
    if n == 1 and not empties:
        return _DRAW
    # The hot loop of a search: one table says which cards fit, and a card's score is read from
    # tables (its danger from ``DANGERS``).
    fit = FITS[sim.wild][sim.active][RANK[top]]
    worth = WORTH[others]
    shed = SHED[n - 1] if empties else 0.0
    danger: tuple[float, ...] | None = None
    looked = False
    powers: tuple[float, float, float] | None = None
    pick = -1
    queen = False
    for card in hand:
        if not fit[card]:
            continue
        value = VAL[card]
        score = EMPTY if n == 1 else worth[total - value] + shed
        if not looked:
            danger, looked = _danger_row(sim, seat), True
        if danger is not None:
            score -= danger[value]
        power = POWER[card]
        if power and n > 1:
            if powers is None:
                powers = _powers(sim, seat)
            score += powers[power - 1]
        elif RANK[card] == QUEEN:
            queen = True
        if score > best:
            best, pick = score, card
    # A bundle needs a queen that fits (found above) and another queen.
    if queen and sim.bundles:
        queens = sum(1 for card in hand if RANK[card] == QUEEN)
        if queens > 1 and (empties or queens < n):
            bundle = _bundle(hand, sim.active, RANK[top])
            k = len(bundle)
            score = EMPTY if k == n else worth[total - 12 * k] + (SHED[n - k] if empties else 0.0)
            if danger is not None:
                score -= danger[12]
            if score > best:
                return (PLAY, bundle, -1)
    if pick < 0:
        return _DRAW
    suit = _eight_suit(hand, pick) if RANK[pick] == EIGHT and sim.suit_choice else -1
    return (PLAY, (pick,), suit)


def _bundle(hand: list[int], active: int, top_rank: int) -> tuple[int, ...]:
    """Every queen held, a fitting one first and last the one of the suit the rest holds most; or ()."""
    queens = [c for c in hand if RANK[c] == QUEEN]
    first = next((c for c in queens if top_rank == QUEEN or SUIT[c] == active), -1)
    if first < 0:
        return ()
    others = [c for c in queens if c != first]
    held = [0, 0, 0, 0]
    for card in hand:
        if RANK[card] != QUEEN:
            held[SUIT[card]] += 1
    others.sort(key=lambda c: held[SUIT[c]])
    return (first, *others)


def _answer(sim: Sim, seat: int) -> Move:
    hand = sim.hands[seat]
    if len(hand) > 1 or sim.may_empty:
        for card in hand:
            if RANK[card] == TWO:
                return (PLAY, (card,), -1)
    return _TAKE


def _drawn(sim: Sim, seat: int) -> Move:
    card = sim.drawn
    if card >= 0 and sim.fits(card):
        hand = sim.hands[seat]
        n = len(hand)
        total = sim.totals[seat]
        if total > CAP:
            total = CAP
        worth = WORTH[sim.seats - 1]
        extra = sim.may_empty
        keep = worth[total] + (SHED[n] if extra else 0.0)
        rest = total - VAL[card]
        play = EMPTY if n == 1 else worth[rest] + (SHED[n - 1] if extra else 0.0)
        danger = _danger_row(sim, seat)
        if danger is not None:
            play -= danger[VAL[card]]
        power = POWER[card]
        if n > 1 and power:
            play += _powers(sim, seat)[power - 1]
        if play > keep:
            suit = _eight_suit(hand, card) if RANK[card] == EIGHT and sim.suit_choice else -1
            return (PLAY, (card,), suit)
    return _END


def decide(sim: Sim) -> Move:
    """The move of the seat to act (``sim.turn``) in its current step."""
    seat, step = sim.turn, sim.step
    if step == TURN:
        return _turn(sim, seat)
    if step == ANSWER:
        return _answer(sim, seat)
    assert step == DRAWN
    return _drawn(sim, seat)


def finish(sim: Sim, limit: int = MAX_TURNS) -> int:
    """Play the round on from ``sim`` (its ``turn`` to act) for up to ``limit`` turns.

    The winner, ``NO_WINNER`` (the stock ran out) or ``UNFINISHED`` (the limit came first).
    """
    # ``decide`` and the move applied, inlined: this loop is most of a search's time.
    for _ in range(limit):
        seat, step = sim.turn, sim.step
        kind, cards, suit = (
            _turn(sim, seat) if step == TURN else _answer(sim, seat) if step == ANSWER else _drawn(sim, seat)
        )
        if kind == PLAY:
            result = sim.play(seat, cards, suit)
        elif kind == DRAW:
            result = sim.draw(seat)
        elif kind == TAKE:
            result = sim.take(seat)
        else:
            sim.end_turn(seat)
            continue
        if result is not None:
            return result
    return UNFINISHED
