"""Seeded random playouts over both presets and every option that changes the flow.

``test_random_playouts_keep_every_invariant`` runs the generic checker
(``tests/playouts.py``); ``test_every_round_ends_in_a_win_or_a_rule_draw`` adds Dobon's
own invariants on cheaper walks. The suite runs a bounded sample; the long run is

    DOBON_LONG_PLAYOUTS=1 .venv/bin/python -m pytest tests/dobon/test_playouts.py

(every variant, seeds 0..4, 2 to 4 seats, through the generic checker).
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from rules_core.games.dobon import ACTION_CARDS, GAME, SUM_ONLY, DobonOptions
from rules_core.games.dobon.state import ROUND_ACTION_LIMIT, Status, Step
from rules_core.games.dobon.values import total, value
from tests.dobon.walks import walk
from tests.playouts import run_playouts

LONG = os.environ.get("DOBON_LONG_PLAYOUTS") == "1"

FLOW_VARIANTS: dict[str, DobonOptions] = {
    "sum_only": SUM_ONLY,
    "action_cards": ACTION_CARDS,
    "sum_only_no_returns": replace(SUM_ONLY, returns=False),
    "action_no_returns": replace(ACTION_CARDS, returns=False),
    "sum_only_until_playable": replace(SUM_ONLY, drawing="draw_until_playable"),
    "action_until_playable": replace(ACTION_CARDS, drawing="draw_until_playable"),
    "action_printed_eight": replace(ACTION_CARDS, eight="wild_printed_suit"),
    "action_no_empty_hand_wins": replace(ACTION_CARDS, empty_hand_wins=False),
    "action_opening_effects": replace(ACTION_CARDS, opening_effects=True),
    "action_doubling_no_end": replace(ACTION_CARDS, two_growth="double", penalty_ends_turn=False),
    "sum_only_adding_ends_turn": replace(SUM_ONLY, two_growth="add_two", penalty_ends_turn=True),
    "sum_only_with_actions": replace(
        SUM_ONLY, ace_skips=True, jack_reverses=True, queen_bundles=True, eight="wild_chosen_suit"
    ),
    "sum_only_draw_may_play": replace(SUM_ONLY, drawing="draw_one_may_play", opening_effects=False),
    "action_no_specials": replace(ACTION_CARDS, ace_skips=False, jack_reverses=False, queen_bundles=False),
    "action_three_rounds": replace(ACTION_CARDS, match_rounds=3),
    "sum_only_five_rounds": replace(SUM_ONLY, match_rounds=5),
}
PRESET_NAMES = ("sum_only", "action_cards")


def _generic_plan() -> list[Any]:
    plan: list[tuple[str, tuple[int, ...], range]]
    if LONG:
        plan = [(name, (2, 3, 4), range(5)) for name in sorted(FLOW_VARIANTS)]
    else:
        plan = [(name, (2, 3, 4), range(1)) for name in PRESET_NAMES]
        # The five-round match is walked below; it is too long for the generic checker here.
        others = sorted(set(FLOW_VARIANTS) - set(PRESET_NAMES) - {"sum_only_five_rounds"})
        # Each other variant at one table size, the sizes rotating so that all appear.
        plan += [(name, (2 + i % 3,), range(1)) for i, name in enumerate(others)]
    return [pytest.param(*p, id=f"{p[0]}-{'-'.join(map(str, p[1]))}") for p in plan]


@pytest.mark.parametrize(("variant", "seats", "seeds"), _generic_plan())
def test_random_playouts_keep_every_invariant(variant: str, seats: tuple[int, ...], seeds: range) -> None:
    report = run_playouts(GAME, seeds=seeds, seats=seats, options=FLOW_VARIANTS[variant], allow_draw=True)
    assert report.games == len(seeds) * len(seats)
    assert report.longest <= GAME.max_actions


def _check_step(state, previous) -> None:  # type: ignore[no-untyped-def]
    opts = state.options
    assert sum(map(len, state.hands)) + len(state.draw_pile) + len(state.discard_pile) == 52
    if state.status is Status.CHECKING:
        assert state.check is not None and state.turn == state.check.asking[0]
        assert state.top_owner not in state.check.asking
    if state.status is Status.PLAYING:
        assert state.turn is not None and state.step is not None
        assert (state.step is Step.ANSWER_TWO) == (state.obligation > 0)
    if state.obligation:
        assert state.top.rank is not None and state.top.rank.value == "2"
    if not opts.jack_reverses:
        assert state.direction == 1
    for claim in state.chain:
        assert total(claim.cards) == value(claim.target)
    assert state.round_move <= ROUND_ACTION_LIMIT
    if previous is not None and previous.round == state.round:
        assert state.wins == previous.wins or state.status in (Status.ROUND_OVER, Status.OVER)


def _walk_plan() -> list[tuple[str, int]]:
    return [(name, seats) for name in sorted(FLOW_VARIANTS) for seats in (2, 3, 4)]


@pytest.mark.parametrize(("variant", "seats"), _walk_plan())
def test_every_round_ends_in_a_win_or_a_rule_draw(variant: str, seats: int) -> None:
    options = FLOW_VARIANTS[variant]
    hows: Counter[str] = Counter()
    for seed in range(3 if LONG else 1):
        previous = None
        for state in walk(options, seats, seed):
            _check_step(state, previous)
            previous = state
        assert previous is not None and previous.status is Status.OVER
        assert len(previous.record) == options.match_rounds
        for rec in previous.record:
            hows[rec.how] += 1
            assert (rec.winner is None) == (rec.how in ("stock_exhausted", "action_limit"))
            if not options.empty_hand_wins:
                assert rec.how != "empty_hand"
            if not options.returns:
                assert len(rec.chain) <= 1
        wins = Counter(rec.winner for rec in previous.record if rec.winner is not None)
        assert list(previous.wins) == [wins[s] for s in range(seats)]
    assert sum(hows.values()) >= options.match_rounds
