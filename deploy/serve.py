"""Serve Table Judge behind nginx: gunicorn on loopback, nginx (a buffering reverse proxy) in front.

    python -m deploy.serve                      # nginx on 127.0.0.1:8000, gunicorn on 127.0.0.1:8001
    PORT=8080 python -m deploy.serve            # nginx on 127.0.0.1:8080 (PORT never exposes)
    HOST=0.0.0.0 PORT=8000 python -m deploy.serve   # nginx on every interface (the container)
    python -m deploy.serve --check              # render the nginx config and run `nginx -t` on it

Why: gunicorn's sync workers are only safe behind a proxy that reads whole requests first
(issue #25: three slowloris connections held every worker). See deploy/nginx/table-judge.conf.in.

The nginx config is rendered from that template into a runtime directory (a fresh temporary one
unless ``--runtime-dir``), which also holds the pid file and nginx's temporary files: nothing needs
root. gunicorn runs with ``gunicorn.conf.py`` and ``BIND`` set to the upstream address. The process
stays in the foreground, stops both on SIGTERM/SIGINT, and exits (non-zero) as soon as either of
the two exits on its own, so a container supervisor sees the failure and restarts it.

Standard library only: the container runs it with the image's Python, and tests import ``Pair``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from types import FrameType
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).resolve().parent / "nginx" / "table-judge.conf.in"
DEFAULT_LISTEN = "127.0.0.1:8000"
DEFAULT_UPSTREAM = "127.0.0.1:8001"


def nginx_binary() -> str | None:
    """nginx on PATH, or Debian's /usr/sbin/nginx (not on a non-root user's PATH everywhere)."""
    found = shutil.which("nginx")
    if found:
        return found
    return "/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None


def split_address(address: str) -> tuple[str, int]:
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise ValueError(f"expected host:port, got {address!r}")
    return host, int(port)


def _user_line() -> str:
    """As root nginx would run its workers as `nobody` with a group Debian lacks: name both."""
    if os.geteuid() != 0:
        return ""  # non-root: workers run as the current user; a `user` line would only warn
    import grp
    import pwd

    try:
        nobody = pwd.getpwnam("nobody")
        return f"user nobody {grp.getgrgid(nobody.pw_gid).gr_name};"
    except KeyError:
        return ""


def _nofile(worker_connections: int) -> int:
    """Descriptors for a worker: two per connection, capped by the hard limit it may raise to."""
    import resource

    wanted = 2 * worker_connections + 64
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    return wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)


#: One gunicorn behind nginx (this module): what to do when it fails.
PAIR_NEXT_UPSTREAM = """\
            # Retry only when gunicorn could not be reached or failed before answering, never after
            # a timeout (a request slow enough to time out would only tie up a second worker) and
            # never a POST that reached it (non_idempotent stays off). With one server this retries
            # nothing; deploy/balancer.py renders the policy for several replicas.
            proxy_next_upstream error;
            proxy_next_upstream_tries 2;
            proxy_next_upstream_timeout 5s;"""

#: nginx as the load balancer in front of replicas (deploy/balancer.py).
BALANCER_NEXT_UPSTREAM = """\
            # A request one replica could not answer goes to the next. Safe for every operation:
            # the GETs read fixed facts, and every POST (deal, validate, apply, legal-actions, view,
            # replay, explain, suggest) is a pure function of its body. The service keeps nothing
            # between requests, so a POST sent twice changes nothing anywhere and is answered the
            # same (a deal without a seed draws a new one: another valid first state). Hence
            # non_idempotent. Passed on: a replica that refused or dropped the connection (error:
            # killed, restarting), one not reached within proxy_connect_timeout (timeout), one whose
            # own nginx says its gunicorn is gone (502, 503). A read timeout (35 s, after gunicorn's
            # own 30 s limit) is not: proxy_next_upstream_timeout ends retrying at 10 s, so one
            # runaway request never ties up a worker on every replica.
            proxy_next_upstream error timeout http_502 http_503 non_idempotent;
            proxy_next_upstream_tries @TRIES@;
            proxy_next_upstream_timeout 10s;"""


def render_config(
    runtime_dir: Path,
    *,
    listen: str,
    upstream: str,
    worker_processes: int = 1,
    worker_connections: int = 4096,
    access_log: str = "off",
    replicas: list[str] | None = None,
) -> Path:
    """Write ``runtime_dir/nginx.conf`` from the template and return its path.

    With ``replicas`` (host:port each; a name may resolve to several addresses) nginx is the load
    balancer in front of them and ``upstream`` is unused; otherwise it fronts one gunicorn there.
    """
    split_address(listen)
    if replicas:
        for replica in replicas:
            split_address(replica)
        # A replica that failed once is left out for 5 s, then tried again (passive checks: the
        # open-source nginx has no active ones); a restarted replica is back within 5 s.
        servers = "\n".join(f"        server {r} max_fails=1 fail_timeout=5s;" for r in replicas)
        next_upstream = BALANCER_NEXT_UPSTREAM.replace("@TRIES@", str(max(2, len(replicas))))
    else:
        split_address(upstream)
        servers = f"        server {upstream};"
        next_upstream = PAIR_NEXT_UPSTREAM
    runtime_dir.mkdir(parents=True, exist_ok=True)
    # As root, nginx's workers run as `nobody` and must reach the temporary directories below.
    runtime_dir.chmod(0o755)
    fields = {
        "LISTEN": listen,
        "UPSTREAM_SERVERS": servers,
        "NEXT_UPSTREAM": next_upstream,
        "RUNTIME_DIR": str(runtime_dir.resolve()),
        "USER_LINE": _user_line(),
        "WORKER_PROCESSES": str(worker_processes),
        "WORKER_CONNECTIONS": str(worker_connections),
        "RLIMIT_NOFILE": str(_nofile(worker_connections)),
        "ACCESS_LOG": access_log,
    }
    text = TEMPLATE.read_text()
    for name, value in fields.items():
        text = text.replace(f"@{name}@", value)
    conf = runtime_dir / "nginx.conf"
    conf.write_text(text)
    return conf


def nginx_command(conf: Path, *extra: str) -> list[str]:
    nginx = nginx_binary()
    if nginx is None:
        raise FileNotFoundError("nginx is not installed (Debian: apt-get install nginx)")
    # -e: the error log before the config is read, so no compiled-in /var/log path is opened.
    return [nginx, "-p", str(conf.parent), "-c", str(conf), "-e", "stderr", *extra]


def check_config(conf: Path) -> subprocess.CompletedProcess[str]:
    """`nginx -t` on a rendered config (it parses and checks paths; it binds nothing)."""
    return subprocess.run(nginx_command(conf, "-t", "-q"), capture_output=True, text=True, timeout=30)


def checked(conf: Path) -> Path:
    """``conf`` once `nginx -t` accepts it; RuntimeError with nginx's words otherwise."""
    result = check_config(conf)
    if result.returncode != 0:
        raise RuntimeError(f"nginx -t refused {conf}:\n{result.stderr}")
    return conf


def start_nginx(conf: Path, listen: str, *, quiet: bool = False) -> subprocess.Popen[bytes]:
    """nginx on a checked config, returned once ``listen`` accepts connections."""
    out: int | IO[Any] | None = subprocess.DEVNULL if quiet else None
    proc = subprocess.Popen(nginx_command(conf), stdout=out, stderr=out)
    wait_listening(listen, proc)
    return proc


def check_only(conf: Path) -> int:
    """``--check``: `nginx -t` on a rendered config, its words on stderr, a verdict on stdout."""
    result = check_config(conf)
    sys.stderr.write(result.stderr)
    print(f"{conf}: {'ok' if result.returncode == 0 else 'REFUSED'}")
    return result.returncode


class Running:
    """A context manager over ``start``/``close``: a failed start closes what it had started."""

    def start(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def exited(self) -> str | None:
        """Why the service stopped on its own (a process exited), or None while it runs."""
        raise NotImplementedError

    def __enter__(self) -> Running:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def serve_until_signal(service: Running, started: str) -> int:
    """Run ``service`` in the foreground until SIGTERM/SIGINT (0) or until it fails (1)."""
    stopping: list[int] = []

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stopping.append(signum)

    # Installed before starting anything: as a container's PID 1 an unhandled SIGTERM is ignored.
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        service.start()
        print(f"table-judge: {started}", file=sys.stderr)
        while not stopping:
            ended = service.exited()
            if ended:
                print(f"table-judge: {ended}; stopping", file=sys.stderr)
                return 1
            time.sleep(0.2)
        return 0
    except (RuntimeError, OSError) as exc:  # nginx -t refused, a process died, nginx missing
        print(f"table-judge: {exc}", file=sys.stderr)
        return 1
    finally:
        service.close()


def start_gunicorn(
    bind: str, *, workers: int | None = None, env: Mapping[str, str] | None = None, quiet: bool = False
) -> subprocess.Popen[bytes]:
    """gunicorn with the repository's gunicorn.conf.py, bound to ``bind`` (host:port)."""
    child_env = {**(env if env is not None else os.environ), "BIND": bind}
    if workers is not None:
        child_env["WEB_CONCURRENCY"] = str(workers)
    out: int | IO[Any] | None = subprocess.DEVNULL if quiet else None
    return subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"), "service.wsgi:app"],
        cwd=ROOT,
        env=child_env,
        stdout=out,
        stderr=out,
    )


def wait_listening(address: str, proc: subprocess.Popen[Any], timeout: float = 30.0) -> None:
    """Until ``address`` accepts a connection; fails at once if ``proc`` exits first."""
    host, port = split_address(address)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args!r} exited ({proc.returncode}) before listening on {address}")
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listening on {address} after {timeout} s")


def stop(proc: subprocess.Popen[Any], first: int = signal.SIGTERM, grace: float = 10.0) -> None:
    """``first`` signal, then SIGKILL after ``grace`` seconds; always waits for the process."""
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(first)
        try:
            proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


class Pair(Running):
    """gunicorn on ``upstream`` and nginx on ``listen`` in front of it, as a context manager.

    ``with Pair(listen, upstream) as pair:`` returns once both accept connections; leaving the
    block stops nginx (graceful, then fast) and then gunicorn. ``runtime_dir`` defaults to a fresh
    temporary directory, removed afterwards. ``stop_grace`` bounds each of the two stops: 4 s, so
    that both end within `docker stop`'s 10 s (requests take milliseconds, the costliest seconds).
    """

    def __init__(
        self,
        listen: str = DEFAULT_LISTEN,
        upstream: str = DEFAULT_UPSTREAM,
        *,
        workers: int | None = None,
        runtime_dir: Path | None = None,
        nginx_workers: int = 1,
        worker_connections: int = 4096,
        access_log: str = "off",
        quiet: bool = False,
        stop_grace: float = 4.0,
    ) -> None:
        self.listen, self.upstream, self.workers, self.quiet = listen, upstream, workers, quiet
        self.nginx_workers = nginx_workers
        self.worker_connections = worker_connections
        self.access_log = access_log
        self.stop_grace = stop_grace
        self._given_dir = runtime_dir
        self.runtime_dir: Path | None = None
        self.gunicorn: subprocess.Popen[bytes] | None = None
        self.nginx: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Pair:
        super().__enter__()
        return self

    def start(self) -> None:
        self.runtime_dir = self._given_dir or Path(tempfile.mkdtemp(prefix="table-judge-nginx-"))
        conf = render_config(
            self.runtime_dir,
            listen=self.listen,
            upstream=self.upstream,
            worker_processes=self.nginx_workers,
            worker_connections=self.worker_connections,
            access_log=self.access_log,
        )
        checked(conf)
        # gunicorn first: nginx would answer 502 until its upstream listens.
        self.gunicorn = start_gunicorn(self.upstream, workers=self.workers, quiet=self.quiet)
        wait_listening(self.upstream, self.gunicorn)
        self.nginx = start_nginx(conf, self.listen, quiet=self.quiet)

    def close(self) -> None:
        # nginx first (SIGQUIT: finish the requests in flight, stop accepting), then gunicorn.
        if self.nginx is not None:
            stop(self.nginx, signal.SIGQUIT, self.stop_grace)
        if self.gunicorn is not None:
            stop(self.gunicorn, signal.SIGTERM, max(self.stop_grace, 1.0))
        if self.runtime_dir is not None and self._given_dir is None:
            shutil.rmtree(self.runtime_dir, ignore_errors=True)

    def exited(self) -> str | None:
        """The name of a process of the pair that has exited, if any."""
        for name, proc in (("gunicorn", self.gunicorn), ("nginx", self.nginx)):
            if proc is not None and proc.poll() is not None:
                return f"{name} exited with {proc.returncode}"
        return None


def default_listen(env: Mapping[str, str]) -> str:
    """Like gunicorn.conf.py: LISTEN (host:port), else $HOST:$PORT, each defaulting to loopback and
    8000. PORT alone stays on loopback: an operator who only changes the port has not asked to be
    reachable from every network; the container names HOST=0.0.0.0 itself."""
    if env.get("LISTEN"):
        return env["LISTEN"]
    host = env.get("HOST") or "127.0.0.1"
    port = env.get("PORT") or "8000"
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"PORT={port!r} is not a port number (1-65535)")
    return f"[{host}]:{port}" if ":" in host and not host.startswith("[") else f"{host}:{port}"


def _parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m deploy.serve",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    try:
        listen = default_listen(os.environ)
    except ValueError as exc:  # a bad PORT: one line, not a traceback
        parser.error(str(exc))
    parser.add_argument("--listen", default=listen, help="nginx's host:port")
    parser.add_argument(
        "--upstream",
        default=os.environ.get("UPSTREAM", DEFAULT_UPSTREAM),
        help="gunicorn's host:port (keep it on loopback; default %(default)s or $UPSTREAM)",
    )
    parser.add_argument("--runtime-dir", type=Path, default=None, help="default: a fresh temporary directory")
    parser.add_argument("--nginx-workers", type=int, default=int(os.environ.get("NGINX_WORKERS", "1")))
    parser.add_argument("--worker-connections", type=int, default=4096)
    parser.add_argument("--access-log", default="off", help="a file for nginx's access log (default off)")
    parser.add_argument("--check", action="store_true", help="render the config, run nginx -t, exit")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = _parse(argv)
    if nginx_binary() is None:
        print("table-judge: nginx is not installed (Debian: apt-get install nginx)", file=sys.stderr)
        return 1
    if args.check:
        with tempfile.TemporaryDirectory(prefix="table-judge-nginx-") as tmp:
            conf = render_config(
                args.runtime_dir or Path(tmp),
                listen=args.listen,
                upstream=args.upstream,
                worker_processes=args.nginx_workers,
                worker_connections=args.worker_connections,
                access_log=args.access_log,
            )
            return check_only(conf)
    pair = Pair(
        args.listen,
        args.upstream,
        runtime_dir=args.runtime_dir,
        nginx_workers=args.nginx_workers,
        worker_connections=args.worker_connections,
        access_log=args.access_log,
    )
    return serve_until_signal(pair, f"nginx on {args.listen} -> gunicorn on {args.upstream}")


if __name__ == "__main__":
    raise SystemExit(main())
