"""The Dobon game object: facts, presets, and the kernel interface."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, ClassVar

from ...kernel import (
    STANDARD_52,
    STANDARD_SUIT_WORDS,
    Action,
    Deck,
    Game,
    InvalidInput,
    JsonReader,
    LegalPage,
    Outcome,
    Verdict,
    WireSchemas,
    page_of,
    page_of_singles,
)
from . import situation
from .dealing import first_state, round_deck
from .engine import resolve
from .legal import legal_entries
from .options import DEFAULT_PRESET, PRESETS, DobonOptions
from .reasons import CATALOG
from .rules import RULES
from .state import ROUND_ACTION_LIMIT, DobonState, Status
from .view import view
from .wire import read_state, wire_schemas, write_state

MAX_ROUNDS = 5


class DobonGame(Game[DobonState]):
    name: ClassVar[str] = "dobon"
    title: ClassVar[str] = "Dobon"
    summary: ClassVar[str] = (
        "Japanese shedding game: match suit or rank, and win by claiming Dobon when your whole hand "
        "sums to the top discard; a checking step follows every discard and draw."
    )
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    deck: ClassVar[Deck] = STANDARD_52
    suit_words = STANDARD_SUIT_WORDS
    options_type: ClassVar[type] = DobonOptions
    presets = PRESETS
    default_preset: ClassVar[str] = DEFAULT_PRESET
    rules = RULES
    reasons = CATALOG
    action_types = MappingProxyType(
        {
            "play": "play one card (or, with queen bundles, several queens; the last is the top); "
            "a wild eight takes 'suit'",
            "draw": "draw from the stock instead of playing",
            "take": "take the cards a pending two obliges",
            "end_turn": "after drawing, keep the drawn card and end the turn",
            "claim": "claim Dobon with the whole hand ('cards'); with returns, 'top' is the card put on top",
            "continue": "pass on the current check",
            "next_round": "start the next round of the match",
        }
    )
    #: A round stops after 800 actions; a match has at most five rounds and four next_round actions.
    situations: ClassVar[Any] = situation.SPEC
    max_actions: ClassVar[int] = MAX_ROUNDS * ROUND_ACTION_LIMIT + MAX_ROUNDS - 1

    def deal(self, *, seats: int, options: Any, seed: int, deck_order: tuple[Any, ...] | None) -> DobonState:
        """Deal round 1; ``deck_order`` (top first) replaces the seeded shuffle.

        Dealt round-robin one card at a time from seat 0, then one card is turned up as the
        opening card, the rest is the stock (index 0 on top). Later rounds use the seeded shuffle.
        """
        reader = JsonReader()
        if not self.min_seats <= seats <= self.max_seats:
            reader.add(
                "/seats", "out_of_range", f"Dobon is played by {self.min_seats} to {self.max_seats} seats"
            )
        if deck_order is not None:
            deck = tuple(deck_order)
            if sorted(deck) != sorted(STANDARD_52.cards):
                reader.add(
                    "/deck_order", "not_a_permutation", "deck_order lists each of the 52 cards exactly once"
                )
        else:
            deck = round_deck(seed, 1)
        if reader.problems:
            raise InvalidInput(reader.problems, "invalid deal")
        state, _ = first_state(options=options, seats=seats, seed=seed, deck=deck)
        return state

    def state_from_json(self, data: Any) -> DobonState:
        return read_state(data)

    def state_to_json(self, state: DobonState) -> dict[str, Any]:
        return write_state(state)

    def wire_schemas(self) -> WireSchemas:
        return wire_schemas(dict(self.action_types))

    def resolve(self, state: DobonState, action: Action) -> Outcome[DobonState]:
        return resolve(state, action)

    def legal_actions(
        self, state: DobonState, seat: int | None = None, *, offset: int = 0, limit: int | None = None
    ) -> LegalPage:
        entries = legal_entries(state, seat)
        if entries and entries[0].orderings != 1:
            # Claims lead a check's list and only they stand for several orders (all the same number).
            return page_of(entries, offset, limit)
        return page_of_singles(entries, offset, limit)

    # ``Game.apply`` and ``Game.validate`` are ``resolve``; the engine is called directly.
    def apply(self, state: DobonState, action: Action) -> Outcome[DobonState]:
        return resolve(state, action)

    def validate(self, state: DobonState, action: Action) -> Verdict:
        return resolve(state, action).verdict

    def to_act(self, state: DobonState) -> tuple[int, ...]:
        if state.status is Status.OVER:
            return ()
        if state.status is Status.ROUND_OVER:
            return tuple(range(state.seats))
        return () if state.turn is None else (state.turn,)

    def is_over(self, state: DobonState) -> bool:
        return state.status is Status.OVER

    def view(self, state: DobonState, seat: int) -> dict[str, Any]:
        return view(state, seat)


GAME = DobonGame()
