"""Strong's search (``bot.search``) and the paired choice it uses (``rules_core.bots.paired``).

The search's strength is measured by self-play (docs/bots/dabong.md); these tests pin
what it must do whatever the numbers: keep the fallback unless another candidate is
clearly better over the same worlds, search only where the simulator models the game,
and answer the same request the same way.
"""

from __future__ import annotations

from typing import Any

from rules_core.bots import Level
from rules_core.bots.paired import clearly_better, paired_choice
from rules_core.games.dabong import GAME
from rules_core.games.dabong.bot import BOT
from rules_core.games.dabong.bot.search import searchable
from rules_core.games.dabong.bot.seen import read_view
from rules_core.games.dabong.options import INTERMEDIATE
from rules_core.games.dabong.state import DabongState


def _table(hands: list[list[str]], top: list[str], turn: int, **extra: Any) -> DabongState:
    base = GAME.state_to_json(GAME.deal(seats=len(hands), options=None, seed=3, deck_order=None))
    used = {c for h in hands for c in h} | set(top)
    rest = [str(c) for c in GAME.deck.cards if str(c) not in used]
    base.update(
        status="playing", penalty=None, top_play=1, hands=hands, discard_pile=top, draw_pile=rest, turn=turn
    )
    for key, value in (("as_dealt", []), ("rank_run", 1)):
        if key in base:
            base[key] = value
    base["previous_play"] = top[-1:]
    base.update(extra)
    return GAME.state_from_json(base)


def test_the_fallback_is_kept_on_a_tie_and_on_a_small_lead() -> None:
    assert paired_choice([[1.0, 1.0], [0.0, 0.0]], margin=1.64, floor=2.0).index == 0
    # one world's lead is luck, not evidence
    assert paired_choice([[0.0, 1.0], [1.0, 1.0]], margin=1.64, floor=2.0).index == 0


def test_a_candidate_that_wins_clearly_more_worlds_overrules_the_fallback() -> None:
    worlds = [[0.0, 1.0, 0.0]] * 8 + [[1.0, 1.0, 1.0]] * 8
    choice = paired_choice(worlds, margin=1.64, floor=2.0)
    assert choice.index == 1 and choice.overruled and choice.leads == (0.0, 8.0, 0.0)
    # the same lead with as many worlds going the other way is no evidence
    mixed = [[0.0, 1.0]] * 8 + [[1.0, 0.0]] * 7
    assert paired_choice(mixed, margin=1.64, floor=2.0).index == 0
    assert clearly_better(8.0, 8.0, margin=1.64, floor=2.0)
    assert not clearly_better(1.0, 1.0, margin=1.64, floor=2.0)


def test_the_search_runs_only_where_the_simulator_models_the_game() -> None:
    hands = [["7F", "3A", "KW"], ["5E", "6E", "9W"]]
    state = _table(hands, ["4F"], 0)
    view = GAME.view(state, 0)
    assert searchable(view, read_view(view, 0))
    # not on the other seat's turn, not facing a penalty, not at a later level
    assert not searchable(GAME.view(state, 1), read_view(GAME.view(state, 1), 1))
    facing = _table(hands, ["2F"], 0, penalty={"cards": 2, "skip": True})
    assert not searchable(GAME.view(facing, 0), read_view(GAME.view(facing, 0), 0))
    later = GAME.state_from_json(
        {**GAME.state_to_json(state), "options": {**view["options"], "level": "intermediate"}}
    )
    assert later.options.level == INTERMEDIATE.level
    assert not searchable(GAME.view(later, 0), read_view(GAME.view(later, 0), 0))


def test_strong_answers_a_searched_turn_legally_and_the_same_each_time() -> None:
    state = _table(
        [["7F", "3F", "KW", "8E", "JA"], ["5E", "6E", "9W", "QA"], ["2W", "4E"], ["AF", "AW", "10E"]],
        ["10F"],
        0,
    )
    view = GAME.view(state, 0)
    first = BOT.suggest(view, 0, Level.STRONG, seed=5)
    again = BOT.suggest(view, 0, Level.STRONG, seed=5)
    assert first is not None and again is not None and first.action == again.action
    assert GAME.resolve(state, first.action).verdict.legal
