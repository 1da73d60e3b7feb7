"""Rigged dabong! tables for tests: name the hands and the pile, the rest is the draw pile."""

from __future__ import annotations

from typing import Any

from rules_core.games.dabong import GAME
from rules_core.kernel import DABONG_55, format_card, options_to_json


def table(
    hands: list[list[str]],
    discard: list[str],
    *,
    turn: int = 0,
    draw: list[str] | None = None,
    suit: str | None = None,
    top_seat: int | None = None,
    dealer: int | None = None,
    identities: dict[str, str] | None = None,
    penalty: dict[str, Any] | None = None,
    direction: int = 1,
    preset: str = "beginner",
    options: dict[str, Any] | None = None,
    status: str = "playing",
    top_play: int = 1,
    rank_run: int | None = None,
    river: str | None = None,
    as_dealt: list[int] | None = None,
    years_used: list[list[int]] | None = None,
    extra_play: dict[str, int] | None = None,
    answerable: str | None = None,
) -> dict[str, Any]:
    """A state JSON; every card not named goes to the draw pile (deck order) unless ``draw`` is given.

    ``previous_play`` is the last ``top_play`` cards' identities and ``rank_run`` the run the
    pile shows, unless given.
    """
    seats = len(hands)
    named = {c for hand in hands for c in hand} | set(discard) | set(draw or ()) | {river} - {None}
    rest = [format_card(c) for c in DABONG_55.cards if format_card(c) not in named]
    ids = identities or {}
    opts = options_to_json(GAME.presets[preset])
    opts.update(options or {})
    return {
        "game": "dabong",
        "options": opts,
        "seats": seats,
        "seed": 7,
        "shuffles": 0,
        "dealer": seats - 1 if dealer is None else dealer,
        "hands": hands,
        "draw_pile": (draw or []) + ([] if draw is not None else rest),
        "discard_pile": ([] if draw is None else rest) + discard,
        "shaman_identities": identities or {},
        "suit": suit,
        "top_seat": (turn - direction) % seats if top_seat is None else top_seat,
        "top_play": top_play,
        "turn": turn,
        "direction": direction,
        "penalty": penalty,
        "one_card_announced": [],
        "status": status,
        "winner": None,
        "game_winner": None,
        "move": 0,
        "take_back": [],
        "scores": {"games": [0] * seats, "sets": [0] * seats, "points": [0] * seats, "played": 0},
        "previous_play": [ids.get(c, c) for c in discard[-top_play:]],
        "rank_run": _run(discard, ids) if rank_run is None else rank_run,
        "extra_play": extra_play,
        "answerable": answerable,
        "river": river,
        "as_dealt": as_dealt or [],
        "years_used": years_used or [[] for _ in range(seats)],
    }


def _rank(card: str) -> str:
    return card[:-1]


def _run(discard: list[str], ids: dict[str, str]) -> int:
    """Cards of the top card's rank in a row at the top of ``discard``."""
    cards = [ids.get(c, c) for c in discard]
    run = 0
    for card in reversed(cards):
        if _rank(card) != _rank(cards[-1]):
            break
        run += 1
    return run


def play(
    seat: int, *cards: str, suit: str | None = None, declare: dict[str, str] | None = None
) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "play", "seat": seat, "cards": list(cards)}
    if suit is not None:
        action["suit"] = suit
    if declare:
        action["declare"] = declare
    return action


def act(kind: str, seat: int, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "seat": seat, **fields}


class _UnboundedMatcher:
    """The real matcher with its work budgets lifted: playouts check rules, not service limits.

    Listings are remembered for the few latest questions: the playout checker lists every
    step for all seats and then seat by seat (and a bot lists its own seat again), which asks
    the matcher the same question several times; the matcher is a pure function of it.
    """

    #: Listings kept (a step asks a handful of distinct questions).
    _KEEP = 16

    def __init__(self) -> None:
        from rules_core.games.dabong.matcher import MATCHER

        self._inner = MATCHER
        self._listed: dict[Any, Any] = {}

    def _rules(self, options: Any) -> Any:
        from dataclasses import replace

        return replace(options.match_rules(), check_budget=10**9, list_budget=10**9)

    def check_play(self, ctx: Any, cards: Any, declare: Any, options: Any) -> Any:
        return self._inner.check_play(ctx, cards, declare, self._rules(options))

    def list_plays(self, ctx: Any, hand: Any, options: Any, **kwargs: Any) -> Any:
        rules = self._rules(options)
        key = (ctx, hand, rules, tuple(sorted(kwargs.items())))
        known = self._listed.get(key)
        if known is None:
            known = self._inner.list_plays(ctx, hand, rules, **kwargs)
            if len(self._listed) >= self._KEEP:
                self._listed.clear()
            self._listed[key] = known
        return known


def unbounded_game() -> Any:
    """A dabong! game object whose matcher never stops on its work budget (tests only)."""
    from rules_core.games.dabong.game import DabongGame

    return DabongGame(matcher=_UnboundedMatcher())
