"""The player voice, as `explain` and `validate` answer it: one implementation for both.

``rules_core.reference.player_text`` words a verdict for the seat it is for; this module adds
what the service knows: the rulings documents (which sentence rests on a ruling), who acts
next as the caller may be told it, and, for a refused action, the presets and option settings
under which it would be legal (``alternatives.legal_under``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import current_app

from rules_core.kernel import Action, Game, Outcome
from rules_core.reference import parse_rulings
from rules_core.reference.alternatives import legal_under
from rules_core.reference.player_text import player_explain

from .answers import to_act_for

#: The rulings documents (``docs/rulings/<game>.md``): beside the service package in a checkout,
#: or where ``TABLE_JUDGE_RULINGS_DIR`` says (an installed package, the container image).
RULINGS_DIR = Path(
    os.environ.get("TABLE_JUDGE_RULINGS_DIR") or Path(__file__).resolve().parent.parent / "docs" / "rulings"
)


def rulings_of(game: Game[Any]) -> dict[str, Any]:
    path = RULINGS_DIR / f"{game.name}.md"
    if not path.is_file():
        return {}
    return parse_rulings(path.read_text(encoding="utf-8"))


def cached_rulings(game: Game[Any]) -> dict[str, Any]:
    """The game's rulings, read on first use in this process."""
    found: dict[str, dict[str, Any]] = current_app.extensions.setdefault("table_judge_rulings", {})
    if game.name not in found:
        found[game.name] = rulings_of(game)
    return found[game.name]


def to_act_after(game: Game[Any], outcome: Outcome[Any], action: Action, viewer: int | None) -> Any:
    """Who acts after a legal action, as the caller may be told it (None after a refused one;
    judged for a seat, the seat acting is its viewer)."""
    if not outcome.verdict.legal or outcome.state is None:
        return None
    seen_by = None if viewer is None else action.seat
    return to_act_for(game, outcome.state, seen_by)


def player_voice(
    game: Game[Any], state: Any, action: Action, outcome: Outcome[Any], viewer: int | None
) -> dict[str, Any]:
    """``voice``, the player ``sentences`` and, for a refused action, ``legal_under``."""
    verdict = outcome.verdict
    alternatives = [] if verdict.legal else legal_under(game, state, action)
    sentences = player_explain(
        game,
        verdict,
        state=state,
        to_act=to_act_after(game, outcome, action, viewer),
        viewer=viewer,
        rulings=cached_rulings(game),
        alternatives=alternatives,
    )
    answer: dict[str, Any] = {"voice": "player", "sentences": [s.to_json() for s in sentences]}
    if not verdict.legal:
        answer["legal_under"] = [a.to_json() for a in alternatives]
    return answer
