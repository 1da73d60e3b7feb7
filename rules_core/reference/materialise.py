"""Worked examples as requests: deal, apply the setup actions, and check the stated verdict.

An example is data (``RuleExample``: a deal request, setup actions, the action and the
verdict it must get). Building it goes through the ``Game`` interface only, exactly as a
client would through ``deal`` and ``apply``, so the served ``{"state", "action"}`` body
is accepted unchanged by ``validate``. Everything is deterministic: the same example
always builds the same state, so a caller may cache the result for the process.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..kernel import Game, InvalidInput, RuleExample, parse_cards


class ExampleBroken(Exception):
    """An example that cannot be built, or does not get the verdict it states."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BuiltExample:
    rule_id: str
    example: RuleExample
    #: The body a client POSTs to ``validate`` unchanged.
    request: dict[str, Any]

    def expected(self) -> dict[str, Any]:
        return {"legal": self.example.legal, "code": self.example.code}

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.example.title,
            "note": self.example.note,
            "request": self.request,
            "expect": self.expected(),
        }


def initial_state(game: Game[Any], deal: dict[str, Any]) -> Any:
    options = game.options_for(deal.get("preset"), deal.get("options"))
    order = deal.get("deck_order")
    deck = tuple(parse_cards(order)) if order is not None else None
    return game.deal(seats=deal["seats"], options=options, seed=deal.get("seed", 0), deck_order=deck)


def build(game: Game[Any], rule_id: str, example: RuleExample) -> BuiltExample:
    """The example's request, after checking every setup action is legal."""
    try:
        state = initial_state(game, example.deal)
        for index, raw in enumerate(example.setup):
            outcome = game.resolve(state, game.action_from_json(raw, f"/setup/{index}"))
            if not outcome.verdict.legal or outcome.state is None:
                codes = [r.code for r in outcome.verdict.reasons]
                raise ExampleBroken(
                    f"{rule_id} / {example.title}: setup action {index} {raw} is illegal: {codes}"
                )
            state = outcome.state
        request = {"state": game.state_to_json(state), "action": dict(example.action)}
    except InvalidInput as exc:
        problems = [f"{p.pointer} {p.code}: {p.message}" for p in exc.problems]
        raise ExampleBroken(f"{rule_id} / {example.title}: {problems}") from exc
    return BuiltExample(rule_id=rule_id, example=example, request=request)


def check(game: Game[Any], built: BuiltExample) -> list[str]:
    """What is wrong with the verdict the built request gets (empty: as the example states)."""
    state = game.state_from_json(built.request["state"])
    verdict = game.validate(state, game.action_from_json(built.request["action"]))
    return verdict_mismatch(built, verdict.legal, [r.code for r in verdict.reasons])


def verdict_mismatch(built: BuiltExample, legal: bool, codes: list[str]) -> list[str]:
    where = f"{built.rule_id} / {built.example.title}"
    wrong = []
    if legal != built.example.legal:
        wrong.append(f"{where}: legal is {legal}, the example says {built.example.legal} (reasons {codes})")
    if built.example.code is not None and built.example.code not in codes:
        wrong.append(f"{where}: no reason {built.example.code!r} among {codes}")
    return wrong
