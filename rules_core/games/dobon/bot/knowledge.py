"""What one seat knows, read from its view, and its legal actions found without the state.

The bot is handed ``Game.view(state, seat)`` only. To list its legal actions it
fills the view's hidden zones with cards it has not seen (as ``bots.sample_world``
does, built straight into a state for speed) and
asks the game: a seat's legal actions depend only on its own hand and the public
table (the drawn card of another seat is the one hidden thing a seat's rules could
touch, and only its holder is ever asked while it is pending). ``Seen`` then
copies out the public fields and the seat's own hand, never a sampled card, so
nothing the sampling invented can reach a decision.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ....kernel import MAX_SEED, STANDARD_52, Action, Card, Suit, format_card, parse_card
from ..legal import legal_entries
from ..options import DobonOptions
from ..state import Check, CheckKind, Claim, DobonState, Resume, RoundRecord, Status, Step
from ..values import VALUE, value

#: Copies of each rank in the deck.
COPIES = 4
#: The deck with each card's notation (the view's cards are compared as text: cheaper than cards).
_DECK_TEXT = tuple((card, format_card(card)) for card in STANDARD_52.cards)


@dataclass(frozen=True, slots=True, kw_only=True)
class Seen:
    """The public table and this seat's hand; everything else is only counted."""

    seat: int
    options: DobonOptions
    seats: int
    hand: tuple[Card, ...]
    #: Cards held by each seat (this one included).
    counts: tuple[int, ...]
    stock: int
    discard_pile: tuple[Card, ...]
    active_suit: Suit
    top_owner: int | None
    direction: int
    status: Status
    step: Step | None
    check_kind: CheckKind | None
    #: Seats still to be asked in the current check after this one.
    asking_after: tuple[int, ...]
    #: Seats that have claimed in the current return chain.
    claimed: frozenset[int]
    obligation: int

    @property
    def top(self) -> Card:
        return self.discard_pile[-1]

    @property
    def total(self) -> int:
        return sum(value(c) for c in self.hand)

    def after(self, seat: int, steps: int = 1, direction: int | None = None) -> int:
        d = self.direction if direction is None else direction
        return (seat + d * steps) % self.seats

    def unseen_supply(self) -> dict[int, int]:
        """Unseen cards by value: the deck less this hand and every card on the discard pile."""
        seen = Counter(VALUE[c.rank] for c in (*self.hand, *self.discard_pile) if c.rank is not None)
        return {v: COPIES - seen[v] for v in range(1, 14)}

    def naive_supply(self) -> dict[int, int]:
        """The same, counting only this hand: a player who does not watch the discards."""
        seen = Counter(VALUE[c.rank] for c in self.hand if c.rank is not None)
        return {v: COPIES - seen[v] for v in range(1, 14)}


def _cards(texts: Any) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in texts)


def _claim(data: Mapping[str, Any]) -> Claim:
    top = data["top"]
    return Claim(
        seat=data["seat"],
        cards=_cards(data["cards"]),
        target=parse_card(data["target"]),
        top=None if top is None else parse_card(top),
    )


def _check(data: Mapping[str, Any] | None) -> Check | None:
    if data is None:
        return None
    resume = data["resume"]
    return Check(
        kind=CheckKind(data["kind"]),
        asking=tuple(data["asking"]),
        resume=None if resume is None else Resume(seat=resume["seat"], step=Step(resume["step"])),
    )


def world_of(view: Mapping[str, Any], seat: int, rng: random.Random) -> DobonState:
    """A full state agreeing with ``view``: the hidden cards dealt at random from the unseen ones.

    The view comes from ``Game.view`` of a valid state, so it is read directly (the codec's
    full validation would cost more than the decision itself); ``tests/dobon/test_bot.py``
    checks that the worlds built here are states the codec accepts.
    """
    hand = _cards(view["hands"][seat])
    discard = _cards(view["discard_pile"])
    shown = {*view["hands"][seat], *view["discard_pile"]}
    unseen = [c for c, text in _DECK_TEXT if text not in shown]
    rng.shuffle(unseen)
    hands: list[tuple[Card, ...]] = []
    for i, held in enumerate(view["hands"]):
        if i == seat:
            hands.append(hand)
        else:
            hands.append(tuple(unseen[: held["count"]]))
            del unseen[: held["count"]]
    check = _check(view["check"])
    drawn_text = view["drawn"]
    drawn: Card | None = None
    if isinstance(drawn_text, Mapping):
        # Another seat's pending drawn card: the last card of its sampled hand stands for it.
        holder = check.resume.seat if check is not None and check.resume is not None else view["turn"]
        drawn = hands[holder][-1]
    elif drawn_text is not None:
        drawn = parse_card(drawn_text)
    step = view["step"]
    return DobonState(
        options=DobonOptions(**view["options"]),
        seats=view["seats"],
        seed=rng.randrange(MAX_SEED),
        shuffles=view["shuffles"],
        hands=tuple(hands),
        draw_pile=tuple(unseen),
        discard_pile=discard,
        status=Status(view["status"]),
        turn=view["turn"],
        step=None if step is None else Step(step),
        direction=view["direction"],
        active_suit=Suit(view["active_suit"]),
        top_owner=view["top_owner"],
        obligation=view["obligation"],
        drawn=drawn,
        check=check,
        chain=tuple(_claim(c) for c in view["chain"]),
        winner=view["winner"],
        move=view["move"],
        round=view["round"],
        round_move=view["round_move"],
        wins=tuple(view["wins"]),
        record=tuple(
            RoundRecord(
                round=r["round"], winner=r["winner"], how=r["how"], chain=tuple(_claim(c) for c in r["chain"])
            )
            for r in view["record"]
        ),
    )


def legal_on(world: DobonState, seat: int) -> list[Action]:
    """The seat's legal actions, in the game's order, on a world sampled from its view."""
    return [entry.action for entry in legal_entries(world, seat)]


def read_seen(view: Mapping[str, Any], seat: int, world: DobonState) -> Seen:
    """Copy the public fields (from the world, where they equal the view's) and this seat's hand."""
    check = world.check
    asking_after: tuple[int, ...] = ()
    if check is not None and check.asking and check.asking[0] == seat:
        asking_after = check.asking[1:]
    return Seen(
        seat=seat,
        options=world.options,
        seats=world.seats,
        hand=tuple(parse_card(c) for c in view["hands"][seat]),
        counts=tuple(len(h) for h in world.hands),
        stock=len(world.draw_pile),
        discard_pile=world.discard_pile,
        active_suit=world.active_suit,
        top_owner=world.top_owner,
        direction=world.direction,
        status=world.status,
        step=world.step,
        check_kind=None if check is None else check.kind,
        asking_after=asking_after,
        claimed=frozenset(c.seat for c in world.chain),
        obligation=world.obligation,
    )
