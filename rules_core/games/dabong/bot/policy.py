"""Scoring a seat's candidate actions: the plain strategy and what strong adds.

The plain strategy is the rulebook's own advice: shed cards, go low and
dabong!, save Shamans (they fit any natural total and any pile), use the
dreaded Queen of Water and the 2s on a seat about to go out, string plays
together when a skip or a reverse brings the turn back (two players). A score
is "how good the hand and the table are after the action" plus what the
action's top card does to the next seat; the highest score is played.
"""

from __future__ import annotations

from collections.abc import Callable

from ....kernel import Action, Card, Rank, Suit
from ..values import card_suits, in_play_value, is_queen_of_water, pile_value
from .chain import ChainPlanner, comes_back
from .seen import Seen, card_value, hand_total_range

#: Going out ends the game in the seat's favour: above any other consideration.
WIN = 10_000.0
#: Worth lost per unit of chance that the top card left lets another seat win at once.
RISK_WEIGHT = 100.0
#: Worth of one card less in hand, and of one point less of hand total ("go low").
PER_CARD = 12.0
PER_POINT = 0.6
#: Worth of keeping a Shaman (any pile, any natural total) and an 8 (any pile).
SHAMAN_KEPT = 9.0
EIGHT_KEPT = 3.0
#: Worth of a hand whose natural dabong! would fit every pile value that can come.
NATURAL_READY = 40.0
#: Expected in-hand value of an unknown card (4 x (1+...+9) + 16 x 10) / 52.
MEAN_CARD = 7.0
#: Pile values a card can show on top (A 14 ... K 13; the in-hand Ace is 1, never on top).
PILE_VALUES: tuple[int, ...] = tuple(range(2, 15))

#: Share of the cards that show each pile value on top, as the deck is made (4 per rank).
UNIFORM: dict[int, float] = dict.fromkeys(PILE_VALUES, 1 / len(PILE_VALUES))

#: How likely each pile value is to be the next top (sums to about 1).
Census = dict[int, float]
#: Risk (0..1) that the seat loses at once when its play leaves ``top`` (and a suit) for the table.
RiskOf = Callable[[Card, Suit | None], float]


class Judge:
    """Scores actions for one decision; ``census``, ``risk`` and ``plan`` are where strong differs.

    ``tactics`` weighs the powers of the top card (0: a player that does not think
    of them); ``plan`` follows strings of plays while the turn comes back (two
    players) instead of a flat bonus for a play-again card.
    """

    def __init__(
        self,
        *,
        seen: Seen,
        census: Census,
        risk: RiskOf | None = None,
        tactics: float = 1.0,
        plan: bool = False,
        natural_weight: float = NATURAL_READY,
    ) -> None:
        self.seen = seen
        self.census = census
        self.risk = risk
        self.tactics = tactics
        self.natural_weight = natural_weight
        self.chain = ChainPlanner(WIN, self._end_worth, self._draw_worth) if plan else None

    # -- the hand -----------------------------------------------------------------
    def coverage(self, hand: tuple[Card, ...]) -> float:
        """Chance that the next top card's pile value is one this hand can claim on."""
        if len(hand) < 2:
            return 0.0
        lo, hi = hand_total_range(hand)
        return sum(p for v, p in self.census.items() if lo <= v <= hi)

    def hand_worth(self, hand: tuple[Card, ...]) -> float:
        if not hand:
            return WIN
        worth = -PER_CARD * len(hand) - PER_POINT * sum(card_value(c) for c in hand)
        worth += SHAMAN_KEPT * sum(1 for c in hand if c.is_shaman)
        worth += EIGHT_KEPT * sum(1 for c in hand if c.rank is Rank.EIGHT)
        return worth + self.natural_weight * self.coverage(hand)

    def unknown_card_worth(self, hand: tuple[Card, ...], extra: int) -> float:
        """Expected worth of ``hand`` plus ``extra`` unknown cards (a draw or a penalty)."""
        base = -PER_CARD * (len(hand) + extra) - PER_POINT * (
            sum(card_value(c) for c in hand) + MEAN_CARD * extra
        )
        base += SHAMAN_KEPT * sum(1 for c in hand if c.is_shaman)
        if len(hand) + extra < 2:
            return base
        lo, hi = hand_total_range(hand)
        # the unknown cards move the total by about MEAN_CARD each; a window of the same width
        shift = round(MEAN_CARD * extra)
        covered = sum(p for v, p in self.census.items() if lo + shift - 2 <= v <= hi + shift + 2)
        return base + self.natural_weight * 0.5 * covered

    # -- actions ------------------------------------------------------------------
    def score(self, action: Action) -> float:
        kind = action.type
        seen = self.seen
        if kind == "draw":
            return self.unknown_card_worth(seen.hand, 1)
        if kind == "pick_up":
            return self.unknown_card_worth(seen.hand, seen.penalty)
        if kind.startswith("claim"):
            return WIN * 2
        if not action.cards or kind == "trade":
            # unknown or cardless actions (a pass, ...): the hand stays as it is
            return self.hand_worth(seen.hand) - 1.0
        return self.play_score(action)

    def play_score(self, action: Action) -> float:
        played = set(action.cards)
        rest = tuple(c for c in self.seen.hand if c not in played)
        if not rest:
            return WIN + len(action.cards)
        top = top_identity(action)
        if top is None:
            return self.hand_worth(rest)
        if self.chain is not None and comes_back(top, self.seen.seats):
            return self.chain.again(rest, top, action.suit) + self.tactics * self.power_bonus(
                top, action.suit, rest
            )
        return self._end_worth(rest, top, action.suit)

    def _end_worth(self, rest: tuple[Card, ...], top: Card, suit: Suit | None) -> float:
        """Worth of a play that hands the turn on, leaving ``top`` (and ``suit``) to the table."""
        worth = self.hand_worth(rest) + self.tactics * self.power_bonus(top, suit, rest)
        if self.risk is not None:
            worth -= RISK_WEIGHT * self.risk(top, suit)
        return worth

    def _draw_worth(self, hand: tuple[Card, ...]) -> float:
        return self.unknown_card_worth(hand, 1)

    def power_bonus(self, top: Card, suit: Suit | None, rest: tuple[Card, ...]) -> float:
        """What the top card's power and suit do for the seat (only the top card's power fires)."""
        seen = self.seen
        nxt = seen.next_seat
        low = seen.counts[nxt] <= 2
        alone = seen.counts[nxt] == 1 or nxt in seen.announced
        two_players = seen.seats == 2
        bonus = 0.0
        again = 0.0 if self.chain is not None else (10.0 if two_players else 0.0)
        if top.rank is Rank.TWO:
            bonus += 6.0 + (18.0 if low else 0.0) + again
        elif top.rank is Rank.JACK:
            bonus += (0.0 if two_players else 4.0 + (12.0 if low else 0.0)) + again
        elif top.rank is Rank.NINE:
            bonus += again if two_players else 1.0
        elif is_queen_of_water(top):
            bonus += 4.0 + (25.0 if alone else 0.0)
        followable = sum(1 for c in rest if _follows(c, top, suit))
        bonus += 2.0 * followable
        if suit is not None:
            bonus += 1.0 * sum(1 for c in rest if not c.is_shaman and c.suit is suit)
        return bonus


def _follows(card: Card, top: Card, suit: Suit | None) -> bool:
    if card.is_shaman or card.rank is Rank.EIGHT:
        return False  # wild anyway: not a reason to pick this top
    suits = frozenset((suit,)) if suit is not None else card_suits(top)
    return card.rank is top.rank or bool(card_suits(card) & suits)


def top_identity(action: Action) -> Card | None:
    """The identity of the card a play leaves on top (a Shaman: its declared card)."""
    if not action.cards:
        return None
    last = action.cards[-1]
    if not last.is_shaman:
        return last
    for shaman, identity in action.declare:
        if shaman == last:
            return identity
    return None


def census_uniform() -> Census:
    return dict(UNIFORM)


def census_of_unseen(unseen: list[Card]) -> Census:
    """Pile values weighted by the unseen cards (a Shaman can be declared as any of them)."""
    weights = dict.fromkeys(PILE_VALUES, 0.0)
    real = [c for c in unseen if not c.is_shaman]
    shamans = len(unseen) - len(real)
    for card in real:
        weights[pile_value(card)] += 1.0
    for v in PILE_VALUES:
        weights[v] += shamans / len(PILE_VALUES)
    total = sum(weights.values()) or 1.0
    return {v: w / total for v, w in weights.items()}


def census_of_table(unseen: list[Card], discarded: tuple[Card, ...]) -> Census:
    """Pile values as the table actually lays them: unseen cards weighted by the discards.

    Players shed their high cards first (go low), so Kings, Queens and Jacks come on
    top far more often than their share of the deck; the discard pile shows how
    often each value was laid so far, the unseen cards which values can still come.
    """
    laid = dict.fromkeys(PILE_VALUES, 1.0)
    for card in discarded:
        laid[pile_value(card)] += 1.0
    seen_share = sum(laid.values())
    unseen_census = census_of_unseen(unseen)
    weights = {v: unseen_census[v] * laid[v] / seen_share for v in PILE_VALUES}
    total = sum(weights.values()) or 1.0
    return {v: w / total for v, w in weights.items()}


def discard_worth(card: Card) -> float:
    """How gladly a card goes (bury the opening Shaman's swap): high, powerless cards first."""
    if card.is_shaman:
        return -100.0
    special = card.rank in (Rank.TWO, Rank.EIGHT, Rank.JACK) or is_queen_of_water(card)
    return in_play_value(card) - (20.0 if special else 0.0)
