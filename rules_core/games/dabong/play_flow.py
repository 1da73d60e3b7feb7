"""The Intermediate and Master flow around a play: 2s, the 4th card, heaven/hell answers, the river.

The matcher says whether laid cards form a pattern; this module says what the
table makes of a legal play: whether the seat facing 2s may lay it at all, how many
cards the 2s on top now owe, whether the run of ranks earns an extra play, and
whether the play opens a heaven/hell answer. Rulings R-DABONG-16 to R-DABONG-19.
"""

from __future__ import annotations

from ...kernel import Card, Rank, Reason
from . import reasons as R
from .state import DabongState
from .values import in_play_value

#: Cards owed at which a seat must pick up (six 2s), when neutralization is played.
MUST_PICK_UP_AT = 12
#: Neutralization by a card of the accumulated value is "not allowed beyond 10".
NEUTRALIZE_BY_VALUE_UP_TO = 10
#: The opposite of each answerable play, and the rule id of the answer.
OPPOSITE: dict[str, tuple[str, str]] = {
    "heaven": ("hell", "dabong.hell"),
    "hell": ("heaven", "dabong.heaven"),
}
_ANSWERABLE_RANKS: dict[Rank, str] = {Rank.SEVEN: "heaven", Rank.SIX: "hell"}


def twos_owed(state: DabongState) -> int:
    """Cards pending 2s make the seat on turn draw (0: none, or a Queen of Water)."""
    penalty = state.penalty
    return penalty.cards if penalty is not None and penalty.skip else 0


def may_answer_twos(state: DabongState) -> bool:
    """Whether the seat facing 2s may lay cards at all (else it must pick up)."""
    owed = twos_owed(state)
    if not owed or not state.options.rule_on("twos_add_on"):
        return False
    return not (state.options.rule_on("twos_neutralization") and owed >= MUST_PICK_UP_AT)


def twos_refusal(state: DabongState, seat: int) -> Reason | None:
    """Why the seat facing 2s may not play now (None: it may try an add-on or neutralization)."""
    owed = twos_owed(state)
    if may_answer_twos(state):
        return None
    if owed and state.options.rule_on("twos_add_on"):
        return R.TWOS_MUST_PICK_UP(seat=seat, twos=owed // 2, cards=owed)
    assert state.penalty is not None
    return R.PENALTY_PENDING(seat=seat, cards=state.penalty.cards)


def all_twos(identities: tuple[Card, ...]) -> bool:
    return all(c.rank is Rank.TWO for c in identities)


def neutralizes(state: DabongState, cards: tuple[Card, ...], identities: tuple[Card, ...]) -> bool:
    """Whether a play that is not 2s only cancels the pending 2s (Master).

    It begins with a 2 and holds another card, or begins with a card whose in-play
    value is the cards owed (10 at most); or, against a single 2, it is an Ace and a
    Shaman (the Shaman-assisted addition).
    """
    owed = twos_owed(state)
    options = state.options
    if options.rule_on("twos_neutralization"):
        first = identities[0]
        if first.rank is Rank.TWO and len(identities) > 1:
            return True
        if owed <= NEUTRALIZE_BY_VALUE_UP_TO and in_play_value(first) == owed:
            return True
    if options.rule_on("shaman_neutralization") and owed == 2 and len(cards) == 2:
        shamans = [i for c, i in zip(cards, identities, strict=True) if c.is_shaman]
        return len(shamans) == 1 and all(i.rank is Rank.ACE for i in identities)
    return False


def twos_answer_problem(
    state: DabongState, cards: tuple[Card, ...], identities: tuple[Card, ...]
) -> Reason | None:
    """Facing 2s, a legal pattern is still refused unless it adds on or neutralizes."""
    if all_twos(identities) or neutralizes(state, cards, identities):
        return None
    neutral = ""
    if state.options.rule_on("twos_neutralization"):
        neutral = ", or begin with a 2 and hold another card, or begin with a card of that value"
    return R.TWOS_ANSWER_NEEDED(cards=twos_owed(state), neutral=neutral)


def trailing_run(identities: tuple[Card, ...]) -> int:
    """Cards of the top identity's rank at the end of the play."""
    top = identities[-1].rank
    run = 0
    for identity in reversed(identities):
        if identity.rank is not top:
            break
        run += 1
    return run


def new_rank_run(state: DabongState, identities: tuple[Card, ...]) -> int:
    """The run of one rank on top after the play: the play's own tail, plus the old run if unbroken."""
    tail = trailing_run(identities)
    before = state.top_identity
    if tail == len(identities) and before is not None and before.rank is identities[-1].rank:
        return state.rank_run + tail
    return tail


def owed_after(state: DabongState, identities: tuple[Card, ...], answering_twos: bool) -> int:
    """Cards a 2 on top of this play makes the next seat draw.

    At Beginner always two. With add-ons every 2 at the top of the play counts two
    (several 2s on top add on by themselves); a play of 2s only, laid on pending 2s,
    adds to them; after a neutralization the 2s on top start a new obligation.
    """
    if not state.options.rule_on("twos_add_on"):
        return 2
    fresh = 2 * trailing_run(identities)
    if answering_twos and all_twos(identities):
        return twos_owed(state) + fresh
    return fresh


def answerable_play(state: DabongState, identities: tuple[Card, ...]) -> str | None:
    """ "heaven"/"hell" when this play (exactly three 7s / 6s) may be answered out of turn."""
    if len(identities) != 3 or not state.options.rule_on("heaven_hell_answer"):
        return None
    kind = _ANSWERABLE_RANKS.get(identities[0].rank) if identities[0].rank is not None else None
    if kind is None or any(c.rank is not identities[0].rank for c in identities):
        return None
    return kind if state.options.rule_on(kind) else None


def river_problem(state: DabongState, seat: int, cards: tuple[Card, ...]) -> Reason | None:
    """The river may only be a card of a play that empties the hand."""
    river = state.river
    if river is None or river not in cards:
        return None
    hand = len(state.hands[seat])
    if len(cards) != hand + 1:
        return R.RIVER_NOT_WINNING(card=river, hand=hand, laid=len(cards))
    return None
