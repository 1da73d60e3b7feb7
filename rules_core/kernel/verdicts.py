"""Reasons and verdicts: the answer to "may this seat do this now?".

A reason is a stable snake_case code (part of the API contract, never renamed),
a human message rendered from structured details, and the id of the rule that
decided. Codes carry their message template, as an enum carries its phrase.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .effects import Effect


@dataclass(frozen=True, slots=True, kw_only=True)
class ReasonCode:
    """A reason the service can give, with its message template and default rule."""

    code: str
    template: str
    rule_id: str

    def __call__(self, rule_id: str | None = None, **details: Any) -> Reason:
        try:
            message = self.template.format(**details)
        except (KeyError, IndexError):  # a template bug must not hide the verdict
            message = self.template
        return Reason(
            code=self.code,
            rule_id=rule_id or self.rule_id,
            message=message,
            details=_freeze(details),
        )


def _freeze(details: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(details.items()))


@dataclass(frozen=True, slots=True, kw_only=True)
class Reason:
    code: str
    rule_id: str
    message: str
    details: tuple[tuple[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "rule_id": self.rule_id,
            "message": self.message,
            "details": {k: _jsonable(v) for k, v in self.details},
        }


def _jsonable(value: Any) -> Any:
    from .cards import Card, format_card

    if isinstance(value, Card):
        return format_card(value)
    if isinstance(value, (list, tuple, frozenset, set)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


class ReasonCatalog:
    """Every reason code of one game (or the kernel), for docs and OpenAPI enums."""

    def __init__(self, codes: Iterable[ReasonCode] = ()) -> None:
        self._codes: dict[str, ReasonCode] = {}
        for code in codes:
            self.add(code)

    def add(self, code: ReasonCode) -> ReasonCode:
        if code.code in self._codes and self._codes[code.code] != code:
            raise ValueError(f"reason code {code.code!r} defined twice")
        self._codes[code.code] = code
        return code

    def define(self, code: str, template: str, rule_id: str) -> ReasonCode:
        return self.add(ReasonCode(code=code, template=template, rule_id=rule_id))

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._codes.values())

    def __contains__(self, code: object) -> bool:
        return code in self._codes

    def merged(self, *others: ReasonCatalog) -> ReasonCatalog:
        out = ReasonCatalog(self)
        for other in others:
            for code in other:
                out.add(code)
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class Interpretation:
    """One way a proposed action is legal (a pattern, a declared identity ...)."""

    pattern: str
    rule_id: str
    description: str
    effects: tuple[Effect, ...] = ()
    declarations: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Verdict:
    """The adjudication of one action on one state.

    ``legal`` with the reasons that decided, the effects the action has (or
    would have), every interpretation under which it is legal, and, when the
    interpretations differ and the action did not say which it means, what
    must be declared (``needs``) instead of a guess.
    """

    legal: bool
    action: Action
    reasons: tuple[Reason, ...] = ()
    effects: tuple[Effect, ...] = ()
    interpretations: tuple[Interpretation, ...] = ()
    needs: tuple[str, ...] = ()
    extra: tuple[tuple[str, Any], ...] = field(default=())

    @classmethod
    def illegal(cls, action: Action, *reasons: Reason, needs: Iterable[str] = ()) -> Verdict:
        return cls(legal=False, action=action, reasons=tuple(reasons), needs=tuple(needs))
