#!/usr/bin/env bash
# Set up a virtual environment (first run only), install Table Judge with its test tools from
# requirements-test.lock, check the code (ruff check, ruff format --check, mypy: any finding fails
# the run) and run the whole suite. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh
ensure_venv
install_locked requirements-test.lock
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
# tests/sealing starts a real Redis server for the head store (service/head_store.py), the same
# best effort: redis-server when neither it nor valkey-server is there (Debian's valkey-server
# when redis-server cannot be had). Without either, those tests skip and name the binary.
have_store_server() {
    command -v redis-server >/dev/null 2>&1 || command -v valkey-server >/dev/null 2>&1 \
        || [ -x /usr/bin/redis-server ] || [ -x /usr/bin/valkey-server ]
}
if ! have_store_server && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "scripts/test.sh: installing redis-server for tests/sealing (apt-get)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt_install() { timeout 300 apt-get install -y -qq --no-install-recommends "$1" </dev/null >/dev/null 2>&1; }
    { apt_install redis-server || apt_install valkey-server \
        || { timeout 300 apt-get update -qq </dev/null >/dev/null 2>&1 \
            && { apt_install redis-server || apt_install valkey-server; }; }; } \
        || echo "scripts/test.sh: could not install redis-server; the head store's tests will skip" >&2
fi
# tests/browser drives the /play page in Debian's Chromium (through the playwright package, which
# never downloads a browser here). The same best effort: chromium when it is missing, as root
# (bounded at 10 minutes: with its libraries it is a larger download than nginx).
# Without it, those tests skip and say why.
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ] \
    && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "scripts/test.sh: installing chromium for tests/browser (apt-get)" >&2
    export DEBIAN_FRONTEND=noninteractive
    { timeout 600 apt-get install -y -qq --no-install-recommends chromium </dev/null >/dev/null 2>&1 \
        || { timeout 300 apt-get update -qq </dev/null >/dev/null 2>&1 \
            && timeout 600 apt-get install -y -qq --no-install-recommends chromium </dev/null >/dev/null 2>&1; }; } \
        || echo "scripts/test.sh: could not install chromium; tests/browser will skip" >&2
fi
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# Lint and types before the suite: cheap (seconds), and CI then fails on a finding as on a test.
echo "scripts/test.sh: ruff check, ruff format --check, mypy" >&2
.venv/bin/ruff check --quiet .
.venv/bin/ruff format --check --quiet .
.venv/bin/mypy
exec .venv/bin/python -m pytest "$@"
