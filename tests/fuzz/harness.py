"""Send a request through a client and check the properties every answer must have.

Properties (issue #25): never a 5xx; every request within its budget (CPU seconds
measured per request, resident memory growth); a refusal names every problem with
a pointer into the request (an impossible state: under ``/state``); a reachable state
is never refused (except with the documented ``over-budget`` problem); every state
the service returns is accepted back unchanged; an accepted state is echoed unchanged;
a body with a duplicate key is refused; a problem document stays small.
"""

from __future__ import annotations

import json
import logging
import os
import traceback
from dataclasses import dataclass, field
from typing import Any, Protocol

from .cpu import (
    CPU_BUDGET_S,
    MEMORY_BUDGET_MB,
    CpuOver,
    cpu_cap_s,
    cpu_capped,
    peak_growth_mb,
    process_cpu,
    reset_peak,
)
from .requests import Request

#: Largest problem document accepted: errors are lists of short problems, and a client that
#: sent 250 KB of junk should not get megabytes back (one such body got 5.5 MB).
PROBLEM_CAP_BYTES = int(os.environ.get("TJ_FUZZ_PROBLEM_CAP", str(64 * 1024)))
PROBLEM_TYPE = "urn:table-judge:problem:"


@dataclass(slots=True)
class Answer:
    status: int
    body: bytes
    content_type: str
    cpu_s: float
    memory_mb: float | None = None
    #: The CPU cap interrupted the request (the answer is then a stand-in, status 0).
    over_cap: bool = False
    #: What the server logged for a 500 (in process only).
    trace: str | None = None

    def json(self) -> Any:
        try:
            return json.loads(self.body)
        except ValueError:
            return None


class Client(Protocol):
    def post(self, path: str, payload: bytes) -> Answer: ...


class _LastError(logging.Handler):
    """Keeps the traceback the service logs for an unhandled exception (a 500)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.trace: str | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.trace = "".join(traceback.format_exception(*record.exc_info))


class InProcessClient:
    """The Flask test client, each request under the CPU cap, CPU and memory measured."""

    def __init__(self) -> None:
        from service.app import create_app

        self.app = create_app()
        self.client = self.app.test_client()
        self.errors = _LastError()
        self.app.logger.addHandler(self.errors)
        self.app.logger.propagate = False

    def post(self, path: str, payload: bytes) -> Answer:
        self.errors.trace = None
        before = reset_peak()
        started = process_cpu()
        try:
            with cpu_capped(cpu_cap_s()):
                response = self.client.post(path, data=payload, content_type="application/json")
        except CpuOver:
            return Answer(0, b"", "", process_cpu() - started, peak_growth_mb(before), over_cap=True)
        cpu = process_cpu() - started
        return Answer(
            response.status_code,
            response.get_data(),
            response.content_type or "",
            cpu,
            peak_growth_mb(before),
            trace=self.errors.trace,
        )


@dataclass(frozen=True, slots=True)
class Failure:
    kind: str
    game: str
    op: str
    detail: str
    request: str
    #: What tells two failures of one kind apart (the exception and where it was raised).
    signature: str = ""

    @property
    def key(self) -> tuple[str, str, str, str]:
        return (self.kind, self.game, self.op, self.signature)

    def __str__(self) -> str:
        return f"{self.kind} [{self.game} {self.op}]: {self.detail}\n  request: {self.request}"


@dataclass(slots=True)
class Outcome:
    failures: list[Failure] = field(default_factory=list)
    #: (game, op, cpu seconds, compact request) of every request sent.
    timings: list[tuple[str, str, float, str]] = field(default_factory=list)
    over_budget_refusals: int = 0
    #: (failure, request) of each failure, where the caller keeps them (``round_trip_states``).
    failed: list[tuple[Failure, Any]] = field(default_factory=list)


def _trace_signature(trace: str | None) -> str:
    if not trace:
        return ""
    lines = [line for line in trace.strip().splitlines() if line.strip()]
    where = [line.strip() for line in lines if line.strip().startswith("File ")]
    return f"{lines[-1][:120]} at {where[-1] if where else '?'}"


def _pointer_ok(pointer: str, body: dict[str, Any]) -> bool:
    if pointer in ("", "/"):
        return False
    first = pointer.split("/")[1]
    return first in body


def check(request: Request, answer: Answer, outcome: Outcome) -> Any:
    """Check ``answer`` against the properties; failures go to ``outcome``. Answers the JSON."""
    game, op = request.game, request.op

    def fail(kind: str, detail: str, signature: str = "") -> None:
        outcome.failures.append(Failure(kind, game, op, detail, request.compact(), signature))

    outcome.timings.append((game, op, answer.cpu_s, request.compact(400)))
    if answer.over_cap or answer.cpu_s > CPU_BUDGET_S:
        cut = " (interrupted at the cap)" if answer.over_cap else ""
        fail("over CPU budget", f"{answer.cpu_s:.2f} s CPU > {CPU_BUDGET_S} s{cut}")
    if answer.memory_mb is not None and answer.memory_mb > MEMORY_BUDGET_MB:
        fail("over memory budget", f"resident peak grew {answer.memory_mb:.0f} MB > {MEMORY_BUDGET_MB} MB")
    if answer.over_cap:
        return None
    data = answer.json()
    if answer.status >= 500 or answer.status == 0:
        fail(
            "5xx",
            f"{answer.status}: {(answer.trace or answer.body.decode('utf-8', 'replace'))[-600:]}",
            _trace_signature(answer.trace) or str(answer.status),
        )
        return None
    if request.expect_refused and answer.status < 400:
        fail("duplicate key accepted", f"{answer.status}: a body repeating a key was read as valid")
    if answer.status >= 400:
        _check_problem(request, answer, data, fail, outcome)
        return None
    if not isinstance(data, dict):
        fail("answer is not a JSON object", f"{answer.status} {answer.content_type}")
        return None
    if request.expect_ok and op == "validate" and data.get("legal") is not True:
        codes = [r.get("code") for r in data.get("reasons", [])]
        fail("listed action judged illegal", f"reasons {codes}")
    final = data.get("final_state")
    if request.round_trip and request.expect_final is not None:
        request.expect_final = _with_default_options(request.expect_final, final)
    if request.expect_final is not None and (
        not data.get("completed") or not _same(final, request.expect_final)
    ):
        kind = "state not echoed unchanged" if request.round_trip else "replay differs from the playout"
        where = _first_difference(request.expect_final, final)
        fail(kind, f"completed={data.get('completed')}; {where}")
    return data


def _check_problem(request: Request, answer: Answer, data: Any, fail: Any, outcome: Outcome) -> None:
    if len(answer.body) > PROBLEM_CAP_BYTES:
        fail(
            "problem document too large",
            f"{len(answer.body):,} bytes for a {len(request.payload()):,}-byte body "
            f"(cap {PROBLEM_CAP_BYTES:,})",
        )
    if not isinstance(data, dict) or "problem+json" not in answer.content_type:
        fail("refusal is not a problem document", f"{answer.status} {answer.content_type}")
        return
    slug = str(data.get("type", "")).removeprefix(PROBLEM_TYPE)
    errors = data.get("errors")
    if slug == "over-budget":
        outcome.over_budget_refusals += 1
    if request.expect_refused:
        return
    if request.expect_ok and slug != "over-budget":
        shown = [(e.get("pointer"), e.get("code")) for e in (errors or [])[:4]]
        kind = "state not accepted back" if request.round_trip else "reachable request refused"
        fail(kind, f"{answer.status} {slug}: {shown}", slug)
    if answer.status == 422:
        if not errors:
            fail("refusal names no problem", f"422 {slug} with no errors")
            return
        bad = [e.get("pointer") for e in errors if not _pointer_ok(str(e.get("pointer")), request.body)]
        if bad:
            fail("refusal points outside the request", f"{slug}: pointers {bad[:5]}", slug)
        if slug == "invalid-view" and "view" not in request.body:
            detail = f"{data.get('detail')!r}: {[e.get('message') for e in errors][:2]}"
            fail("invalid-view for a request without a view", detail[:400])
    elif answer.status != 404 or slug != "no-bot":
        fail("unexpected refusal status", f"{answer.status} {slug}")


def run_request(client: Client, request: Request) -> Outcome:
    """Send ``request`` and its follow-ups (the next page; the round trip of every state
    the service answered, or accepted when it was mutated); check them all."""
    outcome = Outcome()
    data = check(request, client.post(request.path, request.payload()), outcome)
    if not isinstance(data, dict):
        return outcome
    followups: list[Request] = []
    if request.follow_cursor and data.get("next_cursor"):
        body = dict(request.body, cursor=data["next_cursor"])
        followups.append(Request(request.game, "legal-actions", body, expect_ok=request.expect_ok))
    for name in ("state", "final_state"):
        returned = data.get(name)
        if isinstance(returned, dict):
            followups.append(_round_trip(request.game, returned, f"{request.op} answered it"))
    sent = request.body.get("state")
    if (
        not request.expect_ok
        and isinstance(sent, dict)
        and request.op in ("validate", "view", "legal-actions")
    ):
        followups.append(_round_trip(request.game, sent, "a mutated state the service accepted"))
    for followup in followups:
        check(followup, client.post(followup.path, followup.payload()), outcome)
    return outcome


def round_trip_states(client: Client, game: str, states: Any, where: str) -> Outcome:
    """Send every state of a reachable playout (``states``, as the service writes them) back
    through the HTTP request path, each in a replay of no action: each must be accepted and
    answered unchanged. This is the property at every step of a game, not only at the states
    the cases happen to draw."""
    outcome = Outcome()
    for index, state in enumerate(states):
        request = _round_trip(game, state, f"state #{index} of {where}")
        before = len(outcome.failures)
        check(request, client.post(request.path, request.payload()), outcome)
        outcome.failed += [(failure, request) for failure in outcome.failures[before:]]
    return outcome


def _round_trip(game: str, state: dict[str, Any], why: str) -> Request:
    """A replay of no action from ``state``: the service must accept it and answer it unchanged."""
    return Request(
        game,
        "replay",
        {"state": state, "actions": []},
        expect_ok=True,
        expect_final=state,
        round_trip=True,
        notes=[f"round trip: {why}"],
    )


def _with_default_options(sent: dict[str, Any], answered: Any) -> dict[str, Any]:
    """``sent`` with what it left out as ``answered`` has it: a state's options are read over
    the game's defaults by design (rules_core.kernel.options), so a state without an option
    is answered with the default filled in. Anything else must come back as sent."""
    if not isinstance(answered, dict):
        return sent
    # A field left out that a state may hold as null comes back as null (read as absent).
    out = {**{k: None for k, v in answered.items() if v is None and k not in sent}, **sent}
    options, filled = sent.get("options"), answered.get("options")
    if isinstance(options, dict) and isinstance(filled, dict):
        out["options"] = {**{k: v for k, v in filled.items() if k not in options}, **options}
    return out


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON: in Python True == 1 and 1 == 1.0, but not in a state."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _first_difference(want: Any, got: Any, path: str = "") -> str:
    if isinstance(want, dict) and isinstance(got, dict):
        for key in sorted(set(want) | set(got)):
            if want.get(key, ...) != got.get(key, ...):
                return _first_difference(want.get(key, "<absent>"), got.get(key, "<absent>"), f"{path}/{key}")
    elif isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        for i, (a, b) in enumerate(zip(want, got, strict=True)):
            if a != b:
                return _first_difference(a, b, f"{path}/{i}")
    return f"at {path or '/'}: sent {json.dumps(want)[:80]}, answered {json.dumps(got)[:80]}"
