"""Project hygiene: one version everywhere, a licence, a changelog entry, lock files that cover
pyproject.toml (scripts/lock.sh regenerates them)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from service.version import __version__

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)(?:\s*;\s*([^\\]+?))?\s*\\?$")


def _lock(name: str) -> dict[str, str]:
    """{canonical name: version} of every pin, each checked to carry at least one hash."""
    pins: dict[str, str] = {}
    lines = (ROOT / name).read_text().splitlines()
    for i, line in enumerate(lines):
        m = PIN.match(line)
        if m:
            assert i + 1 < len(lines) and "--hash=sha256:" in lines[i + 1], f"{name}: {line} has no hash"
            pins[canonicalize_name(m.group(1))] = m.group(2)
    return pins


def _covered(requirements: list[str], pins: dict[str, str], lock: str) -> None:
    for text in requirements:
        req = Requirement(text)
        if req.marker is not None and not req.marker.evaluate():
            continue
        name = canonicalize_name(req.name)
        assert name in pins, f"{lock} lacks {req.name}: run scripts/lock.sh"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"{lock} pins {req.name}=={pins[name]}, outside {req.specifier}: run scripts/lock.sh"
        )


def test_one_version_in_pyproject_package_and_openapi_document() -> None:
    assert __version__ == PYPROJECT["project"]["version"], "service/version.py does not read pyproject.toml"
    document = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    assert document["info"]["version"] == __version__


def test_licence_and_changelog() -> None:
    assert PYPROJECT["project"]["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert re.search(rf"^## \[{re.escape(__version__)}\]", changelog, re.M), (
        f"CHANGELOG.md has no entry for {__version__}"
    )


def test_locks_cover_pyproject() -> None:
    build = PYPROJECT["build-system"]["requires"]
    runtime = PYPROJECT["project"]["dependencies"]
    test = PYPROJECT["project"]["optional-dependencies"]["test"]
    service_pins = _lock("requirements.lock")
    test_pins = _lock("requirements-test.lock")
    _covered(runtime + build, service_pins, "requirements.lock")
    _covered(runtime + test + build, test_pins, "requirements-test.lock")
    # The service's lock is held to the test lock: what is served is what was tested.
    for name, version in service_pins.items():
        assert test_pins.get(name) == version, f"{name}: {version} served, {test_pins.get(name)} tested"
