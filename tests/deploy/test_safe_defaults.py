"""Safe defaults (#30): loopback unless an address is named; a wrong or broken .venv is rebuilt."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deploy.serve import default_listen

ROOT = Path(__file__).resolve().parents[2]
ADDRESS_VARIABLES = ("BIND", "HOST", "PORT", "LISTEN")

CASES = [
    ({}, "127.0.0.1:8000"),
    # "Change the port" changes the port: it does not open every interface.
    ({"PORT": "9000"}, "127.0.0.1:9000"),
    ({"HOST": "0.0.0.0", "PORT": "9000"}, "0.0.0.0:9000"),
    ({"HOST": "0.0.0.0"}, "0.0.0.0:8000"),
    ({"HOST": "::1", "PORT": "9000"}, "[::1]:9000"),
]


def _gunicorn_bind(monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> list[str]:
    for name in ADDRESS_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    spec = importlib.util.spec_from_file_location("gunicorn_conf_bind", ROOT / "gunicorn.conf.py")
    assert spec and spec.loader
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    return list(conf.bind)


@pytest.mark.parametrize(("env", "address"), CASES)
def test_gunicorn_binds_loopback_unless_an_address_is_named(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], address: str
) -> None:
    assert _gunicorn_bind(monkeypatch, env) == [address]
    # nginx's listen address (deploy.serve) follows the same rule, with LISTEN for BIND.
    assert default_listen(env) == address


def test_an_explicit_address_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _gunicorn_bind(monkeypatch, {"BIND": "0.0.0.0:7000", "PORT": "9000"}) == ["0.0.0.0:7000"]
    assert default_listen({"LISTEN": "0.0.0.0:7000", "PORT": "9000"}) == "0.0.0.0:7000"


def test_a_bad_port_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SystemExit, match="not a port number"):
        _gunicorn_bind(monkeypatch, {"PORT": "http"})
    env = {k: v for k, v in os.environ.items() if k not in ADDRESS_VARIABLES}
    done = subprocess.run(
        [sys.executable, "-m", "deploy.serve", "--check"],
        cwd=ROOT,
        env={**env, "PORT": "99999"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "not a port number" in done.stderr and "Traceback" not in done.stderr


def _ensure_venv(tmp: Path, python: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHON"}
    if python is not None:
        env["PYTHON"] = python
    script = (
        f". {ROOT / 'scripts' / 'venv.sh'} && ensure_venv && "
        ".venv/bin/python -c 'import sys; print(*sys.version_info[:2])'"
    )
    return subprocess.run(
        ["bash", "-c", script], cwd=tmp, env=env, capture_output=True, text=True, timeout=120
    )


def _fake_python(tmp: Path, text: str) -> None:
    bin_dir = tmp / ".venv" / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    target = bin_dir / "python"
    # Unlink first: in a real venv it is a symlink to the system's interpreter.
    target.unlink(missing_ok=True)
    target.write_text(text)
    target.chmod(0o755)


@pytest.mark.skipif(shutil.which("python3") is None, reason="python3 is not on PATH")
def test_a_venv_of_the_wrong_python_is_rebuilt_and_said_so(tmp_path: Path) -> None:
    # A venv whose interpreter is Python 3.9 (what an old default python3 leaves behind).
    _fake_python(tmp_path, "#!/bin/sh\necho 3.9\nexit 1\n")
    done = _ensure_venv(tmp_path)
    assert done.returncode == 0, done.stderr
    assert ".venv cannot be used: it is Python 3.9 (Table Judge needs 3.11+); rebuilding it" in done.stderr
    assert tuple(int(n) for n in done.stdout.split()) >= (3, 11)
    # Now usable: kept as it is, silently.
    again = _ensure_venv(tmp_path)
    assert again.returncode == 0 and "rebuilding" not in again.stderr
    # A PYTHON that is not 3.11+ is refused before anything is removed.
    refused = _ensure_venv(tmp_path, python="/bin/false")
    assert refused.returncode == 1 and "PYTHON=/bin/false is not a Python 3.11+" in refused.stderr
    assert (tmp_path / ".venv" / "bin" / "python").exists()


def test_a_broken_venv_is_noticed(tmp_path: Path) -> None:
    """Its interpreter removed since (a dangling link): the fault is named; rebuilding is as above."""
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin" / "python").symlink_to(tmp_path / "gone")
    script = f". {ROOT / 'scripts' / 'venv.sh'} && _venv_fault"
    done = subprocess.run(["bash", "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=30)
    assert done.stdout.strip() == "its python is missing or broken"
