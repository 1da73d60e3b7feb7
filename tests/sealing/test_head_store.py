"""The head store (service/head_store.py, #27) against a real Redis/Valkey server (conftest.py)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from service.app import create_app
from service.head_store import HeadStore, HeadStoreUnavailable, StaleTable

from .conftest import RedisServer


@pytest.fixture
def store(redis_url: str) -> Iterator[HeadStore]:
    made = HeadStore.from_url(redis_url, finished_ttl=100, idle_ttl=10_000)
    assert made is not None
    yield made
    made.close()


def _head(server: RedisServer, store: HeadStore, table: str) -> int | None:
    with server.client() as client:
        value = client.hget(store.key(table), "move")
    return None if value is None else int(value)


def test_no_url_no_store() -> None:
    assert HeadStore.from_url(None) is None
    assert HeadStore.from_url("") is None
    assert HeadStore.from_url("  ") is None


def test_a_table_never_stored_passes(store: HeadStore) -> None:
    store.check("unknown", 0)
    store.check("unknown", 41)


def test_a_new_table_is_stored_once(store: HeadStore, redis_server: RedisServer) -> None:
    store.advance("t1", None, 0, over=False)
    assert _head(redis_server, store, "t1") == 0
    with pytest.raises(StaleTable) as refused:
        store.advance("t1", None, 0, over=False)
    assert (refused.value.table_id, refused.value.head) == ("t1", 0)


def test_moves_advance_and_an_older_envelope_is_refused_with_the_head(
    store: HeadStore, redis_server: RedisServer
) -> None:
    store.advance("t2", None, 0, over=False)
    store.advance("t2", 0, 1, over=False)
    store.advance("t2", 1, 2, over=False)
    assert _head(redis_server, store, "t2") == 2
    store.check("t2", 2)
    store.check("t2", 3)  # newer than the head: not this store's to refuse (the seal vouches for it)
    with pytest.raises(StaleTable) as refused:
        store.check("t2", 1)
    assert (refused.value.table_id, refused.value.move, refused.value.head) == ("t2", 1, 2)
    assert "move 2" in str(refused.value) and "move 1" in str(refused.value)
    # Moving on from an old envelope (a rollback): refused, the head unchanged.
    with pytest.raises(StaleTable) as rolled_back:
        store.advance("t2", 0, 1, over=False)
    assert (rolled_back.value.move, rolled_back.value.head) == (0, 2)
    assert _head(redis_server, store, "t2") == 2


def test_a_head_that_expired_or_was_lost_passes(store: HeadStore, redis_server: RedisServer) -> None:
    store.advance("t3", None, 0, over=False)
    store.advance("t3", 0, 5, over=False)
    with redis_server.client() as client:
        client.delete(store.key("t3"))
    store.check("t3", 1)
    store.advance("t3", 1, 2, over=False)
    assert _head(redis_server, store, "t3") == 2


def test_replay_may_move_several_moves_at_once(store: HeadStore, redis_server: RedisServer) -> None:
    store.advance("t4", None, 0, over=False)
    store.advance("t4", 0, 30, over=False)
    assert _head(redis_server, store, "t4") == 30


def test_the_head_never_moves_back(store: HeadStore) -> None:
    with pytest.raises(ValueError, match="before read_move"):
        store.advance("t5", 4, 3, over=False)


def test_concurrent_moves_from_one_envelope_exactly_one_wins(
    store: HeadStore, redis_server: RedisServer
) -> None:
    store.advance("race", None, 0, over=False)
    store.advance("race", 0, 7, over=False)
    barrier = threading.Barrier(20)
    won: list[int] = []
    refused: list[int] = []
    errors: list[BaseException] = []

    def attempt(i: int) -> None:
        try:
            barrier.wait()
            store.advance("race", 7, 8, over=False)
            won.append(i)
        except StaleTable as exc:
            refused.append(exc.head)
        except BaseException as exc:  # anything else fails the test below
            errors.append(exc)

    threads = [threading.Thread(target=attempt, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert not errors
    assert len(won) == 1 and refused == [8] * 19
    assert _head(redis_server, store, "race") == 8


def test_two_stores_on_one_server_act_as_replicas(redis_url: str) -> None:
    first, second = HeadStore.from_url(redis_url), HeadStore.from_url(redis_url)
    assert first is not None and second is not None
    first.advance("shared", None, 0, over=False)
    first.advance("shared", 0, 1, over=False)
    with pytest.raises(StaleTable):
        second.check("shared", 0)
    with pytest.raises(StaleTable):
        second.advance("shared", 0, 1, over=False)
    second.advance("shared", 1, 2, over=False)
    first.close()
    second.close()


def test_every_move_sets_an_expiry_short_once_the_game_is_over(
    store: HeadStore, redis_server: RedisServer
) -> None:
    with redis_server.client() as client:
        store.advance("ttl", None, 0, over=False)
        assert 9_990 <= client.ttl(store.key("ttl")) <= 10_000
        client.expire(store.key("ttl"), 50)
        store.advance("ttl", 0, 1, over=False)  # each move starts the idle time again
        assert 9_990 <= client.ttl(store.key("ttl")) <= 10_000
        store.advance("ttl", 1, 2, over=True)
        assert 90 <= client.ttl(store.key("ttl")) <= 100


def test_default_expiries() -> None:
    store = HeadStore.from_url("redis://127.0.0.1:1/0")
    assert store is not None
    assert (store.finished_ttl, store.idle_ttl) == (3600, 7 * 24 * 3600)
    with pytest.raises(ValueError):
        HeadStore.from_url("redis://127.0.0.1:1/0", finished_ttl=0)


def test_keys_are_namespaced(redis_url: str, redis_server: RedisServer) -> None:
    store = HeadStore.from_url(redis_url, prefix="other:")
    assert store is not None
    store.advance("ns", None, 3, over=False)
    with redis_server.client() as client:
        assert client.keys("*") == ["other:ns"]
    assert HeadStore.from_url(redis_url) is not None
    assert HeadStore.from_url(redis_url).key("ns") == "tj:head:ns"  # type: ignore[union-attr]


def test_a_request_sent_again_after_it_moved_the_head_passes_with_its_retry_key(store: HeadStore) -> None:
    # A balancer passes a POST on when the replica that moved the head died before answering.
    store.advance("retry", None, 0, over=False, retry_key="deal")
    store.advance("retry", None, 0, over=False, retry_key="deal")
    store.advance("retry", 0, 1, over=False, retry_key="body-a")
    store.advance("retry", 0, 1, over=False, retry_key="body-a")
    for other in ("body-b", None):  # another action from the same envelope is still a rollback
        with pytest.raises(StaleTable):
            store.advance("retry", 0, 1, over=False, retry_key=other)
    store.advance("retry", 1, 2, over=False, retry_key="body-c")
    with pytest.raises(StaleTable):  # only the request that made the head, not an older one
        store.advance("retry", 0, 1, over=False, retry_key="body-a")


# -- fail closed ---------------------------------------------------------------------------------


def _quickly_unavailable(call: Callable[[], Any], limit: float = 0.9) -> float:
    started = time.monotonic()
    with pytest.raises(HeadStoreUnavailable):
        call()
    elapsed = time.monotonic() - started
    assert elapsed < limit, f"{elapsed:.2f} s to give up"
    return elapsed


def test_a_killed_server_makes_every_call_unavailable_quickly(start_redis: Callable[[], RedisServer]) -> None:
    server = start_redis()
    store = HeadStore.from_url(server.url)
    assert store is not None
    store.advance("k", None, 0, over=False)  # a pooled connection, then the server dies
    server.stop()
    _quickly_unavailable(lambda: store.check("k", 0))
    _quickly_unavailable(lambda: store.advance("k", 0, 1, over=False))
    _quickly_unavailable(store.ping)


def test_a_server_that_never_answers_times_out(start_redis: Callable[[], RedisServer]) -> None:
    # Accepts connections and reads nothing: a hung or black-holed store. The read timeout ends it.
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)
        store = HeadStore.from_url(f"redis://127.0.0.1:{silent.getsockname()[1]}/0", timeout=0.3)
        assert store is not None
        elapsed = _quickly_unavailable(lambda: store.check("x", 0))
        assert elapsed >= 0.25  # it did wait for the answer, once (no retries)
        _quickly_unavailable(lambda: store.advance("x", 0, 1, over=False))


def test_a_restarted_server_is_used_again_and_the_script_reloaded(
    start_redis: Callable[[], RedisServer],
) -> None:
    server = start_redis()
    store = HeadStore.from_url(server.url)
    assert store is not None
    store.advance("r", None, 0, over=False)
    server.restart()  # empty (no persistence) and without the script: EVALSHA answers NOSCRIPT
    store.advance("r", None, 0, over=False)
    store.advance("r", 0, 1, over=False)
    store.check("r", 1)


def test_an_error_answer_is_unavailable_too(store: HeadStore, redis_server: RedisServer) -> None:
    with redis_server.client() as client:
        client.set(store.key("wrong"), "not a hash")
    with pytest.raises(HeadStoreUnavailable):
        store.check("wrong", 0)
    with pytest.raises(HeadStoreUnavailable):
        store.advance("wrong", 0, 1, over=False)


# -- the app -------------------------------------------------------------------------------------


def test_readiness_reports_the_head_store(redis_url: str, start_redis: Callable[[], RedisServer]) -> None:
    assert create_app({"TESTING": True}).extensions["table_judge_head_store"] is None
    off = create_app({"TESTING": True}).test_client().get("/v1/ready")
    assert off.status_code == 200 and off.get_json()["checks"]["head_store"] == "off"
    live = create_app({"TESTING": True, "REDIS_URL": redis_url}).test_client().get("/v1/ready")
    assert live.status_code == 200, live.get_json()
    assert live.get_json()["checks"]["head_store"] == "ok"
    server = start_redis()
    client = create_app({"TESTING": True, "REDIS_URL": server.url}).test_client()
    assert client.get("/v1/ready").status_code == 200
    server.stop()
    down = client.get("/v1/ready")
    assert down.status_code == 503
    problem = down.get_json()
    assert problem["type"] == "urn:table-judge:problem:not-ready"
    assert [e["code"] for e in problem["errors"]] == ["head_store_unreachable"]


def _app_raising(redis_url: str) -> Flask:
    """An app with one test-only route that asks the store the way an operation will."""
    app = create_app({"TESTING": True, "REDIS_URL": redis_url})

    def move(table: str, read: int) -> Any:
        app.extensions["table_judge_head_store"].advance(table, read, read + 1, over=False)
        return {"ok": True}

    app.add_url_rule("/test-only/<table>/<int:read>", "test_only_move", move, methods=["GET"])
    return app


def _count(client: Any, code: str) -> float:
    text = client.get("/metrics").get_data(as_text=True)
    total = 0.0
    for line in text.splitlines():
        if line.startswith("table_judge_sealed_refusals_total{") and f'code="{code}"' in line:
            total += float(line.rsplit(" ", 1)[1])
    return total


def test_a_stale_envelope_is_a_409_problem(redis_url: str) -> None:
    client = _app_raising(redis_url).test_client()
    assert client.get("/test-only/app/0").status_code == 200
    before = _count(client, "stale_envelope")
    refused = client.get("/test-only/app/0")
    assert refused.status_code == 409
    assert refused.mimetype == "application/problem+json"
    problem = refused.get_json()
    assert problem["type"] == "urn:table-judge:problem:stale-table"
    assert problem["title"] == "The table has moved on" and problem["status"] == 409
    [error] = problem["errors"]
    assert error["pointer"] == "/state/move" and error["code"] == "stale_envelope"
    assert "at move 1" in error["message"] and "envelope is move 0" in error["message"]
    assert "latest" in error["message"]
    assert _count(client, "stale_envelope") - before == 1


def test_an_unreachable_store_is_a_503_problem(start_redis: Callable[[], RedisServer]) -> None:
    server = start_redis()
    client = _app_raising(server.url).test_client()
    server.stop()
    started = time.monotonic()
    answer = client.get("/test-only/down/0")
    assert time.monotonic() - started < 0.9
    assert answer.status_code == 503 and answer.mimetype == "application/problem+json"
    problem = answer.get_json()
    assert problem["type"] == "urn:table-judge:problem:head-store-unavailable"
    assert [e["code"] for e in problem["errors"]] == ["head_store_unavailable"]
