"""Strong's look at what the others might do, over deals consistent with the view.

Determinization: the unseen cards (deck minus what the view shows) are dealt at
random into the other hands, in the counts the view gives, and the next draw
cards; over those deals strong estimates how often the top card it is about to
leave would let somebody win at once: a natural dabong! on its pile value by
any seat holding two or more cards, or the seat that plays next laying its last
card on it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ....kernel import Card, Rank, Suit
from ..values import is_queen_of_water, pile_value
from .policy import RiskOf
from .seen import Seen, hand_total_range, matches

#: Deals sampled per decision: enough to tell a likely loss from an unlikely one.
SAMPLES = 24


@dataclass(frozen=True, slots=True, kw_only=True)
class Claimable:
    """The natural dabong! totals one sampled hand could claim with (none under two cards)."""

    lo: int
    hi: int
    #: Without a Shaman only the exact total claims.
    exact: bool

    def claims(self, value: int) -> bool:
        return (self.lo == value) if self.exact else (self.lo <= value <= self.hi)


def _claimable(hand: tuple[Card, ...]) -> Claimable | None:
    if len(hand) < 2:
        return None
    lo, hi = hand_total_range(hand)
    return Claimable(lo=lo, hi=hi, exact=not any(c.is_shaman for c in hand))


@dataclass(frozen=True, slots=True, kw_only=True)
class Deal:
    """One sampled guess of the hidden cards, reduced to what the risk asks of it."""

    #: Per other seat: what its hand could claim.
    claimable: dict[int, Claimable | None]
    #: The next seat's hand after picking up two (a 2 or the Queen of Water on top).
    next_penalised: Claimable | None
    #: Per other seat holding one card: that card.
    last_card: dict[int, Card]


def sample_deals(seen: Seen, unseen: list[Card], rng: random.Random, samples: int = SAMPLES) -> list[Deal]:
    """Deals consistent with the view and, where possible, with the table's silence.

    Nobody has claimed a natural dabong! on the current top although every other
    seat could have (a claim is open to any seat at any moment), so deals in
    which one of them holds a claiming hand are drawn again (up to a bound:
    a careless player may have missed its claim).
    """
    pool = list(unseen)
    deals: list[Deal] = []
    nxt = seen.next_seat
    current = pile_value(seen.top) if seen.top is not None else None
    attempts = 0
    while len(deals) < samples:
        attempts += 1
        rng.shuffle(pool)
        pos, hands = 0, {}
        for s in seen.opponents():
            hands[s] = tuple(pool[pos : pos + seen.counts[s]])
            pos += seen.counts[s]
        penalised = hands.get(nxt, ()) + tuple(pool[pos : pos + 2])
        if current is not None and attempts <= 4 * samples and _silent_claimer(seen, hands, current):
            continue
        deals.append(
            Deal(
                claimable={s: _claimable(h) for s, h in hands.items()},
                next_penalised=_claimable(penalised) if nxt != seen.seat else None,
                last_card={s: h[0] for s, h in hands.items() if len(h) == 1},
            )
        )
    return deals


def _silent_claimer(seen: Seen, hands: dict[int, tuple[Card, ...]], value: int) -> bool:
    """Whether a seat that could claim on the current top (not its own card) holds a claiming hand."""
    for s, hand in hands.items():
        if s == seen.top_seat:
            continue
        claim = _claimable(hand)
        if claim is not None and claim.claims(value):
            return True
    return False


def _responder(seen: Seen, top: Card) -> int | None:
    """The seat that plays on ``top`` next (None: the turn comes back to the seat)."""
    me, d, n = seen.seat, seen.direction, seen.seats
    if top.rank in (Rank.TWO, Rank.JACK, Rank.NINE) and n == 2:
        return None
    if top.rank in (Rank.TWO, Rank.JACK):
        return (me + 2 * d) % n
    if top.rank is Rank.NINE:
        return (me - d) % n
    return (me + d) % n


def sampled_risk(seen: Seen, deals: list[Deal]) -> RiskOf:
    """A cached estimate, per top card and suit, of the chance that the table wins at once."""
    cache: dict[tuple[Card, Suit | None], float] = {}
    nxt = seen.next_seat

    def risk(top: Card, suit: Suit | None) -> float:
        key = (top, suit)
        if key in cache:
            return cache[key]
        value = pile_value(top)
        penalised = top.rank is Rank.TWO or is_queen_of_water(top)
        responder = _responder(seen, top)
        lost = 0
        for deal in deals:
            if _anyone_claims(deal, value, nxt if penalised else None):
                lost += 1
            elif responder is not None and responder in deal.last_card:
                lost += matches(deal.last_card[responder], top, suit)
        cache[key] = lost / len(deals) if deals else 0.0
        return cache[key]

    return risk


def _anyone_claims(deal: Deal, value: int, penalised: int | None) -> bool:
    for s, hand in deal.claimable.items():
        held = deal.next_penalised if s == penalised else hand
        if held is not None and held.claims(value):
            return True
    return False
