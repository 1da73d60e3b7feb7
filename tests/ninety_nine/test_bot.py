"""The 99 CPU player: always legal, sees only its own seat, reproducible, and its search's simulator
plays hands exactly as the engine does. Strength is measured by ``python -m tools.ninety_nine_bots``."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from rules_core.bots import LEVELS, Level, play_match
from rules_core.games.ninety_nine import GAME, PRESETS, Hit, HitKind, NinetyNineState
from rules_core.games.ninety_nine.bot import BOT, hit_winner, winner_of
from rules_core.games.ninety_nine.bot.policy import normal_choice
from rules_core.games.ninety_nine.bot.rollout import Rollout
from rules_core.games.ninety_nine.bot.search import clearly_better, distinct_cards
from rules_core.games.ninety_nine.bot.seen import read_view
from rules_core.games.ninety_nine.bot.tables import CARDS, ID
from rules_core.kernel import Card, parse_card


def _deal(seats: int, seed: int, preset: str = "standard") -> NinetyNineState:
    return GAME.deal(seats=seats, options=PRESETS[preset], seed=seed, deck_order=None)


def _positions(seats: int, seed: int, level: Level = Level.NORMAL) -> list[NinetyNineState]:
    """Every state of one hand played by ``level`` at every seat."""
    state = _deal(seats, seed)
    states = [state]
    step = 0
    while not GAME.is_over(state):
        assert state.turn is not None
        suggestion = BOT.suggest(GAME.view(state, state.turn), state.turn, level, seed=step)
        assert suggestion is not None
        outcome = GAME.apply(state, suggestion.action)
        assert outcome.state is not None
        state, step = outcome.state, step + 1
        states.append(state)
    return states


def _mixed_positions(games: int) -> list[NinetyNineState]:
    """States from hands at 2..4 seats where each move is a random level's pick (so every kind of spot)."""
    found: list[NinetyNineState] = []
    for g in range(games):
        rng = random.Random(g)
        state = _deal(2 + g % 3, seed=500 + g, preset=sorted(PRESETS)[g % len(PRESETS)])
        while not GAME.is_over(state):
            found.append(state)
            assert state.turn is not None
            level = LEVELS[rng.randrange(len(LEVELS) - 1)]  # strong is tested on a sample below
            suggestion = BOT.suggest(GAME.view(state, state.turn), state.turn, level, seed=g)
            assert suggestion is not None
            outcome = GAME.apply(state, suggestion.action)
            assert outcome.state is not None
            state = outcome.state
    return found


MIXED = _mixed_positions(30)


@pytest.mark.parametrize("level", LEVELS)
def test_every_suggestion_is_a_legal_action(level: Level) -> None:
    positions = MIXED if level is not Level.STRONG else MIXED[::6]
    for i, state in enumerate(positions):
        assert state.turn is not None
        suggestion = BOT.suggest(GAME.view(state, state.turn), state.turn, level, seed=i)
        assert suggestion is not None and suggestion.level is level and suggestion.rationale
        verdict = GAME.validate(state, suggestion.action)
        assert verdict.legal, (i, suggestion.action, [r.code for r in verdict.reasons])


def test_legal_cards_read_from_the_view_are_the_states_own() -> None:
    """In 99 a seat's playable cards depend only on what it sees, so the view gives exactly the list."""
    for state in MIXED:
        assert state.turn is not None
        seen = read_view(GAME.view(state, state.turn), state.turn)
        expected = [e.action.cards[0] for e in GAME.legal_actions(state, state.turn).entries]
        assert [CARDS[c] for c in seen.playable] == expected


def _rehidden(state: NinetyNineState, seat: int, rng: random.Random) -> NinetyNineState:
    """The same table with every card ``seat`` cannot see (other hands, the draw pile) re-dealt."""
    hidden = [c for s, hand in enumerate(state.hands) if s != seat for c in hand] + list(state.draw_pile)
    rng.shuffle(hidden)
    hands: list[tuple[Card, ...]] = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(tuple(hidden[: len(hand)]))
            hidden = hidden[len(hand) :]
    return dataclasses.replace(state, hands=tuple(hands), draw_pile=tuple(hidden))


@pytest.mark.parametrize("level", LEVELS)
def test_suggestion_cannot_change_when_hidden_cards_are_redealt(level: Level) -> None:
    rng = random.Random(3)
    compared = changed = 0
    positions = MIXED[::3] if level is not Level.STRONG else MIXED[::12]
    for i, state in enumerate(positions):
        seat = state.turn
        assert seat is not None
        other = _rehidden(state, seat, rng)
        if other.status.value == "death_card" or other.hands == state.hands:
            continue
        # The re-dealt table must itself be a valid state, and the seat's view identical.
        other = GAME.state_from_json(GAME.state_to_json(other))
        assert GAME.view(other, seat) == GAME.view(state, seat)
        changed += other.draw_pile != state.draw_pile
        first = BOT.suggest(GAME.view(state, seat), seat, level, seed=i)
        second = BOT.suggest(GAME.view(other, seat), seat, level, seed=i)
        assert first == second
        compared += 1
    assert compared > 5 and changed > 5


def test_same_request_same_answer_and_the_seed_matters_for_random() -> None:
    state = _deal(4, seed=9)
    view = GAME.view(state, 0)
    for level in LEVELS:
        assert BOT.suggest(view, 0, level, seed=4) == BOT.suggest(view, 0, level, seed=4)
    picks = {BOT.suggest(view, 0, Level.RANDOM, seed=s).action.cards for s in range(40)}  # type: ignore[union-attr]
    assert len(picks) > 1


def test_declines_out_of_turn_offers_and_refuses_another_seats_view() -> None:
    state = _deal(3, seed=2)
    assert BOT.suggest(GAME.view(state, 0), 0, Level.NORMAL, seed=0, optional=True) is None
    assert BOT.suggest(GAME.view(state, 1), 1, Level.NORMAL, seed=0) is None  # not seat 1's turn
    with pytest.raises(ValueError, match="view of seat 1"):
        BOT.suggest(GAME.view(state, 1), 0, Level.NORMAL, seed=0)


def _position(hand: list[str], count: int, pile: list[str], seats: int = 2) -> dict[str, Any]:
    """A view of seat 0 with ``hand`` on ``count`` (the pile explains the Count)."""
    state = _deal(seats, seed=1)
    used = {parse_card(c) for c in hand + pile}
    rest = [c for c in GAME.deck.cards if c not in used]
    hands = [tuple(parse_card(c) for c in hand)] + [tuple(rest[4 * i : 4 * i + 4]) for i in range(seats - 1)]
    table = dataclasses.replace(
        state,
        hands=tuple(hands),
        draw_pile=tuple(rest[4 * (seats - 1) :]),
        play_pile=tuple(parse_card(c) for c in pile),
        count=count,
        move=len(pile),
        turn=0,
    )
    return GAME.view(GAME.state_from_json(GAME.state_to_json(table)), 0)


def _normal_card(view: dict[str, Any]) -> str:
    suggestion = BOT.suggest(view, 0, Level.NORMAL, seed=0)
    assert suggestion is not None
    return str(suggestion.action.cards[0])


def test_normal_keeps_the_king_passes_and_ace_of_clubs_for_later() -> None:
    # Count 40: 5H is the ordinary card; K, 9 and the Ace of Clubs are worth keeping.
    assert _normal_card(_position(["KH", "9S", "AC", "5H"], 40, ["JH", "JD", "JC", "10S"])) == "5H"


def test_normal_attacks_with_the_death_card_when_it_holds_the_shield() -> None:
    # At 99 holding the Ace of Diamonds, the Death Card cannot be shielded: a sure kill.
    assert _normal_card(_position(["QS", "AD", "9H", "5C"], 99, ["KH"])) == "QS"


def test_normal_leaves_the_next_seat_the_worst_count() -> None:
    # Count 90: 8H leaves 98 (only an Ace or a King fits), 3H leaves 93.
    pile = ["JH", "JD", "JC", "JS", "QH", "QD", "QC", "QS", "10C"]
    assert _normal_card(_position(["8H", "3H", "KH", "9D"], 90, pile)) == "8H"


def test_winner_of_counts_hits_and_a_tie_goes_to_the_winning_hit() -> None:
    assert hit_winner([Hit(kind=HitKind.WIN, seat=2)]) == 2
    assert hit_winner([Hit(kind=HitKind.WIN, seat=1), Hit(kind=HitKind.BONUS, seat=1)]) == 1
    assert hit_winner([Hit(kind=HitKind.BONUS, seat=0), Hit(kind=HitKind.WIN, seat=3)]) == 3
    assert hit_winner([]) is None
    final = _positions(2, seed=4)[-1]
    assert winner_of(final) == hit_winner(final.hits) is not None


def test_rollout_plays_a_hand_exactly_as_the_engine_does() -> None:
    """The search's fast simulator against the engine: same hands, normal play everywhere."""
    compared = 0
    for seats in (2, 3, 4, 6):
        for seed in range(12):
            states = _positions(seats, seed)
            final = states[-1]
            if final.shuffles:
                continue  # reshuffles draw from the simulator's own generator
            start = states[0]
            rollout = Rollout(
                hands=[[ID[c] for c in hand] for hand in start.hands],
                draw=[ID[c] for c in reversed(start.draw_pile)],
                pile=[],
                count=0,
                live=[True] * seats,
                options=start.options,
                rng=random.Random(0),
            )
            assert start.turn is not None
            first = normal_choice(list(read_view(GAME.view(start, 0), 0).playable), rollout.situation(0))
            assert rollout.finish_from(start.turn, first, give_up=False) == winner_of(final)
            assert [[CARDS[c] for c in hand] for hand in rollout.hands] == [list(h) for h in final.hands]
            assert [not alive for alive in rollout.live] == [s in final.eliminated for s in range(seats)]
            compared += 1
    assert compared > 20


def test_search_helpers() -> None:
    five_h, five_s, five_c, qs = (ID[parse_card(c)] for c in ("5H", "5S", "5C", "QS"))
    assert distinct_cards((five_h, five_s, five_c, qs), five_s) == [five_s, five_c, qs]
    assert not clearly_better(1, 1) and not clearly_better(3, 9) and clearly_better(6, 9)


@pytest.mark.parametrize("seats", [2, 4])
def test_self_play_smoke_every_level(seats: int) -> None:
    """30 games per table size with every level seated; play_match raises on any illegal suggestion."""
    levels = [Level.NORMAL, Level.EASY] if seats == 2 else list(LEVELS)
    result = play_match(GAME, BOT, levels, games=30, seed=1, winner_of=winner_of)
    assert result.games == 30 and result.draws == 0
    assert sum(result.wins.values()) == 30
