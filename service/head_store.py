"""The head store: rollback protection for sealed tables across replicas (issue #27).

A sealed envelope (``service.sealing``) proves the service made it, not that it is the latest
one: a player holding the envelope of move 12 can send it again after move 13 was played and
"undo" a move the table already accepted. The service keeps nothing between requests, so on its
own it cannot tell. Two answers:

* without a head store, the client's game server compares the envelope's ``move`` (in clear on
  the envelope, and authenticated inside it) with the latest it handed out (docs/operations.md);
* with one (``TABLE_JUDGE_REDIS_URL``: a Redis or Valkey server shared by every replica), the
  service keeps, per sealed table, the latest move it answered, the *head*, and refuses an
  envelope older than the head with a 409 ``stale-table`` problem (``StaleTable``).

The store holds one small hash per table, ``<prefix><table_id>`` (``tj:head:<table_id>`` by
default) with ``move`` (the head) and ``by`` (see ``advance``'s ``retry_key``). Moving the
head is one Lua script run on the server (EVALSHA: atomic, one round trip), so two replicas that
read the same envelope at once cannot both advance it: exactly one wins, the other is refused.

Every key expires: soon after the game ended (``finished_ttl``, an hour by default: a finished
table takes no more moves, the key only has to outlive the last answers in flight) and after a
long idle time otherwise (``idle_ttl``, 7 days), so the store never fills with abandoned
tables. An expired key means "no head": the envelope passes, as it would without a store. So
protection lasts that long after a table's last move; a game server that must refuse older
envelopes for longer keeps checking ``move`` itself.

Fail closed: when the store cannot be reached or answers an error, every call raises
``HeadStoreUnavailable`` (a 503 ``head-store-unavailable``), never "pass": a sealed service that
silently dropped rollback protection while its store was down would let exactly the rollbacks
it exists to refuse through. The socket timeouts are short (``timeout``, 0.5 s by default) and
there are no client retries, so a dead or black-holed store costs a sync gunicorn worker at most
about a second per request (connect, then read), not redis-py's default retries with backoff.
"""

from __future__ import annotations

from typing import Any

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

#: Namespace of the keys, so the store can be shared with other applications (or other
#: Table Judge deployments with another prefix).
DEFAULT_PREFIX = "tj:head:"
#: Seconds a finished table's head is kept: only answers still in flight need it.
DEFAULT_FINISHED_TTL = 60 * 60
#: Seconds an unfinished table's head is kept after its last move (each move sets it again).
DEFAULT_IDLE_TTL = 7 * 24 * 60 * 60
#: Socket connect and read timeout in seconds: a store on the same network answers in
#: milliseconds; more than this is an outage, and a sync worker must not wait it out.
DEFAULT_TIMEOUT = 0.5

# KEYS[1]: the table's key. ARGV: read_move ("" for a new table), new_move, ttl seconds,
# retry_key ("" for none). Returns {1, head} when the head was set (or the call is a retry of the
# request that set it), {0, head} when refused: the current head is newer than what was read.
# Checked and written in one script: Redis runs a script alone, so nothing can come between the
# read of the head and its write (a GET then SET from Python would let two replicas both pass).
_ADVANCE = """
local head = redis.call('HGET', KEYS[1], 'move')
if head then
    head = tonumber(head)
    if ARGV[1] == '' or head > tonumber(ARGV[1]) then
        -- The very request that set this head, sent again (a balancer passing a POST on to
        -- another replica after the first one died before answering): it computes the same
        -- move, so answer it again instead of stranding the table with a head nobody holds.
        if ARGV[4] ~= '' and head == tonumber(ARGV[2])
                and redis.call('HGET', KEYS[1], 'by') == ARGV[4] then
            return {1, head}
        end
        return {0, head}
    end
end
redis.call('HSET', KEYS[1], 'move', ARGV[2], 'by', ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return {1, tonumber(ARGV[2])}
"""


class StaleTable(Exception):
    """The envelope is older than the table's head: a later move was already answered."""

    def __init__(self, table_id: str, move: int, head: int) -> None:
        super().__init__(f"table {table_id} is at move {head}; this envelope is move {move}")
        self.table_id = table_id
        #: The move of the envelope the client sent.
        self.move = move
        #: The latest move the store holds for this table.
        self.head = head


class HeadStoreUnavailable(Exception):
    """The head store could not be asked (down, unreachable, too slow, or an error answer)."""


class HeadStore:
    """The latest move of each sealed table, in a Redis/Valkey server shared by the replicas.

    Thread-safe (redis-py's client keeps a connection pool) and fork-safe (the pool notices a
    new process and opens its own connections), so one instance per app is enough.
    """

    def __init__(
        self,
        client: redis.Redis,
        *,
        prefix: str = DEFAULT_PREFIX,
        finished_ttl: int = DEFAULT_FINISHED_TTL,
        idle_ttl: int = DEFAULT_IDLE_TTL,
    ) -> None:
        if finished_ttl <= 0 or idle_ttl <= 0:
            raise ValueError("head store expiries must be positive (seconds)")
        self._client = client
        self._prefix = prefix
        self.finished_ttl = finished_ttl
        self.idle_ttl = idle_ttl
        # Registering only computes the script's SHA1; the script is loaded on first use and
        # again whenever the server answers NOSCRIPT (a restarted or failed-over store).
        self._advance = client.register_script(_ADVANCE)

    @classmethod
    def from_url(
        cls,
        url: str | None,
        *,
        prefix: str = DEFAULT_PREFIX,
        finished_ttl: int = DEFAULT_FINISHED_TTL,
        idle_ttl: int = DEFAULT_IDLE_TTL,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> HeadStore | None:
        """A store for ``redis://``, ``rediss://`` or ``unix://`` ``url``; None when unset (no store).

        Nothing is connected here: the app starts even while the store is down (readiness says
        so, and sealed requests are refused with a 503 until it is back).
        """
        if not url or not url.strip():
            return None
        client = redis.Redis.from_url(
            url.strip(),
            socket_connect_timeout=timeout,
            socket_timeout=timeout,
            # No retries: redis-py 6+ retries 3 times with backoff by default, several seconds
            # of a sync worker per request while the store is down. A connection the server
            # closed (a restart) is still replaced: the pool checks it before handing it out.
            retry=Retry(NoBackoff(), 0),
            decode_responses=True,
        )
        return cls(client, prefix=prefix, finished_ttl=finished_ttl, idle_ttl=idle_ttl)

    def key(self, table_id: str) -> str:
        return self._prefix + table_id

    def check(self, table_id: str, move: int) -> None:
        """Refuse (``StaleTable``) an envelope of ``move`` when the table's head is later.

        No head (a table never stored, or expired) passes: the store cannot know better than
        the envelope. For the operations that read a table without moving it on.
        """
        head = self._call(self._client.hget, self.key(table_id), "move")
        if head is not None and int(head) > move:
            raise StaleTable(table_id, move, int(head))

    def advance(
        self,
        table_id: str,
        read_move: int | None,
        new_move: int,
        *,
        over: bool,
        retry_key: str | None = None,
    ) -> None:
        """Make ``new_move`` the table's head, if the envelope read (``read_move``) is not stale.

        One atomic compare-and-set: the head is set when there is none or it is at most
        ``read_move``; ``read_move`` None is a new table (``deal``), set only when the table has
        no head at all. Otherwise ``StaleTable`` names the current head (another replica answered
        a later move first, or the envelope was old). The expiry is set again on each move:
        ``finished_ttl`` when ``over`` (the game ended), ``idle_ttl`` otherwise.

        ``retry_key`` (optional): a digest of the request that makes this move (e.g. SHA-256 of
        its raw body). When given, the same request sent again after it already set the head
        (a balancer passes a POST on when a replica died before answering: deploy/serve.py's
        ``non_idempotent``) passes instead of a 409: the operations are pure functions of the
        body, so it computes the same move, and without this the answer that moved the head
        would be lost and the table stuck. A different request from the same envelope is still
        refused.
        """
        if read_move is not None and new_move < read_move:
            # A programming error, not a client's: the head must never move back.
            raise ValueError(f"new_move {new_move} is before read_move {read_move}")
        ttl = self.finished_ttl if over else self.idle_ttl
        args = ("" if read_move is None else read_move, new_move, ttl, retry_key or "")
        done, head = self._call(self._advance, keys=[self.key(table_id)], args=args)
        if not done:
            # A new table refused (its id already has a head) names the move it would have made.
            raise StaleTable(table_id, new_move if read_move is None else read_move, int(head))

    def ping(self) -> None:
        """Raise ``HeadStoreUnavailable`` unless the store answers (for ``/v1/ready``)."""
        self._call(self._client.ping)

    def close(self) -> None:
        """Close the pool's connections (tests; an app keeps its store for its lifetime)."""
        self._client.close()

    @staticmethod
    def _call(command: Any, *args: Any, **kwargs: Any) -> Any:
        # Every redis-py failure (ConnectionError and TimeoutError are RedisError subclasses;
        # so are error replies such as a key of the wrong type) becomes one exception the app
        # answers with a 503: fail closed, never treat "could not ask" as "not stale".
        try:
            return command(*args, **kwargs)
        except redis.RedisError as exc:
            raise HeadStoreUnavailable(f"the head store did not answer: {exc}") from exc
