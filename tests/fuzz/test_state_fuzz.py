"""The suite's share of the state-aware fuzzer (the long run: ``python -m tools.fuzz_states``).

Derandomized, a bounded number of cases per game, no shrinking (a failure here is
reported as found; ``tools.fuzz_states`` shrinks). Two families per game:

* reachable states, unchanged, through every operation: each must be answered (or
  refused with the documented ``over-budget`` problem), within budget, and every
  state answered must come back unchanged;
* mutated states (and bodies with a duplicate key): never a 5xx, within budget, a
  refusal names its problems with pointers into the request, an accepted state is
  echoed unchanged.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from .harness import InProcessClient, run_request
from .requests import OPERATIONS
from .strategies import Case, cases

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
