"""Reasons and verdicts: the answer to "may this seat do this now?".

A reason is a stable snake_case code (part of the API contract, never renamed),
a human message rendered from structured details, and the id of the rule that
decided. Codes carry their message template, as an enum carries its phrase.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any

from .actions import Action
from .build import slots_builder
from .effects import Effect


@dataclass(frozen=True, slots=True, kw_only=True)
class ReasonCode:
    """A reason the service can give, with its message template and default rule."""

    code: str
    template: str
    rule_id: str

    def __call__(self, rule_id: str | None = None, **details: Any) -> Reason:
        # The message is rendered and the details sorted when first read (most verdicts of a
        # playout or a bot's search are never encoded); the reason equals the eager one.
        reason: Reason = _new(Reason)
        _set_code(reason, self.code)
        _set_rule_id(reason, rule_id or self.rule_id)
        _set_template(reason, self.template)
        _set_params(reason, details)
        return reason


def _freeze(details: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(details.items()))


def _render(template: str, details: Mapping[str, Any]) -> str:
    try:
        return template.format(**details)
    except (KeyError, IndexError):  # a template bug must not hide the verdict
        return template


_set = object.__setattr__
_new = object.__new__


class Reason:
    """Why an action is (il)legal: a stable ``code``, the deciding ``rule_id``, a human ``message``.

    Behaves as the frozen dataclass ``Reason(code=, rule_id=, message=, details=())``
    (keyword construction, equality, hash, repr, immutability); a reason made by a
    ``ReasonCode`` renders its message and sorts its details only when they are first read.
    """

    __slots__ = ("_details", "_message", "_params", "_template", "code", "rule_id")

    code: str
    rule_id: str
    _message: str
    _details: tuple[tuple[str, Any], ...]
    _template: str
    _params: Mapping[str, Any]

    def __init__(
        self, *, code: str, rule_id: str, message: str, details: tuple[tuple[str, Any], ...] = ()
    ) -> None:
        _set(self, "code", code)
        _set(self, "rule_id", rule_id)
        _set(self, "_message", message)
        _set(self, "_details", details)
        _set(self, "_template", message)
        _set(self, "_params", _NO_PARAMS)

    # A reason made by a ``ReasonCode`` leaves ``_message`` and ``_details`` unset until read.
    @property
    def message(self) -> str:
        try:
            return self._message
        except AttributeError:
            message = _render(self._template, self._params)
            _set(self, "_message", message)
            return message

    def message_with(self, word: Callable[[str, Any], Any]) -> str:
        """The message rendered with each detail first put through ``word(name, value)`` (a
        player's words for cards and suits); a reason made from a finished message is that message."""
        params = self._params
        if not params:
            return self.message
        return _render(self._template, {name: word(name, value) for name, value in params.items()})

    @property
    def details(self) -> tuple[tuple[str, Any], ...]:
        try:
            return self._details
        except AttributeError:
            details = _freeze(self._params)
            _set(self, "_details", details)
            return details

    def _fields(self) -> tuple[str, str, str, tuple[tuple[str, Any], ...]]:
        return (self.code, self.rule_id, self.message, self.details)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Reason)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"{type(self).__qualname__}(code={self.code!r}, rule_id={self.rule_id!r}, "
            f"message={self.message!r}, details={self.details!r})"
        )

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_eager_reason, self._fields())

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "rule_id": self.rule_id,
            "message": self.message,
            "details": {k: _jsonable(v) for k, v in self.details},
        }


_NO_PARAMS: Mapping[str, Any] = {}


def _eager_reason(code: str, rule_id: str, message: str, details: tuple[tuple[str, Any], ...]) -> Reason:
    return Reason(code=code, rule_id=rule_id, message=message, details=details)


_set_code = Reason.__dict__["code"].__set__
_set_rule_id = Reason.__dict__["rule_id"].__set__
_set_template = Reason.__dict__["_template"].__set__
_set_params = Reason.__dict__["_params"].__set__


def reason_with(code: ReasonCode, details: dict[str, Any]) -> Reason:
    """``code(**details)`` for hot paths: the same reason, without the keyword call."""
    reason: Reason = _new(Reason)
    _set_code(reason, code.code)
    _set_rule_id(reason, code.rule_id)
    _set_template(reason, code.template)
    _set_params(reason, details)
    return reason


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
    #: The pattern the action is made as, when ``pattern`` names what it does (a dabong!
    #: neutralization of 2s made as a straight: ``twos_neutralization`` via ``straight``).
    via: str | None = None


@dataclass(frozen=True, slots=True)
class Reading:
    """One pattern a legal action is, once (interpretations that differ only in a declared
    identity are one reading): the pattern, the rule that makes it legal, what it is made as."""

    pattern: str
    rule_id: str
    via: str | None = None


def readings_of(interpretations: Iterable[Interpretation]) -> tuple[Reading, ...]:
    """Every distinct reading of ``interpretations``, in their order (the first is the one the
    verdict applied: its reasons and effects cite it)."""
    return tuple(dict.fromkeys(Reading(i.pattern, i.rule_id, i.via) for i in interpretations))


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


#: ``Verdict(legal=, action=, reasons=, effects=, interpretations=, needs=, extra=)``, positionally.
new_verdict: Callable[..., Verdict] = slots_builder(
    Verdict, "legal", "action", "reasons", "effects", "interpretations", "needs", "extra"
)
