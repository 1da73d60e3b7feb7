# shellcheck shell=bash
# Sourced by scripts/serve.sh, scripts/test.sh and deploy/serve-behind-nginx.sh (from the
# repository's root): make .venv, or make it again when it cannot serve, and install into it from
# a lock file. PYTHON names the interpreter to build it with (default python3).

_PYTHON_SET="${PYTHON+set}"
PYTHON="${PYTHON:-python3}"
# What a usable interpreter prints: its major.minor, and only when 3.11 or later.
_VERSION_CHECK='import sys; v = sys.version_info; print(f"{v[0]}.{v[1]}"); sys.exit(0 if v >= (3, 11) else 1)'

# Why .venv cannot be used, or nothing when it can. A venv outlives the interpreter that made it:
# one made by an older python3, or whose interpreter was upgraded or removed since, was reused by
# every later run and failed far from the cause.
_venv_fault() {
    local made
    if [ ! -x .venv/bin/python ]; then
        echo "its python is missing or broken"
    elif ! made="$(.venv/bin/python -c "$_VERSION_CHECK" 2>/dev/null)"; then
        echo "it is Python ${made:-of unknown version} (Table Judge needs 3.11+)"
    elif ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
        echo "its pip does not run"
    elif [ -n "$_PYTHON_SET" ] && [ "$made" != "$("$PYTHON" -c "$_VERSION_CHECK" 2>/dev/null)" ]; then
        # An explicit PYTHON=... asks for that interpreter: a venv of another one is not it.
        echo "it is Python $made and PYTHON=$PYTHON is not"
    fi
}

ensure_venv() {
    local fault="" wanted
    if [ -e .venv ] || [ -L .venv ]; then
        fault="$(_venv_fault)"
        [ -z "$fault" ] && return 0
    fi
    # Checked before anything is removed: a bad PYTHON must not cost a working .venv.
    if ! wanted="$("$PYTHON" -c "$_VERSION_CHECK" 2>/dev/null)"; then
        echo "$(basename "$0"): PYTHON=$PYTHON is not a Python 3.11+ that runs (${wanted:+it is $wanted}${wanted:-no answer}); set PYTHON to one" >&2
        exit 1
    fi
    if [ -n "$fault" ]; then
        echo "$(basename "$0"): .venv cannot be used: $fault; rebuilding it with $PYTHON ($wanted)" >&2
        rm -rf .venv
    fi
    "$PYTHON" -m venv .venv
}

# Every package at the version and hash the lock names (scripts/lock.sh writes the locks), then
# the project itself without dependencies and without build isolation: the build backend is in
# the lock too, so nothing unpinned is fetched.
install_locked() {
    local lock="$1"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r "$lock"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
}
