"""Who acts next, as an answer says it: the seats that may act, the one play waits for, the rest.

Shared by every answer that carries a table (deal, apply, replay, situations, explain).
"""

from __future__ import annotations

from typing import Any

from rules_core.kernel import Game


def who_acts(game: Game[Any], state: Any, viewer: int | None = None) -> dict[str, Any]:
    """``to_act`` (as the caller may be told it), the seat play waits for (``turn``) and the
    seats that may act out of turn (``out_of_turn``)."""
    to_act = to_act_for(game, state, viewer)
    turn = game.waits_for(state)
    return {"to_act": list(to_act), "turn": turn, "out_of_turn": [s for s in to_act if s != turn]}


def to_act_for(game: Game[Any], state: Any, viewer: int | None) -> tuple[int, ...]:
    """Who may act, as the caller may be told (None: everything; else a seat of a sealed table)."""
    if viewer is None:
        return game.to_act(state)
    return game.to_act_seen_by(state, viewer)
