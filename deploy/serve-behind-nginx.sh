#!/usr/bin/env bash
# Serve Table Judge behind nginx: set up .venv (first run only), install it from requirements.lock, then run
# gunicorn on 127.0.0.1:8001 and nginx on 127.0.0.1:8000 in front of it until either stops or
# Ctrl-C. LISTEN=host:port (or HOST and PORT, each defaulting to 127.0.0.1 and 8000) moves nginx, UPSTREAM=host:port moves gunicorn
# (keep it on loopback); extra arguments go to `python -m deploy.serve` (--help lists them).
# Needs Python 3.11+ and nginx (Debian: apt-get install nginx); no root.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh
ensure_venv
install_locked requirements.lock
exec .venv/bin/python -m deploy.serve "$@"
