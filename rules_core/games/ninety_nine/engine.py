"""Adjudicating one action: ``resolve(state, action)`` -> verdict and next state.

The only action is ``play`` (one card). Everything else that happens follows
from it automatically and is reported as effects: the draw (and a reshuffle),
the Death Card's target going out, blowback, players whose turn comes with no
playable card going out (ruling R-99-05), the end of the hand and the clubs slide.
"""

from __future__ import annotations

import dataclasses

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
    return Outcome(verdict=verdict, state=table.state)


def _problems(state: NinetyNineState, action: Action) -> list[Reason]:
    if state.status is Status.OVER:
        return [why.GAME_OVER(winner=state.winner)]
    if not 0 <= action.seat < state.seats:
        return [why.NO_SUCH_SEAT(seat=action.seat, seats=state.seats)]
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


class _Table:
    """A short-lived working copy: the steps of one action, collecting effects."""

    def __init__(self, state: NinetyNineState) -> None:
        self.state = state
        self.effects: list[Effect] = []

    def _set(self, **changes: object) -> None:
        self.state = dataclasses.replace(self.state, **changes)  # type: ignore[arg-type]

    # -- the two kinds of play ------------------------------------------------------
    def play(self, seat: int, card: Card) -> tuple[Reason, ...]:
        before = self.state.count
        after = count_after(card, before)
        assert after is not None
        death = card == QUEEN_OF_SPADES and before == LIMIT
        target = self.state.next_live(seat)
        rule, reason = _count_reason(card, before, after, target)
        self._lay(seat, card)
        self._set(count=after)
        self.effects.append(CountChanged(rule_id=rule, seat=seat, card=card, before=before, after=after))
        self._draw(seat, r.DEATH_CARD_DRAW if death else r.TURN)
        if not death:
            self._advance(seat, target)
            return (reason,)
        self.effects.append(DeathCardPlayed(rule_id=r.DEATH_CARD, seat=seat, target=target))
        if ACE_OF_DIAMONDS in self.state.hands[target]:
            self._set(status=Status.DEATH_CARD, attacker=seat, turn=target)
            self.effects.append(TurnPassed(rule_id=r.SHIELD, seat=seat, to_seat=target))
        else:
            self._eliminate(target, "death_card", r.NO_SHIELD)
            self._advance(seat, self.state.next_live(target))
        return (reason,)

    def shield(self, seat: int, card: Card) -> tuple[Reason, ...]:
        attacker = self.state.attacker
        assert attacker is not None
        self._lay(seat, card)
        self.effects.append(CountChanged(rule_id=r.SHIELD, seat=seat, card=card, before=LIMIT, after=LIMIT))
        self._draw(seat, r.SHIELD)
        blowback = self._blowback_applies()
        self.effects.append(
            DeathCardShielded(rule_id=r.SHIELD, seat=seat, attacker=attacker, blowback=blowback)
        )
        self._set(status=Status.PLAYING, attacker=None)
        if blowback:
            self._eliminate(attacker, "blowback", r.BLOWBACK)
        self._advance(seat, self.state.next_live(seat))
        return (why.SHIELD(seat=seat, attacker=attacker),)

    def _blowback_applies(self) -> bool:
        options = self.state.options
        if self.state.seats == 2:
            return options.two_player_blowback
        if len(self.state.live_seats()) == 2:
            return options.shrunk_game_blowback
        return True

    # -- steps ----------------------------------------------------------------------
    def _lay(self, seat: int, card: Card) -> None:
        hands = list(self.state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        self._set(hands=tuple(hands), play_pile=(*self.state.play_pile, card), move=self.state.move + 1)
        self.effects.append(CardsPlayed(rule_id=r.TURN, seat=seat, cards=(card,)))

    def _draw(self, seat: int, rule: str) -> None:
        if not self.state.draw_pile:
            number = self.state.shuffles
            pile = shuffled(self.state.play_pile, seed=self.state.seed, stream="reshuffle", number=number)
            self._set(draw_pile=pile, play_pile=(), shuffles=number + 1, count_base=self.state.count)
            self.effects.append(PileReshuffled(rule_id=r.RESHUFFLE, count=len(pile), shuffle_number=number))
        card, rest = self.state.draw_pile[0], self.state.draw_pile[1:]
        hands = list(self.state.hands)
        hands[seat] = (*hands[seat], card)
        self._set(hands=tuple(hands), draw_pile=rest)
        self.effects.append(CardsDrawn(rule_id=rule, seat=seat, count=1, cards=(card,)))

    def _eliminate(self, seat: int, reason: str, rule: str) -> None:
        self._set(eliminated=tuple(sorted((*self.state.eliminated, seat))))
        self.effects.append(PlayerEliminated(rule_id=rule, seat=seat, reason=reason))

    def _advance(self, last: int, candidate: int) -> None:
        """Give the turn to ``candidate`` or, seat by seat, knock out whoever cannot play."""
        while len(self.state.live_seats()) > 1:
            if can_play_any(self.state.hands[candidate], self.state.count):
                self._set(turn=candidate)
                self.effects.append(TurnPassed(rule_id=r.TURN, seat=last, to_seat=candidate))
                return
            self._eliminate(candidate, "no_playable_card", r.ELIMINATION)
            candidate = self.state.next_live(candidate)
        self._finish()

    def _finish(self) -> None:
        (winner,) = self.state.live_seats()
        self.effects.append(RoundWon(rule_id=r.WIN, seat=winner, how="last_player_standing"))
        hits, effects = settle_hits(self.state.hands, winner, self.state.options)
        self.effects.extend(effects)
        self._set(status=Status.OVER, turn=None, attacker=None, winner=winner, hits=hits)


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
