#!/usr/bin/env bash
# Set up a virtual environment (first run only), install Table Judge with its test tools and run
# the whole suite. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/pip install --quiet -e '.[test]'
exec .venv/bin/python -m pytest "$@"
