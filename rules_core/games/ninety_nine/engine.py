"""Adjudicating one action: ``resolve(state, action)`` -> verdict and next state.

The only action is ``play`` (one card). Everything else that happens follows
from it automatically and is reported as effects: the draw (and a reshuffle),
the Death Card's target going out, blowback, players whose turn comes with no
playable card going out (ruling R-99-05), the end of the hand and the clubs slide.
"""

from __future__ import annotations

from ...kernel import (
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
    shuffled,
)
from . import reasons as why
from . import rules as r
from .clubs import settle_hits
from .counting import ACE_OF_DIAMONDS, LIMIT, QUEEN_OF_SPADES, can_play_any, card_value, count_after
from .effects import CountChanged, DeathCardPlayed, DeathCardShielded
from .state import NinetyNineState, Status


def resolve(state: NinetyNineState, action: Action) -> Outcome[NinetyNineState]:
    problems = _problems(state, action)
    if problems:
        return Outcome(verdict=Verdict.illegal(action, *problems), state=None)
    card = action.cards[0]
    table = _Table(state)
    if state.status is Status.DEATH_CARD:
        reasons = table.shield(action.seat, card)
    else:
        reasons = table.play(action.seat, card)
    verdict = Verdict(legal=True, action=action, reasons=reasons, effects=tuple(table.effects))
    return Outcome(verdict=verdict, state=table.next_state())


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
        return NinetyNineState(
            options=base.options,
            seats=base.seats,
            seed=base.seed,
            shuffles=self.shuffles,
            hands=tuple(self.hands),
            draw_pile=self.draw_pile,
            play_pile=self.play_pile,
            count=self.count,
            count_base=self.count_base,
            status=self.status,
            turn=self.turn,
            attacker=self.attacker,
            eliminated=self.eliminated,
            winner=self.winner,
            hits=self.hits,
            move=self.move,
        )

    def _live_count(self) -> int:
        # ``eliminated`` holds distinct seats of the table (the codec checks it).
        return self.base.seats - len(self.eliminated)

    def _next_live(self, seat: int) -> int:
        return self.base.next_live(seat, self.eliminated)

    # -- the two kinds of play ------------------------------------------------------
    def play(self, seat: int, card: Card) -> tuple[Reason, ...]:
        before = self.count
        after = count_after(card, before)
        assert after is not None
        death = card == QUEEN_OF_SPADES and before == LIMIT
        target = self._next_live(seat)
        rule, reason = _count_reason(card, before, after, target)
        self._lay(seat, card)
        self.count = after
        self.effects.append(CountChanged(rule_id=rule, seat=seat, card=card, before=before, after=after))
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
        at = hand.index(card)  # each card is in the deck once (the codec checks it)
        self.hands[seat] = hand[:at] + hand[at + 1 :]
        self.play_pile = (*self.play_pile, card)
        self.move += 1
        self.effects.append(CardsPlayed(rule_id=r.TURN, seat=seat, cards=(card,)))

    def _draw(self, seat: int, rule: str) -> None:
        if not self.draw_pile:
            number = self.shuffles
            pile = shuffled(self.play_pile, seed=self.base.seed, stream="reshuffle", number=number)
            self.draw_pile, self.play_pile, self.shuffles, self.count_base = pile, (), number + 1, self.count
            self.effects.append(PileReshuffled(rule_id=r.RESHUFFLE, count=len(pile), shuffle_number=number))
        card = self.draw_pile[0]
        self.draw_pile = self.draw_pile[1:]
        self.hands[seat] = (*self.hands[seat], card)
        self.effects.append(CardsDrawn(rule_id=rule, seat=seat, count=1, cards=(card,)))

    def _eliminate(self, seat: int, reason: str, rule: str) -> None:
        self.eliminated = tuple(sorted((*self.eliminated, seat)))
        self.effects.append(PlayerEliminated(rule_id=rule, seat=seat, reason=reason))

    def _advance(self, last: int, candidate: int) -> None:
        """Give the turn to ``candidate`` or, seat by seat, knock out whoever cannot play."""
        while self._live_count() > 1:
            if can_play_any(self.hands[candidate], self.count):
                self.turn = candidate
                self.effects.append(TurnPassed(rule_id=r.TURN, seat=last, to_seat=candidate))
                return
            self._eliminate(candidate, "no_playable_card", r.ELIMINATION)
            candidate = self._next_live(candidate)
        self._finish()

    def _finish(self) -> None:
        (winner,) = (s for s in range(self.base.seats) if s not in self.eliminated)
        self.effects.append(RoundWon(rule_id=r.WIN, seat=winner, how="last_player_standing"))
        hits, effects = settle_hits(tuple(self.hands), winner, self.base.options)
        self.effects.extend(effects)
        self.status, self.turn, self.attacker, self.winner, self.hits = Status.OVER, None, None, winner, hits


def _count_reason(card: Card, before: int, after: int, target: int) -> tuple[str, Reason]:
    """The rule that decided the play and the reason given for it (``target``: the next live seat)."""
    text = str(card)
    if before == LIMIT:
        if card == QUEEN_OF_SPADES:
            return r.DEATH_CARD, why.DEATH_CARD(target=target)
        if card.rank is Rank.KING:
            return r.THRESHOLD_KING, why.KING_HOLDS_99(card=text)
        if after == LIMIT:
            return r.THRESHOLD_PASS, why.PASS_AT_99(card=text)
        return r.THRESHOLD_DROP, why.DROP_TO_89(card=text)
    if card.rank is Rank.KING:
        return r.KING, why.KING_SETS_99(card=text, count=before)
    return r.VALUES, why.ADDS_VALUE(card=text, value=card_value(card), count=before, after=after)
