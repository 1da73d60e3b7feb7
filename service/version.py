"""The service's version: the one written in pyproject.toml, and nowhere else.

The OpenAPI document (``info.version``) and ``GET /v1/health`` show this value, so a client, an
operator and CHANGELOG.md agree. Run from a source tree (every install path here: scripts/, the
Dockerfile, CI) it is read from pyproject.toml itself, not from installed metadata: an editable
install's metadata, and a ``*.egg-info`` left in the tree by an older setuptools, keep the number
of the day they were made and would shadow a bump. An installed wheel without the tree falls back
to its metadata.
"""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "table-judge"
PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def version() -> str:
    try:
        project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8")).get("project", {})
        if project.get("name") == DISTRIBUTION:
            return str(project["version"])
    except (OSError, tomllib.TOMLDecodeError, KeyError):
        pass  # not a source tree of this project: the installed metadata says
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "0+unknown"


__version__ = version()
