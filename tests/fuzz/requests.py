"""One HTTP request per operation for a (possibly mutated) reachable state.

Each ``Request`` says what it must answer beyond the properties every request has
(no 5xx, within budget, a refusal that names its problems): ``expect_ok`` when the
state is reachable and unchanged and the request asks something the service must
answer (a listed action, a seat of the table, the played log), ``expect_refused``
for a body the service must not take (a duplicate JSON key).
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

from rules_core.bots import LEVELS

from .mutations import Pick, context_for, mutate
from .reachable import Playout, game_named

#: The operations a case may send (``suggest-view``: suggest fed the seat's own view;
#: ``duplicate-key``: a validate body whose JSON text repeats a key).
OPERATIONS: tuple[str, ...] = (
    "legal-actions",
    "validate",
    "apply",
    "explain",
    "view",
    "replay",
    "suggest",
    "suggest-view",
    "deal",
    "duplicate-key",
)
LIMITS: tuple[int | None, ...] = (None, 1, 7, 200, 1000)


@dataclass(slots=True)
class Request:
    game: str
    op: str
    body: dict[str, Any]
    #: The state is the playout's own (not mutated) and the request is one the service must answer.
    expect_ok: bool = False
    #: The service must refuse the body (4xx).
    expect_refused: bool = False
    #: For a replay of the played log from the deal: the state it must end in.
    expect_final: dict[str, Any] | None = None
    #: A replay of no action, sent to check that a state comes back unchanged.
    round_trip: bool = False
    #: Follow ``next_cursor`` once (legal-actions).
    follow_cursor: bool = False
    #: The exact body text, when it is not ``json.dumps(body)`` (duplicate keys).
    raw: bytes | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def path(self) -> str:
        op = "validate" if self.op == "duplicate-key" else self.op.removesuffix("-view")
        return f"/v1/games/{self.game}/{op}"

    def payload(self) -> bytes:
        if self.raw is not None:
            return self.raw
        return json.dumps(self.body, separators=(",", ":")).encode()

    def compact(self, limit: int = 1500) -> str:
        text = self.payload().decode("utf-8", "replace")
        return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} bytes)"


def _seat_count(playout: Playout) -> int:
    return playout.seats


def _acting(state: dict[str, Any], seats: int) -> int:
    turn = state.get("turn")
    return turn if isinstance(turn, int) and 0 <= turn < seats else 0


def action_for(playout: Playout, index: int, pick: Pick) -> tuple[dict[str, Any], bool, str]:
    """An action for ``playout.states[index]``: (action, listed-or-played, how it was made)."""
    listed = list(playout.listed[index])
    played = playout.actions[index] if index < len(playout.actions) else None
    if played is not None:
        listed.insert(0, played)
    kind = pick(4)
    if played is not None and kind == 0:  # the one played: on a hot state, often a win
        return copy.deepcopy(played), True, "played"
    if listed and kind in (0, 1):
        return copy.deepcopy(listed[pick(len(listed))]), True, "listed"
    if listed and kind == 2:
        action = copy.deepcopy(listed[pick(len(listed))])
        return _mutated_action(action, playout, pick), False, "listed, mutated"
    return _unlisted_action(playout, pick), False, "unlisted"


def _mutated_action(action: dict[str, Any], playout: Playout, pick: Pick) -> dict[str, Any]:
    deck = sorted(context_for(playout.game).deck)
    how = pick(5)
    cards = action.get("cards")
    if how == 0:
        action["seat"] = (action.get("seat", 0) + 1 + pick(playout.seats)) % (playout.seats + 1)
    elif how == 1 and cards:
        cards.pop(pick(len(cards)))
    elif how == 2:
        action.setdefault("cards", []).append(deck[pick(len(deck))])
    elif how == 3:
        types = sorted(game_named(playout.game).action_types)
        action["type"] = types[pick(len(types))]
    else:
        action["cards"] = list(reversed(cards or [])) + (cards or [])
    return action


def _unlisted_action(playout: Playout, pick: Pick) -> dict[str, Any]:
    deck = sorted(context_for(playout.game).deck)
    types = sorted(game_named(playout.game).action_types)
    action: dict[str, Any] = {"type": types[pick(len(types))], "seat": pick(playout.seats)}
    count = pick(4)
    if count:
        action["cards"] = [deck[pick(len(deck))] for _ in range(count)]
    return action


def build_request(
    playout: Playout, index: int, state: dict[str, Any], mutated: bool, op: str, pick: Pick
) -> Request:
    """The request of operation ``op`` for ``state`` (``playout.states[index]``, mutated or not)."""
    game, seats = playout.game, _seat_count(playout)
    reachable = not mutated
    if op in ("validate", "apply", "explain"):
        action, listed, how = action_for(playout, index, pick)
        return Request(
            game, op, {"state": state, "action": action}, expect_ok=reachable and listed, notes=[how]
        )
    if op == "legal-actions":
        seat = (None, _acting(state, seats), pick(seats + 1))[pick(3)]
        body: dict[str, Any] = {"state": state}
        if seat is not None:
            body["seat"] = seat
        limit = LIMITS[pick(len(LIMITS))]
        if limit is not None:
            body["limit"] = limit
        ok = reachable and (seat is None or seat < seats)
        return Request(game, op, body, expect_ok=ok, follow_cursor=bool(pick(2)))
    if op == "view":
        seat = pick(seats + 1)
        return Request(game, op, {"state": state, "seat": seat}, expect_ok=reachable and seat < seats)
    if op == "replay":
        return _replay(playout, index, state, mutated, pick)
    if op in ("suggest", "suggest-view"):
        seat = (_acting(state, seats) + pick(seats)) % seats
        level = LEVELS[pick(len(LEVELS))].value
        body = {"seat": seat, "level": level, "seed": pick(1000)}
        if op == "suggest":
            body["state"] = state
            return Request(game, op, body, expect_ok=reachable)
        view, view_mutated = _view_of(playout, index, seat, pick)
        body["view"] = view
        return Request(game, op, body, expect_ok=not view_mutated)
    if op == "deal":
        deal = dict(playout.deal)
        if pick(2):
            deal["seed"] = pick(2**31)
        return Request(game, op, deal, expect_ok=True)
    if op == "duplicate-key":
        action, _, how = action_for(playout, index, pick)
        body = {"state": state, "action": action}
        raw = duplicate_key_body(body, pick)
        return Request(game, op, body, expect_refused=raw is not None, raw=raw, notes=[how])
    raise ValueError(op)


def _replay(playout: Playout, index: int, state: dict[str, Any], mutated: bool, pick: Pick) -> Request:
    game = playout.game
    if pick(2) == 0:
        log = [copy.deepcopy(a) for a in playout.actions[:index]]
        log_mutated = False
        if log and pick(3) == 0:
            log.pop(pick(len(log)))
            log_mutated = True
        ok = not log_mutated
        return Request(
            game,
            "replay",
            {"deal": dict(playout.deal), "actions": log},
            expect_ok=ok,
            expect_final=playout.states[index] if ok else None,
            notes=["from the deal" + (", one action dropped" if log_mutated else "")],
        )
    # From the state: no action (a round trip) or the actions the playout played next.
    count = pick(4)
    log = [copy.deepcopy(a) for a in playout.actions[index : index + count]]
    return Request(
        game, "replay", {"state": state, "actions": log}, expect_ok=not mutated, notes=["from the state"]
    )


def _view_of(playout: Playout, index: int, seat: int, pick: Pick) -> tuple[dict[str, Any], bool]:
    game = game_named(playout.game)
    view = game.view(game.state_from_json(playout.states[index]), seat)
    if pick(2) == 0:
        return view, False
    changed, done = mutate(playout.game, view, pick, 1)
    changed.setdefault("viewer", seat)
    return changed, bool(done)


def duplicate_key_body(body: dict[str, Any], pick: Pick) -> bytes | None:
    """``body``'s JSON text with one key repeated: first a different value, then the real one.

    A parser that keeps the last occurrence reads the body as it was and answers as if
    nothing were wrong; the service must refuse it (which value did the client mean?).
    """
    objects = [p for p in [(), *[("state",), ("action",)]] if isinstance(_at(body, p), dict) and _at(body, p)]
    path = objects[pick(len(objects))]
    target = _at(body, path)
    keys = list(target)
    key = keys[pick(len(keys))]
    decoy = _decoy(target[key])
    marker = "\u0000duplicate\u0000"
    marked = copy.deepcopy(body)
    inner = _at(marked, path)
    # Rebuild the object with the marker key just before the real one, then write the marker
    # as the duplicated name (json.dumps cannot write a key twice).
    inner_items = list(inner.items())
    inner.clear()
    for name, value in inner_items:
        if name == key:
            inner[marker] = decoy
        inner[name] = value
    text = json.dumps(marked, separators=(",", ":"))
    return text.replace(json.dumps(marker), json.dumps(key), 1).encode()


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data.get(step) if isinstance(data, dict) else None
    return data


def _decoy(value: Any) -> Any:
    if isinstance(value, bool) or value is None:
        return 1
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    return None
