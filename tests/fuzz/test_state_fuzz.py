"""The suite's share of the state-aware fuzzer (the long run: ``python -m tools.fuzz_states``).

Derandomized, a bounded number of cases per game, no shrinking (a failure here is
reported as found; ``tools.fuzz_states`` shrinks). Two families per game:

* reachable states, unchanged, through every operation: each must be answered (or
  refused with the documented ``over-budget`` problem), within budget, and every
  state answered must come back unchanged;
* mutated states (and bodies with a duplicate key): never a 5xx, within budget, a
  refusal names its problems with pointers into the request, an accepted state is
  echoed unchanged;

and, outside Hypothesis, every state of one playout per preset and seat count sent back
through the HTTP request path (a replay of no action): accepted and answered unchanged.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from .harness import InProcessClient, round_trip_states, run_request
from .reachable import game_named, playout
from .requests import OPERATIONS
from .strategies import PLAYER_MIXES, Case, cases, presets_of

GAMES = ("99", "dobon", "dabong")
#: Cases per game and family: about 25 s of the suite in all on the 2-core CI machine.
EXAMPLES = {"99": 60, "dobon": 60, "dabong": 90}
REACHABLE_OPERATIONS = tuple(op for op in OPERATIONS if op != "duplicate-key")


def _run(client: InProcessClient, case: Case) -> None:
    outcome = run_request(client, case.request)
    assert not outcome.failures, f"{case.describe()}\n" + "\n".join(str(f) for f in outcome.failures)


def _settings(game: str) -> settings:
    return settings(
        max_examples=EXAMPLES[game],
        deadline=None,
        derandomize=True,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )


@pytest.mark.parametrize("game", GAMES)
def test_reachable_states_are_answered(client: InProcessClient, game: str) -> None:
    @_settings(game)
    @given(cases((game,), operations=REACHABLE_OPERATIONS, mutations=(0, 0)))
    def run(case: Case) -> None:
        _run(client, case)

    run()


@pytest.mark.parametrize("game", GAMES)
def test_mutated_states_are_refused_or_answered(client: InProcessClient, game: str) -> None:
    @_settings(game)
    @given(cases((game,), mutations=(1, 3)))
    def run(case: Case) -> None:
        _run(client, case)

    run()


@pytest.mark.parametrize("game", GAMES)
def test_every_state_of_reachable_playouts_comes_back(client: InProcessClient, game: str) -> None:
    """Every step of a game, not only the states the cases draw: one playout (seed 0) per
    preset and seat count, the player mixes taking turns."""
    spec = game_named(game)
    failures = []
    turn = 0
    for preset in presets_of(game):
        for seats in range(spec.min_seats, spec.max_seats + 1):
            players = PLAYER_MIXES[turn % len(PLAYER_MIXES)]
            turn += 1
            played = playout(game, preset, seats, 0, players)
            where = f"{game} {preset} seats={seats} seed=0 players={','.join(players)}"
            failures += round_trip_states(client, game, played.states, where).failures
    assert not failures, "\n".join(str(f)[:600] for f in failures[:5])


def test_a_state_not_answered_back_fails_the_round_trip(client: InProcessClient) -> None:
    """The check above can fail: of three states, the one without its hands is refused."""
    states = playout("99", "standard", 2, 0, ("normal",)).states[:2]
    refused = {k: v for k, v in states[0].items() if k != "hands"}
    failures = round_trip_states(client, "99", [states[0], refused, states[1]], "a broken list").failures
    assert [f.kind for f in failures] == ["state not accepted back"], failures
    assert "/state/hands" in failures[0].detail
