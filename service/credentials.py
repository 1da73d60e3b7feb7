"""Seat credentials of sealed tables: who is asking, proved without server storage.

In sealed mode ``deal`` answers one credential per seat and one for the table's host. A
credential is an HMAC of the table id and the role, keyed by a key derived from each server
seal key, so the service recognises it from the keys alone (no store, any replica) and it
rotates with them: a credential made under any configured key is accepted, and new ones are
made under the first. Requests name theirs in the ``X-Table-Credential`` header (several,
comma-separated, when an action needs more than one seat's consent: a dabong! trade).

Form: ``tj1.host.<mac>`` or ``tj1.seat<N>.<mac>`` (the role in clear so a refusal can say
which seat a credential is for; the mac makes it unforgeable).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

HEADER = "X-Table-Credential"
#: Most credentials one header may carry (a trade needs two; a host may add its own).
MAX_CREDENTIALS = 4
_FORM = re.compile(r"^tj1\.(host|seat(0|[1-9][0-9]{0,2}))\.([A-Za-z0-9_-]{32})$")
#: Separates the credential keys from the Fernet keys they are derived from: a seal key is
#: never used directly as a MAC key for another purpose.
_LABEL = b"table-judge seat credential v1"


class CredentialError(Exception):
    """A missing (``status`` 401) or refused (403) credential, with a message for the client."""

    def __init__(self, status: int, code: str, message: str, pointer: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.pointer = pointer


@dataclass(frozen=True, slots=True)
class Caller:
    """Who proved what for one table: the host (who may act as the table) and/or some seats."""

    host: bool
    seats: frozenset[int]

    def may_act_as(self, seat: int) -> bool:
        return self.host or seat in self.seats

    def viewer(self) -> int | None:
        """The seat whose eyes the answers are shaped for; None: the host, who sees everything."""
        if self.host:
            return None
        return min(self.seats)


class Credentials:
    """Makes and checks the credentials of sealed tables under the server's seal keys."""

    def __init__(self, seal_keys: Sequence[str | bytes]) -> None:
        if not seal_keys:
            raise ValueError("credentials need at least one seal key")
        self._keys = [
            hmac.new(base64.urlsafe_b64decode(k), _LABEL, hashlib.sha256).digest() for k in seal_keys
        ]

    @classmethod
    def from_config(cls, value: str | Sequence[str] | None) -> Credentials | None:
        """The credentials of the configured seal keys (None when tables are not sealed)."""
        keys = split_keys(value)
        return cls(keys) if keys else None

    def _mac(self, key: bytes, table_id: str, role: str) -> str:
        digest = hmac.new(key, f"{table_id}\x00{role}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:24]).decode()

    def make(self, table_id: str, role: str) -> str:
        return f"tj1.{role}.{self._mac(self._keys[0], table_id, role)}"

    def for_table(self, table_id: str, seats: int) -> dict[str, object]:
        """What ``deal`` answers: the host's credential and each seat's, in seat order."""
        return {
            "host": self.make(table_id, "host"),
            "seats": [self.make(table_id, f"seat{s}") for s in range(seats)],
        }

    def caller(self, table_id: str, header: str | None) -> Caller:
        """The caller the header proves for ``table_id``; CredentialError when it proves nothing."""
        values = [v.strip() for v in (header or "").split(",") if v.strip()]
        if not values:
            raise CredentialError(
                401,
                "credential_missing",
                f"this table is sealed: send the credential deal gave your seat in the {HEADER} header",
            )
        if len(values) > MAX_CREDENTIALS:
            raise CredentialError(403, "credential_invalid", f"at most {MAX_CREDENTIALS} credentials")
        host = False
        seats: set[int] = set()
        for value in values:
            match = _FORM.match(value)
            if match is None:
                raise CredentialError(
                    403, "credential_invalid", f"{HEADER} holds something that is not a table credential"
                )
            role = match.group(1)
            if not any(hmac.compare_digest(match.group(3), self._mac(k, table_id, role)) for k in self._keys):
                raise CredentialError(
                    403,
                    "credential_invalid",
                    f"the {role.replace('seat', 'seat ')} credential is not one of this table's",
                )
            if role == "host":
                host = True
            else:
                seats.add(int(match.group(2)))
        return Caller(host=host, seats=frozenset(seats))


def split_keys(value: str | Sequence[str] | None) -> list[str]:
    """The seal keys of a ``SEAL_KEYS`` setting (comma-separated or a list), blanks dropped."""
    if not value:
        return []
    keys = value.split(",") if isinstance(value, str) else list(value)
    return [k.strip() for k in keys if k.strip()]


def require_seats(caller: Caller, seats: Iterable[int], pointer: str, doing: str) -> None:
    """403 unless ``caller`` may act as every one of ``seats`` (the host may act as any)."""
    missing = [s for s in seats if not caller.may_act_as(s)]
    if missing:
        names = " and ".join(f"seat {s}" for s in missing)
        raise CredentialError(
            403, "not_your_seat", f"{doing} needs {names}'s credential or the host's", pointer
        )


def require_host(caller: Caller, doing: str, pointer: str = "") -> None:
    if not caller.host:
        raise CredentialError(403, "host_only", f"{doing} needs the table host's credential", pointer)
