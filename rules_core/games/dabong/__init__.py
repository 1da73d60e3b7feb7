"""dabong! (the elemental 55-card shedding game): engine, matcher and rules."""

from .game import GAME, DabongGame

__all__ = ["GAME", "DabongGame"]
