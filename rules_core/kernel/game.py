"""The interface every game implements, and the shapes it answers in.

A game declares its facts once (name, seat range, deck, options and presets,
rules, reasons, a bound on length) and keeps its state type to itself: the
service only moves JSON in and out through these methods.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from .actions import Action
from .build import slots_builder
from .cards import RANK_WORDS, Card, Deck, Suit, format_card
from .options import OptionSpec, describe
from .problems import InvalidInput, JsonReader
from .rules import RuleTable
from .verdicts import ReasonCatalog, Verdict
from .wire import WireSchemas, open_wire_schemas, schema_prefix

S = TypeVar("S")


@dataclass(frozen=True, slots=True, kw_only=True)
class LegalEntry:
    """One legal action, or a group of plays that differ only in a free middle order."""

    action: Action
    #: How many distinct ordered actions this entry stands for (1 for a single action).
    orderings: int = 1
    #: Says what is free when ``orderings`` > 1 ("cards 2..4 in any order").
    note: str | None = None
    #: The pattern(s) or rule(s) that make it legal, for the client's benefit.
    patterns: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class LegalPage:
    entries: tuple[LegalEntry, ...]
    #: Entries in the whole answer (all pages).
    total_entries: int
    #: Ordered actions the whole answer stands for (sum of ``orderings``).
    total_actions: int
    offset: int = 0
    next_offset: int | None = None


def page_of(entries: list[LegalEntry] | tuple[LegalEntry, ...], offset: int, limit: int | None) -> LegalPage:
    """Page a fully built list (fine for games whose lists are small)."""
    total = len(entries)
    end = total if limit is None else min(total, offset + limit)
    chunk = tuple(entries[offset:end])
    actions = sum([e.orderings for e in entries])
    return new_page(chunk, total, actions, offset, end if end < total else None)


def page_of_singles(
    entries: list[LegalEntry] | tuple[LegalEntry, ...], offset: int, limit: int | None
) -> LegalPage:
    """``page_of`` for a list whose entries each stand for one action (``orderings`` 1)."""
    total = len(entries)
    if offset == 0 and (limit is None or limit >= total):
        return new_page(tuple(entries), total, total, 0, None)
    end = total if limit is None else min(total, offset + limit)
    return new_page(tuple(entries[offset:end]), total, total, offset, end if end < total else None)


def entry_kept(entry: LegalEntry, types: frozenset[str] | None, patterns: frozenset[str] | None) -> bool:
    """Whether a listing filter keeps ``entry``: its action's type, and one of its patterns."""
    if types is not None and entry.action.type not in types:
        return False
    return patterns is None or not patterns.isdisjoint(entry.patterns)


#: ``LegalEntry(action=, orderings=, note=, patterns=)`` and
#: ``LegalPage(entries=, total_entries=, total_actions=, offset=, next_offset=)``, positionally.
new_entry: Callable[[Action, int, str | None, tuple[str, ...]], LegalEntry] = slots_builder(
    LegalEntry, "action", "orderings", "note", "patterns"
)
new_page: Callable[[tuple[LegalEntry, ...], int, int, int, int | None], LegalPage] = slots_builder(
    LegalPage, "entries", "total_entries", "total_actions", "offset", "next_offset"
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome(Generic[S]):
    verdict: Verdict
    state: S | None


#: ``Outcome(verdict=, state=)``, positionally.
new_outcome: Callable[[Verdict, Any], Outcome[Any]] = slots_builder(Outcome, "verdict", "state")


class Game(ABC, Generic[S]):
    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    deck: ClassVar[Deck]
    options_type: ClassVar[type]
    #: Named presets of the options object; ``default_preset`` is used when none is given.
    presets: ClassVar[Mapping[str, Any]]
    default_preset: ClassVar[str]
    rules: ClassVar[RuleTable]
    reasons: ClassVar[ReasonCatalog]
    #: Action ``type`` values this game knows, with a one-line description each.
    action_types: ClassVar[Mapping[str, str]]
    #: Extra action fields (beyond type/seat/cards/suit/declare/value/top) this game reads.
    action_params: ClassVar[Mapping[str, str]] = {}
    #: Upper bound on actions in one game (termination invariant, replay budget).
    max_actions: ClassVar[int]
    #: Prefix of the game's schema names in the OpenAPI document (``DabongState``); made from
    #: ``name`` unless set (a name like "99" is not an identifier a generated client can use).
    wire_prefix: ClassVar[str] = ""
    #: The game's CPU player (a ``rules_core.bots.SeatBot``), attached by the game's
    #: package ``__init__`` (the bot imports the game, so the game cannot import it).
    bot: Any = None
    #: How a position stated as a person states it becomes a state (``kernel.situations``);
    #: None while the game takes none.
    situations: ClassVar[Any] = None
    #: The words of this game's suits (``Fire``, ``Spades``), for text a player reads.
    suit_words: ClassVar[Mapping[Suit, str]] = {}
    #: The rule that says what a play read several ways does (cited when a verdict has more
    #: than one reading); None for a game whose plays have one reading each.
    readings_rule: ClassVar[str | None] = None

    # -- facts ----------------------------------------------------------------------
    def option_specs(self) -> tuple[OptionSpec, ...]:
        return describe(self.options_type)

    def wire_schemas(self) -> WireSchemas:
        """JSON Schemas of this game's state, view, action, effects and options (see ``wire``)."""
        return open_wire_schemas(self.wire_prefix or schema_prefix(self.name))

    # -- state ------------------------------------------------------------------------
    @abstractmethod
    def deal(self, *, seats: int, options: Any, seed: int, deck_order: tuple[Any, ...] | None) -> S:
        """The first state. ``deck_order`` (top of deck first) replaces the seeded shuffle."""

    @abstractmethod
    def state_from_json(self, data: Any) -> S:
        """Decode and validate a state, raising ``StateInvalid`` with every problem."""

    @abstractmethod
    def state_to_json(self, state: S) -> dict[str, Any]:
        """Encode a state; the result is accepted unchanged by ``state_from_json``."""

    # -- adjudication -------------------------------------------------------------------
    @abstractmethod
    def resolve(self, state: S, action: Action) -> Outcome[S]:
        """Adjudicate ``action``: the verdict and, when legal, the next state."""

    def validate(self, state: S, action: Action) -> Verdict:
        return self.resolve(state, action).verdict

    def apply(self, state: S, action: Action) -> Outcome[S]:
        return self.resolve(state, action)

    @abstractmethod
    def legal_actions(
        self, state: S, seat: int | None = None, *, offset: int = 0, limit: int | None = None
    ) -> LegalPage:
        """Every legal action now (for ``seat`` only when given), complete and in a stable order."""

    def seat_listing(self, state: S, seat: int, *, offset: int = 0, limit: int | None = None) -> LegalPage:
        """``seat``'s legal actions as that seat may be shown them (a seat of a sealed table
        asks): its ``legal_actions`` unless some entries would name cards it cannot see."""
        return self.legal_actions(state, seat, offset=offset, limit=limit)

    def filtered_listing(
        self,
        state: S,
        seat: int | None,
        *,
        offset: int = 0,
        limit: int | None = None,
        types: frozenset[str] | None = None,
        patterns: frozenset[str] | None = None,
        for_seat: bool = False,
    ) -> LegalPage:
        """The listing (``seat_listing`` when ``for_seat``) cut to the actions of ``types`` and
        to the entries of ``patterns`` (pattern or rule ids), counted and paged as a whole.
        Here: the whole listing, then filtered (fine for small listings); a game whose
        listings are large generates only what is asked."""
        whole = (
            self.seat_listing(state, seat)
            if for_seat and seat is not None
            else self.legal_actions(state, seat)
        )
        kept = [e for e in whole.entries if entry_kept(e, types, patterns)]
        return page_of(kept, offset, limit)

    def consenting_seats(self, state: S, action: Action) -> tuple[int, ...]:
        """The seats whose say-so ``action`` needs: the seat acting, unless it also moves another
        seat's cards (a trade by agreement)."""
        return (action.seat,)

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """Seats that have at least one legal action now (empty when the game is over)."""

    def waits_for(self, state: S) -> int | None:
        """The seat ordinary play waits for: whose turn it is, or who must answer before play
        goes on (a Death Card's target, the seat a Dobon check asks); None once the game is over.
        Every other seat of ``to_act`` may act out of turn. By the state convention, ``turn``."""
        if self.is_over(state):
            return None
        turn = getattr(state, "turn", None)
        return turn if isinstance(turn, int) else None

    def to_act_seen_by(self, state: S, viewer: int) -> tuple[int, ...]:
        """``to_act`` as ``viewer`` may be told it: a game where another seat's chance to act out
        of turn depends on its hidden hand names only what the viewer could know."""
        return self.to_act(state)

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def view(self, state: S, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: the same shape as the state, hidden cards as counts."""

    def deck_suits(self) -> tuple[Suit, ...]:
        return tuple(dict.fromkeys(c.suit for c in self.deck.cards if c.suit is not None))

    def card_name(self, card: Card) -> str:
        """``card`` in a player's words: "Jack of Water", "5 of Fire", "Shaman 1"."""
        if card.shaman:
            return f"Shaman {card.shaman}"
        if card.rank is None or card.suit is None:
            return format_card(card)
        rank = RANK_WORDS.get(card.rank, card.rank.value)
        return f"{rank} of {self.suit_words.get(card.suit, card.suit.value)}"

    def seat_count(self, state: S) -> int:
        return int(state.seats)  # type: ignore[attr-defined]  # every game state has seats

    # -- input ----------------------------------------------------------------------------
    def action_from_json(self, data: Any, pointer: str = "/action") -> Action:
        from .action_codec import decode_action

        return decode_action(self, data, pointer)

    def options_for(self, preset: str | None, overrides: Any, pointer: str = "/options") -> Any:
        from .options import options_from_json

        reader = JsonReader()
        # Only an absent preset means the default: "" is a name no game has (refused below).
        name = self.default_preset if preset is None else preset
        if name not in self.presets:
            reader.add(
                "/preset",
                "unknown_preset",
                f"{name!r} is not a preset of {self.name}: {', '.join(self.presets)}",
            )
            raise InvalidInput(reader.problems, "invalid options")
        base = self.presets[name]
        if overrides is None:
            return base
        result = options_from_json(self.options_type, overrides, pointer, base=base, reader=reader)
        if reader.problems:
            raise InvalidInput(reader.problems, "invalid options")
        return result
