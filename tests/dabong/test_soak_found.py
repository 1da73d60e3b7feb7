"""Games the Intermediate soak (``python -m tools.soak --game dabong --preset intermediate``) found
failing, replayed through the HTTP API: each ends in a state the service must accept back.

* seed 878, 4 seats: a natural dabong! claimed out of turn while the seat that laid the fourth 10
  still had its 4th-card extra play; the finished game kept the extra play pending.
* seed 5615, 5 seats: the dealer claimed the worst hand before naming the opening Shaman; the
  finished game's Shaman on top has no identity, and never will.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules_core.games.dabong import GAME
from tests.http_helpers import call

LOGS: dict[str, dict[str, Any]] = json.loads((Path(__file__).parent / "data" / "soak_found.json").read_text())
#: The soak's options: the Intermediate preset with trading off (tools/soak.py SOAK_OVERRIDES).
OPTIONS = replace(GAME.presets["intermediate"], trading=False)


def _replayed(client: Any, name: str) -> dict[str, Any]:
    case = LOGS[name]
    dealt = GAME.deal(seats=case["seats"], options=OPTIONS, seed=case["seed"], deck_order=None)
    body = {"state": GAME.state_to_json(dealt), "actions": case["log"]}
    result = call(client, "dabong", "replay", body)
    assert result["completed"] and result["over"], result["failed"]
    return result["final_state"]


def test_a_claim_ends_a_pending_extra_play(client) -> None:  # type: ignore[no-untyped-def]
    final = _replayed(client, "seed_878")
    assert final["extra_play"] is None and final["answerable"] is None and final["penalty"] is None
    assert final["game_winner"] == 3
    view = call(client, "dabong", "view", {"state": final, "seat": 0})["view"]
    assert view["status"] == "over"


def test_a_game_ended_at_its_opening_keeps_the_unnamed_shaman(client) -> None:  # type: ignore[no-untyped-def]
    final = _replayed(client, "seed_5615")
    assert final["discard_pile"] == ["SH2"] and final["shaman_identities"] == {}
    assert final["game_winner"] == 4
    call(client, "dabong", "view", {"state": final, "seat": 4})


def test_an_unnamed_shaman_on_top_is_still_refused_past_the_opening(client) -> None:  # type: ignore[no-untyped-def]
    """Only a game that ended on its opening card may show an unnamed Shaman on top."""
    final = _replayed(client, "seed_878")
    pile = final["discard_pile"]
    shaman = pile.index("SH1")
    pile[shaman], pile[-1] = pile[-1], pile[shaman]
    del final["shaman_identities"]["SH1"]
    problem = call(client, "dabong", "view", {"state": final, "seat": 0}, status=422)
    assert {"pointer": "/state/shaman_identities", "code": "undeclared_top"} in [
        {"pointer": e["pointer"], "code": e["code"]} for e in problem["errors"]
    ]
