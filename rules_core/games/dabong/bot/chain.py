"""Strong's plan for strings of plays: with two players a 2, a 9 or a Jack on top
brings the turn straight back (dabong.two_players), so the value of such a play
is the best that the next decisions of the same turn can reach.

Only the seat's own hand and the pile are involved, so the plan needs no
guess about hidden cards. It follows single cards (the string the rulebook
shows: J, 9, 9, 2); the real plays at each step still come from the game's
listing, so the plan only ranks them, it never makes one up.
"""

from __future__ import annotations

from collections.abc import Callable

from ....kernel import Card, Rank, Suit
from ..values import card_suits
from .seen import matches

#: Scores a hand left after a play that ends the turn, with the card it leaves on top.
EndWorth = Callable[[tuple[Card, ...], Card, Suit | None], float]
#: Worth of giving the turn away by drawing with this hand.
DrawWorth = Callable[[tuple[Card, ...]], float]

REPLAY_RANKS = frozenset({Rank.TWO, Rank.NINE, Rank.JACK})


def comes_back(top: Card, seats: int) -> bool:
    return seats == 2 and top.rank in REPLAY_RANKS


def _suit_options(card: Card) -> tuple[Suit | None, ...]:
    if card.rank is Rank.JACK:
        return tuple(sorted(card_suits(card)))
    if card.rank is Rank.EIGHT:
        return tuple(Suit(s) for s in "FWEA")
    return (None,)


class ChainPlanner:
    """Memoised search over the single-card strings a hand can lay while the turn comes back."""

    def __init__(self, win: float, end_worth: EndWorth, draw_worth: DrawWorth) -> None:
        self._win = win
        self._end = end_worth
        self._draw = draw_worth
        self._memo: dict[tuple[frozenset[Card], Card, Suit | None], float] = {}

    def again(self, hand: tuple[Card, ...], top: Card, suit: Suit | None) -> float:
        """Best worth of the decision the seat faces when the turn comes back to it."""
        key = (frozenset(hand), top, suit)
        if key in self._memo:
            return self._memo[key]
        self._memo[key] = best = self._draw(hand)
        for card in hand:
            if not matches(card, top, suit):
                continue
            rest = tuple(c for c in hand if c != card)
            if not rest:
                best = self._win
                break
            if card.is_shaman:
                continue  # a Shaman is kept for the last card or a natural
            for chosen in _suit_options(card):
                if comes_back(card, 2):
                    value = self.again(rest, card, chosen)
                else:
                    value = self._end(rest, card, chosen)
                best = max(best, value)
        self._memo[key] = best
        return best
