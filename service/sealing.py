"""Sealed tables: states the service signed and encrypted, and accepts back.

With one or more server keys configured (``TABLE_JUDGE_SEAL_KEYS``: comma-
separated Fernet keys, the first one seals, all of them open, so a key can be
rotated in by putting it first and rotated out by removing it later), every
state the service returns is a sealed envelope and only envelopes it sealed
are accepted. Fernet (AES-128-CBC with HMAC-SHA256, from the ``cryptography``
package) both authenticates and encrypts, so a client can neither forge a
table nor read the draw pile or the other hands from it.

The envelope keeps its table id and move number in clear for the client's
game server (to tell a stale submission) and authenticated inside the token;
the two must agree.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

ENVELOPE_FIELDS = frozenset({"sealed", "table_id", "move", "game"})
#: Bound on a token's length: far above any real state, far below the body limit.
MAX_TOKEN_LENGTH = 200_000


class SealError(ValueError):
    """A state that is not one this service sealed (code + message + pointer)."""

    def __init__(self, code: str, message: str, pointer: str = "/state") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.pointer = pointer


@dataclass(frozen=True, slots=True, kw_only=True)
class Opened:
    state: dict[str, Any]
    table_id: str
    #: The table's move number: ``base`` plus the state's own move count.
    move: int
    #: The table's move number when this game was dealt (a host's new deal at the same table
    #: continues its numbering, so an envelope of the earlier game is always older).
    base: int


class Sealer:
    def __init__(self, keys: Sequence[str | bytes]) -> None:
        if not keys:
            raise ValueError("a sealer needs at least one key")
        self._fernet = MultiFernet([Fernet(k) for k in keys])

    @classmethod
    def from_config(cls, value: str | Sequence[str] | None) -> Sealer | None:
        from .credentials import split_keys

        keys = split_keys(value)
        return cls(keys) if keys else None

    @staticmethod
    def new_table_id() -> str:
        return secrets.token_hex(8)

    def seal(self, game: str, state: dict[str, Any], *, table_id: str, base: int = 0) -> dict[str, Any]:
        move = base + int(state.get("move", 0))
        payload = json.dumps(
            {"game": game, "table_id": table_id, "move": move, "base": base, "state": state},
            separators=(",", ":"),
            sort_keys=True,
        ).encode()
        token = self._fernet.encrypt(payload).decode()
        return {"sealed": token, "table_id": table_id, "move": move, "game": game}

    def open(self, game: str, envelope: Any, pointer: str = "/state") -> Opened:
        if not isinstance(envelope, dict) or "sealed" not in envelope:
            raise SealError(
                "state_not_sealed",
                "this server only accepts sealed states: send the envelope a previous answer returned",
                pointer,
            )
        extra = set(envelope) - ENVELOPE_FIELDS
        if extra:
            raise SealError("seal_invalid", f"unknown envelope field(s): {', '.join(sorted(extra))}", pointer)
        token = envelope.get("sealed")
        if not isinstance(token, str) or len(token) > MAX_TOKEN_LENGTH:
            raise SealError("seal_invalid", "'sealed' must be the token string returned", f"{pointer}/sealed")
        try:
            payload = json.loads(self._fernet.decrypt(token.encode("ascii", "replace")))
        except (InvalidToken, ValueError, UnicodeError):
            raise SealError(
                "seal_invalid",
                "the sealed state is tampered, truncated or sealed with a key this server does not hold",
                f"{pointer}/sealed",
            ) from None
        if payload.get("game") != game:
            raise SealError("seal_wrong_game", f"this table was sealed for {payload.get('game')!r}", pointer)
        for key in ("table_id", "move"):
            if key in envelope and envelope[key] != payload[key]:
                raise SealError(
                    "seal_mismatch",
                    f"envelope {key} {envelope[key]!r} does not match the sealed {payload[key]!r}",
                    f"{pointer}/{key}",
                )
        return Opened(
            state=payload["state"],
            table_id=payload["table_id"],
            move=payload["move"],
            base=payload.get("base", 0),
        )

    def rotate(self, envelope: dict[str, Any]) -> dict[str, Any]:
        """Re-seal an envelope under the current (first) key."""
        token = self._fernet.rotate(envelope["sealed"].encode()).decode()
        return {**envelope, "sealed": token}
