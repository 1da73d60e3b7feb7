"""A hand's in-hand total for the whole-hand claims (natural dabong!, gross rule).

Shamans in hand count as the total the claim gives them in ``value`` (each worth
1..10, so k Shamans give k..10k: R-DABONG-04); without Shamans ``value`` is refused.
"""

from __future__ import annotations

from ...kernel import Action, Card, Outcome, ReasonCode
from . import reasons as R
from .state import DabongState
from .values import SHAMAN_CLAIM_VALUES, in_play_value
from .verdicts import refuse

SHAMAN_LO, SHAMAN_HI = SHAMAN_CLAIM_VALUES[0], SHAMAN_CLAIM_VALUES[-1]


def claimed_total(
    action: Action, hand: tuple[Card, ...], *, needs_value: ReasonCode, value_range: ReasonCode
) -> int | Outcome[DabongState]:
    """The hand's total with the claim's Shaman value, or the refusal when ``value`` is wrong."""
    shamans = sum(1 for c in hand if c.is_shaman)
    rest = sum(in_play_value(c) for c in hand if not c.is_shaman)
    lo, hi = shamans * SHAMAN_LO, shamans * SHAMAN_HI
    if shamans == 0:
        if action.value is not None:
            return refuse(action, R.UNEXPECTED_FIELD(field="value", type=action.type))
        return rest
    if action.value is None:
        return refuse(action, needs_value(shamans=shamans, lo=lo, hi=hi), needs=("value",))
    if not lo <= action.value <= hi:
        return refuse(action, value_range(shamans=shamans, lo=lo, hi=hi, value=action.value))
    return rest + action.value
