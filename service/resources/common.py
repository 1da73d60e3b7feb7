"""What every view needs: the registry of this app, the game named in the URL, the limits."""

from __future__ import annotations

from typing import Any

from flask import current_app

from rules_core.kernel import Game, Registry

from ..operations import Limits
from ..problems import ApiProblem


def registry() -> Registry:
    return current_app.config["REGISTRY"]  # type: ignore[no-any-return]


def game_named(name: str) -> Game[Any]:
    game = registry().get(name)
    if game is None:
        known = ", ".join(registry().names()) or "none"
        raise ApiProblem("unknown-game", f"no game named {name!r} (games: {known})")
    return game


def limits() -> Limits:
    config = current_app.config
    return Limits(
        legal_default=config["LEGAL_ACTIONS_DEFAULT_LIMIT"],
        legal_max=config["LEGAL_ACTIONS_MAX_LIMIT"],
        replay_max=config["REPLAY_MAX_ACTIONS"],
    )
