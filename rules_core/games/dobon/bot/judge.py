"""Scoring candidate actions for the thinking levels (normal and strong).

Every candidate is scored as a rough chance of winning the round from the hand it
leaves, using only what the seat knows:

- ``claim_rate``: a total of 13 or less can be claimed on any discard of that rank,
  so a hand is worth the share of unseen cards carrying its total (the page: "a
  possible target never exceeds thirteen ... check every opportunity").
- a total above 13 costs a little per point: it must shed before it can claim at all.
- ``potential``: one more card shed next turn may bring the total into range; a card
  is likelier to fit later when it is an eight or of the suit left active ("a balance
  between a small total and several ways to match the next discard").
- shedding: with ordinary empty-hand wins (Action cards) fewer cards is worth more.
- ``risk``: a discard is a target for everyone else; the chance some checked seat's
  hidden hand sums to its rank is the price of laying it.

``Belief`` holds the knobs that separate the levels: which supply of unseen cards it
believes in (the plain count of its own hand, or also the visible discards) and whose
claims it fears (only one-card opponents, or every hand by its size).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from ....kernel import Action, Card, Rank, Suit
from ..options import DRAW_ONE_ENDS_TURN, EIGHT_ORDINARY
from .knowledge import Seen
from .odds import MAX_TARGET, HandOdds

#: The chance of winning the round that any hand starts from (before its own merits).
BASE = 0.25
#: A card likely fits a later top: wild, of the suit left active, or any other.
FIT_WILD, FIT_ACTIVE, FIT_OTHER = 1.0, 0.42, 0.3
#: Weight of a total one shed card away (it needs a turn and a fitting card first).
POTENTIAL_WEIGHT = 0.5
#: With empty-hand wins, the worth of holding one card, shrinking by this factor per extra card.
SHED_ONE, SHED_FACTOR = 0.55, 0.45
#: Average value of an unseen card, for cards a two obliges one to take.
AVERAGE_VALUE = 7
#: The price of each point of total above 13: such a hand must shed before it can claim.
OVER_PRICE = 0.02
#: How likely a seat with this many cards wins soon (for aces, twos and jacks).
THREAT = {1: 0.3, 2: 0.12, 3: 0.05}


@dataclass(frozen=True, slots=True, kw_only=True)
class Belief:
    #: The supply of unseen cards by value this level believes in, with its hand odds.
    odds: HandOdds
    #: Fear every checked seat by its hand size (True) or only one-card seats (False).
    fear_all: bool
    #: Weigh a two as an attack by the chance the next seat holds none (strong), or not at all.
    counts_twos: bool = False


#: A two's obligation left unanswered costs its taker about this much (cards far over 13).
TWO_ATTACK = 0.12
#: Holding a two is a defence against the next obligation.
TWO_DEFENCE = 0.04


def holds_none(belief: Belief, value: int, cards: int) -> float:
    """The chance that a hidden hand of ``cards`` cards holds no card of ``value``."""
    unseen = belief.odds.unseen
    copies = belief.odds.supply.get(value, 0)
    if cards <= 0 or unseen == 0:
        return 1.0
    return comb(unseen - copies, cards) / comb(unseen, cards) if cards <= unseen - copies else 0.0


def value_of(card: Card) -> int:
    assert card.rank is not None
    return card.rank.ordinal


def claim_rate(belief: Belief, total: int) -> float:
    unseen = belief.odds.unseen
    if not 1 <= total <= MAX_TARGET or unseen == 0:
        return 0.0
    return belief.odds.supply.get(total, 0) / unseen


def _fit(seen: Seen, card: Card, active: Suit) -> float:
    if card.rank is Rank.EIGHT and seen.options.eight != EIGHT_ORDINARY:
        return FIT_WILD
    return FIT_ACTIVE if card.suit == active else FIT_OTHER


def quality(seen: Seen, belief: Belief, hand: Sequence[Card], active: Suit, extra: int = 0) -> float:
    """The worth of holding ``hand`` (plus ``extra`` total from cards not yet known)."""
    total = sum(value_of(c) for c in hand) + extra
    others = max(seen.seats - 1, 1)
    rate = claim_rate(belief, total)
    now = 1.0 - (1.0 - rate) ** others
    may_empty = seen.options.empty_hand_wins
    later = 0.0
    if len(hand) > 1 or may_empty:
        for card in hand:
            later = max(later, _fit(seen, card, active) * claim_rate(belief, total - value_of(card)))
    worth = BASE + now + POTENTIAL_WEIGHT * later * others - OVER_PRICE * max(0, total - MAX_TARGET)
    if belief.counts_twos:
        worth += TWO_DEFENCE * sum(1 for c in hand if c.rank is Rank.TWO)
    if may_empty and hand:
        worth += SHED_ONE * SHED_FACTOR ** (len(hand) - 1 + (extra > 0))
    return worth


def risk(seen: Seen, belief: Belief, rank_value: int, checked: Sequence[int]) -> float:
    """The chance that one of the ``checked`` seats can claim on a card of this value."""
    counts = [seen.counts[s] for s in checked if s not in seen.claimed]
    if not belief.fear_all:
        counts = [n for n in counts if n == 1]
    return belief.odds.any_hits(counts, rank_value)


def _discard_checked(seen: Seen) -> list[int]:
    return [s for s in range(seen.seats) if s != seen.seat]


def _effect_bonus(seen: Seen, belief: Belief, top: Card, rest: Sequence[Card]) -> float:
    """Aces, twos and jacks aimed at the seat likeliest to win next ("watch one-card opponents")."""
    opts = seen.options
    nxt = seen.after(seen.seat)
    threat_next = THREAT.get(seen.counts[nxt], 0.02)
    if top.rank is Rank.ACE and opts.ace_skips:
        return 0.5 * threat_next
    if top.rank is Rank.TWO and belief.counts_twos:
        # The obligation sticks unless the next seat answers with a two; then it comes back
        # grown, and only another two of ours stops it.
        sticks = holds_none(belief, 2, seen.counts[nxt])
        backed = any(c.rank is Rank.TWO for c in rest)
        return 0.4 * threat_next + TWO_ATTACK * (sticks - (1 - sticks) * (0 if backed else 1))
    if top.rank is Rank.TWO:
        return 0.4 * threat_next + 0.03
    if top.rank is Rank.JACK and opts.jack_reverses and seen.seats > 2:
        prev = seen.after(seen.seat, -1)
        return 0.5 * (threat_next - THREAT.get(seen.counts[prev], 0.02))
    return 0.0


def score_play(seen: Seen, belief: Belief, action: Action) -> float:
    cards = action.cards
    rest = list(seen.hand)
    for card in cards:
        rest.remove(card)
    top = cards[-1]
    active = action.suit or top.suit
    assert active is not None
    danger = risk(seen, belief, value_of(top), _discard_checked(seen))
    if not rest:
        return 1.0 - danger
    return (1.0 - danger) * quality(seen, belief, rest, active) + _effect_bonus(seen, belief, top, rest)


def score_draw(seen: Seen, belief: Belief) -> float:
    """Expected worth of one drawn card, which may give an immediate claim on the top card."""
    supply = belief.odds.supply
    unseen = belief.odds.unseen
    if unseen == 0:
        return 0.0
    total = seen.total
    target = value_of(seen.top)
    own_top = seen.top_owner == seen.seat
    may_play = seen.options.drawing != DRAW_ONE_ENDS_TURN
    now_worth = quality(seen, belief, seen.hand, seen.active_suit)
    out = 0.0
    for drawn_value, copies in supply.items():
        if copies <= 0:
            continue
        share = copies / unseen
        if not own_top and total + drawn_value == target:
            out += share * (1.0 - risk(seen, belief, target, _discard_checked(seen)) * 0.5)
            continue
        kept = quality(seen, belief, seen.hand, seen.active_suit, extra=drawn_value)
        if may_play:
            # The drawn card fits about this often; then the hand as it is now can be kept instead.
            kept = FIT_OTHER * max(kept, now_worth) + (1 - FIT_OTHER) * kept
        out += share * kept
    return out


def score_take(seen: Seen, belief: Belief) -> float:
    return quality(seen, belief, seen.hand, seen.active_suit, extra=AVERAGE_VALUE * seen.obligation)


def score_end_turn(seen: Seen, belief: Belief) -> float:
    return quality(seen, belief, seen.hand, seen.active_suit)


def return_risk(seen: Seen, belief: Belief, top: Card) -> float:
    """After claiming with ``top`` on top: the chance someone still to check can return."""
    checking = [s for s in range(seen.seats) if s != seen.seat and s not in seen.claimed]
    counts = [seen.counts[s] for s in checking]
    return belief.odds.any_hits(counts, value_of(top))
