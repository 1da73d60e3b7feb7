"""A fast, throw-away replay of a Dobon round on mutable lists, for the strong bot's search.

The engine builds a frozen state and its effects for every action (about 0.3 ms an
action on this machine); a search that plays thousands of turns per suggestion
cannot afford that. ``Sim`` replays the same flow on card ids (``suit * 13 + rank``,
value ``rank + 1``) with every hand's total kept up to date: plays (eights, aces,
jacks, queen bundles, twos and their obligation), draws in the three modes (with the
stock recycled from the discards, or the round drawn when nothing is left), taking a
two's cards, the discard, drawer's and return checks, and empty-hand finishes. In a
check every seat claims whenever its total matches (the normal and strong levels
always do) and a claimant puts its smallest card on top. ``tests/dobon/test_bot_sim.py``
plays the same actions through this and through the engine and compares the tables.

A method that ends the round returns the winner (or ``NO_WINNER``); otherwise it
returns None and ``turn``/``step`` say who acts next and how.

For speed (a search plays some 3,000 turns a decision) a fit and a check's order of seats are read
from tables (``FITS``, ``AROUND``), a search deals each world once and plays each candidate on a
``copy``, and ``shuffle`` makes ``random.Random.shuffle``'s draws without its per-card calls; the
same seeds give the same rollouts as before (``tests/dobon/test_bot_speed.py``).
"""

from __future__ import annotations

import random

from ..options import (
    DRAW_ONE_ENDS_TURN,
    DRAW_UNTIL_PLAYABLE,
    EIGHT_CHOSEN_SUIT,
    EIGHT_ORDINARY,
    TWO_DOUBLES,
    DobonOptions,
)

#: Card ids 0..51: suit (S H D C) * 13 + rank index (A = 0 .. K = 12); a card's value is rank + 1.
VAL = tuple(c % 13 + 1 for c in range(52))
SUIT = tuple(c // 13 for c in range(52))
RANK = tuple(c % 13 for c in range(52))
ACE, TWO, EIGHT, JACK, QUEEN = 0, 1, 7, 10, 11
#: Steps of an ordinary turn (``state.Step``): play or draw, answer a two, after a draw.
TURN, ANSWER, DRAWN = 0, 1, 2
#: The round ended with nobody winning (stock exhausted).
NO_WINNER = -1
#: ``FITS[wild][active][top rank][card]``: whether ``card`` may be laid (an eight with wild eights, the
#: active suit or the top card's rank); one lookup instead of three tests per card in the rollouts.
FITS = tuple(
    tuple(
        tuple(
            tuple((wild and RANK[c] == EIGHT) or SUIT[c] == active or RANK[c] == top for c in range(52))
            for top in range(13)
        )
        for active in range(4)
    )
    for wild in (False, True)
)
#: ``AROUND[seats][d][seat]``: the other seats in the order a check asks them, going in direction d
#: (1, or -1: the last entry), so a check reads a tuple instead of computing each seat.
AROUND = tuple(
    (
        (),
        tuple(tuple((seat + k) % seats for k in range(1, seats)) for seat in range(seats)),
        tuple(tuple((seat - k) % seats for k in range(1, seats)) for seat in range(seats)),
    )
    for seats in range(5)
)
#: A Fisher-Yates pass over up to 52 cards, last position first: (position, choices, bits to draw).
_SWAPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(51, 0, -1))


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """``rng.shuffle(cards)`` exactly (the same draws in the same order), at about half the cost.

    CPython's shuffle swaps position i (from the end down) with ``_randbelow(i + 1)``, drawn by
    rejection on ``getrandbits`` of that many bits; this makes the same draws without its two
    calls per card. A search deals every world this way, so it was a fifth of a search's time.
    ``tests/dobon/test_bot_speed.py`` holds it to ``random.Random.shuffle``.
    """
    if len(cards) > len(_SWAPS) + 1:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i, n, bits in _SWAPS[len(_SWAPS) + 1 - len(cards) :]:
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


class Sim:
    __slots__ = (
        "ace_skips",
        "active",
        "bundles",
        "direction",
        "doubles",
        "drawing",
        "drawn",
        "hands",
        "jack_reverses",
        "may_empty",
        "obligation",
        "owner",
        "penalty_ends_turn",
        "pile",
        "returns",
        "rng",
        "seats",
        "step",
        "stock",
        "suit_choice",
        "totals",
        "turn",
        "wild",
    )

    def __init__(
        self,
        options: DobonOptions,
        *,
        hands: list[list[int]],
        stock: list[int],
        pile: list[int],
        active: int,
        owner: int,
        direction: int,
        obligation: int,
        turn: int,
        step: int,
        drawn: int,
        rng: random.Random | int,
    ) -> None:
        self.hands = hands
        self.totals = [sum(map(VAL.__getitem__, h)) for h in hands]
        #: The stock with its top card *last* (drawing pops it).
        self.stock = stock
        self.pile = pile
        self.active = active
        #: Who laid the top card (-1: the opening card).
        self.owner = owner
        self.direction = direction
        self.obligation = obligation
        self.turn = turn
        self.step = step
        self.drawn = drawn
        #: The generator of reshuffles, or its seed: seeding one costs about as much as eight turns
        #: and a short rollout rarely reshuffles, so it is only made on the first reshuffle.
        self.rng = rng
        self.seats = len(hands)
        self.returns = options.returns
        self.may_empty = options.empty_hand_wins
        self.doubles = options.two_growth == TWO_DOUBLES
        self.penalty_ends_turn = options.penalty_ends_turn
        self.wild = options.eight != EIGHT_ORDINARY
        self.suit_choice = options.eight == EIGHT_CHOSEN_SUIT
        self.ace_skips = options.ace_skips
        self.jack_reverses = options.jack_reverses
        #: Only read by the rollout policy (``lean``): ``play`` lays whatever cards it is given.
        self.bundles = options.queen_bundles
        self.drawing = (
            0 if options.drawing == DRAW_ONE_ENDS_TURN else 2 if options.drawing == DRAW_UNTIL_PLAYABLE else 1
        )

    def copy(self) -> Sim:
        """An independent copy (its own hands, stock and pile lists), without reading the options again.

        A search deals each world once and plays every candidate from a copy of it.
        """
        other = Sim.__new__(Sim)
        other.hands = [list(h) for h in self.hands]
        other.totals = list(self.totals)
        other.stock = list(self.stock)
        other.pile = list(self.pile)
        other.active = self.active
        other.owner = self.owner
        other.direction = self.direction
        other.obligation = self.obligation
        other.turn = self.turn
        other.step = self.step
        other.drawn = self.drawn
        # A generator is copied by its state, so the copy reshuffles as the original would.
        rng = self.rng
        if isinstance(rng, random.Random):
            twin = random.Random()
            twin.setstate(rng.getstate())
            rng = twin
        other.rng = rng
        other.seats = self.seats
        other.returns = self.returns
        other.may_empty = self.may_empty
        other.doubles = self.doubles
        other.penalty_ends_turn = self.penalty_ends_turn
        other.wild = self.wild
        other.suit_choice = self.suit_choice
        other.ace_skips = self.ace_skips
        other.jack_reverses = self.jack_reverses
        other.bundles = self.bundles
        other.drawing = self.drawing
        return other

    # -- checks ---------------------------------------------------------------------------
    def _claims(self, claimant: int) -> int:
        """``claimant`` claims on the top card; with returns the chain runs on. The winner."""
        if not self.returns:
            return claimant
        claimed = [False] * self.seats
        seats, d, totals, hands = self.seats, self.direction, self.totals, self.hands
        while True:
            claimed[claimant] = True
            hand = hands[claimant]
            top = min(hand, key=VAL.__getitem__)
            hand.remove(top)
            self.pile.extend(hand)
            self.pile.append(top)
            hands[claimant] = []
            totals[claimant] = 0
            self.owner = claimant
            self.active = SUIT[top]
            self.obligation = 0
            self.drawn = -1
            value = VAL[top]
            for k in range(1, seats):
                other = (claimant + d * k) % seats
                if not claimed[other] and totals[other] == value:
                    claimant = other
                    break
            else:
                return claimant

    def _drawer_check(self, seat: int, turn: int, step: int) -> int | None:
        if self.owner != seat and self.totals[seat] == VAL[self.pile[-1]]:
            return self._claims(seat)
        self.turn, self.step = turn, step
        return None

    # -- actions --------------------------------------------------------------------------
    def play(self, seat: int, cards: tuple[int, ...], suit: int = -1) -> int | None:
        hand = self.hands[seat]
        totals = self.totals
        for card in cards:
            hand.remove(card)
            totals[seat] -= VAL[card]
        top = cards[-1]
        rank = RANK[top]
        d = self.direction
        if rank == JACK and self.jack_reverses:
            d = self.direction = -d
        passes_two = rank == TWO and bool(hand)
        if passes_two:
            ob = self.obligation
            self.obligation = 2 if ob == 0 else ob * 2 if self.doubles else ob + 2
        else:
            self.obligation = 0
        self.active = suit if (rank == EIGHT and self.suit_choice and suit >= 0) else SUIT[top]
        self.pile.extend(cards)
        self.owner = seat
        self.drawn = -1
        # The discard check: the first other seat (in the direction of play) whose total matches.
        value = VAL[top]
        for other in AROUND[self.seats][d][seat]:
            if totals[other] == value:
                return self._claims(other)
        if not hand:
            return seat
        seats = self.seats
        if passes_two:
            self.turn, self.step = (seat + d) % seats, ANSWER
        elif rank == ACE and self.ace_skips:
            self.turn, self.step = (seat + 2 * d) % seats, TURN
        else:
            self.turn, self.step = (seat + d) % seats, TURN
        return None

    def _pop(self) -> int:
        stock = self.stock
        if not stock:
            pile = self.pile
            if len(pile) < 2:
                return -1
            under = pile[:-1]
            rng = self.rng
            if not isinstance(rng, random.Random):
                rng = self.rng = random.Random(rng)
            shuffle(rng, under)
            self.stock = stock = under
            self.pile = pile[-1:]
        return stock.pop()

    def fits(self, card: int) -> bool:
        return FITS[self.wild][self.active][RANK[self.pile[-1]]][card]

    def draw(self, seat: int) -> int | None:
        stock = self.stock
        card = stock.pop() if stock else self._pop()
        if card < 0:
            return NO_WINNER
        hand = self.hands[seat]
        hand.append(card)
        self.totals[seat] += VAL[card]
        mode = self.drawing
        if mode == 0:
            return self._drawer_check(seat, (seat + self.direction) % self.seats, TURN)
        if mode == 2:
            while not self.fits(card):
                card = self._pop()
                if card < 0:
                    return NO_WINNER
                hand.append(card)
                self.totals[seat] += VAL[card]
        self.drawn = card
        return self._drawer_check(seat, seat, DRAWN)

    def take(self, seat: int) -> int | None:
        hand = self.hands[seat]
        owed, self.obligation = self.obligation, 0
        for _ in range(owed):
            card = self._pop()
            if card < 0:
                return NO_WINNER
            hand.append(card)
            self.totals[seat] += VAL[card]
        nxt = (seat + self.direction) % self.seats if self.penalty_ends_turn else seat
        return self._drawer_check(seat, nxt, TURN)

    def end_turn(self, seat: int) -> None:
        self.drawn = -1
        self.turn, self.step = (seat + self.direction) % self.seats, TURN
