"""State validation helpers report every problem at once, each with a pointer."""

from __future__ import annotations

import pytest

from rules_core.kernel import STANDARD_52, JsonReader, StateInvalid, check_conservation, parse_card


def test_conservation_reports_duplicates_and_missing_together() -> None:
    reader = JsonReader()
    cards = list(STANDARD_52.cards)
    qs = parse_card("QS")
    cards.remove(parse_card("2C"))
    zones = [("/hands/0", [qs]), ("/draw_pile", [c for c in cards])]
    check_conservation(reader, STANDARD_52, zones)
    codes = {p.code for p in reader.problems}
    assert codes == {"duplicate_card", "missing_cards"}
    dup = next(p for p in reader.problems if p.code == "duplicate_card")
    assert "QS" in dup.message and "/hands/0" in dup.message
    missing = next(p for p in reader.problems if p.code == "missing_cards")
    assert "2C" in missing.message


def test_reader_collects_every_field_problem() -> None:
    reader = JsonReader()
    data = reader.obj(
        {"turn": 9, "seats": "four", "extra": 1, "hand": ["QS", "ZZ"]}, "", allowed={"turn", "seats", "hand"}
    )
    reader.int(data, "turn", "", lo=0, hi=3)
    reader.int(data, "seats", "", lo=2, hi=8)
    reader.cards(data, "hand", "", STANDARD_52)
    reader.int(data, "missing", "", lo=0, hi=1)
    pointers = sorted(p.pointer for p in reader.problems)
    assert pointers == ["/extra", "/hand/1", "/missing", "/seats", "/turn"]
    with pytest.raises(StateInvalid) as info:
        reader.raise_if_any()
    assert len(info.value.problems) == 5


def test_booleans_are_not_integers() -> None:
    reader = JsonReader()
    reader.int({"n": True}, "n", "", lo=0, hi=5)
    assert [p.code for p in reader.problems] == ["wrong_type"]
