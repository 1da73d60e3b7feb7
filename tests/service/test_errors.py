"""Every error class, as a catalogue of hostile requests and the problem each must get.

Each entry: (name, method, path, raw body or None, content type, expected status, expected
problem type slug, a pointer that must be listed or None). Every answer must be
``application/problem+json`` with the RFC 9457 members, and never a 500.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from service.problems import PROBLEM_CONTENT_TYPE, TYPE_PREFIX

from .fake_game import GAME

GOOD_STATE = GAME.state_to_json(GAME.deal(seats=2, options=GAME.presets["standard"], seed=5, deck_order=None))
GOOD_ACTION = {"type": "draw", "seat": 0}
JSON = "application/json"


def body(**fields: Any) -> str:
    return json.dumps(fields)


def with_state(**changes: Any) -> dict[str, Any]:
    state = json.loads(json.dumps(GOOD_STATE))
    state.update(changes)
    return state


CATALOGUE: list[tuple[str, str, str, str | None, str | None, int, str, str | None]] = [
    ("unknown route", "GET", "/v2/nothing", None, None, 404, "not-found", None),
    (
        "unknown game",
        "POST",
        "/v1/games/chess/validate",
        body(state={}, action=GOOD_ACTION),
        JSON,
        404,
        "unknown-game",
        None,
    ),
    ("unknown game facts", "GET", "/v1/games/chess", None, None, 404, "unknown-game", None),
    ("wrong method", "GET", "/v1/games/tiny/validate", None, None, 405, "method-not-allowed", None),
    ("delete health", "DELETE", "/v1/health", None, None, 405, "method-not-allowed", None),
    (
        "text body",
        "POST",
        "/v1/games/tiny/validate",
        "state=1",
        "text/plain",
        415,
        "unsupported-media-type",
        None,
    ),
    (
        "no content type",
        "POST",
        "/v1/games/tiny/deal",
        '{"seats": 2}',
        None,
        415,
        "unsupported-media-type",
        None,
    ),
    (
        "form body",
        "POST",
        "/v1/games/tiny/deal",
        "seats=2",
        "application/x-www-form-urlencoded",
        415,
        "unsupported-media-type",
        None,
    ),
    ("malformed json", "POST", "/v1/games/tiny/deal", '{"seats": 2', JSON, 400, "malformed-json", None),
    ("empty body", "POST", "/v1/games/tiny/deal", "", JSON, 400, "malformed-json", None),
    ("NaN", "POST", "/v1/games/tiny/deal", '{"seats": NaN}', JSON, 400, "malformed-json", None),
    (
        "Infinity",
        "POST",
        "/v1/games/tiny/deal",
        '{"seats": 2, "seed": -Infinity}',
        JSON,
        400,
        "malformed-json",
        None,
    ),
    (
        "float overflow",
        "POST",
        "/v1/games/tiny/deal",
        '{"seats": 2, "seed": 1e999}',
        JSON,
        400,
        "malformed-json",
        None,
    ),
    ("not utf-8", "POST", "/v1/games/tiny/deal", None, JSON, 400, "malformed-json", None),  # body set below
    (
        "deep nesting",
        "POST",
        "/v1/games/tiny/deal",
        '{"options": ' + "[" * 40 + "]" * 40 + "}",
        JSON,
        400,
        "malformed-json",
        None,
    ),
    (
        "very deep nesting",
        "POST",
        "/v1/games/tiny/deal",
        "[" * 100_000 + "]" * 100_000,
        JSON,
        400,
        "malformed-json",
        None,
    ),
    (
        "huge integer",
        "POST",
        "/v1/games/tiny/deal",
        '{"seats": 2, "seed": ' + "9" * 400 + "}",
        JSON,
        422,
        "invalid-request",
        "/seed",
    ),
    (
        "huge integer in state",
        "POST",
        "/v1/games/tiny/validate",
        body(state=with_state(move=10**30), action=GOOD_ACTION),
        JSON,
        422,
        "invalid-request",
        "/state/move",
    ),
    (
        "too many digits",
        "POST",
        "/v1/games/tiny/deal",
        '{"seats": ' + "9" * 5000 + "}",
        JSON,
        400,
        "malformed-json",
        None,
    ),
    ("number body", "POST", "/v1/games/tiny/deal", "5", JSON, 422, "invalid-request", "/"),
    ("null body", "POST", "/v1/games/tiny/deal", "null", JSON, 422, "invalid-request", "/"),
    ("string body", "POST", "/v1/games/tiny/deal", '"seats"', JSON, 422, "invalid-request", "/"),
    ("huge top-level integer", "POST", "/v1/games/tiny/deal", "9" * 30, JSON, 422, "invalid-request", "/"),
    ("array body", "POST", "/v1/games/tiny/deal", "[1, 2]", JSON, 422, "invalid-request", "/"),
    ("missing seats", "POST", "/v1/games/tiny/deal", "{}", JSON, 422, "invalid-request", "/seats"),
    ("float seats", "POST", "/v1/games/tiny/deal", '{"seats": 2.5}', JSON, 422, "invalid-request", "/seats"),
    ("string seats", "POST", "/v1/games/tiny/deal", '{"seats": "2"}', JSON, 422, "invalid-request", "/seats"),
    ("bool seats", "POST", "/v1/games/tiny/deal", '{"seats": true}', JSON, 422, "invalid-request", "/seats"),
    (
        "unknown field",
        "POST",
        "/v1/games/tiny/deal",
        '{"seats": 2, "colour": "red"}',
        JSON,
        422,
        "invalid-request",
        "/colour",
    ),
    (
        "seats out of game range",
        "POST",
        "/v1/games/tiny/deal",
        '{"seats": 5}',
        JSON,
        422,
        "invalid-request",  # the game's own request schema (its seats, its deck) refuses it
        "/seats",
    ),
    (
        "unknown preset",
        "POST",
        "/v1/games/tiny/deal",
        '{"seats": 2, "preset": "nope"}',
        JSON,
        422,
        "invalid-input",
        "/preset",
    ),
    (
        "unknown option",
        "POST",
        "/v1/games/tiny/deal",
        '{"seats": 2, "options": {"x": 1}}',
        JSON,
        422,
        "invalid-input",
        "/options/x",
    ),
    (
        "option out of range",
        "POST",
        "/v1/games/tiny/deal",
        '{"seats": 2, "options": {"hand_size": 9}}',
        JSON,
        422,
        "invalid-input",
        "/options/hand_size",
    ),
    (
        "deck order unknown card",
        "POST",
        "/v1/games/tiny/deal",
        body(seats=2, deck_order=["AS", "ZZ"]),
        JSON,
        422,
        "invalid-request",
        "/deck_order/1",
    ),
    (
        "deck order not the deck",
        "POST",
        "/v1/games/tiny/deal",
        body(seats=2, deck_order=["AS", "KS"]),
        JSON,
        422,
        "invalid-request",  # the game's own request schema (its seats, its deck) refuses it
        "/deck_order/1",
    ),
    (
        "deck order duplicate",
        "POST",
        "/v1/games/tiny/deal",
        body(seats=2, deck_order=["AS"] * 8),
        JSON,
        422,
        "invalid-input",
        "/deck_order/1",
    ),
    (
        "state not an object",
        "POST",
        "/v1/games/tiny/validate",
        body(state=[], action=GOOD_ACTION),
        JSON,
        422,
        "invalid-request",
        "/state",
    ),
    (
        "impossible state card",
        "POST",
        "/v1/games/tiny/validate",
        body(state=with_state(hands=[["ZZ", "AS"], []]), action=GOOD_ACTION),
        JSON,
        422,
        "invalid-state",
        "/state/hands/0/0",
    ),
    (
        "impossible state turn",
        "POST",
        "/v1/games/tiny/apply",
        body(state=with_state(turn=7), action=GOOD_ACTION),
        JSON,
        422,
        "invalid-state",
        "/state/turn",
    ),
    (
        "action card not in notation",
        "POST",
        "/v1/games/tiny/validate",
        body(state=GOOD_STATE, action={"type": "play", "seat": 0, "cards": ["XX"]}),
        JSON,
        422,
        "invalid-request",
        "/action/cards/0",
    ),
    (
        "action card not in deck",
        "POST",
        "/v1/games/tiny/validate",
        body(state=GOOD_STATE, action={"type": "play", "seat": 0, "cards": ["KS"]}),
        JSON,
        422,
        "invalid-request",  # the game's own request schema (its seats, its deck) refuses it
        "/action/cards/0",
    ),
    (
        "action unknown type",
        "POST",
        "/v1/games/tiny/validate",
        body(state=GOOD_STATE, action={"type": "fly", "seat": 0}),
        JSON,
        422,
        "invalid-input",
        "/action/type",
    ),
    (
        "action unknown field",
        "POST",
        "/v1/games/tiny/validate",
        body(state=GOOD_STATE, action={"type": "draw", "seat": 0, "colour": 1}),
        JSON,
        422,
        "invalid-input",
        "/action/colour",
    ),
    (
        "action object param",
        "POST",
        "/v1/games/tiny/validate",
        body(state=GOOD_STATE, action={"type": "draw", "seat": 0, "say": {}}),
        JSON,
        422,
        "invalid-input",
        "/action/say",
    ),
    (
        "action missing seat",
        "POST",
        "/v1/games/tiny/validate",
        body(state=GOOD_STATE, action={"type": "draw"}),
        JSON,
        422,
        "invalid-request",
        "/action/seat",
    ),
    (
        "view seat beyond table",
        "POST",
        "/v1/games/tiny/view",
        body(state=GOOD_STATE, seat=2),
        JSON,
        422,
        "invalid-state",
        "/seat",
    ),
    (
        "bad cursor",
        "POST",
        "/v1/games/tiny/legal-actions",
        body(state=GOOD_STATE, cursor="%%%"),
        JSON,
        422,
        "invalid-input",
        "/cursor",
    ),
    (
        "limit too big",
        "POST",
        "/v1/games/tiny/legal-actions",
        body(state=GOOD_STATE, limit=1001),
        JSON,
        422,
        "invalid-request",
        "/limit",
    ),
    (
        "replay both starts",
        "POST",
        "/v1/games/tiny/replay",
        body(state=GOOD_STATE, deal={"seats": 2}, actions=[]),
        JSON,
        422,
        "invalid-request",
        "/",
    ),
    (
        "replay too long",
        "POST",
        "/v1/games/tiny/replay",
        body(deal={"seats": 2}, actions=[{"type": "draw", "seat": 0}] * 5001),
        JSON,
        422,
        "invalid-request",
        "/actions",
    ),
    (
        "replay bad deal",
        "POST",
        "/v1/games/tiny/replay",
        body(deal={"seats": 9}, actions=[]),
        JSON,
        422,
        "invalid-request",  # the game's own request schema (its seats, its deck) refuses it
        "/deal/seats",
    ),
    (
        "replay bad action",
        "POST",
        "/v1/games/tiny/replay",
        body(deal={"seats": 2}, actions=[GOOD_ACTION, {"type": "fly", "seat": 0}]),
        JSON,
        422,
        "invalid-input",
        "/actions/1/type",
    ),
    (
        "too large",
        "POST",
        "/v1/games/tiny/deal",
        '{"seats": 2, "pad": "' + "x" * 300_000 + '"}',
        JSON,
        413,
        "body-too-large",
        None,
    ),
]


@pytest.mark.parametrize(
    ("name", "method", "path", "raw", "content_type", "status", "slug", "pointer"),
    CATALOGUE,
    ids=[entry[0] for entry in CATALOGUE],
)
def test_hostile_request_gets_its_problem(
    fake_client: Any,
    name: str,
    method: str,
    path: str,
    raw: str | None,
    content_type: str | None,
    status: int,
    slug: str,
    pointer: str | None,
) -> None:
    data: bytes | None = raw.encode() if raw is not None else None
    if name == "not utf-8":
        data = b'{"seats": "\xff\xfe"}'
    headers = {"Content-Type": content_type} if content_type else {}
    response = fake_client.open(path, method=method, data=data, headers=headers)
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert response.mimetype == PROBLEM_CONTENT_TYPE
    problem = response.get_json()
    assert problem["type"] == TYPE_PREFIX + slug
    assert problem["status"] == status
    assert problem["title"] and problem["detail"]
    assert isinstance(problem["errors"], list)
    if pointer is not None:
        pointers = [e["pointer"] for e in problem["errors"]]
        assert pointer in pointers, problem
        assert all(e["code"] and e["message"] for e in problem["errors"])


def test_method_not_allowed_names_the_allowed_methods(fake_client: Any) -> None:
    response = fake_client.get("/v1/games/tiny/apply")
    assert response.status_code == 405
    assert "POST" in response.headers["Allow"]


def test_every_state_problem_is_listed_at_once(fake_client: Any) -> None:
    state = with_state(hands=[["ZZ", "AS"], []], turn=9, seats=2)
    response = fake_client.post("/v1/games/tiny/validate", json={"state": state, "action": GOOD_ACTION})
    assert response.status_code == 422
    pointers = {e["pointer"] for e in response.get_json()["errors"]}
    assert {"/state/hands/0/0", "/state/turn"} <= pointers


def test_state_and_action_problems_are_listed_together(fake_client: Any) -> None:
    state = with_state(turn=9)
    action = {"type": "fly", "seat": 0}
    response = fake_client.post("/v1/games/tiny/validate", json={"state": state, "action": action})
    assert response.status_code == 422
    pointers = {e["pointer"] for e in response.get_json()["errors"]}
    assert {"/state/turn", "/action/type"} <= pointers


def test_chunked_body_over_the_limit_is_413(fake_client: Any) -> None:
    """No Content-Length (as with chunked transfer): the body is still read with a limit."""
    payload = b'{"seats": 2, "pad": "' + b"x" * 300_000 + b'"}'
    import io

    environ = {"wsgi.input": io.BytesIO(payload), "wsgi.input_terminated": True}
    response = fake_client.post(
        "/v1/games/tiny/deal",
        headers={"Content-Type": JSON, "Transfer-Encoding": "chunked"},
        environ_overrides=environ,
    )
    assert response.status_code == 413
    assert response.mimetype == PROBLEM_CONTENT_TYPE


def test_chunked_body_under_the_limit_is_read(fake_client: Any) -> None:
    import io

    payload = b'{"seats": 2, "seed": 1}'
    environ = {"wsgi.input": io.BytesIO(payload), "wsgi.input_terminated": True}
    response = fake_client.post(
        "/v1/games/tiny/deal",
        headers={"Content-Type": JSON, "Transfer-Encoding": "chunked"},
        environ_overrides=environ,
    )
    assert response.status_code == 200, response.get_json()


def test_an_unexpected_exception_is_a_logged_problem_500(
    fake_app: Any, monkeypatch: Any, caplog: Any
) -> None:
    """The last guard: a bug in a game still answers problem+json (tests elsewhere prove none happens)."""

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(GAME, "validate", broken)
    response = fake_app.test_client().post(
        "/v1/games/tiny/validate", json={"state": GOOD_STATE, "action": GOOD_ACTION}
    )
    assert response.status_code == 500
    assert response.mimetype == PROBLEM_CONTENT_TYPE
    assert response.get_json()["type"] == TYPE_PREFIX + "internal-error"
    assert "boom" not in response.get_data(as_text=True)
    assert any("unhandled exception" in r.getMessage() for r in caplog.records)


def test_schema_and_state_problems_are_listed_together(fake_client: Any) -> None:
    """A malformed action does not hide what is wrong with the state."""
    state = with_state(turn=9)
    action = {"type": "play", "seat": 0, "cards": ["XX"]}
    response = fake_client.post("/v1/games/tiny/validate", json={"state": state, "action": action})
    assert response.status_code == 422
    pointers = {e["pointer"] for e in response.get_json()["errors"]}
    assert {"/state/turn", "/action/cards/0"} <= pointers
