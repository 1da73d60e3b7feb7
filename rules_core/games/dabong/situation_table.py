"""The table a dabong! situation describes: the moment after the play on top, the cards, the plays since.

``build`` turns a checked situation (``situation.Builder``) into a state: who laid the play on top
and what it left pending (``_moment``), the hands and piles (``_cards``), the scores and the
ledgers (``situation_ledgers``), then the plays of ``take_back`` laid through the rules
(``situation.replay``). A finished game is built alike, then scored (``situation_ledgers.finish``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...kernel import Card, Rank, Suit
from ...kernel.situations import Outcome, Unreachable
from .actions_play import suit_choices
from .play_flow import trailing_run
from .situation import Builder, Just, name, names, replay
from .situation_cards import fill, invalid, pile_and_stock, run_cards
from .situation_facts import DECK
from .situation_ledgers import announced, as_dealt, finish, playing_scores
from .state import OPENING, PLAYING, DabongState, Penalty, Scores
from .state_levels import MAX_RUN
from .values import is_eight, is_jack, is_queen_of_water, pile_value


@dataclass(frozen=True, slots=True)
class Moment:
    """The table's state of play before the plays of ``take_back``."""

    status: str
    dealer: int
    top_by: int
    turn: int
    direction: int
    suit: Suit | None
    penalty: Penalty | None
    then: int | None
    answerable: str | None
    run: int
    #: Nothing has happened since the deal (every hand is still as dealt, unless said otherwise).
    start: bool


def build(b: Builder) -> DabongState:
    f = b.f
    _check_rule_facts(b)
    moment = _moment(b)
    hands, pile, identities, stock = _cards(b, moment)
    if f.game_winner is None:
        _no_empty_hand(b, hands)
    state = DabongState(
        options=b.o,
        seats=b.seats,
        seed=0,
        shuffles=0,
        dealer=moment.dealer,
        hands=hands,
        draw_pile=stock,
        discard_pile=pile,
        identities=identities,
        suit=moment.suit,
        top_seat=moment.top_by,
        top_play=len(b.play),
        turn=moment.turn,
        direction=moment.direction,
        penalty=moment.penalty,
        announced=announced(b, hands),
        status=moment.status,
        winner=None,
        game_winner=None,
        move=0 if moment.start else b.seats,
        take_back=(),
        scores=playing_scores(b) if f.game_winner is None else Scores.zero(b.seats),
        previous_play=tuple(c for c in b.ids if c is not None),
        rank_run=moment.run,
        extra_play_then=moment.then,
        answerable=moment.answerable,
        river=f.river,
        as_dealt=as_dealt(b, moment.start, hands),
        years_used=f.years_used or ((),) * b.seats,
    )
    if f.game_winner is not None:
        return finish(b, state)
    return replay(b, state)


def _check_rule_facts(b: Builder) -> None:
    f, o = b.f, b.o
    if f.river is not None and not (o.rule_on("river") and o.deal_river):
        raise Unreachable(
            "no river is dealt here: it takes the river rule (Intermediate up) and the dealer's choice "
            "to deal one (option `deal_river`)",
            "dabong.river",
            "/river",
        )
    if f.announced and not o.one_card_rule:
        raise Unreachable(
            'with the one card rule off nobody says "one card"', "dabong.one_card", "/announced"
        )
    if f.take_back and not o.unwinding:
        raise Unreachable(
            "with unwinding off every play is final: none can be taken back", "dabong.unwind", "/take_back"
        )
    if f.game_winner is not None:
        outcome = Outcome(f"seat {f.game_winner} has won the game", "dabong.win")
        if f.take_back:
            raise Unreachable(
                "a win is final: no play can be taken back past it", "dabong.unwind", "/take_back", outcome
            )
        for key, value in (
            ("penalty", f.penalty),
            ("answer_open", f.answer_open),
            ("extra_play", f.extra_play),
        ):
            if value:
                raise Unreachable("once the game is won nothing is pending", "dabong.win", f"/{key}", outcome)


# -- the play on top and what it left ----------------------------------------------------------
def _moment(b: Builder) -> Moment:
    f, o, n = b.f, b.o, b.seats
    top = b.top
    if f.opening and len(b.play) != 1:
        raise Unreachable("the opening card lies alone on the pile", "dabong.opening", "/last_play")
    # Unsettled: a Shaman the dealer has not named, or a real 8 or Jack without its suit.
    real = not b.play[-1].is_shaman
    unsettled = f.opening and (top is None or (real and (is_eight(top) or is_jack(top)) and f.suit is None))
    if unsettled and f.game_winner is None:
        return _unsettled(b)
    b.check_last_play()
    run = _run(b)
    suit = _suit(b, finished=f.game_winner is not None)
    direction = b.direction_now(f.opening)
    if f.game_winner is not None:
        return _finished_moment(b, suit, direction, run)
    assert top is not None
    owed = f.penalty or (2 * trailing_run(_ids(b)) if o.rule_on("twos_add_on") else 2)
    skeleton = b.skeleton(direction, run)
    if f.opening:
        dealers = (
            [f.dealer if f.dealer is not None else f.top_by]
            if (f.dealer, f.top_by) != (None, None)
            else [n - 1, *range(n - 1)]
        )
        options = [(d, d, b.just(skeleton, d, True, suit, 2)) for d in dealers if d is not None]
        wanted = f.turn
    else:
        dealer = f.dealer if f.dealer is not None else n - 1
        wanted = f.turn
        if wanted is None and f.top_by is None:  # "you", or the seat of the first play since
            wanted = f.take_back[0].seat if f.take_back else 0
        if f.top_by is not None:
            bys = [f.top_by]
        else:
            t = wanted if wanted is not None else 0
            first = b.after(t, -direction)
            bys = [first, *(s for s in range(n) if s not in (first, t)), t]
        options = [(dealer, s, b.just(skeleton, s, False, suit, owed)) for s in bys]

    def fits(j: Just) -> bool:
        return (
            (wanted is None or j.turn == wanted)
            and (not f.penalty or j.penalty is not None)
            and (f.extra_play is not True or j.then is not None)
            and (f.answer_open is not True or j.answerable is not None)
        )

    dealer, top_by, just = next((x for x in options if fits(x[2])), options[0])
    turn = wanted if wanted is not None else just.turn
    if f.turn is None and f.take_back and turn != f.take_back[0].seat and just.answerable is None:
        turn = f.take_back[0].seat  # the first play since was on its turn: play had moved on
    right_after = turn == just.turn
    opened = just.penalty is not None or just.then is not None or just.answerable is not None
    _say_seats(b, dealer, top_by, turn, right_after, opened)
    return Moment(
        status=PLAYING,
        dealer=dealer,
        top_by=top_by,
        turn=turn,
        direction=direction,
        suit=suit,
        penalty=_penalty(b, just, right_after, top_by, turn, run),
        then=_extra_play(b, just, right_after),
        answerable=_answer(b, just, right_after),
        run=run,
        start=f.opening and right_after,
    )


def _ids(b: Builder) -> tuple[Card, ...]:
    return tuple(c for c in b.ids if c is not None)


def _say_seats(b: Builder, dealer: int, top_by: int, turn: int, right_after: bool, opened: bool) -> None:
    """Say the seats chosen, and that what the play on top ``opened`` has closed since."""
    f = b.f
    if f.dealer is None and not f.opening:
        b.say("/dealer", f"seat {dealer} deals this game", "it only decides who deals the next game")
    if f.opening and f.dealer is None and f.top_by is None:
        b.say("/dealer", f"seat {dealer} dealt and turned up the {names(b.play)}", "say `dealer`")
    if f.top_by is None and not f.opening:
        sent = "sent the turn to" if right_after else "came before play moved on to"
        b.say(
            "/top_seat",
            f"seat {top_by} laid the {names(b.play)}",
            f"the seat whose play {sent} seat {turn}; say `top_by` (nobody claims a natural dabong! on "
            "a card they put on top)",
        )
    if f.turn is None and f.take_back:
        b.say("/turn", f"seat {turn} was on turn before the plays since", "say `turn`")
    elif f.turn is None:
        b.say("/turn", f"seat {turn} is on turn", "where the play on top sent the turn; say `turn`")
    if opened and not right_after:
        b.say(
            "/penalty",
            f"play has moved on since seat {top_by}'s play: nothing it opened is still pending",
            "the seats between drew or picked up; say `turn` to ask right after the play",
        )


def _unsettled(b: Builder) -> Moment:
    """The dealer is still to settle an opening 8, Jack or Shaman: nothing else has happened."""
    f = b.f
    dealer = next((s for s in (f.dealer, f.top_by, f.turn) if s is not None), b.seats - 1)
    turn = f.turn if f.turn is not None else dealer
    if turn != dealer:
        raise Unreachable(
            f"the dealer settles the opening {names(b.play)} before anyone acts: say `suit` (or what the "
            "Shaman was named) if it was settled",
            "dabong.opening",
            "/turn",
        )
    for key, value in (("penalty", f.penalty), ("answer_open", f.answer_open), ("extra_play", f.extra_play)):
        if value:
            raise Unreachable(
                "the opening card is settled before anything is pending", "dabong.opening", f"/{key}"
            )
    if f.reversed:
        raise Unreachable(
            "no 9 has reversed play before the opening card is settled", "dabong.nine", "/reversed"
        )
    if f.rank_run not in (None, 1):
        raise Unreachable("the opening card lies alone on the pile", "dabong.opening", "/rank_run")
    if f.dealer is None:
        b.say("/dealer", f"seat {dealer} dealt and settles the opening card", "say `dealer`")
    return Moment(OPENING, dealer, dealer, turn, 1, None, None, None, None, 1, True)


def _finished_moment(b: Builder, suit: Suit | None, direction: int, run: int) -> Moment:
    f, n = b.f, b.seats
    winner = f.game_winner
    assert winner is not None
    went_out = winner not in b.named and not b.more.get(winner)
    default_by = (
        (f.dealer if f.dealer is not None else n - 1)
        if f.opening
        else (winner if went_out else b.after(winner, -direction))
    )
    top_by = f.top_by if f.top_by is not None else default_by
    dealer = f.dealer if f.dealer is not None else (top_by if f.opening else n - 1)
    turn = f.turn if f.turn is not None else b.after(top_by, direction)
    if f.dealer is None:
        b.say(
            "/dealer",
            f"seat {dealer} dealt this game",
            "seat " + f"{(dealer + 1) % n} deals the next; say `dealer`",
        )
    return Moment(PLAYING, dealer, top_by, turn, direction, suit, None, None, None, run, False)


def _run(b: Builder) -> int:
    """Cards of the top rank in a row on the pile: stated, or the play's own tail (2s owed need more)."""
    f, o = b.f, b.o
    ids = _ids(b)
    if not ids:
        return 1
    tail = trailing_run(ids)
    whole = tail == len(ids)
    if f.rank_run is None:
        if ids[-1].rank is Rank.TWO and f.penalty and o.rule_on("twos_add_on") and whole and not f.opening:
            return min(MAX_RUN, max(tail, f.penalty // 2))
        return tail
    if f.rank_run < tail:
        raise Unreachable(
            f"the play on top ends with {tail} cards of one rank", "dabong.fourth_card", "/rank_run"
        )
    if f.rank_run > tail and (f.opening or not whole):
        why = (
            "the opening card lies alone"
            if f.opening
            else "the play on top breaks the run with its own cards"
        )
        raise Unreachable(why, "dabong.fourth_card", "/rank_run")
    return f.rank_run


def _suit(b: Builder, *, finished: bool) -> Suit | None:
    f, top = b.f, b.top
    if top is None:
        return None
    choices = suit_choices(top)
    if f.suit is None:
        if not choices or finished:
            return None
        assert top.suit is not None
        b.say("/suit", f"the {name(top)} put {top.suit.name.title()} in force", "its own suit; say `suit`")
        return top.suit
    if not choices:
        raise Unreachable(
            f"only an 8 or a Jack on top puts a suit in force, not the {name(top)}", "dabong.eight", "/suit"
        )
    if f.suit not in choices:
        rule = "dabong.jack" if is_jack(top) else "dabong.eight"
        words = " or ".join(s.name.title() for s in choices)
        raise Unreachable(f"the {name(top)} puts {words} in force", rule, "/suit")
    return f.suit


def _penalty(b: Builder, just: Just, right_after: bool, top_by: int, turn: int, run: int) -> Penalty | None:
    f, o, top = b.f, b.o, b.top
    assert top is not None
    if f.penalty is None:
        return just.penalty if right_after else None
    if f.penalty == 0:
        return None
    if just.penalty is None:
        raise Unreachable(
            f"nothing makes anyone pick up on the {name(top)}: only a 2 or the Queen of Water does",
            "dabong.two",
            "/penalty",
        )
    rule = "dabong.queen_of_water" if is_queen_of_water(top) else "dabong.two"
    if not right_after:
        raise Unreachable(
            f"the {name(top)} seat {top_by} laid makes seat {just.turn} pick up, not seat {turn}",
            rule,
            "/turn",
        )
    if is_queen_of_water(top):
        if f.penalty != 2:
            raise Unreachable("the Queen of Water makes the next seat draw two", rule, "/penalty")
        return just.penalty
    if not o.rule_on("twos_add_on") and f.penalty != 2:
        raise Unreachable(
            "a 2 makes the next seat draw two: 2s add on from Intermediate", "dabong.twos_add_on", "/penalty"
        )
    if f.penalty % 2 or f.penalty > 2 * run:
        raise Unreachable(
            f"every 2 in a row on top owes two cards: {run} of them owe at most {2 * run} (say `rank_run`)",
            "dabong.twos_add_on",
            "/penalty",
        )
    return Penalty(cards=f.penalty, skip=True)


def _extra_play(b: Builder, just: Just, right_after: bool) -> int | None:
    f = b.f
    if f.extra_play is None:
        return just.then if right_after else None
    if f.extra_play and (just.then is None or not right_after):
        raise Unreachable(
            "a 4th-card extra play is the turn of the seat whose play made a run of four or more "
            "(with the rule on, nothing to pick up)",
            "dabong.fourth_card",
            "/extra_play",
        )
    return just.then if f.extra_play else None


def _answer(b: Builder, just: Just, right_after: bool) -> str | None:
    f = b.f
    if f.answer_open is None:
        return just.answerable if right_after else None
    if f.answer_open and (just.answerable is None or not right_after):
        raise Unreachable(
            "only a heaven or hell just played (three 7s or three 6s, the rule on) may be answered",
            "dabong.heaven_hell_answer",
            "/answer_open",
        )
    return just.answerable if f.answer_open else None


# -- the cards -------------------------------------------------------------------------------
def _cards(
    b: Builder, m: Moment
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[tuple[Card, Card], ...], tuple[Card, ...]]:
    """(hands before the plays of ``take_back``, the discard pile, its Shamans' identities, the stock)."""
    f, n, top = b.f, b.seats, b.top
    laid: dict[int, list[Card]] = {}
    for p in f.take_back:
        laid.setdefault(p.seat, []).extend(c for c in p.cards if c != f.river)
    used = {c for h in b.named.values() for c in h} | set(b.play) | {c for cs in laid.values() for c in cs}
    if f.river is not None:
        used.add(f.river)
    free = [c for c in DECK.cards if c not in used]
    run_under: list[tuple[Card, Card]] = []
    if top is not None and m.run > trailing_run(_ids(b)):
        assert top.rank is not None
        got = run_cards(free, top.rank, m.run - trailing_run(_ids(b)))
        if got is None:
            raise Unreachable(
                f"too few cards of that rank are left to lie {m.run} in a row",
                "dabong.fourth_card",
                "/rank_run",
            )
        run_under = got
        b.say(
            "/rank_run",
            f"under the play on top lie {names(tuple(c for c, _ in got))}",
            "the run of its rank that was said",
        )
    targets = _targets(b)
    counts = _counts(b, free, {seat: len(cards) for seat, cards in laid.items()})
    dealt = set(f.as_dealt) if f.as_dealt is not None else (set(range(n)) if m.start else set())
    hands: list[tuple[Card, ...]] = []
    for seat in range(n):
        named = b.named.get(seat, ())
        added = fill(free, named, counts[seat], targets, seat in dealt and seat not in laid)
        if added is None:
            raise invalid(
                "/hands", "give_hand", f"give seat {seat}'s hand: no free cards make one that cannot claim"
            )
        if added:
            _say_filled(b, seat, m, named, added, targets)
        hands.append((*named, *added, *laid.get(seat, ())))
    if f.opening and f.draw_pile is not None and f.draw_pile != len(free):
        raise Unreachable(
            f"with the opening card on top every card not in a hand is in the draw pile ({len(free)})",
            "dabong.deal",
            "/draw_pile",
        )
    stock, under = pile_and_stock(free, f.draw_pile, top.rank if top is not None else None)
    b.say(
        "/draw_pile",
        f"the draw pile holds {len(stock)} cards in deck order",
        "they decide only which cards are drawn, never what may be played or claimed now",
    )
    if under:
        b.say(
            "/discard_pile",
            f"{len(under)} cards lie under the play on top",
            "as the draw pile's size says; they decide nothing",
        )
    pile = (*(c for c, _ in under), *(c for c, _ in run_under), *b.play)
    declared = [(c, i) for c, i in (*under, *run_under) if c.is_shaman]
    declared += [(c, i) for c, i in zip(b.play, b.ids, strict=True) if c.is_shaman and i is not None]
    return tuple(hands), pile, tuple(sorted(declared)), stock


def _targets(b: Builder) -> frozenset[int]:
    """Pile values a hand filled in must not add up to: the top card's, and the last play's of
    ``take_back`` (where it is known)."""
    out = set()
    if b.top is not None:
        out.add(pile_value(b.top))
    if b.f.take_back:
        last = b.f.take_back[-1]
        card = last.cards[-1] if last.cards else None
        identity = dict(last.declare).get(card) if card is not None and card.is_shaman else card
        if identity is not None and identity.rank is not None:
            out.add(pile_value(identity))
    return frozenset(out)


def _counts(b: Builder, free: list[Card], laid: dict[int, int]) -> list[int]:
    """How many cards to fill in per seat: ``more`` for a named hand, one for a seat that said "one
    card", none for the winner who went out, else the cards dealt less those it laid since (fewer
    if the deck runs short)."""
    f, o, n = b.f, b.o, b.seats
    counts = [0] * n
    default: list[int] = []
    for seat in range(n):
        if seat in b.named:
            counts[seat] = b.more.get(seat, 0)
        elif seat in f.announced:
            counts[seat] = 1
        elif seat == f.game_winner:
            counts[seat] = 0
        else:
            counts[seat] = max(1, o.hand_size - laid.get(seat, 0))
            default.append(seat)
    room = len(free) - (f.draw_pile or 0)
    if sum(counts) > room and default:
        fixed = sum(counts) - sum(counts[s] for s in default)
        share = max(2, (room - fixed) // len(default))
        for seat in default:
            counts[seat] = min(counts[seat], share)
            b.say(
                f"/hands/{seat}",
                f"seat {seat} holds {counts[seat]} cards",
                "the deck has no more to spare; say `more`",
            )
    if sum(counts) > room:
        raise invalid("/hands", "too_many", f"{sum(counts)} more cards are held than the deck has left")
    return counts


def _say_filled(
    b: Builder,
    seat: int,
    m: Moment,
    named: tuple[Card, ...],
    added: tuple[Card, ...],
    targets: frozenset[int],
) -> None:
    over = b.f.game_winner is not None
    who = "the seat on turn" if seat == m.turn and not over else f"seat {seat}"
    verb = "also holds" if named else "holds"
    shown = names(added) if len(added) <= 12 else f"{len(added)} cards ({names(added[:3])}, ...)"
    if over:
        why = "the game is over: they count only as points left in hand (points scoring); give the hand"
    elif seat == m.turn:
        why = (
            "what it may play comes from them (they cannot claim a natural dabong! either): give its "
            "whole hand to list its plays"
        )
    else:
        totals = " or ".join(map(str, sorted(targets))) or "the top card"
        why = (
            f"chosen so that the hand cannot claim a natural dabong! ({totals}), answer a heaven or hell, "
            "or win as dealt; give the hand to ask otherwise"
        )
    b.say(f"/hands/{seat}", f"{who} {verb} {shown}", why)


def _no_empty_hand(b: Builder, hands: tuple[tuple[Card, ...], ...]) -> None:
    for seat, hand in enumerate(hands):
        if not hand:
            where = next((f"/hands/{i}" for i, h in enumerate(b.f.hands) if h.seat == seat), "/hands")
            raise Unreachable(
                f"seat {seat} holds no cards: it played its last card and has won the game",
                "dabong.win",
                where,
                Outcome(f"seat {seat} has won the game (say `game_winner`)", "dabong.win"),
            )
