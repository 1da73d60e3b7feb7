"""Where a shape unit's candidate plays come from: generators over a hand.

Each source yields *card sets* (with one identity per card, in deck order) for
the set shapes, or *laid sequences* for the run and mirror shapes. A source only
proposes: the unit still runs its shape predicate on every entry, so a source may
over-generate but must never miss a play. Sources prune what cannot work (a sum
past its bound, a card of the wrong rank or suit) so that hands of a normal size
list in milliseconds; ``take_all`` restricts them to plays that use every card
(the river, which may only be used by a play that empties the hand).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, product

from ....kernel import ELEMENT_SUITS, Card, Rank, Suit
from ..values import identity_choices, in_play_value
from .common import identities_with_suit, most_pairs, play_suits
from .shape_unit import Member, SetSource
from .shapes import Lay

_RANKS: tuple[Rank, ...] = tuple(Rank)


def _of_rank(card: Card, rank: Rank) -> tuple[Card, ...]:
    return tuple(i for i in identity_choices(card) if i.rank is rank)


def _choose(
    items: Sequence[tuple[Card, tuple[Card, ...]]],
    low: int,
    high: int,
    take_all: bool,
    total: int,
    bound: int | None = None,
) -> Iterator[tuple[Member, ...]]:
    """Sets of ``items`` (each card as one of its identities) of ``low..high`` cards.

    ``total``: cards in the hand (with ``take_all`` only a set of all of them counts);
    ``bound``: the in-play values may add up to at most this much.
    """
    if take_all and (len(items) < total or not all(opts for _, opts in items)):
        return

    def grow(index: int, chosen: tuple[Member, ...], value: int) -> Iterator[tuple[Member, ...]]:
        if len(chosen) > high:
            return
        if index == len(items):
            if len(chosen) >= low:
                yield chosen
            return
        if len(chosen) + len(items) - index < low:
            return
        card, options = items[index]
        for identity in options:
            reach = value + in_play_value(identity)
            if bound is None or reach <= bound:
                yield from grow(index + 1, (*chosen, (card, identity)), reach)
        if not take_all:
            yield from grow(index + 1, chosen, value)

    yield from grow(0, (), 0)


def rank_sets(rank_of: Callable[[Lay], tuple[Rank, ...]], low: int, high: int) -> SetSource:
    """Sets of cards all of one rank (clone, heaven, hell, four of a kind, the add-on)."""

    def source(lay: Lay, hand: Sequence[Card], take_all: bool) -> Iterator[tuple[Member, ...]]:
        for rank in rank_of(lay):
            items = [(c, _of_rank(c, rank)) for c in hand]
            items = [(c, o) for c, o in items if o] if not take_all else items
            yield from _choose(items, low, high, take_all, len(hand))

    return source


def suited_sets(low: int, high: int, bound: Callable[[Lay], int | None]) -> SetSource:
    """Sets of cards sharing one suit (sums, twenty-one, flush), each set once."""

    def source(lay: Lay, hand: Sequence[Card], take_all: bool) -> Iterator[tuple[Member, ...]]:
        seen: set[tuple[Member, ...]] = set()
        for suit in ELEMENT_SUITS:
            items = [(c, _of_suit(c, suit, lay)) for c in hand]
            items = [(c, o) for c, o in items if o] if not take_all else items
            for members in _choose(items, low, high, take_all, len(hand), bound(lay)):
                if members not in seen:
                    seen.add(members)
                    yield members

    return source


def ace_and_shaman_sets(lay: Lay, hand: Sequence[Card], take_all: bool) -> Iterator[tuple[Member, ...]]:
    """A real Ace and one Shaman declared as that Ace (the Shaman-assisted addition).

    Only one real card of a suit is an Ace, so a Shaman shares its suit only as that Ace; two
    Shamans are not "an Ace and a Shaman" (the engine refuses them), so none is paired here.
    """
    if take_all and len(hand) != 2:
        return
    for ace in hand:
        if ace.is_shaman or ace.rank is not Rank.ACE:
            continue
        for shaman in hand:
            if shaman.is_shaman:
                yield _in_deck_order(hand, [(ace, ace), (shaman, ace)])


def _of_suit(card: Card, suit: Suit, lay: Lay) -> tuple[Card, ...]:
    if card.is_shaman:
        return identities_with_suit(suit, lay.rules)
    return (card,) if suit in play_suits(card, lay.rules) else ()


def group_sets(size: int, min_groups: int) -> SetSource:
    """Sets made of rank groups of exactly ``size`` cards, ``min_groups`` or more ranks."""

    def source(lay: Lay, hand: Sequence[Card], take_all: bool) -> Iterator[tuple[Member, ...]]:
        if take_all and len(hand) % size:
            return  # groups of ``size`` cannot use every card: nothing to walk
        for groups in _groups(hand, [size] * 13, min_groups, take_all):
            members = _in_deck_order(hand, groups)
            if not take_all or len(members) == len(hand):
                yield members

    return source


def full_house_sets(lay: Lay, hand: Sequence[Card], take_all: bool) -> Iterator[tuple[Member, ...]]:
    """A three of a kind and a pair of another rank (full house)."""
    if take_all and len(hand) != 5:
        return  # a full house is five cards: it cannot use every card of another hand
    shamans = sum(1 for c in hand if c.is_shaman)
    real = {rank: sum(1 for c in hand if c.rank is rank) for rank in _RANKS}
    for trips in _RANKS:
        short_trips = max(0, 3 - real[trips])
        if short_trips > shamans:
            continue  # not enough cards of this rank even with every Shaman: nothing to pick
        for pair in _RANKS:
            if pair is trips or short_trips + max(0, 2 - real[pair]) > shamans:
                continue
            wanted = {trips: 3, pair: 2}
            for groups in _pick(hand, [(r, wanted[r]) for r in _RANKS if r in wanted]):
                members = _in_deck_order(hand, groups)
                if not take_all or len(members) == len(hand):
                    yield members


def _groups(
    hand: Sequence[Card], sizes: list[int], min_groups: int, take_all: bool = False
) -> Iterator[list[Member]]:
    """Every choice of ranks (at least ``min_groups``) each with exactly its size in cards
    (``take_all``: only those using every card, so every real card's rank is taken whole)."""
    shamans = [c for c in hand if c.is_shaman]
    real = {rank: [c for c in hand if c.rank is rank] for rank in _RANKS}
    # fewest[index][k]: the fewest Shamans that k more groups from the ranks at ``index`` on
    # need (each rank's group lacks what its real cards do not cover). A walk that cannot
    # still reach ``min_groups`` with its Shamans left stops: with Shamans as 2 to 4 suits
    # of every rank, the walks that yield nothing were most of a small hand's listing.
    fewest: list[list[int]] = []
    for index in range(len(_RANKS) + 1):
        lacking = sorted(max(0, sizes[k] - len(real[_RANKS[k]])) for k in range(index, len(_RANKS)))
        fewest.append([sum(lacking[:k]) for k in range(len(lacking) + 1)])

    def walk(index: int, pool: tuple[Card, ...], chosen: list[Member], count: int) -> Iterator[list[Member]]:
        need = min_groups - count
        if need > 0 and (need >= len(fewest[index]) or fewest[index][need] > len(pool)):
            return
        if index == len(_RANKS):
            if count >= min_groups and not (take_all and pool):
                yield chosen
            return
        rank, size = _RANKS[index], sizes[index]
        own = real[rank]
        if take_all and len(own) > size:
            return  # a real card of this rank would be left out
        if not (take_all and own):
            yield from walk(index + 1, pool, chosen, count)
        # with take_all a group takes every real card of its rank: no other rank can take one
        for group, rest in _rank_groups(rank, size, own, pool, least=len(own) if take_all else 0):
            yield from walk(index + 1, rest, chosen + group, count + 1)

    yield from walk(0, tuple(shamans), [], 0)


def _pick(hand: Sequence[Card], wanted: list[tuple[Rank, int]]) -> Iterator[list[Member]]:
    """Exactly the wanted rank groups (every one present)."""
    shamans = tuple(c for c in hand if c.is_shaman)

    def walk(index: int, pool: tuple[Card, ...], chosen: list[Member]) -> Iterator[list[Member]]:
        if index == len(wanted):
            yield chosen
            return
        rank, size = wanted[index]
        real = [c for c in hand if c.rank is rank]
        for group, rest in _rank_groups(rank, size, real, pool):
            yield from walk(index + 1, rest, chosen + group)

    yield from walk(0, shamans, [])


def _rank_groups(
    rank: Rank, size: int, real: list[Card], pool: tuple[Card, ...], least: int = 0
) -> Iterator[tuple[list[Member], tuple[Card, ...]]]:
    """``size`` cards of ``rank``: some real ones (``least`` of them at least), the rest
    Shamans (as any suit of it)."""
    for own in range(min(size, len(real)), least - 1, -1):
        need = size - own
        if need > len(pool):
            continue
        for picked in combinations(real, own):
            for helpers in combinations(pool, need):
                rest = tuple(s for s in pool if s not in helpers)
                for suits in product(ELEMENT_SUITS, repeat=need):
                    group = [(c, c) for c in picked]
                    group += [(s, Card(rank, suit)) for s, suit in zip(helpers, suits, strict=True)]
                    yield group, rest


def _in_deck_order(hand: Sequence[Card], members: list[Member]) -> tuple[Member, ...]:
    place = {card: k for k, card in enumerate(hand)}
    return tuple(sorted(members, key=lambda m: place[m[0]]))


def run_sets(low: int, high: int, suited: bool) -> SetSource:
    """Laid runs (straight: one suit; eight straight: any suits), both directions, wrapping."""

    def source(lay: Lay, hand: Sequence[Card], take_all: bool) -> Iterator[tuple[Member, ...]]:
        seen: set[tuple[Member, ...]] = set()
        suits: tuple[Suit | None, ...] = ELEMENT_SUITS if suited else (None,)
        top = min(high, 13, len(hand))
        if take_all and len(hand) > top:
            return  # no run is longer than 13 cards: none can use every card
        for suit in suits:
            options: dict[Rank, list[Member]] = {rank: [] for rank in _RANKS}
            for card in hand:  # hand order within each rank, as the walk expects
                for identity in identity_choices(card):
                    if identity.rank is not None and _covers(identity, suit, lay):
                        options[identity.rank].append((card, identity))
            # A Shaman is offered at every rank (as the card of the rank in this suit), a
            # real card at its own rank only: a rank with a real card is filled without one.
            real = {rank: any(not c.is_shaman for c, _ in members) for rank, members in options.items()}
            wild = frozenset(c for members in options.values() for c, _ in members if c.is_shaman)
            for start in range(13):
                for step in (1, -1):
                    for run in _runs(options, real, wild, start, step, low, top):
                        if (not take_all or len(run) == len(hand)) and run not in seen:
                            seen.add(run)
                            yield run

    return source


def _covers(identity: Card, suit: Suit | None, lay: Lay) -> bool:
    return suit is None or suit in play_suits(identity, lay.rules)


def _runs(
    options: dict[Rank, list[Member]],
    real: dict[Rank, bool],
    wild: frozenset[Card],
    start: int,
    step: int,
    shortest: int,
    longest: int,
) -> Iterator[tuple[Member, ...]]:
    """The runs of ``shortest..longest`` cards from rank ``start`` on, going ``step``
    (``real``: the ranks a real card is offered at; ``wild``: the Shamans, offered at every rank)."""
    # A run stops short where a rank has no card left for it; a prefix that cannot reach
    # ``shortest`` even with every card still free is not grown (with Shamans for every rank,
    # the short runs that die were most of a small hand's listing). A real card, offered at
    # its own rank only, cannot be used yet at a rank still ahead, since a run meets each
    # rank once; a Shaman may stand for any one of them.
    if longest < shortest:
        return  # too few cards for the shortest run
    places = [_RANKS[(start + step * k) % 13] for k in range(longest)]
    fixed = [real[rank] for rank in places]
    if fixed[:shortest].count(False) > len(wild):
        return  # the shortest run meets more ranks without a real card than there are Shamans

    def reach(length: int, used: frozenset[Card]) -> int:
        free = len(wild - used)
        while length < longest:
            if not fixed[length]:
                if not free:
                    break
                free -= 1
            length += 1
        return length

    def grow(run: tuple[Member, ...], used: frozenset[Card]) -> Iterator[tuple[Member, ...]]:
        if len(run) >= shortest:
            yield run
        elif reach(len(run), used) < shortest:
            return
        if len(run) == longest:
            return
        rank = places[len(run)]
        for card, identity in options[rank]:
            if card not in used:
                yield from grow((*run, (card, identity)), used | {card})

    for card, identity in options[places[0]]:
        yield from grow(((card, identity),), frozenset((card,)))


def mirror_sets(lay: Lay, hand: Sequence[Card], take_all: bool) -> Iterator[tuple[Member, ...]]:
    """Laid sequences with the previous play's ranks reversed (suits checked by the shape)."""
    ranks = [i.rank for i in reversed(lay.ctx.previous_play)]
    if len(ranks) < 2 or len(ranks) > len(hand) or (take_all and len(ranks) != len(hand)):
        return

    def grow(run: tuple[Member, ...], used: frozenset[Card]) -> Iterator[tuple[Member, ...]]:
        if len(run) == len(ranks):
            yield run
            return
        rank = ranks[len(run)]
        assert rank is not None
        for card in hand:
            if card not in used:
                for identity in _of_rank(card, rank):
                    yield from grow((*run, (card, identity)), used | {card})

    yield from grow((), frozenset())


def self_mirror_sets(lay: Lay, hand: Sequence[Card], take_all: bool) -> Iterator[tuple[Member, ...]]:
    """Two same-suited halves, the second the first's ranks reversed, laid in order."""
    seen: set[tuple[Member, ...]] = set()
    # Each suit's (card, identity) members once, in hand order, and grouped by rank for the
    # partner search (the order within a rank is the hand order, so the yields keep their order).
    of_suit = {
        suit: [(c, i) for c in hand for i in identity_choices(c) if suit in play_suits(i, lay.rules)]
        for suit in ELEMENT_SUITS
    }
    by_rank: dict[Suit, dict[Rank | None, list[Member]]] = {}
    for suit, members in of_suit.items():
        grouped: dict[Rank | None, list[Member]] = {}
        for member in members:
            grouped.setdefault(member[1].rank, []).append(member)
        by_rank[suit] = grouped
    if take_all and (len(hand) % 2 or len(hand) < 4):
        return  # a self mirror has an even number of cards, four or more: none uses every card
    for first_suit, second_suit in product(ELEMENT_SUITS, repeat=2):
        yield from _mirrored_pairs(of_suit[first_suit], by_rank[second_suit], hand, take_all, seen)


def _mirrored_pairs(
    firsts: list[Member],
    seconds: dict[Rank | None, list[Member]],
    hand: Sequence[Card],
    take_all: bool,
    seen: set[tuple[Member, ...]],
) -> Iterator[tuple[Member, ...]]:
    """Self mirrors from sequences of (first-half card, its same-rank partner) pairs."""
    size = len(hand)
    # A first-half member without any partner of its rank can never start or extend a pair.
    firsts = [a for a in firsts if any(b[0] != a[0] for b in seconds.get(a[1].rank, ()))]
    if take_all:
        # Every card must go into a pair, as a first half or as a second: a card that is
        # neither here rules these suits out. (Without this and the pairing test below, a
        # river listing walked every sequence of pairs of a big hand and yielded none.)
        placed = {a[0] for a in firsts} | {b[0] for partners in seconds.values() for b in partners}
        if any(card not in placed for card in hand):
            return

    def grow(pairs: tuple[tuple[Member, Member], ...], used: frozenset[Card]) -> Iterator[tuple[Member, ...]]:
        if len(pairs) >= 2 and (not take_all or 2 * len(pairs) == size):
            play = (*(a for a, _ in pairs), *(b for _, b in reversed(pairs)))
            if play not in seen:
                seen.add(play)
                yield play
        if 2 * len(pairs) + 2 > size:
            return
        if take_all and pairs:
            left = [card for card in hand if card not in used]
            if 2 * most_pairs(left, False) < len(left):
                return  # the cards left cannot all be paired by rank
        for a in firsts:
            if a[0] in used:
                continue
            for b in seconds[a[1].rank]:
                if b[0] not in used and b[0] != a[0]:
                    yield from grow((*pairs, (a, b)), used | {a[0], b[0]})

    yield from grow((), frozenset())
