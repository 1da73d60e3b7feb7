"""``validate`` in the player voice (``voice: "player"``): every worked example of every game gets
the sentences ``explain`` gives in that voice (one implementation, ``service.voice``), with no card
in notation, "you" for the acting seat and each sentence's rule (id, title) and source; the
verdict is the one ``validate`` answers without a voice, which stays the default."""

from __future__ import annotations

import re
from typing import Any

from rules_core.games import REGISTRY
from rules_core.reference import build, reference_data
from rules_core.reference.book import examples_of

CARD_CODE = re.compile(r"(?<![\w'])(?:SH[123]|10[SHDCFWEA]|[2-9AJQK][SHDCFWEA])(?![\w'])")
VOICE_MEMBERS = {"voice", "sentences", "legal_under"}


def _requests() -> list[tuple[str, str, str, bool, dict[str, Any]]]:
    out = []
    for game in REGISTRY:
        data = reference_data(game)
        for rule in game.rules:
            for example in examples_of(rule, data):
                built = build(game, rule.id, example)
                out.append((game.name, rule.id, example.title, example.legal, built.request))
    return out


REQUESTS = _requests()


def _post(client: Any, game: str, operation: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/v1/games/{game}/{operation}", json=body)
    assert response.status_code == 200, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


def test_every_worked_example_is_validated_in_the_player_voice(client: Any) -> None:
    titles = {game.name: {r.id: r for r in game.rules} for game in REGISTRY}
    games_seen: set[str] = set()
    you = 0
    for name, rule_id, title, legal, request in REQUESTS:
        where = (name, rule_id, title)
        player = _post(client, name, "validate", {**request, "voice": "player"})
        plain = _post(client, name, "validate", request)
        assert VOICE_MEMBERS.isdisjoint(plain), where  # the default answer is the verdict alone
        assert {k: v for k, v in player.items() if k not in VOICE_MEMBERS} == plain, where
        assert player["voice"] == "player" and player["legal"] is legal, where
        explained = _post(client, name, "explain", {**request, "voice": "player"})
        assert player["sentences"] == explained["sentences"], where
        assert ("legal_under" in player) is (not legal), where
        if not legal:
            assert player["legal_under"] == explained["legal_under"], where
        assert player["sentences"], where
        for sentence in player["sentences"]:
            text = sentence["text"]
            assert not CARD_CODE.search(text) and "_" not in text, (where, text)
            rule = titles[name][sentence["rule"]["id"]]
            assert sentence["rule"] == {"id": rule.id, "title": rule.title}, where
            assert sentence["rule_ids"][0] == rule.id, where
            if rule.ruling is None:
                assert sentence["source"] == "document" and sentence["ruling"] is None, where
            else:
                assert sentence["source"] == "ruling" and sentence["ruling"]["id"] == rule.ruling, where
        seat = request["action"].get("seat")
        if seat is not None and seat < len(request["state"]["hands"]):
            assert player["sentences"][0]["text"].startswith("Your "), where
            assert all(f"seat {seat}" not in s["text"].lower() for s in player["sentences"]), where
            you += 1
        games_seen.add(name)
    assert games_seen == {game.name for game in REGISTRY}
    assert you > 100


def _request(rule_id: str, title_start: str) -> dict[str, Any]:
    for _game, rid, title, _, request in REQUESTS:
        if rid == rule_id and title.startswith(title_start):
            return request
    raise AssertionError(f"no example {title_start!r} of {rule_id}")


def test_the_readings_are_said_in_the_player_voice(client: Any) -> None:
    answer = _post(client, "dabong", "validate", {**_request("dabong.readings", "Two 2s"), "voice": "player"})
    assert [r["pattern"] for r in answer["readings"]] == ["twos_add_on", "clone"]
    said = {s["text"]: s for s in answer["sentences"]}
    both = said["Two 2s on a 2: both a 2s add-on and a clone."]
    assert both["rule_ids"] == ["dabong.twos_add_on", "dabong.clone", "dabong.readings"]
    assert both["source"] == "ruling" and both["ruling"]["id"] == "R-DABONG-16"
    why = said["It is judged as a 2s add-on; every reading does the same, so which one makes no difference."]
    assert why["rule"] == {"id": "dabong.readings", "title": "A play of several patterns"}
    assert why["ruling"]["id"] == "R-DABONG-27"
    king = _post(
        client, "dabong", "validate", {**_request("dabong.readings", "King and Ace"), "voice": "player"}
    )
    assert "King of Water and Ace of Water on a 9: both a subtraction and a twenty-one." in [
        s["text"] for s in king["sentences"]
    ]
    beginner = _post(
        client, "dabong", "validate", {**_request("dabong.readings", "At Beginner"), "voice": "player"}
    )
    assert [r["pattern"] for r in beginner["readings"]] == ["subtraction"]
    assert not any("both" in s["text"] for s in beginner["sentences"])


def test_a_refused_play_says_the_level_that_allows_it(client: Any) -> None:
    answer = _post(
        client,
        "dabong",
        "validate",
        {**_request("dabong.level", "Beginner knows no clone"), "voice": "player"},
    )
    assert answer["legal"] is False and answer["readings"] == []
    assert "It would be legal from Intermediate." in [s["text"] for s in answer["sentences"]]
    assert answer["legal_under"] == [{"preset": "intermediate"}, {"preset": "master"}]


def test_plain_is_the_verdict_alone_and_other_voices_are_refused(client: Any) -> None:
    body = _request("99.king", "A King sets")
    plain = _post(client, "99", "validate", {**body, "voice": "plain"})
    assert plain == _post(client, "99", "validate", body)
    assert plain["readings"] == []  # 99 plays have one reading each: the reasons say it
    response = client.post("/v1/games/99/validate", json={**body, "voice": "pirate"})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/voice"


def test_a_situation_is_validated_in_the_player_voice(client: Any) -> None:
    situation = {"count": 95, "hands": [{"seat": 0, "cards": ["6H", "KD"]}]}
    action = {"type": "play", "seat": 0, "cards": ["KD"]}
    answer = _post(client, "99", "validate", {"situation": situation, "action": action, "voice": "player"})
    assert answer["assumptions"] and answer["legal"] is True
    assert answer["sentences"][0]["text"].startswith("Your play of King of Diamonds is legal")
