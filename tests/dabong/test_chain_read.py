"""A take-back chain read from its innermost state up answers exactly as the full read.

``StateDecoder.decode`` replays a chain's plays from the innermost state up and only
compares each state above with its JSON; at the first difference it falls back on the
full read (every state read and checked, every play replayed, top down). These tests
hold the two to the same answer: the same state for every chain a random game leaves,
and the same state or the same problems, in the same order, for chains altered field by
field (types included: ``true`` for ``1``, ``2.0`` for ``2``).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from rules_core.games.dabong import GAME
from rules_core.games.dabong.state import DabongState
from rules_core.games.dabong.state_json import StateDecoder
from rules_core.kernel import JsonReader, Problem, StateInvalid


def _chain_states(level: str, seeds: range) -> list[DabongState]:
    """Every state with a take-back that seeded random games pass through."""
    options = GAME.options_for(level, {"trading": False}, "/options")
    found = []
    for seed in seeds:
        rng = random.Random(f"chain/{level}/{seed}")
        state = GAME.deal(seats=2 + seed % 4, options=options, seed=seed, deck_order=None)
        for _ in range(400):
            if GAME.is_over(state):
                break
            page = GAME.legal_actions(state, limit=1)
            pick = rng.randrange(page.total_entries)
            action = GAME.legal_actions(state, offset=pick, limit=1).entries[0].action
            state = GAME.resolve(state, action).state
            if state.take_back is not None:
                found.append(state)
    return found


def _full_read(data: Any) -> DabongState | list[Problem]:
    reader = JsonReader()
    state = StateDecoder(reader, GAME.action_from_json, GAME._replay).read_in_full(data, "")
    return reader.problems if reader.problems or state is None else state


def _read(data: Any) -> DabongState | list[Problem]:
    try:
        return GAME.state_from_json(data)
    except StateInvalid as exc:
        return list(exc.problems)


def _depth(state: DabongState) -> int:
    return 0 if state.take_back is None else 1 + _depth(state.take_back.before)


@pytest.fixture(scope="module")
def chains() -> list[DabongState]:
    states = [s for level in ("beginner", "intermediate", "master") for s in _chain_states(level, range(6))]
    assert len(states) > 100 and max(map(_depth, states)) >= 3
    return states


def test_every_chain_of_a_random_game_is_read_up_from_its_innermost_state(chains: list[DabongState]) -> None:
    for state in chains:
        data = GAME.state_to_json(state)
        reader = JsonReader()
        decoder = StateDecoder(reader, GAME.action_from_json, GAME._replay)
        # The replayed read accepts it by itself: the full read is not what answered.
        assert decoder._replayed_chain(data) == state
        assert _read(data) == state == _full_read(data)
        assert not reader.problems


def _changes(value: Any) -> list[Any]:
    """Values a client might send instead of ``value``."""
    if isinstance(value, bool):
        return [int(value), not value, None]
    if isinstance(value, int):
        return [value + 1, value - 1, float(value), bool(value), str(value)]
    if isinstance(value, str):
        return ["3W" if value != "3W" else "4W", value.lower(), None, 1]
    if value is None:
        return [0, False, "", {}]
    if isinstance(value, list):
        out: list[Any] = [value[:-1], [*value, value[0]] if value else [1], list(reversed(value))]
        for i, item in enumerate(value):
            out += [[*value[:i], change, *value[i + 1 :]] for change in _changes(item)[:2]]
        return out
    if isinstance(value, dict):
        out = [{**value, "extra": 1}]
        for key, item in value.items():
            out.append({k: v for k, v in value.items() if k != key})
            out += [{**value, key: change} for change in _changes(item)[:3]]
        return out
    raise AssertionError(f"unexpected JSON value {value!r}")


def _some(rng: random.Random, items: list[Any], k: int) -> list[Any]:
    return rng.sample(items, min(k, len(items)))


def _altered(data: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """Copies of ``data`` with one field of one state of its chain changed (never the innermost
    state alone: that one is read in full either way)."""
    levels = []
    level = data
    while isinstance(level.get("take_back"), dict):
        levels.append(level)
        level = level["take_back"]["before"]
    out = []
    for depth, level in enumerate(levels):
        keys = [k for k in level if k != "take_back"]
        for key in [*_some(rng, keys, 8), "move"]:
            for change in _some(rng, _changes(level[key]), 2):
                copied = copy.deepcopy(data)
                target = copied
                for _ in range(depth):
                    target = target["take_back"]["before"]
                target[key] = change
                out.append(copied)
        take_back = level["take_back"]
        new_take_backs = [{**take_back, "action": c} for c in _some(rng, _changes(take_back["action"]), 3)]
        for change in [*new_take_backs, {**take_back, "extra": 1}]:
            copied = copy.deepcopy(data)
            target = copied
            for _ in range(depth):
                target = target["take_back"]["before"]
            target["take_back"] = change
            out.append(copied)
    return out


def test_an_altered_chain_is_answered_as_the_full_read_answers_it(chains: list[DabongState]) -> None:
    rng = random.Random("altered chains")
    refused = accepted = 0
    for state in rng.sample(chains, 40):
        for data in _altered(GAME.state_to_json(state), rng):
            answer = _read(data)
            assert answer == _full_read(data)
            refused += isinstance(answer, list)
            accepted += not isinstance(answer, list)
    # Most changes make an impossible state; a few (a later move number) leave a sound one.
    assert refused > 1000 and accepted > 20


def _every_level(data: dict[str, Any]) -> list[dict[str, Any]]:
    levels = [data]
    while isinstance(levels[-1].get("take_back"), dict):
        levels.append(levels[-1]["take_back"]["before"])
    return levels


def test_a_chain_that_replays_but_may_not_be_taken_back_is_refused_as_the_full_read_refuses_it(
    chains: list[DabongState],
) -> None:
    """Replayed and compared, these chains match their JSON, yet no play of them can be taken back:
    unwinding is off at every level, the take-back is not of a play, or the play won the game."""
    cases = []
    for state in chains[:60]:
        data = GAME.state_to_json(state)
        no_unwinding = copy.deepcopy(data)
        for level in _every_level(no_unwinding):
            level["options"]["unwinding"] = False
        cases.append(no_unwinding)
        seat = state.take_back.action.seat
        for kind in ("draw", "pass", "ask_card_count", "announce_one_card"):
            other = copy.deepcopy(data)
            other["take_back"]["action"] = {"type": kind, "seat": seat}
            cases.append(other)
    forged = 0
    for state in chains[:60]:
        # A take-back written onto what another action leads to (so that the replay matches).
        before = state.take_back.before
        for entry in GAME.legal_actions(before, limit=400).entries:
            outcome = GAME.resolve(before, entry.action)
            if entry.action.type != "play" and outcome.state is not None:
                data = GAME.state_to_json(outcome.state)
                data["take_back"] = {"action": entry.action.to_json(), "before": GAME.state_to_json(before)}
                cases.append(data)
                forged += 1
    assert forged >= 60
    won = 0
    for state in chains:
        for entry in GAME.legal_actions(state, seat=state.turn, limit=50).entries:
            outcome = GAME.resolve(state, entry.action)
            if entry.action.type == "play" and outcome.state is not None and GAME.is_over(outcome.state):
                data = GAME.state_to_json(outcome.state)
                data["take_back"] = {"action": entry.action.to_json(), "before": GAME.state_to_json(state)}
                cases.append(data)
                won += 1
                break
    assert won >= 5
    for data in cases:
        answer = _read(data)
        assert isinstance(answer, list) and answer == _full_read(data)


def test_options_repeated_down_a_chain_are_read_again_when_their_types_differ(
    chains: list[DabongState],
) -> None:
    """The full read reuses the options it read above for a state below that repeats them, but
    only when they are the same JSON type for type: ``1`` is not ``true``, ``8.0`` not ``8``."""
    state = next(s for s in chains if _depth(s) >= 2)
    for name, value in (("unwinding", 1), ("hand_size", float(state.options.hand_size))):
        data = GAME.state_to_json(state)
        data["take_back"]["before"]["options"][name] = value
        answer = _read(data)
        assert isinstance(answer, list) and answer == _full_read(data)
        assert f"/take_back/before/options/{name}" in {p.pointer for p in answer}
