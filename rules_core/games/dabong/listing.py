"""Every legal action, in a stable order, paged without building what is not asked for.

Written apart from ``resolve`` on purpose (tests hold the two against each
other). Plays come from the matcher's listing; trades, which grow as
2^n x 2^m, are numbered in closed form and only the requested page is built.
Order: per seat (ascending), its turn actions (pick-up or draw, a 4th-card pass,
plays, the gross and half-deck claims), heaven/hell answers out of turn, natural
dabong!, worst hand, once a year, one card, asking, take-back, trades; next_game once
a game is over. The level listings live in ``listing_levels.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...kernel import Action, Card, LegalEntry, LegalPage, Suit
from ...kernel.game import entry_kept
from .actions_play import pile_context
from .engine import at_counter_limit
from .listing_levels import facing_twos_may_play, table_claims, turn_claims
from .matcher_api import Matcher
from .play_flow import OPPOSITE
from .state import GAME_OVER, OPENING, PLAYING, DabongState
from .values import REAL_CARDS, card_suits, in_play_value, is_eight, is_jack, pile_value

Fetch = Callable[[int, int], list[LegalEntry]]
_SUITS = (Suit.FIRE, Suit.WATER, Suit.EARTH, Suit.AIR)


@dataclass(frozen=True, slots=True, kw_only=True)
class Segment:
    entries: int
    actions: int
    fetch: Fetch


def _fixed(entries: list[LegalEntry]) -> Segment:
    return Segment(
        entries=len(entries),
        actions=sum(e.orderings for e in entries),
        fetch=lambda offset, limit: entries[offset : offset + limit],
    )


def _entry(action: Action, rule: str) -> LegalEntry:
    return LegalEntry(action=action, patterns=(rule,))


def _suits_for(identity: Card) -> tuple[Suit | None, ...]:
    if is_jack(identity):
        return tuple(s for s in _SUITS if s in card_suits(identity))
    if is_eight(identity):
        return _SUITS
    return (None,)


def _opening_entries(state: DabongState, seat: int) -> list[LegalEntry]:
    top = state.top
    out: list[LegalEntry] = []
    if top.is_shaman:
        for identity in REAL_CARDS:
            for suit in _suits_for(identity):
                action = Action(type="declare_opening", seat=seat, declare=((top, identity),), suit=suit)
                out.append(_entry(action, "dabong.opening"))
        for card in state.hands[seat]:
            out.append(_entry(Action(type="take_opening_shaman", seat=seat, top=card), "dabong.opening"))
    else:
        for suit in _suits_for(top):
            out.append(_entry(Action(type="declare_opening", seat=seat, suit=suit), "dabong.opening"))
    return out


def _natural_entry(state: DabongState, seat: int) -> list[LegalEntry]:
    top = state.identity(state.top)
    hand = state.hands[seat]
    if top is None or state.top_seat == seat or len(hand) < 2:
        return []
    shamans = sum(1 for c in hand if c.is_shaman)
    needed = pile_value(top) - sum(in_play_value(c) for c in hand if not c.is_shaman)
    if shamans == 0:
        return [_entry(Action(type="claim_natural", seat=seat), "dabong.natural")] if needed == 0 else []
    if shamans <= needed <= 10 * shamans:
        return [_entry(Action(type="claim_natural", seat=seat, value=needed), "dabong.natural")]
    return []


def _one_card_entries(state: DabongState, seat: int) -> list[LegalEntry]:
    if not state.options.one_card_rule:
        return []
    out = []
    if len(state.hands[seat]) == 1 and seat not in state.announced:
        out.append(_entry(Action(type="announce_one_card", seat=seat), "dabong.one_card"))
    # a catch makes the seat draw: with no card left anywhere to draw, asking changes nothing
    recyclable = len(state.discard_pile) - 1 if state.options.draw_pile_out == "reshuffle" else 0
    if not state.draw_pile and recyclable <= 0:
        return out
    for target in range(state.seats):
        if target != seat and len(state.hands[target]) == 1 and target not in state.announced:
            action = Action(type="ask_card_count", seat=seat, params=(("target", target),))
            out.append(_entry(action, "dabong.one_card"))
    return out


def _trade_segment(state: DabongState, seat: int, partner: int) -> Segment:
    mine, theirs = state.hands[seat], state.hands[partner]
    per_mine = (1 << len(theirs)) - 1
    total = ((1 << len(mine)) - 1) * per_mine

    def fetch(offset: int, limit: int) -> list[LegalEntry]:
        out = []
        for k in range(offset, min(total, offset + limit)):
            give_mask, get_mask = k // per_mine + 1, k % per_mine + 1
            cards = tuple(c for i, c in enumerate(mine) if give_mask >> i & 1) + tuple(
                c for i, c in enumerate(theirs) if get_mask >> i & 1
            )
            action = Action(type="trade", seat=seat, cards=cards, params=(("partner", partner),))
            out.append(_entry(action, "dabong.trade"))
        return out

    return Segment(entries=total, actions=total, fetch=fetch)


@dataclass(frozen=True, slots=True, kw_only=True)
class Window:
    """The part of the whole answer asked for: entries [offset, bound) (bound None: to the end)."""

    offset: int
    bound: int | None


def _play_segment(
    state: DabongState, seat: int, matcher: Matcher, patterns: frozenset[str] | None = None
) -> Callable[[int, Window], Segment]:
    """Plays come from one matcher call that returns the totals and the slice of the window.

    Facing 2s the matcher's pile context already holds them, so it lists only the add-ons and
    neutralisations; in a heaven/hell window ``patterns`` names the one answer. Either way only
    the page asked for is built, whatever the hand.
    """

    def build(start: int, window: Window) -> Segment:
        ctx = pile_context(state, seat)
        skip = max(0, window.offset - start)
        take = None if window.bound is None else max(0, window.bound - start - skip)
        page = matcher.list_plays(
            ctx, state.hands[seat], state.options, seat=seat, offset=skip, limit=take, patterns=patterns
        )
        got = list(page.entries)

        def fetch(offset: int, limit: int) -> list[LegalEntry]:
            return got[offset - skip : offset - skip + limit]

        return Segment(entries=page.total_entries, actions=page.total_plays, fetch=fetch)

    return build


SegmentSource = Segment | Callable[[int, Window], Segment]


@dataclass(frozen=True, slots=True)
class Filter:
    """What a listing keeps: trades at all (a sealed table's seat lists none of its own), the
    action ``types`` and the entry ``patterns`` (pattern or rule ids) asked for; None: every."""

    trades: bool = True
    types: frozenset[str] | None = None
    patterns: frozenset[str] | None = None

    def fixed(self, entries: list[LegalEntry]) -> Segment:
        if self.types is None and self.patterns is None:
            return _fixed(entries)
        return _fixed([e for e in entries if entry_kept(e, self.types, self.patterns)])

    def keeps_plays(self, window: frozenset[str] | None = None) -> bool:
        return (self.types is None or "play" in self.types) and self.play_patterns(window) != frozenset()

    def play_patterns(self, window: frozenset[str] | None = None) -> frozenset[str] | None:
        """The patterns the matcher lists: those asked, within a window's answer; None: all."""
        if self.patterns is None:
            return window
        return self.patterns if window is None else self.patterns & window

    def keeps_trades(self) -> bool:
        return (
            self.trades
            and (self.types is None or "trade" in self.types)
            and (self.patterns is None or "dabong.trade" in self.patterns)
        )


def _seat_segments(state: DabongState, seat: int, matcher: Matcher, keep: Filter) -> list[SegmentSource]:
    segments: list[SegmentSource] = []
    if at_counter_limit(state) is not None:  # resolve refuses every action (``counter_limit``)
        return segments

    def plays(window: frozenset[str] | None = None) -> None:
        if keep.keeps_plays(window):
            segments.append(_play_segment(state, seat, matcher, patterns=keep.play_patterns(window)))

    if state.status == GAME_OVER:
        if seat == (state.dealer + 1) % state.seats:
            segments.append(keep.fixed([_entry(Action(type="next_game", seat=seat), "dabong.scoring")]))
        return segments
    if state.status not in (OPENING, PLAYING):
        return segments
    if seat == state.turn and state.status == OPENING:
        segments.append(keep.fixed(_opening_entries(state, seat)))
    elif seat == state.turn and state.penalty is not None:
        rule = "dabong.two" if state.penalty.skip else "dabong.queen_of_water"
        segments.append(keep.fixed([_entry(Action(type="pick_up", seat=seat), rule)]))
        if facing_twos_may_play(state):
            plays()
    elif seat == state.turn:
        turn = [_entry(Action(type="draw", seat=seat), "dabong.draw")]
        if state.extra_play_then is not None:
            turn.append(_entry(Action(type="pass", seat=seat), "dabong.fourth_card"))
        segments.append(keep.fixed(turn))
        plays()
        segments.append(keep.fixed(turn_claims(state, seat)))
    elif state.status == PLAYING and state.answerable is not None:
        plays(frozenset({OPPOSITE[state.answerable][0]}))
    tail = _natural_entry(state, seat) + table_claims(state, seat) + _one_card_entries(state, seat)
    if state.take_back and state.take_back[-1].action.seat == seat and state.options.unwinding:
        tail.append(_entry(Action(type="take_back", seat=seat), "dabong.unwind"))
    segments.append(keep.fixed(tail))
    if state.options.trading and keep.keeps_trades():
        segments.extend(_trade_segment(state, seat, p) for p in range(state.seats) if p != seat)
    return segments


def legal_page(
    state: DabongState,
    matcher: Matcher,
    seat: int | None,
    offset: int,
    limit: int | None,
    *,
    trades: bool = True,
    types: frozenset[str] | None = None,
    patterns: frozenset[str] | None = None,
) -> LegalPage:
    """The listing's window [offset, offset + limit); ``types``/``patterns`` keep only those
    actions and entries, each segment generating only what they keep."""
    seats = range(state.seats) if seat is None else (seat,)
    window = Window(offset=offset, bound=None if limit is None else offset + limit)
    entries: list[LegalEntry] = []
    total = actions = 0
    for s in seats:
        for source in _seat_segments(state, s, matcher, Filter(trades, types, patterns)):
            seg = source if isinstance(source, Segment) else source(total, window)
            lo = max(offset, total)
            hi = total + seg.entries if window.bound is None else min(window.bound, total + seg.entries)
            if lo < hi:
                entries.extend(seg.fetch(lo - total, hi - lo))
            total += seg.entries
            actions += seg.actions
    end = total if window.bound is None else min(total, window.bound)
    return LegalPage(
        entries=tuple(entries),
        total_entries=total,
        total_actions=actions,
        offset=offset,
        next_offset=end if end < total else None,
    )
