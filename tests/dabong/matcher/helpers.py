"""Shared test helpers: piles, hands, and a listing expanded into ordered plays."""

from __future__ import annotations

import random
from itertools import permutations

from rules_core.games.dabong.matcher import MATCHER
from rules_core.games.dabong.matcher_api import MatchRules, PileContext, PlayListing
from rules_core.games.dabong.values import REAL_CARDS, SHAMANS, card_suits, pile_value
from rules_core.kernel import DABONG_55, Card, LegalEntry, Rank, Suit, parse_card, parse_cards
from tests.dabong.oracle import Play

BEGINNER = MatchRules()


def pile(top: str, suit: str | None = None) -> PileContext:
    """A pile whose top identity is ``top``; ``suit``: the suit named on a top 8 or Jack."""
    card = parse_card(top)
    active = frozenset({Suit(suit)}) if suit else card_suits(card)
    return PileContext(top=card, active_suits=active, pile_value=pile_value(card))


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def declare(text: str) -> tuple[tuple[Card, Card], ...]:
    """``"SH1=5W SH2=8F"`` -> declaration pairs."""
    pairs = (item.split("=") for item in text.split())
    return tuple((parse_card(a), parse_card(b)) for a, b in pairs)


def entry_plays(entry: LegalEntry, pattern_free: tuple[int, int]) -> list[Play]:
    """The ordered plays one listing entry stands for (its free middle permuted)."""
    laid = entry.action.cards
    ids = dict(entry.action.declare)
    start, stop = pattern_free
    stop = len(laid) + stop
    out = []
    for middle in permutations(laid[start:stop]):
        order = (*laid[:start], *middle, *laid[stop:])
        out.append((order, tuple(ids.get(c, c) for c in order), entry.action.suit))
    return out


#: Patterns whose entries leave every card but the top free (any order).
ANY_ORDER = frozenset({"addition", "clone", "twos_add_on", "shaman_neutralization"})
#: Patterns whose order is the play itself (one entry per laid order).
SEQUENCES = frozenset({"single", "straight", "eight_straight", "mirror", "self_mirror"})


def free_span(entry: LegalEntry) -> tuple[int, int]:
    """Where the free cards of an entry are: all but the top (addition, clone, add-on), none
    (single, runs, mirrors), else the middle (subtraction and every first-card pattern)."""
    label = entry.patterns
    fixed = (0, -len(entry.action.cards))  # nothing free
    if label[0] == "twos_neutralization":
        return fixed if label[1] in SEQUENCES else (1, -1)
    if label[0] in ANY_ORDER:
        return (0, -1)
    if label[0] in SEQUENCES:
        return fixed
    return (1, -1)


def expand(listing: PlayListing) -> list[Play]:
    out: list[Play] = []
    for entry in listing.entries:
        plays = entry_plays(entry, free_span(entry))
        assert len(plays) == entry.orderings, entry
        out.extend(plays)
    return out


def full_listing(ctx: PileContext, hand: tuple[Card, ...], rules: MatchRules = BEGINNER) -> PlayListing:
    return MATCHER.list_plays(ctx, hand, rules, seat=0)


def random_table(rng: random.Random, max_hand: int = 8) -> tuple[PileContext, tuple[Card, ...]]:
    """A random top card (with a named suit on an 8 or Jack) and a hand rich in Jacks and Shamans."""
    shamans = rng.choice((0, 0, 1, 1, 1, 2, 3))
    size = rng.randint(max(1, shamans), max_hand)
    jacks = [c for c in REAL_CARDS if c.rank is Rank.JACK]
    pool = [c for c in DABONG_55.cards if not c.is_shaman]
    hand = list(rng.sample(SHAMANS, shamans))
    hand += rng.sample(jacks, min(size - len(hand), rng.randint(0, 2)))
    rest = [c for c in pool if c not in hand]
    hand += rng.sample(rest, size - len(hand))
    top = rng.choice([c for c in REAL_CARDS if c not in hand])
    if top.rank is Rank.EIGHT:
        ctx = pile(str(top), rng.choice("FWEA"))
    elif top.rank is Rank.JACK:
        ctx = pile(str(top), rng.choice(sorted(card_suits(top))).value)
    else:
        ctx = pile(str(top))
    return ctx, tuple(hand)
