"""The hand-written dabong! state writer and view that ``rules_core/games/dabong/wire.py`` replaced.

Kept as the reference of the old-against-new differential test
(``tests/wire/test_dabong_differential.py``); nothing in the service uses it. The reader it
went with is ``dabong_reader``.
"""

from __future__ import annotations

from typing import Any

from rules_core.games.dabong.state import DabongState
from rules_core.games.dabong.take_back_log import log_to_json, log_view
from rules_core.kernel import format_card, format_cards, options_to_json

GAME_NAME = "dabong"


def state_to_json(state: DabongState) -> dict[str, Any]:
    scores = state.scores
    return {
        "game": GAME_NAME,
        "options": options_to_json(state.options),
        "seats": state.seats,
        "seed": state.seed,
        "shuffles": state.shuffles,
        "dealer": state.dealer,
        "hands": [format_cards(h) for h in state.hands],
        "draw_pile": format_cards(state.draw_pile),
        "discard_pile": format_cards(state.discard_pile),
        "shaman_identities": {format_card(s): format_card(c) for s, c in state.identities},
        "suit": state.suit.value if state.suit else None,
        "top_seat": state.top_seat,
        "top_play": state.top_play,
        "turn": state.turn,
        "direction": state.direction,
        "penalty": None
        if state.penalty is None
        else {"cards": state.penalty.cards, "skip": state.penalty.skip},
        "one_card_announced": list(state.announced),
        "status": state.status,
        "winner": state.winner,
        "game_winner": state.game_winner,
        "move": state.move,
        "take_back": log_to_json(state.take_back),
        "scores": {
            "games": list(scores.games),
            "sets": list(scores.sets),
            "points": list(scores.points),
            "played": scores.played,
        },
        "previous_play": format_cards(state.previous_play),
        "rank_run": state.rank_run,
        "extra_play": None if state.extra_play_then is None else {"then": state.extra_play_then},
        "answerable": state.answerable,
        "river": None if state.river is None else format_card(state.river),
        "as_dealt": list(state.as_dealt),
        "years_used": [list(years) for years in state.years_used],
    }


def view_of(data: dict[str, Any], state: DabongState, seat: int) -> dict[str, Any]:
    """Hide other hands, the draw pile and the seed, and where other seats' taken-back cards sat."""
    out = dict(data)
    out.pop("seed", None)
    out["viewer"] = seat
    out["hands"] = [format_cards(h) if i == seat else {"count": len(h)} for i, h in enumerate(state.hands)]
    out["draw_pile"] = {"count": len(state.draw_pile)}
    out["take_back"] = log_view(state.take_back, seat)
    return out


def view(state: DabongState, seat: int) -> dict[str, Any]:
    return view_of(state_to_json(state), state, seat)
