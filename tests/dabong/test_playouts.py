"""Random playouts at 2 to 5 seats holding the generic invariants (tests/playouts.py).

Trading is switched off here: its listing grows as 2^n x 2^m per pair of seats and the
checker resolves every listed action; trades are covered by their own tests and by
the listing/resolve agreement test on small hands.
"""

from __future__ import annotations

from dataclasses import replace

from rules_core.games.dabong import GAME
from tests.playouts import run_playouts

from .tables import unbounded_game


def test_random_playouts_beginner_all_seat_counts() -> None:
    options = replace(GAME.presets["beginner"], trading=False)
    report = run_playouts(unbounded_game(), seeds=range(1), seats=range(2, 6), options=options)
    assert report.games == 4 and report.actions > 0


def test_random_playouts_short_hands_points_scoring() -> None:
    """Small hands end quickly; points scoring runs a whole match of several games."""
    options = replace(
        GAME.presets["beginner"], trading=False, hand_size=2, scoring="points", points_target=40
    )
    report = run_playouts(GAME, seeds=range(2), seats=(2, 4), options=options)
    assert report.games == 4


def test_random_playouts_intermediate_with_river() -> None:
    """Intermediate at 2 to 5 seats: 2s add-ons, 4th-card passes, answers, the river in play."""
    options = replace(GAME.presets["intermediate"], trading=False, hand_size=4, deal_river=True)
    report = run_playouts(
        unbounded_game(), seeds=range(1), seats=range(2, 6), options=options, extra_zones=("river",)
    )
    assert report.games == 4 and report.actions > 0


def test_random_playouts_master_once_a_year_ledger() -> None:
    """Master at 2 to 5 seats, tennis scoring over several games with a year to claim once."""
    options = replace(
        GAME.presets["master"],
        trading=False,
        hand_size=3,
        scoring="tennis",
        games_per_set=1,
        sets_to_win=2,
        calendar_year=2026,
    )
    report = run_playouts(unbounded_game(), seeds=range(1), seats=range(2, 6), options=options)
    assert report.games == 4 and report.actions > 0
