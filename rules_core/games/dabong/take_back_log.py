"""The take-back log: what unwinding must restore, as a flat list of small entries.

A play that may be taken back (unwinding on, the game goes on) appends one entry: who
laid which cards, where in the hand they sat, and the values the play overwrote in the
fields it changes. A take-back pops the last entry and puts those values back; any
other action empties the log (only a run of consecutive plays unwinds). The state
therefore never nests: its JSON depth is a constant and each entry is a few hundred
bytes, however long the run (see ruling R-DABONG-TAKEBACK-LOG).

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
The shape is declared once here (``ENTRY_FIELDS``, ``RESTORED``): reader, writer
and view all walk those tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...kernel import DABONG_55, Action, Card, JsonReader, Problem, Suit, format_card, format_cards
from .state import Penalty

if TYPE_CHECKING:
    from .state import DabongState

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


# -- the declared shape ------------------------------------------------------------------
Reader = Callable[[JsonReader, Mapping[str, Any], str, int], Any]
Writer = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class Restored:
    """A state field a play overwrites: its JSON name (as in the state), its attribute,
    how it is written and read (``read(reader, before_obj, pointer, seats)``), and what it means."""

    json: str
    attr: str
    write: Writer
    read: Reader
    description: str


def _int_field(key: str, lo: int, hi: int | None, *, nullable: bool = False, seat: bool = False) -> Reader:
    def read(r: JsonReader, obj: Mapping[str, Any], pointer: str, seats: int) -> Any:
        return r.int(obj, key, pointer, lo=lo, hi=max(seats - 1, 0) if seat else hi, nullable=nullable)

    return read


def _choice_field(key: str, choices: tuple[str, ...]) -> Reader:
    def read(r: JsonReader, obj: Mapping[str, Any], pointer: str, seats: int) -> Any:
        return r.str(obj, key, pointer, choices=choices, nullable=True)

    return read


def _read_suit(r: JsonReader, obj: Mapping[str, Any], pointer: str, seats: int) -> Suit | None:
    text = r.str(obj, "suit", pointer, choices=("F", "W", "E", "A"), nullable=True)
    return Suit(text) if text else None


def _read_direction(r: JsonReader, obj: Mapping[str, Any], pointer: str, seats: int) -> int:
    value = r.int(obj, "direction", pointer, lo=-1, hi=1)
    if value == 0:
        r.add(f"{pointer}/direction", "not_allowed", "direction is 1 (left) or -1 (right)")
        return 1
    return int(value)


def _read_penalty(r: JsonReader, obj: Mapping[str, Any], pointer: str, seats: int) -> Penalty | None:
    raw = r.get(obj, "penalty", pointer)
    if raw is None or "penalty" not in obj:
        return None
    where = f"{pointer}/penalty"
    pobj = r.obj(raw, where, allowed=("cards", "skip"))
    if not isinstance(raw, Mapping):
        return None
    return Penalty(
        cards=r.int(pobj, "cards", where, lo=1, hi=len(DABONG_55)), skip=r.bool(pobj, "skip", where)
    )


def _seat_list_field(key: str) -> Reader:
    def read(r: JsonReader, obj: Mapping[str, Any], pointer: str, seats: int) -> tuple[int, ...]:
        out: list[int] = []
        for i, seat in enumerate(r.list(obj, key, pointer, max_len=seats)):
            if type(seat) is not int or not 0 <= seat < seats:
                r.add(f"{pointer}/{key}/{i}", "out_of_range", "expected a seat number")
            elif out and seat <= out[-1]:
                r.add(f"{pointer}/{key}/{i}", "not_sorted", "list each seat once, in increasing order")
            else:
                out.append(seat)
        return tuple(out)

    return read


def _read_previous(r: JsonReader, obj: Mapping[str, Any], pointer: str, seats: int) -> tuple[Card, ...]:
    return r.cards(obj, "previous_play", pointer, DABONG_55)


def _read_extra(r: JsonReader, obj: Mapping[str, Any], pointer: str, seats: int) -> int | None:
    raw = r.get(obj, "extra_play", pointer)
    if raw is None or "extra_play" not in obj:
        return None
    where = f"{pointer}/extra_play"
    eobj = r.obj(raw, where, allowed=("then",))
    if not isinstance(raw, Mapping):
        return None
    return int(r.int(eobj, "then", where, lo=0, hi=max(seats - 1, 0)))


def _read_river(r: JsonReader, obj: Mapping[str, Any], pointer: str, seats: int) -> Card | None:
    if "river" not in obj:
        r.add(f"{pointer}/river", "missing", "'river' is required (null when there is none)")
        return None
    return r.card_field(obj, "river", pointer, DABONG_55)


def _same(value: Any) -> Any:
    return value


def _maybe_card(card: Card | None) -> str | None:
    return None if card is None else format_card(card)


#: The fields a play overwrites, in the order an entry's ``before`` lists them.
RESTORED: tuple[Restored, ...] = (
    Restored(
        "suit",
        "suit",
        lambda s: None if s is None else s.value,
        _read_suit,
        "suit in force after an 8 or a Jack on top (null otherwise)",
    ),
    Restored(
        "top_seat", "top_seat", _same, _int_field("top_seat", 0, None, seat=True), "seat of the top play"
    ),
    Restored(
        "top_play", "top_play", _same, _int_field("top_play", 1, len(DABONG_55)), "cards in the top play"
    ),
    Restored("turn", "turn", _same, _int_field("turn", 0, None, seat=True), "seat on turn"),
    Restored("direction", "direction", _same, _read_direction, "1: to the left, -1: to the right"),
    Restored(
        "penalty",
        "penalty",
        lambda p: None if p is None else {"cards": p.cards, "skip": p.skip},
        _read_penalty,
        "cards the seat on turn had to pick up (null: none)",
    ),
    Restored(
        "one_card_announced",
        "announced",
        list,
        _seat_list_field("one_card_announced"),
        "seats that had announced their one card",
    ),
    Restored("previous_play", "previous_play", format_cards, _read_previous, "identities of the top play"),
    Restored("rank_run", "rank_run", _same, _int_field("rank_run", 1, 7), "cards of the top rank in a row"),
    Restored(
        "extra_play",
        "extra_play_then",
        lambda then: None if then is None else {"then": then},
        _read_extra,
        "a 4th-card extra play that was open (null: none)",
    ),
    Restored(
        "answerable",
        "answerable",
        _same,
        _choice_field("answerable", ("heaven", "hell")),
        "a heaven/hell answer that was open (null: none)",
    ),
    Restored("river", "river", _maybe_card, _read_river, "the river card (null: none)"),
    Restored(
        "as_dealt",
        "as_dealt",
        list,
        _seat_list_field("as_dealt"),
        "seats that still held their hand as dealt",
    ),
)
RESTORED_JSON: tuple[str, ...] = tuple(f.json for f in RESTORED)
_RESTORED_ATTRS: tuple[str, ...] = tuple(f.attr for f in RESTORED)

#: An entry's members and what each means (the integrators' page and the schema use these).
ENTRY_FIELDS: dict[str, str] = {
    "seat": "the seat that made the play (only it may take it back)",
    "cards": "the cards laid, in laid order (the last on top of the pile)",
    "declare": "each Shaman of the play -> the card it was declared as ({} when none)",
    "suit": "the suit the play put in force with an 8 or a Jack on top (null: none)",
    "hand_positions": "for each card laid, its index in the seat's hand before the play",
    "before": "the values the play overwrote in these state fields: " + ", ".join(RESTORED_JSON),
}


# -- writing -----------------------------------------------------------------------------
def entry_for(before: DabongState, played: Action) -> TakeBackEntry:
    """The entry a play appends: ``played`` (its Shamans declared) laid on ``before``."""
    hand = before.hands[played.seat]
    return TakeBackEntry(
        action=played,
        hand_positions=tuple(hand.index(card) for card in played.cards),
        before=tuple((attr, getattr(before, attr)) for attr in _RESTORED_ATTRS),
    )


def entry_to_json(entry: TakeBackEntry, *, positions: bool = True) -> dict[str, Any]:
    action = entry.action
    values = dict(entry.before)
    out: dict[str, Any] = {
        "seat": action.seat,
        "cards": format_cards(action.cards),
        "declare": {format_card(s): format_card(c) for s, c in action.declare},
        "suit": None if action.suit is None else action.suit.value,
    }
    if positions:
        out["hand_positions"] = list(entry.hand_positions)
    out["before"] = {f.json: f.write(values[f.attr]) for f in RESTORED}
    return out


def log_to_json(log: tuple[TakeBackEntry, ...]) -> list[dict[str, Any]]:
    return [entry_to_json(entry) for entry in log]


def log_view(log: tuple[TakeBackEntry, ...], viewer: int) -> list[dict[str, Any]]:
    """The log as ``viewer`` sees it: where other seats' cards sat in their hands is theirs."""
    return [entry_to_json(entry, positions=entry.action.seat == viewer) for entry in log]


# -- unwinding ---------------------------------------------------------------------------
def unwind(state: DabongState) -> DabongState:
    """The state before the last entry's play, that entry popped (``move`` left as it is)."""
    from .state import evolve

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
    from .state import evolve

    if evolve(after, move=state.move) != state:
        return [
            Problem(
                pointer=where, code="inconsistent", message="the entry's play does not lead to this state"
            )
        ]
    return []


# -- reading -----------------------------------------------------------------------------
#: Decodes a play (the game's own codec), raising ``InvalidInput``.
ActionDecoder = Callable[[Any, str], Action]


def read_log(
    r: JsonReader,
    obj: Mapping[str, Any],
    pointer: str,
    state: DabongState,
    decode_action: ActionDecoder,
) -> tuple[TakeBackEntry, ...]:
    """The log under ``obj['take_back']`` of an otherwise sound ``state``, every entry checked
    against the piles and hands it undoes (problems added to ``r``, nothing repaired)."""
    from .state import PLAYING

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
    entries = [_read_entry(r, item, f"{where}/{i}", state.seats, decode_action) for i, item in enumerate(raw)]
    if len(r.problems) > start:
        return ()
    log = tuple(e for e in entries if e is not None)
    _check_against_table(r, where, state, log)
    return log if len(r.problems) == start else ()


_ENTRY_KEYS = frozenset(ENTRY_FIELDS)


def _read_entry(
    r: JsonReader, raw: Any, where: str, seats: int, decode_action: ActionDecoder
) -> TakeBackEntry | None:
    eobj = r.obj(raw, where, allowed=_ENTRY_KEYS)
    if not isinstance(raw, Mapping):
        return None
    start = len(r.problems)
    for key in ENTRY_FIELDS:
        if key not in eobj:
            r.add(f"{where}/{key}", "missing", f"{key!r} is required")
    if len(r.problems) > start:
        return None
    play = {"type": "play", "seat": eobj["seat"], "cards": eobj["cards"], "suit": eobj["suit"]}
    if eobj["declare"] != {}:
        play["declare"] = eobj["declare"]
    try:
        action = decode_action(play, where)
    except ValueError as exc:
        r.problems.extend(
            getattr(exc, "problems", ()) or [Problem(pointer=where, code="invalid", message=str(exc))]
        )
        return None
    if not action.cards:
        r.add(f"{where}/cards", "missing", "a play lays at least one card")
    if action.seat >= seats:
        r.add(f"{where}/seat", "out_of_range", f"the table has {seats} seats")
    undeclared = [c for c in action.cards if c.is_shaman and c not in dict(action.declare)]
    stray = [s for s, _ in action.declare if s not in action.cards]
    if undeclared or stray:
        r.add(f"{where}/declare", "not_allowed", "declare names each Shaman of the play, and only those")
    positions = r.list(eobj, "hand_positions", where, max_len=len(DABONG_55))
    if len(positions) != len(action.cards) or any(type(p) is not int or p < 0 for p in positions):
        r.add(f"{where}/hand_positions", "wrong_count", "one hand index (an integer >= 0) per card laid")
    elif len(set(positions)) != len(positions):
        r.add(f"{where}/hand_positions", "duplicate", "each card sat at its own index")
    bobj = r.obj(eobj["before"], f"{where}/before", allowed=RESTORED_JSON)
    if not isinstance(eobj["before"], Mapping):
        return None
    values = tuple((f.attr, f.read(r, bobj, f"{where}/before", seats)) for f in RESTORED)
    if len(r.problems) > start:
        return None
    return TakeBackEntry(action=action, hand_positions=tuple(positions), before=values)


def _check_against_table(
    r: JsonReader, where: str, state: DabongState, log: tuple[TakeBackEntry, ...]
) -> None:
    """From the last entry down: each play's cards lie on the pile where the log puts them,
    came from the seat's hand at the indexes given, and its Shamans hold its identities;
    the play on top of each is by the seat and of the size the state above says."""
    pile = len(state.discard_pile)
    hands = [list(h) for h in state.hands]
    identities = dict(state.identities)
    top_seat, top_play = state.top_seat, state.top_play
    for index in range(len(log) - 1, -1, -1):
        entry = log[index]
        here = f"{where}/{index}"
        action = entry.action
        laid = action.cards
        if pile - len(laid) < 1 or tuple(state.discard_pile[pile - len(laid) : pile]) != laid:
            r.add(
                f"{here}/cards", "inconsistent", "these cards do not lie on the pile where the log puts them"
            )
            return
        if action.seat != top_seat or len(laid) != top_play:
            r.add(here, "inconsistent", "the play above this entry is not this seat's play of these cards")
            return
        if any(identities.get(s) != c for s, c in action.declare):
            r.add(f"{here}/declare", "inconsistent", "the pile shows other identities for these Shamans")
            return
        hand = hands[action.seat]
        for position, card in sorted(zip(entry.hand_positions, laid, strict=True)):
            if position > len(hand):
                r.add(f"{here}/hand_positions", "out_of_range", "an index past the end of the hand")
                return
            hand.insert(position, card)
        pile -= len(laid)
        for shaman, _ in action.declare:
            identities.pop(shaman, None)
        values = dict(entry.before)
        top_seat, top_play = values["top_seat"], values["top_play"]
