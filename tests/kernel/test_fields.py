"""The field vocabulary: one declaration gives the reader, the writer and the JSON Schema."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from rules_core.kernel import STANDARD_52, Card, JsonReader, StateInvalid
from rules_core.kernel.field_kinds import (
    Bool,
    CardKind,
    Cards,
    Const,
    Int,
    ListOf,
    Nested,
    Seat,
    SeatCount,
    StrEnumKind,
    card_schema,
)
from rules_core.kernel.field_shapes import Boxed, CardMap
from rules_core.kernel.fields import Field, Record

DECK = STANDARD_52


class Phase(StrEnum):
    OPEN = "open"
    CLOSED = "closed"


@dataclass(frozen=True, slots=True, kw_only=True)
class Bet:
    seat: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Table:
    seats: int
    hands: tuple[tuple[Card, ...], ...]
    top: Card | None
    turn: int | None
    phase: Phase
    quiet: bool
    bets: tuple[Bet, ...]
    marks: tuple[tuple[Card, Card], ...]
    then: int | None
    bonus: int


BET = Record(
    name="Bet",
    doc="A bet.",
    build=Bet,
    drop_when_invalid=True,
    fields=(Field("seat", Seat(max_seats=4), "Who bet."), Field("amount", Int(1, 100), "How much.")),
)


def _even_bonus(r: JsonReader, table: Table, obj: Any) -> None:
    if not r.problems and table.bonus % 2:
        r.add("/bonus", "odd_bonus", "the bonus is even")


SEATS = SeatCount(lo=2, hi=4)
TABLE = Record(
    name="Table",
    doc="A toy table.",
    build=Table,
    checks=(_even_bonus,),
    fields=(
        Field("game", Const("toy"), "Always `toy`.", attr=None),
        Field("seats", SEATS, "Seats, 2 to 4."),
        Field(
            "hands", ListOf(Cards(DECK, max_len=0, size=2), max_len=4, per_seat_code="wrong_length"), "Hands."
        ),
        Field("top", CardKind(DECK), "The top card.", nullable=True),
        Field("turn", Seat(max_seats=4), "Whose turn.", nullable=True, default=None),
        Field("phase", StrEnumKind(Phase), "The phase."),
        Field("quiet", Bool(), "Quiet table.", default=False),
        Field("bets", ListOf(Nested(BET), max_len=4), "Bets so far."),
        Field("marks", CardMap(DECK, CardKind(DECK)), "Card marks."),
        Field(
            "then",
            Boxed("then", Seat(max_seats=4), "Who plays then."),
            "A pending extra play.",
            nullable=True,
        ),
        Field("bonus", Int(0, 10), "A bonus."),
        Field("bet_count", Int(0, 4), "How many bets (derived).", derive=lambda t: len(t.bets)),
    ),
)

GOOD: dict[str, Any] = {
    "game": "toy",
    "seats": 3,
    "hands": [["AS", "2S"], ["3H", "4H"], ["5D", "6D"]],
    "top": "KC",
    "turn": 2,
    "phase": "open",
    "quiet": True,
    "bets": [{"seat": 0, "amount": 5}],
    "marks": {"QS": "QH"},
    "then": {"then": 1},
    "bonus": 4,
    "bet_count": 1,
}


def read(data: Any) -> Table:
    r = JsonReader()
    table = TABLE.read_object(r, data, "", SEATS.context())
    r.raise_if_any()
    return table  # type: ignore[no-any-return]


def problems(data: Any) -> set[tuple[str, str]]:
    with pytest.raises(StateInvalid) as caught:
        read(data)
    return {(p.pointer, p.code) for p in caught.value.problems}


def validator() -> Draft202012Validator:
    components = {
        "ToyTable": TABLE.schema("Toy"),
        "ToyBet": BET.schema("Toy"),
        "ToyCard": card_schema(DECK, "A card."),
    }
    return Draft202012Validator(
        {"components": {"schemas": components}, "$ref": "#/components/schemas/ToyTable"}
    )


def test_reading_then_writing_gives_the_same_json_in_the_declared_order() -> None:
    table = read(GOOD)
    assert table.hands[0] == (DECK.by_text["AS"], DECK.by_text["2S"])
    assert table.then == 1 and table.marks == ((DECK.by_text["QS"], DECK.by_text["QH"]),)
    assert json.dumps(TABLE.write(table)) == json.dumps(GOOD)


def test_optional_fields_take_their_defaults_and_nullable_ones_take_null() -> None:
    data = {k: v for k, v in GOOD.items() if k not in ("turn", "quiet")} | {"top": None, "then": None}
    table = read(data)
    assert (table.turn, table.quiet, table.top, table.then) == (None, False, None, None)


def test_every_problem_is_reported_at_its_pointer_in_one_pass() -> None:
    data = json.loads(json.dumps(GOOD))
    data |= {"game": "chess", "phase": "half", "quiet": 1, "turn": 3, "bonus": 11, "extra": 0}
    data["hands"][1][0] = "1X"
    data["hands"][2].append("7D")
    data["bets"].append({"seat": 9, "amount": 0})
    data["marks"] = {"ZZ": "QH", "QS": 5}
    data["then"] = {"then": 1, "also": 2}
    del data["top"]
    assert problems(data) == {
        ("/game", "not_allowed"),
        ("/phase", "not_allowed"),
        ("/quiet", "wrong_type"),
        ("/turn", "out_of_range"),  # seat 3 at a table of three: bounded by the seats read first
        ("/bonus", "out_of_range"),
        ("/extra", "unknown_field"),
        ("/hands/1/0", "unknown_card"),
        ("/hands/2", "wrong_size"),
        ("/bets/1/seat", "out_of_range"),
        ("/bets/1/amount", "out_of_range"),
        ("/marks/ZZ", "unknown_card"),
        ("/marks/QS", "unknown_card"),
        ("/then/also", "unknown_field"),
        ("/top", "missing"),
    }


def test_per_seat_lists_follow_the_seat_count_and_the_game_checks_run_last() -> None:
    assert problems({**GOOD, "seats": 2}) == {("/hands", "wrong_length"), ("/turn", "out_of_range")}
    assert problems({**GOOD, "bonus": 3}) == {("/bonus", "odd_bonus")}
    assert ("/", "wrong_type") in problems([1])


def test_the_schema_says_what_is_required_typed_and_described() -> None:
    schema = TABLE.schema("Toy")
    assert schema["additionalProperties"] is False
    assert "turn" not in schema["required"] and "quiet" not in schema["required"]
    assert {"top", "then", "hands", "bet_count"} <= set(schema["required"])
    assert schema["properties"]["quiet"]["default"] is False
    assert schema["properties"]["turn"]["type"] == ["integer", "null"]
    assert all(prop["description"] for prop in schema["properties"].values())
    check = validator()
    assert check.is_valid(GOOD)
    for bad in ({"phase": "half"}, {"hands": [["AS", "1X"]]}, {"extra": 1}, {"then": {"then": "x"}}):
        assert not check.is_valid({**GOOD, **bad}), bad


def test_a_view_schema_hides_what_the_declaration_says() -> None:
    record = Record(
        name="T",
        doc="t",
        build=Table,
        fields=(
            Field("hands", ListOf(Cards(DECK), max_len=4), "Hands.", view="owner"),
            Field("pile", Cards(DECK), "Pile.", view="count"),
            Field("seed", Int(0, 9), "Seed.", view="omitted"),
        ),
    )
    view = record.view_schema("Toy", "A view.", viewer_doc="Who looks.")
    assert set(view["properties"]) == {"viewer", "hands", "pile"}
    assert view["properties"]["pile"]["properties"] == {
        "count": {"type": "integer", "minimum": 0, "description": "How many cards."}
    }
    assert len(view["properties"]["hands"]["items"]["anyOf"]) == 2
