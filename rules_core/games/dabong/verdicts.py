"""Building outcomes: the common shape of every legal and illegal answer."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ...kernel import Action, Effect, Interpretation, Outcome, Reason, Verdict
from .state import DabongState


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
    """A legal action: count the move; anything but a play or a take-back closes the take-back."""
    take_back = after.take_back if keep_take_back else None
    after = replace(after, move=before.move + 1, take_back=take_back)
    verdict = Verdict(
        legal=True,
        action=action,
        reasons=tuple(reasons),
        effects=tuple(effects),
        interpretations=interpretations,
    )
    return Outcome(verdict=verdict, state=after)
