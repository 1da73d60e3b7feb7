"""Dobon reason codes: stable snake_case codes, message templates, deciding rules."""

from __future__ import annotations

from ...kernel import ReasonCatalog

CATALOG = ReasonCatalog()
_ = CATALOG.define

# -- why an action is illegal ------------------------------------------------------------
NO_SUCH_SEAT = _("no_such_seat", "seat {seat} is not at this table of {seats}", "dobon.seats")
UNEXPECTED_FIELD = _("unexpected_field", "a {type} action takes no {field!r} field", "dobon.action.shape")
MATCH_OVER = _("match_over", "the match is over", "dobon.match")
ROUND_OVER = _(
    "round_over", "the round is over; the next round starts with next_round", "dobon.match.next_round"
)
ROUND_NOT_OVER = _("round_not_over", "the round is still being played", "dobon.match.next_round")
NOT_YOUR_TURN = _("not_your_turn", "seat {seat} is not acting now; seat {turn} is", "dobon.turn.order")
CHECK_IN_PROGRESS = _(
    "check_in_progress", "a check is in progress: only claim or continue by seat {turn}", "dobon.check"
)
NO_CHECK = _("no_check", "there is no check to answer now", "dobon.check")
CLAIM_WHOLE_HAND = _(
    "claim_must_use_whole_hand",
    "a claim uses the whole hand ({hand_size} cards), not {given}",
    "dobon.claim.whole_hand",
)
CLAIM_CARDS_NOT_HAND = _(
    "claim_cards_not_in_hand",
    "the claim names cards that are not in the hand: {cards}",
    "dobon.claim.whole_hand",
)
CLAIM_TOTAL_MISMATCH = _(
    "claim_total_mismatch", "the hand totals {total}, the top card {top} is {target}", "dobon.claim.total"
)
CLAIM_OWN_DISCARD = _("claim_on_own_discard", "nobody claims on their own discard", "dobon.claim.own_discard")
ALREADY_CLAIMED = _(
    "already_claimed", "seat {seat} has already claimed in this return chain", "dobon.claim.returns.once"
)
TOP_REQUIRED = _(
    "claim_needs_top", "with returns a claim names the card to put on top", "dobon.claim.returns"
)
TOP_NOT_CLAIMED = _("top_not_in_claim", "{top} is not one of the claimed cards", "dobon.claim.returns")
NO_CARDS = _("cards_required", "a {type} action names the cards", "dobon.action.shape")
CARDS_NOT_IN_HAND = _("cards_not_in_hand", "not in seat {seat}'s hand: {cards}", "dobon.turn.match")
REPEATED_CARD = _("card_repeated", "{card} appears more than once", "dobon.queen.bundle")
ONE_CARD_ONLY = _("play_one_card", "an ordinary play is a single card", "dobon.turn.match")
BUNDLES_OFF = _("queen_bundles_off", "queen bundles are not played with these options", "dobon.queen.bundle")
BUNDLE_QUEENS_ONLY = _(
    "bundle_only_queens", "a bundle is made of queens only, not {cards}", "dobon.queen.bundle"
)
BUNDLE_FIRST_MUST_FIT = _(
    "bundle_first_queen_must_fit", "the first queen {card} does not fit the discard", "dobon.queen.bundle"
)
DOES_NOT_FIT = _(
    "card_does_not_fit",
    "{card} matches neither the active suit {suit} nor the rank of {top}",
    "dobon.turn.match",
)
FINAL_CARD = _(
    "final_card_cannot_be_discarded",
    "the final card can never be an ordinary discard; only a claim wins",
    "dobon.finish.final_card",
)
ANSWER_TWO = _(
    "must_answer_two_or_take",
    "seat {seat} faces an obligation of {count}: play a two or take them",
    "dobon.two",
)
ONLY_TWO_ANSWERS = _("only_a_two_answers", "only a two answers a pending two, not {card}", "dobon.two")
EIGHT_CANNOT_ANSWER = _("eight_cannot_answer_two", "an eight cannot answer a pending two", "dobon.eight")
NO_OBLIGATION = _("no_obligation", "there are no cards to take", "dobon.two")
SUIT_REQUIRED = _("suit_required", "the wild eight needs a chosen suit", "dobon.eight")
SUIT_NOT_ALLOWED = _(
    "suit_declaration_not_allowed", "{card} follows its printed suit; no suit is chosen", "dobon.eight"
)
DRAWN_CARD_ONLY = _(
    "only_drawn_card", "after drawing only the drawn card {drawn} may be played", "dobon.draw"
)
NOT_AFTER_DRAW = _("end_turn_only_after_draw", "end_turn keeps a drawn card; nothing was drawn", "dobon.draw")
ALREADY_DREW = _("already_drew", "seat {seat} has drawn: play the drawn card or end the turn", "dobon.draw")
OUT_OF_TURN_RANK = _(
    "no_out_of_turn_interruption",
    "there is no out-of-turn matching-rank play; seat {turn} is acting",
    "dobon.excluded.interruption",
)

# -- why an action is legal ---------------------------------------------------------------
FOLLOWS_SUIT = _("follows_suit", "{card} follows the active suit {suit}", "dobon.turn.match")
FOLLOWS_RANK = _("follows_rank", "{card} matches the rank of {top}", "dobon.turn.match")
WILD_EIGHT = _("wild_eight", "an eight may be played on any suit", "dobon.eight")
ANSWERS_TWO = _("answers_two", "a two answers the pending two; the obligation grows to {count}", "dobon.two")
BUNDLE = _("queen_bundle", "a bundle of {count} queens; {top} ends on top", "dobon.queen.bundle")
CLAIM_MATCHES = _(
    "claim_total_matches", "the whole hand totals {total}, the value of {top}", "dobon.claim.total"
)
CONTINUES = _("continues_check", "seat {seat} continues; this opportunity ends", "dobon.check")
DRAWS = _("draws", "seat {seat} draws", "dobon.draw")
TAKES = _("takes_obligation", "seat {seat} takes {count} cards", "dobon.two")
ENDS_TURN = _("ends_turn", "seat {seat} keeps the drawn card and ends the turn", "dobon.draw")
NEXT_ROUND = _("starts_next_round", "round {round} starts", "dobon.match.next_round")
