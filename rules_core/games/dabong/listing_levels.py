"""Listing the Intermediate and Master actions, apart from ``resolve`` like the rest of the listing.

Answers to 2s and heaven/hell answers are the matcher's plays of the hand, kept
when they are 2s only or neutralize (facing 2s) or are the opposite play
(answering); these lists are built whole, so they are only built when such a
moment is on the table.
"""

from __future__ import annotations

from ...kernel import Action, Card, LegalEntry, Rank
from .actions_claims import worst_hand_flaw
from .actions_play import pile_context
from .matcher_api import Matcher
from .patterns import PATTERNS
from .state import OPENING, PLAYING, DabongState
from .values import in_play_value

_ANSWER_RULE = {"heaven": "dabong.hell", "hell": "dabong.heaven"}
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


def _identities(action: Action) -> list[Card]:
    declared = dict(action.declare)
    return [declared.get(c, c) for c in action.cards]


def _answers_twos(state: DabongState, action: Action) -> bool:
    assert state.penalty is not None
    owed = state.penalty.cards
    ids = _identities(action)
    if all(c.rank is Rank.TWO for c in ids):
        return True
    o = state.options
    by_two = ids[0].rank is Rank.TWO and len(ids) >= 2
    by_value = owed <= 10 and in_play_value(ids[0]) == owed
    if o.rule_on("twos_neutralization") and (by_two or by_value):
        return True
    shaman_count = sum(1 for c in action.cards if c.is_shaman)
    return (
        o.rule_on("shaman_neutralization")
        and owed == 2
        and len(ids) == 2
        and shaman_count == 1
        and all(c.rank is Rank.ACE for c in ids)
    )


def twos_answers(state: DabongState, seat: int, matcher: Matcher) -> list[LegalEntry]:
    ctx = pile_context(state, seat)
    page = matcher.list_plays(ctx, state.hands[seat], state.options, seat=seat)
    return [e for e in page.entries if _answers_twos(state, e.action)]


def answer_plays(state: DabongState, seat: int, matcher: Matcher) -> list[LegalEntry]:
    """The opposite heaven/hell plays ``seat`` may lay out of turn now."""
    assert state.answerable is not None
    wanted = _ANSWER_RULE[state.answerable]
    ids = {p.id for p in PATTERNS if p.rule_id == wanted}
    ctx = pile_context(state, seat)
    page = matcher.list_plays(ctx, state.hands[seat], state.options, seat=seat)
    return [e for e in page.entries if ids & set(e.patterns)]


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
