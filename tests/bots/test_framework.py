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


def test_a_match_played_in_parts_equals_the_whole_match() -> None:
    from rules_core.bots import Level, merged, play_match
    from rules_core.games.ninety_nine import GAME
    from rules_core.games.ninety_nine.bot import BOT, winner_of

    levels = [Level.NORMAL, Level.EASY, Level.RANDOM]
    whole = play_match(GAME, BOT, levels, games=7, seed=4, winner_of=winner_of)
    parts = [
        play_match(GAME, BOT, levels, games=n, seed=4, winner_of=winner_of, first=first)
        for first, n in ((0, 3), (3, 1), (4, 3))
    ]
    assert merged(parts) == whole


def test_selfplay_jobs_give_the_serial_table(capsys: pytest.CaptureFixture[str]) -> None:
    from tools.selfplay import main

    def table(jobs: str) -> list[str]:
        args = ["--game", "99", "--seats", "2", "--levels", "normal,easy", "--games", "9", "--jobs", jobs]
        assert main(args) == 0
        lines = capsys.readouterr().out.splitlines()
        return [line for line in lines if line.startswith("|")] + lines[:1]

    assert table("2") == table("1")
