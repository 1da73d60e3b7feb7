"""Health, the game list and one game's facts."""

from __future__ import annotations

from typing import Any

from service.version import __version__


def test_health(fake_client: Any) -> None:
    response = fake_client.get("/v1/health")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "games": ["tiny"], "version": __version__}


def test_game_list(fake_client: Any) -> None:
    games = fake_client.get("/v1/games").get_json()["games"]
    assert games == [
        {
            "name": "tiny",
            "title": "Tiny",
            "summary": "A test game: match suit or rank.",
            "min_seats": 2,
            "max_seats": 3,
            "default_preset": "standard",
            "presets": ["standard", "short"],
        }
    ]


def test_game_facts(fake_client: Any) -> None:
    facts = fake_client.get("/v1/games/tiny").get_json()
    assert facts["presets"]["short"] == {"hand_size": 1, "pass_allowed": True}
    assert facts["options"][0] == {
        "name": "hand_size",
        "type": "integer",
        "default": 2,
        "description": "Cards dealt to each seat.",
        "rule_id": "tiny.deal",
        "minimum": 1,
        "maximum": 3,
    }
    assert {
        "code": "not_your_turn",
        "rule_id": "tiny.turn",
        "template": "seat {seat} is not to act (seat {turn} is)",
    } in facts["reason_codes"]
    talk = next(r for r in facts["rules"] if r["id"] == "tiny.talk")
    assert talk["not_adjudicated"] == "etiquette"
    assert facts["deck"][:2] == ["AS", "2S"]
    assert facts["action_params"] == {"say": "a remark (ignored)"}


def test_default_app_serves_the_real_registry(client: Any) -> None:
    from rules_core.games import REGISTRY

    assert client.get("/v1/health").get_json()["games"] == list(REGISTRY.names())
