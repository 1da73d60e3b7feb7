"""Rigged 99 tables for tests: deck orders for a deal, and mid-hand positions as state JSON.

Positions go through ``state_from_json``, so every table a test uses is one the
validator accepts. The Count is always written by the test, never computed here.
"""

from __future__ import annotations

from typing import Any

from rules_core.games.ninety_nine import GAME, NinetyNineOptions
from rules_core.kernel import format_card, options_to_json

ALL_CARDS = [format_card(c) for c in GAME.deck.cards]


def rest_of_deck(*used: list[str] | tuple[str, ...]) -> list[str]:
    taken = {card for group in used for card in group}
    return [card for card in ALL_CARDS if card not in taken]


def deck_order(hands: list[list[str]], draw: list[str] | tuple[str, ...] = ()) -> list[str]:
    """A deck order dealing ``hands`` (one card at a time from seat 0), then ``draw`` on top of the pile."""
    dealt = [hand[i] for i in range(4) for hand in hands]
    return dealt + list(draw) + rest_of_deck(dealt, draw)


def position(
    hands: list[list[str]],
    pile: list[str] | tuple[str, ...] = (),
    *,
    count: int,
    turn: int | None = 0,
    draw: list[str] | None = None,
    count_base: int = 0,
    shuffles: int | None = None,
    eliminated: tuple[int, ...] = (),
    status: str = "playing",
    attacker: int | None = None,
    options: NinetyNineOptions | None = None,
    move: int | None = None,
    seed: int = 7,
) -> dict[str, Any]:
    """State JSON of a hand in progress; the draw pile defaults to every card not placed, in deck order."""
    if shuffles is None:
        shuffles = 0 if count_base == 0 else 1
    if draw is None:
        draw = rest_of_deck(*hands, pile)
    return {
        "game": "99",
        "options": options_to_json(options or NinetyNineOptions()),
        "seats": len(hands),
        "seed": seed,
        "shuffles": shuffles,
        "hands": [list(h) for h in hands],
        "draw_pile": list(draw),
        "play_pile": list(pile),
        "count": count,
        "count_base": count_base,
        "status": status,
        "turn": turn,
        "attacker": attacker,
        "eliminated": list(eliminated),
        "winner": None,
        "hits": [],
        "move": len(pile) if move is None else move,
    }


def load(data: dict[str, Any]) -> Any:
    return GAME.state_from_json(data)


#: Twenty cards whose Count, from a pile restarted at 99, is explained card by card.
RUN_OUT_PILE = [
    *("2S", "2H", "2D", "2C", "9S", "9H", "9D", "9C", "KS", "KH", "KD", "KC"),  # passes and holds: 99
    *("10S", "AH", "AS", "AC", "AD", "3H", "3S"),  # 89, 90, 91, 92, 93, 96, 99
    "10H",  # 89
]


def run_out_state(seed: int = 7) -> dict[str, Any]:
    """Eight seats and a play pile that hold every card: the next draw must reshuffle."""
    rest = rest_of_deck(RUN_OUT_PILE)
    hands = [rest[i * 4 : i * 4 + 4] for i in range(8)]
    return position(hands, RUN_OUT_PILE, count=89, draw=[], count_base=99, shuffles=2, move=60, seed=seed)
