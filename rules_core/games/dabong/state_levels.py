"""State fields of the Intermediate and Master flow: reading them and checking them.

They are kept in the state (not recomputed from the pile) because a reshuffle
recycles the cards under the top: the previous play a mirror answers and the run
of ranks the 4th card rule counts would be lost. Every value is checked against
what the pile still shows, and a value the rules in force cannot produce is
refused, never repaired.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...kernel import DABONG_55, Card, JsonReader, Rank
from .state import OPENING, PLAYING, DabongState
from .values import is_real

#: Most cards of one rank that can lie in a row: four real cards and three Shamans.
MAX_RUN = 7
ANSWERABLE: dict[str, Rank] = {"heaven": Rank.SEVEN, "hell": Rank.SIX}
MAX_YEAR = 9999


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelFields:
    previous_play: tuple[Card, ...]
    rank_run: int
    extra_play_then: int | None
    answerable: str | None
    as_dealt: tuple[int, ...]
    years_used: tuple[tuple[int, ...], ...]

    @classmethod
    def read(cls, r: JsonReader, obj: Mapping[str, Any], pointer: str, seats: int) -> LevelFields:
        previous = r.cards(obj, "previous_play", pointer, DABONG_55)
        for i, card in enumerate(previous):
            if not is_real(card):
                r.add(f"{pointer}/previous_play/{i}", "not_real", "the previous play lists identities")
        run = r.int(obj, "rank_run", pointer, lo=1, hi=MAX_RUN)
        then = None
        raw = r.get(obj, "extra_play", pointer)
        if isinstance(raw, Mapping) or (raw is not None and "extra_play" in obj):
            eobj = r.obj(raw, f"{pointer}/extra_play", allowed=("then",))
            if isinstance(raw, Mapping):  # {} is read (and lacks "then"), not taken for null
                then = r.int(eobj, "then", f"{pointer}/extra_play", lo=0, hi=max(seats - 1, 0))
        answerable = r.str(obj, "answerable", pointer, choices=tuple(ANSWERABLE), nullable=True)
        as_dealt = _seat_list(r, obj, "as_dealt", pointer, seats)
        years = _ledger(r, obj, pointer, seats)
        return cls(
            previous_play=tuple(c for c in previous if is_real(c)),
            rank_run=run,
            extra_play_then=then,
            answerable=answerable,
            as_dealt=as_dealt,
            years_used=years,
        )

    def as_state_fields(self) -> dict[str, Any]:
        return {
            "previous_play": self.previous_play,
            "rank_run": self.rank_run,
            "extra_play_then": self.extra_play_then,
            "answerable": self.answerable,
            "as_dealt": self.as_dealt,
            "years_used": self.years_used,
        }


def _seat_list(r: JsonReader, obj: Mapping[str, Any], key: str, pointer: str, seats: int) -> tuple[int, ...]:
    out: list[int] = []
    for i, seat in enumerate(r.list(obj, key, pointer)):
        where = f"{pointer}/{key}/{i}"
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < max(seats, 1):
            r.add(where, "out_of_range", "expected a seat number")
        elif out and seat <= out[-1]:
            r.add(where, "not_sorted", "list each seat once, in increasing order")
        else:
            out.append(seat)
    return tuple(out)


def _ledger(r: JsonReader, obj: Mapping[str, Any], pointer: str, seats: int) -> tuple[tuple[int, ...], ...]:
    raw = r.list(obj, "years_used", pointer)
    if "years_used" in obj and isinstance(raw, list) and len(raw) != seats:
        r.add(f"{pointer}/years_used", "wrong_count", f"{len(raw)} ledgers for {seats} seats")
    out: list[tuple[int, ...]] = []
    for i, years in enumerate(raw):
        where = f"{pointer}/years_used/{i}"
        if not isinstance(years, list):
            r.add(where, "wrong_type", "expected an array of years")
            out.append(())
            continue
        kept: list[int] = []
        for j, year in enumerate(years):
            if isinstance(year, bool) or not isinstance(year, int) or not 1 <= year <= MAX_YEAR:
                r.add(f"{where}/{j}", "out_of_range", f"a calendar year is 1..{MAX_YEAR}")
            elif kept and year <= kept[-1]:
                r.add(f"{where}/{j}", "not_sorted", "list each year once, in increasing order")
            else:
                kept.append(year)
        out.append(tuple(kept))
    return tuple(out)


def pile_run(state: DabongState) -> tuple[int, bool]:
    """Cards of the top identity's rank in a row on the pile, and whether the run reaches its bottom."""
    top = state.top_identity
    if top is None:
        return 1, False
    run = 0
    for card in reversed(state.discard_pile):
        identity = state.identity(card)
        if identity is None or identity.rank is not top.rank:
            return run, False
        run += 1
    return run, True


def check_level_fields(r: JsonReader, s: DabongState, pointer: str) -> None:
    """Cross-field facts of the level fields (the rest of the state is already read)."""
    add = r.add
    top = s.top_identity
    _check_previous_play(r, s, pointer, top)
    run, to_bottom = pile_run(s)
    if top is not None and (s.rank_run < run or (not to_bottom and s.rank_run != run)):
        add(f"{pointer}/rank_run", "impossible", f"the pile shows a run of {run} {top.rank} on top")
    if s.extra_play_then is not None:
        if s.status != PLAYING or not s.options.rule_on("fourth_card"):
            add(f"{pointer}/extra_play", "not_allowed", "a 4th-card extra play needs the rule and a game on")
        elif s.rank_run < 4 or s.top_seat != s.turn or s.penalty is not None:
            add(
                f"{pointer}/extra_play",
                "impossible",
                "an extra play follows the seat's own play that made a run of four or more",
            )
    if s.answerable is not None:
        rank = ANSWERABLE[s.answerable]
        if s.status != PLAYING or not s.options.rule_on("heaven_hell_answer"):
            add(f"{pointer}/answerable", "not_allowed", "a heaven/hell answer needs the rule and a game on")
        elif len(s.previous_play) < 3 or any(c.rank is not rank for c in s.previous_play):
            add(f"{pointer}/answerable", "impossible", f"the play on top is no {s.answerable}")
    if s.river is not None and not (s.options.rule_on("river") and s.options.deal_river):
        add(f"{pointer}/river", "not_allowed", "a river is only dealt with the river rule and deal_river on")
    for seat in s.as_dealt:
        if seat < len(s.hands) and len(s.hands[seat]) != s.options.hand_size:
            add(
                f"{pointer}/as_dealt",
                "impossible",
                f"seat {seat} holds {len(s.hands[seat])} cards, not the {s.options.hand_size} dealt",
            )
    year = s.options.calendar_year
    for i, years in enumerate(s.years_used):
        if year and years and years[-1] > year:
            add(f"{pointer}/years_used/{i}", "out_of_range", f"{years[-1]} is after the current year {year}")


def _check_previous_play(r: JsonReader, s: DabongState, pointer: str, top: Card | None) -> None:
    where = f"{pointer}/previous_play"
    previous = s.previous_play
    if top is None:
        if previous:
            r.add(where, "impossible", "an undeclared opening Shaman has no previous play")
        return
    if not previous:
        r.add(where, "missing", "the play that put the top card down is listed (the opening card alone)")
        return
    shown = tuple(s.identity(c) for c in s.discard_pile[-s.top_play :])
    if len(previous) < s.top_play or previous[-s.top_play :] != shown:
        r.add(where, "impossible", "the previous play is not what lies on top of the pile")
    elif len(previous) != s.top_play and s.top_play != len(s.discard_pile):
        r.add(where, "impossible", "the previous play holds more cards than its part of the pile")
    if s.status == OPENING and len(previous) != 1:
        r.add(where, "impossible", "before play starts the previous play is the opening card")
