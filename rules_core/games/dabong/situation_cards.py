"""Where the cards a dabong! situation does not name go: the hands filled in, the pile, the stock.

Every card the situation leaves out is chosen so that it cannot change the answer:

* a hand filled in (``fill``) takes the first free cards in deck order (the Shamans come last),
  never three that can stand for one rank, and its last card is chosen so that the whole hand cannot claim a
  natural dabong! on the top card (nor, for a seat still holding its hand as dealt, be the worst
  hand): no invented hand can claim, answer a heaven or hell (three 6s or 7s), or win at once;
* the run of the top card's rank a situation states lies under the play on top (``run_cards``);
* the draw pile takes the rest in deck order, and when the situation says it holds fewer, the
  others lie under the top of the discard pile (``pile_and_stock``), never lengthening the run
  on top.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ...kernel import Card, InvalidInput, Problem, Rank
from .actions_claims import worst_hand_flaw
from .situation_facts import DECK
from .values import REAL_CARDS, in_play_value


def invalid(pointer: str, code: str, message: str) -> InvalidInput:
    return InvalidInput(
        (Problem(pointer=pointer, code=code, message=message),), "the situation cannot be completed"
    )


def claimable(hand: Iterable[Card], target: int) -> bool:
    """Whether ``hand`` may claim a natural dabong! on a top card of pile value ``target``."""
    cards = tuple(hand)
    if len(cards) < 2:
        return False
    shamans = sum(1 for c in cards if c.is_shaman)
    needed = target - sum(in_play_value(c) for c in cards if not c.is_shaman)
    return needed == 0 if shamans == 0 else shamans <= needed <= 10 * shamans


def harmless(hand: tuple[Card, ...], targets: frozenset[int], as_dealt: bool) -> bool:
    """An invented hand that cannot claim on any of ``targets``, nor be the worst hand."""
    if any(claimable(hand, t) for t in targets):
        return False
    return not as_dealt or worst_hand_flaw(hand) is not None


def fill(
    free: list[Card], named: tuple[Card, ...], count: int, targets: frozenset[int], as_dealt: bool
) -> tuple[Card, ...] | None:
    """``count`` cards from ``free`` (taken out of it) completing ``named`` into a harmless hand;
    None when no choice of free cards makes it harmless.

    Deck order puts the Shamans last, so a hand gets one only when nothing else is left; no three
    cards of the hand can stand for one rank (a Shaman stands for any)."""
    if count == 0:
        return ()
    ranks = Counter(c.rank for c in named if not c.is_shaman)
    shamans = sum(1 for c in named if c.is_shaman)
    added: list[Card] = []
    for i in range(count):
        last = i == count - 1
        pick = None
        for card in free:
            if card in added:
                continue
            most = max(ranks.values(), default=0) if card.is_shaman else ranks[card.rank]
            if most + shamans + 1 > 2:
                continue
            if last and not harmless((*named, *added, card), targets, as_dealt):
                continue
            pick = card
            break
        if pick is None:
            pick = next((c for c in free if c not in added), None)
            if pick is None or last:
                return None
        added.append(pick)
        if pick.is_shaman:
            shamans += 1
        else:
            ranks[pick.rank] += 1
    for card in added:
        free.remove(card)
    return tuple(added)


def run_cards(free: list[Card], rank: Rank, need: int) -> list[tuple[Card, Card]] | None:
    """``need`` free cards of ``rank`` to lie under the play on top, as (card, identity): real
    cards of the rank first, then Shamans declared as one (taken out of ``free``); None: too few."""
    real = [c for c in free if not c.is_shaman and c.rank is rank][:need]
    shamans = [c for c in free if c.is_shaman][: need - len(real)]
    if len(real) + len(shamans) < need:
        return None
    as_rank = next(c for c in REAL_CARDS if c.rank is rank)
    out = [(c, c) for c in real] + [(s, as_rank) for s in shamans]
    for card, _ in out:
        free.remove(card)
    return out


def pile_and_stock(
    free: list[Card], draw_pile: int | None, top_rank: Rank | None
) -> tuple[tuple[Card, ...], list[tuple[Card, Card]]]:
    """(the draw pile, the cards under the top play as (card, identity)) from the cards left.

    The draw pile takes the first ``draw_pile`` cards in deck order (all when None); the rest lie
    under, a Shaman declared as a card of another rank than the top's, and the card next to the
    top play (or its run) never of the top card's rank, so the run on top stays as stated.
    """
    if draw_pile is None or draw_pile >= len(free):
        if draw_pile is not None and draw_pile > len(free):
            raise invalid("/draw_pile", "too_many", f"only {len(free)} cards are left for the draw pile")
        return tuple(free), []
    stock, under = list(free[:draw_pile]), list(free[draw_pile:])
    other = next(c for c in REAL_CARDS if c.rank is not top_rank)
    if top_rank is not None and under and under[-1].rank is top_rank:
        swap = next((i for i, c in enumerate(under) if c.rank is not top_rank), None)
        if swap is not None:
            under.append(under.pop(swap))
        else:
            swap = next((i for i, c in enumerate(stock) if c.rank is not top_rank), None)
            if swap is None:
                raise invalid("/draw_pile", "cannot_complete", "the cards left would lengthen the run on top")
            under[-1], stock[swap] = stock[swap], under[-1]
    order = {c: i for i, c in enumerate(DECK.cards)}
    stock.sort(key=order.__getitem__)
    return tuple(stock), [(c, other if c.is_shaman else c) for c in under]
