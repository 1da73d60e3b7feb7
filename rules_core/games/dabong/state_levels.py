"""State fields of the Intermediate and Master flow: checking them against the pile and the rules.

They are kept in the state (not recomputed from the pile) because a reshuffle
recycles the cards under the top: the previous play a mirror answers and the run
of ranks the 4th card rule counts would be lost. They are declared, and read, with the
rest of the state (``wire.STATE``); here every value is checked against
what the pile still shows, and a value the rules in force cannot produce is
refused, never repaired.
"""

from __future__ import annotations

from ...kernel import Card, JsonReader, Rank
from .state import OPENING, PLAYING, DabongState

#: Most cards of one rank that can lie in a row: four real cards and three Shamans.
MAX_RUN = 7
ANSWERABLE: dict[str, Rank] = {"heaven": Rank.SEVEN, "hell": Rank.SIX}
MAX_YEAR = 9999


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
