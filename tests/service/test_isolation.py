"""The rules core stays pure: importing it (and every registered game) loads no web stack."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ("flask", "marshmallow", "apispec", "werkzeug", "webargs", "flask_smorest", "gunicorn")


def test_importing_rules_core_loads_no_web_module() -> None:
    code = (
        "import json, sys; import rules_core, rules_core.kernel, rules_core.games; "
        "print(json.dumps(sorted(m.split('.')[0] for m in sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = set(json.loads(out.stdout))
    assert not loaded & set(WEB), sorted(loaded & set(WEB))
