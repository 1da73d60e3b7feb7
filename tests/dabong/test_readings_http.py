"""Every reading of a dabong! play, through HTTP (#28): each overlap of ``readings_catalogue`` at
every level, as validate, apply and explain report it; the reading applied is the first, and
every reading has the same effects (ruling R-DABONG-27)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core.games.dabong import GAME
from tests.dabong.readings_catalogue import CATALOGUE, LEVELS, Overlap
from tests.dabong.tables import play, table
from tests.http_helpers import call

CASES = [(entry, level) for entry in CATALOGUE for level in LEVELS]


def _labels(verdict: dict[str, Any]) -> list[tuple[str, ...]]:
    return [(r["pattern"],) if r["via"] is None else (r["pattern"], r["via"]) for r in verdict["readings"]]


@pytest.mark.parametrize(("entry", "level"), CASES, ids=[f"{e.name} [{level}]" for e, level in CASES])
def test_every_reading_is_reported_at_every_level(client: Any, entry: Overlap, level: str) -> None:
    body = {"state": entry.state(level), "action": entry.action()}
    verdict = call(client, "dabong", "validate", body)
    want = entry.readings.get(level)
    if want is None:
        assert verdict["legal"] is False and verdict["readings"] == [], verdict["reasons"]
        return
    assert verdict["legal"] is True, verdict["reasons"]
    assert _labels(verdict) == want
    titles = {r["rule_id"]: r["title"] for r in verdict["readings"]}
    assert all(titles[rule_id] == GAME.rules[rule_id].title for rule_id in titles)
    # The first reading is the one applied: the reasons and the cards laid cite it ...
    first = verdict["readings"][0]
    assert verdict["reasons"][0]["rule_id"] == first["rule_id"]
    assert verdict["effects"][0] == {
        **verdict["effects"][0],
        "type": "CardsPlayed",
        "rule_id": first["rule_id"],
    }
    # ... and every reading does the same.
    assert all(i["effects"] == verdict["effects"] for i in verdict["interpretations"])
    assert {(i["pattern"], i["rule_id"]) for i in verdict["interpretations"]} == {
        (r["pattern"], r["rule_id"]) for r in verdict["readings"]
    }
    applied = call(client, "dabong", "apply", body)
    assert applied["verdict"] == verdict
    player = call(client, "dabong", "validate", {**body, "voice": "player"})
    texts = [s["text"] for s in player["sentences"]]
    if len(want) > 1:
        said = [t for t in texts if ": both " in t or ": at once " in t]
        assert len(said) == 1, texts
        assert said[0].count(" a ") + said[0].count(" an ") >= len(want), said
        assert any(t.startswith("It is judged as ") for t in texts), texts
    else:
        assert not any(t.startswith("It is judged as ") for t in texts), texts


def test_two_2s_on_a_pending_2_are_an_add_on_and_a_clone(client: Any) -> None:
    """The issue's example: at Intermediate the add-on applies (the next seat faces six) and the
    clone is reported beside it, and the player hears both."""
    state = table([["2W", "2A", "7F"], ["5E", "6E"]], ["9A", "2E"], preset="intermediate", penalty=_owed(2))
    answer = call(
        client, "dabong", "validate", {"state": state, "action": play(0, "2W", "2A"), "voice": "player"}
    )
    assert [(r["pattern"], r["rule_id"], r["title"]) for r in answer["readings"]] == [
        ("twos_add_on", "dabong.twos_add_on", "2s add-on"),
        ("clone", "dabong.clone", "Clone"),
    ]
    assert {
        "type": "PenaltyImposed",
        "rule_id": "dabong.twos_add_on",
        "seat": 1,
        "cards": 6,
        "skip": True,
    } in (answer["effects"])
    texts = [s["text"] for s in answer["sentences"]]
    assert "Two 2s on a 2: both a 2s add-on and a clone." in texts


def test_two_2s_on_a_2_already_paid_for_are_a_clone_only(client: Any) -> None:
    """With nothing pending the 2 on top is only a card to follow: two 2s are a clone, whose 2s on
    top add on by themselves (the next seat owes four), not an answer to 2s."""
    state = table([["2W", "2A", "7F"], ["5E", "6E"]], ["9A", "2E"], preset="intermediate")
    verdict = call(client, "dabong", "validate", {"state": state, "action": play(0, "2W", "2A")})
    assert _labels(verdict) == [("clone",)]
    assert {
        "type": "PenaltyImposed",
        "rule_id": "dabong.twos_add_on",
        "seat": 1,
        "cards": 4,
        "skip": True,
    } in (verdict["effects"])


def test_one_2_on_a_pending_2_is_an_add_on_only(client: Any) -> None:
    state = table([["2W", "7F"], ["5E", "6E"]], ["9A", "2E"], preset="master", penalty=_owed(2))
    verdict = call(client, "dabong", "validate", {"state": state, "action": play(0, "2W")})
    assert _labels(verdict) == [("twos_add_on",)]


def test_an_answer_out_of_turn_reports_the_answer_only(client: Any) -> None:
    """Three 7s of one suit (two Shamans) answering a hell out of turn are legal there only as
    the heaven; on one's turn the same cards are a twenty-one as well (R-DABONG-24, R-DABONG-27)."""
    hands = [["7W", "SH1", "SH2", "9F"], ["4E", "5E", "9E"], ["4A", "5A", "9A"]]
    pile = ["4F", "6F", "6E", "6W"]
    # Seat 0 laid the hell and answers it itself ("ANY player (including the one who just played)").
    out_of_turn = table(hands, pile, preset="intermediate", turn=1, top_seat=0, top_play=3, answerable="hell")
    answer = play(0, "7W", "SH1", "SH2", declare={"SH1": "7W", "SH2": "7W"})
    verdict = call(client, "dabong", "validate", {"state": out_of_turn, "action": answer})
    assert verdict["legal"] is True, verdict["reasons"]
    assert _labels(verdict) == [("heaven",)]
    on_turn = table(hands, pile, preset="intermediate", turn=0, top_seat=2, top_play=3)
    verdict = call(client, "dabong", "validate", {"state": on_turn, "action": answer})
    assert _labels(verdict) == [("twenty_one",), ("heaven",)]


def test_dobon_and_99_plays_have_no_readings(client: Any) -> None:
    """No Dobon or 99 play is two patterns: their verdicts list none (their reasons say the one)."""
    for game in ("dobon", "99"):
        state = call(client, game, "deal", {"seats": 2, "seed": 3})["state"]
        page = call(client, game, "legal-actions", {"state": state, "limit": 50})
        for entry in page["actions"]:
            verdict = call(client, game, "validate", {"state": state, "action": entry["action"]})
            assert verdict["legal"] is True and verdict["readings"] == [], (game, entry)


def _owed(cards: int) -> dict[str, Any]:
    return {"cards": cards, "skip": True}
