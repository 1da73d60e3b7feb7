"""gunicorn settings for Table Judge: ``gunicorn -c gunicorn.conf.py service.wsgi:app``.

Binds 127.0.0.1:8000 unless ``BIND`` (host:port) or ``PORT`` (port on 0.0.0.0, as
containers expect) says otherwise. Sync workers, one per core plus one: the
work is CPU-bound and short, so threads would add nothing.
"""

from __future__ import annotations

import multiprocessing
import os


def _bind() -> str:
    if os.environ.get("BIND"):
        return os.environ["BIND"]
    if os.environ.get("PORT"):
        return f"0.0.0.0:{int(os.environ['PORT'])}"
    return "127.0.0.1:8000"


bind = [_bind()]
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() + 1))
worker_class = "service.gunicorn_worker.ProblemSyncWorker"
timeout = 30
graceful_timeout = 20
keepalive = 2
# The control socket (on by default since gunicorn 25) fails for non-root container users.
control_socket_disable = True
# Bounds on what gunicorn reads before the app sees it (bodies are bounded by the app: 256 KiB).
limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info")
