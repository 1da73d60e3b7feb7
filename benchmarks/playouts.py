"""Seeded random playouts through the ``Game`` interface, and the states they pass through.

Each step picks a listed legal entry uniformly at random (every seat's entries,
out-of-turn claims included; a long listing is sampled by offset rather than
built) and sends its action through ``game.apply``, which
validates it: the playout figures are with full validation on. A listed action
that ``apply`` rejects is a disagreement between listing and validation, which
is reported rather than skipped.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from rules_core.kernel import Action, Game, rng_for

#: The RNG stream of benchmark playouts (kept apart from the games' own streams).
STREAM = "benchmark-playout"
#: Entries fetched per listing call; a bigger listing is sampled by offset, never built whole.
PAGE = 64
#: Option changes for playouts only, with the reason (shown in the report). dabong! trades are
#: agreements between two seats, not one seat's move, and there are 2^n x 2^m of them: a uniform
#: pick over all entries would trade almost every time and no game would end.
PLAYOUT_OVERRIDES: dict[str, dict[str, Any]] = {"dabong": {"trading": False}}


def playout_options(game: Game[Any], options: Any) -> Any:
    """``options`` with this game's playout overrides applied (only fields the options have)."""
    overrides = PLAYOUT_OVERRIDES.get(game.name, {})
    names = {f.name for f in dataclasses.fields(options)} if dataclasses.is_dataclass(options) else set()
    usable = {k: v for k, v in overrides.items() if k in names}
    return dataclasses.replace(options, **usable) if usable else options


def pick_action(game: Game[Any], state: Any, rng: Any) -> Action | None:
    """A uniformly random listed entry's action (every seat's), or None when nothing is listed."""
    page = game.legal_actions(state, limit=PAGE)
    total = page.total_entries
    if total == 0:
        return None
    index = rng.randrange(total)
    if index < len(page.entries):
        return page.entries[index].action
    return game.legal_actions(state, offset=index, limit=1).entries[0].action


class ListingDisagrees(RuntimeError):
    """``legal_actions`` listed an action that ``apply`` rejected, or listed nothing mid-game."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Playout:
    actions: tuple[Action, ...]
    #: False when the playout stopped at the action cap before the game ended.
    finished: bool
    #: The states visited, first (the deal) to last; only kept when asked for.
    states: tuple[Any, ...] = ()


def random_playout(
    game: Game[Any],
    *,
    seats: int,
    options: Any,
    seed: int,
    keep_states: bool = False,
    cap: int | None = None,
    overridden: bool = False,
) -> Playout:
    """One seeded random game; ``overridden``: ``options`` already has the playout overrides."""
    limit = cap if cap is not None else game.max_actions
    rng = rng_for(seed=seed, stream=STREAM)
    if not overridden:
        options = playout_options(game, options)
    state = game.deal(seats=seats, options=options, seed=seed, deck_order=None)
    states = [state] if keep_states else []
    actions: list[Action] = []
    while len(actions) < limit and not game.is_over(state):
        action = pick_action(game, state, rng)
        if action is None:
            raise ListingDisagrees(
                f"{game.name} seed {seed}: no legal action at move {len(actions)}, game not over"
            )
        outcome = game.apply(state, action)
        if not outcome.verdict.legal or outcome.state is None:
            codes = ", ".join(r.code for r in outcome.verdict.reasons)
            raise ListingDisagrees(f"{game.name} seed {seed}: listed {action.to_json()} rejected ({codes})")
        state = outcome.state
        actions.append(action)
        if keep_states:
            states.append(state)
    return Playout(actions=tuple(actions), finished=game.is_over(state), states=tuple(states))


@dataclass(frozen=True, slots=True, kw_only=True)
class MidgameCase:
    """A typical mid-game state with one legal action in it and a seat to view it from."""

    state: Any
    action: Action
    viewer: int
    seed: int
    move: int


def midgame_cases(game: Game[Any], *, seats: int, options: Any, seeds: range) -> list[MidgameCase]:
    """One state per seed, halfway through a random game, with a random legal action."""
    cases: list[MidgameCase] = []
    for seed in seeds:
        playout = random_playout(game, seats=seats, options=options, seed=seed, keep_states=True)
        # The last state may be terminal; take the middle of the states that are not.
        live = [s for s in playout.states if not game.is_over(s)]
        if not live:
            continue
        move = len(live) // 2
        state = live[move]
        action = pick_action(game, state, rng_for(seed=seed, stream=STREAM + "-case"))
        if action is None:
            continue
        acting = game.to_act(state)
        viewer = acting[0] if acting else 0
        cases.append(MidgameCase(state=state, action=action, viewer=viewer, seed=seed, move=move))
    return cases


class PlayoutStep:
    """A timing step: one whole random game per call (a fresh seed each time); units are actions."""

    def __init__(self, game: Game[Any], *, seats: int, options: Any, first_seed: int) -> None:
        self.game = game
        self.seats = seats
        self.options = playout_options(game, options)
        self.next_seed = first_seed
        self.games = 0
        self.unfinished = 0

    def __call__(self) -> int:
        playout = random_playout(
            self.game, seats=self.seats, options=self.options, seed=self.next_seed, overridden=True
        )
        self.next_seed += 1
        self.games += 1
        if not playout.finished:
            self.unfinished += 1
        return len(playout.actions)
