"""The hand-written 99 state codec that ``rules_core/games/ninety_nine/wire.py`` replaced.

Kept as the reference of the old-against-new differential test and the paired reader
benchmark (``python -m benchmarks --only readers``); nothing in the service uses it.

Original description: encoding, decoding, and the checks that reject impossible tables.

Decoding collects every problem (shape, cards, conservation, hand sizes,
seats, turn, the Count against the play pile, a pending Death Card with nothing
behind it, the hits of a finished hand) with a JSON pointer and raises
``StateInvalid``; it never repairs. ``state_to_json(state_from_json(x)) == x``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from rules_core.games.ninety_nine.counting import LIMIT
from rules_core.games.ninety_nine.options import NinetyNineOptions
from rules_core.games.ninety_nine.state import Hit, HitKind, NinetyNineState, Status
from rules_core.games.ninety_nine.state_rules import (
    GAME_NAME,
    HAND_SIZE,
    MAX_SEATS,
    MIN_SEATS,
    check_cards,
    check_play,
)
from rules_core.kernel import (
    MAX_SEED,
    STANDARD_52,
    Card,
    JsonReader,
    format_cards,
    options_from_json,
    options_to_json,
)

FIELDS = (
    "game",
    "options",
    "seats",
    "seed",
    "shuffles",
    "hands",
    "draw_pile",
    "play_pile",
    "count",
    "count_base",
    "status",
    "turn",
    "attacker",
    "eliminated",
    "winner",
    "hits",
    "move",
)
NULLABLE = ("turn", "attacker", "winner")
_STATUSES = tuple(s.value for s in Status)
_HIT_KINDS = tuple(k.value for k in HitKind)


def state_to_json(state: NinetyNineState) -> dict[str, Any]:
    return {
        "game": GAME_NAME,
        "options": options_to_json(state.options),
        "seats": state.seats,
        "seed": state.seed,
        "shuffles": state.shuffles,
        "hands": [format_cards(hand) for hand in state.hands],
        "draw_pile": format_cards(state.draw_pile),
        "play_pile": format_cards(state.play_pile),
        "count": state.count,
        "count_base": state.count_base,
        "status": state.status.value,
        "turn": state.turn,
        "attacker": state.attacker,
        "eliminated": list(state.eliminated),
        "winner": state.winner,
        "hits": [hit_to_json(hit) for hit in state.hits],
        "move": state.move,
    }


def hit_to_json(hit: Hit) -> dict[str, Any]:
    return {"kind": hit.kind.value, "seat": hit.seat, "via": format_cards(hit.via)}


def state_from_json(data: Any) -> NinetyNineState:
    reader = JsonReader()
    obj = reader.obj(data, "", allowed=FIELDS)
    reader.str(obj, "game", "", choices=(GAME_NAME,))
    for name in NULLABLE:
        if obj and name not in obj:  # the reader treats nullable fields as optional; the state lists them all
            reader.add(f"/{name}", "missing", f"{name!r} is required (null when there is none)")
    options = _read_options(reader, obj)
    seats = reader.int(obj, "seats", "", lo=MIN_SEATS, hi=MAX_SEATS)
    seats_ok = "seats" in obj and not any(p.pointer == "/seats" for p in reader.problems)
    seat_hi = seats - 1 if seats_ok else MAX_SEATS - 1
    hands = _read_hands(reader, obj, seats if seats_ok else None)
    state = NinetyNineState(
        options=options,
        seats=seats,
        seed=reader.int(obj, "seed", "", lo=0, hi=MAX_SEED),
        shuffles=reader.int(obj, "shuffles", "", lo=0, hi=10_000_000),
        hands=hands,
        draw_pile=reader.cards(obj, "draw_pile", "", STANDARD_52),
        play_pile=reader.cards(obj, "play_pile", "", STANDARD_52),
        count=reader.int(obj, "count", "", lo=0, hi=LIMIT),
        count_base=reader.int(obj, "count_base", "", lo=0, hi=LIMIT),
        status=Status(reader.str(obj, "status", "", choices=_STATUSES) or Status.PLAYING),
        turn=reader.int(obj, "turn", "", lo=0, hi=seat_hi, nullable=True),
        attacker=reader.int(obj, "attacker", "", lo=0, hi=seat_hi, nullable=True),
        eliminated=_read_eliminated(reader, obj, seat_hi),
        winner=reader.int(obj, "winner", "", lo=0, hi=seat_hi, nullable=True),
        hits=_read_hits(reader, obj, seat_hi),
        move=reader.int(obj, "move", "", lo=0, hi=10_000_000),
    )
    check_cards(reader, state)
    if not reader.problems:
        check_play(reader, state)
    reader.raise_if_any()
    return state


# -- reading --------------------------------------------------------------------------
def _read_options(reader: JsonReader, obj: Mapping[str, Any]) -> NinetyNineOptions:
    raw = reader.get(obj, "options", "")
    if not isinstance(raw, Mapping):
        if "options" in obj:
            reader.add("/options", "wrong_type", "expected an object")
        return NinetyNineOptions()
    for f in dataclasses.fields(NinetyNineOptions):
        if f.name not in raw:
            reader.add(
                f"/options/{f.name}", "missing", f"the state lists every option; {f.name!r} is missing"
            )
    return options_from_json(NinetyNineOptions, raw, "/options", reader=reader)


def _read_hands(
    reader: JsonReader, obj: Mapping[str, Any], seats: int | None
) -> tuple[tuple[Card, ...], ...]:
    raw = reader.list(obj, "hands", "", max_len=MAX_SEATS)
    hands: list[tuple[Card, ...]] = []
    for i, hand in enumerate(raw):
        pointer = f"/hands/{i}"
        if not isinstance(hand, list):
            reader.add(pointer, "wrong_type", "expected an array of cards")
            hands.append(())
            continue
        cards = reader.card_list(hand, pointer, STANDARD_52)
        if len(hand) != HAND_SIZE:
            reader.add(
                pointer,
                "wrong_hand_size",
                f"every seat holds exactly {HAND_SIZE} cards, eliminated seats included; "
                f"seat {i} has {len(hand)}",
            )
        hands.append(cards)
    if seats is not None and "hands" in obj and len(raw) != seats:
        reader.add("/hands", "wrong_hand_count", f"{len(raw)} hands for {seats} seats")
    return tuple(hands)


def _read_eliminated(reader: JsonReader, obj: Mapping[str, Any], seat_hi: int) -> tuple[int, ...]:
    raw = reader.list(obj, "eliminated", "", max_len=MAX_SEATS)
    seats: list[int] = []
    for i, value in enumerate(raw):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= seat_hi:
            reader.add(f"/eliminated/{i}", "not_a_seat", f"{value!r} is not a seat 0..{seat_hi}")
            continue
        seats.append(value)
    if seats != sorted(set(seats)):
        reader.add("/eliminated", "not_sorted", "eliminated seats are listed once each, ascending")
    return tuple(seats)


def _read_hits(reader: JsonReader, obj: Mapping[str, Any], seat_hi: int) -> tuple[Hit, ...]:
    hits = []
    for i, raw in enumerate(reader.list(obj, "hits", "", max_len=2)):
        pointer = f"/hits/{i}"
        item = reader.obj(raw, pointer, allowed=("kind", "seat", "via"))
        kind = reader.str(item, "kind", pointer, choices=_HIT_KINDS)
        seat = reader.int(item, "seat", pointer, lo=0, hi=seat_hi)
        via = reader.cards(item, "via", pointer, STANDARD_52)
        hits.append(Hit(kind=HitKind(kind or HitKind.WIN), seat=seat, via=via))
    return tuple(hits)


def view(state: NinetyNineState, seat: int) -> dict[str, Any]:
    """The hand-written view ``NinetyNineGame.view`` had (its seat check aside)."""
    full = state_to_json(state)
    full.pop("seed")
    full["hands"] = [hand if i == seat else {"count": len(hand)} for i, hand in enumerate(full["hands"])]
    full["draw_pile"] = {"count": len(state.draw_pile)}
    return {"viewer": seat, **full}
