"""dabong! (the elemental 55-card shedding game): engine, matcher and rules."""

from .bot import BOT
from .game import GAME, DabongGame

GAME.bot = BOT

__all__ = ["GAME", "DabongGame"]
