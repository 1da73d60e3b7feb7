"""Views written from the declarations against the hand-written views they replaced."""

from __future__ import annotations

import json

import pytest

from rules_core.games.dobon import GAME as DOBON
from rules_core.games.ninety_nine import GAME as NINETY_NINE
from rules_core.kernel import Game
from tests.fuzz.reachable import PLAYERS, playout
from tests.wire.legacy import dobon_codec, ninety_nine_codec


@pytest.mark.parametrize(
    ("game", "old_view"), [(NINETY_NINE, ninety_nine_codec.view), (DOBON, dobon_codec.view)]
)
def test_declared_views_equal_the_hand_written_ones(game: Game, old_view) -> None:  # type: ignore[no-untyped-def, type-arg]
    compared = 0
    for preset in game.presets:
        for seats in range(game.min_seats, game.max_seats + 1):
            players = tuple(PLAYERS[i % len(PLAYERS)] for i in range(seats))
            for data in playout(game.name, preset, seats, 1, players).states:
                state = game.state_from_json(data)
                for seat in range(seats):
                    new = game.view(state, seat)
                    assert json.dumps(new, sort_keys=True) == json.dumps(
                        old_view(state, seat), sort_keys=True
                    )
                    compared += 1
    assert compared > 500
