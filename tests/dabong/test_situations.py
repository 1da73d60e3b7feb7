"""dabong! situations (#28): posed as a player states them, completed into states the game accepts.

* every worked example of the rule document (every level), posed as a situation (the play on top
  and who laid it, the suit in force, whose turn, what is pending, the plays still open to a
  take-back, the hands of the seats the question is about), is answered in one ``validate``
  request with the documented verdict;
* on the tables of seeded playouts of every level, the situation a player would state about the
  seat to act lists exactly what the real table lists for it;
* any facts complete to a state the service takes back, or are refused with a 4xx;
* every play pattern, window and claim the game declares can be posed, and its action is legal;
* moments no game reaches are answered with the reason, the rule and the outcome the rules give;
  contradictory facts are refused with a pointer.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules_core.games.dabong import GAME
from rules_core.games.dabong.examples import EXAMPLES

ALL_EXAMPLES = [(rule_id, example) for rule_id, examples in EXAMPLES.items() for example in examples]
ROUTE = "/v1/games/dabong"


def situation_of(
    state: dict[str, Any],
    known: set[int],
    preset: str,
    options: Any = None,
    *,
    counts: bool = False,
    draw_pile: bool = False,
) -> dict[str, Any]:
    """What a player would say about ``state``: the table before the plays still open to a
    take-back (the play on top, who laid it, the suit, what is pending, whose turn), those
    plays, the hands of ``known`` (and, with ``counts``, how many cards the others hold), the
    one-card announcements, the hands still as dealt, the river, the score."""
    log = state["take_back"]
    table = log[0]["before"] if log else state
    laid = sum(len(entry["cards"]) for entry in log)
    pile = state["discard_pile"][: len(state["discard_pile"]) - laid]
    play = pile[-table["top_play"] :]
    ids = state["shaman_identities"]
    situation: dict[str, Any] = {
        "preset": preset,
        "seats": state["seats"],
        "dealer": state["dealer"],
        "turn": table["turn"],
        "reversed": table["direction"] == -1,
        "last_play": play,
        "top_by": table["top_seat"],
        "shamans": {c: ids[c] for c in play if c in ids},
        "rank_run": table["rank_run"],
        "announced": table["one_card_announced"],
        "as_dealt": table["as_dealt"],
    }
    if options:
        situation["options"] = options
    if state["status"] == "opening":
        situation["opening"] = True
    else:
        situation["suit"] = table["suit"]
    if state["status"] in ("playing", "opening"):
        situation["penalty"] = table["penalty"]["cards"] if table["penalty"] else 0
        situation["answer_open"] = table["answerable"] is not None
        situation["extra_play"] = table["extra_play"] is not None
    else:
        situation["game_winner"] = state["game_winner"]
        del situation["announced"], situation["as_dealt"]
    if table["river"] is not None:
        situation["river"] = table["river"]
    if draw_pile or len(state["draw_pile"]) < 5:
        situation["draw_pile"] = len(state["draw_pile"])
    if any(state["years_used"]):
        situation["years_used"] = state["years_used"]
    scores = state["scores"]
    if any(scores["games"]) or any(scores["sets"]) or any(scores["points"]):
        situation["scores"] = {k: scores[k] for k in ("games", "sets", "points")}
    if log:
        situation["take_back"] = [
            {"seat": e["seat"], "cards": e["cards"], "declare": e["declare"], "suit": e["suit"]} for e in log
        ]
    hands = []
    for seat, hand in enumerate(state["hands"]):
        if seat in known:
            hands.append({"seat": seat, "cards": hand})
        elif counts:
            hands.append({"seat": seat, "cards": [], "more": len(hand)})
    situation["hands"] = hands
    return situation


def _real_table(example: Any) -> Any:
    """The example's table after its setup, through the engine."""
    state = GAME.deal(
        seats=example.deal["seats"],
        options=GAME.options_for(example.deal["preset"], example.deal.get("options")),
        seed=example.deal["seed"],
        deck_order=tuple(GAME.deck.parse(c) for c in example.deal["deck_order"]),
    )
    for action in example.setup:
        outcome = GAME.apply(state, GAME.action_from_json(action))
        assert outcome.state is not None, action
        state = outcome.state
    return state


def _asked(action: dict[str, Any]) -> set[int]:
    """The seats a question is about: the seat acting, and a trade's partner or an asked seat."""
    seats = {action["seat"]}
    for key in ("partner", "target"):
        if isinstance(action.get(key), int):
            seats.add(action[key])
    return seats


@pytest.mark.parametrize(
    ("rule_id", "example"), ALL_EXAMPLES, ids=[f"{r}:{e.title}" for r, e in ALL_EXAMPLES]
)
def test_every_worked_example_as_a_situation(client: Any, rule_id: str, example: Any) -> None:
    state = GAME.state_to_json(_real_table(example))
    known = _asked(example.action) | {state["turn"]}
    if state["status"] in ("game_over", "over") and not state["hands"][state["game_winner"]]:
        known.discard(state["game_winner"])  # "seat 0 went out": its empty hand goes without saying
    situation = situation_of(state, known, example.deal["preset"], example.deal.get("options"))
    answer = client.post(f"{ROUTE}/validate", json={"situation": situation, "action": example.action})
    assert answer.status_code == 200, (rule_id, situation, answer.get_json())
    verdict = answer.get_json()
    assert verdict["legal"] is example.legal, (rule_id, situation, verdict)
    assert example.code in [r["code"] for r in verdict["reasons"]], (rule_id, verdict["reasons"])
    assert verdict["assumptions"], "a situation's answer says what was filled in"


#: The levels' options for the playouts: no trades (their listing is 2^n x 2^m and depends on the
#: other hands), short hands, the river and a year to claim in.
PLAYOUT_OPTIONS: dict[str, dict[str, Any]] = {
    "beginner": {"trading": False, "hand_size": 5},
    "intermediate": {"trading": False, "hand_size": 5, "deal_river": True, "calendar_year": 2026},
    "master": {"trading": False, "hand_size": 5, "scoring": "tennis", "games_per_set": 2},
}


def _playout_tables(preset: str, seeds: range, steps: int = 40) -> list[tuple[Any, int]]:
    """States of seeded random dabong! games: playing, settling the opening, between games."""
    options = GAME.options_for(preset, PLAYOUT_OPTIONS[preset])
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.deal(seats=2 + seed % 4, options=options, seed=seed, deck_order=None)
        for _ in range(steps):
            if GAME.is_over(state):
                break
            found.append((state, seed))
            entries = GAME.legal_actions(state).entries
            # Claims end a game at once: mostly play on, so that runs, windows and logs build up.
            keep = [e for e in entries if not e.action.type.startswith("claim")] or list(entries)
            pick = rng.choice(entries if rng.random() < 0.05 else keep)
            outcome = GAME.apply(state, pick.action)
            assert outcome.state is not None
            state = outcome.state
    return found


def _poseable(state: Any) -> bool:
    """A player can state the play on top only while its cards lie on the pile (after a reshuffle
    the mirror still answers a play whose other cards went back into the draw pile)."""
    laid = sum(len(e.action.cards) for e in state.take_back)
    pile = state.discard_pile[: len(state.discard_pile) - laid]
    restored = state if not state.take_back else dict(state.take_back[0].before)
    top_play = restored["top_play"] if isinstance(restored, dict) else state.top_play
    previous = restored["previous_play"] if isinstance(restored, dict) else state.previous_play
    return tuple(state.identity(c) for c in pile[-top_play:]) == previous


@pytest.mark.parametrize("preset", list(PLAYOUT_OPTIONS))
def test_a_situation_about_the_seat_to_act_lists_what_its_table_lists(preset: str) -> None:
    spec = GAME.situations
    options = GAME.options_for(preset, PLAYOUT_OPTIONS[preset])
    tables = [(s, seed) for s, seed in _playout_tables(preset, range(8)) if _poseable(s)]
    assert len(tables) > 100
    kinds = set()
    for state, seed in tables:
        state_json = GAME.state_to_json(state)
        seat = state.turn
        situation = situation_of(
            state_json, {seat}, preset, PLAYOUT_OPTIONS[preset], counts=True, draw_pile=True
        )
        facts, reader = spec.read(situation, GAME.max_seats)
        assert not reader.problems, (seed, reader.problems)
        posed = spec.complete(facts, options).state
        assert GAME.state_from_json(GAME.state_to_json(posed)) == posed  # a state the game accepts
        assert posed.hands[seat] == state.hands[seat]
        fields = ("status", "turn", "top", "suit", "direction", "penalty", "top_seat", "top_play", "rank_run")
        more = ("previous_play", "extra_play_then", "answerable", "river", "as_dealt", "announced", "dealer")
        for name in (*fields, *more):
            assert getattr(posed, name) == getattr(state, name), (name, seed, state_json, situation)
        assert [e.action for e in posed.take_back] == [e.action for e in state.take_back]
        real = [e.action for e in GAME.legal_actions(state, seat).entries]
        mine = [e.action for e in GAME.legal_actions(posed, seat).entries]
        assert mine == real, (seed, state_json, situation)
        kinds.update(a.type for a in real)
    assert {"play", "draw", "take_back"} <= kinds
