"""The end-of-hand clubs slide: who ends up with which hit.

The winner's hit is stolen by an eliminated player holding the Ace of Clubs and
then slides down the suit (K, Q, J, 10 ... 2) to whoever holds the next club,
the winner included, until the chain breaks. A winner holding the Ace keeps the
hit and a bonus hit slides the same way from the King (ruling R-99-08).
"""

from __future__ import annotations

from ...kernel import Card, Effect, Rank, Suit
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


def _slide(
    holder: dict[Card, int], seat: int, kind: HitKind, effects: list[Effect]
) -> tuple[int, list[Card]]:
    """Slide a hit held by ``seat`` (via the Ace) down the unbroken chain of held clubs."""
    via: list[Card] = [ACE_OF_CLUBS]
    for card in SLIDE_ORDER:
        owner = holder.get(card)
        if owner is None:
            break
        effects.append(HitSlid(rule_id=r.CLUBS_SLIDE, seat=owner, from_seat=seat, card=card, hit=kind.value))
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
        hits: tuple[Hit, ...] = (Hit(kind=HitKind.WIN, seat=winner),)
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
        effects.append(HitAwarded(rule_id=rule, seat=hit.seat, hit=hit.kind.value, via=hit.via))
    return hits, tuple(effects)
