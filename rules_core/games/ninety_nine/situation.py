"""99 situations: the Count, whose turn, the hands that matter; the rest is filled in and said.

What decides a question in 99 is the Count, the hand of the seat asked about and, for a Death
Card, whether its target holds the Ace of Diamonds. So the completion:

* fills every hand not fully given with the first free cards of the deck that are neither
  clubs nor the Ace of Diamonds (no invented hand can shield a Death Card or take a hit at
  the end: say a seat's hand to ask otherwise); the seat to play gets a playable card first
  when none of its named cards is (it could not be its turn otherwise);
* explains the Count with the least history: a fresh deal when nothing has happened, else a
  play pile reshuffled at that Count (``count_base``) with the last play on it when given;
* puts the rest of the deck in the draw pile in deck order (the next draws: they change what
  is drawn, never what may be played).

A moment that cannot be a state is ``Unreachable`` with the rule, and the outcome where the
rules give one ("the Count is 95 and I hold 7, 8, J and Q": that seat is out).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...kernel import STANDARD_52, Card, InvalidInput, JsonReader, Rank, StateInvalid, Suit, format_card
from ...kernel.field_kinds import CardKind, Cards, Int, ListOf, Nested, Seat, SeatCount
from ...kernel.fields import Field, Record
from ...kernel.situations import Assumption, Completion, Outcome, SituationSpec, Unreachable
from . import rules as r
from .counting import ACE_OF_DIAMONDS, LIMIT, QUEEN_OF_SPADES, can_play_any, count_after
from .options import NinetyNineOptions
from .state import NinetyNineState, Status
from .state_rules import HAND_SIZE, MAX_SEATS, MIN_SEATS
from .wire import read_state, write_state

DECK = STANDARD_52
_NOT_FILLERS = frozenset({ACE_OF_DIAMONDS, QUEEN_OF_SPADES})


@dataclass(frozen=True, slots=True, kw_only=True)
class KnownHand:
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class NinetyNineSituation:
    seats: int | None
    turn: int
    count: int | None
    hands: tuple[KnownHand, ...]
    eliminated: tuple[int, ...]
    last_play: Card | None
    death_card_by: int | None


KNOWN_HAND = Record(
    name="KnownHand",
    doc="Cards one seat is known to hold (up to four; the rest are filled in and said).",
    build=KnownHand,
    fields=(
        Field("seat", Seat(max_seats=MAX_SEATS), "The seat."),
        Field("cards", Cards(DECK, max_len=HAND_SIZE), f"Cards it holds, at most {HAND_SIZE}."),
    ),
)

SITUATION = Record(
    name="Situation",
    doc="A moment of a 99 hand as a player states it; everything left out is filled in and said.",
    build=NinetyNineSituation,
    fields=(
        Field(
            "seats",
            SeatCount(lo=MIN_SEATS, hi=MAX_SEATS),
            "Seats at the table; by default as many as the seats named (at least 2).",
            nullable=True,
            default=None,
        ),
        Field("turn", Seat(max_seats=MAX_SEATS), 'The seat to play ("you" by default: seat 0).', default=0),
        Field(
            "count",
            Int(0, LIMIT),
            "The Count now; 0 by default (or what the last play made it).",
            default=None,
        ),
        Field("hands", ListOf(Nested(KNOWN_HAND), max_len=MAX_SEATS), "The hands that matter.", default=()),
        Field(
            "eliminated",
            ListOf(Seat(max_seats=MAX_SEATS), max_len=MAX_SEATS),
            "Seats already out of the hand.",
            default=(),
        ),
        Field(
            "last_play",
            CardKind(DECK),
            "The card on top of the play pile, if it matters.",
            nullable=True,
            default=None,
        ),
        Field(
            "death_card_by",
            Seat(max_seats=MAX_SEATS),
            "The seat that just played the Queen of Spades at 99 (the Death Card) on `turn`, who must "
            "shield with the Ace of Diamonds.",
            nullable=True,
            default=None,
        ),
    ),
)


def _seats(facts: NinetyNineSituation) -> int:
    named = [facts.turn, *(h.seat for h in facts.hands), *facts.eliminated]
    if facts.death_card_by is not None:
        named.append(facts.death_card_by)
    return facts.seats if facts.seats is not None else max(MIN_SEATS, max(named) + 1)


def _check_named(
    facts: NinetyNineSituation, seats: int, options: NinetyNineOptions
) -> dict[int, tuple[Card, ...]]:
    """The named hands by seat; every card named once, every seat at the table (InvalidInput)."""
    reader = JsonReader()
    if options.first_seat >= seats:
        reader.add("/options/first_seat", "no_such_seat", f"seat {options.first_seat} is not at this table")
    seen: dict[Card, str] = {}
    named: dict[int, tuple[Card, ...]] = {}
    for i, hand in enumerate(facts.hands):
        if hand.seat >= seats:
            reader.add(f"/hands/{i}/seat", "no_such_seat", f"the table has {seats} seats")
        if hand.seat in named:
            reader.add(f"/hands/{i}/seat", "repeated", f"seat {hand.seat}'s hand is given twice")
        named[hand.seat] = hand.cards
        for j, card in enumerate(hand.cards):
            if card in seen:
                reader.add(f"/hands/{i}/cards/{j}", "repeated", f"{format_card(card)} is named twice")
            seen[card] = f"/hands/{i}/cards/{j}"
    if facts.last_play is not None and facts.last_play in seen:
        reader.add("/last_play", "repeated", f"{format_card(facts.last_play)} is in a hand too")
    for key, seat in (("turn", facts.turn), ("death_card_by", facts.death_card_by)):
        if seat is not None and seat >= seats:
            reader.add(f"/{key}", "no_such_seat", f"the table has {seats} seats")
    for i, seat in enumerate(facts.eliminated):
        if seat >= seats:
            reader.add(f"/eliminated/{i}", "no_such_seat", f"the table has {seats} seats")
    if reader.problems:
        raise InvalidInput(reader.problems, "the situation contradicts itself")
    return named


def _cards(cards: tuple[Card, ...]) -> str:
    return ", ".join(format_card(c) for c in cards) or "none"


def complete(facts: NinetyNineSituation, options: NinetyNineOptions) -> Completion[NinetyNineState]:
    seats = _seats(facts)
    named = _check_named(facts, seats, options)
    turn = facts.turn
    eliminated = tuple(sorted(set(facts.eliminated)))
    said: list[Assumption] = []
    if facts.seats is None:
        said.append(
            Assumption(
                "/seats", f"{seats} seats", "the seats named need no more; say `seats` if there are more"
            )
        )
    if turn in eliminated:
        raise Unreachable(f"seat {turn} is out of the hand: it has no turn", r.ELIMINATION, "/turn")
    live = [s for s in range(seats) if s not in eliminated]
    if len(live) < 2:
        outcome = Outcome(f"seat {live[0]} is the last seat standing and wins the hand", r.WIN)
        raise Unreachable("with one seat left the hand is over", r.WIN, "/eliminated", outcome)
    death = facts.death_card_by
    count = facts.count
    if death is not None:
        _check_death_card(facts, death, turn, eliminated, seats)
        count = LIMIT
    elif count is None:
        count = 0 if facts.last_play is None else (count_after(facts.last_play, 0) or 0)
        said.append(
            Assumption("/count", f"the Count is {count}", "the situation did not give it: say `count`")
        )
    on_pile = (QUEEN_OF_SPADES,) if death is not None else (facts.last_play,) if facts.last_play else ()
    hands, filled = _fill_hands(named, seats, turn, count, death is not None, on_pile)
    said += filled
    if death is None and not can_play_any(hands[turn], count):
        outcome = Outcome(
            f"seat {turn} cannot play on {count} and is out of the hand", r.ELIMINATION, eliminated=(turn,)
        )
        raise Unreachable(
            f"at a Count of {count} none of {_cards(hands[turn])} can be played: "
            f"seat {turn} would already be out",
            r.ELIMINATION,
            "/count",
            outcome,
        )
    play_pile, count_base, shuffles, move = _history(facts, count, death, eliminated, turn, options, said)
    used = {c for hand in hands for c in hand} | set(play_pile)
    draw_pile = tuple(c for c in DECK.cards if c not in used)
    said.append(
        Assumption(
            "/draw_pile",
            f"the draw pile holds the other {len(draw_pile)} cards in deck order",
            "it decides only which card is drawn after a play, never what may be played",
        )
    )
    state = NinetyNineState(
        options=options,
        seats=seats,
        seed=0,
        shuffles=shuffles,
        hands=hands,
        draw_pile=draw_pile,
        play_pile=play_pile,
        count=count,
        count_base=count_base,
        status=Status.DEATH_CARD if death is not None else Status.PLAYING,
        turn=turn,
        attacker=death,
        eliminated=eliminated,
        move=move,
    )
    try:  # the completion must be a state the game itself accepts (as every request's state)
        read_state(write_state(state))
    except StateInvalid as exc:  # pragma: no cover - a bug in the completion, not the client's
        raise AssertionError(f"completed 99 situation is not a valid state: {exc.problems}") from exc
    return Completion(state=state, assumptions=tuple(said))


def _check_death_card(
    facts: NinetyNineSituation, attacker: int, turn: int, eliminated: tuple[int, ...], seats: int
) -> None:
    if facts.count is not None and facts.count != LIMIT:
        raise Unreachable(
            "the Queen of Spades is the Death Card only when played at 99", r.DEATH_CARD, "/count"
        )
    if attacker == turn or attacker in eliminated:
        raise Unreachable(
            "the Death Card is played by a seat still in the hand on another", r.DEATH_CARD, "/death_card_by"
        )
    target = next(s for s in ((attacker + k) % seats for k in range(1, seats)) if s not in eliminated)
    if target != turn:
        raise Unreachable(
            f"the Death Card of seat {attacker} attacks the next seat still in, seat {target}",
            r.DEATH_CARD,
            "/turn",
        )
    if facts.last_play not in (None, QUEEN_OF_SPADES):
        raise Unreachable(
            "the card on top is the Death Card, the Queen of Spades", r.DEATH_CARD, "/last_play"
        )
    hand = next((h.cards for h in facts.hands if h.seat == turn), ())
    if any(QUEEN_OF_SPADES in h.cards for h in facts.hands):
        raise Unreachable("the Queen of Spades is on the play pile, not in a hand", r.DEATH_CARD, "/hands")
    if len(hand) == HAND_SIZE and ACE_OF_DIAMONDS not in hand:
        outcome = Outcome(
            f"seat {turn} cannot shield and is out of the hand", r.NO_SHIELD, eliminated=(turn,)
        )
        raise Unreachable(
            f"seat {turn} does not hold the Ace of Diamonds: the Death Card puts it out at once",
            r.NO_SHIELD,
            "/hands",
            outcome,
        )


def _fill_hands(
    named: dict[int, tuple[Card, ...]],
    seats: int,
    turn: int,
    count: int,
    shield: bool,
    on_pile: tuple[Card, ...],
) -> tuple[tuple[tuple[Card, ...], ...], list[Assumption]]:
    taken = {c for cards in named.values() for c in cards} | set(on_pile)
    said: list[Assumption] = []
    # Fillers: never the Ace of Diamonds (no invented shield), the Queen of Spades (no invented
    # Death Card) nor a club (no invented hit).
    free = [c for c in DECK.cards if c not in taken and c not in _NOT_FILLERS and c.suit is not Suit.CLUBS]
    hands: list[tuple[Card, ...]] = []
    for seat in range(seats):
        cards = list(named.get(seat, ()))
        added: list[Card] = []
        if seat == turn and shield and ACE_OF_DIAMONDS not in cards:
            added.append(ACE_OF_DIAMONDS)
            said.append(
                Assumption(
                    f"/hands/{seat}",
                    f"seat {seat} holds the Ace of Diamonds",
                    "a target without it is out at once, so the Death Card asks for it",
                )
            )
        if seat == turn and not shield and not can_play_any(tuple(cards), count) and len(cards) < HAND_SIZE:
            playable = next((c for c in free if count_after(c, count) is not None), None)
            if playable is not None:
                free.remove(playable)
                added.append(playable)
        while len(cards) + len(added) < HAND_SIZE:
            added.append(free.pop(0))
        if added and not (seat == turn and shield and added == [ACE_OF_DIAMONDS]):
            who = "the seat to play" if seat == turn else f"seat {seat}"
            why = (
                "they change only what else it could play: give its four cards to list its plays"
                if seat == turn
                else "no club and no Ace of Diamonds: it cannot shield a Death Card or take a hit at the "
                "end; give its hand to ask otherwise"
            )
            verb = "also holds" if named.get(seat) else "holds"
            said.append(Assumption(f"/hands/{seat}", f"{who} {verb} {_cards(tuple(added))}", why))
        hands.append(tuple(cards + added))
    return tuple(hands), said


def _history(
    facts: NinetyNineSituation,
    count: int,
    death: int | None,
    eliminated: tuple[int, ...],
    turn: int,
    options: NinetyNineOptions,
    said: list[Assumption],
) -> tuple[tuple[Card, ...], int, int, int]:
    """(play pile, count_base, shuffles, move): the least history that explains the Count."""
    fresh = count == 0 and facts.last_play is None and death is None and not eliminated
    if fresh and turn == options.first_seat:
        said.append(
            Assumption("/move", "nothing has been played yet", "a Count of 0 with nobody out is a fresh deal")
        )
        return (), 0, 0, 0
    if death is not None:
        pile: tuple[Card, ...] = (QUEEN_OF_SPADES,)
        base = LIMIT
    elif facts.last_play is not None:
        pile = (facts.last_play,)
        base = _base_for(facts.last_play, count)
    else:
        pile, base = (), count
    said.append(
        Assumption(
            "/play_pile",
            "the play pile was last reshuffled at this Count"
            + (f", then {format_card(pile[0])} was played" if pile and death is None else "")
            + (f", then seat {death} played the Queen of Spades at 99" if death is not None else ""),
            "earlier plays change nothing now: only the Count and the hands decide a play",
        )
    )
    return pile, base, 1, max(1, len(pile))


def _base_for(card: Card, count: int) -> int:
    """A Count before ``card`` that leaves ``count`` (a plain addition first), or Unreachable."""
    bases = [b for b in range(LIMIT + 1) if count_after(card, b) == count]
    plain = [b for b in bases if b < LIMIT and not (card == ACE_OF_DIAMONDS and b == LIMIT)]
    if plain:
        return max(plain)
    if bases:
        return bases[0]
    rule = r.KING if card.rank is Rank.KING else r.VALUES
    raise Unreachable(f"{format_card(card)} cannot leave the Count at {count}", rule, "/last_play")


SPEC = SituationSpec(
    record=SITUATION,
    complete=complete,
    nested=(KNOWN_HAND,),
    examples=(
        (
            "My turn at 95: I hold a 3, a King, a 10 and a Jack",
            {"count": 95, "hands": [{"seat": 0, "cards": ["3H", "KD", "10S", "JC"]}]},
        ),
        (
            "The Queen of Spades was played at 99 on me; I hold the Ace of Diamonds",
            {"seats": 3, "turn": 1, "death_card_by": 0, "hands": [{"seat": 1, "cards": ["AD"]}]},
        ),
    ),
)
