"""What a seat's view shows, read once: the bot's only source of facts.

Everything here comes from ``Game.view`` (other hands and the draw pile are
``{"count": n}``), so nothing a bot derives from it can depend on a hidden card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ....kernel import Card, Rank, Suit, parse_card, parse_cards
from ..values import SHAMAN_CLAIM_VALUES, card_suits, in_play_value, pile_value

#: What a Shaman may count for in a natural dabong! (the holder chooses 1..10).
_SHAMAN_VALUES = SHAMAN_CLAIM_VALUES


@dataclass(frozen=True, slots=True, kw_only=True)
class Seen:
    """The facts of one view that the policies read."""

    seat: int
    seats: int
    level: str
    status: str
    turn: int
    direction: int
    hand: tuple[Card, ...]
    #: Cards held by each seat (the viewer's own included).
    counts: tuple[int, ...]
    draw_count: int
    discard: tuple[Card, ...]
    #: The identities of the discard pile (declared Shamans as their cards), bottom first.
    discard_identities: tuple[Card, ...]
    #: The identity of the top card (a declared Shaman: its card); None while undeclared.
    top: Card | None
    top_seat: int
    suit: Suit | None
    penalty: int
    announced: frozenset[int]
    one_card_rule: bool

    @property
    def next_seat(self) -> int:
        return (self.seat + self.direction) % self.seats

    def opponents(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if s != self.seat)


def read_view(view: Mapping[str, Any], seat: int) -> Seen:
    hands = view["hands"]
    counts = tuple(len(h) if isinstance(h, list) else int(h["count"]) for h in hands)
    discard = parse_cards(view["discard_pile"])
    identities = {parse_card(s): parse_card(c) for s, c in (view.get("shaman_identities") or {}).items()}
    top_card = discard[-1] if discard else None
    top = None if top_card is None else (identities.get(top_card) if top_card.is_shaman else top_card)
    penalty = view.get("penalty")
    suit = view.get("suit")
    options = view.get("options") or {}
    return Seen(
        seat=seat,
        seats=int(view["seats"]),
        level=str(options.get("level", "beginner")),
        status=str(view["status"]),
        turn=int(view["turn"]),
        direction=int(view.get("direction", 1)),
        hand=parse_cards(hands[seat]),
        counts=counts,
        draw_count=int(view["draw_pile"]["count"]) if isinstance(view["draw_pile"], dict) else 0,
        discard=discard,
        discard_identities=tuple(
            identities.get(c, c) if c.is_shaman else c for c in discard if not c.is_shaman or c in identities
        ),
        top=top,
        top_seat=int(view.get("top_seat", -1)),
        suit=Suit(suit) if suit else None,
        penalty=int(penalty["cards"]) if isinstance(penalty, dict) else 0,
        announced=frozenset(int(s) for s in view.get("one_card_announced") or ()),
        one_card_rule=bool(options.get("one_card_rule", True)),
    )


def visible_cards(view: Mapping[str, Any]) -> list[Card]:
    """Every card the view shows once: own hand(s) and the discard pile."""
    shown: list[Card] = []
    for hand in view["hands"]:
        if isinstance(hand, list):
            shown.extend(parse_cards(hand))
    shown.extend(parse_cards(view["discard_pile"]))
    river = view.get("river")
    if isinstance(river, str):
        shown.append(parse_card(river))
    elif isinstance(river, list):
        shown.extend(parse_cards(river))
    return shown


def hand_total_range(hand: tuple[Card, ...]) -> tuple[int, int]:
    """Totals the hand can claim a natural dabong! with (Shamans count 1..10 each)."""
    shamans = sum(1 for c in hand if c.is_shaman)
    rest = sum(in_play_value(c) for c in hand if not c.is_shaman)
    return rest + shamans * _SHAMAN_VALUES[0], rest + shamans * _SHAMAN_VALUES[-1]


def natural_value(hand: tuple[Card, ...], top: Card | None) -> int | None:
    """The Shamans' total for a natural on ``top`` (0 without Shamans), or None if none fits."""
    if top is None or len(hand) < 2:
        return None
    target = pile_value(top)
    shamans = sum(1 for c in hand if c.is_shaman)
    need = target - sum(in_play_value(c) for c in hand if not c.is_shaman)
    if shamans == 0:
        return 0 if need == 0 else None
    return need if shamans <= need <= 10 * shamans else None


def card_value(card: Card) -> int:
    """In-hand value, a Shaman counted as what it is worth to keep (it fits any total)."""
    return 0 if card.is_shaman else in_play_value(card)


def matches(card: Card, top: Card | None, suit: Suit | None) -> bool:
    """Whether ``card`` alone follows ``top``: suit, rank, an 8 or a Shaman."""
    if card.is_shaman or card.rank is Rank.EIGHT or top is None:
        return True
    suits = frozenset((suit,)) if suit is not None else card_suits(top)
    return card.rank is top.rank or bool(card_suits(card) & suits)
