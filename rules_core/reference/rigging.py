"""Rigged deck orders: the hands, turned-up cards and draw pile an example needs.

Every game here deals one card at a time round the table starting with seat 0
(dabong!'s first dealer is the last seat, so its deal also starts at seat 0),
then turns up cards (Dobon and dabong! open the pile with one) and keeps the
rest as the draw pile, top first. ``deck_order`` writes that order down; the
cards not named follow in deck order, so an example names only what it means.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..kernel import Deck, format_card


def deck_order(
    deck: Deck,
    hands: Sequence[Sequence[str]],
    *,
    turned: Sequence[str] = (),
    draw: Sequence[str] = (),
) -> list[str]:
    """A full deck order dealing ``hands`` (all the same length), then ``turned``, then ``draw``."""
    size = len(hands[0])
    if any(len(hand) != size for hand in hands):
        raise ValueError(f"every seat is dealt the same number of cards: {hands}")
    dealt = [hands[seat][i] for i in range(size) for seat in range(len(hands))]
    head = [*dealt, *turned, *draw]
    if len(set(head)) != len(head):
        raise ValueError(f"a card is named twice: {head}")
    known = {format_card(c) for c in deck.cards}
    unknown = [c for c in head if c not in known]
    if unknown:
        raise ValueError(f"not cards of this deck: {unknown}")
    return head + [format_card(c) for c in deck.cards if format_card(c) not in head]
