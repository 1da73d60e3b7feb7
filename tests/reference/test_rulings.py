"""The rulings documents parse in both of their shapes, and the served sections carry the text."""

from __future__ import annotations

from rules_core.kernel import STANDARD_52
from rules_core.reference import deck_order, parse_rulings

HEADINGS = """# Game: rulings

Intro text.

## R-X-01 First point
The first
ruling.

More of it.

## R-X-02 Second
Two.
## Not adjudicated
- etiquette
"""

BOLD = """# Rulings

**R-Y-01 Dealer and order.** One paragraph
on two lines.

**R-Y-02 Other.** Second.

Loose text after it.
"""


def test_heading_rulings_run_to_the_next_heading() -> None:
    found = parse_rulings(HEADINGS)
    assert list(found) == ["R-X-01", "R-X-02"]
    assert found["R-X-01"].title == "First point"
    assert found["R-X-01"].text == "The first ruling. More of it."
    assert found["R-X-02"].text == "Two."


def test_bold_rulings_are_one_paragraph() -> None:
    found = parse_rulings(BOLD)
    assert found["R-Y-01"].title == "Dealer and order"
    assert found["R-Y-01"].text == "One paragraph on two lines."
    assert found["R-Y-02"].text == "Second."


def test_served_section_carries_its_ruling_text(client) -> None:  # type: ignore[no-untyped-def]
    section = client.get("/v1/games/99/rules/99.players").get_json()
    assert section["ruling"]["id"] == "R-99-01"
    assert "2 to 8 players" in section["ruling"]["text"]


def test_deck_order_deals_round_robin_then_turns_then_draws() -> None:
    order = deck_order(STANDARD_52, [["AS", "2S"], ["3S", "4S"]], turned=["5S"], draw=["6S"])
    assert order[:6] == ["AS", "3S", "2S", "4S", "5S", "6S"]
    assert sorted(order) == sorted(set(order)) and len(order) == 52
