"""Adjudication: ``resolve`` checks who may act and dispatches to the action modules.

The legal-action listing (``listing.py``) is written separately from this and
the tests hold the two against each other.
"""

from __future__ import annotations

from collections.abc import Callable

from ...kernel import Action, Outcome
from . import actions_claims, actions_opening, actions_play, actions_table
from . import reasons as R
from .matcher_api import Matcher
from .state import GAME_OVER, OPENING, OVER, PLAYING, DabongState
from .verdicts import refuse

#: Action type -> the optional fields (and params) it takes; anything else is refused.
ACTION_FIELDS: dict[str, frozenset[str]] = {
    "play": frozenset({"cards", "declare", "suit"}),
    "draw": frozenset(),
    "pick_up": frozenset(),
    "claim_natural": frozenset({"value"}),
    "announce_one_card": frozenset(),
    "ask_card_count": frozenset({"target"}),
    "take_back": frozenset(),
    "trade": frozenset({"cards", "partner"}),
    "pass": frozenset(),
    "claim_gross": frozenset({"value"}),
    "claim_half_deck": frozenset(),
    "claim_worst_hand": frozenset(),
    "claim_once_a_year": frozenset(),
    "declare_opening": frozenset({"declare", "suit"}),
    "take_opening_shaman": frozenset({"top"}),
    "next_game": frozenset(),
}

ACTION_TYPES: dict[str, str] = {
    "play": "Lay cards from hand in this order (last on top); 'declare' names each Shaman's card, "
    "'suit' the suit an 8 or Jack on top puts in force. The river may be one of the cards of a play "
    "that empties the hand. Right after a heaven or hell any seat may play the opposite out of turn.",
    "draw": "Draw one card instead of playing; the turn passes.",
    "pick_up": "Pick up the cards a 2 or the Queen of Water imposes.",
    "claim_natural": "Natural dabong!: the whole hand adds up to the top card; 'value' is the total the "
    "hand's Shamans are given (each 1..10). Any seat, any moment.",
    "announce_one_card": 'Say "one card" while holding one card.',
    "ask_card_count": "Ask seat 'target' how many cards it holds; catches a seat that has not announced "
    "its one card (it draws one).",
    "take_back": "Pick the last play back up, undoing everything it caused.",
    "trade": "Trade cards with seat 'partner' by agreement: 'cards' lists both sides, each side gets at "
    "least one.",
    "pass": "Decline a 4th-card extra play (Intermediate up); the turn goes on as the play sent it.",
    "claim_gross": "Gross rule (Intermediate up): on one's own turn, the hand totals 144 in-hand values; "
    "'value' is the total the hand's Shamans are given (each 1..10).",
    "claim_half_deck": "Half deck (Intermediate up): on one's own turn, holding 26 or more cards.",
    "claim_worst_hand": "Worst hand (Intermediate up): the hand as dealt, before one's first action, "
    "not while facing a 2 or the Queen of Water. Any seat, out of turn too.",
    "claim_once_a_year": "Once a year (Intermediate up): win once per calendar year (option "
    "calendar_year), whatever the hand. Any seat, any moment.",
    "declare_opening": "The dealer names the opening 8's or Jack's suit, or the opening Shaman's card "
    "('declare') and its suit when it is an 8 or a Jack.",
    "take_opening_shaman": "The dealer takes the opening Shaman and buries card 'top' of the hand at the "
    "bottom of the draw pile; a new card is turned up.",
    "next_game": "Deal the next game of the match (the seat left of the last dealer deals).",
}

ACTION_PARAMS: dict[str, str] = {
    "target": "ask_card_count: the seat asked (integer)",
    "partner": "trade: the other seat of the trade (integer)",
}

#: Actions only the seat on turn takes (the opening ones: the dealer, who is on turn then).
TURN_ACTIONS = frozenset(
    {
        "play",
        "draw",
        "pick_up",
        "pass",
        "claim_gross",
        "claim_half_deck",
        "declare_opening",
        "take_opening_shaman",
    }
)
#: Actions allowed while the dealer settles the opening card.
OPENING_ACTIONS = frozenset(
    {
        "declare_opening",
        "take_opening_shaman",
        "claim_natural",
        "claim_worst_hand",
        "claim_once_a_year",
        "announce_one_card",
        "ask_card_count",
        "trade",
    }
)

Handler = Callable[[DabongState, Action], Outcome[DabongState]]


def resolve(state: DabongState, action: Action, matcher: Matcher) -> Outcome[DabongState]:
    if action.seat >= state.seats:
        return refuse(action, R.NO_SUCH_SEAT(seat=action.seat, seats=state.seats))
    allowed = ACTION_FIELDS.get(action.type, frozenset())
    extra = [f for f in action.given_fields() if f not in allowed]
    if extra:
        return refuse(action, *(R.UNEXPECTED_FIELD(field=f, type=action.type) for f in extra))
    phase = _phase_problem(state, action)
    if phase is not None:
        return phase
    handlers: dict[str, Handler] = {
        "play": lambda s, a: actions_play.play(s, a, matcher),
        "draw": actions_play.draw,
        "pass": actions_play.pass_extra_play,
        "claim_gross": actions_claims.claim_gross,
        "claim_half_deck": actions_claims.claim_half_deck,
        "claim_worst_hand": actions_claims.claim_worst_hand,
        "claim_once_a_year": actions_claims.claim_once_a_year,
        "pick_up": actions_play.pick_up,
        "claim_natural": actions_table.claim_natural,
        "announce_one_card": actions_table.announce_one_card,
        "ask_card_count": actions_table.ask_card_count,
        "take_back": actions_table.take_back,
        "trade": actions_table.trade,
        "declare_opening": actions_opening.declare_opening,
        "take_opening_shaman": actions_opening.take_opening_shaman,
        "next_game": actions_opening.next_game,
    }
    return handlers[action.type](state, action)


#: The most a state's ``move`` and ``shuffles`` may hold (the reader refuses more). A state at
#: the limit takes no action: the next would write a state the service could not read back.
COUNTER_LIMIT = 10**9


def at_counter_limit(state: DabongState) -> str | None:
    """The counter that has reached ``COUNTER_LIMIT``, if any."""
    if state.move >= COUNTER_LIMIT:
        return "move"
    if state.shuffles >= COUNTER_LIMIT:
        return "shuffles"
    return None


def _phase_problem(state: DabongState, action: Action) -> Outcome[DabongState] | None:
    kind = action.type
    counter = at_counter_limit(state)
    if counter is not None:
        return refuse(action, R.COUNTER_LIMIT(counter=counter, limit=COUNTER_LIMIT))
    if state.status == OVER:
        return refuse(action, R.MATCH_OVER())
    if state.status == GAME_OVER:
        return None if kind == "next_game" else refuse(action, R.GAME_OVER())
    if kind == "next_game":
        return refuse(action, R.GAME_NOT_OVER())
    if state.status == OPENING and kind not in OPENING_ACTIONS:
        return refuse(action, R.OPENING_PENDING())
    if state.status == PLAYING and kind in ("declare_opening", "take_opening_shaman"):
        return refuse(action, R.NOT_OPENING())
    if kind in TURN_ACTIONS and action.seat != state.turn:
        if kind == "play" and state.answerable is not None:
            return None  # a heaven/hell answer out of turn: the play itself must be the opposite
        return refuse(action, R.NOT_YOUR_TURN(turn=state.turn, seat=action.seat))
    return None
