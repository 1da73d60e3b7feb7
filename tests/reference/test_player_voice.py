"""Explanations in the player voice (``voice: "player"``): every worked example of every game,
cards in words, "you" for the acting seat, each sentence citing its rule (id and title) and
source, and the level/option hint ("legal from Intermediate") only where another setting
allows the refused action."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules_core.games import REGISTRY
from rules_core.kernel import Card, Rank, Suit
from rules_core.reference import build, reference_data
from rules_core.reference.book import examples_of


def _all_examples() -> list[tuple[str, str, Any]]:
    out = []
    for game in REGISTRY:
        data = reference_data(game)
        for rule in game.rules:
            for example in examples_of(rule, data):
                out.append((game.name, rule.id, example))
    return out


EXAMPLES = _all_examples()
#: A card in notation (the dabong! and standard decks): none may be left in player text.
CARD_CODE = re.compile(r"(?<![\w'])(?:SH[123]|10[SHDCFWEA]|[2-9AJQK][SHDCFWEA])(?![\w'])")


def _request(game: str, rule_id: str, title_start: str) -> dict[str, Any]:
    found = REGISTRY.get(game)
    assert found is not None
    for example in reference_data(found).examples[rule_id]:
        if example.title.startswith(title_start):
            return build(found, rule_id, example).request
    raise AssertionError(f"no example {title_start!r} of {rule_id}")


def _player(client: Any, game: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/v1/games/{game}/explain", json={**body, "voice": "player"})
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["voice"] == "player"
    return answer


def _texts(answer: dict[str, Any]) -> list[str]:
    return [s["text"] for s in answer["sentences"]]


@pytest.fixture(scope="module")
def rule_titles() -> dict[str, dict[str, Any]]:
    return {game.name: {r.id: r for r in game.rules} for game in REGISTRY}


def test_every_worked_example_reads_as_a_player_would(client: Any, rule_titles: Any) -> None:  # type: ignore[no-untyped-def]
    seen_you = 0
    for name, rule_id, example in EXAMPLES:
        game = REGISTRY.get(name)
        assert game is not None
        built = build(game, rule_id, example)
        answer = _player(client, name, built.request)
        where = (rule_id, example.title)
        assert answer["verdict"]["legal"] is example.legal, where
        assert answer["sentences"], where
        for sentence in answer["sentences"]:
            text = sentence["text"]
            assert not CARD_CODE.search(text), (where, text)
            assert "_" not in text, (where, text)
            rule = rule_titles[name][sentence["rule"]["id"]]
            assert sentence["rule"] == {"id": rule.id, "title": rule.title}, where
            assert sentence["rule_ids"][0] == rule.id
            if rule.ruling is None:
                assert sentence["source"] == "document" and sentence["ruling"] is None, where
            else:
                assert sentence["source"] == "ruling" and sentence["ruling"]["id"] == rule.ruling, where
                assert sentence["ruling"]["title"]
        seat = built.request["action"].get("seat")
        lead = answer["sentences"][0]["text"]
        if seat is not None and seat < len(built.request["state"]["hands"]):
            # The acting seat is "you", never its number.
            assert lead.startswith("Your "), (where, lead)
            assert all(f"seat {seat}" not in t.lower() for t in _texts(answer)), (where, _texts(answer))
            seen_you += 1
        if not example.legal:
            assert "legal_under" in answer
    assert seen_you > 100


@pytest.mark.parametrize(
    ("game", "rule_id", "title", "expected"),
    [
        (
            "dabong",
            "dabong.addition",
            "An addition needs one suit",
            "Addition: an addition needs one suit: 7 of Fire and 2 of Water differ.",
        ),
        ("dabong", "dabong.two", "A 2 makes", "The next player must pick up 2 card(s) and is then skipped."),
        (
            "dabong",
            "dabong.deal",
            "Only the dealt cards",
            "Your play of 5 of Water is not legal: it is not in your hand.",
        ),
        ("99", "99.king", "A King sets", "The Count goes from 4 to 99."),
        (
            "99",
            "99.king",
            "A King sets",
            "Your play of King of Diamonds is legal: King of Diamonds sets the Count from 4 to 99.",
        ),
        (
            "99",
            "99.turn",
            "A turn plays exactly",
            "Your play of 5 of Hearts and 3 of Clubs is not legal: a turn plays exactly one card, not 2.",
        ),
        (
            "dobon",
            "dobon.deck",
            "Any card",
            "A check (discard) starts: the next player may claim, in that order.",
        ),
        (
            "dobon",
            "dobon.claim.returns",
            "With returns the claimant",
            "Your claim of Ace of Hearts, 2 of Spades, 4 of Hearts and 6 of Spades is not legal: "
            "with returns a claim names the card to put on top.",
        ),
    ],
)
def test_hand_checked_sentences(client: Any, game: str, rule_id: str, title: str, expected: str) -> None:
    answer = _player(client, game, _request(game, rule_id, title))
    assert expected in _texts(answer), _texts(answer)


def test_a_shaman_and_a_jack_are_named_in_words() -> None:
    dabong, ninety_nine = REGISTRY.get("dabong"), REGISTRY.get("99")
    assert dabong is not None and ninety_nine is not None
    assert dabong.card_name(Card(None, None, 1)) == "Shaman 1"
    assert dabong.card_name(Card(Rank.JACK, Suit.WATER)) == "Jack of Water"
    assert dabong.card_name(Card(Rank.FIVE, Suit.FIRE)) == "5 of Fire"
    assert ninety_nine.card_name(Card(Rank.QUEEN, Suit.SPADES)) == "Queen of Spades"


def test_a_ruling_sentence_names_its_ruling(client: Any) -> None:
    answer = _player(client, "dobon", _request("dobon", "dobon.claim.returns", "With returns the claimant"))
    lead = answer["sentences"][0]
    assert lead["source"] == "ruling" and lead["ruling"]["id"].startswith("R-DOBON-")


# -- the level / option hint -------------------------------------------------------------------


def test_dabong_clone_is_legal_from_intermediate(client: Any) -> None:
    answer = _player(client, "dabong", _request("dabong", "dabong.level", "Beginner knows no clone"))
    assert answer["verdict"]["legal"] is False
    hint = next(s for s in answer["sentences"] if "would be legal" in s["text"])
    assert hint["text"] == "It would be legal from Intermediate."
    assert hint["rule"]["id"] == "dabong.clone"
    assert {"preset": "intermediate"} in answer["legal_under"] and {"preset": "master"} in answer[
        "legal_under"
    ]


def test_dabong_two_add_on_is_legal_from_intermediate(client: Any) -> None:
    answer = _player(client, "dabong", _request("dabong", "dabong.twos_add_on", "At Beginner the seat"))
    assert "It would be legal from Intermediate." in _texts(answer)


def test_dobon_options_and_presets_are_named(client: Any) -> None:
    returns = _player(client, "dobon", _request("dobon", "dobon.claim.returns", "With returns the claimant"))
    assert "It would be legal with returns off." in _texts(returns)
    assert returns["legal_under"] == [{"option": "returns", "value": False}]
    bundle = _player(client, "dobon", _request("dobon", "dobon.queen.bundle", "Sum-only has no bundles"))
    assert "It would be legal with the Action cards preset." in _texts(bundle)
    assert "It would be legal with queen bundles on." in _texts(bundle)


def test_no_hint_when_no_setting_allows_it(client: Any) -> None:
    for game, rule_id, title in (
        ("dabong", "dabong.deal", "Only the dealt cards"),
        ("99", "99.turn", "A turn plays exactly"),
        ("dobon", "dobon.seats", "Two to four seats"),
    ):
        answer = _player(client, game, _request(game, rule_id, title))
        assert answer["verdict"]["legal"] is False
        assert answer["legal_under"] == []
        assert not any("would be legal" in t for t in _texts(answer)), _texts(answer)


def test_99_options_change_outcomes_never_legality(client: Any) -> None:
    """99's presets and options (blowback, the clubs slide) settle what a play does, not whether
    it may be made: no refused 99 example is legal under another setting."""
    for name, rule_id, example in EXAMPLES:
        if name != "99" or example.legal:
            continue
        game = REGISTRY.get(name)
        assert game is not None
        answer = _player(client, name, build(game, rule_id, example).request)
        assert answer["legal_under"] == [], (rule_id, example.title)


def test_a_legal_play_gets_no_hint_and_plain_stays_the_default(client: Any) -> None:
    body = _request("99", "99.king", "A King sets")
    player = _player(client, "99", body)
    assert "legal_under" not in player
    plain = client.post("/v1/games/99/explain", json=body).get_json()
    assert plain["voice"] == "plain" and "rule" not in plain["sentences"][0]
    assert plain["sentences"][0]["text"].startswith("Seat 1's play KD is legal")
    assert plain["verdict"] == player["verdict"]


def test_a_situation_is_explained_in_the_player_voice(client: Any) -> None:
    situation = {"count": 95, "hands": [{"seat": 0, "cards": ["6H", "KD"]}]}
    answer = _player(
        client, "99", {"situation": situation, "action": {"type": "play", "seat": 0, "cards": ["KD"]}}
    )
    assert answer["assumptions"]
    texts = _texts(answer)
    assert texts[0].startswith("Your play of King of Diamonds is legal"), texts
    refused = _player(
        client, "99", {"situation": situation, "action": {"type": "play", "seat": 0, "cards": ["6H"]}}
    )
    assert refused["verdict"]["legal"] is False
    assert _texts(refused)[0] == (
        "Your play of 6 of Hearts is not legal: 6 of Hearts would take the Count from 95 to 101, over 99."
    ), _texts(refused)


def test_an_unknown_voice_is_refused(client: Any) -> None:
    body = _request("99", "99.king", "A King sets")
    response = client.post("/v1/games/99/explain", json={**body, "voice": "pirate"})
    assert response.status_code in (400, 422)
