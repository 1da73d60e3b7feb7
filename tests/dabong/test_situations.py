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
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core.games.dabong import GAME, engine
from rules_core.games.dabong.examples import EXAMPLES
from rules_core.games.dabong.matcher import MATCHER
from rules_core.games.dabong.matcher_api import PileContext
from rules_core.games.dabong.patterns.specs import SPECS, PatternSpec
from rules_core.games.dabong.values import REAL_CARDS, card_suits, pile_value
from rules_core.kernel import ELEMENT_SUITS, RANKS, Card, InvalidInput, format_card
from rules_core.kernel.situations import Unreachable

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


# -- every pattern, window and claim can be posed ------------------------------------------------
SH1 = GAME.deck.parse("SH1")


def _per_rank(k: int, rotate: bool = False) -> list[Card]:
    suits = ELEMENT_SUITS
    return [
        Card(r, suits[(i + j) % 4] if rotate else suits[j]) for i, r in enumerate(RANKS) for j in range(k)
    ]


#: Orders of the 52 real cards whose windows hold every shape: by suit (sums, runs, flushes), one
#: card a rank in rotating suits (eight straights), and two, three, four cards a rank (clones,
#: pairs, sets, heaven and hell); (order, cards per rank).
ORDERS = (
    (list(REAL_CARDS), 1),
    (_per_rank(1, True), 1),
    (_per_rank(2), 2),
    (_per_rank(3), 3),
    (_per_rank(4), 4),
)


def _hands(sizes: tuple[int, ...]) -> Iterator[tuple[Card, ...]]:
    """Windows of the orders, without a Shaman first, then with one."""
    for shaman in (False, True):
        for i in range(13 * 4):
            for order, k in ORDERS:
                for size in sizes:
                    window = order[i * k : i * k + size]
                    if len(window) == size:
                        yield (*window[:-1], SH1) if shaman else tuple(window)


def _contexts(hand: tuple[Card, ...]) -> Iterator[tuple[dict[str, Any], PileContext]]:
    """Tables to lay ``hand`` on, as situation facts and as the matcher's pile: 2s pending (one
    and two), a two-card play on top (to mirror), and every real card on top, nothing pending."""

    def pile(top: Card, previous: tuple[Card, ...] = (), twos: int = 0) -> PileContext:
        return PileContext(
            top=top,
            active_suits=card_suits(top),
            pile_value=pile_value(top),
            previous_play=previous or (top,),
            pending_twos=twos,
            hand_size=len(hand) + 1,
        )

    two = GAME.deck.parse("2W")
    for twos in (1, 2):
        yield {"top": "2W", "penalty": 2 * twos, "rank_run": twos}, pile(two, twos=twos)
    previous = (GAME.deck.parse("2A"), GAME.deck.parse("AA"))
    if not set(previous) & set(hand):
        yield {"last_play": ["2A", "AA"]}, pile(previous[-1], previous)
    for top in REAL_CARDS:
        if top not in hand:  # a 2 or the Queen of Water on top: picked up already
            yield {"top": format_card(top), "penalty": 0}, pile(top)


def _witness(spec: PatternSpec) -> tuple[dict[str, Any], dict[str, Any]]:
    """A situation in which a play of ``spec`` is legal, and that play: the matcher lists the
    pattern's plays of a hand on a pile, the rules (on the completed table) must allow one."""
    options = GAME.options_for(spec.level, None)
    for hand in _hands((spec.least_cards, spec.least_cards + 1)):
        for facts, pile in _contexts(hand):
            page = MATCHER.list_plays(pile, hand, options, seat=0, limit=1, patterns=frozenset({spec.id}))
            for entry in page.entries:
                situation = {"preset": spec.level, "top_by": 1, **facts, "hands": [{"seat": 0, "cards": []}]}
                situation["hands"][0]["cards"] = [format_card(c) for c in hand]
                found, _ = GAME.situations.read(situation, GAME.max_seats)
                try:
                    state = GAME.situations.complete(found, options).state
                except (Unreachable, InvalidInput):
                    continue
                verdict = GAME.validate(state, entry.action)
                if verdict.legal and any(i.rule_id == spec.rule_id for i in verdict.interpretations):
                    return situation, entry.action.to_json()
    raise AssertionError(f"no table found for {spec.id} ({spec.rule_id})")


@pytest.mark.parametrize("spec", SPECS, ids=[f"{s.id}:{s.rule_id}" for s in SPECS])
def test_every_play_pattern_can_be_posed(client: Any, spec: PatternSpec) -> None:
    """Each pattern the game declares (the 2s answers included), at its own level."""
    situation, action = _witness(spec)
    answer = client.post(f"{ROUTE}/validate", json={"situation": situation, "action": action})
    assert answer.status_code == 200, answer.get_json()
    verdict = answer.get_json()
    assert verdict["legal"], (situation, action, verdict)
    assert spec.rule_id in [i["rule_id"] for i in verdict["interpretations"]], verdict["interpretations"]


def _hand(seat: int, *cards: str, more: int = 0) -> dict[str, Any]:
    return {"seat": seat, "cards": list(cards), "more": more}


_TENS = ["10F", "10W", "10E", "10A", "JF", "JW", "JE", "JA", "QF", "QE", "QA", "KF", "KW", "KE"]
#: Each window and claim of the game as a player poses it: (what, situation, action, the state's
#: member that shows the window open and its value there, or None).
POSED: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, Any] | None]] = [
    (
        "a play",
        {"top": "5F", "hands": [_hand(0, "9F", "KA")]},
        {"type": "play", "seat": 0, "cards": ["9F"]},
        None,
    ),
    ("a draw", {"top": "5F", "hands": [_hand(0, "3E", "KA")]}, {"type": "draw", "seat": 0}, None),
    (
        "a 2 to pick up",
        {"top": "2W", "top_by": 1},
        {"type": "pick_up", "seat": 0},
        ("penalty", {"cards": 2, "skip": True}),
    ),
    (
        "the Queen of Water to pick up",
        {"top": "QW", "top_by": 1},
        {"type": "pick_up", "seat": 0},
        ("penalty", {"cards": 2, "skip": False}),
    ),
    (
        "the heaven/hell answer window",
        {
            "preset": "intermediate",
            "seats": 3,
            "last_play": ["7F", "7W", "7A"],
            "top_by": 0,
            "hands": [_hand(2, "6A", "6E", "6W", "3F")],
        },
        {"type": "play", "seat": 2, "cards": ["6A", "6E", "6W"]},
        ("answerable", "heaven"),
    ),
    (
        "a 4th-card extra play to pass on",
        {"preset": "intermediate", "seats": 3, "top": "7E", "top_by": 0, "turn": 0, "rank_run": 4},
        {"type": "pass", "seat": 0},
        ("extra_play", {"then": 1}),
    ),
    (
        "a play to take back",
        {"top": "4A", "take_back": [{"seat": 0, "cards": ["4W"]}], "hands": [_hand(0, "3E", "KE")]},
        {"type": "take_back", "seat": 0},
        ("take_back", [{"seat": 0, "cards": ["4W"]}]),
    ),
    (
        "an opening 8 to settle",
        {"seats": 3, "opening": True, "top": "8E", "dealer": 2},
        {"type": "declare_opening", "seat": 2, "suit": "A"},
        ("status", "opening"),
    ),
    (
        "an opening Shaman to take",
        {"opening": True, "top": "SH1", "hands": [_hand(1, "3E", "4W", "KA")]},
        {"type": "take_opening_shaman", "seat": 1, "top": "3E"},
        ("status", "opening"),
    ),
    (
        "the next game to deal",
        {"options": {"scoring": "tennis"}, "game_winner": 0, "top": "4A", "dealer": 1},
        {"type": "next_game", "seat": 0},
        ("status", "game_over"),
    ),
    (
        "a natural dabong!",
        {"top": "KW", "top_by": 1, "hands": [_hand(0, "JE", "3A")]},
        {"type": "claim_natural", "seat": 0},
        None,
    ),
    (
        "one card to say",
        {"top": "5F", "hands": [_hand(0, "4W")]},
        {"type": "announce_one_card", "seat": 0},
        None,
    ),
    (
        "a seat to catch on one card",
        {"seats": 3, "top": "5F", "hands": [_hand(2, "4W")]},
        {"type": "ask_card_count", "seat": 0, "target": 2},
        None,
    ),
    (
        "a trade",
        {"top": "5F", "hands": [_hand(0, "3E", "9A"), _hand(1, "5W", more=3)]},
        {"type": "trade", "seat": 0, "cards": ["3E", "5W"], "partner": 1},
        None,
    ),
    (
        "the gross rule",
        {"preset": "intermediate", "top": "5F", "hands": [_hand(0, *_TENS, "4F")]},
        {"type": "claim_gross", "seat": 0},
        None,
    ),
    (
        "the half deck",
        {
            "preset": "intermediate",
            "top": "KA",
            "hands": [_hand(0, *(format_card(c) for c in REAL_CARDS[:26]))],
        },
        {"type": "claim_half_deck", "seat": 0},
        None,
    ),
    (
        "the worst hand",
        {
            "preset": "intermediate",
            "top": "3A",
            "as_dealt": [0],
            "hands": [_hand(0, "10F", "QE", "KA", "AW", "3F", "4E", "5A", "6W")],
        },
        {"type": "claim_worst_hand", "seat": 0},
        ("as_dealt", [0]),
    ),
    (
        "once a year",
        {"preset": "intermediate", "options": {"calendar_year": 2026}, "top": "10W"},
        {"type": "claim_once_a_year", "seat": 1},
        None,
    ),
]


def test_every_action_type_of_the_game_is_posed() -> None:
    assert {action["type"] for _, _, action, _ in POSED} == set(engine.ACTION_TYPES)


@pytest.mark.parametrize(("what", "situation", "action", "shows"), POSED, ids=[p[0] for p in POSED])
def test_every_window_and_claim_can_be_posed(
    client: Any, what: str, situation: dict[str, Any], action: dict[str, Any], shows: tuple[str, Any] | None
) -> None:
    table = client.post(f"{ROUTE}/situations", json={"situation": situation}).get_json()
    assert table["reachable"], table
    if shows is not None:
        member, value = shows
        shown = table["state"][member]
        if member == "take_back":  # the plays open to a take-back (without what each restores)
            shown = [{"seat": e["seat"], "cards": e["cards"]} for e in shown]
        assert shown == value, (what, shown)
    answer = client.post(f"{ROUTE}/validate", json={"situation": situation, "action": action})
    assert answer.status_code == 200, answer.get_json()
    verdict = answer.get_json()
    assert verdict["legal"], (what, verdict)


# -- moments no game reaches; contradictions ------------------------------------------------------
WON = "has won the game"


@pytest.mark.parametrize(
    ("situation", "rule_id", "outcome"),
    [
        ({"hands": [_hand(1)]}, "dabong.win", WON),
        ({"top": "5F", "penalty": 2}, "dabong.two", None),
        ({"top": "2W", "top_by": 1, "penalty": 4}, "dabong.twos_add_on", None),
        ({"top": "QW", "top_by": 1, "penalty": 4}, "dabong.queen_of_water", None),
        ({"seats": 3, "top": "2W", "top_by": 1, "turn": 0, "penalty": 2}, "dabong.two", None),
        ({"top": "5F", "suit": "W"}, "dabong.eight", None),
        ({"top": "JW", "suit": "F"}, "dabong.jack", None),
        ({"last_play": ["3W", "9F", "KA"]}, "dabong.level", None),
        ({"preset": "intermediate", "top": "5F", "answer_open": True}, "dabong.heaven_hell_answer", None),
        ({"preset": "intermediate", "top": "5F", "extra_play": True}, "dabong.fourth_card", None),
        (
            {"preset": "intermediate", "top": "7E", "rank_run": 5, "hands": [_hand(0, "7F", "7W", "SH1")]},
            "dabong.fourth_card",
            None,
        ),
        ({"river": "7E"}, "dabong.river", None),
        ({"opening": True, "top": "8E", "dealer": 1, "turn": 0}, "dabong.opening", None),
        ({"announced": [0], "hands": [_hand(0, "4W", "5W")]}, "dabong.one_card", None),
        (
            {"options": {"unwinding": False}, "top": "4A", "take_back": [{"seat": 0, "cards": ["4W"]}]},
            "dabong.unwind",
            None,
        ),
        ({"top": "4A", "take_back": [{"seat": 0, "cards": ["5E"]}]}, "dabong.follow", None),
        (
            {"top": "4A", "take_back": [{"seat": 0, "cards": ["4W"]}], "hands": [_hand(0)]},
            "dabong.unwind",
            WON,
        ),
        ({"game_winner": 0, "penalty": 2}, "dabong.win", WON),
        (
            {"options": {"scoring": "tennis"}, "scores": {"sets": [1, 0]}},
            "dabong.scoring.tennis",
            "seat 0 has won the match",
        ),
        (
            {"options": {"scoring": "points"}, "scores": {"points": [310, 120]}},
            "dabong.scoring.points",
            "seat 1 has the lowest total",
        ),
    ],
)
def test_a_moment_no_game_reaches_gets_the_reason_and_outcome(
    client: Any, situation: dict[str, Any], rule_id: str, outcome: str | None
) -> None:
    answer = client.post(f"{ROUTE}/situations", json={"situation": situation})
    assert answer.status_code == 200, answer.get_json()
    found = answer.get_json()
    assert found["reachable"] is False and found["rule_id"] == rule_id and found["reason"], found
    assert found["pointer"].startswith("/situation")
    if outcome is None:
        assert found["outcome"] is None
    else:
        assert outcome in found["outcome"]["text"], found["outcome"]
    problem = client.post(f"{ROUTE}/legal-actions", json={"situation": situation, "seat": 0})
    assert problem.status_code == 422
    assert problem.get_json()["type"] == "urn:table-judge:problem:unreachable-situation"
    assert problem.get_json()["rule_id"] == rule_id


@pytest.mark.parametrize(
    ("situation", "pointers"),
    [
        ({"hands": [_hand(0, "7F"), _hand(1, "7F")]}, ["/situation/hands/1/cards/0"]),
        ({"top": "7F", "hands": [_hand(0, "7F")]}, ["/situation/top"]),
        ({"top": "5F", "last_play": ["3W", "7W"]}, ["/situation/top"]),
        ({"seats": 2, "turn": 3}, ["/situation/turn"]),
        ({"hands": [_hand(0, "7F"), _hand(0, "8F")]}, ["/situation/hands/1/seat"]),
        ({"top": "5F", "shamans": {"SH1": "5W"}}, ["/situation/shamans/SH1"]),
        ({"top": "SH1"}, ["/situation/shamans"]),
        ({"seats": 3, "scores": {"games": [0, 1]}}, ["/situation/scores/games"]),
        ({"colour": "red"}, ["/situation/colour"]),
        ({"preset": "nope"}, ["/situation/preset"]),
        ({"penalty": 99}, ["/situation/penalty"]),
        (  # every problem is listed
            {"hands": [_hand(0, "KW"), _hand(1, "KW")], "river": "KW", "top": "KW", "shamans": {"SH2": "KW"}},
            ["/situation/hands/1/cards/0", "/situation/river", "/situation/top", "/situation/shamans/SH2"],
        ),
    ],
)
def test_contradictory_facts_are_refused_with_pointers(
    client: Any, situation: dict[str, Any], pointers: list[str]
) -> None:
    answer = client.post(f"{ROUTE}/situations", json={"situation": situation})
    assert answer.status_code == 422, answer.get_json()
    found = [e["pointer"] for e in answer.get_json()["errors"]]
    assert set(pointers) <= set(found), found


def test_can_i_win_with_a_jack_and_a_three_on_a_king(client: Any) -> None:
    """The issue's question: the other hands are filled in so that none can claim on the King, and
    every assumption says why it cannot change the answer."""
    situation = {"seats": 4, "top": "KW", "top_by": 2, "turn": 3, "hands": [_hand(0, "JE", "3A")]}
    action = {"type": "claim_natural", "seat": 0}
    verdict = client.post(f"{ROUTE}/validate", json={"situation": situation, "action": action}).get_json()
    assert verdict["legal"] and "natural_dabong" in [r["code"] for r in verdict["reasons"]], verdict
    table = client.post(f"{ROUTE}/situations", json={"situation": situation}).get_json()
    assert table["reachable"] and table["turn"] == 3 and 0 in table["out_of_turn"], table
    about = {a["about"] for a in table["assumptions"]}
    assert {"/hands/1", "/hands/2", "/hands/3", "/draw_pile", "/dealer"} <= about
    assert all(a["text"] and a["why"] for a in table["assumptions"])
    assert len(table["state"]["draw_pile"]) == 55 - 2 - 3 * 8 - 1  # the rest, in deck order
    for seat in (1, 2, 3):
        listed = client.post(
            f"{ROUTE}/legal-actions", json={"situation": situation, "seat": seat, "types": ["claim_natural"]}
        ).get_json()
        assert listed["total_entries"] == 0, (seat, listed)


@pytest.mark.parametrize(
    ("summary", "situation"), GAME.situations.examples, ids=[s for s, _ in GAME.situations.examples]
)
def test_the_documents_examples_are_reachable(client: Any, summary: str, situation: dict[str, Any]) -> None:
    table = client.post(f"{ROUTE}/situations", json={"situation": situation}).get_json()
    assert table["reachable"], (summary, table)
    listed = client.post(f"{ROUTE}/legal-actions", json={"situation": situation, "seat": table["turn"]})
    assert listed.status_code == 200 and listed.get_json()["total_entries"] > 0
