"""The Intermediate winning claims: gross rule, half deck, worst hand, once a year.

Like a natural dabong!, a claim ends the game with the winner's cards left in hand
(R-DABONG-20). The gross rule and the half deck are turn actions; the worst hand
and once a year may be claimed out of turn.
"""

from __future__ import annotations

from collections import Counter

from ...kernel import Action, Card, Outcome, Rank, Reason
from . import reasons as R
from .effects import OnceAYearUsed
from .hand_total import claimed_total
from .scoring import finish_game
from .state import DabongState, evolve
from .values import is_queen_of_water, pile_value
from .verdicts import allow, refuse

GROSS_TOTAL = 144
HALF_DECK_CARDS = 26
#: Ranks that make a hand "special" and so no worst hand (with the Queen of Water and Shamans).
SPECIAL_RANKS = frozenset({Rank.TWO, Rank.EIGHT, Rank.NINE, Rank.JACK})
#: Pile value from which a card counts as "valued 10 or higher" (10, Q, K, A).
HIGH_VALUE = 10
#: Rank order for poker straights, Ace low and high (no wrap).
_STRAIGHT_ORDER = (Rank.ACE, *(r for r in Rank if r is not Rank.ACE), Rank.ACE)


def _off(action: Action, name: str, rule_id: str) -> Outcome[DabongState]:
    return refuse(action, R.RULE_OFF(rule=name.replace("_", " "), rule_id=rule_id))


def claim_gross(state: DabongState, action: Action) -> Outcome[DabongState]:
    """Exactly 144 in-hand values; ``value`` is the total given to the hand's Shamans (1..10 each)."""
    if not state.options.rule_on("gross_rule"):
        return _off(action, "gross_rule", "dabong.gross_rule")
    if state.penalty is not None:
        return refuse(action, R.PENALTY_PENDING(seat=action.seat, cards=state.penalty.cards))
    hand = state.hands[action.seat]
    total = claimed_total(action, hand, needs_value=R.GROSS_NEEDS_VALUE, value_range=R.GROSS_VALUE_RANGE)
    if isinstance(total, Outcome):
        return total
    if total != GROSS_TOTAL:
        return refuse(action, R.GROSS_WRONG(total=total))
    after, effects = finish_game(state, action.seat, "gross_rule", "dabong.gross_rule")
    return allow(action, state, after, effects, R.GROSS(seat=action.seat))


def claim_half_deck(state: DabongState, action: Action) -> Outcome[DabongState]:
    if not state.options.rule_on("half_deck"):
        return _off(action, "half_deck", "dabong.half_deck")
    if state.penalty is not None:
        return refuse(action, R.PENALTY_PENDING(seat=action.seat, cards=state.penalty.cards))
    count = len(state.hands[action.seat])
    if count < HALF_DECK_CARDS:
        return refuse(action, R.HALF_DECK_SHORT(seat=action.seat, count=count))
    after, effects = finish_game(state, action.seat, "half_deck", "dabong.half_deck")
    return allow(action, state, after, effects, R.HALF_DECK(seat=action.seat, count=count))


def worst_hand_flaw(hand: tuple[Card, ...]) -> str | None:
    """Why ``hand`` is not the worst hand (None: it is)."""
    if any(c.is_shaman for c in hand):
        return "it holds a Shaman"
    special = [c for c in hand if c.rank in SPECIAL_RANKS or is_queen_of_water(c)]
    if special:
        return f"it holds a special card ({special[0]})"
    high = sum(1 for c in hand if pile_value(c) >= HIGH_VALUE)
    if high < 4:
        return f"only {high} card(s) valued 10 or higher, not four"
    if len({c.suit for c in hand}) < 4:
        return "it does not hold all four suits"
    ranks = Counter(c.rank for c in hand)
    pairs = sum(1 for n in ranks.values() if n >= 2)
    if any(n >= 3 for n in ranks.values()):
        return "it holds three of a kind"
    if pairs >= 2:
        return "it holds two pair"
    if max(Counter(c.suit for c in hand).values()) >= 5:
        return "it holds a flush of five"
    if _has_straight(set(ranks)):
        return "it holds a straight of five"
    return None


def _has_straight(ranks: set[Rank | None]) -> bool:
    row = 0
    for rank in _STRAIGHT_ORDER:
        row = row + 1 if rank in ranks else 0
        if row >= 5:
            return True
    return False


def claim_worst_hand(state: DabongState, action: Action) -> Outcome[DabongState]:
    seat = action.seat
    if not state.options.rule_on("worst_hand"):
        return _off(action, "worst_hand", "dabong.worst_hand")
    problems: list[Reason] = []
    if seat not in state.as_dealt:
        problems.append(R.WORST_NOT_AS_DEALT(seat=seat))
    if state.penalty is not None and seat == state.turn:
        problems.append(R.WORST_FACING())
    flaw = worst_hand_flaw(state.hands[seat])
    if flaw is not None:
        problems.append(R.WORST_NOT(why=flaw))
    if problems:
        return refuse(action, *problems)
    after, effects = finish_game(state, seat, "worst_hand", "dabong.worst_hand")
    return allow(action, state, after, effects, R.WORST_HAND(seat=seat))


def claim_once_a_year(state: DabongState, action: Action) -> Outcome[DabongState]:
    """One win per seat per calendar year, any moment; the seat's ledger records the year."""
    seat = action.seat
    if not state.options.rule_on("once_a_year"):
        return _off(action, "once_a_year", "dabong.once_a_year")
    year = state.options.calendar_year
    if not year:
        return refuse(action, R.YEAR_UNKNOWN())
    if year in state.years_used[seat]:
        return refuse(action, R.ONCE_USED(seat=seat, year=year))
    ledger = tuple(
        tuple(sorted((*years, year))) if i == seat else years for i, years in enumerate(state.years_used)
    )
    after, effects = finish_game(evolve(state, years_used=ledger), seat, "once_a_year", "dabong.once_a_year")
    effects.insert(0, OnceAYearUsed(rule_id="dabong.once_a_year", seat=seat, year=year))
    return allow(action, state, after, effects, R.ONCE_A_YEAR(seat=seat, year=year))
