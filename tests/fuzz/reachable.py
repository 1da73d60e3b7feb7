"""Reachable table states: seeded playouts of every game, preset and seat count.

A playout deals as ``POST /deal`` would (``seats``, ``seed``, ``preset``) and plays
with a seeded mix of players per seat: the game's bot at a level, or a uniform pick
among the seat's listed actions. Every state on the way is reachable, so the service
must accept each one back; the fuzzer mutates them to find the ones it must refuse.
Playouts are cached (Hypothesis draws the same few many times) and each step runs
under the CPU cap: a step that runs away is itself a finding for the service, and
here it only ends the playout (the state before it is kept, and marked hot).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules_core.bots import LEVELS, Level
from rules_core.games import REGISTRY
from rules_core.kernel import Action, Game, InvalidInput, WorkBudgetExceeded

from .cpu import CpuOver, cpu_cap_s, cpu_capped

#: Longest playout kept: long enough to reach game ends and later deals of a match.
MAX_STEPS = 400
#: Listed actions kept per state for the requests (the first page of the acting seat).
LISTED_KEPT = 40
#: Player kinds a seat may get; "random" picks uniformly among the listed actions.
PLAYERS: tuple[str, ...] = ("random", *(level.value for level in LEVELS))


def game_named(name: str) -> Game[Any]:
    game = REGISTRY.get(name)
    assert game is not None, name
    return game


@dataclass(frozen=True, slots=True)
class Playout:
    game: str
    preset: str
    seats: int
    seed: int
    players: tuple[str, ...]
    #: Options changed from the preset (name, value), as the deal body's ``options``.
    overrides: tuple[tuple[str, Any], ...]
    #: The ``POST /deal`` body that deals ``states[0]``.
    deal: dict[str, Any]
    #: ``actions[i]`` leads from ``states[i]`` to ``states[i + 1]`` (action JSON).
    actions: tuple[dict[str, Any], ...]
    states: tuple[dict[str, Any], ...]
    #: Per state, some actions listed for the seat that acts (empty when none were listed).
    listed: tuple[tuple[dict[str, Any], ...], ...]
    #: Indexes of states worth more draws: pending penalties and answer windows, the
    #: states just before an end, states whose listing ran into a budget.
    hot: tuple[int, ...]
    #: Indexes of the states whose action ended a game (or changed its phase): a win, mostly.
    ends: tuple[int, ...] = ()


def _acting_seat(game: Game[Any], state: Any, rng: random.Random) -> int | None:
    seats = game.to_act(state)
    if not seats:
        return None
    turn = getattr(state, "turn", None)
    return turn if turn in seats else rng.choice(seats)


def _choose(
    game: Game[Any], state: Any, seat: int, player: str, entries: list[Action], rng: random.Random
) -> Action | None:
    if player != "random" and game.bot is not None:
        suggestion = game.bot.suggest(
            game.view(state, seat), seat, Level(player), seed=rng.randrange(2**31), optional=False
        )
        if suggestion is not None:
            return suggestion.action
    # A uniform pick over dabong!'s listing would trade at nearly every step (2^n x 2^m
    # trades per pair) and the game would not move on: trades are picked seldom.
    plain = [a for a in entries if a.type != "trade"]
    if plain and (len(plain) == len(entries) or rng.random() < 0.95):
        return rng.choice(plain)
    return rng.choice(entries) if entries else None


def _is_hot(data: dict[str, Any]) -> bool:
    return any(data.get(key) not in (None, 0, [], {}) for key in ("penalty", "answerable", "extra_play")) or (
        data.get("obligation") not in (None, 0)
    )


@lru_cache(maxsize=256)
def playout(
    name: str,
    preset: str,
    seats: int,
    seed: int,
    players: tuple[str, ...],
    overrides: tuple[tuple[str, Any], ...] = (),
) -> Playout:
    game = game_named(name)
    rng = random.Random(f"fuzz/{name}/{preset}/{seats}/{seed}/{players}/{overrides}")
    deal: dict[str, Any] = {"seats": seats, "seed": seed, "preset": preset}
    try:
        options = game.options_for(preset, dict(overrides) or None)
        state = game.deal(seats=seats, options=options, seed=seed, deck_order=None)
    except InvalidInput:  # a combination the game refuses (hands too large...): the preset
        overrides = ()
        state = game.deal(seats=seats, options=game.presets[preset], seed=seed, deck_order=None)
    if overrides:
        deal["options"] = dict(overrides)
    states = [game.state_to_json(state)]
    actions: list[dict[str, Any]] = []
    listed: list[tuple[dict[str, Any], ...]] = []
    hot: list[int] = []
    ends: list[int] = []
    for step in range(MAX_STEPS):
        seat = _acting_seat(game, state, rng)
        if seat is None:
            listed.append(())
            break
        try:
            with cpu_capped(cpu_cap_s()):
                page = game.legal_actions(state, seat, limit=LISTED_KEPT)
                entries = [e.action for e in page.entries]
                action = _choose(game, state, seat, players[seat % len(players)], entries, rng)
        except (CpuOver, WorkBudgetExceeded):
            listed.append(())
            hot.append(step)
            break
        listed.append(tuple(a.to_json() for a in entries))
        if action is None:
            break
        outcome = game.resolve(state, action)
        assert outcome.verdict.legal and outcome.state is not None, (name, seed, step, action)
        state = outcome.state
        actions.append(action.to_json())
        states.append(game.state_to_json(state))
        if _is_hot(states[-1]):
            hot.append(step + 1)
        if states[-1].get("status") != states[-2].get("status"):
            # A game ended (or a phase changed): the play that did it is worth replaying.
            hot.append(step)
            ends.append(step)
    while len(listed) < len(states):
        listed.append(())
    hot.extend(i for i in (len(states) - 2, len(states) - 3) if i >= 0)
    return Playout(
        game=name,
        preset=preset,
        seats=seats,
        seed=seed,
        players=players,
        overrides=overrides,
        deal=deal,
        actions=tuple(actions),
        states=tuple(states),
        listed=tuple(listed),
        hot=tuple(sorted(set(hot))),
        ends=tuple(ends),
    )
