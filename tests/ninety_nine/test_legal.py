"""Legal-action listing against single-action validation, written independently of each other."""

from __future__ import annotations

import random

from rules_core.games.ninety_nine import GAME, NinetyNineOptions
from rules_core.kernel import Action

from .tables import load, position


def _states(games: int):  # type: ignore[no-untyped-def]
    for seed in range(games):
        seats = 2 + seed % 7
        state = GAME.deal(seats=seats, options=NinetyNineOptions(), seed=seed, deck_order=None)
        rng = random.Random(seed)
        while True:
            yield state
            entries = GAME.legal_actions(state).entries
            if not entries:
                break
            following = GAME.resolve(state, rng.choice(entries).action).state
            assert following is not None
            state = following


def test_99_listing_and_validation_agree_on_every_card_for_every_seat() -> None:
    checked = 0
    for state in _states(50):
        listed = {(e.action.seat, e.action.cards) for e in GAME.legal_actions(state).entries}
        for seat in range(state.seats):
            for card in GAME.deck.cards:
                verdict = GAME.resolve(state, Action(type="play", seat=seat, cards=(card,))).verdict
                assert verdict.legal == ((seat, (card,)) in listed), (GAME.state_to_json(state), seat, card)
                checked += 1
    assert checked > 40_000


def test_99_listing_counts_worked_out_by_hand() -> None:
    hands = [["2D", "9C", "10H", "JC"], ["6C", "2H", "8H", "9H"]]
    # at 99: 2, 9 and 10 playable, the Jack not
    assert GAME.legal_actions(load(position(hands, ["KH"], count=99))).total_actions == 3
    # at 91: 2 (93), 9 (100 no), 10 (no), J (no)
    assert GAME.legal_actions(load(position(hands, ["KH", "10C", "2S"], count=91))).total_actions == 1
    # at 0 every card
    assert GAME.legal_actions(load(position(hands, count=0))).total_actions == 4
    # a seat that is not acting has nothing
    assert GAME.legal_actions(load(position(hands, count=0)), seat=1).entries == ()


def test_99_listing_pages() -> None:
    state = load(position([["2D", "9C", "10H", "JC"], ["6C", "2H", "8H", "9H"]], count=0))
    first = GAME.legal_actions(state, offset=0, limit=3)
    rest = GAME.legal_actions(state, offset=3, limit=3)
    assert len(first.entries) == 3 and first.next_offset == 3
    assert len(rest.entries) == 1 and rest.next_offset is None
    assert [e.action for e in (*first.entries, *rest.entries)] == [
        e.action for e in GAME.legal_actions(state).entries
    ]
