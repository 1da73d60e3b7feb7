"""Broken states never crash the decoder: each is refused with problems, or is sound."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from rules_core.games.dabong import GAME
from rules_core.kernel import Action, StateInvalid

JUNK: tuple[Any, ...] = (None, True, -1, 0, 3, 99, 2.5, "", "x", "SH1", "10W", [], ["AF"], {}, {"cards": 2})


def positions(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            out.extend(positions(value, (*path, key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out.extend(positions(value, (*path, i)))
    return out


def set_at(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return data


def sample_states() -> list[dict[str, Any]]:
    state = GAME.deal(seats=3, options=None, seed=4, deck_order=None)
    states = [GAME.state_to_json(state)]
    for _ in range(6):
        page = GAME.legal_actions(state, state.turn, limit=40)
        plays = [e.action for e in page.entries if e.action.type == "play"]
        action: Action = plays[0] if plays else page.entries[0].action
        state = GAME.resolve(state, action).state
        states.append(GAME.state_to_json(state))
    return states


def test_mutated_states_are_refused_or_sound() -> None:
    rng = random.Random(5)
    for base in sample_states():
        spots = positions(base)
        for _ in range(120):
            data = copy.deepcopy(base)
            for _ in range(rng.choice((1, 1, 2, 3))):
                data = set_at(data, rng.choice(positions(data)) if data is not None else (), rng.choice(JUNK))
                if not isinstance(data, dict):
                    break
            try:
                state = GAME.state_from_json(json.loads(json.dumps(data)))
            except StateInvalid as exc:
                assert exc.problems and all(
                    p.pointer == "" or p.pointer.startswith("/") for p in exc.problems
                )
                continue
            assert GAME.state_to_json(state) == data
        assert spots
