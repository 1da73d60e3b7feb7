"""docs/integrators.md is generated from the games' declarations and kept current."""

from __future__ import annotations

from tools import integrators_doc


def test_the_integrators_page_is_current() -> None:
    assert integrators_doc.main(["--check"]) == 0, "run: python -m tools.integrators_doc"


def test_the_page_says_what_may_be_left_out_as_the_readers_do() -> None:
    text = integrators_doc.render()
    # Dobon's reader takes a missing `turn` as null; 99's requires it (null allowed).
    assert "| `turn` | integer 0..3 or null | optional (default `null`) |" in text
    assert "| `turn` | integer 0..7 or null | required (null allowed) |" in text
    assert "`DobonPlay` | `cards` (required), `suit` (optional)" in text
