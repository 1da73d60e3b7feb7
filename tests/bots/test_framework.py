"""The bot framework: seeded choices, Wilson intervals, worlds consistent with a view."""

from __future__ import annotations

import random

import pytest

from rules_core.bots import choose_seeded, sample_world, wilson_interval
from rules_core.kernel import STANDARD_52, parse_card


def test_choose_seeded_is_reproducible() -> None:
    options = list(range(20))
    assert choose_seeded(options, seed=5, salt="a") == choose_seeded(options, seed=5, salt="a")
    picks = {choose_seeded(options, seed=s, salt="a") for s in range(50)}
    assert len(picks) > 5


def test_wilson_interval_brackets_the_rate() -> None:
    lo, hi = wilson_interval(600, 1000)
    assert lo < 0.6 < hi and hi - lo < 0.07
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_sample_world_fills_hidden_zones_with_unseen_cards() -> None:
    mine = ["QS", "AD", "2C", "3H"]
    pile = ["5S", "6S"]
    view = {
        "viewer": 0,
        "hands": [mine, {"count": 4}, {"count": 4}],
        "draw_pile": {"count": 38},
        "play_pile": pile,
    }
    visible = [parse_card(c) for c in mine + pile]
    world = sample_world(view, STANDARD_52, visible, random.Random(1))
    assert "viewer" not in world and isinstance(world["seed"], int)
    assert world["hands"][0] == mine and world["play_pile"] == pile
    everything = [c for h in world["hands"] for c in h] + world["draw_pile"] + pile
    assert sorted(everything) == sorted(str(c) for c in STANDARD_52.cards)
    assert sample_world(view, STANDARD_52, visible, random.Random(1)) == world


def test_sample_world_rejects_an_inconsistent_view() -> None:
    view = {"hands": [["QS"], {"count": 60}], "draw_pile": {"count": 0}}
    with pytest.raises(ValueError, match="hides"):
        sample_world(view, STANDARD_52, [parse_card("QS")], random.Random(0))
