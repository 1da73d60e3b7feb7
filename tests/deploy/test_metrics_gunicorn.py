"""/metrics under a real gunicorn of 2 sync workers (#30): every worker's counts, dead ones' too.

gunicorn with gunicorn.conf.py on a free loopback port and an operator's PROMETHEUS_MULTIPROC_DIR
holding a stale file (gunicorn.conf.py must empty it at start). A small run is sent on fresh
connections (sync workers close each one, so the two workers share it); /metrics must parse and
count exactly what was sent, whichever worker answers the scrape, and still after both workers
have been killed and replaced. About 10 s.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import time
from collections import Counter
from pathlib import Path
from typing import Any

from prometheus_client.parser import text_string_to_metric_families

from deploy.serve import start_gunicorn, stop, wait_listening
from tools.slow_clients import free_port

GAMES = ("99", "dobon", "dabong")


def _request(port: int, method: str, path: str, body: Any = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data is not None else {}
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def _requests_total(port: int) -> Counter[tuple[str, str, str]]:
    """table_judge_requests_total by (operation, game, status), /metrics itself left out."""
    status, text = _request(port, "GET", "/metrics")
    assert status == 200, text[:500]
    out: Counter[tuple[str, str, str]] = Counter()
    for family in text_string_to_metric_families(text.decode()):
        for sample in family.samples:
            if sample.name == "table_judge_requests_total" and sample.labels["operation"] != "metrics":
                labels = sample.labels
                out[(labels["operation"], labels["game"], labels["status"])] += int(sample.value)
    return out


def _workers(master: int) -> list[int]:
    done = subprocess.run(["ps", "-o", "pid=", "--ppid", str(master)], capture_output=True, text=True)
    return [int(pid) for pid in done.stdout.split()]


def _wait_for_workers(master: int, count: int, gone: int | None = None) -> list[int]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        pids = _workers(master)
        if len(pids) == count and gone not in pids:
            return pids
        time.sleep(0.1)
    raise AssertionError(f"gunicorn has {_workers(master)} workers, wanted {count} without {gone}")


def test_metrics_add_up_every_workers_counts(tmp_path: Path) -> None:
    metrics_dir = tmp_path / "metrics"
    metrics_dir.mkdir()
    # A previous run's leftover (garbage, at that): kept, it would be summed, or break the scrape.
    (metrics_dir / "counter_1.db").write_bytes(b"\x00stale")
    address = f"127.0.0.1:{free_port()}"
    port = int(address.rsplit(":", 1)[1])
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir)}
    proc = start_gunicorn(address, workers=2, env=env, quiet=True)
    try:
        wait_listening(address, proc)
        _wait_for_workers(proc.pid, 2)
        assert not (metrics_dir / "counter_1.db").exists()
        # Workers import the app when they boot: wait until one answers.
        deadline = time.monotonic() + 30
        while _request(port, "GET", "/v1/ready")[0] != 200:
            assert time.monotonic() < deadline, "gunicorn never became ready"
            time.sleep(0.2)
        before = _requests_total(port)

        sent: Counter[tuple[str, str, str]] = Counter()
        for _ in range(10):
            assert _request(port, "GET", "/v1/health")[0] == 200
            sent[("health", "none", "200")] += 1
        for game in GAMES:
            for seed in range(4):
                status, body = _request(port, "POST", f"/v1/games/{game}/deal", {"seats": 2, "seed": seed})
                assert status == 200
                sent[("deal", game, "200")] += 1
            state = json.loads(body)["state"]
            status, _ = _request(port, "POST", f"/v1/games/{game}/view", {"state": state, "seat": 0})
            assert status == 200
            sent[("view", game, "200")] += 1
        for _ in range(3):
            assert _request(port, "POST", "/v1/games/chess/deal", {"seats": 2})[0] == 404
            sent[("deal", "unknown", "404")] += 1

        def delta(now: Counter[tuple[str, str, str]]) -> Counter[tuple[str, str, str]]:
            return Counter({k: now[k] - before[k] for k in now if now[k] != before[k]})

        # Several scrapes: each may reach either worker, and each must see the whole run.
        for _ in range(4):
            assert delta(_requests_total(port)) == sent
        # Both workers killed in turn (SIGKILL: no chance to tidy up) and replaced: the dead
        # workers' counts still count, so the totals do not go back.
        for victim in _workers(proc.pid):
            os.kill(victim, signal.SIGKILL)
            _wait_for_workers(proc.pid, 2, gone=victim)
        deadline = time.monotonic() + 30
        while _request(port, "GET", "/v1/health")[0] != 200:
            assert time.monotonic() < deadline
            time.sleep(0.2)
        sent[("health", "none", "200")] += 1
        after = delta(_requests_total(port))
        # The polling above may have sent more than one health probe while the workers rebooted.
        assert after[("health", "none", "200")] >= sent[("health", "none", "200")]
        after[("health", "none", "200")] = sent[("health", "none", "200")]
        assert after == sent
    finally:
        stop(proc, signal.SIGTERM, grace=10)
