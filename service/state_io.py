"""Reading and writing table states, open or sealed, and who asks about a sealed table.

Without a seal key the state travels as plain JSON and the caller is trusted (a game
server: ``docs/security.md``). With ``SEAL_KEYS`` configured (env ``TABLE_JUDGE_SEAL_KEYS``)
every state the service answers is a sealed envelope and every state it reads must be one
(``service.sealing``); the envelope's table id and move numbering follow the table from
answer to answer, and the caller proves a seat or the host with a credential
(``service.credentials``). With a head store (``service.head_store``) an envelope older than its
table's latest is refused, and each new envelope becomes the latest in one compare-and-set.
"""

from __future__ import annotations

import hashlib
from typing import Any

from flask import current_app, g, request

from rules_core.kernel import Game, Problem

from .credentials import HEADER, Caller, CredentialError, Credentials
from .head_store import HeadStore
from .problems import ApiProblem
from .sealing import Sealer, SealError


def sealer() -> Sealer | None:
    return current_app.extensions.get("table_judge_sealer")  # type: ignore[no-any-return]


def head_store() -> HeadStore | None:
    return current_app.extensions.get("table_judge_head_store")  # type: ignore[no-any-return]


def credentials() -> Credentials | None:
    return current_app.extensions.get("table_judge_credentials")  # type: ignore[no-any-return]


def unseal(game: Game[Any], data: Any, prefix: str, problems: list[Problem], *, moves: bool = False) -> Any:
    """The plain state JSON behind ``data`` (itself when tables are not sealed), or None.

    With a head store an envelope older than its table's latest is refused here (``StaleTable``),
    unless the request ``moves`` the table: its compare-and-set in ``emit`` refuses it then, and
    lets the very request that made the latest move through again (a balancer's retry)."""
    active = sealer()
    if active is None:
        return data
    try:
        opened = active.open(game.name, data, prefix)
    except SealError as exc:
        problems.append(Problem(pointer=exc.pointer, code=exc.code, message=exc.message))
        return None
    store = head_store()
    if store is not None and not moves:  # StaleTable: the app answers 409 stale-table
        store.check(opened.table_id, opened.move)
    g.table_id = opened.table_id
    g.table_base = opened.base
    g.table_move = opened.move
    return opened.state


def emit(game: Game[Any], state_json: dict[str, Any], *, over: bool) -> dict[str, Any]:
    """The state as the client receives it: sealed when tables are sealed (and, with a head
    store, recorded as its table's latest move before anyone sees it)."""
    active = sealer()
    if active is None:
        return state_json
    table_id = getattr(g, "table_id", None) or Sealer.new_table_id()
    g.table_id = table_id
    envelope = active.seal(game.name, state_json, table_id=table_id, base=getattr(g, "table_base", 0))
    store = head_store()
    if store is not None:
        # The same request passed on by the balancer after its first replica moved the head and
        # died computes the same move: its digest lets it through (``HeadStore.advance``).
        retry_key = hashlib.sha256(request.get_data()).hexdigest()
        read_move = getattr(g, "table_move", None)
        store.advance(table_id, read_move, envelope["move"], over=over, retry_key=retry_key)
    return envelope


def new_table(base: int = 0) -> str:
    """Start a table (a deal): a new id, or the table read (a host's new deal there) when
    ``base`` continues its numbering; the table id the answers will carry."""
    if base == 0 or getattr(g, "table_id", None) is None:
        g.table_id = Sealer.new_table_id()
    g.table_base = base
    return str(g.table_id)


def caller() -> Caller | None:
    """Who the request's credentials prove for the table read (None: open mode, trusted).

    Called after the state was read (its table id is known); a 401/403 problem otherwise."""
    made = credentials()
    if made is None:
        return None
    table_id = getattr(g, "table_id", None)
    if table_id is None:  # the state was refused: its problems are the answer
        return None
    try:
        found = made.caller(table_id, request.headers.get(HEADER))
    except CredentialError as exc:
        raise refusal(exc) from None
    g.caller = found
    return found


def refusal(exc: CredentialError) -> ApiProblem:
    slug = "credential-missing" if exc.status == 401 else "credential-refused"
    pointer = exc.pointer or "/"
    return ApiProblem(slug, exc.message, [Problem(pointer=pointer, code=exc.code, message=exc.message)])


def current_move() -> int:
    """The table move number of the envelope read in this request."""
    return int(getattr(g, "table_move", 0))
