"""dabong! situations: the play on top, whose turn, what is pending, the hands that matter.

What decides a dabong! question is the play on top (its top card's suit, rank and pile value,
the suit in force, the whole play for a mirror, the run of its rank for the 4th card), who laid
it (nobody claims a natural dabong! on a card they put on top), what it left pending (2s or the
Queen of Water to pick up, a heaven or hell to answer, a 4th-card extra play), the hands of the
seats asked, and the plays that may still be taken back. So the completion
(``situation_table``):

* works out what the play on top did with the rules' own code (``fire_power``, ``open_with``):
  whose turn it sent and what it imposed. When the seat on turn is that seat, it is the moment
  right after the play and what the play opened is open (say otherwise: ``penalty: 0``,
  ``answer_open: false``, ``extra_play: false``); else play has moved on and nothing is pending;
* fills every hand not fully given so that no invented hand can claim a natural dabong! on the
  top card, answer a heaven or hell, or be the worst hand (``situation_cards``);
* puts the rest in the draw pile in deck order (the next draws: they change what is drawn,
  never what may be played or claimed now);
* lays the plays of ``take_back`` on that table through the rules, so the take-back log, the
  turn and all they cause are the rules' own, and a play the rules refuse says why.

A moment that cannot be a state is ``Unreachable`` with the rule, and the outcome where the
rules give one (a seat with no cards has won; a score that ends the match).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...kernel import ELEMENT_SUITS, Action, Card, InvalidInput, JsonReader, Rank, StateInvalid, Suit
from ...kernel.situations import Assumption, Completion, Outcome, SituationSpec, Unreachable
from .dealing import open_with
from .matcher_api import MatchBudgetExceeded, PileContext
from .options import DabongOptions
from .patterns.common import SUIT_NAMES
from .play_flow import answerable_play
from .situation_cards import invalid
from .situation_facts import DECK, KNOWN_HAND, PLAY_FACT, SCORE_FACTS, SITUATION, DabongSituation
from .state import PLAYING, DabongState, Penalty, Scores, evolve
from .table import fire_power
from .values import REAL_CARDS, card_suits, is_eight, is_queen_of_water, is_real, pile_value
from .wire import read_state, write_state

_RANK_WORDS = {Rank.ACE: "Ace", Rank.JACK: "Jack", Rank.QUEEN: "Queen", Rank.KING: "King"}
_NO_TOP = (Rank.TWO, Rank.EIGHT, Rank.NINE, Rank.JACK)


def name(card: Card) -> str:
    """``card`` in a player's words: "Jack of Water", "5 of Fire", "Shaman 1"."""
    if card.is_shaman:
        return f"Shaman {card.shaman}"
    assert card.rank is not None and card.suit is not None
    return f"{_RANK_WORDS.get(card.rank, card.rank.value)} of {SUIT_NAMES[card.suit]}"


def names(cards: tuple[Card, ...]) -> str:
    return ", ".join(map(name, cards)) or "none"


@dataclass(frozen=True, slots=True)
class Just:
    """What the play on top left right after it was laid."""

    turn: int
    penalty: Penalty | None
    #: A 4th-card extra play is open; the turn then goes to this seat.
    then: int | None
    answerable: str | None


class Builder:
    """One situation being completed: its facts checked, the play on top, what was said."""

    def __init__(self, facts: DabongSituation, options: DabongOptions) -> None:
        self.f = facts
        self.o = options
        self.said: list[Assumption] = []
        self.seats = self._seats()
        self.named = self._check_named()
        self.more = {h.seat: h.more for h in facts.hands}
        self.play, self.ids = self._play()

    def say(self, about: str, text: str, why: str) -> None:
        self.said.append(Assumption(about, text, why))

    def after(self, seat: int, direction: int, k: int = 1) -> int:
        return (seat + direction * k) % self.seats

    def _seats(self) -> int:
        f = self.f
        if f.seats is not None:
            return f.seats
        named = [
            *(h.seat for h in f.hands),
            *(p.seat for p in f.take_back),
            *f.announced,
            *(f.as_dealt or ()),
        ]
        named += [s for s in (f.turn, f.dealer, f.top_by, f.game_winner) if s is not None]
        scores = (f.scores.games, f.scores.sets, f.scores.points) if f.scores is not None else ()
        lengths = [len(x) for x in (f.years_used, *scores) if x]
        seats = max(2, max(named, default=0) + 1, *lengths)
        self.say("/seats", f"{seats} seats", "the seats named need no more; say `seats` if there are more")
        return seats

    def _check_named(self) -> dict[int, tuple[Card, ...]]:
        """The named hands by seat; every card named once, every seat at the table (InvalidInput)."""
        f, reader, seats = self.f, JsonReader(), self.seats
        seen: set[Card] = set()

        def card(c: Card | None, ptr: str) -> None:
            if c is not None and c in seen:
                reader.add(ptr, "repeated", f"the {name(c)} is named twice")
            if c is not None:
                seen.add(c)

        def seat(s: int | None, ptr: str) -> None:
            if s is not None and s >= seats:
                reader.add(ptr, "no_such_seat", f"the table has {seats} seats")

        named: dict[int, tuple[Card, ...]] = {}
        for i, hand in enumerate(f.hands):
            seat(hand.seat, f"/hands/{i}/seat")
            if hand.seat in named:
                reader.add(f"/hands/{i}/seat", "repeated", f"seat {hand.seat}'s hand is given twice")
            named[hand.seat] = hand.cards
            for j, c in enumerate(hand.cards):
                card(c, f"/hands/{i}/cards/{j}")
        card(f.river, "/river")
        for j, c in enumerate(f.last_play):
            card(c, f"/last_play/{j}")
        if f.top is not None and f.last_play and f.top != f.last_play[-1]:
            reader.add("/top", "inconsistent", "the top card is the last card of `last_play`")
        elif not f.last_play:
            card(f.top, "/top")
        for i, play in enumerate(f.take_back):
            seat(play.seat, f"/take_back/{i}/seat")
            for j, c in enumerate(play.cards):
                if c != f.river:  # the river laid is the river used: the rules judge that play
                    card(c, f"/take_back/{i}/cards/{j}")
        pile = set(f.last_play or ((f.top,) if f.top is not None else ()))
        for shaman, identity in f.shamans:
            where = f"/shamans/{shaman}"
            if shaman not in pile or not shaman.is_shaman:
                reader.add(where, "not_on_pile", f"{name(shaman)} is not a Shaman of the play on top")
            elif not is_real(identity):
                reader.add(where, "not_real", f"a Shaman is declared as a real card, not {name(identity)}")
        for key in ("turn", "dealer", "top_by", "game_winner"):
            seat(getattr(f, key), f"/{key}")
        for key in ("announced", "as_dealt"):
            for i, s in enumerate(getattr(f, key) or ()):
                seat(s, f"/{key}/{i}")
        if f.opening and f.top_by is not None and f.dealer is not None and f.top_by != f.dealer:
            reader.add("/top_by", "inconsistent", "the dealer turned up the opening card")
        lists = [("years_used", f.years_used or None)]
        if f.scores is not None:
            lists += [(f"scores/{k}", getattr(f.scores, k)) for k in ("games", "sets", "points")]
        for key, values in lists:
            if values is not None and len(values) != seats:
                reader.add(f"/{key}", "wrong_count", f"one entry for each of the {seats} seats")
        year = self.o.calendar_year
        for i, years in enumerate(f.years_used or ()):
            if year and years and years[-1] > year:
                reader.add(
                    f"/years_used/{i}", "out_of_range", f"{years[-1]} is after the current year {year}"
                )
        if reader.problems:
            raise InvalidInput(reader.problems, "the situation contradicts itself")
        return named

    def _play(self) -> tuple[tuple[Card, ...], tuple[Card | None, ...]]:
        """The play on top (laid order) and each card's identity (None: an opening Shaman unnamed)."""
        f = self.f
        play = f.last_play or ((f.top,) if f.top is not None else ())
        if not play:
            used = (
                {c for h in f.hands for c in h.cards} | {c for p in f.take_back for c in p.cards} | {f.river}
            )
            top = next(
                c for c in DECK.cards
                if c not in used and is_real(c) and c.rank not in _NO_TOP and not is_queen_of_water(c)
            )  # fmt: skip
            play = (top,)
            self.say(
                "/discard_pile", f"the top card is the {name(top)}", "say `top`: it decides what may follow"
            )
        declared = dict(f.shamans)
        ids: list[Card | None] = []
        for card in play:
            identity = declared.get(card) if card.is_shaman else card
            if identity is None and not (f.opening and len(play) == 1 and f.suit is None):
                raise invalid("/shamans", "missing", f"say what {name(card)} was declared as (`shamans`)")
            ids.append(identity)
        return play, tuple(ids)

    def check_last_play(self) -> None:
        """A play of several cards on top must be a play the rules in force allow on some card."""
        play, ids = self.play, self.ids
        if len(play) < 2 or any(i is None for i in ids):
            return
        from .matcher import MATCHER

        declare = tuple(
            sorted((c, i) for c, i in zip(play, ids, strict=True) if c.is_shaman and i is not None)
        )
        for under in REAL_CARDS:
            suits = frozenset(ELEMENT_SUITS) if is_eight(under) else card_suits(under)
            ctx = PileContext(
                top=under,
                active_suits=suits,
                pile_value=pile_value(under),
                previous_play=(under,),
                hand_size=len(play) + 1,
            )
            try:
                if MATCHER.check_play(ctx, play, declare, self.o).readings:
                    return
            except MatchBudgetExceeded:  # too costly to tell: taken as said
                return
        if self.o.rule_on("mirror"):  # a mirror of the play before it may explain it
            return
        raise Unreachable(
            f"no play of these rules lays {names(play)}, on any card", "dabong.level", "/last_play"
        )

    @property
    def top(self) -> Card | None:
        """The top card's identity (None: an opening Shaman the dealer has not named)."""
        return self.ids[-1]

    def direction_now(self, opening: bool) -> int:
        """The direction of play: stated, or what an opening card leaves."""
        f, top = self.f, self.top
        nine = top is not None and top.rank is Rank.NINE
        if opening:
            if f.reversed is not None and f.reversed != nine:
                why = (
                    "an opening 9 sends play to the right"
                    if nine
                    else "no 9 has been played since the opening"
                )
                raise Unreachable(why, "dabong.opening" if nine else "dabong.nine", "/reversed")
            return -1 if nine else 1
        if f.reversed is None and nine:
            self.say("/direction", "play goes to the left", "say `reversed` if the 9 on top sent it right")
        return -1 if f.reversed else 1

    def just(self, skeleton: DabongState, seat: int, opening: bool, suit: Suit | None, owed: int) -> Just:
        """What the play on top did when ``seat`` laid it (the opening card: ``seat`` dealt it)."""
        top = self.top
        assert top is not None
        if opening:
            after, _ = open_with(evolve(skeleton, dealer=seat, direction=1, turn=seat), top, suit)
            return Just(after.turn, after.penalty, None, None)
        direction = skeleton.direction
        before = -direction if top.rank is Rank.NINE else direction
        after, _ = fire_power(evolve(skeleton, direction=before, top_seat=seat), seat, top, suit, owed)
        answerable = answerable_play(after, tuple(c for c in self.ids if c is not None))
        turn, then = after.turn, None
        if skeleton.rank_run >= 4 and after.penalty is None and self.o.rule_on("fourth_card"):
            turn, then = seat, after.turn
        return Just(turn, after.penalty, then, answerable)

    def skeleton(self, direction: int, run: int) -> DabongState:
        """A table holding only the play on top: what the rules' powers need to say what it did."""
        n = self.seats
        return DabongState(
            options=self.o,
            seats=n,
            seed=0,
            shuffles=0,
            dealer=n - 1,
            hands=((),) * n,
            draw_pile=(),
            discard_pile=self.play,
            identities=(),
            suit=None,
            top_seat=0,
            top_play=len(self.play),
            turn=0,
            direction=direction,
            penalty=None,
            announced=(),
            status=PLAYING,
            winner=None,
            game_winner=None,
            move=0,
            take_back=(),
            scores=Scores.zero(n),
            rank_run=run,
        )


def replay(b: Builder, state: DabongState) -> DabongState:
    """Lay the plays of ``take_back`` through the rules: each must be legal and leave the game on."""
    from . import engine
    from .matcher import MATCHER

    for i, p in enumerate(b.f.take_back):
        action = Action(type="play", seat=p.seat, cards=p.cards, suit=p.suit, declare=p.declare)
        outcome = engine.resolve(state, action, MATCHER)
        if not outcome.verdict.legal or outcome.state is None:
            reason = outcome.verdict.reasons[0]
            raise Unreachable(
                f"seat {p.seat} could not lay {names(p.cards)} there: {reason.message}",
                reason.rule_id,
                f"/take_back/{i}",
            )
        state = outcome.state
        if state.status != PLAYING:
            raise Unreachable(
                f"seat {p.seat} won the game with {names(p.cards)}: a win is final, nothing can be "
                "taken back",
                "dabong.unwind",
                f"/take_back/{i}",
                Outcome(f"seat {p.seat} has won the game", "dabong.win"),
            )
    if b.f.take_back:
        plays = "; then ".join(f"seat {p.seat} laid {names(p.cards)}" for p in b.f.take_back)
        b.say(
            "/take_back",
            f"{plays}: each may still be taken back, the last first",
            "laid by the rules on the table described; the cards each seat laid sat at the end of its hand",
        )
    return state


def _accepted(state: DabongState) -> None:
    try:  # the completion must be a state the game itself accepts (as every request's state)
        read_state(write_state(state))
    except StateInvalid as exc:  # pragma: no cover - a bug in the completion, not the client's
        raise AssertionError(f"completed dabong! situation is not a valid state: {exc.problems}") from exc


def complete(facts: DabongSituation, options: DabongOptions) -> Completion[DabongState]:
    from .situation_table import build

    b = Builder(facts, options)
    state = build(b)
    _accepted(state)
    return Completion(state=state, assumptions=tuple(b.said))


SPEC = SituationSpec(
    record=SITUATION,
    complete=complete,
    nested=(KNOWN_HAND, PLAY_FACT, SCORE_FACTS),
    examples=(
        (
            "I hold a Jack and a 3 and seat 1 just played a King: can I win?",
            {"top": "KW", "top_by": 1, "hands": [{"seat": 0, "cards": ["JE", "3A"]}]},
        ),
        (
            "Intermediate, three seats: seat 0 played 3W, 7W on the 10 of Fire; may I mirror it?",
            {
                "preset": "intermediate",
                "seats": 3,
                "top": "10F",
                "top_by": 2,
                "take_back": [{"seat": 0, "cards": ["3W", "7W"]}],
                "hands": [{"seat": 1, "cards": ["7E", "3E", "5A", "6A"]}],
            },
        ),
        (
            "Master: seat 1 laid a 2 on my 2, so I face four cards; I hold the 4 of Fire",
            {
                "preset": "master",
                "top": "2W",
                "top_by": 1,
                "penalty": 4,
                "hands": [{"seat": 0, "cards": ["4F", "KE", "9F"]}],
            },
        ),
        (
            "The dealer (me, seat 2) turned up an 8: which suits may I name?",
            {"seats": 3, "opening": True, "top": "8E", "dealer": 2},
        ),
    ),
)
