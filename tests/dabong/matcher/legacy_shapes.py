"""The per-pattern shape predicates as they were before issue #32 derived the check from the
specs (``patterns/specs.py``), kept verbatim as the "old" side of the differential test
(``test_specs.py``): the derived check must give the same verdict and reason code.

Test code only; the helpers they read (``first_ok``, ``common_suits`` ...) are the matcher's.
"""

from __future__ import annotations

from rules_core.games.dabong.patterns.shapes import (
    Lay,
    Shape,
    common_suits,
    eight_banned,
    first_ok,
    is_run,
    rank_counts,
    shares,
    twenty_one,
)
from rules_core.games.dabong.values import in_play_value
from rules_core.kernel import Card, Rank


def _first(ids: tuple[Card, ...], lay: Lay) -> str | None:
    return None if first_ok(ids[0], lay) else "first_card_does_not_follow"


def _mixed(ids: tuple[Card, ...], lay: Lay, shape_ok: bool, code: str) -> str | None:
    """The tail every mixed-suit shape shares: its structure, the 8 ban, the first card."""
    if not shape_ok:
        return code
    if eight_banned(ids, lay.rules):
        return "eight_must_share_suit"
    return _first(ids, lay)


def clone(ids: tuple[Card, ...], lay: Lay) -> str | None:
    same = all(i.rank is lay.ctx.top.rank for i in ids)
    if not same:
        return "clone_rank_differs"
    if eight_banned(ids, lay.rules):
        return "eight_must_share_suit"
    return _first(ids, lay) if lay.neutral else None


def twenty_one_shape(ids: tuple[Card, ...], lay: Lay) -> str | None:
    if not common_suits(ids, lay.rules):
        return "twenty_one_suits_differ"
    if not twenty_one(ids):
        return "twenty_one_wrong_total"
    return _first(ids, lay)


def straight(ids: tuple[Card, ...], lay: Lay) -> str | None:
    if not common_suits(ids, lay.rules):
        return "straight_suits_differ"
    if not is_run(ids):
        return "straight_not_in_sequence"
    return _first(ids, lay)


def full_house(ids: tuple[Card, ...], lay: Lay) -> str | None:
    return _mixed(ids, lay, rank_counts(ids) == [2, 3], "full_house_shape")


def flush(ids: tuple[Card, ...], lay: Lay) -> str | None:
    if not common_suits(ids, lay.rules):
        return "flush_suits_differ"
    return _first(ids, lay)


def three_by_three(ids: tuple[Card, ...], lay: Lay) -> str | None:
    counts = rank_counts(ids)
    return _mixed(ids, lay, len(counts) >= 3 and set(counts) == {3}, "three_by_three_shape")


def eight_straight(ids: tuple[Card, ...], lay: Lay) -> str | None:
    return _mixed(ids, lay, is_run(ids), "eight_straight_not_in_sequence")


def heaven(ids: tuple[Card, ...], lay: Lay) -> str | None:
    return _mixed(ids, lay, all(i.rank is Rank.SEVEN for i in ids), "heaven_needs_three_sevens")


def hell(ids: tuple[Card, ...], lay: Lay) -> str | None:
    return _mixed(ids, lay, all(i.rank is Rank.SIX for i in ids), "hell_needs_three_sixes")


def four_of_a_kind(ids: tuple[Card, ...], lay: Lay) -> str | None:
    return _mixed(ids, lay, len(rank_counts(ids)) == 1, "four_of_a_kind_ranks_differ")


def four_pair(ids: tuple[Card, ...], lay: Lay) -> str | None:
    counts = rank_counts(ids)
    return _mixed(ids, lay, len(counts) >= 4 and set(counts) == {2}, "four_pair_shape")


def self_mirror(ids: tuple[Card, ...], lay: Lay) -> str | None:
    half = len(ids) // 2
    if len(ids) % 2:
        return "self_mirror_shape"
    first, second = ids[:half], ids[half:]
    mirrored = all(a.rank is b.rank for a, b in zip(first, reversed(second), strict=True))
    suited = bool(common_suits(first, lay.rules)) and bool(common_suits(second, lay.rules))
    return _mixed(ids, lay, mirrored and suited, "self_mirror_shape")


def mirror(ids: tuple[Card, ...], lay: Lay) -> str | None:
    before = lay.ctx.previous_play
    if len(before) != len(ids):
        return "mirror_length_differs"
    back = tuple(reversed(before))
    if any(a.rank is not b.rank for a, b in zip(ids, back, strict=True)):
        return "mirror_ranks_differ"
    rules = lay.rules
    for i in range(len(ids)):
        for j in range(i + 1, len(ids)):
            if shares(ids[i], ids[j], rules) != shares(back[i], back[j], rules):
                return "mirror_suit_pattern_broken"
    if rules.eight_must_share_suit:
        for i, identity in enumerate(ids):
            if identity.rank is Rank.EIGHT and not all(
                shares(identity, other, rules) for j, other in enumerate(ids) if j != i
            ):
                return "eight_must_share_suit"
    return _first(ids, lay) if lay.neutral else None


def addition(ids: tuple[Card, ...], lay: Lay) -> str | None:
    """The Beginner addition, for the listings the DP does not cover (river, neutralising)."""
    if not common_suits(ids, lay.rules):
        return "addition_suits_differ"
    if sum(in_play_value(i) for i in ids) != lay.ctx.pile_value:
        return "addition_wrong_total"
    return _first(ids, lay) if lay.neutral else None


def subtraction(ids: tuple[Card, ...], lay: Lay) -> str | None:
    """The Beginner subtraction (values are positive, so a right total has the biggest first)."""
    if not common_suits(ids, lay.rules):
        return "subtraction_suits_differ"
    values = [in_play_value(i) for i in ids]
    if values[0] - sum(values[1:]) != lay.ctx.pile_value:
        return "subtraction_wrong_total"
    return _first(ids, lay) if lay.neutral else None


def single_of_value(ids: tuple[Card, ...], lay: Lay) -> str | None:
    """Master: one card whose in-play value is the accumulated count (any suit, any rank)."""
    if lay.neutral <= 2 or in_play_value(ids[0]) != lay.neutral:
        return "twos_not_neutralized"
    return None


def ace_and_shaman(ids: tuple[Card, ...], lay: Lay) -> str | None:
    """Master: two same-suited Aces (so one is a Shaman) adding up to a single 2's value."""
    if all(i.rank is Rank.ACE for i in ids) and common_suits(ids, lay.rules):
        return None
    return "twos_not_neutralized"


def only_twos(ids: tuple[Card, ...], lay: Lay) -> str | None:
    return None if all(i.rank is Rank.TWO for i in ids) else "twos_add_on_only"


#: Shape unit (registry variable name) -> its old predicate.
OLD_SHAPES: dict[str, Shape] = {
    "CLONE": clone,
    "TWENTY_ONE": twenty_one_shape,
    "FULL_HOUSE": full_house,
    "FLUSH": flush,
    "THREE_BY_THREE": three_by_three,
    "HEAVEN": heaven,
    "HELL": hell,
    "FOUR_OF_A_KIND": four_of_a_kind,
    "FOUR_PAIR": four_pair,
    "STRAIGHT": straight,
    "EIGHT_STRAIGHT": eight_straight,
    "MIRROR": mirror,
    "SELF_MIRROR": self_mirror,
    "TWOS_ADD_ON": only_twos,
    "ADDITION_TWIN": addition,
    "SUBTRACTION_TWIN": subtraction,
    "SINGLE_OF_VALUE": single_of_value,
    "ACE_AND_SHAMAN": ace_and_shaman,
}

#: The reason table as it was (code -> (message, rule id)).
OLD_SHAPE_REASONS: dict[str, tuple[str, str]] = {
    "clone_rank_differs": ("a clone is cards of the top card's rank", "dabong.clone"),
    "twenty_one_suits_differ": ("a twenty-one needs cards of one suit", "dabong.twenty_one"),
    "twenty_one_wrong_total": ("a twenty-one must add up to 21 (Aces 1 or 11)", "dabong.twenty_one"),
    "straight_suits_differ": ("a straight needs cards of one suit", "dabong.straight"),
    "straight_not_in_sequence": (
        "a straight is laid strictly ascending or strictly descending",
        "dabong.straight",
    ),
    "full_house_shape": ("a full house is one pair and one three of a kind", "dabong.full_house"),
    "flush_suits_differ": ("a flush needs five or more cards of one suit", "dabong.flush"),
    "three_by_three_shape": (
        "a three by three is three or more three-of-a-kind sets of different ranks",
        "dabong.three_by_three",
    ),
    "eight_straight_not_in_sequence": (
        "an eight straight is laid strictly ascending or strictly descending",
        "dabong.eight_straight",
    ),
    "heaven_needs_three_sevens": ("heaven is three 7s", "dabong.heaven"),
    "hell_needs_three_sixes": ("hell is three 6s", "dabong.hell"),
    "four_of_a_kind_ranks_differ": (
        "four of a kind is four or more cards of one rank",
        "dabong.four_of_a_kind",
    ),
    "four_pair_shape": ("four pair is four or more pairs of different ranks", "dabong.four_pair"),
    "self_mirror_shape": (
        "a self mirror is two same-suited halves, the second mirroring the first's ranks",
        "dabong.self_mirror",
    ),
    "mirror_length_differs": ("a mirror has as many cards as the previous play", "dabong.mirror"),
    "mirror_ranks_differ": ("a mirror lays the previous play's ranks in reverse order", "dabong.mirror"),
    "mirror_suit_pattern_broken": ("a mirror keeps the previous play's suit pattern", "dabong.mirror"),
    "eight_must_share_suit": ("an 8 inside a multi-card play must share the others' suit", "dabong.eight"),
    "addition_suits_differ": ("an addition needs cards of one suit", "dabong.addition"),
    "addition_wrong_total": ("an addition must add up to the top card's value", "dabong.addition"),
    "subtraction_suits_differ": ("a subtraction needs cards of one suit", "dabong.subtraction"),
    "subtraction_wrong_total": ("a subtraction must come to the top card's value", "dabong.subtraction"),
    "twos_add_on_only": (
        "facing pending 2s the only play here is an add-on: 2s only (Shamans as 2s)",
        "dabong.twos_add_on",
    ),
    "twos_not_neutralized": (
        "pending 2s are neutralised only by a card of the accumulated value or a play starting "
        "with a 2 or with such a card (a single 2 adds on)",
        "dabong.twos_neutralization",
    ),
    "twos_beyond_ten": (
        "facing six or more 2s nothing adds on or neutralises: the cards are picked up",
        "dabong.twos_neutralization",
    ),
    "twos_only_twos_add_on": ("a play of 2s only is an add-on, not a neutralisation", "dabong.twos_add_on"),
    "river_only_in_winning_play": (
        "the river card may only be used in a play that empties the hand",
        "dabong.river",
    ),
    "river_not_in_use": ("there is no river card to use under these rules", "dabong.river"),
}
