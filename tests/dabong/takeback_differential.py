"""Seeded dabong! playouts digested step by step, for the take-back format change (#26).

The take-back record changed from a nested copy of the state before the last play to
a flat log. Everything else must stay exactly as it was: every verdict (reasons,
effects, interpretations), every state apart from its take-back record, and every
unwinding. ``python -m tests.dabong.takeback_differential`` wrote ``data/
takeback_golden.json`` with the old engine (the nested record); the test holds the
engine in the tree to it.

A playout deals a preset at a seat count and lets a mix of players act: the bots at
each level, and a random player that picks among the listed actions and, whenever a
take-back is listed, often takes it (so cascades through several players happen). At
every state the digest also holds where a full unwinding ends (take back, by whoever
owns the last play, until nothing is left to take back) and how many steps it took:
the record's representation is invisible here, only what the rules make of it.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules_core.bots import Level
from rules_core.games.dabong.game import GAME
from rules_core.games.dabong.options import PRESETS
from rules_core.kernel import Action

GOLDEN = Path(__file__).parent / "data" / "takeback_golden.json"
#: (preset, seats, seed, players): players per seat, cycled ("random" or a bot level).
PLAYOUTS: tuple[tuple[str, int, int, tuple[str, ...]], ...] = tuple(
    (preset, seats, seed, players)
    for preset in PRESETS
    for seats in (2, 3, 5)
    for seed, players in ((1, ("random",)), (2, ("random", "easy")), (3, ("normal", "random", "strong")))
)
STEPS = 120
#: A random player that may take back does so this often (cascades need several in a row).
TAKE_BACK_ODDS = 0.45
LISTED = 300


class _AsWritten:
    """An interpretation as the engine of the golden digests wrote it (before ``via``)."""

    def __init__(self, item: Any) -> None:
        self.item = item

    def __repr__(self) -> str:
        i = self.item
        return (
            f"Interpretation(pattern={i.pattern!r}, rule_id={i.rule_id!r}, description={i.description!r}, "
            f"effects={i.effects!r}, declarations={i.declarations!r})"
        )


def _verdict_digest(verdict: Any) -> str:
    """The verdict as the golden digests' engine wrote it. Later additions that do not touch the
    take-back record are left out: an interpretation's ``via`` and, after a 2s add-on, the other
    patterns a play of 2s is (#28, R-DABONG-M39)."""
    kept = verdict.interpretations
    if kept and kept[0].pattern == "twos_add_on":
        kept = tuple(i for i in kept if i.pattern == "twos_add_on")
    return repr(replace(verdict, interpretations=tuple(_AsWritten(i) for i in kept)))


def _state_digest(state: Any) -> str:
    data = GAME.state_to_json(state)
    data.pop("take_back", None)
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _take_backs(state: Any) -> list[Action]:
    entries = GAME.legal_actions(state, limit=LISTED).entries
    return [e.action for e in entries if e.action.type == "take_back"]


def _unwound(state: Any) -> tuple[int, str]:
    """Take back until nothing is left: the number of take-backs and the state reached."""
    steps = 0
    while backs := _take_backs(state):
        outcome = GAME.resolve(state, backs[0])
        assert outcome.verdict.legal and outcome.state is not None
        state = outcome.state
        steps += 1
    return steps, _state_digest(state)


def _choose(state: Any, player: str, rng: random.Random) -> Action | None:
    seats = GAME.to_act(state)
    if not seats:
        return None
    seat = state.turn if state.turn in seats else rng.choice(seats)
    if player != "random":
        view = GAME.view(state, seat)
        suggestion = GAME.bot.suggest(view, seat, Level(player), seed=rng.randrange(2**31))  # type: ignore[union-attr]
        if suggestion is not None:
            return suggestion.action
    backs = _take_backs(state)
    if backs and rng.random() < TAKE_BACK_ODDS:
        return backs[0]
    listed = GAME.legal_actions(state, seat, limit=LISTED).entries
    entries = [e.action for e in listed if e.action.type != "trade"]
    return rng.choice(entries) if entries else None


def playout_digests(preset: str, seats: int, seed: int, players: tuple[str, ...]) -> list[str]:
    """One short digest per step: the action, its verdict, the state after it (without its
    take-back record) and where a full unwinding from there ends."""
    rng = random.Random(f"takeback-{preset}-{seats}-{seed}")
    state = GAME.deal(seats=seats, options=PRESETS[preset], seed=seed, deck_order=None)
    out = []
    for step in range(STEPS):
        if GAME.is_over(state):
            break
        action = _choose(state, players[step % len(players)], rng)
        if action is None:
            break
        outcome = GAME.resolve(state, action)
        assert outcome.verdict.legal and outcome.state is not None, outcome.verdict
        state = outcome.state
        unwound = _unwound(state)
        text = repr((action.to_json(), _verdict_digest(outcome.verdict), _state_digest(state), unwound))
        out.append(hashlib.sha256(text.encode()).hexdigest()[:16])
    return out


def key(preset: str, seats: int, seed: int, players: tuple[str, ...]) -> str:
    return f"{preset}/{seats}/{seed}/{','.join(players)}"


def all_digests() -> dict[str, list[str]]:
    return {key(*p): playout_digests(*p) for p in PLAYOUTS}


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(all_digests(), indent=0, sort_keys=True) + "\n")
