"""Opaque, stable cursors for ``legal-actions`` pages.

A cursor is base64url of ``{"o": offset, "h": fingerprint}``; the fingerprint
hashes the state and the seat filter, so a cursor taken from another state
(or another seat) is refused instead of silently paging something else.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from typing import Any

from rules_core.kernel import Problem


class CursorInvalid(ValueError):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.problem = Problem(pointer="/cursor", code=code, message=message)


def fingerprint(state_json: Any, seat: Any) -> str:
    canonical = json.dumps([state_json, seat], sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()[:24]


def encode(offset: int, print_: str) -> str:
    raw = json.dumps({"o": offset, "h": print_}, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode(cursor: str, print_: str) -> int:
    """The offset a cursor stands for; ``CursorInvalid`` when it is not one of ours for this state."""
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        data = json.loads(base64.urlsafe_b64decode(padded.encode("ascii")))
    except (ValueError, binascii.Error, UnicodeEncodeError):
        raise CursorInvalid("invalid_cursor", "not a cursor returned by legal-actions") from None
    if not isinstance(data, dict) or not isinstance(data.get("o"), int) or not isinstance(data.get("h"), str):
        raise CursorInvalid("invalid_cursor", "not a cursor returned by legal-actions")
    if data["h"] != print_:
        raise CursorInvalid(
            "stale_cursor", "this cursor belongs to another state or seat: start again without it"
        )
    offset = data["o"]
    if isinstance(offset, bool) or offset < 0:
        raise CursorInvalid("invalid_cursor", "not a cursor returned by legal-actions")
    return int(offset)
