"""Rollback of sealed tables with the head store: two replicas sharing one real Redis server.

Games of every game are played on alternating replicas; afterwards every older envelope is sent
again, to either replica, for a look (view, validate, legal-actions, suggest, explain) and for a
move (apply, replay, a new deal at the table): each is refused with 409 ``stale-table``. Two
replicas continuing one envelope differently fork the table: the second is refused. The very
request that moved the table, sent again (a balancer's retry), is answered.
"""

from __future__ import annotations

from typing import Any

import pytest
from cryptography.fernet import Fernet

from service.app import create_app

from .sealed_tables import Seat

KEY = Fernet.generate_key().decode()
#: Moves played per game before the older envelopes are tried (each tried on both replicas).
MOVES = 12


@pytest.fixture
def replicas(redis_url: str) -> list[Any]:
    config = {"TESTING": True, "SEAL_KEYS": KEY, "REDIS_URL": redis_url, "REQUEST_CPU_SECONDS": 0}
    return [create_app(dict(config)).test_client() for _ in range(2)]


def _stale(answer: Any) -> None:
    assert answer.status_code == 409, answer.get_json()
    problem = answer.get_json()
    assert problem["type"] == "urn:table-judge:problem:stale-table"
    assert problem["errors"][0]["code"] == "stale_envelope"


def _play(
    replicas: list[Any], game: str, seats: int, moves: int = MOVES
) -> tuple[dict[str, Any], list[tuple[dict[str, Any], dict[str, Any]]]]:
    """A table and its history as (envelope, action applied to it), the moves on alternating
    replicas, the last entry the latest envelope (no action)."""
    dealt = replicas[0].post(f"/v1/games/{game}/deal", json={"seats": seats}).get_json()
    host = dealt["credentials"]["host"]
    envelope, history = dealt["state"], []
    for step in range(moves):
        replica = Seat(replicas[step % 2], game, host)
        seat = replica.post("view", {"state": envelope, "seat": 0}).get_json()["view"]
        on_turn = seat.get("turn")
        if on_turn is None:
            break
        suggested = replica.post("suggest", {"state": envelope, "seat": on_turn, "seed": step}).get_json()
        if suggested["action"] is None:
            break
        applied = replica.post("apply", {"state": envelope, "action": suggested["action"]})
        assert applied.status_code == 200, applied.get_json()
        history.append((envelope, suggested["action"]))
        envelope = applied.get_json()["state"]
        if applied.get_json()["over"]:
            break
    return dealt, [*history, (envelope, {})]


@pytest.mark.parametrize(("game", "seats"), [("99", 3), ("dobon", 3), ("dabong", 3)])
def test_every_older_envelope_is_refused_on_either_replica(
    replicas: list[Any], game: str, seats: int
) -> None:
    dealt, history = _play(replicas, game, seats)
    assert len(history) > 3
    latest = history[-1][0]
    for replica in replicas:
        host = Seat(replica, game, dealt["credentials"]["host"])
        seat_0 = Seat(replica, game, dealt["credentials"]["seats"][0])
        for index, (envelope, action) in enumerate(history[:-1]):
            _stale(host.post("view", {"state": envelope, "seat": 0}))
            _stale(seat_0.post("view", {"state": envelope, "seat": 0}))
            _stale(host.post("legal-actions", {"state": envelope}))
            _stale(host.post("suggest", {"state": envelope, "seat": 0}))
            _stale(host.post("validate", {"state": envelope, "action": action}))
            _stale(host.post("explain", {"state": envelope, "action": action}))
            if index < len(history) - 2:  # the last move's own request again is a retry, answered
                _stale(host.post("apply", {"state": envelope, "action": action}))
            _stale(host.post("replay", {"state": envelope, "actions": [action]}))
            _stale(host.post("deal", {"seats": seats, "seed": 1, "table": envelope}))
        # The latest envelope still serves on both replicas.
        assert host.post("view", {"state": latest, "seat": 0}).status_code == 200


def test_two_replicas_cannot_both_continue_one_envelope(replicas: list[Any]) -> None:
    dealt = replicas[0].post("/v1/games/99/deal", json={"seats": 3}).get_json()
    host = dealt["credentials"]["host"]
    a, b = Seat(replicas[0], "99", host), Seat(replicas[1], "99", host)
    envelope = dealt["state"]
    turn = a.post("view", {"state": envelope, "seat": 0}).get_json()["view"]["turn"]
    plays = [
        e["action"] for e in a.post("legal-actions", {"state": envelope, "seat": turn}).get_json()["actions"]
    ]
    assert len(plays) >= 2
    first = a.post("apply", {"state": envelope, "action": plays[0]})
    assert first.status_code == 200
    _stale(b.post("apply", {"state": envelope, "action": plays[1]}))  # a fork: refused
    # The very request that moved the table, sent again (a balancer passing it on), is answered
    # with the same move; its state is the one the first answer carried.
    again = b.post("apply", {"state": envelope, "action": plays[0]})
    assert again.status_code == 200, again.get_json()
    assert again.get_json()["state"]["move"] == first.get_json()["state"]["move"]
    views = [
        b.post("view", {"state": r.get_json()["state"], "seat": turn}).get_json() for r in (first, again)
    ]
    assert views[0] == views[1]


def test_a_new_deal_at_the_table_makes_the_old_game_stale(replicas: list[Any]) -> None:
    dealt = replicas[0].post("/v1/games/dobon/deal", json={"seats": 2}).get_json()
    host = Seat(replicas[1], "dobon", dealt["credentials"]["host"])
    again = host.post("deal", {"seats": 2, "seed": 5, "table": dealt["state"]})
    assert again.status_code == 200, again.get_json()
    _stale(host.post("view", {"state": dealt["state"], "seat": 0}))
    assert host.post("view", {"state": again.get_json()["state"], "seat": 0}).status_code == 200


def test_a_finished_table_expires_soon(replicas: list[Any], redis_server: Any) -> None:
    dealt, history = _play(replicas, "99", 3, moves=3)
    store = replicas[0].application.extensions["table_judge_head_store"]
    key = store.key(dealt["state"]["table_id"])
    with redis_server.client() as client:
        assert store.finished_ttl < client.ttl(key) <= store.idle_ttl  # a table in play: kept long
        dealt, history = _play(replicas, "99", 3, moves=1000)
        host = Seat(replicas[0], "99", dealt["credentials"]["host"])
        last = host.post("view", {"state": history[-1][0], "seat": 0}).get_json()["view"]
        assert last["status"] == "over"
        assert 0 < client.ttl(store.key(dealt["state"]["table_id"])) <= store.finished_ttl
