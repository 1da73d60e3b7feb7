"""Adjudicating one action: ``resolve(state, action)`` -> verdict and next state.

The only action is ``play`` (one card). Everything else that happens follows
from it automatically and is reported as effects: the draw (and a reshuffle),
the Death Card's target going out, blowback, players whose turn comes with no
playable card going out (ruling R-99-05), the end of the hand and the clubs slide.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields

from ...kernel import (
    STANDARD_52,
    Action,
    Card,
    CardsDrawn,
    CardsPlayed,
    Effect,
    Outcome,
    PileReshuffled,
    PlayerEliminated,
    Rank,
    Reason,
    RoundWon,
    TurnPassed,
    Verdict,
    format_card,
    new_outcome,
    new_verdict,
    reason_with,
    shuffled,
    slots_builder,
)
from . import reasons as why
from . import rules as r
from .clubs import settle_hits
from .counting import ACE_OF_DIAMONDS, LIMIT, QUEEN_OF_SPADES, can_play_any, card_value, count_after
from .effects import CountChanged, DeathCardPlayed, DeathCardShielded
from .options import NinetyNineOptions
from .state import Hit, NinetyNineState, Status


def resolve(state: NinetyNineState, action: Action) -> Outcome[NinetyNineState]:
    fast = _common_play(state, action)
    if fast is not None:
        return fast
    problems = _problems(state, action)
    if problems:
        return new_outcome(Verdict.illegal(action, *problems), None)
    return _worked_out(state, action)


def _worked_out(state: NinetyNineState, action: Action) -> Outcome[NinetyNineState]:
    """A legal action (``_problems`` found nothing), carried out step by step on a working copy."""
    card = action.cards[0]
    table = _Table(state)
    if state.status is Status.DEATH_CARD:
        reasons = table.shield(action.seat, card)
    else:
        reasons = table.play(action.seat, card)
    verdict = new_verdict(True, action, reasons, tuple(table.effects), (), (), ())
    return new_outcome(verdict, table.next_state())


def _common_play(state: NinetyNineState, action: Action) -> Outcome[NinetyNineState] | None:
    """Most plays of a hand, adjudicated in one go; None says nothing (``resolve`` decides).

    The common play is a bare legal play on the acting seat's turn that is not the Death
    Card, with a card left to draw, after which the next live seat has a playable card.
    Its verdict and next state are exactly those of the general path (``_problems`` finds
    nothing, then ``_Table.play``), built without the working copy. A play found legal
    here that is not a common one (someone goes out, the Death Card, a reshuffle) goes
    straight to the working copy, as ``resolve`` would send it after ``_problems``.
    """
    seat = action.seat
    cards = action.cards
    if (
        state.status is not _PLAYING
        or seat != state.turn
        or len(cards) != 1
        or action.suit is not None
        or action.declare
        or action.value is not None
        or action.top is not None
        or action.params
    ):
        return None
    draw_pile = state.draw_pile
    seats = state.seats
    eliminated = state.eliminated
    if not 0 <= seat < seats or seat in eliminated:
        return None
    card = cards[0]
    hand = state.hands[seat]
    try:
        at = hand.index(card)
    except ValueError:
        return None
    before = state.count
    after = count_after(card, before)
    if after is None:
        return None
    # Legal: ``_problems`` would find nothing from here on.
    if not draw_pile or seats - len(eliminated) < 2 or (before == LIMIT and card == QUEEN_OF_SPADES):
        return _worked_out(state, action)
    target = state.next_live(seat, eliminated) if eliminated else (seat + 1) % seats
    hands = list(state.hands)
    if target == seat or not can_play_any(hands[target], after):
        return _worked_out(state, action)
    rule, reason = _count_reason(card, before, after, target)
    drawn = draw_pile[0]
    hands[seat] = (*hand[:at], *hand[at + 1 :], drawn)
    text = card._text
    if seat < _TABLE_SEATS and target < _TABLE_SEATS and text is not None and drawn._text is not None:
        played = _PLAYED[seat][text]
        took = _DRAWN_ON_TURN[seat][drawn._text]
        passed = _PASSED[seat][target]
    else:
        played, took, passed = (
            _cards_played(seat, card),
            _cards_drawn(r.TURN, seat, drawn),
            _turn_passed(seat, target),
        )
    effects = (played, _new_count_changed(rule, seat, card, before, after), took, passed)
    next_state = _new_state(
        state.options,
        seats,
        state.seed,
        state.shuffles,
        tuple(hands),
        draw_pile[1:],
        (*state.play_pile, card),
        after,
        state.count_base,
        _PLAYING,
        target,
        state.attacker,
        eliminated,
        state.winner,
        state.hits,
        state.move + 1,
    )
    return _new_outcome(_new_verdict(True, action, (reason,), effects, (), (), ()), next_state)


_new_outcome = new_outcome
_new_verdict = new_verdict
_PLAYING = Status.PLAYING
#: The state's fields in declaration order, the order the positional builder takes them in.
_STATE_FIELDS = tuple(f.name for f in fields(NinetyNineState))
#: ``NinetyNineState(...)`` with every field, positionally in the order of ``_STATE_FIELDS``.
_new_state: Callable[..., NinetyNineState] = slots_builder(NinetyNineState, *_STATE_FIELDS)


def new_state(
    options: NinetyNineOptions,
    seats: int,
    seed: int,
    shuffles: int,
    hands: tuple[tuple[Card, ...], ...],
    draw_pile: tuple[Card, ...],
    play_pile: tuple[Card, ...],
    count: int,
    count_base: int,
    status: Status,
    turn: int | None,
    attacker: int | None = None,
    eliminated: tuple[int, ...] = (),
    winner: int | None = None,
    hits: tuple[Hit, ...] = (),
    move: int = 0,
) -> NinetyNineState:
    """``NinetyNineState(...)``, positionally in field order, the defaults as the class has them."""
    return _new_state(
        options,
        seats,
        seed,
        shuffles,
        hands,
        draw_pile,
        play_pile,
        count,
        count_base,
        status,
        turn,
        attacker,
        eliminated,
        winner,
        hits,
        move,
    )


_new_count_changed: Callable[..., CountChanged] = slots_builder(
    CountChanged, "rule_id", "seat", "card", "before", "after"
)
_new_cards_played: Callable[..., CardsPlayed] = slots_builder(CardsPlayed, "rule_id", "seat", "cards")
_new_cards_drawn: Callable[..., CardsDrawn] = slots_builder(CardsDrawn, "rule_id", "seat", "count", "cards")
_new_turn_passed: Callable[..., TurnPassed] = slots_builder(TurnPassed, "rule_id", "seat", "to_seat")

#: Seats the effect tables below cover; a bigger table (not a valid 99 table) builds its effects.
_TABLE_SEATS = 8
_DRAW_RULES = (r.TURN, r.DEATH_CARD_DRAW, r.SHIELD)
#: The effects that recur, built once at import (immutable) and looked up by seat and card notation.
_PLAYED: tuple[dict[str, CardsPlayed], ...] = tuple(
    {format_card(c): _new_cards_played(r.TURN, seat, (c,)) for c in STANDARD_52.cards}
    for seat in range(_TABLE_SEATS)
)
_DRAWN: dict[str, tuple[dict[str, CardsDrawn], ...]] = {
    rule: tuple(
        {format_card(c): _new_cards_drawn(rule, seat, 1, (c,)) for c in STANDARD_52.cards}
        for seat in range(_TABLE_SEATS)
    )
    for rule in _DRAW_RULES
}
_PASSED: tuple[tuple[TurnPassed, ...], ...] = tuple(
    tuple(_new_turn_passed(r.TURN, seat, to) for to in range(_TABLE_SEATS)) for seat in range(_TABLE_SEATS)
)


_DRAWN_ON_TURN = _DRAWN[r.TURN]
_new_eliminated: Callable[..., PlayerEliminated] = slots_builder(
    PlayerEliminated, "rule_id", "seat", "reason"
)
_new_round_won: Callable[..., RoundWon] = slots_builder(RoundWon, "rule_id", "seat", "how")


def _cards_played(seat: int, card: Card) -> CardsPlayed:
    if 0 <= seat < _TABLE_SEATS:
        found = _PLAYED[seat].get(card._text)  # type: ignore[arg-type]  # None: a card of no notation
        if found is not None:
            return found
    return _new_cards_played(r.TURN, seat, (card,))


def _cards_drawn(rule: str, seat: int, card: Card) -> CardsDrawn:
    by_seat = _DRAWN.get(rule)
    if by_seat is not None and 0 <= seat < _TABLE_SEATS:
        found = by_seat[seat].get(card._text)  # type: ignore[arg-type]
        if found is not None:
            return found
    return _new_cards_drawn(rule, seat, 1, (card,))


def _turn_passed(seat: int, to_seat: int) -> TurnPassed:
    if 0 <= seat < _TABLE_SEATS and 0 <= to_seat < _TABLE_SEATS:
        return _PASSED[seat][to_seat]
    return _new_turn_passed(r.TURN, seat, to_seat)


def _count_changed(rule: str, seat: int, card: Card, before: int, after: int) -> CountChanged:
    return _new_count_changed(rule, seat, card, before, after)


def _problems(state: NinetyNineState, action: Action) -> list[Reason]:
    if state.status is Status.OVER:
        return [why.GAME_OVER(winner=state.winner)]
    if not 0 <= action.seat < state.seats:
        return [why.NO_SUCH_SEAT(seat=action.seat, seats=state.seats)]
    found: list[Reason] = []
    if _has_extra_fields(action):  # the common case, a bare play, skips the field-by-field walk
        found.extend(_unexpected_fields(action))
    if not state.is_live(action.seat):
        found.append(why.SEAT_OUT(seat=action.seat))
    elif action.seat != state.turn:
        found.append(why.NOT_YOUR_TURN(seat=action.seat, turn=state.turn))
    if len(action.cards) != 1:
        found.append(why.PLAY_ONE_CARD(count=len(action.cards)))
        return found
    card = action.cards[0]
    if card not in state.hands[action.seat]:
        found.append(why.CARD_NOT_IN_HAND(seat=action.seat, card=str(card)))
        return found
    if found:
        return found
    if state.status is Status.DEATH_CARD:
        if card != ACE_OF_DIAMONDS:
            found.append(why.MUST_SHIELD(seat=action.seat, card=str(card)))
        return found
    if count_after(card, state.count) is None:
        if state.count == LIMIT:
            found.append(why.NOT_PLAYABLE_AT_99(card=str(card)))
        else:
            found.append(why.OVER_99(card=str(card), count=state.count, after=state.count + card_value(card)))
    return found


def _has_extra_fields(action: Action) -> bool:
    return bool(
        action.suit is not None
        or action.declare
        or action.value is not None
        or action.top is not None
        or action.params
    )


def _unexpected_fields(action: Action) -> list[Reason]:
    """Every field a play does not take, in the order of the action's fields."""
    found: list[Reason] = []
    for name, present in (
        ("suit", action.suit is not None),
        ("declare", bool(action.declare)),
        ("value", action.value is not None),
        ("top", action.top is not None),
        *((key, True) for key, _ in action.params),
    ):
        if present:
            found.append(why.UNEXPECTED_FIELD(field=name))
    return found


class _Table:
    """A short-lived working copy: the steps of one action, collecting effects.

    The moving parts of the state are held as plain attributes and the next state is
    built once, by ``next_state``, rather than copied at every step: a frozen state
    copy per step was most of the time of a random playout.
    """

    __slots__ = (
        "attacker",
        "base",
        "count",
        "count_base",
        "draw_pile",
        "effects",
        "eliminated",
        "hands",
        "hits",
        "move",
        "play_pile",
        "shuffles",
        "status",
        "turn",
        "winner",
    )

    def __init__(self, state: NinetyNineState) -> None:
        self.base = state
        self.effects: list[Effect] = []
        self.hands = list(state.hands)
        self.draw_pile = state.draw_pile
        self.play_pile = state.play_pile
        self.count = state.count
        self.count_base = state.count_base
        self.shuffles = state.shuffles
        self.status = state.status
        self.turn = state.turn
        self.attacker = state.attacker
        self.eliminated = state.eliminated
        self.winner = state.winner
        self.hits = state.hits
        self.move = state.move

    def next_state(self) -> NinetyNineState:
        base = self.base
        return _new_state(
            base.options,
            base.seats,
            base.seed,
            self.shuffles,
            tuple(self.hands),
            self.draw_pile,
            self.play_pile,
            self.count,
            self.count_base,
            self.status,
            self.turn,
            self.attacker,
            self.eliminated,
            self.winner,
            self.hits,
            self.move,
        )

    def _live_count(self) -> int:
        # ``eliminated`` holds distinct seats of the table (the state reader checks it).
        return self.base.seats - len(self.eliminated)

    def _next_live(self, seat: int) -> int:
        return self.base.next_live(seat, self.eliminated)

    # -- the two kinds of play ------------------------------------------------------
    def play(self, seat: int, card: Card) -> tuple[Reason, ...]:
        before = self.count
        after = count_after(card, before)
        assert after is not None
        death = before == LIMIT and card == QUEEN_OF_SPADES
        target = self._next_live(seat)
        rule, reason = _count_reason(card, before, after, target)
        self._lay(seat, card)
        self.count = after
        self.effects.append(_count_changed(rule, seat, card, before, after))
        self._draw(seat, r.DEATH_CARD_DRAW if death else r.TURN)
        if not death:
            self._advance(seat, target)
            return (reason,)
        self.effects.append(DeathCardPlayed(rule_id=r.DEATH_CARD, seat=seat, target=target))
        if ACE_OF_DIAMONDS in self.hands[target]:
            self.status, self.attacker, self.turn = Status.DEATH_CARD, seat, target
            self.effects.append(TurnPassed(rule_id=r.SHIELD, seat=seat, to_seat=target))
        else:
            self._eliminate(target, "death_card", r.NO_SHIELD)
            self._advance(seat, self._next_live(target))
        return (reason,)

    def shield(self, seat: int, card: Card) -> tuple[Reason, ...]:
        attacker = self.attacker
        assert attacker is not None
        self._lay(seat, card)
        self.effects.append(CountChanged(rule_id=r.SHIELD, seat=seat, card=card, before=LIMIT, after=LIMIT))
        self._draw(seat, r.SHIELD)
        blowback = self._blowback_applies()
        self.effects.append(
            DeathCardShielded(rule_id=r.SHIELD, seat=seat, attacker=attacker, blowback=blowback)
        )
        self.status, self.attacker = Status.PLAYING, None
        if blowback:
            self._eliminate(attacker, "blowback", r.BLOWBACK)
        self._advance(seat, self._next_live(seat))
        return (why.SHIELD(seat=seat, attacker=attacker),)

    def _blowback_applies(self) -> bool:
        options = self.base.options
        if self.base.seats == 2:
            return options.two_player_blowback
        if self._live_count() == 2:
            return options.shrunk_game_blowback
        return True

    # -- steps ----------------------------------------------------------------------
    def _lay(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        at = hand.index(card)  # each card is in the deck once (the state reader checks it)
        self.hands[seat] = hand[:at] + hand[at + 1 :]
        self.play_pile = (*self.play_pile, card)
        self.move += 1
        self.effects.append(_cards_played(seat, card))

    def _draw(self, seat: int, rule: str) -> None:
        if not self.draw_pile:
            number = self.shuffles
            pile = shuffled(self.play_pile, seed=self.base.seed, stream="reshuffle", number=number)
            self.draw_pile, self.play_pile, self.shuffles, self.count_base = pile, (), number + 1, self.count
            self.effects.append(PileReshuffled(rule_id=r.RESHUFFLE, count=len(pile), shuffle_number=number))
        card = self.draw_pile[0]
        self.draw_pile = self.draw_pile[1:]
        self.hands[seat] = (*self.hands[seat], card)
        self.effects.append(_cards_drawn(rule, seat, card))

    def _eliminate(self, seat: int, reason: str, rule: str) -> None:
        self.eliminated = tuple(sorted((*self.eliminated, seat)))
        self.effects.append(_new_eliminated(rule, seat, reason))

    def _advance(self, last: int, candidate: int) -> None:
        """Give the turn to ``candidate`` or, seat by seat, knock out whoever cannot play."""
        while self._live_count() > 1:
            if can_play_any(self.hands[candidate], self.count):
                self.turn = candidate
                self.effects.append(_turn_passed(last, candidate))
                return
            self._eliminate(candidate, "no_playable_card", r.ELIMINATION)
            candidate = self._next_live(candidate)
        self._finish()

    def _finish(self) -> None:
        (winner,) = [s for s in range(self.base.seats) if s not in self.eliminated]
        self.effects.append(_new_round_won(r.WIN, winner, "last_player_standing"))
        hits, effects = settle_hits(tuple(self.hands), winner, self.base.options)
        self.effects.extend(effects)
        self.status, self.turn, self.attacker, self.winner, self.hits = Status.OVER, None, None, winner, hits


def _count_reason(card: Card, before: int, after: int, target: int) -> tuple[str, Reason]:
    """The rule that decided the play and the reason given for it (``target``: the next live seat)."""
    text = format_card(card)
    if before == LIMIT:
        if card == QUEEN_OF_SPADES:
            return r.DEATH_CARD, reason_with(why.DEATH_CARD, {"target": target})
        if card.rank is _KING:
            return r.THRESHOLD_KING, reason_with(why.KING_HOLDS_99, {"card": text})
        if after == LIMIT:
            return r.THRESHOLD_PASS, reason_with(why.PASS_AT_99, {"card": text})
        return r.THRESHOLD_DROP, reason_with(why.DROP_TO_89, {"card": text})
    if card.rank is _KING:
        return r.KING, reason_with(why.KING_SETS_99, {"card": text, "count": before})
    # Below 99 a card other than a King adds its value: ``after - before`` is ``card_value(card)``.
    details = {"card": text, "value": after - before, "count": before, "after": after}
    return r.VALUES, reason_with(why.ADDS_VALUE, details)


_KING = Rank.KING
