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


def _words_to_codes() -> dict[str, str]:
    """Every card of every game in a player's words ("Jack of Water", "Shaman 1") -> its notation."""
    out: dict[str, str] = {}
    for game in REGISTRY:
        for card in game.deck.cards:
            out[game.card_name(card)] = format_cards([card])[0]
    return out


CARD_WORDS = _words_to_codes()
#: A card in words, unless after "the": the rules' own words ("the Queen of Spades at 99 is the
#: Death Card", "the Ace of Diamonds shields") name no card of anyone's hand; the player voice
#: names a card without an article ("You lay Queen of Spades").
_WORDS = re.compile(
    r"(?<!\bthe )(?<!\bThe )("
    + "|".join(re.escape(w) for w in sorted(CARD_WORDS, key=len, reverse=True))
    + ")"
)


def without_titles(answer: Any) -> Any:
    """An explanation without the player voice's cited rule and ruling titles (fixed text of the
    rulebook, such as 99's "Ace of Clubs steals", that names no card of anyone's hand)."""
    if not isinstance(answer, dict) or not isinstance(answer.get("sentences"), list):
        return answer
    sentences = [{k: v for k, v in s.items() if k not in ("rule", "ruling")} for s in answer["sentences"]]
    return {**answer, "sentences": sentences}


def cards_named(node: Any, names: frozenset[str]) -> set[str]:
    """The card names a JSON document holds, as values or inside messages and sentences, in
    notation ("JW") or in a player's words ("Jack of Water", as the player voice says them)."""
    found = set()
    for text in strings(node):
        if text in names:
            found.add(text)
            continue
        found.update(t for t in _TOKEN.findall(text) if t in names)
        found.update(CARD_WORDS[w] for w in _WORDS.findall(text) if CARD_WORDS[w] in names)
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
