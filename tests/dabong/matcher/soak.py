"""A long oracle comparison, kept out of the suite: ``python -m tests.dabong.matcher.soak``.

Options: ``--hands N`` (default 5000), ``--seed S``, ``--shamans 0,1,2`` (Shaman counts
to draw), ``--max-hand 8``, ``--eights-wild``. Prints the seed of a failure.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace

from tests.dabong.matcher.helpers import BEGINNER
from tests.dabong.matcher.test_oracle_agreement import run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--shamans", default="0,1,2")
    parser.add_argument("--max-hand", type=int, default=8)
    parser.add_argument("--eights-wild", action="store_true")
    args = parser.parse_args()
    rules = replace(BEGINNER, eight_must_share_suit=not args.eights_wild)
    shamans = tuple(int(n) for n in args.shamans.split(","))
    start = time.perf_counter()
    run(seed=args.seed, hands=args.hands, shamans=shamans, rules=rules, max_hand=args.max_hand)
    print(f"{args.hands} hands agree (seed {args.seed}) in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
