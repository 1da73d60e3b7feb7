"""Decoding an action from JSON, with every problem pointed at its field."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action
from .cards import Suit
from .problems import InvalidInput, JsonReader

if TYPE_CHECKING:
    from .game import Game

BASE_FIELDS = ("type", "seat", "cards", "suit", "declare", "value", "top")


def decode_action(game: Game[Any], data: Any, pointer: str) -> Action:
    r = JsonReader()
    obj = r.obj(data, pointer, allowed=(*BASE_FIELDS, *game.action_params))
    if not obj and r.problems:
        raise InvalidInput(r.problems, "invalid action")
    kind = r.str(obj, "type", pointer, choices=tuple(game.action_types))
    seat = r.int(obj, "seat", pointer, lo=0, hi=game.max_seats - 1)
    cards = r.cards(obj, "cards", pointer, game.deck, required=False)
    suit_text = r.str(obj, "suit", pointer, choices=tuple(s.value for s in game.deck_suits()), nullable=True)
    suit = Suit(suit_text) if suit_text else None
    declare: list[tuple[Any, Any]] = []
    raw_declare = obj.get("declare")
    if raw_declare is not None:
        dobj = r.obj(raw_declare, f"{pointer}/declare")
        for key, value in dobj.items():
            who = r.card(key, f"{pointer}/declare/{key}", game.deck)
            what = r.card(value, f"{pointer}/declare/{key}", game.deck)
            if who is not None and what is not None:
                declare.append((who, what))
    value = r.int(obj, "value", pointer, lo=0, hi=10_000, nullable=True)
    top = r.card_field(obj, "top", pointer, game.deck)
    params = []
    for name in game.action_params:
        if name in obj:
            raw = obj[name]
            if isinstance(raw, (bool, int, str)) or raw is None:
                params.append((name, raw))
            else:
                r.add(f"{pointer}/{name}", "wrong_type", "expected a boolean, integer or string")
    if r.problems:
        raise InvalidInput(r.problems, "invalid action")
    return Action(
        type=kind,
        seat=seat,
        cards=cards,
        suit=suit,
        declare=tuple(sorted(declare)),
        value=value,
        top=top,
        params=tuple(sorted(params)),
    )
