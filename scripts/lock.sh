#!/usr/bin/env bash
# Regenerate the lock files from pyproject.toml (run after changing a dependency there):
#   requirements.lock        the service (Dockerfile, scripts/serve.sh, deploy/serve-behind-nginx.sh)
#   requirements-test.lock   the service and its test tools (scripts/test.sh, so CI)
# Both pin every package (and the build backend, setuptools: the project is then installed with
# --no-build-isolation, nothing unpinned is fetched) with sha256 hashes, for Python 3.11+ on any
# platform (uv's universal resolution). Needs the network (PyPI) and uv, installed into .venv at
# the version below. tests/test_project.py fails when pyproject.toml asks for what a lock lacks.
set -euo pipefail
cd "$(dirname "$0")/.."
UV_VERSION=0.13.9
[ -x .venv/bin/python ] || { echo "scripts/lock.sh: run scripts/test.sh first (it makes .venv)" >&2; exit 1; }
.venv/bin/python -m pip install --quiet "uv==$UV_VERSION"
build_in="$(mktemp)"
trap 'rm -f "$build_in"' EXIT
# The build backend, as pyproject.toml's [build-system] asks for it.
.venv/bin/python -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"]))' >"$build_in"
common=(--universal --python-version 3.11 --generate-hashes --quiet --no-header)
.venv/bin/uv pip compile pyproject.toml "$build_in" --extra test "${common[@]}" -o requirements-test.lock
# The service's lock is held to the test lock's versions: both install into the same .venv, so
# serving after testing changes nothing, and what is served is what was tested.
.venv/bin/uv pip compile pyproject.toml "$build_in" -c requirements-test.lock "${common[@]}" -o requirements.lock
# The temporary file's name would change at every run: name pyproject.toml's section instead.
sed -i "s|$build_in|pyproject.toml [build-system]|" requirements.lock requirements-test.lock
echo "wrote requirements.lock and requirements-test.lock"
