"""gunicorn settings for Table Judge: ``gunicorn -c gunicorn.conf.py service.wsgi:app``.

Binds 127.0.0.1:8000 unless the operator names an address: ``BIND`` (host:port), or
``HOST`` and ``PORT`` (each defaulting to 127.0.0.1 and 8000). ``PORT=n`` alone binds
127.0.0.1:n: it changes the port, never exposes every interface; the container sets
its own address (HOST=0.0.0.0, for nginx in front). Sync workers, one per core plus
one: the work is CPU-bound and short, so threads would add nothing.

Sync workers must sit behind a buffering proxy: each reads its request with a
blocking socket, so a client that trickles its header holds the worker until
``timeout`` kills it, and as many such clients as workers stop the service
(issue #25). ``python -m deploy.serve`` runs this behind nginx (deploy/), which
is what the container does; serving gunicorn directly is for development.
"""

from __future__ import annotations

import glob
import multiprocessing
import os
import shutil
import tempfile


def _bind() -> str:
    # The same rule as deploy/serve.py's default_listen (LISTEN there, BIND here): keep them alike.
    if os.environ.get("BIND"):
        return os.environ["BIND"]
    host = os.environ.get("HOST") or "127.0.0.1"
    port = os.environ.get("PORT") or "8000"
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise SystemExit(f"gunicorn.conf.py: PORT={port!r} is not a port number (1-65535)")
    # An IPv6 address needs brackets before the port.
    return f"[{host}]:{port}" if ":" in host and not host.startswith("[") else f"{host}:{port}"


def cpus_available(cgroup: str = "/sys/fs/cgroup") -> int:
    """The CPUs this process may use: its affinity mask, capped by a container's CPU limit.

    multiprocessing.cpu_count() counts the host's CPUs: a container limited to 1 CPU on a 32-core
    host would start 33 workers, each with its own copy of the app, that the limit then throttles.
    The limit is cgroup v2's cpu.max ("200000 100000": 2 CPUs; "max": none) or cgroup v1's
    cpu.cfs_quota_us / cpu.cfs_period_us (-1: none), rounded up (1.5 CPUs: 2).
    """
    try:
        count = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        count = multiprocessing.cpu_count()
    quota = period = None
    try:
        with open(os.path.join(cgroup, "cpu.max")) as f:
            fields = f.read().split()
        if len(fields) == 2 and fields[0] != "max":
            quota, period = int(fields[0]), int(fields[1])
    except (OSError, ValueError):
        try:
            with open(os.path.join(cgroup, "cpu", "cpu.cfs_quota_us")) as f:
                quota = int(f.read())
            with open(os.path.join(cgroup, "cpu", "cpu.cfs_period_us")) as f:
                period = int(f.read())
        except (OSError, ValueError):
            quota = period = None
    if quota is not None and period and quota > 0:
        count = min(count, -(-quota // period))
    return max(1, count)


bind = [_bind()]
# One worker per usable CPU plus one (a worker briefly blocked on I/O leaves its CPU to another).
workers = int(os.environ.get("WEB_CONCURRENCY") or cpus_available() + 1)
worker_class = "service.gunicorn_worker.ProblemSyncWorker"
# The worker heartbeat: a worker silent this long is killed. Behind nginx it only catches a runaway
# request (the costliest documented ones take a few seconds: docs/reliability.md, cost budgets);
# nginx's proxy_read_timeout (35 s) is kept above it so that gunicorn, not nginx, decides. Served
# directly, it is also all that frees a worker held by a slow client, 30 s later: no remedy.
timeout = 30
graceful_timeout = 20
# Sync workers ignore this: they close the connection after every answer (gunicorn forces
# `Connection: close`), which is also why nginx keeps no pool of upstream connections. It would
# apply if the worker class became gthread; 2 s is gunicorn's default.
keepalive = 2
# The control socket (on by default since gunicorn 25) fails for non-root container users.
control_socket_disable = True
# Bounds on what gunicorn reads before the app sees it (bodies are bounded by the app: 256 KiB).
limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190


def when_ready(server: object) -> None:
    """Say so at start when gunicorn listens beyond loopback: that is the setup #25 is about."""
    exposed = [b for b in bind if not b.startswith(("127.", "localhost:", "[::1]", "unix:"))]
    if exposed:
        server.log.warning(  # type: ignore[attr-defined]
            "gunicorn is listening directly on %s: sync workers can be held by slow clients; "
            "serve it behind nginx (python -m deploy.serve)",
            ", ".join(exposed),
        )


# Logs: JSON lines on stderr (service/logs.py), gunicorn's own included. The app writes one line
# per request with its id, route, game, status and duration (service/observability.py), so
# gunicorn's text access log, which would say less a second time, is off.
accesslog = None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info")
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "service.logs.JsonFormatter"}},
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    },
    "root": {"level": loglevel.upper(), "handlers": ["stderr"]},
    "loggers": {
        "gunicorn.error": {"level": loglevel.upper(), "handlers": ["stderr"], "propagate": False},
        # With a logconfig_dict gunicorn writes its access line whatever `accesslog` says: mute it.
        "gunicorn.access": {"level": "CRITICAL", "handlers": [], "propagate": False},
    },
}


# Metrics (service/metrics.py): each worker writes its counts into PROMETHEUS_MULTIPROC_DIR and
# /metrics adds every worker's up. prometheus-client reads the variable when a worker first
# imports it, so on_starting sets it in the master, before any worker is forked (not at import of
# this file, which tests also load). An operator's directory is used as given (one per gunicorn:
# two sharing one would mix and wipe each other's counts); without one, a fresh private directory
# is made and removed at exit.
_made_metrics_dir: list[str] = []


def on_starting(server: object) -> None:
    """Set up the metrics directory, emptied: files of an earlier run would add to this one's."""
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if directory:
        os.makedirs(directory, exist_ok=True)
    else:
        directory = tempfile.mkdtemp(prefix="table-judge-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = directory
        _made_metrics_dir.append(directory)
    for stale in glob.glob(os.path.join(directory, "*.db")):
        os.remove(stale)


def child_exit(server: object, worker: object) -> None:
    """A worker ended (killed, timed out, recycled): its live gauges stop counting; its counters
    and histograms stay in the sums, so totals never go back."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)  # type: ignore[attr-defined]


def on_exit(server: object) -> None:
    for directory in _made_metrics_dir:
        shutil.rmtree(directory, ignore_errors=True)
