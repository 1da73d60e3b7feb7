"""The cheap policy every seat plays in strong's rollouts: normal's plain strategy, lean.

On ``Sim``'s lists, with ``policy.Judge``'s main terms (12 per card held, 0.6 per point,
+9 per Shaman and +3 per 8 kept, +40 times the chance that the next pile value is one
the hand could claim on, the top card's power and how many held cards follow it) over
the moves normal finds most: single cards that follow the top and additions and
subtractions of same-suited cards (Shamans are only laid alone, as the 2 of the suit
held most, or as the last card). A play that empties the hand is always taken; with no
play the seat draws; facing a penalty it picks up. Claims, "one card" and asking are
``Sim.settle``'s (they come first, whatever the policy).
"""

from __future__ import annotations

from functools import lru_cache

from .sim import BITS, EIGHT, INV, JACK, NINE, PV, QW, RANK, SHAMAN0, TWO, Sim

#: Weights of normal's scoring (``policy``), see there for why.
PER_CARD = 12.0
PER_POINT = 0.6
SHAMAN_KEPT = 9.0
EIGHT_KEPT = 3.0
NATURAL_READY = 40.0
#: Pile values a top card can show (2..14), taken as equally likely, as normal does.
_PILE_VALUES = 13


def _coverage(cards: int, total: int, shamans: int) -> float:
    if cards < 2:
        return 0.0
    if not shamans:
        return 1.0 / _PILE_VALUES if 2 <= total <= 14 else 0.0
    lo, hi = max(2, total + shamans), min(14, total + 10 * shamans)
    return (hi - lo + 1) / _PILE_VALUES if hi >= lo else 0.0


def _power(sim: Sim, seat: int, top: int) -> float:
    rank = RANK[top]
    seats = sim.seats
    nxt = (seat + sim.direction) % seats
    held = len(sim.hands[nxt])
    if rank == TWO:
        return 6.0 + (18.0 if held <= 2 else 0.0) + (10.0 if seats == 2 else 0.0)
    if rank == JACK:
        return 10.0 if seats == 2 else 4.0 + (12.0 if held <= 2 else 0.0)
    if rank == NINE:
        return 10.0 if seats == 2 else 1.0
    if top == QW:
        return 4.0 + (25.0 if held == 1 or sim.announced[nxt] else 0.0)
    return 0.0


def _best_suit(rest: list[int], allowed: int) -> int:
    """The suit (of the ``allowed`` bits) most held in ``rest``; the lowest on a tie."""
    best, pick = -1, -1
    for s in range(4):
        if not allowed >> s & 1:
            continue
        n = sum(1 for c in rest if c < SHAMAN0 and BITS[c] >> s & 1)
        if n > best:
            best, pick = n, s
    return pick


def _score(sim: Sim, seat: int, rest: list[int], top: int, suits: int) -> float:
    total = 0
    shamans = eights = follow = 0
    rank = RANK[top]
    for c in rest:
        if c >= SHAMAN0:
            shamans += 1
            continue
        total += INV[c]
        r = RANK[c]
        if r == EIGHT:
            eights += 1
        elif r == rank or BITS[c] & suits:
            follow += 1
    n = len(rest)
    worth = -PER_CARD * n - PER_POINT * total + SHAMAN_KEPT * shamans + EIGHT_KEPT * eights
    return worth + NATURAL_READY * _coverage(n, total, shamans) + _power(sim, seat, top) + 2.0 * follow


def _sums(groups: list[list[int]], sums: list[int], target: int) -> list[tuple[int, ...]]:
    """Additions and subtractions of same-suited cards (no Shaman) on a pile value ``target``.

    ``sums`` holds each group's total: a group short of a target of 10 or more has nothing
    (as ``_sum_indices`` would find), so it is not even sorted.
    """
    found: list[tuple[int, ...]] = []
    for group, total in zip(groups, sums, strict=True):
        if len(group) < 2 or (total < target and target >= 10):
            continue
        group.sort(key=INV.__getitem__)
        for picked in _sum_indices(tuple(INV[c] for c in group), target):
            play = tuple(group[i] for i in picked)
            # a Jack is in two suited groups: the same play found twice is one
            if play not in found:
                found.append(play)
    return found


@lru_cache(maxsize=1 << 14)
def _sum_indices(values: tuple[int, ...], target: int) -> tuple[tuple[int, ...], ...]:
    """Positions (the biggest value first) of the subsets of ``values`` that add or subtract to ``target``.

    A pure function of the values (sorted), cached: the same suited values recur in every
    world and every rollout of a search, and from one search to the next.
    """
    out = []
    k = len(values)
    if sum(values) < target and target >= 10:
        return ()  # no addition reaches it, and no subtraction comes to 10 or more
    for mask in range(3, 1 << k):
        if mask & (mask - 1) == 0:
            continue
        chosen = [i for i in range(k) if mask >> i & 1]
        total = sum(values[i] for i in chosen)
        big = chosen[-1]  # sorted: the last is a biggest
        if total == target or 2 * values[big] - total == target:
            out.append((big, *chosen[:-1]))
    return tuple(out)


#: The suit indices a card counts as (a Jack two, a Shaman none).
SUITS_OF = tuple(tuple(s for s in range(4) if BITS[c] >> s & 1) for c in range(len(BITS)))


def turn(sim: Sim, seat: int) -> int | None:
    """``seat`` takes its turn action by the cheap policy; the winner if the game ends."""
    if sim.penalty:
        return sim.pick_up(seat)
    hand = sim.hands[seat]
    n = len(hand)
    top_rank = RANK[sim.top]
    suits = sim.suits
    # one pass over the hand: what follows the top, the suited groups, the counts normal scores
    playable = []
    groups: list[list[int]] = [[], [], [], []]
    group_sums = [0, 0, 0, 0]
    rank_n = [0] * 13
    suit_n = [0, 0, 0, 0]
    eights = 0
    shaman = -1
    for c in hand:
        if c >= SHAMAN0:
            shaman = c
            continue
        r = RANK[c]
        if r == EIGHT:
            eights += 1
            playable.append(c)
        elif BITS[c] & suits or r == top_rank:
            playable.append(c)
        if r != EIGHT:
            rank_n[r] += 1
        for s in SUITS_OF[c]:
            groups[s].append(c)
            group_sums[s] += INV[c]
            if r != EIGHT:
                suit_n[s] += 1
    if n == 1:
        if playable or shaman >= 0:
            return sim.play(seat, (hand[0],), hand[0] if playable else TWO, 0)  # it goes out
        return sim.draw(seat)
    sums = _sums(groups, group_sums, PV[sim.top])
    for cards in sums:
        if len(cards) == n:
            return sim.play(seat, cards, cards[-1], 0)  # it goes out: the suit is moot
    best = -1e9
    pick: tuple[int, ...] = ()
    pick_top = pick_suit = -1
    if playable:
        # singles, scored from the hand's counts (what ``_score`` adds up, without a pass per card)
        total, shamans = sim.totals[seat], sim.shamans[seat]
        rest_n = n - 1
        base = -PER_CARD * rest_n + SHAMAN_KEPT * shamans
        for card in playable:
            r = RANK[card]
            if r == EIGHT:
                suit = max(range(4), key=suit_n.__getitem__)
                follow = suit_n[suit]
                kept = eights - 1
            else:
                own = SUITS_OF[card]
                if r == JACK:
                    suit = own[0] if suit_n[own[0]] >= suit_n[own[1]] else own[1]
                    follow = rank_n[r] - 1 + suit_n[suit] - 1
                else:
                    suit = -1
                    follow = rank_n[r] - 1 + suit_n[own[0]] - 1
                kept = eights
            rest_total = total - INV[card]
            score = (
                base
                - PER_POINT * rest_total
                + EIGHT_KEPT * kept
                + NATURAL_READY * _coverage(rest_n, rest_total, shamans)
                + _power(sim, seat, card)
                + 2.0 * follow
            )
            if score > best:
                best, pick, pick_top, pick_suit = score, (card,), card, suit
    for cards in sums:
        rest = [c for c in hand if c not in cards]
        # the top card of the play: any but a subtraction's first (the biggest) laid last
        for top in cards[1:]:
            suit = _suit_for(top, rest)
            score = _score(sim, seat, rest, top, (1 << suit) if suit >= 0 else BITS[top])
            if score > best:
                order = (*(c for c in cards if c != top), top)
                best, pick, pick_top, pick_suit = score, order, top, suit
    if pick:
        return sim.play(seat, pick, pick_top, pick_suit)
    if shaman >= 0:
        rest = [c for c in hand if c != shaman]
        return sim.play(seat, (shaman,), _best_suit(rest, 15) * 13 + TWO, -1)
    return sim.draw(seat)


def _suit_for(card: int, rest: list[int]) -> int:
    """The suit named with an 8 (any) or a Jack (one of its two): the one most held; else -1."""
    r = RANK[card]
    if r == EIGHT:
        return _best_suit(rest, 15)
    if r == JACK:
        return _best_suit(rest, BITS[card])
    return -1


#: ``finish`` stopped at its turn limit with the game still on.
UNFINISHED = -2


def finish(sim: Sim, limit: int) -> int:
    """Play on from ``sim`` (its ``turn`` to act) for up to ``limit`` turns: the winner or UNFINISHED."""
    for _ in range(limit):
        result = turn(sim, sim.turn)
        if result is not None:
            return result
    return UNFINISHED


#: A seat's chance to win by what it holds, measured over 1,500 lean self-play games per seat
#: count from seeded engine deals (every third turn, every seat): keyed by cards held (10 for
#: more), whether the hand's total can match a pile value (0: it can, 1: it cannot, 2: one card
#: left) and whether it holds a Shaman (it fits any total: about twice the chance).
_CHANCE: dict[int, dict[tuple[int, int, int], float]] = {
    2: {
        (1, 2, 0): 0.69,
        (1, 2, 1): 0.94,
        (2, 0, 0): 0.55,
        (2, 0, 1): 0.93,
        (2, 1, 0): 0.51,
        (3, 0, 0): 0.52,
        (3, 0, 1): 0.86,
        (3, 1, 0): 0.44,
        (3, 1, 1): 0.74,
        (4, 0, 0): 0.54,
        (4, 0, 1): 0.80,
        (4, 1, 0): 0.41,
        (4, 1, 1): 0.70,
        (5, 0, 1): 0.64,
        (5, 1, 0): 0.38,
        (5, 1, 1): 0.68,
        (6, 1, 0): 0.33,
        (6, 1, 1): 0.62,
        (7, 1, 0): 0.31,
        (7, 1, 1): 0.57,
        (8, 1, 0): 0.30,
        (8, 1, 1): 0.55,
        (9, 1, 0): 0.19,
        (9, 1, 1): 0.54,
        (10, 1, 0): 0.23,
        (10, 1, 1): 0.43,
    },
    4: {
        (1, 2, 0): 0.52,
        (1, 2, 1): 0.90,
        (2, 0, 0): 0.34,
        (2, 0, 1): 0.77,
        (2, 1, 0): 0.21,
        (3, 0, 0): 0.36,
        (3, 0, 1): 0.70,
        (3, 1, 0): 0.21,
        (3, 1, 1): 0.42,
        (4, 0, 0): 0.37,
        (4, 0, 1): 0.73,
        (4, 1, 0): 0.19,
        (4, 1, 1): 0.45,
        (5, 0, 1): 0.79,
        (5, 1, 0): 0.17,
        (5, 1, 1): 0.41,
        (6, 1, 0): 0.15,
        (6, 1, 1): 0.37,
        (7, 1, 0): 0.12,
        (7, 1, 1): 0.32,
        (8, 1, 0): 0.12,
        (8, 1, 1): 0.30,
        (9, 1, 0): 0.07,
        (9, 1, 1): 0.20,
        (10, 1, 0): 0.06,
        (10, 1, 1): 0.19,
    },
}


def _odds(table: dict[tuple[int, int, int], float], cards: int, total: int, shamans: int) -> float:
    n = min(cards, 10)
    sh = 1 if shamans else 0
    if cards < 2:
        band = 2
    else:
        lo, hi = total + shamans, total + 10 * shamans
        band = 0 if lo <= 14 and hi >= 2 else 1
    p = table.get((n, band, sh))
    if p is None:
        p = table.get((n, 1, sh), 0.1)
    return p / (1.0 - p)


def equity(sim: Sim, seat: int) -> float:
    """``seat``'s share of the chances when a rollout stops early (the odds of ``_CHANCE``)."""
    table = _CHANCE[2 if sim.seats == 2 else 4]
    odds = [_odds(table, len(h), t, sh) for h, t, sh in zip(sim.hands, sim.totals, sim.shamans, strict=True)]
    return odds[seat] / sum(odds)


__all__ = ["UNFINISHED", "equity", "finish", "turn"]
