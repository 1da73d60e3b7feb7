"""Reason codes of 99 (stable snake_case, never renamed), each citing its rule."""

from __future__ import annotations

from ...kernel import ReasonCatalog
from . import rules as r

REASONS = ReasonCatalog()

# -- why an action is illegal ------------------------------------------------------
GAME_OVER = REASONS.define("game_over", "the hand is over: seat {winner} won", r.WIN)
NO_SUCH_SEAT = REASONS.define("no_such_seat", "seat {seat} is not at this table of {seats}", r.PLAYERS)
UNEXPECTED_FIELD = REASONS.define(
    "unexpected_field", "a play in 99 takes only 'cards'; '{field}' makes no sense here", r.TURN
)
SEAT_OUT = REASONS.define("seat_out", "seat {seat} is out of the hand", r.ELIMINATION)
NOT_YOUR_TURN = REASONS.define("not_your_turn", "it is seat {turn}'s turn, not seat {seat}'s", r.TURN)
PLAY_ONE_CARD = REASONS.define("play_one_card", "a turn plays exactly one card, not {count}", r.TURN)
CARD_NOT_IN_HAND = REASONS.define("card_not_in_hand", "seat {seat} does not hold {card}", r.TURN)
MUST_SHIELD = REASONS.define(
    "must_shield",
    "seat {seat} is attacked by the Death Card and holds the Ace of Diamonds: it must play AD, not {card}",
    r.SHIELD,
)
OVER_99 = REASONS.define(
    "over_99", "{card} would take the Count from {count} to {after}, over 99", r.FORCED_PLAY
)
NOT_PLAYABLE_AT_99 = REASONS.define(
    "not_playable_at_99",
    "at 99 only a 2, 9, 10, King or the Queen of Spades can be played, not {card}",
    r.THRESHOLD,
)

# -- why an action is legal --------------------------------------------------------
ADDS_VALUE = REASONS.define(
    "adds_value", "{card} adds {value}: the Count goes from {count} to {after}", r.VALUES
)
KING_SETS_99 = REASONS.define("king_sets_99", "{card} sets the Count from {count} to 99", r.KING)
PASS_AT_99 = REASONS.define("pass_at_99", "{card} passes: the Count stays at 99", r.THRESHOLD_PASS)
DROP_TO_89 = REASONS.define("drop_to_89", "{card} drops the Count from 99 to 89", r.THRESHOLD_DROP)
KING_HOLDS_99 = REASONS.define("king_holds_99", "{card} holds the Count at 99", r.THRESHOLD_KING)
DEATH_CARD = REASONS.define(
    "death_card", "the Queen of Spades at 99 is the Death Card: it attacks seat {target}", r.DEATH_CARD
)
SHIELD = REASONS.define(
    "shield", "the Ace of Diamonds shields seat {seat} from seat {attacker}'s Death Card", r.SHIELD
)
