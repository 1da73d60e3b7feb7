"""Reading and writing table states, open or sealed.

Without a seal key the state travels as plain JSON. With ``SEAL_KEYS``
configured (env ``TABLE_JUDGE_SEAL_KEYS``) every state the service answers is
a sealed envelope and every state it reads must be one (``service.sealing``);
the envelope's table id follows the table from answer to answer.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, g

from rules_core.kernel import Game, Problem

from .sealing import Sealer, SealError


def sealer() -> Sealer | None:
    return current_app.extensions.get("table_judge_sealer")  # type: ignore[no-any-return]


def unseal(game: Game[Any], data: Any, prefix: str, problems: list[Problem]) -> Any:
    """The plain state JSON behind ``data`` (itself when tables are not sealed), or None."""
    active = sealer()
    if active is None:
        return data
    try:
        opened = active.open(game.name, data, prefix)
    except SealError as exc:
        problems.append(Problem(pointer=exc.pointer, code=exc.code, message=exc.message))
        return None
    g.table_id = opened.table_id
    return opened.state


def emit(game: Game[Any], state_json: dict[str, Any]) -> dict[str, Any]:
    """The state as the client receives it: sealed when tables are sealed."""
    active = sealer()
    if active is None:
        return state_json
    table_id = getattr(g, "table_id", None) or Sealer.new_table_id()
    g.table_id = table_id
    return active.seal(game.name, state_json, table_id=table_id)
