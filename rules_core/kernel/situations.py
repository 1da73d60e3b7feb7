"""Situations: a position as a person states it, completed into a state the game accepts.

A situation holds the facts a player would state ("the Count is 95, I hold 7, 8, J and Q, it
is my turn"); everything else is optional. A game declares its facts as a ``Record`` (the
reader and the JSON Schema derive from it, as for a state) and completes them: it fills in
what was not said (the other hands, the draw pile, the history that explains the table) and
says exactly what it assumed and why those choices cannot change the answer, or what they
could change and how to say otherwise. Every situation also takes ``preset`` and ``options``,
read as at ``deal``.

A situation no game can reach is ``Unreachable``: the reason in a player's words, the rule
that makes it so and, where the rules settle what happens instead (the seat is out), that
outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .cards import Card, Deck
from .field_kinds import Cards, Int, Kind, ReadContext
from .fields import Field, Record
from .problems import JsonReader

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Assumption:
    """One thing the completion chose because the situation did not say it."""

    #: The part of the completed state it fills (a JSON pointer into the state).
    about: str
    #: What was assumed, in a player's words.
    text: str
    #: Why it cannot change the answer, or what it could change and how to say otherwise.
    why: str

    def to_json(self) -> dict[str, str]:
        return {"about": self.about, "text": self.text, "why": self.why}


@dataclass(frozen=True, slots=True)
class Completion(Generic[S]):
    """A situation made a state, with every assumption behind it."""

    state: S
    assumptions: tuple[Assumption, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the rules make of a moment that cannot be a state (the seat is already out)."""

    text: str
    rule_id: str
    #: Seats the rules put out of the hand.
    eliminated: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "rule_id": self.rule_id, "eliminated": list(self.eliminated)}


class Unreachable(Exception):
    """A situation no game can reach: why (a player's words), the deciding rule, the member of the
    situation at fault, and the outcome the rules give instead when they give one."""

    def __init__(self, reason: str, rule_id: str, pointer: str = "", outcome: Outcome | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule_id = rule_id
        self.pointer = pointer
        self.outcome = outcome


@dataclass(frozen=True, slots=True)
class SituationSpec:
    """A game's situations: the facts it reads and how it completes them into a state.

    ``complete(facts, options)`` returns a ``Completion`` or raises ``Unreachable`` (or
    ``InvalidInput`` for facts that contradict each other, as a card named twice).
    """

    record: Record
    complete: Callable[[Any, Any], Completion[Any]]
    #: Records ``record`` nests (each a ``<prefix><name>`` component of the document).
    nested: tuple[Record, ...] = ()
    #: Examples for the OpenAPI document: (summary, situation JSON).
    examples: tuple[tuple[str, dict[str, Any]], ...] = ()

    def read(self, data: Any, max_seats: int) -> tuple[Any, JsonReader]:
        """The facts of ``data`` (``preset`` and ``options`` left to the caller), and the reader
        holding every problem found (pointers relative to the situation)."""
        reader = JsonReader()
        facts = {k: v for k, v in data.items() if k not in SHARED_MEMBERS} if isinstance(data, dict) else data
        found = self.record.read_object(reader, facts, "", ReadContext(seats=None, max_seats=max_seats))
        return found, reader

    def schema(self, prefix: str, presets: list[str]) -> dict[str, dict[str, Any]]:
        """The ``<prefix>Situation`` component (its facts, ``preset`` and ``options``) and the
        components of the records it nests."""
        main = self.record.schema(prefix)
        main["properties"] = {
            "preset": {
                "type": "string",
                "enum": presets,
                "description": "The preset whose options apply (the game's default preset when absent).",
            },
            "options": {
                "allOf": [{"$ref": f"#/components/schemas/{prefix}Options"}],
                "description": "Option overrides on top of the preset.",
            },
            **main["properties"],
        }
        main["additionalProperties"] = False
        if self.examples:
            main["examples"] = [example for _summary, example in self.examples]
        out = {f"{prefix}{self.record.name}": main}
        out.update({f"{prefix}{r.name}": r.schema(prefix) for r in self.nested})
        return out


#: Members every game's situation takes, read like ``deal``'s (not by the game's record).
SHARED_MEMBERS = ("preset", "options")


@dataclass(frozen=True, slots=True, kw_only=True)
class KnownHand:
    """Cards one seat holds: the whole hand, unless ``more`` unknown cards are held too."""

    seat: int
    cards: tuple[Card, ...]
    more: int


def known_hand_record(deck: Deck, seat: Kind) -> Record:
    """The ``KnownHand`` fact of a game whose situations name partly known hands (a claim is
    about the whole hand, so a hand named is whole unless ``more`` says otherwise)."""
    return Record(
        name="KnownHand",
        doc="The cards one seat holds now: the whole hand, unless `more` unknown cards are held too.",
        build=KnownHand,
        fields=(
            Field("seat", seat, "The seat."),
            Field("cards", Cards(deck), "Cards it holds, in hand order."),
            Field(
                "more",
                Int(0, len(deck.cards) - 1),
                "Unknown cards it also holds (0: `cards` is the whole hand; `cards: []` with `more` "
                "says only how many cards the seat holds).",
                default=0,
            ),
        ),
    )
