"""Helpers for sealed-table tests: a seat's client, the cards a seat may see, card names in answers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rules_core.games import REGISTRY
from rules_core.kernel import Game, format_cards
from service.sealing import Sealer

HEADER = "X-Table-Credential"
_TOKEN = re.compile(r"[A-Za-z0-9]+")


def game_named(name: str) -> Game[Any]:
    return next(g for g in REGISTRY if g.name == name)


def card_names(game: Game[Any]) -> frozenset[str]:
    return frozenset(format_cards(game.deck.cards))


def strings(node: Any) -> Iterator[str]:
    """Every string in a JSON document, keys included."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield str(key)
            yield from strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from strings(value)


def cards_named(node: Any, names: frozenset[str]) -> set[str]:
    """The card names a JSON document holds, as values or inside messages and sentences."""
    found = set()
    for text in strings(node):
        if text in names:
            found.add(text)
            continue
        found.update(t for t in _TOKEN.findall(text) if t in names)
    return found


@dataclass
class Seat:
    """A client holding one credential (a seat's or the host's) of one sealed table."""

    client: Any
    game: str
    credential: str

    def post(self, operation: str, body: dict[str, Any]) -> Any:
        return self.client.post(
            f"/v1/games/{self.game}/{operation}", json=body, headers={HEADER: self.credential}
        )


def truth(sealer: Sealer, game: Game[Any], envelope: dict[str, Any]) -> Any:
    """The state behind an envelope, opened with the server's key (what only the test may do)."""
    return game.state_from_json(sealer.open(game.name, envelope).state)
