"""Sealed tables: only states this server sealed open; tampering is refused."""

from __future__ import annotations

import base64
import json

import pytest
from cryptography.fernet import Fernet

from service.sealing import Sealer, SealError

STATE = {"game": "99", "hands": [["QS", "AD", "2C", "3H"]], "draw_pile": ["KC"], "move": 7}


@pytest.fixture
def sealer() -> Sealer:
    return Sealer([Fernet.generate_key()])


def test_round_trip_keeps_table_id_and_move(sealer: Sealer) -> None:
    envelope = sealer.seal("99", STATE, table_id="t1")
    assert envelope["table_id"] == "t1" and envelope["move"] == 7
    opened = sealer.open("99", envelope)
    assert opened.state == STATE and opened.table_id == "t1" and opened.move == 7


def test_hidden_cards_are_not_readable(sealer: Sealer) -> None:
    envelope = sealer.seal("99", STATE, table_id="t1")
    # Two random base64 letters can spell a card ("QS"), so look for what plaintext would show:
    # the quoted cards, in the envelope and in the token's bytes (a 4-byte match by chance in a
    # few hundred random bytes is about 1 in 10 million).
    raw = base64.urlsafe_b64decode(envelope["sealed"] + "=" * (-len(envelope["sealed"]) % 4))
    for card in ("QS", "AD", "KC"):
        assert f'"{card}"' not in json.dumps(envelope)
        assert f'"{card}"'.encode() not in raw


def test_plain_state_is_refused(sealer: Sealer) -> None:
    with pytest.raises(SealError) as info:
        sealer.open("99", STATE)
    assert info.value.code == "state_not_sealed"


@pytest.mark.parametrize(
    "mangle", [lambda t: t[:-5], lambda t: t[:20] + ("A" if t[20] != "A" else "B") + t[21:], lambda t: ""]
)
def test_tampered_or_truncated_token_is_refused(sealer: Sealer, mangle) -> None:  # type: ignore[no-untyped-def]
    envelope = sealer.seal("99", STATE, table_id="t1")
    envelope["sealed"] = mangle(envelope["sealed"])
    with pytest.raises(SealError) as info:
        sealer.open("99", envelope)
    assert info.value.code == "seal_invalid"


def test_foreign_key_is_refused(sealer: Sealer) -> None:
    other = Sealer([Fernet.generate_key()])
    with pytest.raises(SealError) as info:
        sealer.open("99", other.seal("99", STATE, table_id="t1"))
    assert info.value.code == "seal_invalid"


def test_clear_fields_must_match_the_sealed_ones(sealer: Sealer) -> None:
    envelope = sealer.seal("99", STATE, table_id="t1")
    with pytest.raises(SealError) as info:
        sealer.open("99", {**envelope, "move": 3})
    assert info.value.code == "seal_mismatch"
    with pytest.raises(SealError) as info:
        sealer.open("dobon", envelope)
    assert info.value.code == "seal_wrong_game"


def test_key_rotation_old_tokens_still_open_and_can_be_resealed() -> None:
    old, new = Fernet.generate_key(), Fernet.generate_key()
    envelope = Sealer([old]).seal("99", STATE, table_id="t1")
    rotated = Sealer([new, old])
    assert rotated.open("99", envelope).state == STATE
    fresh = rotated.rotate(envelope)
    assert Sealer([new]).open("99", fresh).state == STATE
    with pytest.raises(SealError):
        Sealer([new]).open("99", envelope)


def test_config_parsing() -> None:
    assert Sealer.from_config(None) is None and Sealer.from_config("") is None
    key = Fernet.generate_key().decode()
    assert Sealer.from_config(f" {key} ,") is not None
