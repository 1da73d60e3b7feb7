#!/usr/bin/env bash
# Set up a virtual environment (first run only), install Table Judge from requirements.lock and
# serve it on 127.0.0.1:8000 (PORT=n: 127.0.0.1:n; HOST=address to listen elsewhere, or
# BIND=host:port). Needs only Python 3.11+; a .venv of another Python, or a broken one, is rebuilt
# (and the script says so).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh
ensure_venv
install_locked requirements.lock
exec .venv/bin/gunicorn -c gunicorn.conf.py service.wsgi:app
