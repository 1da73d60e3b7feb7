#!/usr/bin/env bash
# Set up a virtual environment (first run only), install Table Judge with its test tools and run
# the whole suite. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/pip install --quiet -e '.[test]'
# tests/deploy runs nginx in front of gunicorn. Best effort: as root with apt (CI runs this as root
# on a fresh clone), install nginx when it is missing; bounded in time, no prompt, and never a
# reason to stop here: without nginx those tests skip and say why.
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ] \
    && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "scripts/test.sh: installing nginx for tests/deploy (apt-get)" >&2
    export DEBIAN_FRONTEND=noninteractive
    { timeout 300 apt-get install -y -qq nginx </dev/null >/dev/null 2>&1 \
        || { timeout 300 apt-get update -qq </dev/null >/dev/null 2>&1 \
            && timeout 300 apt-get install -y -qq nginx </dev/null >/dev/null 2>&1; }; } \
        || echo "scripts/test.sh: could not install nginx; tests/deploy will skip" >&2
fi
exec .venv/bin/python -m pytest "$@"
