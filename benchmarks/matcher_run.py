"""The matcher scaling part: sweep, worst hands, exponents, table and plot inputs."""

from __future__ import annotations

import math
import time
from typing import Any

from .config import RunConfig
from .games import GameCatalog, describe_error
from .matcher import (
    PAGE,
    WORST_SHAMANS,
    WORST_SIZE,
    HandResult,
    constructed_worst_hands,
    measure_hand,
    random_hand,
)
from .matcher_probe import find_matcher, find_oracle, master_options, matcher_engineer_cases
from .measure import fit_exponent
from .tables import PartResult, Table, fmt_ms

SHAMAN_COUNTS: tuple[int, ...] = (0, 1, 2, 3)
#: Hands smaller than this are left out of the exponent fit (fixed costs dominate them).
FIT_FROM = 4


def _sweep(matcher: Any, options: Any, oracle: Any, config: RunConfig, part: PartResult) -> list[HandResult]:
    results: list[HandResult] = []
    repeats = 3 if config.quick else 5
    for shamans in SHAMAN_COUNTS:
        oracle_cap: float | None = config.oracle_cap_seconds if oracle is not None else None
        for size in config.matcher_sizes:
            if shamans > size or size - shamans > 52:
                continue
            stop = False
            for sample in range(config.matcher_samples):
                top, hand = random_hand(size, shamans, seed=sample)
                result = measure_hand(
                    matcher,
                    options,
                    oracle,
                    f"random #{sample}",
                    top,
                    hand,
                    seed=sample,
                    repeats=repeats,
                    oracle_cap=oracle_cap,
                )
                if result is None or math.isinf(result.list_seconds):
                    why = "over its cap" if result is None else "refused over its work budget (422)"
                    part.notes.append(
                        f"{size} cards, {shamans} Shamans: listing {why}; bigger hands not tried."
                    )
                    stop = True
                    break
                results.append(result)
                if math.isinf(result.check_seconds) or math.isinf(result.undeclared_seconds):
                    part.notes.append(
                        f"{size} cards, {shamans} Shamans ({result.label}): a check refused over its "
                        "work budget (422), recorded as a miss."
                    )
                if result.oracle_seconds == float("inf"):
                    oracle_cap = None  # bigger hands would only take longer
            if stop:
                break
    return results


def _worst_cases(matcher: Any, options: Any, config: RunConfig, part: PartResult) -> list[HandResult]:
    found: list[HandResult] = []
    hands = constructed_worst_hands()
    for label, top, hand in hands:
        result = measure_hand(matcher, options, None, label, top, hand, seed=0, repeats=5, oracle_cap=None)
        if result is not None:
            if math.isinf(result.list_seconds):
                part.notes.append(f"{label}: listing refused over its work budget (422).")
            found.append(result)
    cases, note = matcher_engineer_cases()
    part.notes.append(note + ".")
    for label, ctx, hand in cases:
        result = measure_hand(
            matcher,
            options,
            None,
            f"matcher engineer: {label}",
            ctx.top,
            tuple(hand),
            seed=0,
            repeats=5,
            oracle_cap=None,
            ctx=ctx,
        )
        if result is not None:
            found.append(result)
    return found


def _exponents(results: list[HandResult]) -> dict[str, float | None]:
    out: dict[str, float | None] = {}
    for shamans in SHAMAN_COUNTS:
        rows = [
            r for r in results if r.shamans == shamans and r.size >= FIT_FROM and r.label.startswith("random")
        ]
        out[f"list/{shamans}"] = fit_exponent([(r.size, r.list_seconds) for r in rows])
        out[f"check/{shamans}"] = fit_exponent([(r.size, r.check_seconds) for r in rows])
        finite = [r for r in rows if r.oracle_seconds is not None and r.oracle_seconds != float("inf")]
        out[f"oracle/{shamans}"] = fit_exponent([(r.size, r.oracle_seconds or 0.0) for r in finite])
    return out


def _fmt_exp(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def run_matcher(catalog: GameCatalog, config: RunConfig) -> PartResult:
    started = time.perf_counter()
    part = PartResult(
        name="matcher", title=f"dabong! matcher scaling at Master (first page = {PAGE} entries)"
    )
    game = catalog.games.get("dabong")
    if game is None:
        part.skipped.append(("matcher scaling", "the dabong! game is not registered yet"))
        return part
    matcher, where = find_matcher(game)
    options, preset = master_options(game)
    if matcher is None or options is None:
        part.skipped.append(("matcher scaling", where if matcher is None else preset))
        return part
    oracle, oracle_note = find_oracle()
    part.notes.append(f"Matcher: `{where}`; options: preset `{preset}`.")
    if oracle is None:
        part.skipped.append(("brute-force oracle", oracle_note))
    else:
        part.notes.append(
            f"Oracle: `{oracle.name}` ({oracle_note.rstrip('.')}), given the same hands and options, "
            f"capped at {config.oracle_cap_seconds:g} s per hand."
        )
    try:
        results = _sweep(matcher, options, oracle, config, part)
        worst = _worst_cases(matcher, options, config, part)
    except Exception as exc:
        part.skipped.append(("matcher scaling", describe_error(exc)))
        return part

    table = Table(
        title="Per hand size and Shaman count (median over the sampled hands)",
        columns=(
            "cards",
            "Shamans",
            "hands",
            "count + first page ms",
            "max ms",
            "check one play ms (max)",
            "check, Shamans undeclared ms (max)",
            "legal plays (median)",
            "oracle ms",
        ),
    )
    keys = sorted({(r.size, r.shamans) for r in results}, key=lambda k: (k[1], k[0]))
    for size, shamans in keys:
        rows = [r for r in results if r.size == size and r.shamans == shamans]
        lists = sorted(r.list_seconds for r in rows)
        plays = sorted(r.total_plays for r in rows)
        oracle_times = [r.oracle_seconds for r in rows if r.oracle_seconds is not None]
        if not oracle_times:
            oracle_cell = "-"
        elif any(t == float("inf") for t in oracle_times):
            oracle_cell = f"> {config.oracle_cap_seconds:g} s"
        else:
            oracle_cell = fmt_ms(sorted(oracle_times)[len(oracle_times) // 2])
        table.add(
            size,
            shamans,
            len(rows),
            fmt_ms(lists[len(lists) // 2]),
            fmt_ms(lists[-1]),
            fmt_ms(max(r.check_seconds for r in rows)),
            fmt_ms(max(r.undeclared_seconds for r in rows)) if shamans else "-",
            f"{plays[len(plays) // 2]:,}",
            oracle_cell,
        )
    table.notes.append(
        "check one play: the slowest of the longest listed play with its Shamans declared as listed (what a "
        "client sends after a listing) and a random illegal play. Shamans undeclared: the same long play and "
        "the hand's Shamans alone, sent without declarations, so the matcher solves every identity."
    )
    part.tables.append(table)

    exps = _exponents(results)
    exp_table = Table(
        title="Growth exponent b of time ~ cards^b (least squares on log-log, hands ≥ 4 cards)",
        columns=("Shamans", "count + first page", "check one play", "oracle"),
    )
    for shamans in SHAMAN_COUNTS:
        exp_table.add(
            shamans,
            _fmt_exp(exps[f"list/{shamans}"]),
            _fmt_exp(exps[f"check/{shamans}"]),
            _fmt_exp(exps[f"oracle/{shamans}"]),
        )
    part.tables.append(exp_table)

    worst_pool = [r for r in results + worst if r.size == WORST_SIZE and r.shamans == WORST_SHAMANS]
    worst_table = Table(
        title=f"Named hands: the random {WORST_SIZE}-card, {WORST_SHAMANS}-Shaman samples, the constructed "
        "hands and the CASES of benchmarks/dabong_matcher.py (all at Master)",
        columns=(
            "hand",
            "cards",
            "Shamans",
            "count + first page ms",
            "check one play ms",
            "check, Shamans undeclared ms",
            "legal plays",
            "entries",
        ),
    )
    named = [r for r in results if r.size == WORST_SIZE and r.shamans == WORST_SHAMANS] + worst
    for r in named:
        worst_table.add(
            r.label,
            r.size,
            r.shamans,
            fmt_ms(r.list_seconds),
            fmt_ms(r.check_seconds),
            fmt_ms(r.undeclared_seconds) if r.shamans else "-",
            f"{r.total_plays:,}",
            f"{r.total_entries:,}",
        )
    part.tables.append(worst_table)

    part.figures["matcher_results"] = results
    part.figures["matcher_worst"] = worst_pool
    part.figures["matcher_all"] = results + worst
    part.figures["matcher_exponents"] = exps
    part.figures["matcher_objects"] = (matcher, options)
    part.seconds = time.perf_counter() - started
    return part
