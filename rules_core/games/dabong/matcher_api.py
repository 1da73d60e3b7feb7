"""The contract between the dabong! engine and its play-pattern matcher.

NOTE TO THE ENGINE SIDE (matcher additions, all additive):
* ``MatchRules``: what the engine passes as ``options`` to ``check_play`` and
  ``list_plays``: the rule level, patterns switched off, and
  ``eight_must_share_suit``. Build it from ``DabongOptions`` (``level`` as is).
  Passing ``DabongOptions`` itself also works (``matcher.match_rules``): its
  ``level``, its ``eight_must_share_suit`` if any, and a bool field named like a
  pattern id (``clone`` ...) set to False switches that pattern off.
* ``PlayReading.top_power``: the rule id of the power of the top identity
  (``dabong.two``, ``dabong.eight``, ``dabong.nine``, ``dabong.jack``,
  ``dabong.queen_of_water``) or ``None``: the engine turns it into effects.
* ``PlayCheck.undeclared``: undeclared Shamans whose identity differs between
  the readings (a buried one included; whether to insist is the engine's call).
* Listing entries: one entry per card set + identities + *top card* + suit
  choice (``action.suit`` set when the top identity is an 8: 4 choices, or a
  Jack: its 2 suits); the cards under the top (after the first, for a
  subtraction) are free, ``orderings`` counts those orders.
* Card facts (values, Jack suits, Shaman identities) live in ``values.py``.
* Intermediate / Master (additive): ``PlayReading.top_twos`` (2s at the top of the
  play), ``via`` (the pattern of a neutralisation), ``uses_river``. Facing pending 2s
  (``PileContext.pending_twos`` > 0, Intermediate up) a play is legal only as
  ``twos_add_on`` / ``twos_neutralization`` / ``shaman_neutralization``; an add-on's
  readings go on with every other pattern it also is (``clone``, ``four_of_a_kind``,
  ``mirror``, ``self_mirror``: plays of 2s only), after the add-on; a play that
  holds ``PileContext.river`` is legal only when it empties the hand (``hand_size``).
* Work budget (additive): ``check_play`` and ``list_plays`` may raise
  ``MatchBudgetExceeded`` (a ``ValueError``) when one call would examine more than
  ``MatchRules.check_budget`` / ``list_budget`` candidates (``MATCH_CHECK_BUDGET`` /
  ``MATCH_LIST_BUDGET`` by default). Nothing
  is partly answered: catch it around the whole call and report it (the service:
  a 422 problem ``listing-over-budget``, its ``str()`` as the detail).

NOTE TO THE MATCHER SIDE (engine requests, additive):
* Please export ``MISS_REASONS: ReasonCatalog`` from ``matcher.py``: every code
  ``check_play`` can put in ``PlayCheck.misses`` (code, template, rule id). The
  game's catalog merges it, so those codes are listed in the API and the
  playout checker accepts them (it rejects codes outside ``game.reasons``).
* The engine passes ``DabongOptions`` as ``options``; it has ``match_rules()``.
* The engine insists that every Shaman in ``PlayCheck.undeclared`` is declared
  (``needs``), buried ones included: the identity becomes part of the pile.

The engine owns the table (turns, draws, claims, powers, take-backs); the
matcher owns one question: which ways is a sequence of cards, laid on this
pile, a legal play, and what are all the legal plays of a hand. Both sides
code against these types; additions must stay backwards-compatible.

Vocabulary:
* a card's *identity* is the real card it counts as: itself, or for a Shaman
  its declared real card (never a Shaman);
* *in-play value*: A 1, 2..10 face, J Q K 10 (also the in-hand value);
* *pile value* of the top identity: J 11, Q 12, K 13, A 14, else face.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ...kernel import Card, LegalEntry, Suit, WorkBudgetExceeded

#: Most identities of undeclared Shamans one ``check_play`` call may try (one unit: one
#: identity tried for an open slot, in a partial or a full assignment, by one pattern). A
#: partial assignment that already breaks the pattern is not grown, sums solve open Shamans
#: by value and the straight by suit, direction and start, and the verdict searches only as far
#: as it needs (a first reading, each undeclared Shaman seen with two identities: MD-26):
#: three undeclared Shamans laid alone on a King need next to nothing for the verdict; reading
#: all 886 of their readings about 1,600 (the rest are searched when read, from this budget).
MATCH_CHECK_BUDGET = 6_000
#: Most candidate card sets one ``list_plays`` call may *enumerate* (one unit: one set judged
#: by its pattern and, when accepted, by the earlier ones). Beginner sums spend nothing; the set
#: shapes, straights, eight straights and self mirrors are counted (``patterns/counted.py``) and
#: spend one unit per ``CELLS_PER_UNIT`` states of their programme (Master hands of about 10 cards
#: with two Shamans or 20 without fit; 26 cards with three Shamans do not); still enumerated,
#: one unit per candidate set: mirrors of the previous play,
#: self mirrors when the previous play has an even length of four or more (a mirror may own
#: them), river plays (every card of the hand and the river), and the Shaman neutralisation.
MATCH_LIST_BUDGET = 6_000


class MatchBudgetExceeded(WorkBudgetExceeded):
    """A check or a listing would take more work than the budget allows.

    Raised before anything is answered, so it never hides a partial result. ``task``
    says what was too big, ``spent`` and ``limit`` the units counted; the message says
    what to do (declare the Shamans, or switch the costly patterns off).
    """

    def __init__(self, *, task: str, spent: int, limit: int, advice: str) -> None:
        super().__init__(f"{task} needs more than {limit} work units (stopped at {spent}): {advice}")
        self.task = task
        self.spent = spent
        self.limit = limit
        self.advice = advice


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchRules:
    """Which play patterns the matcher allows: the engine builds it from its options."""

    #: Rule level (``beginner`` < ``intermediate`` < ``master``, cumulative).
    level: str = "beginner"
    #: Pattern ids switched off although their level is on (one option per later rule).
    disabled: frozenset[str] = frozenset()
    #: An 8 inside a multi-card play must share the other cards' suit (ruling); off:
    #: it counts as every suit there, as groups that clone 8s play it.
    eight_must_share_suit: bool = True
    #: Units one ``check_play`` may spend (``MATCH_CHECK_BUDGET``); more raises ``MatchBudgetExceeded``.
    check_budget: int = MATCH_CHECK_BUDGET
    #: Units one ``list_plays`` may spend (``MATCH_LIST_BUDGET``); more raises ``MatchBudgetExceeded``.
    list_budget: int = MATCH_LIST_BUDGET


@dataclass(frozen=True, slots=True, kw_only=True)
class PileContext:
    """What a play is laid on, as the engine sees the table now."""

    #: Identity of the top card of the discard pile (a Shaman on top: its declared card).
    top: Card
    #: Suits a card may follow: the declared suit after an 8 or a Jack (or a Shaman as
    #: one), otherwise the top identity's suit.
    active_suits: frozenset[Suit]
    #: Pile value of ``top`` (J 11, Q 12, K 13, A 14).
    pile_value: int
    #: Identities of the play that put the top card down, in laid order (for the mirror).
    previous_play: tuple[Card, ...] = ()
    #: 2s pending against the seat (0: none). Intermediate and up may answer them.
    pending_twos: int = 0
    #: Consecutive cards of the top identity's rank at the top of the pile (4th card rule).
    rank_run: int = 1
    #: Cards the seat holds in hand right now (to know whether a play empties the hand).
    hand_size: int = 0
    #: The river card, when the river is in play (usable only in a play that empties the hand).
    river: Card | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayReading:
    """One interpretation under which a laid sequence is legal."""

    #: Pattern id (``single``, ``addition``, ``subtraction``, ...), stable.
    pattern: str
    #: Rule id that makes it legal (resolves in the dabong! rule table).
    rule_id: str
    #: Physical cards, in laid order (the last one ends on top).
    cards: tuple[Card, ...]
    #: Identity of each card, same order.
    identities: tuple[Card, ...]
    #: Shaman -> declared real card, for every Shaman in the play, sorted.
    declarations: tuple[tuple[Card, Card], ...] = ()
    #: A short readable account: "7F + 2F + AF = 10 on 10W".
    description: str = ""
    #: Rule id of the power of the top identity (only the top card's power fires), or None.
    top_power: str | None = None
    #: 2s at the top of the play, counted down from the top card (Intermediate up: each one
    #: adds two cards to draw; 0 when the top card is not a 2).
    top_twos: int = 0
    #: The pattern the play is, when ``pattern`` names what it does to pending 2s
    #: (``twos_neutralization`` via ``straight`` ...); None otherwise.
    via: str | None = None
    #: Whether the play uses the river card (only a play that empties the hand may).
    uses_river: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayCheck:
    """The matcher's answer for one proposed play."""

    #: Every legal reading (empty: illegal), in a stable order. A sequence: for a legal play
    #: the matcher's ``LazyReadings``, equal to the tuple of them, each built when first read
    #: (the verdict needs the first and ``undeclared``; MD-26).
    readings: Sequence[PlayReading]
    #: When illegal: why, as (reason code, rule id, message) per pattern that came close.
    misses: tuple[tuple[str, str, str], ...] = ()
    #: Shamans whose identity was not declared and changes the outcome (needs declaring).
    undeclared: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayListing:
    #: This page of entries; each entry is a ``play`` action whose ``cards`` and
    #: ``declare`` fields give one play (``orderings`` > 1 when a free middle order
    #: is grouped).
    entries: tuple[LegalEntry, ...]
    total_entries: int
    total_plays: int
    next_offset: int | None


class Matcher(Protocol):
    def check_play(
        self,
        ctx: PileContext,
        cards: tuple[Card, ...],
        declare: tuple[tuple[Card, Card], ...],
        options: object,
    ) -> PlayCheck:
        """Every reading of ``cards`` (laid in this order) that is legal on ``ctx``."""
        ...

    def list_plays(
        self,
        ctx: PileContext,
        hand: tuple[Card, ...],
        options: object,
        *,
        seat: int,
        offset: int = 0,
        limit: int | None = None,
        patterns: frozenset[str] | None = None,
    ) -> PlayListing:
        """Every distinct legal play of ``hand`` on ``ctx``, exact totals, stable order.

        ``patterns`` (pattern ids, or the 2s rules' labels such as ``twos_neutralization``)
        keeps only those patterns' plays, counted and paged like the whole listing.
        """
        ...
