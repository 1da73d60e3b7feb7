"""The end-of-hand clubs slide: who takes which hit (rules 99.clubs.*)."""

from __future__ import annotations

from rules_core.games.ninety_nine import Hit, HitKind, NinetyNineOptions
from rules_core.games.ninety_nine.clubs import settle_hits
from rules_core.games.ninety_nine.effects import HitSlid
from rules_core.kernel import parse_cards


def hands(*held: str) -> tuple:  # type: ignore[type-arg]
    """Four cards per seat: the clubs given (space-separated per seat) padded with hearts and spades."""
    filler = iter(["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH", "2S", "3S"])
    out = []
    for seat in held:
        cards = seat.split()
        while len(cards) < 4:
            cards.append(next(filler))
        out.append(parse_cards(cards))
    return tuple(out)


def summary(hits):  # type: ignore[no-untyped-def]
    return [(h.kind.value, h.seat, [str(c) for c in h.via]) for h in hits]


def test_99_clubs_keep_nobody_holds_the_ace_the_winner_keeps_the_hit() -> None:
    hits, effects = settle_hits(hands("KC QC", "", ""), 0, NinetyNineOptions())
    assert hits == (Hit(kind=HitKind.WIN, seat=0),)
    assert [e.name for e in effects] == ["HitAwarded"] and effects[0].rule_id == "99.clubs.keep"


def test_99_clubs_steal_an_eliminated_ace_of_clubs_steals_the_hit() -> None:
    hits, effects = settle_hits(hands("", "AC", ""), 0, NinetyNineOptions())
    assert summary(hits) == [("win", 1, ["AC"])]
    assert [(e.name, getattr(e, "seat", None)) for e in effects] == [("HitStolen", 1), ("HitAwarded", 1)]


def test_99_clubs_slide_follows_the_unbroken_chain_through_anyone_winner_included() -> None:
    # AC seat 1 -> KC seat 2 -> QC seat 0 (the winner) -> JC seat 2; nobody holds 10C: stops at seat 2
    hits, effects = settle_hits(hands("QC 9C", "AC", "KC JC"), 0, NinetyNineOptions())
    assert summary(hits) == [("win", 2, ["AC", "KC", "QC", "JC"])]
    slides = [(e.from_seat, e.seat, str(e.card)) for e in effects if isinstance(e, HitSlid)]
    assert slides == [(1, 2, "KC"), (2, 0, "QC"), (0, 2, "JC")]


def test_99_clubs_slide_back_to_the_winner_gives_it_back() -> None:
    hits, _ = settle_hits(hands("KC", "AC", ""), 0, NinetyNineOptions())
    assert summary(hits) == [("win", 0, ["AC", "KC"])]


def test_99_clubs_slide_runs_all_the_way_to_the_two() -> None:
    hits, _ = settle_hits(hands("KC QC JC 10C", "9C 8C 7C 6C", "5C 4C 3C 2C", "AC"), 1, NinetyNineOptions())
    assert hits[0].seat == 2 and len(hits[0].via) == 13


def test_99_clubs_bonus_winner_with_the_ace_keeps_the_hit_and_a_bonus_slides_from_the_king() -> None:
    hits, effects = settle_hits(hands("AC", "KC", "QC"), 0, NinetyNineOptions())
    assert summary(hits) == [("win", 0, []), ("bonus", 2, ["AC", "KC", "QC"])]
    assert [e.name for e in effects] == ["BonusHitCreated", "HitSlid", "HitSlid", "HitAwarded", "HitAwarded"]


def test_99_clubs_bonus_nobody_has_the_king_the_winner_takes_both_hits() -> None:
    hits, _ = settle_hits(hands("AC QC", "JC", ""), 0, NinetyNineOptions())
    assert [(h.kind.value, h.seat) for h in hits] == [("win", 0), ("bonus", 0)]


def test_99_clubs_slide_option_off_the_winner_keeps_one_hit() -> None:
    hits, _ = settle_hits(hands("AC", "KC", ""), 1, NinetyNineOptions(clubs_slide=False))
    assert hits == (Hit(kind=HitKind.WIN, seat=1),)
