"""Building outcomes: the common shape of every legal and illegal answer."""

from __future__ import annotations

from collections.abc import Iterable

from ...kernel import Action, Effect, Interpretation, Outcome, Reason, Verdict
from .state import DabongState, evolve

#: Actions that are not a seat's own move in the game (a take-back restores the state
#: exactly, a new deal starts fresh hands, the dealer's settling of the opening card is
#: part of the deal).
KEEPS_AS_DEALT = frozenset({"take_back", "next_game", "declare_opening"})


def refuse(action: Action, *reasons: Reason, needs: Iterable[str] = ()) -> Outcome[DabongState]:
    return Outcome(verdict=Verdict.illegal(action, *reasons, needs=needs), state=None)


def allow(
    action: Action,
    before: DabongState,
    after: DabongState,
    effects: Iterable[Effect],
    *reasons: Reason,
    interpretations: tuple[Interpretation, ...] = (),
    keep_take_back: bool = False,
) -> Outcome[DabongState]:
    """A legal action: count the move and close what only lasts until the next action.

    Anything but a play or a take-back closes the take-back window and a heaven/hell
    answer (a play sets its own; a take-back restores the earlier state exactly). A seat
    that acts, or whose hand changes, no longer holds its hand as dealt (worst hand).
    """
    take_back = after.take_back if keep_take_back else ()
    answerable = after.answerable if keep_take_back else None
    as_dealt = after.as_dealt
    if action.type not in KEEPS_AS_DEALT:
        as_dealt = tuple(
            s
            for s in after.as_dealt
            if s != action.seat and s < len(before.hands) and after.hands[s] == before.hands[s]
        )
    after = evolve(after, move=before.move + 1, take_back=take_back, answerable=answerable, as_dealt=as_dealt)
    verdict = Verdict(
        legal=True,
        action=action,
        reasons=tuple(reasons),
        effects=tuple(effects),
        interpretations=interpretations,
    )
    return Outcome(verdict=verdict, state=after)
