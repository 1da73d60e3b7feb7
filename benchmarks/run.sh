#!/usr/bin/env bash
# Run the benchmark suite (never part of the tests): benchmarks/run.sh [--quick] [--only PART]
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-.venv/bin/python}"
[ -x "$PY" ] || PY=python3
exec "$PY" -m benchmarks "$@"
