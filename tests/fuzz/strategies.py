"""Hypothesis strategies: a reachable state of a game, mutated or not, and one request for it.

A case draws a game, preset, seat count, seed and mix of players; the playout of
those (cached); one of its states (the hot ones half the time); zero to three
mutations; an operation and the request for it. Every choice is a Hypothesis draw,
so a failing case shrinks: towards the first preset and seed, the first state, no
mutation, the first mutation kind and field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from .mutations import mutate
from .reachable import Playout, game_named, playout
from .requests import OPERATIONS, Request, build_request

#: Player mixes (seat i gets mix[i % len(mix)]): a fixed few so that playouts are reused.
PLAYER_MIXES: tuple[tuple[str, ...], ...] = (
    ("normal",),
    ("random",),
    ("strong", "random"),
    ("easy", "normal", "strong"),
    ("random", "strong", "easy", "normal", "random"),
)


#: Options drawn more often than the rest: dabong!'s tennis and points scoring (a win with
#: ``"scores": {}`` was a 500 only there).
OPTIONS_WANTED: dict[str, tuple[str, ...]] = {"dabong": ("scoring",)}


@dataclass(slots=True)
class Case:
    playout: Playout
    index: int
    mutations: list[str]
    request: Request

    def describe(self) -> str:
        p = self.playout
        changed = "".join(f" {k}={v}" for k, v in p.overrides)
        where = f"{p.game} {p.preset}{changed} seats={p.seats} seed={p.seed} players={','.join(p.players)}"
        mutated = "; ".join(self.mutations) or "unmutated"
        return f"{where} state #{self.index} ({mutated}) {self.request.op} {' '.join(self.request.notes)}"

    def __repr__(self) -> str:
        # Hypothesis prints the failing case: the description, not 40 kB of state.
        return f"Case<{self.describe()}>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


def presets_of(name: str) -> list[str]:
    game = game_named(name)
    return [game.default_preset, *sorted(p for p in game.presets if p != game.default_preset)]


def _option_value(spec: Any) -> st.SearchStrategy[Any]:
    if spec.choices is not None:
        return st.sampled_from(spec.choices)
    if spec.type == "boolean":
        return st.booleans()
    if spec.type == "integer":
        lo = spec.lo if spec.lo is not None else 0
        return st.integers(lo, lo + 12 if spec.hi is None else min(spec.hi, lo + 12))
    return st.just(spec.default)


@st.composite
def option_overrides(draw: Any, name: str) -> tuple[tuple[str, Any], ...]:
    """Options off the presets half the time (dabong!'s tennis and points scoring are only
    reached that way: no preset uses them)."""
    if draw(st.booleans()):
        return ()
    specs = game_named(name).option_specs()
    wanted = [s for s in specs if s.name in OPTIONS_WANTED.get(name, ())]
    if wanted and draw(st.booleans()):
        specs = tuple(wanted)
    chosen = draw(st.lists(st.sampled_from(specs), min_size=1, max_size=2, unique_by=lambda s: s.name))
    return tuple((spec.name, draw(_option_value(spec))) for spec in chosen)


@st.composite
def cases(
    draw: Any,
    games: tuple[str, ...],
    seeds: int = 4,
    operations: tuple[str, ...] = OPERATIONS,
    mutations: tuple[int, int] = (0, 3),
) -> Case:
    """A case of one of ``games``: deal seeds below ``seeds``, ``mutations`` (least, most) applied."""
    name = draw(st.sampled_from(games))
    game = game_named(name)
    preset = draw(st.sampled_from(presets_of(name)))
    seats = draw(st.integers(game.min_seats, game.max_seats))
    seed = draw(st.integers(0, seeds - 1))
    players = draw(st.sampled_from(PLAYER_MIXES))
    played = playout(name, preset, seats, seed, players, draw(option_overrides(name)))
    if played.hot and draw(st.booleans()):
        # Half of the hot draws go to the states before a game's end (a win with odd scores).
        ends = played.ends if played.ends and draw(st.booleans()) else played.hot
        index = draw(st.sampled_from(ends))
    else:
        index = draw(st.integers(0, len(played.states) - 1))

    def pick(n: int) -> int:
        return draw(st.integers(0, n - 1)) if n > 1 else 0

    base = played.states[index]
    state, done = mutate(name, base, pick, draw(st.integers(*mutations)))
    # Compared as JSON text: in Python True == 1 and 1 == 1.0, but the service tells them apart.
    mutated = json.dumps(state, sort_keys=True) != json.dumps(base, sort_keys=True)
    request = build_request(played, index, state, mutated, draw(st.sampled_from(operations)), pick)
    return Case(played, index, done if mutated else [], request)


def regression_record(case: Case, failure: Any) -> dict[str, Any]:
    """A shrunk failing case as a file under tests/fuzz/regressions/ keeps it."""
    request = case.request
    return {
        "found": str(failure.kind),
        "detail": str(failure.detail)[:300],
        "case": case.describe(),
        "game": request.game,
        "op": request.op,
        "body": request.body,
        "raw": request.raw.decode() if request.raw is not None else None,
        "expect_ok": request.expect_ok,
        "expect_refused": request.expect_refused,
        "expect_final": request.expect_final,
    }


def request_record(failure: Any, request: Request, described: str) -> dict[str, Any]:
    """A failing round trip of one state (``harness.round_trip_states``) as a regression file."""
    return {
        "found": str(failure.kind),
        "detail": str(failure.detail)[:300],
        "case": described,
        "game": request.game,
        "op": request.op,
        "body": request.body,
        "raw": None,
        "expect_ok": request.expect_ok,
        "expect_refused": request.expect_refused,
        "expect_final": request.expect_final,
    }


def request_from_record(record: dict[str, Any]) -> Request:
    raw = record.get("raw")
    return Request(
        record["game"],
        record["op"],
        record["body"],
        expect_ok=record.get("expect_ok", False),
        expect_refused=record.get("expect_refused", False),
        expect_final=record.get("expect_final"),
        raw=raw.encode() if raw is not None else None,
        notes=[record.get("case", "")],
    )


def dumps_record(record: dict[str, Any]) -> str:
    return json.dumps(record, indent=1, sort_keys=True) + "\n"
