"""The hand-written Dobon state codec that ``rules_core/games/dobon/wire.py`` replaced.

Kept as the reference of the old-against-new differential test and the paired reader
benchmark (``python -m benchmarks --only readers``); nothing in the service uses it.

Original description: encoding, and decoding that reports every problem at once.

Decoding reads each field (shape problems) and then hands the state to
``consistency.problems_of`` (states that cannot arise in play); nothing is
ever repaired. ``encode(decode(x)) == x`` for every valid ``x``.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from rules_core.games.dobon.consistency import problems_of
from rules_core.games.dobon.options import DobonOptions
from rules_core.games.dobon.standing import leaders
from rules_core.games.dobon.state import (
    Check,
    CheckKind,
    Claim,
    DobonState,
    Resume,
    RoundRecord,
    Status,
    Step,
)
from rules_core.kernel import (
    MAX_SEED,
    STANDARD_52,
    STANDARD_SUITS,
    Card,
    JsonReader,
    StateInvalid,
    Suit,
    check_conservation,
    format_card,
    options_from_json,
    options_to_json,
)
from rules_core.kernel.problems import cards_conserved

GAME_NAME = "dobon"
FIELDS = (
    "game",
    "options",
    "seats",
    "seed",
    "shuffles",
    "hands",
    "draw_pile",
    "discard_pile",
    "status",
    "turn",
    "step",
    "direction",
    "active_suit",
    "top_owner",
    "obligation",
    "drawn",
    "check",
    "chain",
    "winner",
    "move",
    "round",
    "round_move",
    "wins",
    "leaders",
    "record",
)
HOW = ("dobon", "return", "empty_hand", "stock_exhausted", "action_limit")
_BIG = 10**9
_STATUSES = tuple(s.value for s in Status)
_STEPS = tuple(s.value for s in Step)
_SUITS = tuple(s.value for s in STANDARD_SUITS)
_CHECK_KINDS = tuple(k.value for k in CheckKind)


#: Card notation by card: encoding runs at every step of a replay, so it is looked up, not rebuilt.
_TEXT = {card: format_card(card) for card in STANDARD_52.cards}


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [_TEXT[c] for c in cards]


def _card(card: Card | None) -> str | None:
    return None if card is None else _TEXT[card]


def claim_to_json(claim: Claim) -> dict[str, Any]:
    return {
        "seat": claim.seat,
        "cards": _cards(claim.cards),
        "target": _TEXT[claim.target],
        "top": _card(claim.top),
    }


def encode(state: DobonState) -> dict[str, Any]:
    check = state.check
    return {
        "game": GAME_NAME,
        "options": options_to_json(state.options),
        "seats": state.seats,
        "seed": state.seed,
        "shuffles": state.shuffles,
        "hands": [_cards(h) for h in state.hands],
        "draw_pile": _cards(state.draw_pile),
        "discard_pile": _cards(state.discard_pile),
        "status": state.status.value,
        "turn": state.turn,
        "step": None if state.step is None else state.step.value,
        "direction": state.direction,
        "active_suit": state.active_suit.value,
        "top_owner": state.top_owner,
        "obligation": state.obligation,
        "drawn": _card(state.drawn),
        "check": None
        if check is None
        else {
            "kind": check.kind.value,
            "asking": list(check.asking),
            "resume": None
            if check.resume is None
            else {"seat": check.resume.seat, "step": check.resume.step.value},
        },
        "chain": [claim_to_json(c) for c in state.chain],
        "winner": state.winner,
        "move": state.move,
        "round": state.round,
        "round_move": state.round_move,
        "wins": list(state.wins),
        "leaders": list(leaders(state.wins)),
        "record": [
            {"round": r.round, "winner": r.winner, "how": r.how, "chain": [claim_to_json(c) for c in r.chain]}
            for r in state.record
        ],
    }


class _Reader:
    """Field readers for this game's nested shapes, all reporting into one ``JsonReader``."""

    def __init__(self, r: JsonReader, seats: int) -> None:
        self.r = r
        self.seats = seats

    def seat(self, obj: Mapping[str, Any], key: str, ptr: str, *, nullable: bool = False) -> int | None:
        value = self.r.int(obj, key, ptr, lo=0, hi=max(self.seats - 1, 0), nullable=nullable)
        return None if value is None else int(value)

    def card(self, obj: Mapping[str, Any], key: str, ptr: str, *, nullable: bool) -> Card | None:
        return self.r.card_field(obj, key, ptr, STANDARD_52, nullable=nullable)

    def claim(self, data: Any, ptr: str) -> Claim | None:
        obj = self.r.obj(data, ptr, allowed=("seat", "cards", "target", "top"))
        if not isinstance(data, Mapping):  # reported by obj(); {} is read (and lacks every member)
            return None
        start = len(self.r.problems)
        seat = self.seat(obj, "seat", ptr)
        cards = self.r.cards(obj, "cards", ptr, STANDARD_52)
        target = self.card(obj, "target", ptr, nullable=False)
        top = self.card(obj, "top", ptr, nullable=True)
        if len(self.r.problems) > start or seat is None or target is None:
            return None
        return Claim(seat=seat, cards=cards, target=target, top=top)

    def chain(self, obj: Mapping[str, Any], ptr: str) -> tuple[Claim, ...]:
        out = []
        for i, item in enumerate(self.r.list(obj, "chain", ptr, max_len=4)):
            claim = self.claim(item, f"{ptr}/chain/{i}")
            if claim is not None:
                out.append(claim)
        return tuple(out)

    def check(self, obj: Mapping[str, Any], ptr: str) -> Check | None:
        if "check" not in obj:
            self.r.add(f"{ptr}/check", "missing", "'check' is required")
            return None
        raw = obj["check"]
        if raw is None:
            return None
        if not isinstance(raw, Mapping):
            self.r.add(f"{ptr}/check", "wrong_type", "expected an object or null")
            return None
        cptr = f"{ptr}/check"
        cobj = self.r.obj(raw, cptr, allowed=("kind", "asking", "resume"))
        kind = self.r.str(cobj, "kind", cptr, choices=_CHECK_KINDS)
        asking: list[int] = []
        for i, item in enumerate(self.r.list(cobj, "asking", cptr, max_len=4)):
            if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item < self.seats:
                self.r.add(f"{cptr}/asking/{i}", "out_of_range", f"{item!r} is not a seat of this table")
            else:
                asking.append(item)
        resume = None
        raw_resume = cobj.get("resume")
        if "resume" not in cobj:
            self.r.add(f"{cptr}/resume", "missing", "'resume' is required")
        elif isinstance(raw_resume, Mapping):
            rptr = f"{cptr}/resume"
            robj = self.r.obj(raw_resume, rptr, allowed=("seat", "step"))
            seat = self.seat(robj, "seat", rptr)
            step = self.r.str(robj, "step", rptr, choices=_STEPS)
            if seat is not None and step is not None:
                resume = Resume(seat=seat, step=Step(step))
        elif raw_resume is not None:
            self.r.add(f"{cptr}/resume", "wrong_type", "expected an object or null")
        if kind is None:
            return None
        return Check(kind=CheckKind(kind), asking=tuple(asking), resume=resume)


def decode(data: Any) -> DobonState:
    r = JsonReader()
    obj = r.obj(data, "", allowed=FIELDS)
    if not obj:
        r.raise_if_any()
    r.str(obj, "game", "", choices=(GAME_NAME,))
    options = _read_options(r, obj)
    seats = int(r.int(obj, "seats", "", lo=2, hi=4))
    f = _Reader(r, seats)
    seed = int(r.int(obj, "seed", "", lo=0, hi=MAX_SEED))
    shuffles = int(r.int(obj, "shuffles", "", lo=0, hi=_BIG))
    raw_hands = r.list(obj, "hands", "", max_len=4)
    if len(raw_hands) != seats and "hands" in obj and isinstance(obj["hands"], list):
        r.add("/hands", "wrong_length", f"{len(raw_hands)} hands for {seats} seats")
    hands = [_hand(r, hand, f"/hands/{i}") for i, hand in enumerate(raw_hands)]
    draw_pile = r.cards(obj, "draw_pile", "", STANDARD_52)
    discard_pile = r.cards(obj, "discard_pile", "", STANDARD_52)
    status_text = r.str(obj, "status", "", choices=_STATUSES)
    turn = f.seat(obj, "turn", "", nullable=True)
    step_text = r.str(obj, "step", "", choices=_STEPS, nullable=True)
    direction = r.int(obj, "direction", "", lo=-1, hi=1)
    if direction == 0:
        r.add("/direction", "not_allowed", "direction is 1 or -1")
    suit_text = r.str(obj, "active_suit", "", choices=_SUITS)
    top_owner = f.seat(obj, "top_owner", "", nullable=True)
    obligation = int(r.int(obj, "obligation", "", lo=0, hi=_BIG))
    drawn = f.card(obj, "drawn", "", nullable=True)
    check = f.check(obj, "")
    chain = f.chain(obj, "")
    winner = f.seat(obj, "winner", "", nullable=True)
    move = int(r.int(obj, "move", "", lo=0, hi=_BIG))
    round_no = int(r.int(obj, "round", "", lo=1, hi=5))
    round_move = int(r.int(obj, "round_move", "", lo=0, hi=_BIG))
    wins = tuple(_ints(r, obj, "wins", seats))
    record = _records(r, f, obj)
    raw_leaders = r.list(obj, "leaders", "", max_len=4)
    if r.problems:
        raise StateInvalid(r.problems)
    # Every valid state holds the deck exactly: the per-card pointers are only built to report.
    if not cards_conserved(STANDARD_52, [*itertools.chain.from_iterable(hands), *draw_pile, *discard_pile]):
        check_conservation(
            r,
            STANDARD_52,
            [
                *((f"/hands/{i}/{j}", (c,)) for i, h in enumerate(hands) for j, c in enumerate(h)),
                *((f"/draw_pile/{j}", (c,)) for j, c in enumerate(draw_pile)),
                *((f"/discard_pile/{j}", (c,)) for j, c in enumerate(discard_pile)),
            ],
        )
    if raw_leaders != list(leaders(wins)):
        r.add("/leaders", "inconsistent", f"the seats with most wins are {list(leaders(wins))}")
    state = DobonState(
        options=options,
        seats=seats,
        seed=seed,
        shuffles=shuffles,
        hands=tuple(hands),
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        status=Status(status_text),
        turn=turn,
        step=None if step_text is None else Step(step_text),
        direction=int(direction),
        active_suit=Suit(suit_text),
        top_owner=top_owner,
        obligation=obligation,
        drawn=drawn,
        check=check,
        chain=chain,
        winner=winner,
        move=move,
        round=round_no,
        round_move=round_move,
        wins=wins,
        record=record,
    )
    if discard_pile:
        problems_of(state, r)
    else:
        r.add("/discard_pile", "empty", "the discard pile always holds at least the opening card")
    r.raise_if_any()
    return state


def _read_options(r: JsonReader, obj: Mapping[str, Any]) -> DobonOptions:
    options = options_from_json(DobonOptions, obj.get("options", {}), "/options", reader=r)
    if "options" not in obj:
        r.add("/options", "missing", "'options' is required")
    return options


def _hand(r: JsonReader, data: Any, ptr: str) -> tuple[Card, ...]:
    if not isinstance(data, list):
        r.add(ptr, "wrong_type", "expected an array of cards")
        return ()
    return r.card_list(data, ptr, STANDARD_52)


def _ints(r: JsonReader, obj: Mapping[str, Any], key: str, seats: int) -> list[int]:
    values = r.list(obj, key, "", max_len=4)
    if key in obj and isinstance(obj[key], list) and len(values) != seats:
        r.add(f"/{key}", "wrong_length", f"{len(values)} entries for {seats} seats")
    out = []
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 5:
            r.add(f"/{key}/{i}", "out_of_range", f"{v!r} is not a win count 0..5")
            out.append(0)
        else:
            out.append(v)
    return out


def _records(r: JsonReader, f: _Reader, obj: Mapping[str, Any]) -> tuple[RoundRecord, ...]:
    out = []
    for i, item in enumerate(r.list(obj, "record", "", max_len=5)):
        ptr = f"/record/{i}"
        robj = r.obj(item, ptr, allowed=("round", "winner", "how", "chain"))
        if not isinstance(item, Mapping):  # reported by obj(); {} is read, never skipped
            continue
        round_no = int(r.int(robj, "round", ptr, lo=1, hi=5))
        winner = f.seat(robj, "winner", ptr, nullable=True)
        how = r.str(robj, "how", ptr, choices=HOW)
        chain = f.chain(robj, ptr)
        out.append(RoundRecord(round=round_no, winner=winner, how=how or "dobon", chain=chain))
    return tuple(out)


def view(state: DobonState, seat: int) -> dict[str, Any]:
    """The hand-written view ``dobon/view.py`` had."""
    from rules_core.games.dobon.view import drawn_holder

    data = encode(state)
    data.pop("seed")
    data["viewer"] = seat
    data["hands"] = [cards if i == seat else {"count": len(cards)} for i, cards in enumerate(data["hands"])]
    data["draw_pile"] = {"count": len(state.draw_pile)}
    if state.drawn is not None and drawn_holder(state) != seat:
        data["drawn"] = {"hidden": True}
    return data
