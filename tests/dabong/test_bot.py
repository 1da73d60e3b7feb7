"""The dabong! CPU player: always legal, sees only its view, seeded, plays the plain strategy.

Strength is measured by the self-play command (docs/bots/dabong.md), not here;
these tests are the smoke run (legality at every level), the view-only property
and the decisions each level is documented to make.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from rules_core.bots import LEVELS, Level, play_match
from rules_core.games.dabong import GAME
from rules_core.games.dabong.bot import BOT, _social
from rules_core.games.dabong.bot.choices import PAGE, legal_entries
from rules_core.games.dabong.bot.policy import Judge, census_uniform
from rules_core.games.dabong.bot.seen import read_view
from rules_core.games.dabong.matcher_api import MatchBudgetExceeded
from rules_core.games.dabong.state import DabongState
from rules_core.kernel import Action, parse_card


def _state(seats: int = 4, **changes: Any) -> DabongState:
    """A Beginner table in play, changed by ``changes`` (JSON fields), validated."""
    base = GAME.state_to_json(GAME.deal(seats=seats, options=None, seed=3, deck_order=None))
    base.update(status="playing", penalty=None, top_play=1)
    # fields of the later levels, where the engine has them: nothing dealt is kept, one
    # card was laid last (every table below ends in two different ranks)
    for key, value in (("as_dealt", []), ("rank_run", 1)):
        if key in base:
            base[key] = value
    base.update(changes)
    if "previous_play" in base:
        base["previous_play"] = base["discard_pile"][-1:]
    return GAME.state_from_json(base)


def _table(hands: list[list[str]], top: list[str], turn: int, **extra: Any) -> DabongState:
    """A table with these hands and discard pile; every other card in the draw pile."""
    used = {c for h in hands for c in h} | set(top)
    rest = [str(c) for c in GAME.deck.cards if str(c) not in used]
    return _state(len(hands), hands=hands, discard_pile=top, draw_pile=rest, turn=turn, **extra)


def _suggest(state: DabongState, seat: int, level: str, *, seed: int = 0, optional: bool = False) -> Any:
    return BOT.suggest(GAME.view(state, seat), seat, Level(level), seed=seed, optional=optional)


def _legal(state: DabongState, action: Action) -> bool:
    return GAME.resolve(state, action).verdict.legal


# -- smoke: every level, every suggestion legal ----------------------------------------


@pytest.mark.parametrize(
    "levels",
    [
        ("random", "easy"),
        ("normal", "strong"),
        ("strong", "random", "easy", "normal"),
    ],
)
def test_self_play_every_suggestion_is_legal(levels: tuple[str, ...]) -> None:
    # play_match raises on any illegal suggestion and on a seat left without one
    result = play_match(GAME, BOT, [Level(x) for x in levels], games=6, seed=17)
    assert result.games == 6
    assert sum(result.wins.values()) + result.draws == 6


def test_levels_cover_the_shared_vocabulary() -> None:
    state = _state()
    for level in LEVELS:
        got = _suggest(state, state.turn, level.value)
        assert got is not None and got.level is level and _legal(state, got.action)


# -- the bot sees only its view ---------------------------------------------------------


def _rehide(state: DabongState, seat: int, rng: random.Random) -> DabongState:
    """The same table with the cards ``seat`` cannot see dealt again among the hidden places."""
    hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h] + list(state.draw_pile)
    rng.shuffle(hidden)
    hands, pos = [], 0
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(tuple(hidden[pos : pos + len(hand)]))
            pos += len(hand)
    return replace(state, hands=tuple(hands), draw_pile=tuple(hidden[pos:]), take_back=())


def _walk(seats: int, seed: int, steps: int) -> list[DabongState]:
    """States of a normal-level self-play game (the bot is a fine source of reachable tables)."""
    state = GAME.deal(seats=seats, options=None, seed=seed, deck_order=None)
    seen = []
    for step in range(steps):
        if GAME.is_over(state) or state.status not in ("opening", "playing"):
            break
        seen.append(state)
        got = _suggest(state, state.turn, "normal", seed=step)
        assert got is not None
        state = GAME.apply(state, got.action).state or state
    return seen


@pytest.mark.parametrize("seats", [2, 4])
def test_suggestion_cannot_change_when_hidden_cards_are_dealt_again(seats: int) -> None:
    rng = random.Random(seats)
    checked = 0
    for state in _walk(seats, seed=seats * 7, steps=40)[::3]:
        state = replace(state, take_back=())
        other = _rehide(state, state.turn, rng)
        assert other != state or len(state.draw_pile) == 0
        assert GAME.view(other, state.turn) == GAME.view(state, state.turn)
        for level in LEVELS:
            for seat, optional in ((state.turn, False), ((state.turn + 1) % seats, True)):
                a = _suggest(state, seat, level.value, seed=5, optional=optional)
                b = _suggest(_rehide(state, seat, rng), seat, level.value, seed=5, optional=optional)
                assert a == b
                checked += 1
    assert checked >= 40


def test_same_request_same_answer_and_the_seed_matters_for_random() -> None:
    state = next(
        s for s in _walk(4, seed=2, steps=15) if len(GAME.legal_actions(s, s.turn, limit=3).entries) > 2
    )
    for level in LEVELS:
        assert _suggest(state, state.turn, level.value, seed=9) == _suggest(
            state, state.turn, level.value, seed=9
        )
    randoms = {_suggest(state, state.turn, "random", seed=s).action for s in range(12)}
    assert len(randoms) > 1


# -- decisions ----------------------------------------------------------------------------


def test_natural_dabong_is_claimed_out_of_turn_at_normal_and_strong() -> None:
    # seat 2 holds 3 + 10 = 13 and seat 0 has just laid a King: a natural dabong!
    state = _table(
        [["4F", "5W"], ["6E", "7A"], ["3E", "10W"], ["2A", "9F"]], ["5E", "KW"], turn=1, top_seat=0
    )
    for level in ("normal", "strong"):
        got = _suggest(state, 2, level, optional=True)
        assert got is not None and got.action == Action(type="claim_natural", seat=2)
        assert _legal(state, got.action)


def test_natural_with_a_shaman_names_the_shamans_value() -> None:
    state = _table(
        [["4F", "5W"], ["6E", "7A"], ["SH1", "4W"], ["2A", "9F"]], ["5E", "9W"], turn=1, top_seat=0
    )
    got = _suggest(state, 2, "normal", optional=True)
    assert got is not None and got.action == Action(type="claim_natural", seat=2, value=5)


def test_no_claim_on_a_card_the_seat_put_on_top_and_nothing_to_do_declines() -> None:
    state = _table(
        [["4F", "5W"], ["6E", "7A"], ["3E", "10W"], ["2A", "9F"]], ["5E", "KW"], turn=3, top_seat=2
    )
    for level in LEVELS:
        assert _suggest(state, 2, level.value, optional=True) is None


def test_one_card_is_announced_and_an_unannounced_one_card_is_asked_about() -> None:
    state = _table([["4F", "5W"], ["6E"], ["3E", "10W", "QA"], ["2A", "9F"]], ["5E", "9W"], turn=2)
    own = _suggest(state, 1, "normal", optional=True)
    assert own is not None and own.action.type == "announce_one_card"
    asked = _suggest(state, 3, "normal", optional=True)
    assert asked is not None and asked.action.type == "ask_card_count" and asked.action.param("target") == 1
    assert _legal(state, asked.action)
    assert _suggest(state, 3, "easy", optional=True) is None  # easy never asks


def test_queen_of_water_goes_to_a_next_seat_that_announced_one_card() -> None:
    state = _table(
        [["QW", "4W", "KE", "6E"], ["7A"], ["3E", "10A", "QA"], ["2A", "9F", "KF"]],
        ["5E", "9W"],
        turn=0,
        one_card_announced=[1],
    )
    got = _suggest(state, 0, "normal")
    assert got is not None and got.action.cards == (parse_card("QW"),)


def test_two_players_string_a_jack_into_going_out() -> None:
    # faced with 7 of Fire: J of Earth (skip: the turn comes back), then 4 of Earth goes out;
    # strong plans the string (the Jack is the only way to empty the hand in one turn)
    state = _table([["JE", "4E", "KA"], ["2A", "9F", "6W"]], ["7F"], turn=0, top_seat=1)
    got = _suggest(state, 0, "strong")
    assert got is not None and got.action.cards == (parse_card("JE"),) and got.action.suit is not None
    after = GAME.apply(state, got.action).state
    assert after is not None and after.turn == 0
    again = _suggest(after, 0, "strong")
    assert again is not None and again.action.cards == (parse_card("4E"),)


def test_take_backs_are_never_taken_and_trades_never_proposed() -> None:
    for state in _walk(2, seed=4, steps=30):
        for seat in range(state.seats):
            for level in LEVELS:
                got = _suggest(state, seat, level.value, seed=1, optional=seat != state.turn)
                if got is not None:
                    assert got.action.type not in ("take_back", "trade")


def test_the_dealer_keeps_an_opening_shaman_and_buries_its_worst_card() -> None:
    for seed in range(200):
        state = GAME.deal(seats=3, options=None, seed=seed, deck_order=None)
        if state.status == "opening" and state.top.is_shaman:
            break
    else:
        pytest.skip("no opening Shaman in the seeds tried")
    got = _suggest(state, state.turn, "normal")
    assert got is not None and got.action.type == "take_opening_shaman"
    hand = state.hands[state.turn]
    assert got.action.top is not None and got.action.top.rank is not None
    assert _legal(state, got.action)
    assert not got.action.top.is_shaman and got.action.top in hand


def test_an_unknown_action_type_scores_as_keeping_the_hand() -> None:
    state = _state()
    judge = Judge(seen=read_view(GAME.view(state, state.turn), state.turn), census=census_uniform())
    pass_score = judge.score(Action(type="pass", seat=state.turn))
    assert pass_score == judge.hand_worth(state.hands[state.turn]) - 1.0
    assert pass_score > judge.score(Action(type="draw", seat=state.turn))


@pytest.mark.parametrize("preset", [p for p in GAME.presets if p != GAME.default_preset])
def test_later_levels_every_suggestion_is_legal(preset: str) -> None:
    levels = [Level.STRONG, Level.NORMAL, Level.EASY, Level.RANDOM]
    result = play_match(GAME, BOT, levels, games=2, seed=3, options=GAME.presets[preset])
    assert result.games == 2


def test_a_long_listing_is_read_by_pattern_and_stays_legal() -> None:
    # three Shamans: thousands of declared plays; the bot reads plain plays and Shaman singles
    state = _table(
        [["AA", "SH2", "6A", "2E", "2A", "SH3", "7F", "SH1"], ["6E", "7A"], ["3E", "10W"], ["4A", "9F"]],
        ["5E", "QF"],
        turn=0,
    )
    assert GAME.legal_actions(state, 0, limit=1).total_entries > PAGE
    entries = legal_entries(state, 0)
    kinds = {(e.action.type, any(c.is_shaman for c in e.action.cards)) for e in entries}
    assert {("draw", False), ("play", False), ("play", True)} <= kinds
    for entry in entries:
        assert _legal(state, entry.action), entry.action
    for level in LEVELS:
        got = _suggest(state, 0, level.value)
        assert got is not None and _legal(state, got.action)


def test_the_once_a_year_claim_is_kept_for_a_game_that_decides_the_match() -> None:
    claim = Action(type="claim_once_a_year", seat=1)
    draw = Action(type="draw", seat=1)
    rng = random.Random(0)
    assert _social([claim, draw], Level.NORMAL, rng, spend_yearly=False) is None
    got = _social([claim, draw], Level.NORMAL, rng, spend_yearly=True)
    assert got is not None and got[0] == claim


def test_when_the_matcher_refuses_the_work_the_bot_still_finds_legal_actions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _table(
        [["AA", "SH2", "6A", "2E", "SH3", "7F", "SH1"], ["6E", "7A"], ["3E", "10W"], ["4A", "9F"]],
        ["5E", "QF"],
        turn=0,
    )
    listing = GAME.legal_actions

    def refusing(world: DabongState, seat: int | None = None, **kw: Any) -> Any:
        if seat == 0 and any(c.is_shaman for c in world.hands[0]):
            raise MatchBudgetExceeded(task="listing", spent=2, limit=1, advice="declare the Shamans")
        return listing(world, seat, **kw)

    monkeypatch.setattr(GAME, "legal_actions", refusing)
    entries = legal_entries(state, 0)
    assert {e.action.type for e in entries} >= {"draw", "play"}
    monkeypatch.undo()
    for entry in entries:
        assert _legal(state, entry.action), entry.action
