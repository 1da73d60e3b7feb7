"""Every worked example and FAQ answer of the Dobon document, through the HTTP API.

Each test is named after the rule it shows and replays the example's cards on a rigged
deal (``deck_order``). The shared script: three seats, Sum-only, opening 9H; seats shed
cards until seat 2 discards the 8S with seat 1 holding 3S+5C and seat 0 holding 2H+3C.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.dobon.http_tables import Table
from tests.http_helpers import call

SCRIPT_HANDS = [["10H", "5D", "2H", "3C"], ["3S", "5C", "10D", "5S"], ["7D", "8S", "QC", "JC"]]
#: (seat, card) plays of the shared script, each followed by a passed check.
SCRIPT_PLAYS = [(0, "10H"), (1, "10D"), (2, "7D"), (0, "5D"), (1, "5S")]


def scripted(client: Any, *, until_eight: bool = False, **options: Any) -> Table:
    """Up to seat 2's discard of the 8S (seat 0 is being asked), or up to just before it."""
    table = Table(client, SCRIPT_HANDS, "9H", **options)
    table.pass_check()
    for seat, card in SCRIPT_PLAYS:
        table.play(seat, card)
    if until_eight:
        return table
    table.act("play", 2, cards=["8S"])
    assert table.state["check"]["asking"] == [0, 1]
    return table


def test_dobon_claim_total_three_and_five_against_an_eight(client: Any) -> None:
    """A three and a five claim against an eight, whatever the suits."""
    table = scripted(client)
    table.act("continue", 0)
    verdict = table.judge("claim", 1, cards=["3S", "5C"], top="5C")
    assert verdict["legal"] is True
    assert verdict["reasons"][0]["code"] == "claim_total_matches"
    assert verdict["reasons"][0]["rule_id"] == "dobon.claim.total"


def test_dobon_check_order_a_discard_gives_a_chance_before_your_turn(client: Any) -> None:
    """Seat 0 may claim on seat 1's five before its own turn; the check starts after the discarder."""
    table = Table(client, SCRIPT_HANDS, "9H")
    table.pass_check()
    for seat, card in SCRIPT_PLAYS[:-1]:
        table.play(seat, card)
    table.act("play", 1, cards=["5S"])
    assert table.state["check"]["asking"] == [2, 0] and table.state["turn"] == 2
    assert table.refused("claim", 0, cards=["2H", "3C"], top="3C") == ["not_your_turn"]
    table.act("continue", 2)
    assert table.judge("claim", 0, cards=["2H", "3C"], top="3C")["legal"] is True


def test_dobon_claim_own_discard_is_refused(client: Any) -> None:
    """FAQ: no claim against your own discard (seat 0's 2H+3C total five, on its own 5D)."""
    table = Table(client, SCRIPT_HANDS, "9H")
    table.pass_check()
    for seat, card in SCRIPT_PLAYS[:3]:
        table.play(seat, card)
    table.act("play", 0, cards=["5D"])
    assert table.refused("claim", 0, cards=["2H", "3C"], top="3C") == ["claim_on_own_discard"]


def test_dobon_claim_returns_five_on_top_and_two_and_three_return(client: Any) -> None:
    """The five goes on top; a two and a three return against five; the last claimant wins."""
    table = scripted(client)
    table.act("continue", 0)
    table.act("claim", 1, cards=["3S", "5C"], top="5C")
    state = table.state
    assert state["discard_pile"][-1] == "5C" and state["hands"][1] == []
    # the original discarder (seat 2) may return too: it is asked first
    assert state["check"] == {"kind": "return", "asking": [2, 0], "resume": None}
    assert table.refused("claim", 2, cards=["QC", "JC"], top="QC") == ["claim_total_mismatch"]
    table.act("continue", 2)
    table.act("claim", 0, cards=["2H", "3C"], top="3C")
    assert table.state["check"]["asking"] == [2]
    assert table.refused("claim", 1, cards=["3S", "5C"], top="5C") == ["already_claimed"]
    table.act("continue", 2)
    final = table.state
    assert final["status"] == "over" and final["winner"] == 0 and final["wins"] == [1, 0, 0]
    chain = final["record"][0]["chain"]
    assert final["record"][0]["how"] == "return"
    assert [(c["seat"], c["target"], c["top"]) for c in chain] == [(1, "8S", "5C"), (0, "5C", "3C")]


def test_dobon_claim_returns_faq_the_new_top_is_the_target(client: Any) -> None:
    """FAQ: a return uses the new top card chosen by the claimant, not the original eight."""
    table = scripted(client)
    table.act("continue", 0)
    table.act("claim", 1, cards=["5C", "3S"], top="3S")  # three on top this time
    table.act("continue", 2)
    verdict = table.judge("claim", 0, cards=["2H", "3C"], top="2H")
    assert verdict["legal"] is False
    assert verdict["reasons"][0]["details"] == {"target": 3, "top": "3S", "total": 5}


def test_dobon_claim_returns_disabled_first_claim_ends_the_round(client: Any) -> None:
    table = scripted(client, returns=False)
    table.act("continue", 0)
    table.act("claim", 1, cards=["3S", "5C"])
    assert table.effect_types() == ["DobonClaimed", "RoundWon", "MatchEnded"]
    assert table.state["status"] == "over" and table.state["winner"] == 1


def test_dobon_claim_whole_hand_part_of_the_hand_is_refused(client: Any) -> None:
    """FAQ: a claim adds every card of the hand; 3S+5C out of four cards is no claim on 8H."""
    table = Table(client, [["9H", "4C", "JD", "10S"], ["3S", "5C", "10D", "4S"]], "8H")
    table.act("continue", 0)
    codes = table.refused("claim", 1, cards=["3S", "5C"], top="5C")
    assert codes == ["claim_must_use_whole_hand", "claim_total_mismatch"]


@pytest.mark.parametrize(
    ("opening", "hand", "legal"),
    [
        ("JH", ["AS", "2S", "3S", "5S"], True),  # J is eleven
        ("QH", ["AS", "2S", "4S", "5S"], True),  # Q twelve
        ("KH", ["AS", "2S", "3S", "7S"], True),  # K thirteen
        ("JH", ["AS", "2S", "3S", "4S"], False),  # ten: face cards do not count ten
    ],
)
def test_dobon_values_j11_q12_k13(client: Any, opening: str, hand: list[str], legal: bool) -> None:
    table = Table(client, [["9H", "4C", "JD", "10C"], hand], opening)
    table.act("continue", 0)
    verdict = table.judge("claim", 1, cards=hand, top=hand[0])
    assert verdict["legal"] is legal


def test_dobon_two_growth_sum_only_doubles_and_the_turn_goes_on(client: Any) -> None:
    table = Table(client, [["2H", "2D", "9C", "KC"], ["2S", "2C", "9D", "KD"]], "5H")
    table.pass_check()
    owed = []
    for seat, card in ((0, "2H"), (1, "2S"), (0, "2D"), (1, "2C")):
        table.play(seat, card)
        owed.append(table.state["obligation"])
    assert owed == [2, 4, 8, 16]
    table.act("take", 0)
    assert len(table.state["hands"][0]) == 2 + 16 and table.state["check"]["kind"] == "draw"
    table.pass_check()
    assert table.state["turn"] == 0 and table.state["step"] == "turn"


def test_dobon_two_growth_action_cards_adds_two_and_taking_ends_the_turn(client: Any) -> None:
    hands = [["2H", "2D", "9C", "KC", "4S"], ["2S", "2C", "9D", "KD", "4D"]]
    table = Table(client, hands, "5H", preset="action_cards")
    table.pass_check()
    owed = []
    for seat, card in ((0, "2H"), (1, "2S"), (0, "2D"), (1, "2C")):
        table.play(seat, card)
        owed.append(table.state["obligation"])
    assert owed == [2, 4, 6, 8]
    table.act("take", 0)
    table.pass_check()
    assert table.state["turn"] == 1 and len(table.state["hands"][0]) == 3 + 8


def test_dobon_two_a_claim_comes_before_paying(client: Any) -> None:
    """The total check comes before paying the two: AS + AD claim on the 2H and end the round."""
    table = Table(client, [["9H", "4H", "2H", "KC"], ["5H", "6H", "AS", "AD"]], "AH")
    table.pass_check()
    for seat, card in ((0, "9H"), (1, "5H"), (0, "4H"), (1, "6H")):
        table.play(seat, card)
    table.act("play", 0, cards=["2H"])
    assert table.state["obligation"] == 2 and table.state["check"]["asking"] == [1]
    table.act("claim", 1, cards=["AS", "AD"], top="AD")
    table.pass_check()
    assert table.state["winner"] == 1 and table.state["obligation"] == 0
    assert table.state["hands"][1] == []


def test_dobon_draw_until_playable_plays_only_the_latest_card(client: Any) -> None:
    hands = [["9C", "4C", "JD", "10S", "KS"], ["KH", "QH", "3D", "4D", "5D"]]
    table = Table(
        client, hands, "4H", ["7D", "10C", "6H"], preset="action_cards", drawing="draw_until_playable"
    )
    table.pass_check()
    table.act("draw", 0)
    drawn = [e for e in table.effects if e["type"] == "CardsDrawn"]
    assert drawn[0]["cards"] == ["7D", "10C", "6H"]
    table.pass_check()
    assert table.state["step"] == "drawn" and table.state["drawn"] == "6H"
    assert table.refused("play", 0, cards=["4C"]) == ["only_drawn_card"]
    assert {"type": "end_turn", "seat": 0} in table.legal()
    table.play(0, "6H")
    assert table.state["discard_pile"][-1] == "6H" and table.state["turn"] == 1


def test_dobon_draw_sum_only_drawing_one_ends_the_turn(client: Any) -> None:
    table = Table(client, [["9C", "4C", "JD", "10S"], ["KH", "QH", "3D", "4D"]], "4H", ["7H"])
    table.pass_check()
    table.act("draw", 0)
    assert table.state["check"] == {"kind": "draw", "asking": [0], "resume": {"seat": 1, "step": "turn"}}
    table.pass_check()
    assert table.state["turn"] == 1


def test_dobon_draw_action_cards_play_the_drawn_card_or_keep_it(client: Any) -> None:
    hands = [["9C", "4C", "JD", "10S", "KS"], ["KH", "QH", "3D", "4D", "5D"]]
    table = Table(client, hands, "4H", ["7H"], preset="action_cards")
    table.pass_check()
    table.act("draw", 0)
    table.pass_check()
    legal = table.legal()
    assert legal == [{"type": "play", "seat": 0, "cards": ["7H"]}, {"type": "end_turn", "seat": 0}]
    table.act("end_turn", 0)
    assert table.state["turn"] == 1 and "7H" in table.state["hands"][0]


FINAL_HANDS = [["9H", "4H", "7H", "KC"], ["5H", "6H", "KH", "7C"]]
FINAL_PLAYS = [(0, "9H"), (1, "5H"), (0, "4H"), (1, "6H"), (0, "7H")]


def test_dobon_finish_final_card_sum_only_never_an_ordinary_discard(client: Any) -> None:
    """Sum-only: you cannot play your final card as an ordinary discard."""
    table = Table(client, FINAL_HANDS, "AH")
    table.pass_check()
    for seat, card in [*FINAL_PLAYS, (1, "7C")]:
        table.play(seat, card)
    assert table.state["hands"][0] == ["KC"] and table.state["turn"] == 0
    assert table.refused("play", 0, cards=["KC"]) == ["final_card_cannot_be_discarded"]
    assert table.legal(0) == [{"type": "draw", "seat": 0}]


def test_dobon_claim_total_a_single_card_claims_on_the_same_rank(client: Any) -> None:
    """Sum-only: a single card claims Dobon on another player's card of the same rank."""
    table = Table(client, FINAL_HANDS, "AH")
    table.pass_check()
    for seat, card in FINAL_PLAYS:
        table.play(seat, card)
    table.act("play", 1, cards=["KH"])
    table.act("claim", 0, cards=["KC"], top="KC")
    table.pass_check()
    assert table.state["winner"] == 0 and table.state["record"][0]["how"] == "dobon"


ACTION_FINAL_HANDS = [["9H", "4H", "7H", "10H", "KH"], ["5H", "6H", "QH", "10S", "AS"]]


def _to_action_final_card(client: Any) -> Table:
    table = Table(client, ACTION_FINAL_HANDS, "AH", ["2C"], preset="action_cards")
    table.pass_check()
    for seat, card in ((0, "9H"), (1, "5H"), (0, "4H"), (1, "6H"), (0, "7H"), (1, "QH"), (0, "10H")):
        table.play(seat, card)
    table.act("draw", 1)
    table.pass_check()
    assert table.legal() == [{"type": "end_turn", "seat": 1}]  # the drawn 2C does not fit
    table.act("end_turn", 1)
    table.act("play", 0, cards=["KH"])
    assert table.state["hands"][0] == [] and table.state["check"]["asking"] == [1]
    return table


def test_dobon_finish_empty_hand_action_cards_checked_then_wins(client: Any) -> None:
    """Action cards: the last card still goes through the check; then the player who emptied wins."""
    table = _to_action_final_card(client)
    table.act("continue", 1)
    assert table.state["winner"] == 0 and table.state["record"][0]["how"] == "empty_hand"


def test_dobon_finish_empty_hand_a_claim_takes_priority(client: Any) -> None:
    """A successful claim (10S + AS + 2C = 13 on the final KH) beats the ordinary finish."""
    table = _to_action_final_card(client)
    table.act("claim", 1, cards=["10S", "AS", "2C"], top="2C")
    table.pass_check()
    assert table.state["winner"] == 1 and table.state["record"][0]["how"] == "dobon"


def test_dobon_eight_wild_target_is_still_eight(client: Any) -> None:
    """A wild eight (its player chooses the suit) still gives a target of eight."""
    table = scripted(client, eight="wild_chosen_suit", until_eight=True)
    assert table.refused("play", 2, cards=["8S"]) == ["suit_required"]
    table.act("play", 2, cards=["8S"], suit="D")
    assert table.effect_types()[:2] == ["CardsPlayed", "SuitDeclared"] and table.state["active_suit"] == "D"
    table.act("continue", 0)
    assert table.judge("claim", 1, cards=["3S", "5C"], top="3S")["legal"] is True


def test_dobon_eight_cannot_answer_a_pending_two(client: Any) -> None:
    hands = [["2H", "9C", "KC", "QC", "JC"], ["8H", "5D", "2S", "4S", "6D"]]
    table = Table(client, hands, "KH", preset="action_cards")
    table.pass_check()
    table.play(0, "2H")
    assert table.refused("play", 1, cards=["8H"], suit="S") == ["eight_cannot_answer_two"]


def test_dobon_eight_printed_suit_option(client: Any) -> None:
    hands = [["8C", "9C", "KC", "QC", "JC"], ["3H", "5H", "2S", "AS", "AD"]]
    table = Table(client, hands, "KH", preset="action_cards", eight="wild_printed_suit")
    table.pass_check()
    assert table.refused("play", 0, cards=["8C"], suit="D") == ["suit_declaration_not_allowed"]
    table.act("play", 0, cards=["8C"])
    assert table.state["active_suit"] == "C"


def test_dobon_ace_two_players_turn_comes_back(client: Any) -> None:
    hands = [["AH", "9C", "KC", "QC", "JC"], ["3H", "5H", "2S", "AS", "AD"]]
    table = Table(client, hands, "KH", preset="action_cards")
    table.pass_check()
    table.play(0, "AH")
    assert table.state["turn"] == 0


def test_dobon_queen_bundle(client: Any) -> None:
    hands = [["QH", "QC", "QS", "9C", "4C"], ["3H", "5H", "2S", "AS", "AD"]]
    table = Table(client, hands, "KH", preset="action_cards")
    table.pass_check()
    assert table.refused("play", 0, cards=["QC", "QH"]) == ["bundle_first_queen_must_fit"]
    table.act("play", 0, cards=["QH", "QS", "QC"])
    assert table.state["discard_pile"][-3:] == ["QH", "QS", "QC"] and table.state["active_suit"] == "C"


def test_dobon_opening_sum_only_two_obligation_action_cards_nothing(client: Any) -> None:
    four = [["9H", "4C", "JD", "10S"], ["9C", "6D", "QS", "QD"]]
    sum_only = Table(client, four, "2H")
    sum_only.pass_check()
    assert sum_only.state["obligation"] == 2 and sum_only.state["step"] == "answer_two"
    five = [[*h, x] for h, x in zip(four, ["KH", "KS"], strict=True)]
    action = Table(client, five, "2H", preset="action_cards")
    action.pass_check()
    assert action.state["obligation"] == 0 and action.state["step"] == "turn"


def test_dobon_round_action_limit_800_actions_draw_and_no_win(client: Any) -> None:
    """A round stops as a draw after 800 actions; FAQ: a drawn round awards no win."""
    script = [a.to_json() for a in random_game_actions(seed=1)]
    answer = call(
        client, "dobon", "replay", {"deal": {"seats": 2, "preset": "sum_only", "seed": 1}, "actions": script}
    )
    assert answer["completed"] is True and len(answer["steps"]) == 800
    final = answer["final_state"]
    assert final["status"] == "over" and final["winner"] is None and final["wins"] == [0, 0]
    assert final["record"][0]["how"] == "action_limit" and final["leaders"] == [0, 1]
    assert [e["type"] for e in answer["steps"][-1]["effects"]][-2:] == ["RoundDrawn", "MatchEnded"]
    reshuffles = [e for step in answer["steps"] for e in step["effects"] if e["type"] == "PileReshuffled"]
    assert reshuffles, "the stock ran out and was rebuilt from the discards under the top card"


def random_game_actions(seed: int) -> list[Any]:
    """A seeded two-seat Sum-only game in which nobody ever claims: it runs to 800 actions."""
    import random

    from rules_core.games.dobon import GAME, SUM_ONLY

    chooser = random.Random(seed)
    state = GAME.deal(seats=2, options=SUM_ONLY, seed=seed, deck_order=None)
    out = []
    while not GAME.is_over(state):
        entries = [e for e in GAME.legal_actions(state).entries if e.action.type != "claim"]
        action = chooser.choice(entries).action
        out.append(action)
        nxt = GAME.resolve(state, action).state
        assert nxt is not None
        state = nxt
    assert state.record[0].how == "action_limit"
    return out


def test_dobon_stock_exhausted_nothing_to_recycle_draws_the_round(client: Any) -> None:
    """With no cards under the top discard and an empty stock, a draw ends the round drawn."""
    from tests.dobon.tables import as_json, position

    state = as_json(position([["9H", "4C"], ["KH", "QH"]], ["4S"], stock=[], rest=1))
    answer = call(client, "dobon", "apply", {"state": state, "action": {"type": "draw", "seat": 0}})
    assert [e["type"] for e in answer["effects"]] == ["RoundDrawn", "MatchEnded"]
    assert answer["state"]["winner"] is None and answer["state"]["record"][0]["how"] == "stock_exhausted"


def test_dobon_jack_reverses_and_the_check_follows(client: Any) -> None:
    hands = [["JH", "9C", "KC", "QC", "4C"], ["3H", "5H", "2S", "AS", "AD"], ["6S", "6D", "7S", "7D", "9S"]]
    table = Table(client, hands, "KH", preset="action_cards")
    table.pass_check()
    table.act("play", 0, cards=["JH"])
    assert table.state["check"]["asking"] == [2, 1] and table.state["direction"] == -1
    table.pass_check()
    assert table.state["turn"] == 2
