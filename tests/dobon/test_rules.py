"""The rule table and the reason catalog hang together."""

from __future__ import annotations

import ast
from pathlib import Path

from rules_core.games import REGISTRY
from rules_core.games.dobon import GAME

PACKAGE = Path(__file__).resolve().parents[2] / "rules_core" / "games" / "dobon"


def test_registered_under_dobon() -> None:
    assert REGISTRY.get("dobon") is GAME


def test_every_reason_cites_a_known_rule_and_codes_are_snake_case() -> None:
    for code in GAME.reasons:
        assert code.rule_id in GAME.rules, code.code
        assert code.code.replace("_", "").isalpha() and code.code.islower()


def test_every_rule_id_cited_in_the_code_exists() -> None:
    cited = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and node.value.startswith("dobon.")
            ):
                cited.add(node.value)
    missing = {c for c in cited if " " not in c and c not in GAME.rules}
    assert not missing


def test_interface_parts_are_listed_as_not_adjudicated_with_a_reason() -> None:
    listed = {r.id for r in GAME.rules if r.not_adjudicated}
    assert {"dobon.cpu", "dobon.saving", "dobon.controls", "dobon.local_mode"} <= listed
    rulings = {r.ruling for r in GAME.rules if r.ruling}
    text = (PACKAGE.parents[2] / "docs" / "rulings" / "dobon.md").read_text()
    for ruling in rulings:
        assert f"## {ruling}" in text, ruling


def test_the_core_imports_no_web_stack() -> None:
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert not any(
                    n.split(".")[0] in {"flask", "marshmallow", "apispec", "flask_smorest"} for n in names
                )
