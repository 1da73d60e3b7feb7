"""Seeded random playouts of 99 over 2..8 seats and every preset (see tests/playouts.py).

The suite plays 30 seeds x 7 table sizes of the standard game and 8 x 7 of each other
preset. A long run: ``NINETY_NINE_SEEDS=2000 .venv/bin/python -m pytest tests/ninety_nine/test_playouts.py``.
"""

from __future__ import annotations

import os

import pytest

from rules_core.games.ninety_nine import GAME, PRESETS
from tests.playouts import run_playouts


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_playouts_keep_every_invariant(preset: str) -> None:
    wanted = int(os.environ.get("NINETY_NINE_SEEDS", "0"))
    seeds = range(wanted or (30 if preset == "standard" else 8))
    report = run_playouts(GAME, seeds=seeds, seats=range(2, 9), options=PRESETS[preset])
    assert report.games == len(seeds) * 7
    assert report.longest < GAME.max_actions
    assert report.resamples_compared > 0
    # every seat wins some game: the playouts reach the ends of the hand from every side
    assert set(report.winners) == set(range(8))
