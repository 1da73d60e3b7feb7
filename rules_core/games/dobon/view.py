"""One seat's view: the state's shape with every card that seat cannot see hidden.

Other hands and the stock become counts, the seed goes (it predicts every
reshuffle), and a card someone else has just drawn shows only that it exists.
Claimed hands are revealed in play, so the chain and the record stay.
"""

from __future__ import annotations

from typing import Any

from .state import DobonState
from .wire import STATE


def drawn_holder(state: DobonState) -> int | None:
    if state.drawn is None:
        return None
    if state.check is not None and state.check.resume is not None:
        return state.check.resume.seat
    return state.turn


def view(state: DobonState, seat: int) -> dict[str, Any]:
    """As ``wire.STATE`` declares; another seat's drawn card shows only that it exists."""
    hidden = {"drawn": {"hidden": True}} if state.drawn is not None and drawn_holder(state) != seat else None
    return STATE.view(state, seat, hidden)
