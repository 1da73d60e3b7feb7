"""Intermediate winning claims: gross rule, half deck, worst hand, once a year (legal and refused)."""

from __future__ import annotations

from dataclasses import replace

from rules_core.games.dabong import GAME
from rules_core.games.dabong.actions_claims import worst_hand_flaw
from rules_core.games.dabong.listing_levels import turn_claims
from rules_core.kernel import Action, parse_cards

from .tables import table

MID = "intermediate"
#: 14 face cards and a 4: 14 x 10 + 4 = 144 in-hand values.
GROSS_HAND = ["10F", "JF", "QF", "KF", "10W", "QW", "KW", "10E", "JE", "QE", "KE", "10A", "QA", "KA", "4F"]
WORST = ["10F", "QA", "KE", "AW", "3F", "5W", "6E", "7A"]


def state_of(data):  # type: ignore[no-untyped-def]
    return GAME.state_from_json(data)


def claim(kind: str, seat: int, **fields) -> Action:  # type: ignore[no-untyped-def]
    return Action(type=kind, seat=seat, **fields)


def codes(outcome) -> set[str]:  # type: ignore[no-untyped-def]
    return {r.code for r in outcome.verdict.reasons}


def listed(state, seat: int) -> set[str]:  # type: ignore[no-untyped-def]
    """Action types at the end of the seat's listing (claims come after the plays; big hands
    have huge play lists, so only the tail page is built)."""
    state = replace(state, options=replace(state.options, trading=False))
    total = GAME.legal_actions(state, seat, limit=1).total_entries
    tail = GAME.legal_actions(state, seat, offset=max(0, total - 40), limit=40)
    return {e.action.type for e in tail.entries}


def test_gross_rule_144_on_own_turn() -> None:
    state = state_of(table([GROSS_HAND, ["5W", "6W"]], ["3A"], preset=MID))
    outcome = GAME.resolve(state, claim("claim_gross", 0))
    assert outcome.verdict.legal and outcome.state is not None and outcome.state.winner == 0
    assert "claim_gross" in listed(state, 0)
    assert codes(GAME.resolve(state, claim("claim_gross", 1))) == {"not_your_turn"}
    short = state_of(table([[*GROSS_HAND[:-1], "3F"], ["5W", "6W"]], ["3A"], preset=MID))
    assert codes(GAME.resolve(short, claim("claim_gross", 0))) == {"gross_wrong_total"}
    assert "claim_gross" not in listed(short, 0)
    beginner = state_of(table([GROSS_HAND, ["5W", "6W"]], ["3A"]))
    assert codes(GAME.resolve(beginner, claim("claim_gross", 0))) == {"rule_off"}


def test_gross_rule_shamans_at_their_given_value() -> None:
    hand = [*GROSS_HAND[:-1], "SH1"]
    state = state_of(table([hand, ["5W", "6W"]], ["3A"], preset=MID))
    assert codes(GAME.resolve(state, claim("claim_gross", 0))) == {"gross_needs_value"}
    assert GAME.resolve(state, claim("claim_gross", 0, value=4)).verdict.legal
    assert codes(GAME.resolve(state, claim("claim_gross", 0, value=11))) == {"gross_value_out_of_range"}
    assert codes(GAME.resolve(state, claim("claim_gross", 0, value=5))) == {"gross_wrong_total"}
    assert [e.action.value for e in turn_claims(state, 0)] == [4]


def test_half_deck_twenty_six_cards_own_turn() -> None:
    big = ["AF", "2F", "3F", "4F", "5F", "6F", "7F", "9F", "10F", "JF", "QF", "KF", "AW"]
    big += ["2W", "3W", "4W", "5W", "6W", "7W", "8W", "9W", "10W", "JW", "QW", "KW", "AE"]
    state = state_of(table([big, ["5E", "6E"]], ["3A"], preset=MID))
    assert GAME.resolve(state, claim("claim_half_deck", 0)).verdict.legal
    assert [e.action.type for e in turn_claims(state, 0)] == ["claim_half_deck"]
    smaller = state_of(table([big[:-1], ["5E", "6E"]], ["3A"], preset=MID))
    assert codes(GAME.resolve(smaller, claim("claim_half_deck", 0))) == {"half_deck_short"}


def test_worst_hand_as_dealt() -> None:
    state = state_of(table([WORST, ["5E", "6F"]], ["3A"], preset=MID, as_dealt=[0], turn=1))
    outcome = GAME.resolve(state, claim("claim_worst_hand", 0))  # out of turn too
    assert outcome.verdict.legal and outcome.state is not None and outcome.state.winner == 0
    assert "claim_worst_hand" in listed(state, 0)


def test_worst_hand_refused_after_drawing_or_acting() -> None:
    hand = WORST[:-1]
    state = state_of(table([hand, ["5E", "6F", "4E"]], ["3A"], preset=MID, draw=["7A", "9W"]))
    state = replace(state, as_dealt=(0,), options=replace(state.options, hand_size=7))
    after = GAME.resolve(state, Action(type="draw", seat=0)).state
    assert after is not None and sorted(map(str, after.hands[0])) == sorted(WORST)
    assert 0 not in after.as_dealt
    assert "worst_hand_not_as_dealt" in codes(GAME.resolve(after, claim("claim_worst_hand", 0)))
    assert "claim_worst_hand" not in listed(after, 0)


def test_worst_hand_not_while_facing_a_two_or_the_queen_of_water() -> None:
    for top in ("2A", "QW"):
        pen = {"cards": 2, "skip": top == "2A"}
        data = table([WORST, ["5E", "6F"]], [top], preset=MID, as_dealt=[0], penalty=pen)
        state = state_of(data)
        assert "worst_hand_facing_penalty" in codes(GAME.resolve(state, claim("claim_worst_hand", 0)))


def test_worst_hand_conditions() -> None:
    assert worst_hand_flaw(parse_cards(WORST)) is None
    flaws = {
        "special": ["10F", "QA", "KE", "AA", "3F", "5W", "6E", "9A"],
        "queen of water": ["10F", "QW", "KE", "AA", "3F", "5W", "6E", "7A"],
        "shaman": ["10F", "QA", "KE", "AW", "3F", "5W", "6E", "SH1"],
        "high": ["10F", "QA", "KE", "4A", "3F", "5W", "6E", "7A"],
        "suits": ["10F", "QF", "KE", "AE", "3F", "5F", "6E", "7E"],
        "two pair": ["10F", "QA", "KE", "AA", "10W", "QE", "6E", "7A"],
        "trips": ["10F", "QA", "KE", "AA", "KF", "KW", "6E", "7A"],
        "straight": ["10F", "QA", "KE", "AA", "3F", "4W", "5E", "6A", "7W"],
        "flush": ["10F", "QF", "KF", "AF", "3F", "5W", "6E", "7A"],
    }
    for name, cards in flaws.items():
        assert worst_hand_flaw(parse_cards(cards)) is not None, name
    one_pair = ["10F", "QA", "KE", "AA", "10W", "5W", "6E", "7A"]
    assert worst_hand_flaw(parse_cards(one_pair)) is None


def test_once_a_year_any_moment_then_refused_in_the_same_year() -> None:
    options = {"calendar_year": 2026, "scoring": "tennis"}
    data = table([["3W", "5A"], ["4W", "4F"]], ["10W"], preset=MID, options=options, years_used=[[2025], []])
    state = state_of(data)
    outcome = GAME.resolve(state, claim("claim_once_a_year", 1))
    after = outcome.state
    assert outcome.verdict.legal and after is not None and after.years_used == ((2025,), (2026,))
    assert {"claim_once_a_year"} <= listed(state, 1)
    nxt = GAME.resolve(after, Action(type="next_game", seat=(after.dealer + 1) % 2)).state
    assert nxt is not None and nxt.years_used == ((2025,), (2026,))
    assert codes(GAME.resolve(nxt, claim("claim_once_a_year", 1))) == {"once_a_year_used"}
    assert "claim_once_a_year" not in listed(nxt, 1)
    assert GAME.resolve(nxt, claim("claim_once_a_year", 0)).verdict.legal


def test_once_a_year_needs_the_year() -> None:
    state = state_of(table([["3W", "5A"], ["4W", "4F"]], ["10W"], preset=MID))
    assert codes(GAME.resolve(state, claim("claim_once_a_year", 0))) == {"calendar_year_unknown"}
    off = state_of(
        table(
            [["3W", "5A"], ["4W", "4F"]],
            ["10W"],
            preset=MID,
            options={"calendar_year": 2026, "once_a_year": False},
        )
    )
    assert codes(GAME.resolve(off, claim("claim_once_a_year", 0))) == {"rule_off"}
