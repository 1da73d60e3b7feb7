"""The worked examples of Dobon as requests, keyed by rule id, and the document's coverage list.

Each example rigs a deal (hands dealt round-robin from seat 0, the opening card, then
``stock`` on top of the stock), plays a setup script and asks about one more action,
with the verdict it must get. Checks are answered by ``continue`` in the order the
ruling fixes (R-DOBON-03): the opening card's check asks every seat from seat 0, a
discard's the other seats after the discarder, a draw's the drawer alone.
``COVERAGE`` maps every part of the rule document (``seeds/001_...``) to rule ids.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...kernel import STANDARD_52, RuleExample
from ...reference.coverage import DocumentSection
from ...reference.rigging import deck_order

SEED = 42
SUM_ONLY = "sum_only"
ACTION = "action_cards"
Act = dict[str, Any]


def _continue(*seats: int) -> list[Act]:
    return [{"type": "continue", "seat": s} for s in seats]


def _opening(seats: int) -> list[Act]:
    """Every seat passes on the opening card, from seat 0."""
    return _continue(*range(seats))


def _play(seat: int, seats: int, *cards: str, suit: str | None = None) -> list[Act]:
    """A play and the others' check after it (clockwise from the discarder)."""
    action: Act = {"type": "play", "seat": seat, "cards": list(cards)}
    if suit is not None:
        action["suit"] = suit
    return [action, *_continue(*((seat + k) % seats for k in range(1, seats)))]


def _draw(seat: int) -> list[Act]:
    """A draw and the drawer's own check."""
    return [{"type": "draw", "seat": seat}, *_continue(seat)]


def _claim(seat: int, *cards: str, top: str | None = None) -> Act:
    action: Act = {"type": "claim", "seat": seat, "cards": list(cards)}
    if top is not None:
        action["top"] = top
    return action


def _ex(
    title: str,
    hands: Sequence[Sequence[str]],
    opening: str,
    setup: Sequence[Act],
    action: Act,
    *,
    legal: bool,
    code: str,
    stock: Sequence[str] = (),
    preset: str = SUM_ONLY,
    note: str = "",
    **options: Any,
) -> RuleExample:
    deal: dict[str, Any] = {
        "seats": len(hands),
        "preset": preset,
        "seed": SEED,
        "deck_order": deck_order(STANDARD_52, hands, turned=[opening], draw=stock),
    }
    if options:
        deal["options"] = options
    return RuleExample(
        title=title, deal=deal, setup=tuple(setup), action=action, legal=legal, code=code, note=note
    )


#: Two Sum-only seats on an opening 6H.
H2 = [["3H", "5S", "KD", "9C"], ["2D", "4C", "QH", "7S"]]
#: Two Action cards seats (five cards) on an opening 6H.
A2 = [["3H", "8S", "AH", "JH", "QH"], ["2D", "4C", "QS", "7S", "5C"]]
#: Seat 0 plays down its hand on 6H: 3H, then (after 3S) 5S, then (after 5D) 9D; seat 1 ends on 9C.
_DOWN_SETUP = [
    *_opening(2),
    *_play(0, 2, "3H"),
    *_play(1, 2, "3S"),
    *_play(0, 2, "5S"),
    *_play(1, 2, "5D"),
    *_play(0, 2, "9D"),
    *_play(1, 2, "9C"),
]


#: Seat 0 can claim on an opening king (1 + 2 + 4 + 6); seat 1 then holds 1 + 1 + 2 + 2.
RETURN = [["AH", "2S", "4H", "6S"], ["AS", "AC", "2D", "2C"]]
#: Seat 0 lays a two on hearts; seat 1 holds a two and a heart.
TWO = [["2H", "5S", "KD", "9C"], ["2D", "4C", "QH", "7S"]]
_TWO_SETUP = [*_opening(2), *_play(0, 2, "2H")]
QUEENS = [["QH", "QC", "AH", "JH", "3H"], ["2D", "4C", "QS", "7S", "5C"]]
#: Seat 0 wins on the opening jack (1 + 2 + 3 + 5 = 11).
WIN = [["AS", "2C", "3D", "5S"], ["4C", "QH", "7S", "9D"]]
_WIN_CLAIM = _claim(0, "AS", "2C", "3D", "5S")


def _draws(first: int, count: int, top_owner: int | None = None) -> list[Act]:
    """``count`` Sum-only draws, seats alternating from ``first`` (each draw ends the turn); the
    owner of the top discard is not checked after its draws (nobody claims on their own discard)."""
    seats = [(first + k) % 2 for k in range(count)]
    return [
        a for seat in seats for a in ([{"type": "draw", "seat": seat}] if seat == top_owner else _draw(seat))
    ]


def _action_limit_example() -> RuleExample:
    """The 800th action of a round: a seeded Sum-only game in which nobody claims (data file).

    The log (made once from the seeded game, kept as data so nothing is computed at import)
    is 800 legal actions; the state before the last is served, and the last one's effects
    end the round drawn (``RoundDrawn``, ``MatchEnded``), no win awarded.
    """
    log = json.loads((Path(__file__).parent / "data" / "action_limit_log.json").read_text(encoding="utf-8"))
    actions = log["actions"]
    return RuleExample(
        title="The 800th action of a round ends it drawn; nobody gets a win",
        deal=log["deal"],
        setup=tuple(actions[:-1]),
        action=actions[-1],
        legal=True,
        code="follows_suit",
        note="The play itself is ordinary; its effects end the round: RoundDrawn (action limit), MatchEnded.",
    )


EXAMPLES: dict[str, tuple[RuleExample, ...]] = {
    "dobon.round.action_limit": (_action_limit_example(),),
    "dobon.deck": (
        _ex(
            "Any card of the 52 follows the active suit",
            H2,
            "6H",
            _opening(2),
            _play(0, 2, "3H")[0],
            legal=True,
            code="follows_suit",
            note="A standard 52-card deck, no jokers: 3H on 6H.",
        ),
    ),
    "dobon.seats": (
        _ex(
            "Two to four seats: seat 3 is not at a two-seat table",
            H2,
            "6H",
            _opening(2),
            _draw(3)[0],
            legal=False,
            code="no_such_seat",
        ),
    ),
    "dobon.deal": (
        _ex(
            "Sum-only deals four cards: only those are in hand",
            H2,
            "6H",
            _opening(2),
            _play(0, 2, "2D")[0],
            legal=False,
            code="cards_not_in_hand",
            note="Seat 0 was dealt 3H 5S KD 9C; 2D went to seat 1.",
        ),
    ),
    "dobon.values": (
        _ex(
            "A jack counts eleven",
            [["AS", "2C", "3D", "5S"], ["4C", "QH", "7S", "9D"]],
            "JH",
            [],
            _claim(0, "AS", "2C", "3D", "5S"),
            legal=True,
            code="claim_total_matches",
            note="1 + 2 + 3 + 5 = 11, the value of the opening jack.",
            returns=False,
        ),
    ),
    "dobon.turn.match": (
        _ex(
            "A card of the active suit",
            H2,
            "6H",
            _opening(2),
            _play(0, 2, "3H")[0],
            legal=True,
            code="follows_suit",
        ),
        _ex(
            "A card of the top rank",
            [["6S", "5S", "KD", "9C"], H2[1]],
            "6H",
            _opening(2),
            _play(0, 2, "6S")[0],
            legal=True,
            code="follows_rank",
        ),
        _ex(
            "Neither suit nor rank",
            H2,
            "6H",
            _opening(2),
            _play(0, 2, "5S")[0],
            legal=False,
            code="card_does_not_fit",
        ),
    ),
    "dobon.turn.order": (
        _ex("Seat 0 plays first", H2, "6H", _opening(2), _draw(1)[0], legal=False, code="not_your_turn"),
    ),
    "dobon.draw": (
        _ex("Drawing instead of playing", H2, "6H", _opening(2), _draw(0)[0], legal=True, code="draws"),
        _ex(
            "Action cards: after drawing, only the drawn card may be played",
            A2,
            "6H",
            [*_opening(2), *_draw(0)],
            _play(0, 2, "3H")[0],
            legal=False,
            code="only_drawn_card",
            stock=["9S"],
            preset=ACTION,
        ),
    ),
    "dobon.draw.until_playable": (
        _ex(
            "Draw until playable: the seat keeps drawing to a fitting card",
            [["5S", "7C", "KD", "9C"], H2[1]],
            "6H",
            _opening(2),
            _draw(0)[0],
            legal=True,
            code="draws",
            stock=["2S", "3C", "10H"],
            note="2S and 3C do not fit 6H; 10H does, so the draw stops there.",
            drawing="draw_until_playable",
        ),
    ),
    "dobon.finish.final_card": (
        _ex(
            "Sum-only: the final card cannot be an ordinary discard",
            [["3H", "5S", "9D", "9S"], ["3S", "5D", "9C", "KH"]],
            "6H",
            _DOWN_SETUP,
            _play(0, 2, "9S")[0],
            legal=False,
            code="final_card_cannot_be_discarded",
            note="Seat 0 is down to 9S, which fits 9C, but Sum-only is won only by a claim.",
        ),
    ),
    "dobon.finish.empty_hand": (
        _ex(
            "Action cards: the last card may be played; the check still follows",
            [["3H", "5S", "9D", "10C", "KS"], ["3S", "5D", "9C", "KC", "4H"]],
            "6H",
            [*_DOWN_SETUP, *_play(0, 2, "10C"), *_play(1, 2, "KC")],
            _play(0, 2, "KS")[0],
            legal=True,
            code="follows_rank",
            preset=ACTION,
            note="Seat 0 empties its hand; it wins once seat 1 has been checked against KS.",
        ),
    ),
    "dobon.claim.total": (
        _ex(
            "The whole hand must add up to the top card",
            H2,
            "6H",
            [],
            _claim(0, "3H", "5S", "KD", "9C"),
            legal=False,
            code="claim_total_mismatch",
        ),
    ),
    "dobon.claim.whole_hand": (
        _ex(
            "Part of the hand is never a claim",
            [["AS", "5S", "KD", "9C"], H2[1]],
            "6H",
            [],
            _claim(0, "AS", "5S"),
            legal=False,
            code="claim_must_use_whole_hand",
            note="A 1 and a 5 make 6, but the claim must add every card.",
        ),
    ),
    "dobon.claim.own_discard": (
        _ex(
            "Nobody claims on their own discard",
            [["3H", "AS", "AC", "AD"], H2[1]],
            "6H",
            [*_opening(2), *_play(0, 2, "3H")[:1]],
            _claim(0, "AS", "AC", "AD", top="AS"),
            legal=False,
            code="claim_on_own_discard",
            note="After playing 3H seat 0 holds 1 + 1 + 1 = 3, but the three is its own.",
        ),
    ),
    "dobon.check": (
        _ex(
            "Ordinary play waits while a check is open",
            H2,
            "6H",
            [*_opening(2), *_play(0, 2, "3H")[:1]],
            _play(1, 2, "QH")[0],
            legal=False,
            code="check_in_progress",
        ),
        _ex(
            "Continue passes on the check", H2, "6H", [], _continue(0)[0], legal=True, code="continues_check"
        ),
    ),
    "dobon.check.order": (
        _ex(
            "The check starts after the discarder",
            [["3H", "5S", "KD", "9C"], ["2D", "4C", "QH", "7S"], ["2C", "4D", "QC", "7D"]],
            "6H",
            [*_opening(3), *_play(0, 3, "3H")[:1]],
            _continue(2)[0],
            legal=False,
            code="not_your_turn",
            note="Seat 1 is asked first, then seat 2.",
        ),
    ),
    "dobon.check.drawer": (
        _ex(
            "The drawer is checked against the top card",
            [["AS", "AC", "AD", "2S"], H2[1]],
            "9H",
            [*_opening(2), *_draw(0)[:1]],
            _claim(0, "AS", "AC", "AD", "2S", "4D", top="4D"),
            legal=True,
            code="claim_total_matches",
            stock=["4D"],
            note="Seat 0 draws 4D: 1 + 1 + 1 + 2 + 4 = 9, the opening nine; the drawer alone is asked.",
        ),
    ),
    "dobon.claim.returns": (
        _ex(
            "With returns the claimant names the card put on top",
            RETURN,
            "KH",
            [],
            _claim(0, "AH", "2S", "4H", "6S"),
            legal=False,
            code="claim_needs_top",
        ),
        _ex(
            "A return against the new top card",
            RETURN,
            "KH",
            [_claim(0, "AH", "2S", "4H", "6S", top="6S")],
            _claim(1, "AS", "AC", "2D", "2C", top="2D"),
            legal=True,
            code="claim_total_matches",
            note="Seat 0 claims on the king (1 + 2 + 4 + 6) and puts 6S on top: seat 1's 1 + 1 + 2 + 2 "
            "is 6, a return against the new target.",
        ),
    ),
    "dobon.claim.returns.once": (
        _ex(
            "A claimant cannot enter the same chain again",
            [*RETURN, ["9D", "10C", "JD", "QC"]],
            "KH",
            [_claim(0, "AH", "2S", "4H", "6S", top="6S"), _claim(1, "AS", "AC", "2D", "2C", top="2D")],
            _claim(0, "AH", "2S", "4H", "6S", top="2S"),
            legal=False,
            code="already_claimed",
        ),
    ),
    "dobon.two": (
        _ex(
            "A pending two: only a two answers it",
            TWO,
            "6H",
            _TWO_SETUP,
            _play(1, 2, "QH")[0],
            legal=False,
            code="only_a_two_answers",
        ),
    ),
    "dobon.two.growth": (
        _ex(
            "Sum-only: a two answered doubles the obligation",
            TWO,
            "6H",
            _TWO_SETUP,
            _play(1, 2, "2D")[0],
            legal=True,
            code="answers_two",
            note="The obligation goes from 2 to 4 for seat 0.",
        ),
    ),
    "dobon.two.take": (
        _ex(
            "Taking the cards",
            TWO,
            "6H",
            _TWO_SETUP,
            {"type": "take", "seat": 1},
            legal=True,
            code="takes_obligation",
            note="Sum-only: seat 1 then still has an ordinary turn.",
        ),
    ),
    "dobon.eight": (
        _ex(
            "Action cards: an eight goes on any suit and names the next",
            A2,
            "6H",
            _opening(2),
            _play(0, 2, "8S", suit="C")[0],
            legal=True,
            code="wild_eight",
            preset=ACTION,
        ),
        _ex(
            "The wild eight needs its suit",
            A2,
            "6H",
            _opening(2),
            _play(0, 2, "8S")[0],
            legal=False,
            code="suit_required",
            preset=ACTION,
        ),
        _ex(
            "Sum-only: an eight is an ordinary card",
            [["8S", "5S", "KD", "9C"], H2[1]],
            "6H",
            _opening(2),
            _play(0, 2, "8S")[0],
            legal=False,
            code="card_does_not_fit",
        ),
    ),
    "dobon.ace": (
        _ex(
            "Action cards: an ace skips the next seat",
            A2,
            "6H",
            _opening(2),
            _play(0, 2, "AH")[0],
            legal=True,
            code="follows_suit",
            preset=ACTION,
            note="With two seats the turn comes back to seat 0 (TurnSkipped).",
        ),
    ),
    "dobon.jack": (
        _ex(
            "Action cards: a jack reverses the direction",
            A2,
            "6H",
            _opening(2),
            _play(0, 2, "JH")[0],
            legal=True,
            code="follows_suit",
            preset=ACTION,
            note="Effect DirectionReversed.",
        ),
    ),
    "dobon.queen.bundle": (
        _ex(
            "Action cards: queens bundled, the last one on top",
            QUEENS,
            "6H",
            _opening(2),
            _play(0, 2, "QH", "QC")[0],
            legal=True,
            code="queen_bundle",
            preset=ACTION,
        ),
        _ex(
            "The first queen must fit the discard",
            QUEENS,
            "6H",
            _opening(2),
            _play(0, 2, "QC", "QH")[0],
            legal=False,
            code="bundle_first_queen_must_fit",
            preset=ACTION,
        ),
        _ex(
            "Sum-only has no bundles",
            [["QH", "QC", "KD", "9C"], ["2D", "4C", "QS", "7S"]],
            "6H",
            _opening(2),
            _play(0, 2, "QH", "QC")[0],
            legal=False,
            code="queen_bundles_off",
        ),
    ),
    "dobon.opening": (
        _ex(
            "A claim on the opening card",
            [["AS", "AC", "2C", "3D"], H2[1]],
            "7H",
            [],
            _claim(0, "AS", "AC", "2C", "3D", top="3D"),
            legal=True,
            code="claim_total_matches",
            note="1 + 1 + 2 + 3 = 7; the opening card's check starts with seat 0.",
        ),
    ),
    "dobon.opening.effects": (
        _ex(
            "Sum-only: an opening two makes an obligation",
            H2,
            "2H",
            _opening(2),
            _play(0, 2, "5S")[0],
            legal=False,
            code="only_a_two_answers",
        ),
        _ex(
            "Action cards: an opening special does nothing",
            A2,
            "2H",
            _opening(2),
            _play(0, 2, "3H")[0],
            legal=True,
            code="follows_suit",
            preset=ACTION,
        ),
    ),
    "dobon.stock.recycle": (
        _ex(
            "An empty stock is refilled from under the top discard",
            H2,
            "6H",
            [*_opening(2), *_play(0, 2, "3H"), *_draws(1, 43, top_owner=0)],
            {"type": "draw", "seat": 0},
            legal=True,
            code="draws",
            note="43 draws empty the stock; this draw keeps 3H on top and shuffles 6H into a "
            "new stock (PileReshuffled).",
        ),
    ),
    "dobon.stock.exhausted": (
        _ex(
            "Nothing to recycle: the round is drawn",
            H2,
            "6H",
            [*_opening(2), *_draws(0, 43)],
            {"type": "draw", "seat": 1},
            legal=True,
            code="draws",
            note="Only the opening card is on the pile: nothing can be recycled, so the round is drawn "
            "(RoundDrawn) and no win is awarded.",
        ),
    ),
    "dobon.match": (
        _ex(
            "A one-round match is over after its round",
            WIN,
            "JH",
            [_WIN_CLAIM],
            {"type": "next_round", "seat": 0},
            legal=False,
            code="match_over",
            returns=False,
        ),
    ),
    "dobon.match.next_round": (
        _ex(
            "The next round starts only when asked",
            WIN,
            "JH",
            [_WIN_CLAIM],
            {"type": "next_round", "seat": 0},
            legal=True,
            code="starts_next_round",
            returns=False,
            match_rounds=3,
        ),
        _ex(
            "Nothing is played between rounds",
            WIN,
            "JH",
            [_WIN_CLAIM],
            _play(1, 2, "QH")[0],
            legal=False,
            code="round_over",
            returns=False,
            match_rounds=3,
        ),
    ),
    "dobon.action.shape": (
        _ex(
            "A draw names no cards",
            H2,
            "6H",
            _opening(2),
            {"type": "draw", "seat": 0, "cards": ["3H"]},
            legal=False,
            code="unexpected_field",
        ),
    ),
    "dobon.excluded.arithmetic": (
        _ex(
            "Only the sum of the whole hand: 2 x 3 is not 6",
            [["2S", "3C", "KD", "9C"], H2[1]],
            "6H",
            [],
            _claim(0, "2S", "3C", "KD", "9C", top="2S"),
            legal=False,
            code="claim_total_mismatch",
        ),
    ),
    "dobon.excluded.interruption": (
        _ex(
            "No out-of-turn play of the matching rank",
            [H2[0], ["6S", "4C", "QH", "7S"]],
            "6H",
            _opening(2),
            _play(1, 2, "6S")[0],
            legal=False,
            code="no_out_of_turn_interruption",
        ),
    ),
    "dobon.excluded.deal_size": (
        _ex(
            "The next round deals the same number of cards",
            WIN,
            "JH",
            [_WIN_CLAIM],
            {"type": "next_round", "seat": 1},
            legal=True,
            code="starts_next_round",
            returns=False,
            match_rounds=3,
            note="Seat 1 lost, yet both seats are dealt four cards again.",
        ),
    ),
    "dobon.excluded.last_card": (
        _ex(
            "Going down to one card needs no announcement",
            [["3H", "5S", "9D", "9S"], ["3S", "5D", "9C", "KH"]],
            "6H",
            _DOWN_SETUP[:-4],
            _play(0, 2, "9D")[0],
            legal=True,
            code="follows_suit",
            note="Seat 0 keeps one card (9S); there is no last-card call to forget.",
        ),
    ),
}


def _section(section: str, *rule_ids: str, level: str = "all") -> DocumentSection:
    return DocumentSection(section=section, level=level, rule_ids=rule_ids)


COVERAGE: tuple[DocumentSection, ...] = (
    _section(
        "Introduction: compare the sum of the whole hand with the top discard",
        "dobon.claim.total",
        "dobon.claim.whole_hand",
    ),
    _section("Introduction: A 1, J 11, Q 12, K 13, whatever the effect", "dobon.values"),
    _section("Introduction: another player's discard gives a chance before your turn", "dobon.check"),
    _section(
        "Choose Sum-only: four cards, only a claim wins, one card claims on its rank",
        "dobon.deal",
        "dobon.finish.final_card",
        "dobon.claim.total",
        level="sum_only",
    ),
    _section(
        "Choose Action cards: five cards, finish by playing every card, special cards",
        "dobon.deal",
        "dobon.finish.empty_hand",
        level="action_cards",
    ),
    _section(
        "Both presets: a 52-card deck without jokers; two, three or four players", "dobon.deck", "dobon.seats"
    ),
    _section("CPU mode and local mode", "dobon.cpu", "dobon.local_mode"),
    _section("Matching cards: the active suit or the top rank", "dobon.turn.match", "dobon.turn.order"),
    _section("Drawing: Sum-only ends the turn, Action cards may play the drawn card", "dobon.draw"),
    _section("Draw until playable", "dobon.draw.until_playable"),
    _section(
        "After a draw the drawer gets a check; no claim on one's own discard",
        "dobon.check.drawer",
        "dobon.claim.own_discard",
    ),
    _section(
        "The checking step: opening card, every discard, the drawer; claim or continue",
        "dobon.check",
        "dobon.opening",
    ),
    _section("Checking order: after the discarder in the current direction", "dobon.check.order"),
    _section("Returning Dobon: lay the hand, choose the top, the last claimant wins", "dobon.claim.returns"),
    _section("Returns: the original discarder may return, a claimant not again", "dobon.claim.returns.once"),
    _section("Twos pass an obligation; answer with a two or take", "dobon.two"),
    _section("Twos: Sum-only doubles, Action cards adds two", "dobon.two.growth"),
    _section("Twos: after taking, Sum-only still plays, Action cards ends the turn", "dobon.two.take"),
    _section("A claim in the check comes before paying the obligation", "dobon.two"),
    _section("Eights: any suit, choose the next, cannot answer a two", "dobon.eight", level="action_cards"),
    _section(
        "Aces skip, jacks reverse; two players: the turn comes back",
        "dobon.ace",
        "dobon.jack",
        level="action_cards",
    ),
    _section("Bundled queens", "dobon.queen.bundle", level="action_cards"),
    _section(
        "The final card: the check still runs, a claim beats the finish",
        "dobon.finish.empty_hand",
        level="action_cards",
    ),
    _section(
        "Opening cards: claimable; Sum-only opening two; Action cards no effect",
        "dobon.opening",
        "dobon.opening.effects",
    ),
    _section(
        "Configurable variants: returns, empty-hand wins, two growth, eights, aces, jacks, bundles, "
        "drawing, opening effects",
        "dobon.claim.returns",
        "dobon.finish.final_card",
        "dobon.two.growth",
        "dobon.eight",
        "dobon.ace",
        "dobon.jack",
        "dobon.queen.bundle",
        "dobon.draw",
        "dobon.opening.effects",
    ),
    _section(
        "Always addition of the whole hand: no multiplication, division or subsets",
        "dobon.excluded.arithmetic",
    ),
    _section(
        "No out-of-turn interruption, no deal-size changes, no last-card penalty",
        "dobon.excluded.interruption",
        "dobon.excluded.deal_size",
        "dobon.excluded.last_card",
    ),
    _section("Strategy: manage your total and suits; use special cards deliberately", "dobon.strategy"),
    _section("Rounds: a win each, 1, 3 or 5 rounds, equal totals share the lead", "dobon.match"),
    _section("An empty stock: keep the top discard, shuffle the rest", "dobon.stock.recycle"),
    _section("Nothing to recycle: the round is drawn", "dobon.stock.exhausted"),
    _section("800 actions: a drawn round", "dobon.round.action_limit"),
    _section("The next round starts only when chosen", "dobon.match.next_round"),
    _section("Saving, privacy, controls", "dobon.saving", "dobon.local_mode", "dobon.controls"),
    _section("Regional forms: agree on the settings", "dobon.house_rules"),
    _section(
        "Frequently asked questions",
        "dobon.claim.whole_hand",
        "dobon.values",
        "dobon.claim.own_discard",
        "dobon.claim.returns",
        "dobon.stock.exhausted",
        "dobon.match",
    ),
    _section(
        "Selecting cards: a claim uses every card, the selection picks the top",
        "dobon.controls",
        "dobon.action.shape",
        "dobon.claim.returns",
    ),
)
