"""docs/rulings.md is generated from docs/rulings/*.md and must list every ruling."""

from __future__ import annotations

from tools import rulings_index


def test_the_rulings_index_is_current() -> None:
    assert rulings_index.main(["--check"]) == 0, "run: python -m tools.rulings_index"


def test_every_ruling_file_is_indexed_with_titled_rulings() -> None:
    for name, _ in rulings_index.SECTIONS:
        found = rulings_index.rulings_in((rulings_index.RULINGS / name).read_text(encoding="utf-8"))
        assert found, name
        assert all(title.strip() for _, title in found), name
        ids = [ruling_id for ruling_id, _ in found]
        assert len(ids) == len(set(ids)), f"a ruling id twice in {name}"
