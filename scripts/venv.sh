# shellcheck shell=bash
# Sourced by scripts/serve.sh, scripts/test.sh and deploy/serve-behind-nginx.sh (from the
# repository's root): make .venv and install into it from a lock file.

PYTHON="${PYTHON:-python3}"

# .venv made on the first run, reused after.
ensure_venv() {
    [ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
}

# Every package at the version and hash the lock names (scripts/lock.sh writes the locks), then
# the project itself without dependencies and without build isolation: the build backend is in
# the lock too, so nothing unpinned is fetched.
install_locked() {
    local lock="$1"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r "$lock"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
}
