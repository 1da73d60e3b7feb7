"""Strict marshmallow fields: accept exactly what the OpenAPI document says.

marshmallow 4's ``Integer`` loads ``2.7`` and ``"5"``, ``Boolean`` loads
``"yes"``: the published schema would then promise less than the service
accepts. These subclasses keep the JSON Schema meaning: an integer is a JSON
number with no fraction (``5.0`` included), a boolean is ``true``/``false``,
a string is a string.
"""

from __future__ import annotations

from typing import Any

from marshmallow import fields, validate

#: Card notation, for the OpenAPI ``pattern`` (the game still checks the card is in its deck).
CARD_PATTERN = r"^(?:(?:10|[2-9AJQK])[SHDCFWEA]|SH[123])$"


class StrictInteger(fields.Integer):
    def _validated(self, value: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        if isinstance(value, int):
            return value
        if isinstance(value, float) and value.is_integer():
            return int(value)
        raise self.make_error("invalid", input=value)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> int:
        return self._validated(value)


class StrictBoolean(fields.Boolean):
    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> bool:
        if isinstance(value, bool):
            return value
        raise self.make_error("invalid", input=value)


class StrictString(fields.String):
    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        if isinstance(value, str):
            return value
        raise self.make_error("invalid")


class CardString(StrictString):
    """A card in notation (``QS``, ``10H``, ``SH1``)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("metadata", {}).setdefault("example", "QS")
        super().__init__(validate=validate.Regexp(CARD_PATTERN, error="not a card in notation"), **kwargs)


class RawObject(fields.Dict):
    """A JSON object passed through untouched (the game validates it: keeps this layer thin)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, dict):
            raise self.make_error("invalid")
        return value

    def _serialize(self, value: Any, attr: Any, obj: Any, **kwargs: Any) -> Any:
        return value


class RawList(fields.List):
    """A list of JSON values passed through as they are (already shaped by the core)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(fields.Raw(), **kwargs)

    def _serialize(self, value: Any, attr: Any, obj: Any, **kwargs: Any) -> Any:
        return value
