"""Bounded, repeated timing: every loop stops at a count or a time limit, whichever first.

A noisy shared machine makes single figures meaningless, so each figure is the
median of several rounds, and competing workloads are run interleaved (round
robin, rotated each round) so that a burst of noise hits them alike.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

#: A workload step: does some work and returns how many units (calls, actions) it did.
Step = Callable[[], int]
T = TypeVar("T")


@dataclass(frozen=True, slots=True, kw_only=True)
class Budget:
    """Bounds of one sample: stop after ``max_units`` units or ``max_seconds``."""

    max_units: int
    max_seconds: float
    #: Never fewer than this many step calls in a sample (a step may be a whole game).
    min_steps: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Sample:
    """One bounded run: ``steps`` step calls doing ``units`` units in ``seconds``."""

    steps: int
    units: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.units / self.seconds if self.seconds > 0 else 0.0

    @property
    def step_rate(self) -> float:
        return self.steps / self.seconds if self.seconds > 0 else 0.0

    @property
    def micros_per_unit(self) -> float:
        return 1e6 * self.seconds / self.units if self.units else float("nan")


@dataclass(frozen=True, slots=True, kw_only=True)
class Series:
    """The samples of one workload over all rounds; figures are medians."""

    label: str
    samples: tuple[Sample, ...]

    @property
    def rate(self) -> float:
        return statistics.median(s.rate for s in self.samples)

    @property
    def step_rate(self) -> float:
        return statistics.median(s.step_rate for s in self.samples)

    @property
    def micros(self) -> float:
        return statistics.median(s.micros_per_unit for s in self.samples)

    @property
    def spread(self) -> float:
        """(max - min) / median of the rates: how much the rounds disagreed."""
        rates = [s.rate for s in self.samples]
        mid = statistics.median(rates)
        return (max(rates) - min(rates)) / mid if mid else float("nan")

    @property
    def units(self) -> int:
        return sum(s.units for s in self.samples)


def run_bounded(step: Step, budget: Budget) -> Sample:
    """Call ``step`` until the budget's unit count or time is used up."""
    units = 0
    steps = 0
    start = time.perf_counter()
    deadline = start + budget.max_seconds
    now = start
    while units < budget.max_units and (now < deadline or steps < budget.min_steps):
        units += step()
        steps += 1
        now = time.perf_counter()
    return Sample(steps=steps, units=units, seconds=now - start)


def interleaved(
    steps: Mapping[str, Step], *, rounds: int, budget: Budget, failures: dict[str, Exception] | None = None
) -> dict[str, Series]:
    """Run every workload once per round, the order rotated each round; medians over rounds.

    A workload that raises is dropped from the later rounds and its exception put in
    ``failures`` (when given; otherwise it propagates), so one broken game costs only its row.
    """
    names = list(steps)
    collected: dict[str, list[Sample]] = {name: [] for name in names}
    for r in range(rounds):
        shift = r % len(names) if names else 0
        for name in names[shift:] + names[:shift]:
            if failures is not None and name in failures:
                continue
            try:
                collected[name].append(run_bounded(steps[name], budget))
            except Exception as exc:
                if failures is None:
                    raise
                failures[name] = exc
    return {
        name: Series(label=name, samples=tuple(samples)) for name, samples in collected.items() if samples
    }


def median_seconds(fn: Callable[[], object], *, repeats: int, budget_seconds: float) -> float:
    """Median wall time of ``fn()`` over up to ``repeats`` calls within ``budget_seconds``.

    At least one call is always made (a single slow call still gets a figure).
    """
    times: list[float] = []
    stop = time.perf_counter() + budget_seconds
    while len(times) < repeats and (not times or time.perf_counter() < stop):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def cycle_step(cases: Sequence[T], call: Callable[[T], object]) -> Step:
    """A step that applies ``call`` to the next case (round robin), one unit per call."""
    if not cases:
        raise ValueError("no cases to time")
    position = [0]
    count = len(cases)

    def step() -> int:
        i = position[0]
        call(cases[i])
        position[0] = (i + 1) % count
        return 1

    return step


def paired_ratio(measured: Mapping[int, float], reference: Mapping[int, float]) -> float | None:
    """Median over the rounds both ran of measured/reference: noise that hits one round hits both."""
    ratios = [measured[r] / reference[r] for r in measured if r in reference and reference[r] > 0]
    return statistics.median(ratios) if ratios else None


def fit_exponent(points: Sequence[tuple[float, float]]) -> float | None:
    """Least-squares slope of log(y) against log(x): the growth exponent of y ~ x**b."""
    import math

    usable = [(math.log(x), math.log(y)) for x, y in points if x > 0 and y > 0 and math.isfinite(y)]
    if len({x for x, _ in usable}) < 3:  # fewer than three sizes fit noise, not growth
        return None
    mx = statistics.fmean(x for x, _ in usable)
    my = statistics.fmean(y for _, y in usable)
    sxx = sum((x - mx) ** 2 for x, _ in usable)
    if sxx == 0:
        return None
    return sum((x - mx) * (y - my) for x, y in usable) / sxx
