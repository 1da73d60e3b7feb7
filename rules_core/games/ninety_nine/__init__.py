"""99 (the Count): count up, never past 99, last player standing wins the hit."""

from .bot import BOT
from .game import GAME, NinetyNineGame
from .options import PRESETS, NinetyNineOptions
from .state import Hit, HitKind, NinetyNineState, Status

GAME.bot = BOT

__all__ = [
    "GAME",
    "PRESETS",
    "Hit",
    "HitKind",
    "NinetyNineGame",
    "NinetyNineOptions",
    "NinetyNineState",
    "Status",
]
