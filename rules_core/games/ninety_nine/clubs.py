"""The end-of-hand clubs slide: who ends up with which hit.

The winner's hit is stolen by an eliminated player holding the Ace of Clubs and
then slides down the suit (K, Q, J, 10 ... 2) to whoever holds the next club,
the winner included, until the chain breaks. A winner holding the Ace keeps the
hit and a bonus hit slides the same way from the King (ruling R-99-08).
"""

from __future__ import annotations

from collections.abc import Callable

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


def _slide(
    holder: dict[Card, int], seat: int, kind: HitKind, effects: list[Effect]
) -> tuple[int, list[Card]]:
    """Slide a hit held by ``seat`` (via the Ace) down the unbroken chain of held clubs."""
    via: list[Card] = [ACE_OF_CLUBS]
    for card in SLIDE_ORDER:
        owner = holder.get(card)
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
    holder = {card: seat for seat, hand in enumerate(hands) for card in hand}
    ace_holder = holder.get(ACE_OF_CLUBS) if options.clubs_slide else None
    if ace_holder is None:
        hits: tuple[Hit, ...] = (_new_hit(HitKind.WIN, winner, ()),)
        rule = r.CLUBS_KEEP if options.clubs_slide else r.WIN
    elif ace_holder == winner:
        effects.append(BonusHitCreated(rule_id=r.CLUBS_BONUS, seat=winner, card=ACE_OF_CLUBS))
        seat, via = _slide(holder, winner, HitKind.BONUS, effects)
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
        seat, via = _slide(holder, ace_holder, HitKind.WIN, effects)
        hits = (Hit(kind=HitKind.WIN, seat=seat, via=tuple(via)),)
        rule = r.CLUBS_SLIDE
    for hit in hits:
        effects.append(_new_hit_awarded(rule, hit.seat, hit.kind.value, hit.via))
    return hits, tuple(effects)
