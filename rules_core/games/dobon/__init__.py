"""Dobon: the Japanese shedding game with the whole-hand sum claim (registry name ``dobon``)."""

from .bot import BOT
from .game import GAME, DobonGame
from .options import ACTION_CARDS, PRESETS, SUM_ONLY, DobonOptions

GAME.bot = BOT

__all__ = ["ACTION_CARDS", "GAME", "PRESETS", "SUM_ONLY", "DobonGame", "DobonOptions"]
