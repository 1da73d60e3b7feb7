"""Write or check the published OpenAPI document.

    python -m service.openapi write   # (re)writes openapi/openapi.json
    python -m service.openapi check   # exit 1 when the file differs from a fresh render

The document is rendered from the default registry (``rules_core.games.REGISTRY``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

OUTPUT = Path(__file__).resolve().parent.parent / "openapi" / "openapi.json"
REGENERATE = "python -m service.openapi write"


def render(config: dict[str, Any] | None = None) -> str:
    """The document as written to disk: sorted keys, two-space indent, final newline."""
    from .app import create_app

    app = create_app(config)
    with app.app_context():
        doc = app.extensions["table_judge_api"].document()
    return json.dumps(doc, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "write"
    text = render()
    if command == "write":
        OUTPUT.parent.mkdir(parents=True, exist_ok=True)
        OUTPUT.write_text(text, encoding="utf-8")
        print(f"wrote {OUTPUT} ({len(text)} bytes)")
        return 0
    if command == "check":
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            print(f"{OUTPUT} is out of date: run `{REGENERATE}`", file=sys.stderr)
            return 1
        print(f"{OUTPUT} is up to date")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
