"""Sampling full states consistent with a view (for bots that search).

Views follow one convention (docs/dev/game-api.md): every hidden zone is an
object ``{"count": n}`` in place of its list of cards, and ``seed`` is gone.
A world is the view with each such placeholder filled by cards the viewer
cannot see, dealt at random from a private generator, and a fresh seed.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable
from typing import Any

from ..kernel import Card, Deck, format_card


def _is_placeholder(node: Any) -> bool:
    return isinstance(node, dict) and set(node) == {"count"} and isinstance(node["count"], int)


def _placeholders(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], int]]:
    found: list[tuple[tuple[Any, ...], int]] = []
    if _is_placeholder(node):
        found.append((path, node["count"]))
    elif isinstance(node, dict):
        for key in sorted(node):
            found.extend(_placeholders(node[key], (*path, key)))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            found.extend(_placeholders(item, (*path, i)))
    return found


def sample_world(
    view: dict[str, Any], deck: Deck, visible: Iterable[Card], rng: random.Random
) -> dict[str, Any]:
    """A state-shaped dict consistent with ``view``; ``visible`` lists every card the view shows once."""
    seen = set(visible)
    unseen = [c for c in deck.cards if c not in seen]
    rng.shuffle(unseen)
    world = copy.deepcopy(view)
    world.pop("viewer", None)
    slots = _placeholders(world)
    needed = sum(n for _, n in slots)
    if needed != len(unseen):
        raise ValueError(f"the view hides {needed} cards but {len(unseen)} are unseen")
    for path, n in slots:
        cards = [format_card(unseen.pop()) for _ in range(n)]
        parent: Any = world
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = cards
    world["seed"] = rng.randrange(2**62)
    return world
