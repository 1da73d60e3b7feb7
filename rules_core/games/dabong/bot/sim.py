"""A fast, throw-away replay of a Beginner dabong! game on mutable lists, for strong's search.

The engine builds a frozen state and its effects for every action, far too slow for a
search that plays thousands of actions per suggestion. ``Sim`` replays the Beginner
flow on card ids (``suit * 13 + rank``, suits F W E A, ranks A..K; 52..54 the Shamans):
plays of any cards with the identity left on top (a Shaman's declared card), the powers
of that top card (2: two to pick up and a skip; 8 and Jack: the suit named; 9: reverse;
Jack: skip; Queen of Water: two to pick up, no skip; with two seats skip and reverse
bring the turn back), draws (the discard pile recycled under its top when the draw
pile is empty), picking up a penalty, going out, and after every action what the
table does out of turn, in the order self-play offers it (``settle``): every seat but
the one play waits for, in seat order, then that seat, each claiming a natural
dabong! when it can, else saying "one card", else asking "how many cards?" of a seat
holding one unannounced card (the normal and strong levels always do).

Not modelled (strong falls back to normal's choice there): the later levels' patterns
and rules, take-backs, trades, a draw pile that is not reshuffled. The legality of a
play is not checked here: plays come from the engine's listing (strong's candidates)
or from ``lean``'s own move generator. ``tests/dabong/test_bot_sim.py`` plays the same
actions through this and through the engine and compares the tables.
"""

from __future__ import annotations

import random

#: Card ids: suit index (F W E A) * 13 + rank index (A 0 .. K 12); 52, 53, 54 are the Shamans.
SHAMAN0 = 52
CARDS = 55
ACE, TWO, EIGHT, NINE, JACK, QUEEN = 0, 1, 7, 8, 10, 11
WATER = 1
#: The Queen of Water's id.
QW = WATER * 13 + QUEEN
RANK = tuple(c % 13 if c < SHAMAN0 else -1 for c in range(CARDS))
SUIT = tuple(c // 13 if c < SHAMAN0 else -1 for c in range(CARDS))
#: In-hand value (A 1, faces 10); a Shaman 0 here (it is counted apart, 1..10 in a claim).
INV = tuple(min(c % 13 + 1, 10) if c < SHAMAN0 else 0 for c in range(CARDS))
#: Value on top of the pile (J 11, Q 12, K 13, A 14).
PV = tuple((14 if c % 13 == ACE else c % 13 + 1) if c < SHAMAN0 else 0 for c in range(CARDS))
#: Suits a card counts as, a bit per suit: a Jack its own and its partner's (F+E, W+A).
BITS = tuple(
    (1 << (c // 13)) | ((1 << ((c // 13) ^ 2)) if c % 13 == JACK else 0) if c < SHAMAN0 else 0
    for c in range(CARDS)
)


def can_claim(total: int, shamans: int, cards: int, value: int) -> bool:
    """Whether a hand (non-Shaman total, Shamans, size) is a natural dabong! on ``value``."""
    if cards < 2:
        return False
    if not shamans:
        return total == value
    return total + shamans <= value <= total + 10 * shamans


class Sim:
    __slots__ = (
        "announced",
        "claimed",
        "direction",
        "draw_pile",
        "hands",
        "one_card",
        "penalty",
        "pile",
        "rng",
        "seats",
        "shamans",
        "skip",
        "suits",
        "top",
        "top_seat",
        "totals",
        "turn",
    )

    def __init__(
        self,
        *,
        hands: list[list[int]],
        draw_pile: list[int],
        pile: list[int],
        top: int,
        suits: int,
        top_seat: int,
        direction: int,
        turn: int,
        penalty: int,
        skip: bool,
        announced: list[bool],
        one_card: bool,
        rng: random.Random,
    ) -> None:
        self.hands = hands
        self.totals = [sum(INV[c] for c in h) for h in hands]
        self.shamans = [sum(1 for c in h if c >= SHAMAN0) for h in hands]
        #: The draw pile with its top card *last* (drawing pops it).
        self.draw_pile = draw_pile
        #: The physical cards of the discard pile, bottom first.
        self.pile = pile
        #: The identity of the top card (a declared Shaman: its card).
        self.top = top
        #: The suits in force (bits): the suit named after an 8 or a Jack, else the top's.
        self.suits = suits
        self.top_seat = top_seat
        self.direction = direction
        self.turn = turn
        #: Cards the seat on turn must pick up first (0: none); ``skip`` after a 2.
        self.penalty = penalty
        self.skip = skip
        self.announced = announced
        self.one_card = one_card
        self.rng = rng
        self.seats = len(hands)
        #: The seat that claimed out of turn (-1: none yet).
        self.claimed = -1

    # -- cards ------------------------------------------------------------------------------
    def _take(self, seat: int, count: int) -> None:
        hand = self.hands[seat]
        for _ in range(count):
            if not self.draw_pile:
                rest = self.pile[:-1]
                if not rest:
                    break
                self.rng.shuffle(rest)
                self.draw_pile = rest
                self.pile = self.pile[-1:]
            card = self.draw_pile.pop()
            hand.append(card)
            if card >= SHAMAN0:
                self.shamans[seat] += 1
            else:
                self.totals[seat] += INV[card]
        if len(hand) != 1:
            self.announced[seat] = False

    def claims(self, seat: int) -> bool:
        """Whether ``seat`` may claim a natural dabong! now."""
        return seat != self.top_seat and can_claim(
            self.totals[seat], self.shamans[seat], len(self.hands[seat]), PV[self.top]
        )

    # -- out of turn ------------------------------------------------------------------------
    def settle(self) -> int | None:
        """What the table does before play goes on; the winner if somebody claims."""
        seats, turn, hands = self.seats, self.turn, self.hands
        while True:
            lonely = False
            if self.one_card:
                for h, said in zip(hands, self.announced, strict=True):
                    if len(h) == 1 and not said:
                        lonely = True
                        break
            if not lonely:
                # the common case: nobody to announce or to ask, only claims to look for
                value, owner, totals, shamans = PV[self.top], self.top_seat, self.totals, self.shamans
                for k in range(seats + 1):
                    seat = k if k < seats else turn
                    if k == turn or seat == owner or len(hands[seat]) < 2:
                        continue
                    if shamans[seat]:
                        if totals[seat] + shamans[seat] <= value <= totals[seat] + 10 * shamans[seat]:
                            return seat
                    elif totals[seat] == value:
                        return seat
                return None
            if not self._social_once():
                return None
            if self.claimed >= 0:
                return self.claimed

    def _social_once(self) -> bool:
        """The first seat (self-play's order) with a claim, "one card" or an ask acts; False if none."""
        seats, turn, hands = self.seats, self.turn, self.hands
        for k in range(seats + 1):
            seat = k if k < seats else turn
            if k == turn:
                continue
            if self.claims(seat):
                self.claimed = seat
                return True
            if len(hands[seat]) == 1 and not self.announced[seat]:
                self.announced[seat] = True
                return True
            if not self.draw_pile and len(self.pile) < 2:
                continue  # asking would catch nothing: no card to draw
            for t in range(seats):
                if t != seat and len(hands[t]) == 1 and not self.announced[t]:
                    self._take(t, 1)
                    return True
        return False

    # -- turn actions -----------------------------------------------------------------------
    def play(self, seat: int, cards: tuple[int, ...], top: int, suit: int = -1) -> int | None:
        """``seat`` lays ``cards`` (the last on top, counting as ``top``); ``suit`` for an 8 or a Jack."""
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
            if card >= SHAMAN0:
                self.shamans[seat] -= 1
            else:
                self.totals[seat] -= INV[card]
        self.pile.extend(cards)
        self.top = top
        self.top_seat = seat
        self.penalty = 0
        if len(hand) != 1:
            self.announced[seat] = False
        if not hand:
            return seat
        rank = RANK[top]
        seats, d = self.seats, self.direction
        nxt = (seat + d) % seats
        if rank == TWO:
            self.penalty, self.skip, self.turn = 2, True, nxt
        elif top == QW:
            self.penalty, self.skip, self.turn = 2, False, nxt
        elif rank == NINE:
            self.direction = -d
            self.turn = seat if seats == 2 else (seat - d) % seats
        elif rank == JACK:
            self.turn = (nxt + d) % seats
        else:
            self.turn = nxt
        self.suits = (1 << suit) if rank in (EIGHT, JACK) else BITS[top]
        return self.settle()

    def draw(self, seat: int) -> int | None:
        self._take(seat, 1)
        self.turn = (seat + self.direction) % self.seats
        return self.settle()

    def pick_up(self, seat: int) -> int | None:
        self._take(seat, self.penalty)
        self.penalty = 0
        if self.skip:
            self.turn = (seat + self.direction) % self.seats
        return self.settle()

    def fits(self, card: int) -> bool:
        """Whether ``card`` alone follows the top: suit in force, rank, an 8 or a Shaman."""
        return (
            card >= SHAMAN0
            or RANK[card] == EIGHT
            or bool(BITS[card] & self.suits)
            or (RANK[card] == RANK[self.top])
        )


__all__ = ["BITS", "CARDS", "INV", "PV", "QW", "RANK", "SHAMAN0", "SUIT", "Sim", "can_claim"]
