"""A game's rulebook as structured sections: what ``GET /v1/games/{game}/rules`` serves.

A section is one rule of the game's ``RuleTable`` (its stable id is the one verdict
reasons cite) with the ruling taken where the document is open, the reason when it
cannot be adjudicated, the document sections it covers, the reason codes citing it,
and its worked examples as ready requests. The game's worked examples and coverage
list live in its package's ``examples.py`` (``EXAMPLES``, ``COVERAGE``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..kernel import Game, Rule, RuleExample
from .coverage import DocumentSection, sources_by_rule
from .materialise import BuiltExample, ExampleBroken, build
from .rulings import Ruling
from .search import RuleIndex
from .vocabulary import Vocabulary


@dataclass(frozen=True, slots=True, kw_only=True)
class ReferenceData:
    """A game's worked examples (rule id -> examples) and its document coverage list."""

    examples: Mapping[str, tuple[RuleExample, ...]]
    coverage: tuple[DocumentSection, ...]


def reference_data(game: Game[Any]) -> ReferenceData:
    """The ``examples.py`` data of the game's package; empty for a game that has none."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.examples")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.examples":
            raise
        return ReferenceData(examples={}, coverage=())
    return ReferenceData(examples=module.EXAMPLES, coverage=tuple(module.COVERAGE))


def examples_of(rule: Rule, data: ReferenceData) -> tuple[RuleExample, ...]:
    return (*rule.examples, *data.examples.get(rule.id, ()))


class Rulebook:
    """Every section of one game, built once (examples materialised) and searchable."""

    def __init__(
        self,
        game: Game[Any],
        rulings: Mapping[str, Ruling],
        *,
        data: ReferenceData | None = None,
        on_broken: Callable[[ExampleBroken], None] | None = None,
    ) -> None:
        self.game = game
        self.data = data if data is not None else reference_data(game)
        sources = sources_by_rule(self.data.coverage)
        codes: dict[str, list[dict[str, str]]] = {}
        for reason in game.reasons:
            codes.setdefault(reason.rule_id, []).append({"code": reason.code, "template": reason.template})
        self._sections: dict[str, dict[str, Any]] = {}
        extra: dict[str, str] = {}
        for rule in game.rules:
            built = []
            for example in examples_of(rule, self.data):
                try:
                    built.append(build(game, rule.id, example))
                except ExampleBroken as exc:
                    if on_broken is None:
                        raise
                    on_broken(exc)
            self._sections[rule.id] = _section(
                rule, rulings, sources.get(rule.id, []), codes.get(rule.id, []), built
            )
            ruling = self._sections[rule.id]["ruling"]
            extra[rule.id] = " ".join(
                [
                    *(e.example.title + " " + e.example.note for e in built),
                    *sources.get(rule.id, []),
                    *([ruling["title"]] if ruling and ruling["title"] else []),
                ]
            )
        self._index = RuleIndex(
            game.rules,
            extra,
            vocabulary=Vocabulary(game),
            preferred_levels=("all", game.default_preset),
        )

    def sections(self, level: str | None = None) -> list[dict[str, Any]]:
        return [s for s in self._sections.values() if level is None or s["level"] in (level, "all")]

    def section(self, rule_id: str) -> dict[str, Any] | None:
        return self._sections.get(rule_id)

    @property
    def index(self) -> RuleIndex:
        return self._index

    def ask(self, question: str, **options: Any) -> dict[str, Any]:
        """A question answered compactly: a few hits or "no rule matches" (``ask.ask``)."""
        from .ask import ask

        return ask(self, question, **options)

    def search(self, query: str, limit: int = 10) -> list[dict[str, Any]]:
        return [
            {"score": hit.score, **self._sections[hit.rule_id]} for hit in self._index.search(query, limit)
        ]

    def built_examples(self) -> list[BuiltExample]:
        return [e for s in self._sections.values() for e in s["_built"]]


def _section(
    rule: Rule,
    rulings: Mapping[str, Ruling],
    sources: list[str],
    codes: list[dict[str, str]],
    built: list[BuiltExample],
) -> dict[str, Any]:
    ruling = None
    if rule.ruling is not None:
        found = rulings.get(rule.ruling)
        ruling = {
            "id": rule.ruling,
            "title": found.title if found else None,
            "text": found.text if found else None,
        }
    return {
        "id": rule.id,
        "title": rule.title,
        "level": rule.level,
        "options": list(rule.options),
        "statement": rule.statement,
        "ruling": ruling,
        "not_adjudicated": rule.not_adjudicated,
        "sources": [*([rule.source] if rule.source else []), *sources],
        "reason_codes": codes,
        "examples": [e.to_json() for e in built],
        "_built": built,
    }


def public(section: dict[str, Any]) -> dict[str, Any]:
    """A section without its private build records (what the HTTP answer holds)."""
    return {k: v for k, v in section.items() if not k.startswith("_")}
