"""The 99 game object: its facts, the deal, and the view of one seat."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...kernel import (
    STANDARD_52,
    STANDARD_SUIT_WORDS,
    Action,
    Card,
    Game,
    InvalidInput,
    JsonReader,
    LegalPage,
    Outcome,
    Verdict,
    WireSchemas,
    page_of_singles,
    shuffled,
)
from . import engine, legal, situation, state_rules, wire
from .options import DEFAULT_PRESET, PRESETS, NinetyNineOptions
from .reasons import REASONS
from .rules import RULES
from .state import NinetyNineState, Status


class NinetyNineGame(Game[NinetyNineState]):
    """99: count up with one card a turn, never past 99; last player standing wins the hit.

    Dealing: ``deck_order[0]`` goes to seat 0, then one card at a time round the
    table until every seat has four; the remaining cards are the draw pile in
    order (index 0 on top). Without ``deck_order`` the deck is shuffled with
    ``kernel.rng.shuffled(deck, seed=seed, stream="deal")``.
    """

    name: ClassVar[str] = state_rules.GAME_NAME
    wire_prefix: ClassVar[str] = "NinetyNine"
    title: ClassVar[str] = "99"
    summary: ClassVar[str] = (
        "Play one card a turn onto the Count and draw; a King sets 99; at 99 only passes, the 10, Kings and "
        "the Queen of Spades Death Card; whoever cannot stay at or under 99 is out; "
        "the clubs may steal the hit."
    )
    min_seats: ClassVar[int] = state_rules.MIN_SEATS
    max_seats: ClassVar[int] = state_rules.MAX_SEATS
    deck = STANDARD_52
    suit_words = STANDARD_SUIT_WORDS
    options_type: ClassVar[type] = NinetyNineOptions
    presets: ClassVar[Mapping[str, Any]] = PRESETS
    default_preset: ClassVar[str] = DEFAULT_PRESET
    rules = RULES
    reasons = REASONS
    action_types: ClassVar[Mapping[str, str]] = {
        "play": "Play one card from hand onto the play pile (the draw that follows is automatic); "
        "also the shield: the Ace of Diamonds against a Death Card.",
    }
    situations: ClassVar[Any] = situation.SPEC
    #: No real game comes near it; the rules set no limit on a hand's length (ruling R-99-10).
    max_actions: ClassVar[int] = 5000

    def deal(
        self, *, seats: int, options: Any, seed: int, deck_order: tuple[Any, ...] | None = None
    ) -> NinetyNineState:
        reader = JsonReader()
        if (
            isinstance(seats, bool)
            or not isinstance(seats, int)
            or not state_rules.MIN_SEATS <= seats <= state_rules.MAX_SEATS
        ):
            reader.add(
                "/seats",
                "out_of_range",
                f"99 is for {state_rules.MIN_SEATS} to {state_rules.MAX_SEATS} players",
            )
        elif options.first_seat >= seats:
            reader.add(
                "/options/first_seat",
                "no_such_seat",
                f"seat {options.first_seat} is not at a table of {seats}",
            )
        order = self._deck_order(reader, deck_order, seed)
        if reader.problems:
            raise InvalidInput(reader.problems, "invalid deal")
        dealt = seats * state_rules.HAND_SIZE
        hands = tuple(tuple(order[s:dealt:seats]) for s in range(seats))
        # NinetyNineState(options=, seats=, seed=, shuffles=0, hands=, draw_pile=, play_pile=(), count=0,
        # count_base=0, status=PLAYING, turn=first_seat), the other fields at their defaults.
        return engine.new_state(
            options, seats, seed, 0, hands, tuple(order[dealt:]), (), 0, 0, Status.PLAYING, options.first_seat
        )

    def _deck_order(
        self, reader: JsonReader, deck_order: tuple[Any, ...] | None, seed: int
    ) -> tuple[Card, ...]:
        """The deck to deal from: ``deck_order`` when given (a full permutation), else the seeded shuffle."""
        if deck_order is None:
            return shuffled(self.deck.cards, seed=seed, stream="deal")
        cards: list[Card] = []
        for i, item in enumerate(deck_order):
            pointer = f"/deck_order/{i}"
            card = (
                item
                if isinstance(item, Card) and item in self.deck
                else reader.card(item, pointer, self.deck)
            )
            if card is None:
                continue
            if card in cards:
                reader.add(pointer, "duplicate_card", f"{card} is in the deck order twice")
                continue
            cards.append(card)
        missing = [str(c) for c in self.deck.cards if c not in cards]
        if missing:
            reader.add(
                "/deck_order",
                "missing_cards",
                f"the deck order lacks {len(missing)} card(s): {', '.join(missing)}",
            )
        return tuple(cards)

    def state_from_json(self, data: Any) -> NinetyNineState:
        return wire.read_state(data)

    def state_to_json(self, state: NinetyNineState) -> dict[str, Any]:
        return wire.write_state(state)

    def wire_schemas(self) -> WireSchemas:
        return wire.wire_schemas(dict(self.action_types))

    def resolve(self, state: NinetyNineState, action: Action) -> Outcome[NinetyNineState]:
        return engine.resolve(state, action)

    # ``Game.apply`` and ``Game.validate`` are ``resolve``; the engine is called directly.
    def apply(self, state: NinetyNineState, action: Action) -> Outcome[NinetyNineState]:
        return engine.resolve(state, action)

    def validate(self, state: NinetyNineState, action: Action) -> Verdict:
        return engine.resolve(state, action).verdict

    def legal_actions(
        self, state: NinetyNineState, seat: int | None = None, *, offset: int = 0, limit: int | None = None
    ) -> LegalPage:
        entries = legal.legal_entries(state)
        if seat is not None and seat != state.turn:
            entries = [e for e in entries if e.action.seat == seat]
        return page_of_singles(entries, offset, limit)  # every entry is one action

    def to_act(self, state: NinetyNineState) -> tuple[int, ...]:
        return () if state.turn is None or state.status is Status.OVER else (state.turn,)

    def is_over(self, state: NinetyNineState) -> bool:
        return state.status is Status.OVER

    def view(self, state: NinetyNineState, seat: int) -> dict[str, Any]:
        """Own hand only; other hands and the draw pile as counts; no seed (it predicts every shuffle)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.seats:
            reader = JsonReader()
            reader.add("/seat", "no_such_seat", f"seat {seat} is not at this table of {state.seats}")
            raise InvalidInput(reader.problems, "invalid seat")
        return wire.STATE.view(state, seat)  # as the declarations say: see ``wire.STATE``


GAME = NinetyNineGame()
