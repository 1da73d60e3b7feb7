"""The Dobon bot: always legal, sees only its view, reproducible, and plays like its level.

Strength itself is measured by a command, not here (see docs/bots/dobon.md):

    .venv/bin/python -m tools.selfplay --game dobon --seats 2 --levels strong,normal --games 2000
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest

from rules_core.bots import LEVELS, Level, play_match
from rules_core.games.dobon import ACTION_CARDS, GAME, SUM_ONLY
from rules_core.games.dobon.bot import BOT
from rules_core.games.dobon.bot.knowledge import legal_on, world_of
from rules_core.games.dobon.bot.odds import HandOdds, sum_ways
from rules_core.games.dobon.state import DobonState, Status
from rules_core.games.dobon.view import drawn_holder
from rules_core.games.dobon.wire import read_state as decode
from rules_core.games.dobon.wire import write_state as encode
from tests.dobon.tables import table
from tests.dobon.walks import walk

PRESETS = {"sum_only": SUM_ONLY, "action_cards": ACTION_CARDS}


class _Recorder:
    """Wraps the bot in self-play and keeps every suggested action (play_match checks legality)."""

    def __init__(self) -> None:
        self.seen: Counter[str] = Counter()

    def suggest(self, view, seat, level, *, seed, optional=False):  # type: ignore[no-untyped-def]
        found = BOT.suggest(view, seat, level, seed=seed, optional=optional)
        if found is not None:
            action = found.action
            kind = action.type
            if kind == "play" and len(action.cards) > 1:
                kind = "bundle"
            elif kind == "play" and action.suit is not None:
                kind = "wild_eight"
            self.seen[kind] += 1
            assert found.rationale and found.level is Level(level)
        return found


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seats", [2, 4])
def test_every_level_only_suggests_legal_actions_in_self_play(preset: str, seats: int) -> None:
    """play_match applies each suggestion and raises on an illegal one; every level plays every seat."""
    recorder = _Recorder()
    levels = [LEVELS[i % len(LEVELS)] for i in range(seats)]
    games = 8 if seats == 2 else 6
    for shift in range(len(LEVELS) if seats == 2 else 1):
        rotated = [LEVELS[(i + shift) % len(LEVELS)] for i in range(seats)] if seats == 2 else levels
        result = play_match(GAME, recorder, rotated, games=games, seed=shift, options=PRESETS[preset])
        assert result.games == games
    expected = {"play", "draw", "claim", "continue"}
    if preset == "action_cards":
        expected |= {"end_turn", "wild_eight"}
    assert expected <= set(recorder.seen), recorder.seen


def _redealt(state: DobonState, seat: int, rng: random.Random) -> DobonState:
    """The same table with the cards ``seat`` cannot see (other hands, the stock) dealt again."""
    hidden = [c for i, h in enumerate(state.hands) if i != seat for c in h] + list(state.draw_pile)
    rng.shuffle(hidden)
    hands = []
    for i, held in enumerate(state.hands):
        if i == seat:
            hands.append(held)
        else:
            hands.append(tuple(hidden[: len(held)]))
            del hidden[: len(held)]
    return replace(state, hands=tuple(hands), draw_pile=tuple(hidden))


def _acting(state: DobonState) -> int | None:
    if state.status is Status.ROUND_OVER:
        return 0
    return state.turn


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seats", [2, 4])
def test_suggestion_cannot_change_when_hidden_cards_are_redealt(preset: str, seats: int) -> None:
    """Two states that differ only in cards the seat cannot see get the same suggestion."""
    rng = random.Random(f"redeal/{preset}/{seats}")
    checked = 0
    for seed in range(3):
        for step, state in enumerate(walk(PRESETS[preset], seats, seed, max_steps=60)):
            seat = _acting(state)
            if seat is None or (state.drawn is not None and drawn_holder(state) != seat):
                continue
            other = _redealt(state, seat, rng)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            for level in LEVELS:
                a = BOT.suggest(GAME.view(state, seat), seat, level, seed=step)
                b = BOT.suggest(GAME.view(other, seat), seat, level, seed=step)
                assert a == b, (seed, step, level)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("preset", PRESETS)
def test_same_view_and_seed_give_the_same_suggestion(preset: str) -> None:
    for state in walk(PRESETS[preset], 3, 11, max_steps=40):
        seat = _acting(state)
        if seat is None:
            continue
        view = GAME.view(state, seat)
        for level in LEVELS:
            first = BOT.suggest(view, seat, level, seed=5)
            assert first == BOT.suggest(dict(view), seat, level, seed=5)


@pytest.mark.parametrize("preset", PRESETS)
def test_sampled_worlds_are_valid_states_that_agree_with_the_view(preset: str) -> None:
    """The bot reads the view directly into a world; the codec must accept it, its view be the view,
    and the seat's legal actions there be the real ones (they depend on nothing hidden)."""
    rng = random.Random(3)
    for seed in range(2):
        for state in walk(PRESETS[preset], 4, seed, max_steps=80):
            seat = _acting(state)
            if seat is None:
                continue
            view = GAME.view(state, seat)
            world = world_of(view, seat, rng)
            assert decode(encode(world)) == world
            if state.drawn is None or drawn_holder(state) == seat:
                assert GAME.view(world, seat) == view
            real = [e.action for e in GAME.legal_actions(state, seat).entries]
            assert legal_on(world, seat) == real


def test_optional_offers_are_declined_during_a_round() -> None:
    state = table([["AS", "2S", "3S", "4S"], ["KH", "QH", "JH", "9H"]], "10D")
    assert BOT.suggest(GAME.view(state, 1), 1, Level.NORMAL, seed=0, optional=True) is None


def test_thinking_levels_always_claim_and_normal_puts_its_smallest_card_on_top() -> None:
    """Opening 10 against A+2+3+4 = 10: seat 0 is asked first and claims."""
    state = table([["AS", "2S", "3S", "4S"], ["KH", "QH", "JH", "9H"]], "10D")
    for seed in range(20):
        normal = BOT.suggest(GAME.view(state, 0), 0, Level.NORMAL, seed=seed)
        strong = BOT.suggest(GAME.view(state, 0), 0, Level.STRONG, seed=seed)
        assert normal is not None and strong is not None
        assert normal.action.type == "claim" and str(normal.action.top) == "AS"
        assert strong.action.type == "claim"


def test_strong_puts_on_top_the_card_a_one_card_opponent_cannot_match() -> None:
    """Seat 1 holds one card and the three other fives are visible: strong puts its five on top
    (no unseen card can return on it); normal still puts its smallest card, the four, on top."""
    state = table([["4S", "5S", "KD", "QD"], ["KH", "QH", "JH", "2H"]], "9D")
    data = encode(state)
    discards = ["5H", "5D", "5C", "9D"]
    data["hands"] = [["4S", "5S"], ["KH"]]
    data["discard_pile"] = discards
    held = {"4S", "5S", "KH", *discards}
    data["draw_pile"] = [c for c in (*data["draw_pile"], "KD", "QD", "QH", "JH", "2H") if c not in held]
    data.update(status="checking", turn=0, step=None, top_owner=1, move=9, round_move=9)
    data["check"] = {"kind": "discard", "asking": [0], "resume": {"seat": 0, "step": "turn"}}
    moment = decode(data)
    strong = BOT.suggest(GAME.view(moment, 0), 0, Level.STRONG, seed=1)
    normal = BOT.suggest(GAME.view(moment, 0), 0, Level.NORMAL, seed=1)
    assert strong is not None and normal is not None
    assert strong.action.type == normal.action.type == "claim"
    assert str(strong.action.top) == "5S", strong.rationale
    assert str(normal.action.top) == "4S"


def test_easy_sometimes_overlooks_a_matching_total() -> None:
    state = table([["AS", "2S", "3S", "4S"], ["KH", "QH", "JH", "9H"]], "10D")
    kinds = Counter(
        BOT.suggest(GAME.view(state, 0), 0, Level.EASY, seed=s).action.type  # type: ignore[union-attr]
        for s in range(60)
    )
    assert kinds["claim"] > 0 and kinds["continue"] > 0


def test_thinking_levels_answer_a_two_rather_than_take_a_pile() -> None:
    """Sum-only: an opening two obliges seat 0; holding a two, it passes the obligation on."""
    state = table([["2S", "9S", "KD", "QD"], ["KH", "QH", "JH", "9H"]], "2D")
    while state.status is Status.CHECKING:
        state = GAME.resolve(state, GAME.action_from_json({"type": "continue", "seat": state.turn})).state  # type: ignore[assignment]
    assert state.obligation == 2 and state.turn == 0
    for level in (Level.NORMAL, Level.STRONG):
        found = BOT.suggest(GAME.view(state, 0), 0, level, seed=0)
        assert found is not None and found.action.type == "play" and str(found.action.cards[0]) == "2S"


def test_hand_odds_match_brute_force() -> None:
    supply = {1: 2, 2: 1, 3: 3, 5: 2, 7: 1, 13: 1}
    cards = [v for v, n in supply.items() for _ in range(n)]
    for k in range(1, 5):
        counted = Counter(sum(combo) for combo in combinations(cards, k))
        ways = sum_ways(supply, k)
        assert ways == [counted.get(s, 0) for s in range(14)]
    odds = HandOdds(supply)
    total = sum(1 for _ in combinations(cards, 2))
    assert odds.hits(2, 6) == pytest.approx(Counter(sum(c) for c in combinations(cards, 2))[6] / total)
    assert odds.hits(0, 6) == 0.0 and odds.hits(2, 14) == 0.0
