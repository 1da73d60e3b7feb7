"""The Dobon CPU player (Easy, Normal and Strong as on the Dobon page), seeing only its seat.

``BOT.suggest(view, seat, level, seed=...)`` is handed ``Game.view(state, seat)``
and nothing else. It finds its legal actions on a world sampled from that view
(``knowledge``), reads only the public table and its own hand, and picks one
(``policy``; the scoring is in ``judge``, exact hidden-hand odds in ``odds``; strong's
search over sampled deals in ``search``, on the fast replay ``sim`` with the rollout
policy ``lean``).
It answers every decision: plays (a wild eight's suit, queen bundles), draws and
what to do with a drawn card, answering or taking a two, claims and continues in
every check (returns included, with the choice of the top card), and next round.

Dobon has no out-of-turn action (a check asks one seat at a time), so an
``optional`` offer is declined except between rounds, where any seat may deal on.
The same view, seat, level and seed always give the same suggestion.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....bots import Level, Suggestion
from ....kernel import rng_for
from ..state import Status
from .knowledge import legal_on, read_seen, world_of
from .policy import choose

__all__ = ["BOT", "DobonBot"]


class DobonBot:
    """The ``SeatBot`` of Dobon."""

    def suggest(
        self,
        view: Mapping[str, Any],
        seat: int,
        level: Level,
        *,
        seed: int,
        optional: bool = False,
    ) -> Suggestion | None:
        level = Level(level)
        rng = rng_for(seed=seed, stream=f"bot/dobon/{level.value}/{seat}", number=int(view.get("move", 0)))
        world = world_of(view, seat, rng)
        if optional and world.status is not Status.ROUND_OVER:
            return None
        actions = legal_on(world, seat)
        if not actions:
            return None
        seen = read_seen(view, seat, world)
        action, rationale = choose(seen, actions, level, rng)
        return Suggestion(action=action, rationale=rationale, level=level)


BOT = DobonBot()
