"""The legal-action listing and single-action adjudication agree (written independently).

On every state of seeded random walks, for the acting seat every candidate action
(``walks.candidates``) is legal by ``resolve`` exactly when the listing holds it (up to the
order of a claim's cards, which is not part of the claim); other seats list nothing and
every candidate of theirs is refused.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules_core.games.dobon import ACTION_CARDS, GAME, SUM_ONLY
from rules_core.games.dobon.state import Status
from rules_core.kernel import Action
from tests.dobon.walks import candidates, walk

VARIANTS = {
    "sum_only": SUM_ONLY,
    "action_cards": ACTION_CARDS,
    "action_printed_eight_until_playable": replace(
        ACTION_CARDS, eight="wild_printed_suit", drawing="draw_until_playable", returns=False
    ),
    "sum_only_everything_on": replace(
        SUM_ONLY,
        ace_skips=True,
        jack_reverses=True,
        queen_bundles=True,
        eight="wild_chosen_suit",
        empty_hand_wins=True,
        match_rounds=3,
    ),
}


def canonical(action: Action) -> Action:
    if action.type == "claim":
        return replace(action, cards=tuple(sorted(action.cards)))
    return action


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_listing_and_adjudication_agree(variant: str) -> None:
    checked = 0
    for seats in (2, 3, 4):
        for seed in range(2):
            for state in walk(VARIANTS[variant], seats, seed, max_steps=80):
                listed = {canonical(e.action) for e in GAME.legal_actions(state).entries}
                acting = set(GAME.to_act(state))
                for seat in range(seats):
                    for action in candidates(state, seat):
                        verdict = GAME.resolve(state, action).verdict
                        where = (variant, seats, seed, state.move, action.to_json())
                        assert verdict.legal == (canonical(action) in listed), where
                        assert verdict.legal or verdict.reasons, where
                        checked += 1
                    if seat not in acting:
                        assert not GAME.legal_actions(state, seat).entries
                for entry in GAME.legal_actions(state).entries:
                    assert GAME.resolve(state, entry.action).verdict.legal
                if state.status is Status.OVER:
                    assert not listed
    assert checked > 5_000


def test_legal_listing_pages() -> None:
    state = next(iter(walk(ACTION_CARDS, 3, 1)))
    whole = GAME.legal_actions(state)
    first = GAME.legal_actions(state, offset=0, limit=1)
    assert first.total_entries == whole.total_entries and first.entries == whole.entries[:1]


def test_counted_by_hand_action_cards_turn() -> None:
    """8C QH QS QD 9H on 5H: the eight four ways, QH, 9H, four bundles led by QH, draw = 11."""
    from tests.dobon.tables import position

    state = position([["8C", "QH", "QS", "QD", "9H"], ["KD", "10D"]], ["5H"], preset="action_cards")
    entries = GAME.legal_actions(state).entries
    kinds = [(e.action.type, len(e.action.cards)) for e in entries]
    assert kinds.count(("play", 1)) == 6 and kinds.count(("play", 2)) == 2 and kinds.count(("play", 3)) == 2
    assert kinds.count(("draw", 0)) == 1 and len(entries) == 11, kinds
    assert all(e.action.cards[0].suit.value == "H" for e in entries if len(e.action.cards) > 1)  # type: ignore[union-attr]


def test_counted_by_hand_claims_with_returns() -> None:
    """A three-card hand matching the top: one claim per possible top card, each standing for 3! orders."""
    from tests.dobon.tables import do, position

    state = position([["KH", "4C", "8D"], ["3H", "4H", "AC"], ["QD", "QS"]], ["8S"], top_owner=2)
    state = do(state, type="play", seat=0, cards=["8D"])
    entries = GAME.legal_actions(state).entries
    assert [(e.action.type, e.action.top and str(e.action.top), e.orderings) for e in entries] == [
        ("claim", "3H", 6),
        ("claim", "4H", 6),
        ("claim", "AC", 6),
        ("continue", None, 1),
    ]
    assert GAME.legal_actions(state).total_actions == 19
