"""Long schemathesis run against a real gunicorn on 127.0.0.1 (not part of the test suite).

    python -m service.fuzz [-n EXAMPLES] [--timeout SECONDS] [--port PORT]

Starts gunicorn on a free loopback port, waits for ``/v1/health``, runs
``schemathesis run`` with every check over the published document, bounded by
``-n`` examples per operation and a wall-clock ``timeout``, then stops the
server. The check expectations match ``tests/service/test_schemathesis.py``.
Exit status is schemathesis' (124 when the timeout cut it).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The answers that count as refusing a schema-violating request (the suite's in-process run uses
#: the same list). A request may also be refused by gunicorn before the app sees it: a request
#: line over ``limit_request_line`` is a 414, oversized headers a 431 (``service/gunicorn_worker.py``
#: answers both as problems), which schemathesis' default list of rejections leaves out.
NEGATIVE_EXPECTED: tuple[str, ...] = (
    "400", "401", "403", "404", "405", "406", "409", "413", "414", "415", "422", "428", "429",
    "431", "5xx",
)  # fmt: skip

#: The operations that take a table state (one path per game, ``/v1/games/dabong/apply``) or a
#: game's rules, and what counts as accepting valid data there: a
#: random JSON object that fits the schema is still not a table state (the game refuses it, 422).
STATE_OPERATIONS = "^/v1/games/[^/]+/"
#: A body that fits the schema can still be over the documented body limit (5,000 replay actions
#: of a game whose actions are typed and large): 413, before the schema is looked at.
POSITIVE_EXPECTED: tuple[str, ...] = ("2xx", "404", "409", "413", "422")

# JSON strings and arrays of strings are TOML ones too.
CONFIG = f"""\
[checks.negative_data_rejection]
expected-statuses = {json.dumps(list(NEGATIVE_EXPECTED))}

[[operations]]
include-path-regex = {json.dumps(STATE_OPERATIONS)}
checks.positive_data_acceptance.expected-statuses = {json.dumps(list(POSITIVE_EXPECTED))}
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_healthy(base: str, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/v1/health", timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"gunicorn did not become healthy at {base}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("-n", "--max-examples", type=int, default=500)
    parser.add_argument("--timeout", type=int, default=600, help="wall-clock bound of the whole run (s)")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args(argv)
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    bin_dir = Path(sys.executable).parent
    env = dict(os.environ, BIND=f"127.0.0.1:{port}", LOG_LEVEL="warning")
    server = subprocess.Popen(
        [
            str(bin_dir / "gunicorn"),
            "-c",
            "gunicorn.conf.py",
            "--access-logfile",
            "/dev/null",
            "service.wsgi:app",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        wait_healthy(base)
        with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as config:
            config.write(CONFIG)
        command = [
            "timeout",
            str(args.timeout),
            str(bin_dir / "schemathesis"),
            "--config-file",
            config.name,
            "run",
            f"{base}/v1/openapi.json",
            "--checks",
            "all",
            "-n",
            str(args.max_examples),
        ]
        print("+", " ".join(command), flush=True)
        return subprocess.call(command, cwd=ROOT)
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
