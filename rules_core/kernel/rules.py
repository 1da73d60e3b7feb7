"""Rule tables: every rule of a game under a stable id that reasons cite."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleExample:
    """A worked example as a machine-readable request.

    The state is built by dealing (``deal``: the deal request body, usually with a
    rigged ``deck_order``) and applying ``setup`` actions; ``action`` is then
    validated and must give ``legal`` (and, when set, a reason with ``code``).
    The reference serves the built ``{"state", "action"}`` body so a client can
    POST it to ``validate`` unchanged.
    """

    title: str
    deal: dict[str, Any]
    action: dict[str, Any]
    legal: bool
    setup: tuple[dict[str, Any], ...] = ()
    code: str | None = None
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Rule:
    id: str
    title: str
    statement: str
    #: The rule level or preset it belongs to ("all" when it always applies).
    level: str = "all"
    #: Names of the options that switch or change it.
    options: tuple[str, ...] = ()
    #: Set for points the document leaves open: the ruling taken (id in docs/rulings.md).
    ruling: str | None = None
    #: Set for parts that are listed but cannot be adjudicated, with the reason.
    not_adjudicated: str | None = None
    #: The part of the rule document this paraphrases (for the coverage list).
    source: str = ""
    #: Worked examples, each a request that ``validate`` answers as stated.
    examples: tuple[RuleExample, ...] = ()


class RuleTable:
    def __init__(self, game: str, rules: Iterable[Rule]) -> None:
        self.game = game
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise ValueError(f"rule id {rule.id!r} defined twice")
            self._rules[rule.id] = rule

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)
