"""Observability (#30) in process: request ids, the JSON request line, /metrics, /v1/ready."""

from __future__ import annotations

import json
import logging
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from cryptography.fernet import Fernet
from prometheus_client.parser import text_string_to_metric_families

from rules_core.kernel import Registry, WorkBudgetExceeded
from service.app import create_app
from service.logs import JsonFormatter
from service.observability import ACCESS_LOG
from service.version import __version__

from .fake_game import fake_registry

Samples = Counter[tuple[str, tuple[tuple[str, str], ...]]]


def scrape(client: Any) -> Samples:
    """Every sample of /metrics, read by the Prometheus text-format parser (it raises on bad text)."""
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    out: Samples = Counter()
    for family in text_string_to_metric_families(response.get_data(as_text=True)):
        for sample in family.samples:
            out[(sample.name, tuple(sorted(sample.labels.items())))] += sample.value
    return out


def count(samples: Samples, name: str, **labels: str) -> float:
    return sum(v for (n, got), v in samples.items() if n == name and set(labels.items()) <= set(got))


@pytest.fixture
def access_lines() -> Iterator[list[dict[str, Any]]]:
    lines: list[dict[str, Any]] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(json.loads(JsonFormatter().format(record)))

    handler = Keep()
    ACCESS_LOG.addHandler(handler)
    try:
        yield lines
    finally:
        ACCESS_LOG.removeHandler(handler)


@pytest.mark.parametrize(
    ("sent", "kept"),
    [
        *[("abc-123", True), ("4bf92f3577b34da6a3ce929d0e0e4736", True), ("a" * 128, True)],
        *[("a" * 129, False), ("bad id", False), ("<script>", False), ('x"y', False), ("", False)],
    ],
)
def test_request_id_is_echoed_when_sane_and_made_otherwise(fake_client: Any, sent: str, kept: bool) -> None:
    response = fake_client.get("/v1/health", headers={"X-Request-ID": sent})
    echoed = response.headers["X-Request-ID"]
    if kept:
        assert echoed == sent
    else:
        assert re.fullmatch(r"[0-9a-f]{32}", echoed)


def test_every_answer_has_a_request_id_errors_too(fake_client: Any) -> None:
    first = fake_client.get("/v1/games/chess").headers["X-Request-ID"]
    second = fake_client.post("/v1/games/tiny/deal", data="{", content_type="application/json")
    assert second.status_code == 400
    assert re.fullmatch(r"[0-9a-f]{32}", first) and second.headers["X-Request-ID"] != first


def test_one_json_line_per_request(fake_client: Any, access_lines: list[dict[str, Any]]) -> None:
    fake_client.post("/v1/games/tiny/deal", json={"seats": 2, "seed": 1}, headers={"X-Request-ID": "r-1"})
    fake_client.get("/v1/games/chess/rules/x", headers={"X-Request-ID": "r-2"})
    fake_client.get("/no/such/route", headers={"X-Request-ID": "r-3"})
    assert [line["request_id"] for line in access_lines] == ["r-1", "r-2", "r-3"]
    deal, unknown, unrouted = access_lines
    assert deal["route"] == "/v1/games/<game>/deal" and deal["operation"] == "deal"
    assert deal["game"] == "tiny" and deal["status"] == 200 and deal["method"] == "POST"
    assert deal["duration_ms"] > 0 and deal["cpu_ms"] >= 0 and 0 <= deal["budget_used"] < 1
    # A game name the client made up is not repeated as if it were one.
    assert unknown["game"] == "unknown" and unknown["status"] == 404
    assert unrouted["route"] is None and unrouted["operation"] == "none" and unrouted["status"] == 404


def test_metrics_count_what_a_small_run_sent(
    app: Any, monkeypatch: pytest.MonkeyPatch, access_lines: list[dict[str, Any]]
) -> None:
    client = app.test_client()
    registry = fake_registry()
    fake = create_app({"TESTING": True, "REGISTRY": registry}).test_client()
    sealed = create_app({"TESTING": True, "SEAL_KEYS": Fernet.generate_key().decode()}).test_client()
    before = scrape(client)

    states = {}
    for game in ("99", "dobon", "dabong"):
        for seed in (1, 2):
            answer = client.post(f"/v1/games/{game}/deal", json={"seats": 2, "seed": seed})
            assert answer.status_code == 200
            states[game] = answer.get_json()["state"]
    for game, state in states.items():
        listed = client.post(f"/v1/games/{game}/legal-actions", json={"state": state, "limit": 1})
        action = listed.get_json()["actions"][0]["action"]
        assert (
            client.post(f"/v1/games/{game}/validate", json={"state": state, "action": action}).status_code
            == 200
        )
    assert client.get("/v1/games/chess").status_code == 404
    # A work budget spent: a 422 over-budget problem with code over_budget.
    tiny_state = fake.post("/v1/games/tiny/deal", json={"seats": 2, "seed": 1}).get_json()["state"]

    def too_costly(*args: Any, **kwargs: Any) -> Any:
        raise WorkBudgetExceeded("listing this hand needs more than 6000 work units")

    monkeypatch.setattr(registry.get("tiny"), "legal_actions", too_costly)
    refused = fake.post("/v1/games/tiny/legal-actions", json={"state": tiny_state})
    assert refused.status_code == 422 and refused.get_json()["errors"][0]["code"] == "over_budget"
    # Tables are sealed and an open state is sent: a sealed refusal.
    not_sealed = sealed.post("/v1/games/99/view", json={"state": states["99"], "seat": 0})
    assert not_sealed.status_code == 422 and not_sealed.get_json()["errors"][0]["code"] == "state_not_sealed"

    after = scrape(client)

    def sent(name: str, **labels: str) -> float:
        return count(after, name, **labels) - count(before, name, **labels)

    assert sent("table_judge_requests_total", operation="deal", game="99", status="200") == 2
    assert sent("table_judge_requests_total", operation="deal", status="200") == 7  # 6 + the tiny one
    assert sent("table_judge_requests_total", operation="validate", status="200") == 3
    assert sent("table_judge_requests_total", operation="legal_actions", game="dabong") == 1
    assert sent("table_judge_requests_total", operation="legal_actions", game="tiny", status="422") == 1
    assert sent("table_judge_requests_total", operation="describe_game", game="unknown", status="404") == 1
    assert sent("table_judge_request_duration_seconds_count", operation="deal") == 7
    assert sent("table_judge_request_duration_seconds_bucket", operation="validate", le="+Inf") == 3
    assert sent("table_judge_budget_refusals_total", code="over_budget", game="tiny") == 1
    assert sent("table_judge_budget_refusals_total", code="cpu_limit") == 0
    assert sent("table_judge_sealed_refusals_total", code="state_not_sealed", operation="view") == 1
    # Everything sent: deals, legal-actions, validates, chess, tiny's two, the sealed one, and the
    # /metrics scrape before them.
    assert sent("table_judge_requests_total") == 6 + 3 + 3 + 1 + 2 + 1 + 1
    assert count(after, "table_judge_build_info", version=__version__) == 1
    refusal_lines = [line for line in access_lines if line.get("budget_refusal")]
    assert [line["budget_refusal"] for line in refusal_lines] == [["over_budget"]]
    assert [line["sealed_refusal"] for line in access_lines if line.get("sealed_refusal")] == [
        ["state_not_sealed"]
    ]


def test_a_cpu_limit_refusal_is_counted_as_a_budget_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    registry = fake_registry()
    client = create_app({"TESTING": True, "REGISTRY": registry, "REQUEST_CPU_SECONDS": 0.05}).test_client()
    state = client.post("/v1/games/tiny/deal", json={"seats": 2, "seed": 1}).get_json()["state"]

    def spin(*args: Any, **kwargs: Any) -> Any:
        while True:
            pass

    monkeypatch.setattr(registry.get("tiny"), "legal_actions", spin)
    before = scrape(client)
    refused = client.post("/v1/games/tiny/legal-actions", json={"state": state})
    assert refused.status_code == 422 and refused.get_json()["errors"][0]["code"] == "cpu_limit"
    after = scrape(client)
    name = "table_judge_budget_refusals_total"
    assert count(after, name, code="cpu_limit") - count(before, name, code="cpu_limit") == 1


def test_ready(fake_client: Any) -> None:
    response = fake_client.get("/v1/ready")
    assert response.status_code == 200
    assert response.get_json() == {
        "status": "ready",
        "version": __version__,
        "checks": {"games": "ok", "seal": "off", "metrics": "off", "head_store": "off"},
    }


def test_not_ready_is_a_503_problem_saying_why(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    client = create_app({"TESTING": True, "REGISTRY": Registry()}).test_client()
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path / "missing"))
    response = client.get("/v1/ready")
    assert response.status_code == 503
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert problem["type"] == "urn:table-judge:problem:not-ready"
    assert [e["code"] for e in problem["errors"]] == ["no_games", "metrics_dir_unwritable"]
    # Liveness is another question: the process answers.
    assert client.get("/v1/health").status_code == 200


def test_seat_credential_refusals_are_counted_as_sealed_refusals() -> None:
    sealed = create_app({"TESTING": True, "SEAL_KEYS": Fernet.generate_key().decode()}).test_client()
    dealt = sealed.post("/v1/games/99/deal", json={"seats": 2}).get_json()
    before = scrape(sealed)
    missing = sealed.post("/v1/games/99/view", json={"state": dealt["state"], "seat": 0})
    other_seat = sealed.post(
        "/v1/games/99/view",
        json={"state": dealt["state"], "seat": 1},
        headers={"X-Table-Credential": dealt["credentials"]["seats"][0]},
    )
    assert (missing.status_code, other_seat.status_code) == (401, 403)
    after = scrape(sealed)
    for code in ("credential_missing", "not_your_seat"):
        counted = count(after, "table_judge_sealed_refusals_total", code=code, operation="view")
        assert counted - count(before, "table_judge_sealed_refusals_total", code=code, operation="view") == 1
