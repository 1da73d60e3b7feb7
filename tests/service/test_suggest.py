"""POST /suggest: the bot is fed the seat's view only; errors are problems, never 500s."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from rules_core.bots import Level, Suggestion, sample_world
from rules_core.kernel import parse_card
from service.app import create_app

from .fake_game import TINY_DECK, fake_registry


class FirstLegalBot:
    """Plays the first legal action of a world sampled from the view; records what it was given."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.seen: list[Mapping[str, Any]] = []

    def suggest(
        self, view: Mapping[str, Any], seat: int, level: Level, *, seed: int, optional: bool = False
    ) -> Suggestion | None:
        self.seen.append(view)
        if view.get("explode"):
            raise ValueError("this view cannot happen")
        visible = [parse_card(c) for c in view["hands"][seat]] + [parse_card(c) for c in view["pile"]]
        world = self.game.state_from_json(sample_world(dict(view), TINY_DECK, visible, random.Random(seed)))
        entries = self.game.legal_actions(world, seat).entries
        if not entries:
            return None
        return Suggestion(action=entries[0].action, rationale="the first legal action", level=level)


@pytest.fixture
def bot_setup() -> Iterator[tuple[Any, FirstLegalBot]]:
    registry = fake_registry()
    game = registry.get("tiny")
    bot = FirstLegalBot(game)
    game.bot = bot  # the fake game object is shared: detach the bot afterwards
    try:
        yield create_app({"TESTING": True, "REGISTRY": registry}).test_client(), bot
    finally:
        game.bot = None


def _deal(client: Any) -> dict[str, Any]:
    return client.post("/v1/games/tiny/deal", json={"seats": 2, "seed": 3}).get_json()["state"]


def test_suggestion_from_a_state_is_legal_and_bot_saw_only_the_view(bot_setup: Any) -> None:
    client, bot = bot_setup
    state = _deal(client)
    answer = client.post("/v1/games/tiny/suggest", json={"state": state, "seat": 0, "level": "strong"})
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["seat"] == 0 and body["level"] == "strong" and body["rationale"]
    verdict = client.post(
        "/v1/games/tiny/validate", json={"state": state, "action": body["action"]}
    ).get_json()
    assert verdict["legal"] is True
    seen = bot.seen[-1]
    assert (
        "seed" not in seen and seen["viewer"] == 0 and seen["hands"][1] == {"count": len(state["hands"][1])}
    )


def test_suggestion_from_a_view_and_the_default_level(bot_setup: Any) -> None:
    client, _ = bot_setup
    state = _deal(client)
    view = client.post("/v1/games/tiny/view", json={"state": state, "seat": 0}).get_json()["view"]
    answer = client.post("/v1/games/tiny/suggest", json={"view": view, "seat": 0})
    assert answer.status_code == 200 and answer.get_json()["level"] == "normal"


def test_the_same_request_gives_the_same_answer(bot_setup: Any) -> None:
    client, _ = bot_setup
    body = {"state": _deal(client), "seat": 0, "seed": 9}
    first = client.post("/v1/games/tiny/suggest", json=body).get_json()
    assert client.post("/v1/games/tiny/suggest", json=body).get_json() == first


@pytest.mark.parametrize(
    ("body", "status", "pointer"),
    [
        ({"seat": 0}, 422, "/"),
        ({"seat": 0, "level": "genius", "state": {}}, 422, "/level"),
        ({"seat": 5}, 422, "/seat"),
        ({"seat": 1, "view": {"viewer": 0}}, 422, "/view/viewer"),
        ({"seat": 0, "view": {"viewer": 0, "explode": True}}, 422, "/view"),
        ({"seat": 0, "view": {"viewer": 0, "hands": "nope"}}, 422, "/view"),
    ],
)
def test_bad_requests_are_problems(bot_setup: Any, body: dict[str, Any], status: int, pointer: str) -> None:
    client, _ = bot_setup
    if body.get("seat") == 5:
        body = {**body, "state": _deal(client)}
    answer = client.post("/v1/games/tiny/suggest", json=body)
    assert answer.status_code == status, answer.get_json()
    assert answer.headers["Content-Type"].startswith("application/problem+json")
    pointers = [e["pointer"] for e in answer.get_json()["errors"]]
    assert any(p.startswith(pointer) for p in pointers), pointers


def test_a_game_without_a_bot_is_a_404_problem() -> None:
    registry = fake_registry()
    assert registry.get("tiny").bot is None
    client = create_app({"TESTING": True, "REGISTRY": registry}).test_client()
    answer = client.post("/v1/games/tiny/suggest", json={"state": _deal(client), "seat": 0})
    assert answer.status_code == 404 and answer.get_json()["type"].endswith("no-bot")
