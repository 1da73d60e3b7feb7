"""The game registry: short URL-safe names to game objects."""

from __future__ import annotations

from typing import Any

from .game import Game


class Registry:
    def __init__(self) -> None:
        self._games: dict[str, Game[Any]] = {}

    def register(self, game: Game[Any]) -> Game[Any]:
        if game.name in self._games:
            raise ValueError(f"game {game.name!r} registered twice")
        self._games[game.name] = game
        return game

    def get(self, name: str) -> Game[Any] | None:
        return self._games.get(name)

    def names(self) -> tuple[str, ...]:
        return tuple(self._games)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._games.values())
