"""Rigged dabong! tables for tests: name the hands and the pile, the rest is the draw pile."""

from __future__ import annotations

from typing import Any

from rules_core.games.dabong import GAME
from rules_core.kernel import DABONG_55, format_card, options_to_json


def table(
    hands: list[list[str]],
    discard: list[str],
    *,
    turn: int = 0,
    draw: list[str] | None = None,
    suit: str | None = None,
    top_seat: int | None = None,
    dealer: int | None = None,
    identities: dict[str, str] | None = None,
    penalty: dict[str, Any] | None = None,
    direction: int = 1,
    preset: str = "beginner",
    options: dict[str, Any] | None = None,
    status: str = "playing",
    top_play: int = 1,
) -> dict[str, Any]:
    """A state JSON; every card not named goes to the draw pile (deck order) unless ``draw`` is given."""
    seats = len(hands)
    named = {c for hand in hands for c in hand} | set(discard) | set(draw or ())
    rest = [format_card(c) for c in DABONG_55.cards if format_card(c) not in named]
    opts = options_to_json(GAME.presets[preset])
    opts.update(options or {})
    return {
        "game": "dabong",
        "options": opts,
        "seats": seats,
        "seed": 7,
        "shuffles": 0,
        "dealer": seats - 1 if dealer is None else dealer,
        "hands": hands,
        "draw_pile": (draw or []) + ([] if draw is not None else rest),
        "discard_pile": ([] if draw is None else rest) + discard,
        "shaman_identities": identities or {},
        "suit": suit,
        "top_seat": (turn - direction) % seats if top_seat is None else top_seat,
        "top_play": top_play,
        "turn": turn,
        "direction": direction,
        "penalty": penalty,
        "one_card_announced": [],
        "status": status,
        "winner": None,
        "game_winner": None,
        "move": 0,
        "take_back": None,
        "scores": {"games": [0] * seats, "sets": [0] * seats, "points": [0] * seats, "played": 0},
    }


def play(
    seat: int, *cards: str, suit: str | None = None, declare: dict[str, str] | None = None
) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "play", "seat": seat, "cards": list(cards)}
    if suit is not None:
        action["suit"] = suit
    if declare:
        action["declare"] = declare
    return action


def act(kind: str, seat: int, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "seat": seat, **fields}
