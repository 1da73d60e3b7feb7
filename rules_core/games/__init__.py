"""The registered games. Each game is a package beside this module."""

from ..kernel import Registry

REGISTRY = Registry()

# One explicit import per game: the registry is data, not discovery of
# whatever happens to be on disk.
