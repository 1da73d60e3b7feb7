"""slots_builder: the object it builds is the one the class's constructor builds.

Two ways of building are checked: plain stores on a twin of the same layout that then
becomes the class (states, verdicts, listing entries), and stores through the slot
descriptors where no twin can be made (effects, whose frozen base refuses stores).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rules_core.kernel import (
    Action,
    CardsPlayed,
    LegalEntry,
    Verdict,
    parse_card,
    slots_builder,
    slots_copier,
)
from rules_core.kernel.build import _settable_twin


def _built_and_made(cls: type, values: dict[str, Any]) -> tuple[Any, Any]:
    names = tuple(values)[::-1]  # any order of the names, not only the declared one
    built = slots_builder(cls, *names)(*(values[n] for n in names))
    return built, cls(**values)


def test_a_verdict_is_built_on_a_twin_and_is_a_frozen_verdict() -> None:
    assert _settable_twin(Verdict) is not None
    action = Action(type="play", seat=1, cards=(parse_card("AS"),))
    values = {f.name: None for f in dataclasses.fields(Verdict)} | {"legal": True, "action": action}
    built, made = _built_and_made(Verdict, values)
    assert type(built) is Verdict
    assert built == made and hash(built) == hash(made)
    assert all(getattr(built, n) is getattr(made, n) for n in values)
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.legal = False


def test_an_entry_is_built_on_a_twin() -> None:
    action = Action(type="draw", seat=0)
    built, made = _built_and_made(
        LegalEntry, {"action": action, "orderings": 2, "note": "n", "patterns": ("p",)}
    )
    assert type(built) is LegalEntry and built == made and repr(built) == repr(made)


def test_an_effect_keeps_the_descriptor_stores() -> None:
    assert _settable_twin(CardsPlayed) is None  # its frozen base (Effect) would refuse the stores
    card = parse_card("AS")
    built, made = _built_and_made(CardsPlayed, {"rule_id": "r", "seat": 1, "cards": (card,)})
    assert type(built) is CardsPlayed and built == made
    assert slots_copier(CardsPlayed)(built, seat=2) == dataclasses.replace(made, seat=2)


@pytest.mark.parametrize("game", ["99", "dobon", "dabong"])
def test_every_game_state_copies_to_the_state_replace_makes(game: str) -> None:
    from rules_core.games import REGISTRY

    rules = {g.name: g for g in REGISTRY}[game]
    state = rules.deal(seats=3, options=rules.presets[rules.default_preset], seed=5, deck_order=None)
    cls = type(state)
    assert _settable_twin(cls) is not None
    copy = slots_copier(cls)(state, seed=6)
    assert type(copy) is cls
    assert copy == dataclasses.replace(state, seed=6)
    assert rules.state_to_json(copy) == rules.state_to_json(dataclasses.replace(state, seed=6))
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.seed = 7
