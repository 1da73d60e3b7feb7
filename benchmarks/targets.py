"""The targets: ratios in one run (or absolute bounds), pass/miss with the margin.

A missed target gets a cProfile of the workload that missed, so the page says
where the time goes without anyone having to rerun anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .games import GameCatalog, describe_error
from .measure import paired_ratio
from .profiling import profile_top
from .tables import PartResult, Table, fmt_rate

RATIO_PLAYOUT_VS_RLCARD = 1.0
RATIO_HTTP_VS_BARE = 0.6
WORST_HAND_MS = 50.0
CHECK_PLAY_MS = 1.0
WORKER_MB = 100.0
BOT_P95_MS = 50.0


@dataclass(slots=True, kw_only=True)
class Target:
    name: str
    #: "measured vs reference" in words, with the figures.
    detail: str
    #: measured / required, oriented so that >= 1 passes.
    score: float
    profile: Callable[[], object] | None = None
    #: Targets sharing a key share one profile (2 and 4 seats of one game spend alike).
    profile_key: str = ""
    profile_text: str = ""

    @property
    def passed(self) -> bool:
        return self.score >= 1.0

    @property
    def margin(self) -> str:
        return f"{self.score - 1:+.0%}"


def _figures(parts: list[PartResult]) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for part in parts:
        merged.update(part.figures)
    return merged


def _playout_targets(figures: dict[str, Any], catalog: GameCatalog) -> list[Target]:
    from .throughput import playout_profile

    out = []
    rules = {
        "99": ("rlcard-uno-bare", "RLCard bare Uno loop"),
        "dobon": ("rlcard-uno-bare", "RLCard bare Uno loop"),
        "dabong": ("rlcard-uno-env", "RLCard env.run() Uno"),
    }
    for key, rate in figures.items():
        if not key.startswith("playout/"):
            continue
        name, preset, seats = key.removeprefix("playout/").split("/")
        if name not in rules:
            continue
        ref_key, ref_name = rules[name]
        ref = figures.get(f"peer/{ref_key}-{seats}")
        if ref is None:
            continue
        ratio = paired_ratio(
            figures[key.replace("playout/", "playout_rounds/", 1)], figures[f"peer_rounds/{ref_key}-{seats}"]
        )
        ratio = ratio if ratio is not None else rate / ref
        out.append(
            Target(
                name=f"{name} {preset} playouts, {seats} seats ≥ {ref_name}",
                detail=f"{fmt_rate(rate)} vs {fmt_rate(ref)} actions/s (paired ratio {ratio:.2f})",
                score=ratio / RATIO_PLAYOUT_VS_RLCARD,
                profile=playout_profile(catalog, key.removeprefix("playout/")),
                profile_key=f"playout/{name}/{preset}",
            )
        )
    return out


def _http_targets(figures: dict[str, Any]) -> list[Target]:
    out = []
    for key, rps in figures.items():
        if not key.startswith("http/"):
            continue
        _, game, endpoint = key.split("/")
        if endpoint not in ("validate", "apply"):
            continue
        bare = figures.get(f"http/{game}/bare (same body)")
        if not bare:
            continue
        body = figures[f"http_body/{game}/{endpoint}"]
        ratio = paired_ratio(
            figures[f"http_rounds/{game}/{endpoint}"], figures[f"http_rounds/{game}/bare (same body)"]
        )
        ratio = ratio if ratio is not None else rps / bare
        out.append(
            Target(
                name=f"{game} {endpoint} ≥ {RATIO_HTTP_VS_BARE:g} × bare route",
                detail=f"{fmt_rate(rps)} vs {fmt_rate(bare)} req/s (paired ratio {ratio:.2f})",
                score=ratio / RATIO_HTTP_VS_BARE,
                profile=_request_profile(game, endpoint, body),
                profile_key=f"http/{game}/{endpoint}",
            )
        )
    return out


def _request_profile(game: str, endpoint: str, body: bytes) -> Callable[[], object]:
    """One in-process request through the Flask test client (same app, no server)."""
    holder: dict[str, Any] = {}

    def work() -> object:
        if "client" not in holder:
            from .bench_wsgi import build_app

            holder["client"] = build_app().test_client()
        return holder["client"].post(
            f"/v1/games/{game}/{endpoint}", data=body, content_type="application/json"
        )

    return work


def _matcher_targets(figures: dict[str, Any]) -> list[Target]:
    out = []
    worst = figures.get("matcher_worst") or []
    everything = figures.get("matcher_all") or []
    matcher_objects = figures.get("matcher_objects")
    if worst:
        slowest = max(worst, key=lambda r: r.list_seconds)
        ms = slowest.list_seconds * 1000
        out.append(
            Target(
                name="worst dabong! hand (26 cards, 3 Shamans, Master) counted + first page "
                f"< {WORST_HAND_MS:g} ms",
                detail=f"{ms:.2f} ms ({slowest.label}, {slowest.total_plays:,} plays) "
                f"over {len(worst)} hands",
                score=WORST_HAND_MS / ms if ms else float("inf"),
                profile=_matcher_profile(matcher_objects, slowest),
            )
        )
    with_shamans = [r for r in everything if r.shamans]
    if with_shamans:
        slowest = max(with_shamans, key=lambda r: r.undeclared_seconds)
        ms = slowest.undeclared_seconds * 1000
        out.append(
            Target(
                name=f"one play with its Shamans undeclared validated < {CHECK_PLAY_MS:g} ms for any hand",
                detail=f"slowest {ms:.3f} ms ({slowest.size} cards, {slowest.shamans} Shamans, "
                f"{slowest.label}) over {len(with_shamans)} hands",
                score=CHECK_PLAY_MS / ms if ms else float("inf"),
                profile=_undeclared_profile(matcher_objects, slowest),
            )
        )
    if everything:
        slowest = max(everything, key=lambda r: r.check_seconds)
        ms = slowest.check_seconds * 1000
        out.append(
            Target(
                name=f"one play validated < {CHECK_PLAY_MS:g} ms for any hand",
                detail=f"slowest {ms:.3f} ms ({slowest.size} cards, {slowest.shamans} Shamans, "
                f"{slowest.label}) over {len(everything)} hands",
                score=CHECK_PLAY_MS / ms if ms else float("inf"),
            )
        )
    return out


def _undeclared_profile(objects: Any, result: Any) -> Callable[[], object] | None:
    """Checking the hand's Shamans laid alone and undeclared (one of the timed undeclared plays)."""
    if objects is None:
        return None
    matcher, options = objects
    shamans = tuple(c for c in result.hand if c.is_shaman)
    return lambda: matcher.check_play(result.ctx, shamans, (), options)


def _matcher_profile(objects: Any, result: Any) -> Callable[[], object] | None:
    if objects is None:
        return None
    from .matcher import PAGE

    matcher, options = objects
    return lambda: matcher.list_plays(result.ctx, result.hand, options, seat=0, offset=0, limit=PAGE)


def _not_evaluated(targets: list[Target], catalog: GameCatalog) -> list[str]:
    out = []
    for game in ("99", "dobon", "dabong"):
        if not any(t.name.startswith(f"{game} ") and "playouts" in t.name for t in targets):
            why = "not registered yet" if game not in catalog.games else "no playout or peer figure"
            out.append(f"{game} playouts vs RLCard ({why})")
    if not any("bare route" in t.name for t in targets):
        out.append("validate/apply vs bare route (no HTTP figures)")
    if not any("worst dabong!" in t.name for t in targets):
        out.append("worst dabong! hand < 50 ms (no matcher figures)")
    if not any("one play validated" in t.name for t in targets):
        out.append("one play validated < 1 ms (no matcher figures)")
    if not any("worker under" in t.name for t in targets):
        out.append("worker under 100 MB (no HTTP run)")
    return out


def evaluate(parts: list[PartResult], catalog: GameCatalog, *, profile_seconds: float) -> PartResult:
    figures = _figures(parts)
    targets = _playout_targets(figures, catalog) + _http_targets(figures) + _matcher_targets(figures)
    for key, bot in sorted(figures.items()):
        if key.startswith("bot/"):
            _, game, seats = key.split("/")
            ms = 1000 * bot["p95"]
            targets.append(
                Target(
                    name=f"{game} strong suggestion at {seats} seats, p95 < {BOT_P95_MS:g} ms",
                    detail=f"p95 {ms:.1f} ms wall ({1000 * bot['cpu_p95']:.1f} ms CPU), {bot['n']} decisions",
                    score=BOT_P95_MS / ms if ms else float("inf"),
                )
            )
    rss = figures.get("worker_rss_mb")
    if rss is not None:
        targets.append(
            Target(
                name=f"a worker under {WORKER_MB:g} MB resident under load",
                detail=f"largest worker {rss:.1f} MB (max of VmRSS and VmHWM)",
                score=WORKER_MB / rss,
            )
        )
    part = PartResult(name="targets", title="Targets")
    table = Table(
        title="Targets (ratios within this run)", columns=("target", "result", "measured", "margin")
    )
    profiled: dict[str, str] = {}
    for target in targets:
        table.add(target.name, "pass" if target.passed else "**miss**", target.detail, target.margin)
        if target.passed or target.profile is None:
            continue
        if target.profile_key and target.profile_key in profiled:
            target.profile_text = f"(same workload as the profile of: {profiled[target.profile_key]})"
            continue
        try:
            target.profile_text = profile_top(target.profile, seconds=profile_seconds)
        except Exception as exc:
            target.profile_text = f"profile failed: {describe_error(exc)}"
        if target.profile_key:
            profiled[target.profile_key] = target.name
    for missing in _not_evaluated(targets, catalog):
        table.add(missing, "not evaluated", "-", "-")
    table.notes.append(
        "Ratios are paired: the median over rounds of (workload / reference in the same round). "
        "Margin: how far the measured figure is past (+) or short of (-) the target, relative to the target."
    )
    part.tables.append(table)
    part.figures["targets"] = targets
    return part
