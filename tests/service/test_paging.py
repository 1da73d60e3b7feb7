"""``legal-actions`` paging: complete, stable, and cursors bound to their state and seat."""

from __future__ import annotations

from typing import Any

from tests.http_helpers import call, deal

ORDER = ["AS", "AH", "2S", "2H", "3S", "3H", "4S", "4H"]


def three_choices(client: Any) -> dict[str, Any]:
    """Seat 0 holds AS 2S 3S on top card 4S: three plays and a draw."""
    return deal(client, "tiny", seats=2, options={"hand_size": 3}, deck_order=ORDER, seed=1)


def test_default_page_holds_everything(fake_client: Any) -> None:
    answer = call(fake_client, "tiny", "legal-actions", {"state": three_choices(fake_client)})
    assert [a["action"] for a in answer["actions"]] == [
        {"type": "play", "seat": 0, "cards": ["2S"]},
        {"type": "play", "seat": 0, "cards": ["3S"]},
        {"type": "play", "seat": 0, "cards": ["AS"]},
        {"type": "draw", "seat": 0},
    ]
    assert (answer["total_entries"], answer["total_actions"], answer["next_cursor"]) == (4, 4, None)


def test_pages_concatenate_to_the_whole_list(fake_client: Any) -> None:
    state = three_choices(fake_client)
    whole = call(fake_client, "tiny", "legal-actions", {"state": state})["actions"]
    pages: list[Any] = []
    cursor = None
    for _ in range(10):
        body: dict[str, Any] = {"state": state, "limit": 3}
        if cursor:
            body["cursor"] = cursor
        answer = call(fake_client, "tiny", "legal-actions", body)
        assert len(answer["actions"]) <= 3
        pages.extend(answer["actions"])
        cursor = answer["next_cursor"]
        if cursor is None:
            break
    assert pages == whole


def test_cursor_is_stable(fake_client: Any) -> None:
    state = three_choices(fake_client)
    first = call(fake_client, "tiny", "legal-actions", {"state": state, "limit": 2})["next_cursor"]
    again = call(fake_client, "tiny", "legal-actions", {"state": state, "limit": 2})["next_cursor"]
    assert first == again
    assert isinstance(first, str)


def test_cursor_from_another_state_is_refused(fake_client: Any) -> None:
    state = three_choices(fake_client)
    cursor = call(fake_client, "tiny", "legal-actions", {"state": state, "limit": 2})["next_cursor"]
    other = deal(fake_client, "tiny", seats=2, options={"hand_size": 3}, seed=99)
    problem = call(fake_client, "tiny", "legal-actions", {"state": other, "cursor": cursor}, 422)
    assert problem["errors"][0]["pointer"] == "/cursor"
    assert problem["errors"][0]["code"] == "stale_cursor"


def test_cursor_from_another_seat_filter_is_refused(fake_client: Any) -> None:
    state = three_choices(fake_client)
    cursor = call(fake_client, "tiny", "legal-actions", {"state": state, "limit": 2})["next_cursor"]
    problem = call(fake_client, "tiny", "legal-actions", {"state": state, "seat": 0, "cursor": cursor}, 422)
    assert problem["errors"][0]["code"] == "stale_cursor"


def test_forged_cursor_is_refused(fake_client: Any) -> None:
    state = three_choices(fake_client)
    for forged in ("", "bm90IGpzb24", "eyJvIjogLTEsICJoIjogIngifQ", "W10"):
        problem = call(fake_client, "tiny", "legal-actions", {"state": state, "cursor": forged}, 422)
        assert problem["errors"][0]["pointer"] == "/cursor"


def test_seat_filter(fake_client: Any) -> None:
    state = three_choices(fake_client)
    assert call(fake_client, "tiny", "legal-actions", {"state": state, "seat": 1})["actions"] == []
    assert len(call(fake_client, "tiny", "legal-actions", {"state": state, "seat": 0})["actions"]) == 4


def test_every_listed_action_validates_as_legal(fake_client: Any) -> None:
    """The list (game.legal_actions) and the judge (game.resolve) agree through HTTP too."""
    state = three_choices(fake_client)
    for entry in call(fake_client, "tiny", "legal-actions", {"state": state})["actions"]:
        verdict = call(fake_client, "tiny", "validate", {"state": state, "action": entry["action"]})
        assert verdict["legal"], entry


def test_configured_page_limit_is_enforced(fake_app: Any) -> None:
    client = fake_app.test_client()
    state = three_choices(client)
    fake_app.config["LEGAL_ACTIONS_MAX_LIMIT"] = 2
    try:
        problem = call(client, "tiny", "legal-actions", {"state": state, "limit": 3}, 422)
        assert problem["errors"][0]["pointer"] == "/limit"
        assert len(call(client, "tiny", "legal-actions", {"state": state, "limit": 2})["actions"]) == 2
    finally:
        fake_app.config["LEGAL_ACTIONS_MAX_LIMIT"] = 1000
