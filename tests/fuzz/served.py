"""A client for a real gunicorn on 127.0.0.1, with the worker's CPU measured per request.

The server runs one sync worker, so every request is served by that process and its
CPU time (``/proc/<pid>/stat``, utime + stime, in clock ticks: 10 ms here) before and
after the request is the request's. A request whose worker has spent the cap is cut
by killing the worker (gunicorn starts another): the same cap the in-process client
applies with ``SIGPROF``. The server's log goes to a file, so a 500's traceback can be
shown with the failure.
"""

from __future__ import annotations

import http.client
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from .cpu import cpu_cap_s, peak_growth_mb, reset_peak
from .harness import Answer

ROOT = Path(__file__).resolve().parents[2]
TICK = 1.0 / os.sysconf("SC_CLK_TCK")


def worker_cpu(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) * TICK


class ServedClient:
    """Starts gunicorn on ``port`` (one worker) and posts to it; ``close()`` stops it."""

    def __init__(self, port: int) -> None:
        self.port = port
        # Kept open for the server's lifetime (closed and removed by close()).
        self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115
            prefix="tj-fuzz-gunicorn-", suffix=".log", delete=False
        )
        env = dict(os.environ, BIND=f"127.0.0.1:{port}", WEB_CONCURRENCY="1", LOG_LEVEL="warning")
        gunicorn = Path(sys.executable).parent / "gunicorn"
        self.server = subprocess.Popen(
            [str(gunicorn), "-c", "gunicorn.conf.py", "--access-logfile", "/dev/null", "service.wsgi:app"],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.worker = self._wait_worker()

    def _wait_worker(self, seconds: float = 30.0) -> int:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/v1/health", timeout=2) as r:
                    if r.status == 200:
                        children = Path(f"/proc/{self.server.pid}/task/{self.server.pid}/children")
                        pids = children.read_text().split()
                        if len(pids) == 1:
                            return int(pids[0])
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not serve on port {self.port}")

    def post(self, path: str, payload: bytes) -> Answer:
        result: dict[str, object] = {}
        log_at = os.path.getsize(self.log.name)

        def send() -> None:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            try:
                connection.request("POST", path, payload, {"Content-Type": "application/json"})
                response = connection.getresponse()
                result["answer"] = (
                    response.status,
                    response.read(),
                    response.getheader("Content-Type") or "",
                )
            except OSError as exc:
                result["error"] = exc
            finally:
                connection.close()

        before = worker_cpu(self.worker) or 0.0
        resident = reset_peak(self.worker)
        thread = threading.Thread(target=send, daemon=True)
        thread.start()
        over = False
        while thread.is_alive():
            thread.join(0.02)
            spent = (worker_cpu(self.worker) or before) - before
            if thread.is_alive() and spent > cpu_cap_s():
                os.kill(self.worker, signal.SIGKILL)
                over = True
                thread.join(30)
                break
        cpu = (worker_cpu(self.worker) or before) - before if not over else cpu_cap_s()
        memory = None if over else peak_growth_mb(resident, self.worker)
        if over or "answer" not in result:
            self.worker = self._wait_worker()
            return Answer(
                0, b"", "", cpu, memory, over_cap=over, trace=None if over else str(result.get("error"))
            )
        status, body, content_type = result["answer"]  # type: ignore[misc]
        trace = self._log_since(log_at) if status >= 500 else None
        return Answer(status, body, content_type, cpu, memory, trace=trace)

    def _log_since(self, offset: int) -> str:
        with open(self.log.name, encoding="utf-8", errors="replace") as f:
            f.seek(offset)
            return f.read()[-4000:]

    def close(self) -> None:
        self.server.terminate()
        try:
            self.server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.server.kill()
        self.log.close()
        os.unlink(self.log.name)
