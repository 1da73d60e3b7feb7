"""The take-back log: what unwinding must restore, as a flat list of small entries.

A play that may be taken back (unwinding on, the game goes on) appends one entry: who
laid which cards, where in the hand they sat, and the values the play overwrote in the
fields it changes. A take-back pops the last entry and puts those values back; any
other action empties the log (only a run of consecutive plays unwinds). The state
therefore never nests: its JSON depth is a constant and each entry is a few hundred
bytes, however long the run (ruling R-DABONG-26).

What a play changes, and how each change is undone:

* the seat's hand lost the cards: ``hand_positions`` says where each sat, so they go
  back in place (the hand's order is restored exactly);
* the discard pile gained the cards on top: they come off again;
* the Shamans of the play got identities: those are dropped again;
* the fields of ``RESTORED`` are overwritten: ``before`` holds their old values.

Nothing else changes under a play that can be taken back (a play that ends the game
leaves no entry), and the differential test holds the log to the nested record it
replaced. Reading checks every entry's shape and that the log agrees with the piles
and hands (cheap, no rules run); a take-back also checks, with the rules, that the
entry's play on the restored state leads to the state it undoes (``unwind_problems``).
The shape is declared once, in ``take_back_fields`` (``ENTRY``, ``RESTORED``): reader,
writer, view and schema all walk those tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...kernel import DABONG_55, Action, JsonReader, Problem, slots_builder
from .state import PLAYING, DabongState, evolve
from .take_back_fields import ENTRY, ENTRY_NAMES, RESTORED, RESTORED_ATTRS, RESTORED_NAMES, Unfit

#: Most entries a log can hold: each lays a card and the opening card stays under them.
MAX_ENTRIES = len(DABONG_55) - 1
FORMAT_CHANGED = (
    "the dabong! state format changed (issue #26): 'take_back' is now a flat list of entries "
    "({seat, cards, declare, suit, hand_positions, before}; [] when nothing can be taken back), "
    "not a nested state; deal again, or replay the game's actions, to get a state of the new format"
)


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeBackEntry:
    """One play that can still be taken back, and what undoing it restores."""

    #: The play as adjudicated: every Shaman's identity written out.
    action: Action
    #: Index in the seat's hand, before the play, of each card of ``action.cards``.
    hand_positions: tuple[int, ...]
    #: The values the play overwrote, as ``(state attribute, value)`` in ``RESTORED`` order.
    before: tuple[tuple[str, Any], ...]


_new_play: Callable[..., Action] = slots_builder(
    Action, "type", "seat", "cards", "suit", "declare", "value", "top", "params"
)
_new_entry: Callable[..., TakeBackEntry] = slots_builder(TakeBackEntry, "action", "hand_positions", "before")


# -- writing -----------------------------------------------------------------------------
def entry_for(before: DabongState, played: Action) -> TakeBackEntry:
    """The entry a play appends: ``played`` (its Shamans declared) laid on ``before``."""
    hand = before.hands[played.seat]
    return TakeBackEntry(
        action=played,
        hand_positions=tuple(hand.index(card) for card in played.cards),
        before=tuple((attr, getattr(before, attr)) for attr in RESTORED_ATTRS),
    )


def entry_to_json(entry: TakeBackEntry, *, positions: bool = True) -> dict[str, Any]:
    action = entry.action
    out: dict[str, Any] = {
        f.json: f.kind.write(entry.hand_positions if f.attr == "hand_positions" else getattr(action, f.attr))
        for f in ENTRY
        if positions or f.attr != "hand_positions"
    }
    out["before"] = {
        f.json: f.kind.write(value) for f, (_, value) in zip(RESTORED, entry.before, strict=True)
    }
    return out


def log_to_json(log: tuple[TakeBackEntry, ...]) -> list[dict[str, Any]]:
    return [entry_to_json(entry) for entry in log]


def log_view(log: tuple[TakeBackEntry, ...], viewer: int) -> list[dict[str, Any]]:
    """The log as ``viewer`` sees it: where other seats' cards sat in their hands is theirs."""
    return [entry_to_json(entry, positions=entry.action.seat == viewer) for entry in log]


# -- unwinding ---------------------------------------------------------------------------
def unwind(state: DabongState) -> DabongState:
    """The state before the last entry's play, that entry popped (``move`` left as it is)."""
    entry = state.take_back[-1]
    action = entry.action
    laid = action.cards
    hand = list(state.hands[action.seat])
    for position, card in sorted(zip(entry.hand_positions, laid, strict=True)):
        hand.insert(position, card)
    hands = tuple(tuple(hand) if i == action.seat else h for i, h in enumerate(state.hands))
    shamans = {card for card in laid if card.is_shaman}
    return evolve(
        state,
        hands=hands,
        discard_pile=state.discard_pile[: len(state.discard_pile) - len(laid)],
        identities=tuple(pair for pair in state.identities if pair[0] not in shamans),
        take_back=state.take_back[:-1],
        **dict(entry.before),
    )


def unwind_problems(
    state: DabongState,
    restored: DabongState,
    reread: Callable[[DabongState], list[Problem]],
    replay: Callable[[DabongState, Action], DabongState | None],
) -> list[Problem]:
    """Whether the last entry of ``state`` truly undoes a play: the state it restores is
    possible (``reread``) and the entry's play on it leads back to ``state`` (``replay``).
    Pointers are relative to ``state``."""
    index = len(state.take_back) - 1
    where = f"/take_back/{index}"
    found = reread(restored)
    if found:
        detail = "; ".join(f"{p.pointer}: {p.message}" for p in found[:3])
        return [
            Problem(
                pointer=where,
                code="inconsistent",
                message=f"the state this entry restores is impossible ({detail})",
            )
        ]
    after = replay(restored, state.take_back[-1].action)
    if after is None:
        return [
            Problem(
                pointer=where,
                code="not_legal",
                message="the entry's play is not legal on the state the entry restores",
            )
        ]
    if evolve(after, move=state.move) != state:
        return [
            Problem(
                pointer=where, code="inconsistent", message="the entry's play does not lead to this state"
            )
        ]
    return []


# -- reading -----------------------------------------------------------------------------
def read_log(
    r: JsonReader, obj: Mapping[str, Any], pointer: str, state: DabongState
) -> tuple[TakeBackEntry, ...]:
    """The log under ``obj['take_back']`` of an otherwise sound ``state``, every entry checked
    against the piles and hands it undoes (problems added to ``r``, nothing repaired)."""
    where = f"{pointer}/take_back"
    if "take_back" not in obj:
        r.add(where, "missing", "'take_back' is required ([] when nothing can be taken back)")
        return ()
    raw = obj["take_back"]
    if raw is None or isinstance(raw, Mapping):
        r.add(where, "format_changed", FORMAT_CHANGED)
        return ()
    if type(raw) is not list:
        r.add(where, "wrong_type", "expected an array of take-back entries")
        return ()
    if not raw:
        return ()
    if state.status != PLAYING or not state.options.unwinding:
        r.add(
            where, "not_allowed", "a play can only be taken back while the game is played with unwinding on"
        )
        return ()
    if len(raw) > MAX_ENTRIES:
        r.add(where, "too_long", f"at most {MAX_ENTRIES} entries (each play lays a card)")
        return ()
    start = len(r.problems)
    entries = [_read_entry(r, item, f"{where}/{i}", state.seats) for i, item in enumerate(raw)]
    if len(r.problems) > start:
        return ()
    log = tuple(entry for entry in entries if entry is not None)
    _check_against_table(r, where, state, log)
    return log if len(r.problems) == start else ()


_NAME_SETS = {names: frozenset(names) for names in (ENTRY_NAMES, RESTORED_NAMES)}


def _members(r: JsonReader, raw: Any, where: str, names: tuple[str, ...]) -> dict[str, Any] | None:
    """``raw`` when it is an object with exactly ``names`` (else its problems, and None)."""
    if type(raw) is dict and raw.keys() == _NAME_SETS[names]:
        return raw
    if type(raw) is not dict:
        r.add(where, "wrong_type", "expected an object")
        return None
    for name in raw:
        if name not in names:
            r.add(f"{where}/{name}", "unknown_field", f"unknown field {name!r}")
    for name in names:
        if name not in raw:
            r.add(f"{where}/{name}", "missing", f"{name!r} is required")
    return None


_ENTRY_PARSE = tuple((f.json, f.attr, f.kind.parse) for f in ENTRY)
_RESTORED_PARSE = tuple((f.json, f.attr, f.kind.parse) for f in RESTORED)


def _read_entry(r: JsonReader, raw: Any, where: str, seats: int) -> TakeBackEntry | None:
    """One entry: parsed in one go when it is well formed (every entry the service writes),
    else field by field, every problem reported."""
    try:
        values = {attr: parse(raw[name], seats) for name, attr, parse in _ENTRY_PARSE}
        bobj = raw["before"]
        before = tuple([(attr, parse(bobj[name], seats)) for name, attr, parse in _RESTORED_PARSE])
        exact = raw.keys() == _NAME_SETS[ENTRY_NAMES] and bobj.keys() == _NAME_SETS[RESTORED_NAMES]
    except (Unfit, LookupError, TypeError, AttributeError):
        exact = False
    if not exact:
        return _read_entry_carefully(r, raw, where, seats)
    return _entry_of(r, where, values, before)


def _read_entry_carefully(r: JsonReader, raw: Any, where: str, seats: int) -> TakeBackEntry | None:
    eobj = _members(r, raw, where, ENTRY_NAMES)
    if eobj is None:
        return None
    values: dict[str, Any] = {}
    for field in ENTRY:
        try:
            values[field.attr] = field.kind.parse(eobj[field.json], seats)
        except Unfit as unfit:
            r.add(f"{where}/{field.json}{unfit.below}", unfit.code, unfit.message)
    before = []
    bobj = _members(r, eobj["before"], f"{where}/before", RESTORED_NAMES)
    for field in RESTORED:
        if bobj is None:
            break
        try:
            before.append((field.attr, field.kind.parse(bobj[field.json], seats)))
        except Unfit as unfit:
            r.add(f"{where}/before/{field.json}{unfit.below}", unfit.code, unfit.message)
    if bobj is None or len(values) < len(ENTRY) or len(before) < len(RESTORED):
        return None
    return _entry_of(r, where, values, tuple(before))


def _entry_of(
    r: JsonReader, where: str, values: dict[str, Any], before: tuple[tuple[str, Any], ...]
) -> TakeBackEntry:
    """The entry of parsed fields, checked for what involves several of them."""
    positions, cards, declare = values["hand_positions"], values["cards"], values["declare"]
    if not cards:
        r.add(f"{where}/cards", "missing", "a play lays at least one card")
    elif len(positions) != len(cards):
        r.add(f"{where}/hand_positions", "wrong_count", "one hand index per card laid")
    if declare or any(card.is_shaman for card in cards):
        declared = dict(declare)
        if len(declared) != len(declare) or sorted(declared) != sorted(c for c in cards if c.is_shaman):
            r.add(f"{where}/declare", "not_allowed", "declare names each Shaman of the play, and only those")
    action = _new_play("play", values["seat"], cards, values["suit"], declare, None, None, ())
    return _new_entry(action, positions, before)


def _check_against_table(
    r: JsonReader, where: str, state: DabongState, log: tuple[TakeBackEntry, ...]
) -> None:
    """From the last entry down: each play's cards lie on the pile where the log puts them,
    came from the seat's hand at the indexes given, and its Shamans hold its identities;
    the play on top of each is by the seat and of the size the state above says."""
    pile = len(state.discard_pile)
    discard = state.discard_pile
    hands: dict[int, list[Any]] = {}  # the hands the walk has put cards back into
    identities = dict(state.identities) if state.identities else {}
    top_seat, top_play = state.top_seat, state.top_play
    for index in range(len(log) - 1, -1, -1):
        entry = log[index]
        action = entry.action
        laid = action.cards
        size = len(laid)
        if pile - size < 1 or discard[pile - size : pile] != laid:
            r.add(
                f"{where}/{index}/cards",
                "inconsistent",
                "these cards do not lie on the pile where the log puts them",
            )
            return
        if action.seat != top_seat or size != top_play:
            r.add(
                f"{where}/{index}",
                "inconsistent",
                "the play above this entry is not this seat's play of these cards",
            )
            return
        if action.declare and any(identities.get(s) != c for s, c in action.declare):
            r.add(
                f"{where}/{index}/declare",
                "inconsistent",
                "the pile shows other identities for these Shamans",
            )
            return
        hand = hands.get(action.seat)
        if hand is None:
            hand = hands[action.seat] = list(state.hands[action.seat])
        for position, card in (
            sorted(zip(entry.hand_positions, laid, strict=True))
            if size > 1
            else ((entry.hand_positions[0], laid[0]),)
        ):
            if position > len(hand):
                r.add(f"{where}/{index}/hand_positions", "out_of_range", "an index past the end of the hand")
                return
            hand.insert(position, card)
        pile -= size
        for shaman, _ in action.declare:
            del identities[shaman]
        top_seat, top_play = entry.before[_TOP_SEAT][1], entry.before[_TOP_PLAY][1]


_TOP_SEAT = RESTORED_ATTRS.index("top_seat")
_TOP_PLAY = RESTORED_ATTRS.index("top_play")
