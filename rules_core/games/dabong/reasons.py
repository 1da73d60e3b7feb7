"""Every reason the dabong! engine gives, with its message template and rule id.

Codes are part of the API contract: never rename one. The matcher's own codes
(why a sequence of cards is not a legal play) arrive through ``PlayCheck.misses``
and are reported as they come.
"""

from __future__ import annotations

from ...kernel import ReasonCatalog

REASONS = ReasonCatalog()
_d = REASONS.define

# -- who may act -----------------------------------------------------------------------
NOT_YOUR_TURN = _d("not_your_turn", "it is seat {turn}'s turn, not seat {seat}'s", "dabong.turn")
NO_SUCH_SEAT = _d("no_such_seat", "seat {seat} does not exist at a table of {seats}", "dabong.deck")
UNEXPECTED_FIELD = _d("unexpected_field", "{field!r} makes no sense for a {type} action", "dabong.turn")
MISSING_FIELD = _d("missing_field", "a {type} action needs {field!r}", "dabong.turn")
GAME_OVER = _d("game_over", "the game is over", "dabong.win")
MATCH_OVER = _d("match_over", "the match is over", "dabong.scoring")
COUNTER_LIMIT = _d(
    "counter_limit",
    "the match has reached its {counter} limit ({limit}): no action may follow",
    "dabong.turn",
)
OPENING_PENDING = _d("opening_pending", "the dealer must first settle the opening card", "dabong.opening")
NOT_OPENING = _d("not_opening", "there is no opening card to settle", "dabong.opening")
GAME_NOT_OVER = _d("game_not_over", "the game is still being played", "dabong.scoring")
NOT_NEXT_DEALER = _d("not_next_dealer", "seat {dealer} deals the next game", "dabong.scoring.tennis")

# -- playing ---------------------------------------------------------------------------
NO_CARDS = _d("no_cards", "a play needs at least one card", "dabong.turn")
CARD_NOT_IN_HAND = _d("card_not_in_hand", "{card} is not in seat {seat}'s hand", "dabong.turn")
CARD_REPEATED = _d("card_repeated", "{card} is named more than once", "dabong.turn")
PENALTY_PENDING = _d("penalty_pending", "seat {seat} must first pick up {cards} cards", "dabong.two")
NO_PENALTY = _d("no_penalty", "there is nothing to pick up", "dabong.two")
DECLARE_NOT_IN_PLAY = _d("declare_not_in_play", "{card} is declared but not played", "dabong.shaman")
DECLARE_NOT_REAL = _d(
    "declare_not_real", "{card} must be declared as one of the 52 real cards, not {as_card}", "dabong.shaman"
)
DECLARE_NOT_SHAMAN = _d("declare_not_shaman", "only a Shaman is declared; {card} is not one", "dabong.shaman")
SUIT_REQUIRED = _d("suit_required", "an {rank} on top needs a suit: one of {choices}", "dabong.eight")
SUIT_NOT_ALLOWED = _d(
    "suit_not_allowed", "{suit} is not a suit this {card} can declare: {choices}", "dabong.jack"
)
SUIT_UNUSED = _d(
    "suit_unused", "only an 8 or a Jack on top declares a suit; the top card is {card}", "dabong.eight"
)
PLAY_ILLEGAL = _d("play_illegal", "{cards} is not a legal play on {top}", "dabong.follow")
PLAY_NEEDS_DECLARATION = _d(
    "play_needs_declaration",
    "the play is legal in several ways that differ: declare {needs}",
    "dabong.shaman",
)
PLAY_LEGAL = _d("play_legal", "{cards} is a legal {pattern} on {top}", "dabong.follow")
WENT_OUT = _d("went_out", "seat {seat} played its last card and wins", "dabong.win")
DREW = _d("drew", "seat {seat} draws {count} card(s)", "dabong.draw")
PICKED_UP = _d("picked_up", "seat {seat} picks up {count} card(s)", "dabong.two")

# -- Intermediate and Master flow -----------------------------------------------------
TWOS_MUST_PICK_UP = _d(
    "twos_must_pick_up",
    "facing {twos} 2s ({cards} cards) seat {seat} must pick up: no add-on, no neutralization",
    "dabong.twos_neutralization",
)
TWOS_ANSWER_NEEDED = _d(
    "twos_answer_needed",
    "facing {cards} cards of 2s, a play must be 2s only (an add-on){neutral}",
    "dabong.twos_add_on",
)
TWOS_ADDED_ON = _d(
    "twos_added_on",
    "seat {seat} adds {added} to the 2s: seat {next_seat} faces {cards}",
    "dabong.twos_add_on",
)
TWOS_NEUTRALIZED = _d(
    "twos_neutralized", "seat {seat} neutralizes the {cards} cards of 2s", "dabong.twos_neutralization"
)
EXTRA_PLAY = _d(
    "extra_play_earned",
    "a run of {run} {rank} on top: seat {seat} may play once more (or pass, or draw one)",
    "dabong.fourth_card",
)
NO_EXTRA_PLAY = _d("no_extra_play", "there is no 4th-card extra play to pass on", "dabong.fourth_card")
PASSED = _d("passed_extra_play", "seat {seat} passes on the extra play", "dabong.fourth_card")
NOT_AN_ANSWER = _d(
    "not_an_answer",
    "out of turn only a {answer} answering the {play} on top may be laid",
    "dabong.heaven_hell_answer",
)
ANSWERED = _d("answered", "seat {seat} answers the {play} with a {answer}", "dabong.heaven_hell_answer")
RIVER_NOT_WINNING = _d(
    "river_not_winning",
    "the river {card} may only be used in a play that empties the hand ({hand} card(s) in hand, {laid} laid)",
    "dabong.river",
)
RIVER_USED = _d("river_used", "seat {seat} uses the river {card} in its winning play", "dabong.river")
GROSS = _d("gross_rule", "seat {seat}'s hand totals 144 and wins", "dabong.gross_rule")
GROSS_WRONG = _d("gross_wrong_total", "the hand totals {total}, not 144", "dabong.gross_rule")
GROSS_NEEDS_VALUE = _d(
    "gross_needs_value",
    "the hand holds {shamans} Shaman(s): give their values' total as 'value' ({lo}..{hi})",
    "dabong.gross_rule",
)
GROSS_VALUE_RANGE = _d(
    "gross_value_out_of_range", "{shamans} Shaman(s) can count {lo}..{hi}, not {value}", "dabong.gross_rule"
)
HALF_DECK = _d("half_deck", "seat {seat} holds {count} cards and wins", "dabong.half_deck")
HALF_DECK_SHORT = _d("half_deck_short", "seat {seat} holds {count} cards, not 26 or more", "dabong.half_deck")
WORST_HAND = _d("worst_hand", "seat {seat}'s hand as dealt is the worst hand and wins", "dabong.worst_hand")
WORST_NOT_AS_DEALT = _d(
    "worst_hand_not_as_dealt",
    "seat {seat} has acted or its hand changed since the deal: only a hand as dealt counts",
    "dabong.worst_hand",
)
WORST_FACING = _d(
    "worst_hand_facing_penalty",
    "the worst hand does not apply while facing a 2 or the Queen of Water",
    "dabong.worst_hand",
)
WORST_NOT = _d("not_worst_hand", "not the worst hand: {why}", "dabong.worst_hand")
ONCE_A_YEAR = _d("once_a_year", "seat {seat} uses its once-a-year dabong! for {year}", "dabong.once_a_year")
ONCE_USED = _d(
    "once_a_year_used", "seat {seat} has already used its once-a-year dabong! in {year}", "dabong.once_a_year"
)
YEAR_UNKNOWN = _d(
    "calendar_year_unknown",
    "the current calendar year is not given (option calendar_year)",
    "dabong.once_a_year",
)

# -- natural dabong! -------------------------------------------------------------------
NATURAL = _d(
    "natural_dabong", "seat {seat}'s hand adds up to {total}, the pile value of {top}", "dabong.natural"
)
NATURAL_TOO_FEW = _d(
    "natural_too_few_cards", "a natural dabong! needs two or more cards in hand", "dabong.natural"
)
NATURAL_OWN_CARD = _d("natural_own_card", "seat {seat} put {top} on top itself", "dabong.natural")
NATURAL_WRONG_SUM = _d("natural_wrong_sum", "the hand adds up to {total}, not {target}", "dabong.natural")
NATURAL_NEEDS_VALUE = _d(
    "natural_needs_value",
    "the hand holds {shamans} Shaman(s): give their chosen values' total as 'value' ({lo}..{hi})",
    "dabong.natural",
)
NATURAL_VALUE_RANGE = _d(
    "natural_value_out_of_range", "{shamans} Shaman(s) can count {lo}..{hi}, not {value}", "dabong.natural"
)
NATURAL_NO_TOP = _d(
    "natural_no_top", "the top card has no value until the opening Shaman is settled", "dabong.natural"
)

# -- one card --------------------------------------------------------------------------
ANNOUNCED = _d("one_card_announced", "seat {seat} announces one card", "dabong.one_card")
NOT_ONE_CARD = _d("not_one_card", "seat {seat} holds {count} cards, not one", "dabong.one_card")
ALREADY_ANNOUNCED = _d("already_announced", "seat {seat} has already announced one card", "dabong.one_card")
CAUGHT = _d("caught_one_card", "seat {target} did not announce one card and draws one", "dabong.one_card")
NOTHING_TO_CATCH = _d("nothing_to_catch", "seat {target} {why}: asking changes nothing", "dabong.one_card")
ASK_SELF = _d("ask_self", "a seat does not ask itself", "dabong.one_card")
RULE_OFF = _d("rule_off", "the {rule} rule is switched off", "dabong.level")

# -- take-back -------------------------------------------------------------------------
TOOK_BACK = _d("took_back", "seat {seat} takes back {cards}", "dabong.unwind")
NOTHING_TO_TAKE_BACK = _d(
    "nothing_to_take_back", "there is no play that can still be taken back", "dabong.unwind"
)
NOT_YOUR_PLAY = _d("not_your_play", "the play that can be taken back is seat {owner}'s", "dabong.unwind")

# -- trading ---------------------------------------------------------------------------
TRADED = _d("traded", "seats {seat} and {partner} trade {gave} for {received} card(s)", "dabong.trade")
TRADE_PARTNER = _d(
    "trade_partner", "name the other seat of the trade as 'partner' (not seat {seat})", "dabong.trade"
)
TRADE_CARD_ELSEWHERE = _d(
    "trade_card_elsewhere", "{card} is in neither seat {seat}'s nor seat {partner}'s hand", "dabong.trade"
)
TRADE_ONE_SIDED = _d(
    "trade_one_sided",
    "each side of a trade receives at least one card; seat {seat} would receive none",
    "dabong.trade",
)

# -- the opening card ------------------------------------------------------------------
OPENING_SETTLED = _d("opening_settled", "the dealer settles the opening {top}", "dabong.opening")
OPENING_NOT_SHAMAN = _d(
    "opening_not_shaman", "only an opening Shaman is declared or taken; it is {top}", "dabong.opening"
)
OPENING_NEEDS = _d("opening_needs", "the opening {top} needs {field!r}", "dabong.opening")
BURY_NOT_IN_HAND = _d("bury_not_in_hand", "{card} is not in the dealer's hand", "dabong.opening")
BURY_THE_SHAMAN = _d(
    "bury_the_shaman", "the dealer buries a different card, not the Shaman just taken", "dabong.opening"
)
SHAMAN_TAKEN = _d(
    "opening_shaman_taken", "the dealer takes the opening Shaman and buries {card}", "dabong.opening"
)
NEXT_GAME = _d("next_game", "seat {dealer} deals game {number}", "dabong.scoring")


def game_catalog() -> ReasonCatalog:
    """The engine's reasons plus the matcher's (why a laid sequence is no legal play).

    The matcher publishes its codes as ``matcher.MISS_REASONS``; a miss whose code is
    not in this catalog is still reported, inside the details of ``play_illegal``.
    """
    from . import matcher

    misses = getattr(matcher, "MISS_REASONS", None)
    return REASONS.merged(misses) if isinstance(misses, ReasonCatalog) else REASONS


CATALOG = game_catalog()
