"""Every rule id the service cites (reasons, effects, interpretations, listed patterns,
explanation sentences, probed illegal actions) resolves to a section of the reference,
and every reason code met is listed in the game's catalog (hence in the OpenAPI document)."""

from __future__ import annotations

import pytest

from rules_core.games import REGISTRY
from tests.reference.citations import walk

#: (game, preset, seats); every preset of every game, kept short.
WALKS = [(game.name, preset, seats) for game in REGISTRY for preset in game.presets for seats in (2, 3)]


@pytest.mark.parametrize(("name", "preset", "seats"), WALKS)
def test_every_cited_rule_id_is_in_the_reference(client, name: str, preset: str, seats: int) -> None:  # type: ignore[no-untyped-def]
    game = REGISTRY.get(name)
    assert game is not None
    served = {s["id"] for s in client.get(f"/v1/games/{name}/rules").get_json()["sections"]}
    codes = {r.code for r in game.reasons}
    seen = 0
    for seed in (1, 2):
        for rule_id, where, code in walk(
            game, seats=seats, options=game.presets[preset], seed=seed, steps=40
        ):
            seen += 1
            assert rule_id in served, f"{where} cites {rule_id!r}, not in the {name} reference"
            assert not code or code in codes, f"{where}: reason code {code!r} is not in the catalog"
    assert seen > 0


def test_every_reason_code_cites_a_rule_of_the_reference(client) -> None:  # type: ignore[no-untyped-def]
    for game in REGISTRY:
        served = {s["id"] for s in client.get(f"/v1/games/{game.name}/rules").get_json()["sections"]}
        for reason in game.reasons:
            assert reason.rule_id in served, (game.name, reason.code, reason.rule_id)
