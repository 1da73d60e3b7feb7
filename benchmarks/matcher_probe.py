"""Finding the dabong! matcher, its Master options, the oracle and the matcher engineer's cases.

None of these exists for sure while the suite is used: each lookup returns
the thing or a sentence saying why it is not there, and the scaling part
skips with that sentence.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules_core.kernel import Game

#: Modules where the matcher may live, and attribute names it may have.
MATCHER_MODULES: tuple[str, ...] = ("rules_core.games.dabong.matcher", "rules_core.games.dabong.patterns")
MATCHER_NAMES: tuple[str, ...] = ("MATCHER", "matcher", "Matcher")
#: Function names the brute-force oracle may use for "every legal play of a hand".
ORACLE_NAMES: tuple[str, ...] = ("list_plays", "all_plays", "legal_plays", "enumerate_plays", "oracle_plays")


def _is_matcher(obj: object) -> bool:
    return callable(getattr(obj, "check_play", None)) and callable(getattr(obj, "list_plays", None))


def find_matcher(game: Game[Any]) -> tuple[Any | None, str]:
    """The object with ``check_play``/``list_plays`` (``matcher_api.Matcher``), or why not."""
    candidate = getattr(game, "matcher", None)
    if _is_matcher(candidate):
        return candidate, f"{type(game).__name__}.matcher"
    for module_name in MATCHER_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for attr in MATCHER_NAMES:
            obj = getattr(module, attr, None)
            if isinstance(obj, type) and _is_matcher(obj):
                try:
                    obj = obj()
                except TypeError:
                    continue
            if _is_matcher(obj):
                return obj, f"{module_name}.{attr}"
    return (
        None,
        "the dabong! game exposes no matcher (GAME.matcher or rules_core.games.dabong.matcher.MATCHER)",
    )


def master_options(game: Game[Any]) -> tuple[Any | None, str]:
    for name, options in game.presets.items():
        if "master" in name.lower():
            return options, name
    return None, f"no Master preset among {', '.join(game.presets)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Oracle:
    name: str
    #: Called as ``list_all(ctx, hand, options)``; its result is not inspected beyond len().
    list_all: Callable[..., object]


def _with_rules(fn: Callable[..., object]) -> Callable[..., object]:
    """The oracle takes the matcher's ``MatchRules``; the options object builds them."""

    def call(ctx: Any, hand: tuple[Any, ...], options: Any) -> object:
        build = getattr(options, "match_rules", None)
        return fn(ctx, hand, build() if callable(build) else options)

    return call


def find_oracle() -> tuple[Oracle | None, str]:
    try:
        module = importlib.import_module("tests.dabong.oracle")
    except ImportError as exc:
        return None, f"tests/dabong/oracle.py not importable ({exc})"
    summary = (module.__doc__ or "").strip().splitlines()[0:1]
    note = summary[0] if summary else ""
    for attr in ORACLE_NAMES:
        fn = getattr(module, attr, None)
        if callable(fn):
            return Oracle(name=f"tests.dabong.oracle.{attr}", list_all=_with_rules(fn)), note
    obj = getattr(module, "ORACLE", None)
    if obj is not None and _is_matcher(obj):
        return Oracle(
            name="tests.dabong.oracle.ORACLE.list_plays", list_all=_with_rules(obj.list_plays)
        ), note
    return None, f"tests/dabong/oracle.py has none of {', '.join(ORACLE_NAMES)}"


def matcher_engineer_cases() -> tuple[list[tuple[str, Any, tuple[Any, ...]]], str]:
    """Hands from ``benchmarks/dabong_matcher.py`` (``CASES``: (label, PileContext, hand)), if any."""
    try:
        module = importlib.import_module("benchmarks.dabong_matcher")
    except ImportError:
        return [], "benchmarks/dabong_matcher.py not there yet"
    except Exception as exc:
        return [], f"benchmarks/dabong_matcher.py failed to import: {type(exc).__name__}: {exc}"
    cases = getattr(module, "CASES", None)
    if cases is None and callable(getattr(module, "cases", None)):
        cases = module.cases()
    if not cases:
        return [], "benchmarks/dabong_matcher.py defines no CASES"
    usable = [c for c in cases if isinstance(c, tuple) and len(c) == 3]
    return usable, f"{len(usable)} case(s) absorbed from benchmarks/dabong_matcher.py"
