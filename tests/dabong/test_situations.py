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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core.games.dabong import GAME
from rules_core.games.dabong.examples import EXAMPLES
from rules_core.kernel import format_card

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


CARDS = [format_card(c) for c in GAME.deck.cards]
SUIT = st.sampled_from(["F", "W", "E", "A"])


#: Facts said one time in two (the others one time in six).
COMMON = frozenset({"dealer", "turn", "top", "last_play", "top_by", "shamans"})


@st.composite
def facts(draw: st.DrawFn) -> dict[str, Any]:
    """Any situation a client could send, sense or nonsense (within the schema): each fact said one
    time in three, mostly about seats of the table and distinct cards, so that many complete and
    many do not."""
    deck = iter(draw(st.permutations(CARDS)))
    seats = draw(st.integers(2, 5))
    seat = st.integers(0, seats - 1) if draw(st.integers(0, 9)) else st.integers(0, 4)

    def cards(lo: int, hi: int) -> list[str]:
        return [next(deck) for _ in range(draw(st.integers(lo, hi)))]

    def per_seat(item: Any) -> Any:
        return st.lists(item, min_size=seats, max_size=seats) if draw(st.integers(0, 9)) else st.lists(item)

    play = cards(1, 1 if draw(st.integers(0, 2)) else 4)
    situation: dict[str, Any] = {"seats": seats} if draw(st.integers(0, 2)) else {}
    river = draw(st.integers(0, 5)) == 0
    if river:
        situation["river"] = next(deck)
    situation["preset"] = draw(st.sampled_from(["beginner", "intermediate", "master"]))
    options = {"deal_river": True} if river and draw(st.integers(0, 5)) else {}
    if draw(st.integers(0, 2)) == 0:
        options.update(
            draw(
                st.fixed_dictionaries(
                    {},
                    optional={
                        "hand_size": st.integers(1, 10),
                        "scoring": st.sampled_from(["single", "tennis", "points"]),
                        "unwinding": st.booleans(),
                        "calendar_year": st.sampled_from([0, 2026]),
                    },
                )
            )
        )
    if river and options.get("deal_river") and situation["preset"] == "beginner":
        situation["preset"] = "intermediate"
    if options:
        situation["options"] = options
    shamans = [c for c in play if c.startswith("SH")]
    for key, value in (
        ("dealer", seat),
        ("turn", seat),
        ("reversed", st.booleans()),
        ("opening", st.booleans()),
        ("top" if draw(st.integers(0, 1)) else "last_play", st.just(play)),
        ("top_by", seat),
        ("shamans", st.fixed_dictionaries({s: st.sampled_from(CARDS[:52]) for s in shamans})),
        ("suit", SUIT),
        ("penalty", st.sampled_from([0, 2, 3, 4, 6, 12, 14])),
        ("rank_run", st.integers(1, 7)),
        ("answer_open", st.booleans()),
        ("extra_play", st.booleans()),
        ("announced", st.lists(seat, max_size=2)),
        ("as_dealt", st.lists(seat, max_size=3)),
        ("draw_pile", st.integers(0, 54)),
        ("game_winner", seat),
        (
            "scores",
            st.fixed_dictionaries({}, optional={k: per_seat(st.integers(0, 3)) for k in ("games", "sets")}),
        ),
        ("years_used", per_seat(st.lists(st.sampled_from([2025, 2026]), max_size=1))),
    ):
        if draw(st.integers(0, 1 if key in COMMON else 5)) == 0:
            situation[key] = draw(value)
    if any(key in situation for key in ("scores", "years_used")) and draw(st.integers(0, 9)):
        situation["seats"] = seats
    if situation.get("top") is not None:
        situation["top"] = play[-1]
    if shamans and "shamans" not in situation and draw(st.integers(0, 3)):
        situation["shamans"] = {s: draw(st.sampled_from(CARDS[:52])) for s in shamans}
    known = draw(st.lists(seat, max_size=3, unique=True))
    if known:
        situation["hands"] = [
            {"seat": s, "cards": cards(0, 6), "more": draw(st.integers(0, 4))} for s in known
        ]
    if draw(st.integers(0, 3)) == 0:
        # Mostly a card that follows the top card's suit, laid by the seat on turn: often legal.
        top, rest = play[-1], list(deck)
        follows = (
            [c for c in rest if c[-1] == top[-1] and not c.startswith("SH")] if draw(st.booleans()) else []
        )
        laid = [follows[0]] if follows and not top.startswith("SH") else rest[:1]
        situation["take_back"] = [
            {"seat": situation.get("turn", 0) if draw(st.booleans()) else draw(seat), "cards": laid}
        ]
        if draw(st.integers(0, 2)) == 0 and len(rest) > 2:
            situation["take_back"].append({"seat": draw(seat), "cards": rest[1:3]})
    return situation


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(situation=facts())
def test_any_situation_completes_to_a_state_the_service_takes_back_or_a_4xx(
    client: Any, situation: dict[str, Any]
) -> None:
    """Never a 500: a state the service reads back (and whose last play, if any, can be taken
    back), a moment no game reaches (with its reason), or the facts' problems."""
    answer = client.post(f"{ROUTE}/situations", json={"situation": situation})
    assert answer.status_code in (200, 422), (situation, answer.get_json())
    found = answer.get_json()
    if answer.status_code == 422:
        assert found["errors"] and all(e["pointer"].startswith("/situation") for e in found["errors"])
        return
    if not found["reachable"]:
        assert (
            found["reason"]
            and found["rule_id"].startswith("dabong.")
            and found["pointer"].startswith("/situation")
        )
        return
    state = found["state"]
    log = state["take_back"]
    seat = log[-1]["seat"] if log else state["turn"]
    action = {"type": "take_back" if log else "draw", "seat": seat}
    verdict = client.post(f"{ROUTE}/validate", json={"state": state, "action": action})
    assert verdict.status_code == 200, (situation, verdict.get_json())
    if log:
        assert verdict.get_json()["legal"], (situation, verdict.get_json())
