"""The dabong! ``Game``: the facts, the codec and the adjudication behind one object."""

from __future__ import annotations

from typing import Any, ClassVar

from ...kernel import (
    DABONG_55,
    Action,
    Card,
    Game,
    InvalidInput,
    JsonReader,
    LegalPage,
    Outcome,
    Problem,
    StateInvalid,
    WireSchemas,
    check_conservation,
)
from . import engine, listing, situation
from .dealing import deal_cards, seeded_deck
from .matcher_api import Matcher
from .options import DEFAULT_PRESET, PRESETS, DabongOptions
from .patterns.common import SUIT_NAMES
from .reasons import CATALOG
from .rules import RULES
from .state import GAME_OVER, OPENING, PLAYING, DabongState, Scores
from .take_back_log import unwind_problems
from .wire import MAX_SEATS, MIN_SEATS, read_state, view_state, wire_schemas, write_state


def _default_matcher() -> Matcher:
    from .matcher import MATCHER

    return MATCHER


class DabongGame(Game[DabongState]):
    """dabong!: shed your hand by following suit or number, by sums, or by a natural dabong!.

    Dealing: the first game's dealer is the last seat, so seat 0 (left of the dealer)
    plays first; cards are dealt one at a time from the seat left of the dealer; the
    rest is the draw pile (index 0 on top) whose top card is turned up to open.
    """

    name: ClassVar[str] = "dabong"
    title: ClassVar[str] = "dabong!"
    summary: ClassVar[str] = (
        "55-card elemental shedding game: follow suit or number, additions and subtractions, "
        "specials, out-of-turn natural dabong! wins."
    )
    min_seats: ClassVar[int] = MIN_SEATS
    max_seats: ClassVar[int] = MAX_SEATS
    deck = DABONG_55
    suit_words = SUIT_NAMES
    readings_rule: ClassVar[str | None] = "dabong.readings"
    options_type: ClassVar[type] = DabongOptions
    presets = PRESETS
    default_preset: ClassVar[str] = DEFAULT_PRESET
    rules = RULES
    reasons = CATALOG
    action_types = engine.ACTION_TYPES
    action_params = engine.ACTION_PARAMS
    #: A state covers a whole match (tennis sets, a points race to 300), and a random
    #: player takes back and replays; real matches are far shorter.
    max_actions: ClassVar[int] = 20_000
    situations: ClassVar[Any] = situation.SPEC

    def __init__(self, matcher: Matcher | None = None) -> None:
        self._matcher = matcher

    @property
    def matcher(self) -> Matcher:
        if self._matcher is None:
            self._matcher = _default_matcher()
        return self._matcher

    # -- state ----------------------------------------------------------------------
    def deal(self, *, seats: int, options: Any, seed: int, deck_order: tuple[Any, ...] | None) -> DabongState:
        if not MIN_SEATS <= seats <= MAX_SEATS:
            reader = JsonReader()
            reader.add("/seats", "out_of_range", f"dabong! seats {MIN_SEATS} to {MAX_SEATS}, not {seats}")
            raise InvalidInput(reader.problems, "invalid deal")
        options = options if options is not None else PRESETS[DEFAULT_PRESET]
        deck = seeded_deck(seed, 0) if deck_order is None else self._checked_deck(deck_order)
        state, _ = deal_cards(
            seats=seats, options=options, seed=seed, dealer=seats - 1, deck=deck, scores=Scores.zero(seats)
        )
        return state

    def _checked_deck(self, deck_order: tuple[Any, ...]) -> tuple[Card, ...]:
        """A client deck order must be the whole deck, each card once (never repaired)."""
        reader = JsonReader()
        cards: list[Card] = []
        for i, item in enumerate(deck_order):
            card = (
                item
                if isinstance(item, Card) and item in self.deck
                else reader.card(item, f"/deck_order/{i}", self.deck)
            )
            if card is not None:
                cards.append(card)
        check_conservation(reader, self.deck, [(f"/deck_order/{i}", [c]) for i, c in enumerate(cards)])
        if reader.problems:
            raise InvalidInput(reader.problems, "invalid deck order")
        return tuple(cards)

    def state_from_json(self, data: Any) -> DabongState:
        return read_state(data)

    def _reread(self, state: DabongState) -> list[Problem]:
        """The problems of ``state`` read back from its JSON (none for a possible state)."""
        try:
            read_state(write_state(state))
        except StateInvalid as exc:
            return list(exc.problems)
        return []

    def _replay(self, before: DabongState, action: Action) -> DabongState | None:
        outcome = engine.resolve(before, action, self.matcher)
        return outcome.state if outcome.verdict.legal else None

    def state_to_json(self, state: DabongState) -> dict[str, Any]:
        return write_state(state)

    # -- adjudication ---------------------------------------------------------------
    def resolve(self, state: DabongState, action: Action) -> Outcome[DabongState]:
        """Adjudicate; a take-back first proves, with the rules, the log entry it undoes.

        Reading a state checks its log against the piles and hands only (no rules run, so a
        long log costs little); the entry a take-back pops is the one whose play is replayed
        on the state it restores, which must be possible and lead back to ``state``. An
        entry that does not is a state problem (``StateInvalid``, pointed at the entry).
        """
        outcome = engine.resolve(state, action, self.matcher)
        if action.type == "take_back" and outcome.verdict.legal and outcome.state is not None:
            problems = unwind_problems(state, outcome.state, self._reread, self._replay)
            if problems:
                raise StateInvalid(problems)
        return outcome

    def legal_actions(
        self, state: DabongState, seat: int | None = None, *, offset: int = 0, limit: int | None = None
    ) -> LegalPage:
        return listing.legal_page(state, self.matcher, seat, offset, limit)

    def seat_listing(
        self, state: DabongState, seat: int, *, offset: int = 0, limit: int | None = None
    ) -> LegalPage:
        # A trade names the partner's cards, which the seat cannot see: agreed between the two
        # seats (R-DABONG-TRADE-SEALED in docs/security.md), it is not listed for one of them.
        return self.filtered_listing(state, seat, offset=offset, limit=limit, for_seat=True)

    def to_act_seen_by(self, state: DabongState, viewer: int) -> tuple[int, ...]:
        # Whether another seat may claim a natural dabong! or answer heaven/hell depends on its
        # hidden hand: a seat is told only of the seat on turn and of itself.
        return tuple(s for s in self.to_act(state) if s in (viewer, state.turn))

    def filtered_listing(
        self,
        state: DabongState,
        seat: int | None,
        *,
        offset: int = 0,
        limit: int | None = None,
        types: frozenset[str] | None = None,
        patterns: frozenset[str] | None = None,
        for_seat: bool = False,
    ) -> LegalPage:
        # Generated, not filtered: an opening listing is 130k trades around two openings.
        return listing.legal_page(
            state, self.matcher, seat, offset, limit, trades=not for_seat, types=types, patterns=patterns
        )

    def consenting_seats(self, state: DabongState, action: Action) -> tuple[int, ...]:
        partner = action.param("partner") if action.type == "trade" else None
        if isinstance(partner, int) and not isinstance(partner, bool) and partner != action.seat:
            return (action.seat, partner)
        return (action.seat,)

    def to_act(self, state: DabongState) -> tuple[int, ...]:
        # The seat on turn always has its turn action (draw, pick up, settle the opening), so
        # only the other seats need a look at their listing (which never calls the matcher).
        if engine.at_counter_limit(state) is not None:  # every action is refused
            return ()

        def acts(seat: int) -> bool:
            if seat == state.turn and state.status in (OPENING, PLAYING):
                return True
            return self.legal_actions(state, seat, limit=1).total_entries > 0

        return tuple(s for s in range(state.seats) if acts(s))

    def is_over(self, state: DabongState) -> bool:
        return state.status not in (OPENING, PLAYING, GAME_OVER)

    def wire_schemas(self) -> WireSchemas:
        return wire_schemas(dict(self.action_types))

    def view(self, state: DabongState, seat: int) -> dict[str, Any]:
        return view_state(state, seat)


GAME = DabongGame()
