"""The single card: follow the active suit or the top card's rank, or an 8 on anything.

A Jack follows with either of its two suits; a Shaman is whichever real card
it is declared as, so a lone Shaman has one reading per real card that would
itself be legal here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ....kernel import Action, Card, LegalEntry, format_card
from ..matcher_api import MatchRules, PileContext, PlayReading
from ..values import card_suits, identity_choices, is_eight
from .base import CardRule, Miss, OrderRule, Pattern, Slot
from .common import SUIT_NAMES, declarations, shown, suit_choices, top_power


def follow_rule(identity: Card, ctx: PileContext) -> str | None:
    """The rule under which ``identity`` alone may go on ``ctx`` (None: it may not)."""
    if card_suits(identity) & ctx.active_suits or identity.rank is ctx.top.rank:
        return "dabong.follow"
    if is_eight(identity):
        return "dabong.eight"
    return None


def _describe(card: Card, identity: Card, ctx: PileContext, rule_id: str) -> str:
    if rule_id == "dabong.eight":
        why = "an 8 goes on any card"
    elif card_suits(identity) & ctx.active_suits:
        why = "follows suit"
    else:
        why = "follows the rank"
    return f"{shown(card, identity)} on {format_card(ctx.top)}: {why}"


@dataclass(frozen=True, slots=True, kw_only=True)
class SinglePattern(Pattern):
    id: str
    rule_id: str
    level: str
    cards: CardRule = CardRule.ONE
    order: OrderRule = OrderRule.ANY
    first_card_follows: bool = True
    min_cards: int = 1

    def readings(
        self, ctx: PileContext, slots: tuple[Slot, ...], rules: MatchRules
    ) -> tuple[tuple[PlayReading, ...], Miss | None]:
        (slot,) = slots
        options = identity_choices(slot.card) if slot.identity is None else (slot.identity,)
        found = []
        for identity in options:
            rule_id = follow_rule(identity, ctx)
            if rule_id is not None:
                found.append(
                    PlayReading(
                        pattern=self.id,
                        rule_id=rule_id,
                        cards=(slot.card,),
                        identities=(identity,),
                        declarations=declarations((slot.card,), (identity,)),
                        description=_describe(slot.card, identity, ctx, rule_id),
                        top_power=top_power(identity),
                    )
                )
        if found:
            return tuple(found), None
        assert slot.identity is not None  # an undeclared Shaman always has a reading
        suits = " or ".join(SUIT_NAMES[s] for s in sorted(ctx.active_suits))
        return (), Miss(
            code="single_does_not_follow",
            rule_id="dabong.follow",
            message=(
                f"{shown(slot.card, slot.identity)} follows neither the suit ({suits}) "
                f"nor the rank of {format_card(ctx.top)}, and is not an 8"
            ),
        )

    def solutions(
        self, ctx: PileContext, slots: tuple[Slot, ...], rules: MatchRules
    ) -> Iterator[tuple[Card, ...]]:
        """The identity tuples of ``readings``, lazily and in the same order."""
        (slot,) = slots
        options = identity_choices(slot.card) if slot.identity is None else (slot.identity,)
        for identity in options:
            if follow_rule(identity, ctx) is not None:
                yield (identity,)

    def blocks(
        self, ctx: PileContext, hand: tuple[Card, ...], rules: MatchRules, seat: int
    ) -> Iterator[SingleBlock]:
        yield SingleBlock(ctx=ctx, hand=hand, seat=seat, pattern=self.id)


class SingleBlock:
    """Every legal single card of a hand: per card, identity and suit to name."""

    def __init__(self, *, ctx: PileContext, hand: tuple[Card, ...], seat: int, pattern: str) -> None:
        self._seat = seat
        self._pattern = pattern
        self._pairs = tuple(
            (card, identity)
            for card in hand
            for identity in identity_choices(card)
            if follow_rule(identity, ctx) is not None
        )
        self.entries = sum(len(suit_choices(identity)) for _, identity in self._pairs)
        self.plays = self.entries

    def iter_entries(self, skip: int) -> Iterator[LegalEntry]:
        for card, identity in self._pairs:
            for suit in suit_choices(identity):
                if skip:
                    skip -= 1
                    continue
                yield LegalEntry(
                    action=Action(
                        type="play",
                        seat=self._seat,
                        cards=(card,),
                        suit=suit,
                        declare=declarations((card,), (identity,)),
                    ),
                    patterns=(self._pattern,),
                )
