"""Shrunk failing cases of the state-aware fuzzer, kept as explicit requests.

Each file under ``regressions/`` is one request (``tools.fuzz_states --write-regressions``
writes them; the file says what it found and on which case). The request must now pass
every property of ``harness.check``: within the CPU cap (a runaway request fails in
about 1.5 s of CPU instead of running 5-45 s), no 5xx, a refusal naming its problems.
A case marked ``"status": "open"`` names a fault found and not fixed yet (xfail, with the
issue that will fix it).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .harness import InProcessClient, run_request
from .strategies import request_from_record

HERE = Path(__file__).parent / "regressions"
#: Found beside the faults of issue #25 and fixed nowhere yet.
OPEN = "found by the state fuzzer on 57e9e77, not fixed yet"


def _cases() -> list[object]:
    out = []
    for path in sorted(HERE.glob("*.json")):
        record = json.loads(path.read_text())
        marks = []
        if record.get("status") == "open":
            reason = f"{OPEN}: {record['open']}" if "open" in record else OPEN
            marks.append(pytest.mark.xfail(strict=True, reason=reason))
        out.append(pytest.param(record, id=path.stem, marks=marks))
    return out


@pytest.mark.parametrize("record", _cases())
def test_shrunk_case_passes(client: InProcessClient, record: dict[str, object]) -> None:
    outcome = run_request(client, request_from_record(record))
    assert not outcome.failures, f"{record['found']}: {record['case']}\n" + "\n".join(
        str(f) for f in outcome.failures
    )
