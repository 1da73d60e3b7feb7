"""Peer engines timed in the same run: OpenSpiel crazy_eights, RLCard uno, pokerkit hold'em.

Actions are counted as on our side: player decisions only. OpenSpiel's chance
nodes (the deal, draws) are applied but not counted; RLCard and pokerkit deal
inside their own steps. Each peer plays uniformly random legal actions with a
seeded ``random.Random`` (RLCard's own agents and env use numpy's seeded RNG).
Each peer is optional (the ``bench`` extra); a missing one is a skipped row.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from .measure import Step


@dataclass(frozen=True, slots=True, kw_only=True)
class Peer:
    key: str
    title: str
    seats: int
    step: Step
    #: What one unit is on the peer's side.
    unit: str
    #: Units/s this peer is known to reach on an idle 2-core machine (from the project brief);
    #: measured / this says how loaded the machine was during the run.
    idle_rate: float


def openspiel_crazy_eights(seats: int, seed: int) -> Peer:
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": seats})
    rng = random.Random(seed)

    def step() -> int:
        state = game.new_initial_state()
        decisions = 0
        # crazy_eights ends by itself (max_draw_cards bounds it); the cap only guards a regression.
        for _ in range(100_000):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        return decisions

    return Peer(
        key=f"openspiel-crazy_eights-{seats}",
        idle_rate=200_000,
        title=f"OpenSpiel crazy_eights ({seats} players), Python loop",
        seats=seats,
        step=step,
        unit="player actions (chance nodes not counted)",
    )


def _uno_env(seats: int, seed: int):  # type: ignore[no-untyped-def]
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": seed})
    if seats != env.num_players:
        # rlcard 1.2.0 ignores game_num_players in make(); configure the game itself.
        env.game.configure({"game_num_players": seats})
        env.num_players = seats
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(seats)])
    return env


def rlcard_uno_env(seats: int, seed: int) -> Peer:
    env = _uno_env(seats, seed)

    def step() -> int:
        trajectories, _ = env.run(is_training=False)
        if len(env.game.players) != seats:
            raise RuntimeError(f"rlcard uno played {len(env.game.players)} players, not {seats}")
        # Each seat's trajectory is state, action, state, ..., action, final state.
        return sum((len(t) - 1) // 2 for t in trajectories)

    return Peer(
        key=f"rlcard-uno-env-{seats}",
        idle_rate=18_000,
        title=f"RLCard uno ({seats} players), env.run() with RandomAgent",
        seats=seats,
        step=step,
        unit="steps",
    )


def rlcard_uno_bare(seats: int, seed: int) -> Peer:
    game = _uno_env(seats, seed).game
    rng = random.Random(seed)

    def step() -> int:
        game.init_game()
        if len(game.players) != seats:
            raise RuntimeError(f"rlcard uno played {len(game.players)} players, not {seats}")
        steps = 0
        for _ in range(100_000):
            if game.is_over():
                break
            legal = game.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return Peer(
        key=f"rlcard-uno-bare-{seats}",
        idle_rate=85_000,
        title=f"RLCard uno ({seats} players), bare game loop (init_game/step)",
        seats=seats,
        step=step,
        unit="steps",
    )


def pokerkit_holdem(seats: int, seed: int) -> Peer:
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)

    def step() -> int:
        state = NoLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2, (200,) * seats, seats)
        decisions = 0
        for _ in range(10_000):
            if not state.status:
                break
            moves: list[Callable[[], object]] = []
            if state.can_fold():
                moves.append(state.fold)
            if state.can_check_or_call():
                moves.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                if low is None or high is None:
                    raise RuntimeError("pokerkit allows a raise but gives no amounts")
                moves.append(partial(state.complete_bet_or_raise_to, rng.randint(low, high)))
            if not moves:
                raise RuntimeError("pokerkit state is live but offers no player action")
            moves[rng.randrange(len(moves))]()
            decisions += 1
        return decisions

    return Peer(
        key=f"pokerkit-nlhe-{seats}",
        idle_rate=4_000,
        title=f"pokerkit no-limit hold'em ({seats} players), one hand",
        seats=seats,
        step=step,
        unit="player actions (fold / check-call / bet-raise)",
    )


#: (package that must import, builder) for every peer.
PEER_BUILDERS: tuple[tuple[str, Callable[[int, int], Peer]], ...] = (
    ("pyspiel", openspiel_crazy_eights),
    ("rlcard", rlcard_uno_env),
    ("rlcard", rlcard_uno_bare),
    ("pokerkit", pokerkit_holdem),
)
