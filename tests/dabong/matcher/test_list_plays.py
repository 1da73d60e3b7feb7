"""Listing: exact totals, stable order, paging that never needs the earlier pages.

The oracle agreement covers hands of up to 8 cards; here the large hands
(26 cards with three Shamans, the whole deck) are held against ``check_play``,
which finds the same plays by its own search, and pages against each other.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from rules_core.games.dabong.matcher import MATCHER, match_rules
from rules_core.games.dabong.matcher_api import MatchRules
from rules_core.games.dabong.values import REAL_CARDS, SHAMANS
from rules_core.kernel import DABONG_55, Card, LegalEntry
from tests.dabong.matcher.helpers import BEGINNER, cards, entry_plays, free_span, pile


def big_hand(seed: int, size: int, top: str) -> tuple[Card, ...]:
    rng = random.Random(seed)
    rest = [c for c in REAL_CARDS if str(c) != top]
    return (*SHAMANS, *rng.sample(rest, size - 3))


def test_every_listed_entry_checks_legal_with_its_pattern_on_a_26_card_hand() -> None:
    ctx = pile("QE")
    hand = big_hand(1, 26, "QE")
    listing = MATCHER.list_plays(ctx, hand, BEGINNER, seat=2, limit=None)
    assert listing.total_entries == len(listing.entries) > 1000
    rng = random.Random(2)
    for entry in rng.sample(list(listing.entries), 300):
        assert entry.action.seat == 2
        for laid in rng.sample(entry_plays(entry, free_span(entry)), min(3, entry.orderings)):
            check = MATCHER.check_play(ctx, laid[0], entry.action.declare, BEGINNER)
            assert [r.identities for r in check.readings] == [laid[1]], entry
            assert check.readings[0].pattern in entry.patterns


def test_pages_join_up_to_the_whole_listing() -> None:
    ctx = pile("9W")
    hand = big_hand(3, 26, "9W")
    whole = MATCHER.list_plays(ctx, hand, BEGINNER, seat=0)
    joined: list[LegalEntry] = []
    offset: int | None = 0
    rng = random.Random(4)
    while offset is not None:
        page = MATCHER.list_plays(ctx, hand, BEGINNER, seat=0, offset=offset, limit=rng.randint(1, 400))
        assert (page.total_entries, page.total_plays) == (whole.total_entries, whole.total_plays)
        joined.extend(page.entries)
        offset = page.next_offset
    assert tuple(joined) == whole.entries


@pytest.mark.parametrize("top", ["2F", "8A", "KW", "AE"])
def test_a_page_deep_in_the_whole_deck_matches_its_neighbours(top: str) -> None:
    """The whole deck as a hand: a page far in is the tail of a page started a little earlier."""
    ctx = pile(top, "W" if top.startswith("8") else None)
    hand = tuple(c for c in DABONG_55.cards if str(c) != top)
    first = MATCHER.list_plays(ctx, hand, BEGINNER, seat=0, limit=10)
    middle = first.total_entries // 2
    page = MATCHER.list_plays(ctx, hand, BEGINNER, seat=0, offset=middle, limit=20)
    wider = MATCHER.list_plays(ctx, hand, BEGINNER, seat=0, offset=middle - 7, limit=27)
    assert page.entries == wider.entries[7:]
    assert page.next_offset == middle + 20
    last = MATCHER.list_plays(ctx, hand, BEGINNER, seat=0, offset=first.total_entries - 3, limit=10)
    assert len(last.entries) == 3 and last.next_offset is None
    assert sum(e.orderings for e in first.entries) <= first.total_plays


def test_an_offset_past_the_end_gives_an_empty_last_page() -> None:
    listing = MATCHER.list_plays(pile("5F"), cards("5W 6F"), BEGINNER, seat=0, offset=10, limit=5)
    assert listing.entries == () and listing.next_offset is None
    assert (listing.total_entries, listing.total_plays) == (2, 2)


def test_the_order_does_not_depend_on_the_order_of_the_hand() -> None:
    hand = big_hand(5, 12, "KF")
    one = MATCHER.list_plays(pile("KF"), hand, BEGINNER, seat=0)
    other = MATCHER.list_plays(pile("KF"), tuple(reversed(hand)), BEGINNER, seat=0)
    assert one == other


def test_grouped_entries_say_what_is_free() -> None:
    listing = MATCHER.list_plays(pile("10W"), cards("7F 2F AF"), BEGINNER, seat=0)
    assert listing.total_entries == 3 and listing.total_plays == 6
    assert [e.action.cards[-1] for e in listing.entries] == list(cards("AF 2F 7F"))
    assert all(e.orderings == 2 and e.note == "cards 1..2 in any order" for e in listing.entries)
    sub = MATCHER.list_plays(pile("3E"), cards("KA 3A 4A"), BEGINNER, seat=0)
    assert [(e.action.cards, e.orderings) for e in sub.entries if e.patterns == ("subtraction",)] == [
        (cards("KA 4A 3A"), 1),
        (cards("KA 3A 4A"), 1),
    ]


def test_a_top_eight_or_jack_is_listed_once_per_suit_to_name() -> None:
    listing = MATCHER.list_plays(pile("4A"), cards("8F JW"), BEGINNER, seat=0)
    named = [(str(e.action.cards[0]), e.action.suit and e.action.suit.value) for e in listing.entries]
    assert named == [("8F", "F"), ("8F", "W"), ("8F", "E"), ("8F", "A"), ("JW", "W"), ("JW", "A")]


def test_a_shaman_is_listed_once_per_identity_that_fits() -> None:
    listing = MATCHER.list_plays(pile("5F"), cards("SH2"), BEGINNER, seat=0)
    identities = {e.action.declare[0][1] for e in listing.entries}
    # 13 Fire cards, the other three 5s, three more 8s, and JE (Earth and Fire)
    assert len(identities) == 20
    # 11 other Fire cards and three 5s once; the four 8s once per suit; JF and JE per suit
    assert listing.total_entries == listing.total_plays == 11 + 3 + 4 * 4 + 2 * 2


def test_disabled_patterns_are_not_listed() -> None:
    rules = MatchRules(disabled=frozenset({"addition"}))
    listing = MATCHER.list_plays(pile("10W"), cards("7F 2F AF"), rules, seat=0)
    assert listing.total_entries == 0


def test_the_matcher_takes_match_rules_or_the_game_options() -> None:
    from rules_core.games.dabong.options import MASTER

    class Options:
        def match_rules(self) -> MatchRules:
            return BEGINNER

    @dataclass(frozen=True)
    class Switches:
        level: str = "intermediate"
        addition: bool = False
        eight_must_share_suit: bool = False

    assert match_rules(Options()) is BEGINNER
    assert match_rules(MASTER) == MatchRules(level="master")
    assert match_rules(Switches()) == MatchRules(
        level="intermediate", disabled=frozenset({"addition"}), eight_must_share_suit=False
    )
    with pytest.raises(TypeError):
        match_rules(object())


def test_a_bad_hand_or_page_is_refused() -> None:
    with pytest.raises(ValueError):
        MATCHER.list_plays(pile("5F"), cards("5W 5W"), BEGINNER, seat=0)
    with pytest.raises(ValueError):
        MATCHER.list_plays(pile("5F"), cards("5S"), BEGINNER, seat=0)
    with pytest.raises(ValueError):
        MATCHER.list_plays(pile("5F"), cards("5W"), BEGINNER, seat=0, offset=-1)


def test_a_set_sharing_two_suits_is_counted_once() -> None:
    """With 8s wild inside plays, JW - 8F = 2 shares Water and Air: one set, not two."""
    from tests.dabong.oracle import oracle_plays

    loose = MatchRules(eight_must_share_suit=False)
    ctx, hand = pile("2F"), cards("JW 8F SH1")
    listing = MATCHER.list_plays(ctx, hand, loose, seat=0)
    assert listing.total_plays == len(oracle_plays(ctx, hand, loose))
    plain = MATCHER.list_plays(ctx, cards("JW 8F"), loose, seat=0)
    subtractions = [e for e in plain.entries if e.patterns == ("subtraction",)]
    assert [e.action.cards for e in subtractions] == [cards("JW 8F")] * 4


def test_a_page_builds_hardly_more_entries_than_it_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Paging skips whole subtrees by their counts: a page deep in the whole deck builds
    its own entries, and at most the skipped part of one card set's entries before it."""
    from rules_core.games.dabong.patterns import single, sums

    built = []

    def counting(**fields: object) -> LegalEntry:
        built.append(1)
        return LegalEntry(**fields)  # type: ignore[arg-type]

    monkeypatch.setattr(sums, "LegalEntry", counting)
    monkeypatch.setattr(single, "LegalEntry", counting)
    hand = tuple(c for c in DABONG_55.cards if str(c) != "AE")
    total = MATCHER.list_plays(pile("AE"), hand, BEGINNER, seat=0, limit=0).total_entries
    assert total > 10_000 and not built
    page = MATCHER.list_plays(pile("AE"), hand, BEGINNER, seat=0, offset=total // 2, limit=5)
    assert len(page.entries) == 5
    assert len(built) < 5 + 4 * 15


def test_a_counted_intermediate_listing_pages_join_and_checks_legal() -> None:
    """Ten cards with two Shamans at Intermediate (once over the budget): the counted blocks
    page like the rest, and every sampled entry is legal under its pattern."""
    rules = MatchRules(level="intermediate")
    ctx = pile("9W")
    hand = big_hand(3, 12, "9W")[1:]  # two Shamans and nine real cards
    whole = MATCHER.list_plays(ctx, hand, rules, seat=0)
    assert whole.total_entries == len(whole.entries) > 1000
    assert whole.total_plays == sum(e.orderings for e in whole.entries)
    joined: list[LegalEntry] = []
    offset: int | None = 0
    rng = random.Random(6)
    while offset is not None:
        page = MATCHER.list_plays(ctx, hand, rules, seat=0, offset=offset, limit=rng.randint(300, 3000))
        assert (page.total_entries, page.total_plays) == (whole.total_entries, whole.total_plays)
        joined.extend(page.entries)
        offset = page.next_offset
    assert tuple(joined) == whole.entries
    for entry in rng.sample(list(whole.entries), 60):
        laid = rng.choice(entry_plays(entry, free_span(entry)))
        check = MATCHER.check_play(ctx, laid[0], entry.action.declare, rules)
        assert entry.patterns[0] in {r.pattern for r in check.readings}, entry
