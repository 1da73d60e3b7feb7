"""Starting gunicorn on loopback with the repo's configuration, and reading its workers' memory."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from .games import REPO_ROOT

CONFIG = REPO_ROOT / "gunicorn.conf.py"
APP = "benchmarks.bench_wsgi:app"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def gunicorn_binary() -> Path:
    return Path(sys.executable).with_name("gunicorn")


@dataclass(slots=True, kw_only=True)
class Server:
    process: subprocess.Popen[bytes]
    port: int
    #: How it was configured (the repo's file, or the documented fallback).
    config_note: str
    log: IO[bytes]

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def worker_pids(self) -> list[int]:
        pids = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8") as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.process.pid:
                pids.append(int(entry))
        return sorted(pids)

    def stop(self) -> None:
        """SIGTERM to the master we started (in-flight requests finish), SIGKILL if it lingers."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        self.log.close()


def memory_kb(pid: int) -> dict[str, int]:
    """VmRSS (resident now) and VmHWM (peak resident) of a process, in kB."""
    out: dict[str, int] = {}
    with open(f"/proc/{pid}/status", encoding="utf-8") as fh:
        for line in fh:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])
    return out


def start_server(log_path: Path, *, ready_seconds: float = 30.0) -> Server:
    port = free_port()
    args = [str(gunicorn_binary())]
    if CONFIG.exists():
        args += ["-c", str(CONFIG)]
        note = "the repo's gunicorn.conf.py"
    else:
        workers = (os.cpu_count() or 1) + 1
        args += ["--workers", str(workers), "--worker-class", "sync"]
        note = f"gunicorn.conf.py not in the repo yet: fallback sync workers = cores + 1 = {workers}"
    # -b on the command line overrides the file's bind: loopback, a free port.
    args += ["-b", f"127.0.0.1:{port}", APP]
    log = open(log_path, "wb")  # noqa: SIM115  (kept open for the server's lifetime)
    # The repo's config also reads BIND/PORT from the environment: pin both to loopback.
    env = {k: v for k, v in os.environ.items() if k not in ("PORT", "BIND")}
    env["BIND"] = f"127.0.0.1:{port}"
    process = subprocess.Popen(args, cwd=REPO_ROOT, stdout=log, stderr=subprocess.STDOUT, env=env)
    server = Server(process=process, port=port, config_note=note, log=log)
    deadline = time.monotonic() + ready_seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {process.returncode}; see {log_path}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/v1/health")
            conn.getresponse().read()
            conn.close()
            return server
        except OSError:
            time.sleep(0.2)
    server.stop()
    raise RuntimeError(
        f"gunicorn not answering on 127.0.0.1:{port} after {ready_seconds:g} s; see {log_path}"
    )
