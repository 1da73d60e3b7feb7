"""nginx as the load balancer in front of Table Judge replicas.

    python -m deploy.balancer --replica 10.0.0.5:8000 --replica 10.0.0.6:8000
    REPLICAS=app:8000 LISTEN=0.0.0.0:8080 python -m deploy.balancer      # deploy/compose.yaml
    python -m deploy.balancer --replica 127.0.0.1:8001 --check           # render, nginx -t, exit

The same template as one replica's nginx (deploy/nginx/table-judge.conf.in: whole requests and
answers buffered, client timeouts, bounded bodies, problems for nginx's own refusals), with every
replica as a `server` and the balancer's retry policy: a request a dead replica could not answer
is sent to the next one, POSTs included, which is safe because every operation of the service is a
pure function of its request (see BALANCER_NEXT_UPSTREAM in deploy/serve.py). A name that resolves
to several addresses (a compose service with replicas) lists each; nginx resolves names at start.

Standard library only, like deploy/serve.py.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from deploy.serve import (
    Running,
    check_only,
    checked,
    default_listen,
    nginx_binary,
    render_config,
    serve_until_signal,
    start_nginx,
    stop,
)


class Balancer(Running):
    """nginx on ``listen`` balancing ``replicas``, as a context manager (tools/scale_out.py)."""

    def __init__(
        self,
        listen: str,
        replicas: list[str],
        *,
        nginx_workers: int = 1,
        worker_connections: int = 4096,
        quiet: bool = False,
    ) -> None:
        self.listen, self.replicas, self.quiet = listen, replicas, quiet
        self.nginx_workers, self.worker_connections = nginx_workers, worker_connections
        self.runtime_dir: Path | None = None
        self.nginx: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Balancer:
        super().__enter__()
        return self

    def start(self) -> None:
        self.runtime_dir = Path(tempfile.mkdtemp(prefix="table-judge-balancer-"))
        conf = render_config(
            self.runtime_dir,
            listen=self.listen,
            upstream="",
            replicas=self.replicas,
            worker_processes=self.nginx_workers,
            worker_connections=self.worker_connections,
        )
        self.nginx = start_nginx(checked(conf), self.listen, quiet=self.quiet)

    def close(self) -> None:
        if self.nginx is not None:
            stop(self.nginx, signal.SIGQUIT, 4.0)
        if self.runtime_dir is not None:
            shutil.rmtree(self.runtime_dir, ignore_errors=True)

    def exited(self) -> str | None:
        if self.nginx is not None and self.nginx.poll() is not None:
            return f"nginx exited with {self.nginx.returncode}"
        return None


def _parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m deploy.balancer",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    try:
        listen = default_listen(os.environ)
    except ValueError as exc:
        parser.error(str(exc))
    parser.add_argument("--listen", default=listen, help="where clients connect (LISTEN, HOST/PORT)")
    parser.add_argument(
        "--replica",
        action="append",
        default=[r for r in os.environ.get("REPLICAS", "").split(",") if r.strip()],
        help="a replica's host:port (repeat it; or REPLICAS=a:8000,b:8000)",
    )
    parser.add_argument("--nginx-workers", type=int, default=int(os.environ.get("NGINX_WORKERS", "1")))
    parser.add_argument("--check", action="store_true", help="render the config, run nginx -t, exit")
    args = parser.parse_args(argv)
    if not args.replica:
        parser.error("name at least one replica (--replica host:port or REPLICAS)")
    return args


def main(argv: list[str] | None = None) -> int:
    args = _parse(argv)
    if nginx_binary() is None:
        print("table-judge: nginx is not installed (Debian: apt-get install nginx)", file=sys.stderr)
        return 1
    if args.check:
        with tempfile.TemporaryDirectory(prefix="table-judge-balancer-") as tmp:
            conf = render_config(Path(tmp), listen=args.listen, upstream="", replicas=args.replica)
            return check_only(conf)
    balancer = Balancer(args.listen, args.replica, nginx_workers=args.nginx_workers)
    return serve_until_signal(balancer, f"balancing {args.listen} -> {', '.join(args.replica)}")


if __name__ == "__main__":
    raise SystemExit(main())
