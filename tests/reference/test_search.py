"""Ranked search over the rulebook: pinned questions per game find the right section first."""

from __future__ import annotations

import pytest

from rules_core.reference.search import tokens

#: (game, question, the section expected first).
QUESTIONS = [
    ("dabong", "what does a Shaman do", "dabong.shaman"),
    ("dabong", "queen of water", "dabong.queen_of_water"),
    ("dabong", "what happens with a 9", "dabong.nine"),
    ("dabong", "jack bower power", "dabong.jack"),
    ("dabong", "three sevens", "dabong.heaven"),
    ("dabong", "can I take back a play", "dabong.unwind"),
    ("dabong", "what is a natural dabong", "dabong.natural"),
    ("dabong", "mirror", "dabong.mirror"),
    ("dabong", "what if the draw pile runs out", "dabong.draw_pile_out"),
    ("dabong", "one card", "dabong.one_card"),
    ("dabong", "gross rule 144", "dabong.gross_rule"),
    ("dabong", "river", "dabong.river"),
    ("dabong", "four pairs", "dabong.four_pair"),
    ("dobon", "can I claim with part of my hand", "dobon.claim.whole_hand"),
    ("dobon", "do face cards count as ten", "dobon.values"),
    ("dobon", "claim on my own discard", "dobon.claim.own_discard"),
    ("dobon", "what does an eight do", "dobon.eight"),
    ("dobon", "returns", "dobon.claim.returns"),
    ("dobon", "what happens when the stock runs out", "dobon.stock.recycle"),
    ("dobon", "bundle queens", "dobon.queen.bundle"),
    ("dobon", "who is checked first", "dobon.check.order"),
    ("dobon", "ace skip", "dobon.ace"),
    ("99", "what does the queen of spades do", "99.death_card"),
    ("99", "king", "99.king"),
    ("99", "ace of diamonds", "99.death_card.shield"),
    ("99", "ace of clubs", "99.clubs.steal"),
    ("99", "what happens at 99", "99.threshold"),
    ("99", "loading duty", "99.loading_duty"),
    ("99", "how many players", "99.players"),
    ("99", "two players", "99.death_card.two_players"),
]


@pytest.mark.parametrize(("game", "question", "expected"), QUESTIONS)
def test_question_finds_its_section_first(client, game: str, question: str, expected: str) -> None:  # type: ignore[no-untyped-def]
    answer = client.get(f"/v1/games/{game}/rules", query_string={"q": question, "limit": 3}).get_json()
    ranked = [s["id"] for s in answer["sections"]]
    assert ranked and ranked[0] == expected, (question, ranked)
    scores = [s["score"] for s in answer["sections"]]
    assert scores == sorted(scores, reverse=True)
    assert answer["total"] >= len(ranked)


def test_tokens_fold_plurals_number_words_and_past_tense() -> None:
    assert tokens("What does a Shaman do?") == ["shaman"]
    assert tokens("three sevens") == ["3", "7"]
    assert tokens("7s checked queens") == ["7", "check", "queen"]


def test_a_question_of_stop_words_only_finds_nothing(client) -> None:  # type: ignore[no-untyped-def]
    answer = client.get("/v1/games/99/rules", query_string={"q": "what is it"}).get_json()
    assert answer["sections"] == [] and answer["total"] == 0
