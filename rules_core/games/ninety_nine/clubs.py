"""The end-of-hand clubs slide: who ends up with which hit.

The winner's hit is stolen by an eliminated player holding the Ace of Clubs and
then slides down the suit (K, Q, J, 10 ... 2) to whoever holds the next club,
the winner included, until the chain breaks. A winner holding the Ace keeps the
hit and a bonus hit slides the same way from the King (ruling R-99-08).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...kernel import Card, Effect, Rank, Suit, slots_builder
from . import rules as r
from .counting import ACE_OF_CLUBS
from .effects import BonusHitCreated, HitAwarded, HitSlid, HitStolen
from .options import NinetyNineOptions
from .state import Hit, HitKind

#: The clubs a hit slides through after the Ace, in order.
SLIDE_ORDER: tuple[Card, ...] = tuple(
    Card(rank, Suit.CLUBS)
    for rank in (
        Rank.KING,
        Rank.QUEEN,
        Rank.JACK,
        Rank.TEN,
        Rank.NINE,
        Rank.EIGHT,
        Rank.SEVEN,
        Rank.SIX,
        Rank.FIVE,
        Rank.FOUR,
        Rank.THREE,
        Rank.TWO,
    )
)


_new_hit: Callable[..., Hit] = slots_builder(Hit, "kind", "seat", "via")
_new_hit_slid: Callable[..., HitSlid] = slots_builder(HitSlid, "rule_id", "seat", "from_seat", "card", "hit")
_new_hit_awarded: Callable[..., HitAwarded] = slots_builder(HitAwarded, "rule_id", "seat", "hit", "via")


#: The notation of each card of ``SLIDE_ORDER``, in the same order.
_SLIDE_TEXTS: tuple[str | None, ...] = tuple(card._text for card in SLIDE_ORDER)


def _holders(hands: tuple[tuple[Card, ...], ...]) -> tuple[dict[Any, int], Any, tuple[Any, ...]]:
    """Who holds each card, with the keys to look the Ace of Clubs and ``SLIDE_ORDER`` up by.

    Keyed by notation when every held card has one: two cards are equal exactly when their
    notations are, and a string hashes without a call into Python, unlike a card. A card no
    notation names (never in a decoded state) may equal a named one, so then the keys are
    the cards themselves.
    """
    by_text = {card._text: seat for seat, hand in enumerate(hands) for card in hand}
    if None not in by_text:
        return by_text, ACE_OF_CLUBS._text, _SLIDE_TEXTS
    return {card: seat for seat, hand in enumerate(hands) for card in hand}, ACE_OF_CLUBS, SLIDE_ORDER


def _slide(
    holder: dict[Any, int], keys: tuple[Any, ...], seat: int, kind: HitKind, effects: list[Effect]
) -> tuple[int, list[Card]]:
    """Slide a hit held by ``seat`` (via the Ace) down the unbroken chain of held clubs.

    ``holder`` and ``keys`` (one per card of ``SLIDE_ORDER``) are as ``_holders`` gives them.
    """
    via: list[Card] = [ACE_OF_CLUBS]
    for card, key in zip(SLIDE_ORDER, keys, strict=True):
        owner = holder.get(key)
        if owner is None:
            break
        effects.append(_new_hit_slid(r.CLUBS_SLIDE, owner, seat, card, kind.value))
        seat = owner
        via.append(card)
    return seat, via


def settle_hits(
    hands: tuple[tuple[Card, ...], ...], winner: int, options: NinetyNineOptions
) -> tuple[tuple[Hit, ...], tuple[Effect, ...]]:
    """The final hits of a finished hand and the effects that tell how they got there."""
    effects: list[Effect] = []
    ace_holder = None
    if options.clubs_slide:
        holder, ace_key, slide_keys = _holders(hands)
        ace_holder = holder.get(ace_key)
    if ace_holder is None:
        hits: tuple[Hit, ...] = (_new_hit(HitKind.WIN, winner, ()),)
        rule = r.CLUBS_KEEP if options.clubs_slide else r.WIN
    elif ace_holder == winner:
        effects.append(BonusHitCreated(rule_id=r.CLUBS_BONUS, seat=winner, card=ACE_OF_CLUBS))
        seat, via = _slide(holder, slide_keys, winner, HitKind.BONUS, effects)
        hits = (Hit(kind=HitKind.WIN, seat=winner), Hit(kind=HitKind.BONUS, seat=seat, via=tuple(via)))
        rule = r.CLUBS_BONUS
    else:
        effects.append(
            HitStolen(
                rule_id=r.CLUBS_STEAL,
                seat=ace_holder,
                from_seat=winner,
                card=ACE_OF_CLUBS,
                hit=HitKind.WIN.value,
            )
        )
        seat, via = _slide(holder, slide_keys, ace_holder, HitKind.WIN, effects)
        hits = (Hit(kind=HitKind.WIN, seat=seat, via=tuple(via)),)
        rule = r.CLUBS_SLIDE
    for hit in hits:
        effects.append(_new_hit_awarded(rule, hit.seat, hit.kind.value, hit.via))
    return hits, tuple(effects)
