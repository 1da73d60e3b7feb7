"""Short random walks that collect every rule id the service cites, to check against the reference.

Each step lists the legal actions (first page), explains and applies a random one,
and probes a few random illegal actions; every ``rule_id`` of reasons, effects,
interpretations, listed ``patterns`` and explanation sentences is recorded with where
it was seen, so a failure names the first citation that does not resolve.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from rules_core.kernel import Action, Game, Verdict
from rules_core.reference import explain

#: Action types a walk avoids when anything else is listed: they keep a game from moving on.
STALLING = frozenset({"trade", "take_back", "ask_card_count", "announce_one_card"})


def verdict_citations(verdict: Verdict) -> Iterator[tuple[str, str]]:
    for reason in verdict.reasons:
        yield reason.rule_id, f"reason {reason.code}"
    for effect in verdict.effects:
        yield effect.rule_id, f"effect {effect.name}"
    for item in verdict.interpretations:
        yield item.rule_id, f"interpretation {item.pattern}"
        for effect in item.effects:
            yield effect.rule_id, f"interpretation effect {effect.name}"


def _listed_patterns(game: Game[Any], state: Any, entry: Any, where: str) -> Iterator[tuple[str, str, str]]:
    """A listed pattern is a rule id, or (dabong! plays) a pattern name that the action's
    verdict interprets under a rule id: then that rule id is the citation."""
    named: dict[str, str] | None = None
    for pattern in entry.patterns:
        if pattern in game.rules:
            yield pattern, f"{where}: listed pattern of {entry.action.to_json()}", ""
            continue
        if named is None:
            verdict = game.validate(state, entry.action)
            named = {i.pattern: i.rule_id for i in verdict.interpretations}
        yield (
            named.get(pattern, pattern),
            f"{where}: listed pattern {pattern!r} of {entry.action.to_json()}",
            "",
        )


def walk(
    game: Game[Any], *, seats: int, options: Any, seed: int, steps: int
) -> Iterator[tuple[str, str, str]]:
    """(rule id, where, reason code or '') for every citation met on one walk."""
    rng = random.Random(seed)
    state = game.deal(seats=seats, options=options, seed=seed, deck_order=None)
    cards = game.deck.cards
    types = sorted(game.action_types)
    for step in range(steps):
        if game.is_over(state):
            return
        where = f"{game.name} seed {seed} step {step}"
        entries = list(game.legal_actions(state, limit=120).entries)
        for entry in entries[:30]:
            yield from _listed_patterns(game, state, entry, where)
        for _ in range(2):
            probe = Action(
                type=rng.choice(types), seat=rng.randrange(seats), cards=tuple(rng.sample(cards, 1))
            )
            verdict = game.validate(state, probe)
            for rule_id, what in verdict_citations(verdict):
                yield rule_id, f"{where}: probe {probe.to_json()} {what}", ""
            for reason in verdict.reasons:
                yield reason.rule_id, f"{where}: probe {probe.to_json()} code", reason.code
            for sentence in explain(game, verdict):
                for rule_id in sentence.rule_ids:
                    yield rule_id, f"{where}: explanation of probe: {sentence.text}", ""
        if not entries:
            return
        moving = [e for e in entries if e.action.type not in STALLING] or entries
        action = rng.choice(moving).action
        outcome = game.resolve(state, action)
        assert outcome.verdict.legal and outcome.state is not None, (where, action.to_json())
        for rule_id, what in verdict_citations(outcome.verdict):
            yield rule_id, f"{where}: {action.to_json()} {what}", ""
        for reason in outcome.verdict.reasons:
            yield reason.rule_id, f"{where}: code", reason.code
        for sentence in explain(game, outcome.verdict, game.to_act(outcome.state)):
            for rule_id in sentence.rule_ids:
                yield rule_id, f"{where}: explanation: {sentence.text}", ""
        state = outcome.state
