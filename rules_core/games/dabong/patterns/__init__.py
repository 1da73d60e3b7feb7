"""dabong! play patterns: one small declarative unit per pattern family, and their registry.

Design notes cited as MD-NN (how the matcher is made fast, not rulings): docs/design/matcher.md.
"""

from .base import Block, CardRule, Miss, OrderRule, Pattern, Slot
from .registry import ADDITION, PATTERNS, SINGLE, SUBTRACTION, enabled_patterns

__all__ = [
    "ADDITION",
    "PATTERNS",
    "SINGLE",
    "SUBTRACTION",
    "Block",
    "CardRule",
    "Miss",
    "OrderRule",
    "Pattern",
    "Slot",
    "enabled_patterns",
]
