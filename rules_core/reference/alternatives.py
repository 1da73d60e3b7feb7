"""Would a refused action be legal at another level, preset or option setting?

The same action is judged again on the same table with each other preset's rules (its
options, the table's counts kept: hand size, first seat, rounds) and
with each yes/no option flipped and each other choice of a choice option, and the ones
that make it legal are reported. A cheap bound: only asked for an illegal verdict, one
decode and one judgement per preset and per yes/no option. A table that another
setting cannot hold (a hand size the state does not have) is left out, never an error.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..kernel import Action, Game, InvalidInput, Verdict, options_to_json


@dataclass(frozen=True, slots=True, kw_only=True)
class Alternative:
    """A setting under which the action is legal: a whole ``preset``, or ``option`` set to ``value``."""

    verdict: Verdict
    preset: str | None = None
    option: str | None = None
    value: bool | str | None = None
    #: The rule the setting belongs to (the option's rule), when the game names one.
    rule_id: str | None = None

    def to_json(self) -> dict[str, Any]:
        if self.preset is not None:
            return {"preset": self.preset}
        return {"option": self.option, "value": self.value}


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def preset_options(game: Game[Any], preset: str) -> dict[str, Any]:
    return {name: _plain(value) for name, value in options_to_json(game.presets[preset]).items()}


def table_preset(game: Game[Any], options: dict[str, Any]) -> str | None:
    """The preset whose options the table plays exactly, if any."""
    return next((p for p in game.presets if preset_options(game, p) == options), None)


def _judged(
    game: Game[Any], state_json: dict[str, Any], options: dict[str, Any], action: Action
) -> Verdict | None:
    try:
        state = game.state_from_json({**state_json, "options": options})
        return game.resolve(state, action).verdict
    except InvalidInput:  # this setting cannot hold the table (StateInvalid is an InvalidInput)
        return None


def legal_under(game: Game[Any], state: Any, action: Action) -> list[Alternative]:
    """The other presets, then the flipped yes/no options, under which ``action`` is legal."""
    state_json = game.state_to_json(state)
    options = state_json.get("options")
    if not isinstance(options, dict):
        return []
    found: list[Alternative] = []
    for preset in game.presets:
        # The preset's rules on this table: counts (hand size, first seat, rounds) stay the table's.
        other = {
            name: options[name] if _is_count(options.get(name)) else value
            for name, value in preset_options(game, preset).items()
        }
        if other == options:
            continue
        verdict = _judged(game, state_json, other, action)
        if verdict is not None and verdict.legal:
            found.append(Alternative(verdict=verdict, preset=preset))
    specs = {spec.name: spec for spec in game.option_specs()}
    for name, value in options.items():
        spec = specs.get(name)
        if isinstance(value, bool):
            others: tuple[Any, ...] = (not value,)
        elif isinstance(value, str) and spec is not None and spec.choices:
            others = tuple(_plain(c) for c in spec.choices if _plain(c) != value and name != "level")
        else:
            continue
        for other_value in others:
            verdict = _judged(game, state_json, {**options, name: other_value}, action)
            if verdict is not None and verdict.legal:
                rule = spec.rule if spec is not None else None
                found.append(
                    Alternative(
                        verdict=verdict,
                        option=name,
                        value=other_value,
                        rule_id=rule if rule in game.rules else None,
                    )
                )
    return found
