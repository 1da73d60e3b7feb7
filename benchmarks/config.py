"""How long and how often each part measures, for the quick and the full run."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .games import REPO_ROOT
from .measure import Budget


@dataclass(frozen=True, slots=True, kw_only=True)
class RunConfig:
    quick: bool
    #: Rounds of every interleaved measurement (figures are medians over rounds).
    rounds: int
    #: Bounds of one sample of a per-call micro-benchmark.
    call_budget: Budget
    #: Bounds of one sample of a playout throughput measurement.
    playout_budget: Budget
    #: Seeds (one mid-game state each) per game, preset and seat count.
    midgame_states: int
    #: Hands sampled per (hand size, Shaman count) in the matcher scaling.
    matcher_samples: int
    matcher_sizes: tuple[int, ...]
    #: Wall-clock cap of one brute-force oracle call (it is stopped there).
    oracle_cap_seconds: float
    #: Seeds tried to find a long log for the replay figures.
    replay_seeds: int
    #: Seconds of one wrk run, and wrk runs per endpoint.
    wrk_seconds: int
    wrk_rounds: int
    wrk_connections: int
    docs_dir: Path = REPO_ROOT / "docs"


FULL_SIZES = (2, 3, 4, 5, 6, 8, 10, 12, 14, 17, 20, 23, 26, 30, 35, 40, 45, 50, 55)
QUICK_SIZES = (2, 4, 8, 13, 20, 26, 40, 55)


def make_config(*, quick: bool) -> RunConfig:
    if quick:
        return RunConfig(
            quick=True,
            rounds=3,
            call_budget=Budget(max_units=20_000, max_seconds=0.15),
            playout_budget=Budget(max_units=2_000_000, max_seconds=0.6),
            midgame_states=8,
            matcher_samples=2,
            matcher_sizes=QUICK_SIZES,
            oracle_cap_seconds=1.0,
            replay_seeds=8,
            wrk_seconds=1,
            wrk_rounds=2,
            wrk_connections=4,
        )
    return RunConfig(
        quick=False,
        rounds=5,
        call_budget=Budget(max_units=200_000, max_seconds=0.3),
        playout_budget=Budget(max_units=20_000_000, max_seconds=2.0),
        midgame_states=12,
        matcher_samples=5,
        matcher_sizes=FULL_SIZES,
        oracle_cap_seconds=5.0,
        replay_seeds=30,
        wrk_seconds=3,
        wrk_rounds=5,
        wrk_connections=4,
    )
