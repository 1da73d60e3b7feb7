"""Checks of the benchmark harness itself (not of the games): ``pytest benchmarks/test_harness.py``.

Kept out of the main suite (``testpaths = tests``); each check is fast.
"""

from __future__ import annotations

import importlib.util
import time

import pytest

from benchmarks.capped import call_capped
from benchmarks.measure import Budget, fit_exponent, interleaved, run_bounded
from benchmarks.replay import prefix_lengths
from benchmarks.tables import Table
from benchmarks.wrk import parse

WRK_REPORT = """\
Running 2s test @ http://127.0.0.1:8000/bench/bare
  1 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     3.10ms    1.20ms  20.00ms   90.00%
    Req/Sec     1.30k   100.00     1.50k    70.00%
  Latency Distribution
     50%    2.64ms
     75%    3.00ms
     90%    4.00ms
     99%  853.25us
  2600 requests in 2.00s, 400.00KB read
  Socket errors: connect 0, read 1, write 0, timeout 2
  Non-2xx or 3xx responses: 5
Requests/sec:   1300.50
Transfer/sec:    200.00KB
"""


def test_wrk_report_is_read_with_units() -> None:
    result = parse(WRK_REPORT)
    assert result.requests_per_second == 1300.5
    assert result.p50_ms == pytest.approx(2.64)
    assert result.p99_ms == pytest.approx(0.85325)
    assert (result.requests, result.non_2xx, result.socket_errors) == (2600, 5, 3)


def test_wrk_report_without_latency_is_refused() -> None:
    with pytest.raises(ValueError):
        parse("Requests/sec: 10\n")


def test_growth_exponent_of_a_power_law() -> None:
    assert fit_exponent([(n, 3.0 * n**2) for n in (2, 4, 8, 16)]) == pytest.approx(2.0)
    assert fit_exponent([(n, 5.0 * n) for n in (3, 30, 300)]) == pytest.approx(1.0)
    assert fit_exponent([(2, 1.0), (2, 2.0), (4, 3.0)]) is None  # two sizes are not a trend


def test_bounded_run_stops_at_the_unit_count() -> None:
    sample = run_bounded(lambda: 3, Budget(max_units=10, max_seconds=60))
    assert (sample.steps, sample.units) == (4, 12)


def test_bounded_run_stops_at_the_time_limit() -> None:
    def slow() -> int:
        time.sleep(0.01)
        return 1

    started = time.perf_counter()
    sample = run_bounded(slow, Budget(max_units=10**9, max_seconds=0.05))
    assert time.perf_counter() - started < 1.0
    assert 1 <= sample.units < 50


def test_interleaved_runs_every_workload_once_per_round_in_rotated_order() -> None:
    order: list[str] = []

    def step(name: str):  # type: ignore[no-untyped-def]
        def run() -> int:
            order.append(name)
            return 1

        return run

    series = interleaved(
        {"a": step("a"), "b": step("b")}, rounds=2, budget=Budget(max_units=1, max_seconds=1)
    )
    assert order == ["a", "b", "b", "a"]
    assert [len(s.samples) for s in series.values()] == [2, 2]


def test_a_failing_workload_loses_only_its_own_row() -> None:
    def broken() -> int:
        raise RuntimeError("listing disagrees")

    failures: dict[str, Exception] = {}
    series = interleaved(
        {"ok": lambda: 1, "broken": broken},
        rounds=3,
        budget=Budget(max_units=2, max_seconds=1),
        failures=failures,
    )
    assert list(series) == ["ok"] and len(series["ok"].samples) == 3
    assert isinstance(failures["broken"], RuntimeError)


def test_paired_ratio_uses_only_rounds_both_ran() -> None:
    from benchmarks.measure import paired_ratio

    assert paired_ratio({0: 10.0, 1: 30.0, 2: 8.0}, {0: 20.0, 1: 30.0}) == pytest.approx(0.75)
    assert paired_ratio({0: 1.0}, {1: 1.0}) is None


def test_capped_call_is_interrupted_and_a_quick_one_is_not() -> None:
    def spin() -> None:
        while True:
            pass

    assert call_capped(spin, 0.05) is None
    finished = call_capped(lambda: 42, 1.0)
    assert finished is not None and finished[0] == 42


def test_prefix_lengths_grow_to_the_whole_log() -> None:
    lengths = prefix_lengths(300)
    assert lengths[0] == 1 and lengths[-1] == 300
    assert lengths == sorted(set(lengths))
    assert prefix_lengths(1) == [1]


def test_table_cells_cannot_break_the_markdown_row() -> None:
    table = Table(title="t", columns=("a", "b"))
    table.add("x|y", 2)
    assert "| x\\|y | 2 |" in table.markdown()


def _registered(name: str):  # type: ignore[no-untyped-def]
    from rules_core.games import REGISTRY

    game = REGISTRY.get(name)
    if game is None:
        pytest.skip(f"{name} is not registered yet")
    return game


@pytest.mark.parametrize("name", ["99", "dobon", "dabong"])
def test_playouts_are_reproducible_from_their_seed(name: str) -> None:
    from benchmarks.playouts import random_playout

    game = _registered(name)
    options = game.presets[game.default_preset]
    first = random_playout(game, seats=2, options=options, seed=3, cap=200)
    again = random_playout(game, seats=2, options=options, seed=3, cap=200)
    assert first.actions == again.actions and first.actions


def test_random_matcher_hands_hold_the_asked_cards() -> None:
    pytest.importorskip("rules_core.games.dabong.values")
    from benchmarks.matcher import random_hand

    for size, shamans in ((2, 0), (26, 3), (52, 1), (55, 3)):
        top, hand = random_hand(size, shamans, seed=1)
        assert len(hand) == len(set(hand)) == size
        assert sum(c.is_shaman for c in hand) == shamans
        assert not top.is_shaman
        if size <= 52:
            assert top not in hand


@pytest.mark.skipif(importlib.util.find_spec("rlcard") is None, reason="rlcard not installed")
def test_rlcard_uno_really_plays_four_players() -> None:
    from benchmarks.peers import rlcard_uno_bare, rlcard_uno_env

    assert rlcard_uno_env(4, 1).step() > 0
    assert rlcard_uno_bare(4, 1).step() > 0  # each raises if the game stayed at two players


def test_bare_route_reads_the_body_and_answers_a_constant() -> None:
    pytest.importorskip("service.app")
    from benchmarks.bench_wsgi import BARE_PATH, build_app

    client = build_app().test_client()
    response = client.post(BARE_PATH, data=b'{"state": {}}', content_type="application/json")
    assert response.status_code == 200
    assert response.get_json() == {"ok": True}


def test_a_partial_run_keeps_the_other_parts_and_their_targets() -> None:
    from benchmarks.page_merge import merge

    def page(parts: dict[str, str], rows: list[str]) -> str:
        head = (
            "# Benchmarks\n\n## Machine\n\nm\n\n## Targets\n\n"
            "| target | result | measured | margin |\n| --- | --- | --- | --- |\n"
        )
        body = "".join(f"\n## {t}\n\n{text}\n\n_(this part: 3 s)_\n" for t, text in parts.items())
        return head + "\n".join(rows) + "\n" + body + "\n## Method\n\nhow\n"

    old = page({"A": "old a", "B": "old b"}, ["| a ok | pass | 1 | +1% |", "| b ok ¹ | **miss** | 2 | -2% |"])
    new = page({"B": "new b"}, ["| b ok | pass | 3 | +3% |", "| a (no figure) | not evaluated | - | - |"])
    merged = merge(old, new)
    assert "new b" in merged and "old a" in merged and "old b" not in merged
    assert "| a ok | pass (earlier run) | 1 | +1% |" in merged and "| b ok | pass | 3 | +3% |" in merged
    assert "not evaluated" not in merged and "b ok ¹" not in merged
    assert merged.index("old a") < merged.index("## Method")
    assert merge(merged, new).count("earlier run") == merged.count("earlier run")
    assert merge(old, page({"A": "x", "B": "y"}, [])) == page({"A": "x", "B": "y"}, [])
