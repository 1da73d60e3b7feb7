"""The hand-written dabong! state reader that ``rules_core/games/dabong/wire.py`` replaced.

Kept as the reference of the old-against-new differential test
(``tests/wire/test_dabong_differential.py``) and the paired reader benchmark
(``python -m benchmarks --only readers``); nothing in the service uses it.

Original description: state <-> JSON, with validation that reports every problem at once.

A state is never repaired: anything impossible (a card twice, a suit that the top
card cannot have, a penalty with no 2 behind it, a take-back entry whose cards are not
on the pile) is reported with a JSON pointer and the state is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules_core.games.dabong.options import DabongOptions
from rules_core.games.dabong.state import (
    OPENING,
    OVER,
    PLAYING,
    STATUSES,
    DabongState,
    Penalty,
    Scores,
    evolve,
)
from rules_core.games.dabong.state_levels import ANSWERABLE, MAX_RUN, MAX_YEAR, check_level_fields
from rules_core.games.dabong.take_back_log import read_log
from rules_core.games.dabong.values import card_suits, is_eight, is_jack, is_queen_of_water, is_real
from rules_core.kernel import (
    DABONG_55,
    MAX_SEED,
    Card,
    JsonReader,
    StateInvalid,
    Suit,
    check_conservation,
    options_from_json,
    slots_builder,
)
from rules_core.kernel.options import OptionSpec, describe
from rules_core.kernel.problems import cards_conserved

GAME_NAME = "dabong"
MAX_MOVE = 10**9
MAX_SEATS = 5
MIN_SEATS = 2


FIELDS = (
    "game",
    "options",
    "seats",
    "seed",
    "shuffles",
    "dealer",
    "hands",
    "draw_pile",
    "discard_pile",
    "shaman_identities",
    "suit",
    "top_seat",
    "top_play",
    "turn",
    "direction",
    "penalty",
    "one_card_announced",
    "status",
    "winner",
    "game_winner",
    "move",
    "take_back",
    "scores",
    "previous_play",
    "rank_run",
    "extra_play",
    "answerable",
    "river",
    "as_dealt",
    "years_used",
)


class StateDecoder:
    """Reads one state, its take-back log included."""

    def __init__(self, reader: JsonReader) -> None:
        self.r = reader

    def decode(self, data: Any, pointer: str = "") -> DabongState | None:
        """The state ``data`` holds, or None with its problems added to the reader."""
        return self.read_in_full(data, pointer)

    def read_in_full(self, data: Any, pointer: str) -> DabongState | None:
        """Every field read and checked, then the cross-field facts, then the take-back log."""
        r = self.r
        start = len(r.problems)
        obj = r.obj(data, pointer, allowed=FIELDS)
        if not obj:
            if not r.problems[start:]:
                r.add(pointer or "/", "missing", "the state is empty")
            return None
        game = r.str(obj, "game", pointer)
        if game != GAME_NAME and f"{pointer}/game" not in {p.pointer for p in r.problems[start:]}:
            r.add(f"{pointer}/game", "wrong_game", f"this is the {GAME_NAME} game, not {game!r}")
        options = self._options(obj, pointer)
        seats = r.int(obj, "seats", pointer, lo=MIN_SEATS, hi=MAX_SEATS)
        seed = r.int(obj, "seed", pointer, lo=0, hi=MAX_SEED)
        shuffles = r.int(obj, "shuffles", pointer, lo=0, hi=10**9)
        last = max(seats - 1, 0)
        dealer = r.int(obj, "dealer", pointer, lo=0, hi=last)
        hands = self._hands(obj, pointer, seats)
        draw_pile = r.cards(obj, "draw_pile", pointer, DABONG_55)
        discard = r.cards(obj, "discard_pile", pointer, DABONG_55)
        river = r.card_field(obj, "river", pointer, DABONG_55) if "river" in obj else None
        if "river" not in obj:
            r.add(f"{pointer}/river", "missing", "'river' is required (null when there is none)")
        # Every valid state holds the deck exactly: the per-card pointers are only built to report.
        held = [
            *(c for h in hands for c in h),
            *draw_pile,
            *discard,
            *((river,) if river is not None else ()),
        ]
        if not cards_conserved(DABONG_55, held):
            check_conservation(
                r,
                DABONG_55,
                [
                    *(
                        (f"{pointer}/hands/{i}/{j}", (c,))
                        for i, h in enumerate(hands)
                        for j, c in enumerate(h)
                    ),
                    *((f"{pointer}/draw_pile/{j}", (c,)) for j, c in enumerate(draw_pile)),
                    *((f"{pointer}/discard_pile/{j}", (c,)) for j, c in enumerate(discard)),
                    *(((f"{pointer}/river", (river,)),) if river is not None else ()),
                ],
            )
        if not discard and "discard_pile" in obj:
            r.add(f"{pointer}/discard_pile", "empty_pile", "the discard pile always holds the top card")
        identities = self._identities(obj, pointer, discard)
        suit_text = r.str(obj, "suit", pointer, choices=("F", "W", "E", "A"), nullable=True)
        suit = Suit(suit_text) if suit_text else None
        top_seat = r.int(obj, "top_seat", pointer, lo=0, hi=last)
        top_play = r.int(obj, "top_play", pointer, lo=1, hi=len(DABONG_55))
        turn = r.int(obj, "turn", pointer, lo=0, hi=last)
        direction = r.int(obj, "direction", pointer, lo=-1, hi=1)
        if direction == 0:
            r.add(f"{pointer}/direction", "not_allowed", "direction is 1 (left) or -1 (right)")
        penalty = self._penalty(obj, pointer)
        announced = self._announced(obj, pointer, seats, hands)
        status = r.str(obj, "status", pointer, choices=STATUSES)
        winner = r.int(obj, "winner", pointer, lo=0, hi=last, nullable=True)
        game_winner = r.int(obj, "game_winner", pointer, lo=0, hi=last, nullable=True)
        move = r.int(obj, "move", pointer, lo=0, hi=MAX_MOVE)
        scores = self._scores(obj, pointer, seats)
        levels = LevelFields.read(r, obj, pointer, seats)
        if not discard or len(hands) != seats:
            return None
        state = DabongState(
            options=options,
            seats=seats,
            seed=seed,
            shuffles=shuffles,
            dealer=dealer,
            hands=hands,
            draw_pile=draw_pile,
            discard_pile=discard,
            identities=identities,
            suit=suit,
            top_seat=top_seat,
            top_play=top_play,
            turn=turn,
            direction=direction,
            penalty=penalty,
            announced=announced,
            status=status or PLAYING,
            winner=winner,
            game_winner=game_winner,
            move=move,
            take_back=(),
            scores=scores,
            river=river,
            **levels.as_state_fields(),
        )
        # Cross-field facts are checked even after field problems (every problem at once);
        # the take-back log is only read against an otherwise sound state.
        self._check_table(state, pointer)
        if len(r.problems) > start:
            return None
        log = read_log(r, obj, pointer, state)
        if len(r.problems) > start:
            return None
        return evolve(state, take_back=log) if log else state

    # -- pieces ---------------------------------------------------------------------
    def _options(self, obj: Mapping[str, Any], pointer: str) -> DabongOptions:
        raw = obj.get("options")
        where = f"{pointer}/options"
        if "options" not in obj:
            self.r.add(where, "missing", "'options' is required (every option, in full)")
            return DabongOptions()
        plain = _plain_options(raw)
        if plain is not None:
            return plain
        if isinstance(raw, Mapping):
            for spec in describe(DabongOptions):
                if spec.name not in raw:
                    self.r.add(f"{where}/{spec.name}", "missing", f"option {spec.name!r} is required")
        return options_from_json(DabongOptions, raw, where, reader=self.r)

    def _hands(self, obj: Mapping[str, Any], pointer: str, seats: int) -> tuple[tuple[Card, ...], ...]:
        raw = self.r.list(obj, "hands", pointer)
        if "hands" in obj and isinstance(raw, list) and len(raw) != seats:
            self.r.add(f"{pointer}/hands", "wrong_count", f"{len(raw)} hands for {seats} seats")
        hands: list[tuple[Card, ...]] = []
        for i, hand in enumerate(raw):
            where = f"{pointer}/hands/{i}"
            if not isinstance(hand, list):
                self.r.add(where, "wrong_type", "expected an array of cards")
                hands.append(())
                continue
            hands.append(self.r.card_list(hand, where, DABONG_55))
        return tuple(hands)

    def _identities(
        self, obj: Mapping[str, Any], pointer: str, discard: tuple[Card, ...]
    ) -> tuple[tuple[Card, Card], ...]:
        where = f"{pointer}/shaman_identities"
        raw = self.r.get(obj, "shaman_identities", pointer)
        if not isinstance(raw, Mapping):
            if "shaman_identities" in obj:
                self.r.add(where, "wrong_type", "expected an object: Shaman -> declared card")
            return ()
        out = []
        on_pile = set(discard)
        for key, value in raw.items():
            shaman = self.r.card(key, f"{where}/{key}", DABONG_55)
            identity = self.r.card(value, f"{where}/{key}", DABONG_55)
            if shaman is None or identity is None:
                continue
            if not shaman.is_shaman:
                self.r.add(f"{where}/{key}", "not_a_shaman", f"{key} is not a Shaman")
            elif shaman not in on_pile:
                self.r.add(f"{where}/{key}", "not_on_pile", f"{key} is not on the discard pile")
            elif not is_real(identity):
                self.r.add(f"{where}/{key}", "not_real", f"a Shaman is declared as a real card, not {value}")
            else:
                out.append((shaman, identity))
        return tuple(sorted(out))

    def _penalty(self, obj: Mapping[str, Any], pointer: str) -> Penalty | None:
        raw = self.r.get(obj, "penalty", pointer)
        if raw is None or "penalty" not in obj:
            return None
        where = f"{pointer}/penalty"
        pobj = self.r.obj(raw, where, allowed=("cards", "skip"))
        if not isinstance(raw, Mapping):  # reported by obj(); {} is read, and lacks both members
            return None
        cards = self.r.int(pobj, "cards", where, lo=1, hi=len(DABONG_55))
        skip = self.r.bool(pobj, "skip", where)
        return Penalty(cards=cards, skip=skip)

    def _announced(
        self, obj: Mapping[str, Any], pointer: str, seats: int, hands: tuple[tuple[Card, ...], ...]
    ) -> tuple[int, ...]:
        raw = self.r.list(obj, "one_card_announced", pointer)
        out: list[int] = []
        for i, seat in enumerate(raw):
            where = f"{pointer}/one_card_announced/{i}"
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < max(seats, 1):
                self.r.add(where, "out_of_range", "expected a seat number")
            elif seat in out:
                self.r.add(where, "duplicate", f"seat {seat} is listed twice")
            elif seat < len(hands) and len(hands[seat]) != 1:
                self.r.add(where, "not_one_card", f"seat {seat} holds {len(hands[seat])} cards, not one")
            else:
                out.append(seat)
        if out != sorted(out):
            self.r.add(f"{pointer}/one_card_announced", "not_sorted", "list the seats in increasing order")
        return tuple(out)

    def _scores(self, obj: Mapping[str, Any], pointer: str, seats: int) -> Scores:
        where = f"{pointer}/scores"
        raw = self.r.get(obj, "scores", pointer)
        # An empty object is a score sheet with every member missing, not an absent one (which
        # get() has reported): taking {} for "nothing to read" once let a state through with no
        # per-seat entries, and scoring a win then indexed past their end.
        if not isinstance(raw, Mapping):
            if "scores" in obj:
                self.r.obj(raw, where)  # reports the wrong type
            return Scores.zero(seats)
        sobj = self.r.obj(raw, where, allowed=("games", "sets", "points", "played"))
        lists = {}
        for key in ("games", "sets", "points"):
            items = self.r.list(sobj, key, where)
            for i, n in enumerate(items):
                if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                    self.r.add(f"{where}/{key}/{i}", "wrong_type", "expected a count >= 0")
            if key in sobj and isinstance(sobj[key], list) and len(items) != seats:
                self.r.add(
                    f"{where}/{key}",
                    "wrong_count",
                    f"one per seat: {len(items)} entries for {seats} seats",
                )
            lists[key] = tuple(n for n in items if isinstance(n, int))
        played = self.r.int(sobj, "played", where, lo=0, hi=10**6)
        return Scores(games=lists["games"], sets=lists["sets"], points=lists["points"], played=played)

    # -- cross-field facts ------------------------------------------------------------
    def _check_table(self, s: DabongState, pointer: str) -> None:
        add = self.r.add
        if len(s.hands) != s.seats:
            return
        if s.top_play > len(s.discard_pile):
            add(f"{pointer}/top_play", "out_of_range", "the top play holds more cards than the pile")
        top_id = s.top_identity
        # An opening Shaman has no identity until the dealer names it; a claim out of turn (a
        # natural dabong!, the worst hand) may end the game first, leaving it unnamed for good.
        ended_at_opening = s.status not in (OPENING, PLAYING) and _only_the_opening_card(s)
        if s.top.is_shaman and top_id is None and s.status != OPENING and not ended_at_opening:
            add(
                f"{pointer}/shaman_identities",
                "undeclared_top",
                f"the Shaman on top ({s.top}) has no identity",
            )
        if top_id is not None and (is_eight(top_id) or is_jack(top_id)):
            allowed = card_suits(top_id) if is_jack(top_id) else frozenset(Suit(x) for x in "FWEA")
            # A winning last card fires no power, so a finished game may show none.
            if s.suit is None and s.status == PLAYING:
                add(f"{pointer}/suit", "missing", f"an {top_id} on top needs the suit in force")
            elif s.suit is not None and s.suit not in allowed:
                add(f"{pointer}/suit", "not_allowed", f"{s.top} cannot put {s.suit} in force")
        elif s.suit is not None:
            add(
                f"{pointer}/suit",
                "not_allowed",
                f"only an 8 or a Jack on top puts a suit in force, not {s.top}",
            )
        if s.status == OPENING:
            self._check_opening(s, pointer, top_id)
        if s.penalty is not None:
            self._check_penalty(s, pointer, top_id)
        if s.status in (PLAYING, OPENING) and (s.winner is not None or s.game_winner is not None):
            add(f"{pointer}/winner", "not_allowed", "nobody has won a game that is still being played")
        if s.status == PLAYING:
            for i, hand in enumerate(s.hands):
                if not hand:
                    add(f"{pointer}/hands/{i}", "empty_hand", f"seat {i} has no cards but has not won")
        if s.status not in (PLAYING, OPENING) and s.game_winner is None:
            add(f"{pointer}/game_winner", "missing", "a finished game has a winner")
        if s.status != OVER and s.winner is not None:
            add(f"{pointer}/winner", "not_allowed", "the match has no winner before it is over")
        self._check_scores(s, pointer)
        check_level_fields(self.r, s, pointer)

    def _check_opening(self, s: DabongState, pointer: str, top_id: Card | None) -> None:
        add = self.r.add
        if len(s.discard_pile) != 1 or s.top_play != 1:
            add(f"{pointer}/discard_pile", "not_opening", "an opening card is the only card on the pile")
        if s.turn != s.dealer:
            add(f"{pointer}/turn", "not_dealer", "the dealer settles the opening card")
        if s.top_seat != s.dealer:
            add(f"{pointer}/top_seat", "not_dealer", "the dealer is the player of the opening card")
        needs_dealer = s.top.is_shaman or (top_id is not None and (is_eight(top_id) or is_jack(top_id)))
        if not needs_dealer or s.identities or s.suit is not None:
            add(f"{pointer}/status", "not_opening", f"an opening {s.top} leaves the dealer nothing to settle")
        if s.penalty is not None:
            add(f"{pointer}/penalty", "not_opening", "nothing is pending before the opening card is settled")

    def _check_penalty(self, s: DabongState, pointer: str, top_id: Card | None) -> None:
        penalty = s.penalty
        assert penalty is not None
        where = f"{pointer}/penalty"
        if s.status != PLAYING:
            self.r.add(where, "not_allowed", "a penalty is only pending while the game is played")
            return
        if top_id is not None and top_id.rank is not None and top_id.rank.value == "2":
            most = 2 * s.rank_run if s.options.rule_on("twos_add_on") else 2
            if not penalty.skip or penalty.cards % 2 or not 2 <= penalty.cards <= most:
                self.r.add(
                    where,
                    "impossible",
                    f"the 2s on top make the next seat draw an even 2..{most} cards and be skipped",
                )
        elif top_id is not None and is_queen_of_water(top_id):
            if penalty.skip or penalty.cards != 2:
                self.r.add(
                    where, "impossible", "the Queen of Water makes the next seat draw two, not skipped"
                )
        else:
            self.r.add(where, "no_card_behind", f"no 2 or Queen of Water on top ({s.top}) explains a penalty")
        if s.top_seat == s.turn:
            self.r.add(where, "impossible", "a seat's own card never makes it pick up")

    def _check_scores(self, s: DabongState, pointer: str) -> None:
        o = s.options
        where = f"{pointer}/scores"
        if any(g >= o.games_per_set for g in s.scores.games):
            self.r.add(f"{where}/games", "out_of_range", f"a set is won at {o.games_per_set} games")
        if s.status != OVER and any(n >= o.sets_to_win for n in s.scores.sets):
            self.r.add(f"{where}/sets", "out_of_range", "a seat has won the match but it is not over")
        if o.scoring != "tennis" and (any(s.scores.games) or any(s.scores.sets)):
            self.r.add(f"{where}/games", "not_allowed", "games and sets are only kept with tennis scoring")
        if o.scoring != "points" and any(s.scores.points):
            self.r.add(f"{where}/points", "not_allowed", "points are only kept with points scoring")


def _option_test(spec: OptionSpec) -> Callable[[Any], bool]:
    """Whether a JSON value is one ``options_from_json`` takes for ``spec`` as it is."""
    if spec.type == "boolean":
        return lambda v: type(v) is bool
    if spec.type == "integer":
        lo, hi, choices = spec.lo, spec.hi, spec.choices
        return lambda v: (
            type(v) is int
            and (lo is None or v >= lo)
            and (hi is None or v <= hi)
            and (choices is None or v in choices)
        )
    choices = spec.choices
    return lambda v: type(v) is str and (choices is None or v in choices)


_OPTION_TESTS = tuple((spec.name, _option_test(spec)) for spec in describe(DabongOptions))
_OPTION_NAMES = tuple(name for name, _ in _OPTION_TESTS)
#: ``DabongOptions(**raw)`` without the frozen ``__init__``'s per-field ``object.__setattr__``.
_new_options: Callable[..., DabongOptions] = slots_builder(DabongOptions, *_OPTION_NAMES)


def _plain_options(raw: Any) -> DabongOptions | None:
    """The options at once when every one is given, of its type and allowed (any state the
    service wrote); None sends anything else through the reader, which reports it."""
    if type(raw) is not dict or len(raw) != len(_OPTION_TESTS):
        return None
    for name, fits in _OPTION_TESTS:
        if name not in raw or not fits(raw[name]):
            return None
    return _new_options(*map(raw.__getitem__, _OPTION_NAMES))


def _only_the_opening_card(s: DabongState) -> bool:
    """Whether the pile holds only the card turned up at the deal (nothing has been played)."""
    return len(s.discard_pile) == 1 and s.top_play == 1 and not s.previous_play


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelFields:
    previous_play: tuple[Card, ...]
    rank_run: int
    extra_play_then: int | None
    answerable: str | None
    as_dealt: tuple[int, ...]
    years_used: tuple[tuple[int, ...], ...]

    @classmethod
    def read(cls, r: JsonReader, obj: Mapping[str, Any], pointer: str, seats: int) -> LevelFields:
        previous = r.cards(obj, "previous_play", pointer, DABONG_55)
        for i, card in enumerate(previous):
            if not is_real(card):
                r.add(f"{pointer}/previous_play/{i}", "not_real", "the previous play lists identities")
        run = r.int(obj, "rank_run", pointer, lo=1, hi=MAX_RUN)
        then = None
        raw = r.get(obj, "extra_play", pointer)
        if isinstance(raw, Mapping) or (raw is not None and "extra_play" in obj):
            eobj = r.obj(raw, f"{pointer}/extra_play", allowed=("then",))
            if isinstance(raw, Mapping):  # {} is read (and lacks "then"), not taken for null
                then = r.int(eobj, "then", f"{pointer}/extra_play", lo=0, hi=max(seats - 1, 0))
        answerable = r.str(obj, "answerable", pointer, choices=tuple(ANSWERABLE), nullable=True)
        as_dealt = _seat_list(r, obj, "as_dealt", pointer, seats)
        years = _ledger(r, obj, pointer, seats)
        return cls(
            previous_play=tuple(c for c in previous if is_real(c)),
            rank_run=run,
            extra_play_then=then,
            answerable=answerable,
            as_dealt=as_dealt,
            years_used=years,
        )

    def as_state_fields(self) -> dict[str, Any]:
        return {
            "previous_play": self.previous_play,
            "rank_run": self.rank_run,
            "extra_play_then": self.extra_play_then,
            "answerable": self.answerable,
            "as_dealt": self.as_dealt,
            "years_used": self.years_used,
        }


def _seat_list(r: JsonReader, obj: Mapping[str, Any], key: str, pointer: str, seats: int) -> tuple[int, ...]:
    out: list[int] = []
    for i, seat in enumerate(r.list(obj, key, pointer)):
        where = f"{pointer}/{key}/{i}"
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < max(seats, 1):
            r.add(where, "out_of_range", "expected a seat number")
        elif out and seat <= out[-1]:
            r.add(where, "not_sorted", "list each seat once, in increasing order")
        else:
            out.append(seat)
    return tuple(out)


def _ledger(r: JsonReader, obj: Mapping[str, Any], pointer: str, seats: int) -> tuple[tuple[int, ...], ...]:
    raw = r.list(obj, "years_used", pointer)
    if "years_used" in obj and isinstance(raw, list) and len(raw) != seats:
        r.add(f"{pointer}/years_used", "wrong_count", f"{len(raw)} ledgers for {seats} seats")
    out: list[tuple[int, ...]] = []
    for i, years in enumerate(raw):
        where = f"{pointer}/years_used/{i}"
        if not isinstance(years, list):
            r.add(where, "wrong_type", "expected an array of years")
            out.append(())
            continue
        kept: list[int] = []
        for j, year in enumerate(years):
            if isinstance(year, bool) or not isinstance(year, int) or not 1 <= year <= MAX_YEAR:
                r.add(f"{where}/{j}", "out_of_range", f"a calendar year is 1..{MAX_YEAR}")
            elif kept and year <= kept[-1]:
                r.add(f"{where}/{j}", "not_sorted", "list each year once, in increasing order")
            else:
                kept.append(year)
        out.append(tuple(kept))
    return tuple(out)


def decode(data: Any) -> DabongState:
    """The old reader's answer: the state, or ``StateInvalid`` with every problem."""
    reader = JsonReader()
    state = StateDecoder(reader).decode(data, "")
    if reader.problems or state is None:
        raise StateInvalid(reader.problems)
    return state
