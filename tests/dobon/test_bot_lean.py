"""The rollout policy (``bot.lean``) plays the Action cards' powers, and strong keeps its wild eight.

Each table is built straight into ``Sim`` (card ids from the engine's own deck); the choices
are checked against the engine's legal actions in ``test_bot_sim`` (every move of the policy,
over seeded rounds of every preset).
"""

from __future__ import annotations

import random

from rules_core.bots import Level
from rules_core.games.dobon import ACTION_CARDS, GAME
from rules_core.games.dobon.bot import lean
from rules_core.games.dobon.bot.knowledge import legal_on, read_seen, world_of
from rules_core.games.dobon.bot.policy import _eight_kept, _scored, belief_for
from rules_core.games.dobon.bot.search import ID
from rules_core.games.dobon.bot.sim import SUIT, TURN, Sim
from rules_core.kernel import parse_card
from tests.dobon.tables import table
from tests.dobon.test_bot_sim import _settle_checks


def _ids(cards: str) -> list[int]:
    return [ID[parse_card(c)] for c in cards.split()]


def _sim(hands: list[str], top: str) -> Sim:
    """Action cards, seat 0 to play on ``top`` (laid by the last seat); the rest of the deck is stock."""
    held = [_ids(h) for h in hands]
    pile = _ids(top)
    used = {c for h in held for c in h} | set(pile)
    return Sim(
        ACTION_CARDS,
        hands=held,
        stock=[c for c in range(52) if c not in used],
        pile=pile,
        active=SUIT[pile[-1]],
        owner=len(hands) - 1,
        direction=1,
        obligation=0,
        turn=0,
        step=TURN,
        drawn=-1,
        rng=0,
    )


def test_an_ace_skips_a_next_seat_about_to_go_out() -> None:
    """The five leaves the smaller total, but the next seat holds one card: the ace skips it."""
    others = ["KS", "9D 9C 9H 10D 10C", "10H JD JC JH QD"]
    move = lean.decide(_sim(["AS 5S KD KC KH", *others], "9S"))
    assert move == (lean.PLAY, tuple(_ids("AS")), -1)
    # With every seat holding five cards the skip is worth little and the five goes.
    move = lean.decide(_sim(["AS 5S KD KC KH", "KS 2D 2C 2H 3D", *others[1:]], "9S"))
    assert move == (lean.PLAY, tuple(_ids("5S")), -1)


def test_a_two_goes_to_a_next_seat_about_to_go_out() -> None:
    others = ["KS", "9D 9C 9H 10D 10C", "10H JD JC JH QD"]
    move = lean.decide(_sim(["2S 3S KD KC KH", *others], "9S"))
    assert move == (lean.PLAY, tuple(_ids("2S")), -1)


def test_queens_go_down_together_when_one_fits() -> None:
    """QS fits; laying both queens leaves two cards (7) instead of three, so the bundle goes."""
    move = lean.decide(_sim(["QS QH 3D 4D", "9D 9C 9H 10D 10C", "10H JD JC JH 6D", "KS KD KC 5C 5H"], "7S"))
    assert move[0] == lean.PLAY and sorted(move[1]) == sorted(_ids("QS QH")) and move[1][0] == _ids("QS")[0]


def test_strongs_fallback_keeps_a_wild_eight_while_another_card_fits() -> None:
    """Four seats, Action cards: the eight is taken out of the fallback's choices while the five of
    spades fits (the search still plays the eight out); with nothing else to play it stays in."""
    hands = [["8H", "5S", "KD", "KC", "4H"], ["9D", "9C", "9H", "10D", "10C"]]
    hands += [["10H", "JD", "JC", "JH", "6D"], ["QS", "QD", "QC", "5C", "5H"]]
    state = _settle_checks(table(hands, "9S", preset="action_cards"))
    assert state.turn == 0
    view = GAME.view(state, 0)
    world = world_of(view, 0, random.Random(0))
    seen = read_seen(view, 0, world)
    actions = legal_on(world, 0)
    kept = _eight_kept(seen, actions)
    assert not any(a.type == "play" and str(a.cards[0]) == "8H" for a in kept)
    assert any(a.type == "play" and str(a.cards[0]) == "5S" for a in kept)
    pick, _ = _scored(seen, kept, belief_for(seen, Level.NORMAL), Level.NORMAL)
    assert pick.type == "draw" or str(pick.cards[0]) != "8H"
    only_eight = [a for a in actions if a.type != "play" or str(a.cards[0]) == "8H"]
    assert _eight_kept(seen, only_eight) == only_eight
