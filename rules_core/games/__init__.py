"""The registered games. Each game is a package beside this module."""

from ..kernel import Registry
from .dabong import GAME as _dabong
from .dobon import GAME as _dobon
from .ninety_nine import GAME as _ninety_nine

REGISTRY = Registry()

# One explicit import per game: the registry is data, not discovery of
# whatever happens to be on disk.
REGISTRY.register(_ninety_nine)
REGISTRY.register(_dobon)
REGISTRY.register(_dabong)
