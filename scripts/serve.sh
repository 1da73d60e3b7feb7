#!/usr/bin/env bash
# Set up a virtual environment (first run only), install Table Judge and serve it on 127.0.0.1:8000
# (override with BIND=host:port or PORT=n). Needs only Python 3.11+.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/pip install --quiet -e .
exec .venv/bin/gunicorn -c gunicorn.conf.py service.wsgi:app
