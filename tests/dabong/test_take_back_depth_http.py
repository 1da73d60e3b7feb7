"""Sixty plays in a row that could each be taken back, through HTTP (#26).

The old take-back record nested the state before each play inside the next, two JSON
levels per play: after about 15 such plays the service refused its own state (the
32-level body limit). The log is flat: here the table plays on without any action that
closes the log (only plays and take-backs), and every state the service answers keeps
one small depth and is accepted back as it was sent.
"""

from __future__ import annotations

import json
import random
from typing import Any

from tests.http_helpers import call, deal

G = "dabong"
PLAYS = 60
#: state -> take_back -> entry -> before -> penalty (or previous_play): the depth of any state.
MOST_DEPTH = 5


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


def _listed(client: Any, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The seat's legal actions: reading them is also the service taking the state back."""
    answer = call(client, G, "legal-actions", {"state": state, "seat": seat, "limit": 1000})
    return [entry["action"] for entry in answer["actions"]]


def test_sixty_plays_that_could_be_taken_back_keep_a_constant_depth(client: Any) -> None:
    rng = random.Random(26)
    state = deal(client, G, seats=5, seed=26, preset="beginner", options={"unwinding": True})
    while state["status"] == "opening":
        action = next(a for a in _listed(client, state, state["turn"]) if a["type"] == "declare_opening")
        state = call(client, G, "apply", {"state": state, "action": action})["state"]
    plays = take_backs = longest = 0
    depths = set()
    while plays < PLAYS:
        seat = state["turn"]
        hand = len(state["hands"][seat])
        # a play that empties the hand ends the game (and the log): keep one card back
        options = [a for a in _listed(client, state, seat) if a["type"] == "play" and len(a["cards"]) < hand]
        if options:
            action, plays = rng.choice(options), plays + 1
        else:
            owner = state["take_back"][-1]["seat"]
            action, take_backs = {"type": "take_back", "seat": owner}, take_backs + 1
            assert action in _listed(client, state, owner)
        answer = call(client, G, "apply", {"state": state, "action": action})
        state = answer["state"]
        assert state["status"] == "playing"
        # accepted back exactly as answered (the real body parser, then the state reader)
        body = json.dumps({"state": state, "action": {"type": "draw", "seat": state["turn"]}})
        checked = client.post("/v1/games/dabong/validate", data=body, content_type="application/json")
        assert checked.status_code == 200, checked.get_json()
        if action["type"] == "play":
            assert state["take_back"][-1]["cards"] == action["cards"]
        longest = max(longest, len(state["take_back"]))
        depths.add(_depth(state))
    assert max(depths) <= MOST_DEPTH, depths
    # long enough that the old record would have nested past the 32-level limit
    assert longest >= 20, (longest, take_backs)
