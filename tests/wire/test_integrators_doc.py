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
    assert "`DobonPlay` | `cards` (optional), `suit` (optional)" in text


def test_the_published_option_defaults_are_the_default_presets() -> None:
    from rules_core.games import REGISTRY
    from rules_core.kernel import options_to_json

    for game in REGISTRY:
        schema = game.wire_schemas().components[game.wire_schemas().roles["options"]]
        defaults = {name: prop["default"] for name, prop in schema["properties"].items()}
        assert defaults == options_to_json(game.presets[game.default_preset]), game.name
        assert game.default_preset in schema["description"]
