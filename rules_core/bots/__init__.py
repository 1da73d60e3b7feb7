"""CPU players: the shared vocabulary and the in-process self-play runner.

A bot is handed a seat's *view* (what ``Game.view`` gives that seat), never
the state, so it cannot see a hidden card by construction. Each game ships
its own bot (``rules_core/games/<game>/bot.py``) implementing ``SeatBot``.
"""

from .base import LEVELS, Level, SeatBot, Suggestion, choose_seeded
from .selfplay import MatchResult, merged, play_match, wilson_interval
from .worlds import sample_world

__all__ = [
    "LEVELS",
    "Level",
    "MatchResult",
    "SeatBot",
    "Suggestion",
    "choose_seeded",
    "merged",
    "play_match",
    "sample_world",
    "wilson_interval",
]
