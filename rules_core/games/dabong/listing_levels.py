"""Listing the Intermediate and Master actions, apart from ``resolve`` like the rest of the listing.

Answers to 2s and heaven/hell answers are plays, paged by ``listing.py`` from the
matcher: facing 2s its pile context lists only add-ons and neutralisations, and a
window asks it for the answering pattern alone. Here: whether a seat facing 2s may
lay cards at all, and the claims.
"""

from __future__ import annotations

from ...kernel import Action, LegalEntry
from .actions_claims import worst_hand_flaw
from .state import OPENING, PLAYING, DabongState
from .values import in_play_value

_GROSS = 144
_HALF_DECK = 26


def _entry(action: Action, rule: str) -> LegalEntry:
    return LegalEntry(action=action, patterns=(rule,))


def facing_twos_may_play(state: DabongState) -> bool:
    """Facing 2s with add-ons on, and not six or more of them at Master (then: pick up only)."""
    penalty = state.penalty
    if penalty is None or not penalty.skip or not state.options.rule_on("twos_add_on"):
        return False
    return penalty.cards < 12 or not state.options.rule_on("twos_neutralization")


def turn_claims(state: DabongState, seat: int) -> list[LegalEntry]:
    """Gross rule and half deck: the seat on turn, nothing pending."""
    if state.status != PLAYING or state.penalty is not None:
        return []
    out: list[LegalEntry] = []
    hand = state.hands[seat]
    if state.options.rule_on("gross_rule"):
        shamans = sum(1 for c in hand if c.is_shaman)
        short = _GROSS - sum(in_play_value(c) for c in hand if not c.is_shaman)
        if shamans == 0 and short == 0:
            out.append(_entry(Action(type="claim_gross", seat=seat), "dabong.gross_rule"))
        elif shamans and shamans <= short <= 10 * shamans:
            out.append(_entry(Action(type="claim_gross", seat=seat, value=short), "dabong.gross_rule"))
    if state.options.rule_on("half_deck") and len(hand) >= _HALF_DECK:
        out.append(_entry(Action(type="claim_half_deck", seat=seat), "dabong.half_deck"))
    return out


def table_claims(state: DabongState, seat: int) -> list[LegalEntry]:
    """Worst hand and once a year: any seat, out of turn too."""
    if state.status not in (PLAYING, OPENING):
        return []
    out: list[LegalEntry] = []
    o = state.options
    facing = state.penalty is not None and state.turn == seat
    if (
        o.rule_on("worst_hand")
        and seat in state.as_dealt
        and not facing
        and worst_hand_flaw(state.hands[seat]) is None
    ):
        out.append(_entry(Action(type="claim_worst_hand", seat=seat), "dabong.worst_hand"))
    if o.rule_on("once_a_year") and o.calendar_year and o.calendar_year not in state.years_used[seat]:
        out.append(_entry(Action(type="claim_once_a_year", seat=seat), "dabong.once_a_year"))
    return out
