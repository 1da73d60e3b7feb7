"""State JSON: encoding, decoding, and the checks that reject impossible tables.

Decoding collects every problem (shape, cards, conservation, hand sizes,
seats, turn, the Count against the play pile, a pending Death Card with nothing
behind it, the hits of a finished hand) with a JSON pointer and raises
``StateInvalid``; it never repairs. ``state_to_json(state_from_json(x)) == x``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ...kernel import (
    MAX_SEED,
    STANDARD_52,
    Card,
    JsonReader,
    check_conservation,
    format_cards,
    options_from_json,
    options_to_json,
)
from .clubs import settle_hits
from .counting import ACE_OF_DIAMONDS, LIMIT, can_play_any, count_after, is_death_card
from .options import NinetyNineOptions
from .state import Hit, HitKind, NinetyNineState, Status

GAME_NAME = "99"
HAND_SIZE = 4
MIN_SEATS = 2
MAX_SEATS = 8
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


# -- checks ---------------------------------------------------------------------------
def check_cards(reader: JsonReader, state: NinetyNineState) -> None:
    zones: list[tuple[str, tuple[Card, ...]]] = [(f"/hands/{i}", h) for i, h in enumerate(state.hands)]
    zones += [("/draw_pile", state.draw_pile), ("/play_pile", state.play_pile)]
    check_conservation(reader, STANDARD_52, zones)
    if state.options.first_seat >= state.seats:
        reader.add(
            "/options/first_seat", "no_such_seat", f"seat {state.options.first_seat} is not at this table"
        )


def replay_count(reader: JsonReader, state: NinetyNineState) -> tuple[int | None, bool]:
    """Replay the play pile from ``count_base``: the Count it gives, and whether a Death Card is on top.

    An Ace of Diamonds at 99 is only ever a shield, so it must follow a Death Card
    (or open a pile reshuffled at 99 right after one).
    """
    count = state.count_base
    death_on_top = False
    for i, card in enumerate(state.play_pile):
        if card == ACE_OF_DIAMONDS and count == LIMIT:
            if not (death_on_top or (i == 0 and state.count_base == LIMIT)):
                reader.add(
                    f"/play_pile/{i}",
                    "impossible_play",
                    "the Ace of Diamonds at 99 only answers a Death Card",
                )
                return None, False
            death_on_top = False
            continue
        after = count_after(card, count)
        if after is None:
            reader.add(f"/play_pile/{i}", "impossible_play", f"{card} cannot be played on a Count of {count}")
            return None, False
        death_on_top = is_death_card(card, count)
        count = after
    return count, death_on_top


def check_play(reader: JsonReader, state: NinetyNineState) -> None:
    count, death_on_top = replay_count(reader, state)
    if count is not None and count != state.count:
        reader.add(
            "/count",
            "count_mismatch",
            f"the play pile, replayed from count_base {state.count_base}, gives {count}, not {state.count}",
        )
    _check_history(reader, state)
    live = state.live_seats()
    if len(state.eliminated) >= state.seats:
        reader.add("/eliminated", "nobody_left", "at least one seat is always still in the hand")
        return
    if state.status is Status.OVER:
        _check_over(reader, state, live)
        return
    for name in ("winner",):
        if getattr(state, name) is not None:
            reader.add(f"/{name}", "not_over", "only a finished hand has a winner")
    if state.hits:
        reader.add("/hits", "not_over", "hits are settled only when the hand is over")
    if len(live) < 2:
        reader.add("/eliminated", "hand_over", "with one seat left the hand is over")
        return
    if state.turn is None or not state.is_live(state.turn):
        reader.add(
            "/turn", "turn_not_live", f"the turn must point at a seat still in the hand, not {state.turn}"
        )
        return
    if state.status is Status.DEATH_CARD:
        _check_death_card(reader, state, death_on_top)
        return
    if state.attacker is not None:
        reader.add("/attacker", "no_death_card", "an attacker is recorded only while a shield is pending")
    if death_on_top and not state.eliminated:
        reader.add(
            "/play_pile", "death_card_unresolved", "a Death Card on top without a shield took someone out"
        )
    if not can_play_any(state.hands[state.turn], state.count):
        reader.add(
            "/turn",
            "turn_cannot_play",
            f"seat {state.turn} has no playable card on {state.count}: it would already be out",
        )


def _check_history(reader: JsonReader, state: NinetyNineState) -> None:
    if state.move < len(state.play_pile):
        reader.add(
            "/move",
            "move_too_small",
            f"{len(state.play_pile)} cards were played, more than move {state.move}",
        )
    if state.shuffles == 0:
        if state.count_base != 0:
            reader.add("/count_base", "no_reshuffle", "before any reshuffle the play pile starts from 0")
        if state.move != len(state.play_pile):
            reader.add(
                "/move", "move_mismatch", "before any reshuffle every move left a card on the play pile"
            )
    if state.move == 0 and state.status is Status.PLAYING and state.turn != state.options.first_seat:
        reader.add("/turn", "not_first_seat", f"the first turn belongs to seat {state.options.first_seat}")


def _check_death_card(reader: JsonReader, state: NinetyNineState, death_on_top: bool) -> None:
    if not (death_on_top or (not state.play_pile and state.count_base == LIMIT)):
        reader.add(
            "/status", "no_death_card", "a pending Death Card needs the Queen of Spades played at 99 on top"
        )
    attacker = state.attacker
    if attacker is None or not state.is_live(attacker) or attacker == state.turn:
        reader.add("/attacker", "bad_attacker", "the attacker must be a live seat other than the target")
    elif state.next_live(attacker) != state.turn:
        reader.add("/turn", "wrong_target", f"the Death Card attacks the next live seat after {attacker}")
    assert state.turn is not None
    if ACE_OF_DIAMONDS not in state.hands[state.turn]:
        reader.add(
            "/hands/" + str(state.turn), "no_shield", "a target without the Ace of Diamonds is out at once"
        )


def _check_over(reader: JsonReader, state: NinetyNineState, live: tuple[int, ...]) -> None:
    if state.turn is not None:
        reader.add("/turn", "hand_over", "nobody acts when the hand is over")
    if state.attacker is not None:
        reader.add("/attacker", "hand_over", "no Death Card is pending when the hand is over")
    if len(live) != 1:
        reader.add("/eliminated", "not_over", f"{len(live)} seats are still in: the hand is not over")
        return
    if state.winner != live[0]:
        reader.add("/winner", "wrong_winner", f"the last seat standing is {live[0]}")
        return
    expected, _ = settle_hits(state.hands, live[0], state.options)
    if expected != state.hits:
        reader.add("/hits", "wrong_hits", "the hits do not follow from the clubs in the final hands")
