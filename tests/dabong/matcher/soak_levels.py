"""A long Intermediate / Master oracle comparison, kept out of the suite:
``python -m tests.dabong.matcher.soak_levels``.

Options: ``--hands N`` (default 1000), ``--seed S``, ``--level master``, ``--shamans 0,1``,
``--max-hand 7``, ``--eights-wild``. Prints the seed of a failure.
"""

from __future__ import annotations

import argparse
import time

from rules_core.games.dabong.matcher_api import MatchRules
from tests.dabong.matcher.test_levels_oracle import run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--level", default="master", choices=("intermediate", "master"))
    parser.add_argument("--shamans", default="0,1")
    parser.add_argument("--max-hand", type=int, default=7)
    parser.add_argument("--eights-wild", action="store_true")
    args = parser.parse_args()
    # Agreement, not cost, is soaked here: the work budget is lifted (``test_budget.py`` holds it).
    rules = MatchRules(
        level=args.level,
        eight_must_share_suit=not args.eights_wild,
        check_budget=10**9,
        list_budget=10**9,
    )
    shamans = tuple(int(n) for n in args.shamans.split(","))
    start = time.perf_counter()
    run(seed=args.seed, hands=args.hands, rules=rules, max_hand=args.max_hand, shamans=shamans)
    print(f"{args.hands} hands agree (seed {args.seed}) in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
