"""The strong level's search: each candidate action played out over sampled deals.

For an ordinary-turn decision (play which card, or draw; play the drawn card or keep it;
answer a two or take the cards) the hidden cards (other hands and the stock) are dealt at
random from the cards this seat has not seen, as ``knowledge.world_of`` fills them, and
every candidate is played out in the same worlds with the same reshuffles (common random
numbers) by ``sim.Sim``, every seat then playing the cheap policy of ``lean``. A rollout
stops at the round's end or after ``HORIZON`` turns, when the seat's rough equity
(``lean.equity``) stands for the rest. The candidate with the best total score replaces the
fallback (the scored choice) only when a one-sided paired test over the worlds says it is
clearly better. With Action cards at three or four seats a short screen over every candidate
comes first and the rest of the worlds go to the fallback and the best challenger alone. The
numbers of worlds and turns are fixed, not timed, so the same request always gives the same
answer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ....bots.paired import clearly_better as paired_test
from ....kernel import STANDARD_52, STANDARD_SUITS, Action, Card
from ..state import Step
from .knowledge import Seen
from .lean import DRAW, END, PLAY, TAKE, UNFINISHED, Move, equity, finish
from .sim import ANSWER, DRAWN, NO_WINNER, TURN, Sim, shuffle

#: Worlds per decision, by seat count (a four-seat round is won a quarter of the time, so
#: the test needs more worlds to see a difference) ...
WORLDS = {2: 64, 3: 160, 4: 160}
#: ... but no more rollouts (worlds times candidates) than this, and never fewer worlds than half.
ROLLOUTS = {2: 192, 3: 480, 4: 480}
#: A rollout stops after this many turns; a round not over by then counts as even.
HORIZON = {2: 20, 3: 12, 4: 10}
#: How many standard deviations (paired test) a candidate must beat the scored choice by.
CLEAR_MARGIN = {2: 1.64, 3: 1.0, 4: 1.0}
#: With empty-hand wins (Action cards), from three seats on: every candidate is played out in
#: ``RACE_SCREEN`` worlds, then only the fallback and the best challenger, up to ``RACE_WORLDS``
#: worlds within ``RACE_ROLLOUTS`` (two candidates: that many worlds from the start), and the
#: challenger needs only ``RACE_MARGIN`` deviations: the one comparison that decides gets the
#: worlds, so a smaller lead can be trusted. Chosen by paired pilots at four seats (other seeds
#: than the reported runs): the screen gained only together with the smaller margin, and in
#: Sum-only the screen lost, so Sum-only keeps the plain sizes above. Three seats: not measured.
#: The worlds and rollouts were raised by half (from 240 and 480) when the rollouts became about
#: 1.5 times faster, so a decision takes about as long as before (more worlds was the one change
#: measured to help at four seats).
RACE_SCREEN = {3: 48, 4: 48}
RACE_WORLDS = {3: 360, 4: 360}
RACE_ROLLOUTS = {3: 720, 4: 720}
RACE_MARGIN = {3: 0.5, 4: 0.5}

ID: dict[Card, int] = {card: i for i, card in enumerate(STANDARD_52.cards)}
_SUIT_ID = {suit: i for i, suit in enumerate(STANDARD_SUITS)}
_STEP = {Step.TURN: TURN, Step.ANSWER_TWO: ANSWER, Step.DRAWN: DRAWN}


@dataclass(frozen=True, slots=True, kw_only=True)
class SearchResult:
    action: Action
    #: Rounds won per candidate (in the order of the candidates) over the sampled worlds.
    wins: tuple[int, ...]
    worlds: int
    #: Whether the search overruled the scored choice.
    overruled: bool


#: An action's type as a rollout move's kind (``lean``).
_KIND = {"play": PLAY, "draw": DRAW, "take": TAKE, "end_turn": END}


def _move(action: Action) -> Move:
    """The candidate in ``Sim``'s terms, converted once per search rather than once per rollout."""
    suit = -1 if action.suit is None else _SUIT_ID[action.suit]
    return (_KIND[action.type], tuple(ID[c] for c in action.cards), suit)


def _apply(sim: Sim, seat: int, move: Move) -> int | None:
    kind, cards, suit = move
    if kind == PLAY:
        return sim.play(seat, cards, suit)
    if kind == DRAW:
        return sim.draw(seat)
    if kind == TAKE:
        return sim.take(seat)
    sim.end_turn(seat)
    return None


def searched(seen: Seen, actions: Sequence[Action], fallback: Action, rng: random.Random) -> SearchResult:
    """The best of ``actions`` by rollouts, or ``fallback`` unless another is clearly better."""
    candidates = distinct(actions, fallback, seen.hand)
    seat = seen.seat
    hand = [ID[c] for c in seen.hand]
    pile = [ID[c] for c in seen.discard_pile]
    visible = set(hand) | set(pile)
    unseen = [c for c in range(len(STANDARD_52.cards)) if c not in visible]
    counts = seen.counts
    active = _SUIT_ID[seen.active_suit]
    owner = -1 if seen.top_owner is None else seen.top_owner
    assert seen.step is not None
    step = _STEP[seen.step]
    seats = seen.seats
    horizon = HORIZON.get(seats, 400)
    race = seen.options.empty_hand_wins
    screen = RACE_SCREEN.get(seats, 0) if race else 0
    budget = RACE_ROLLOUTS[seats] if screen else ROLLOUTS.get(seats, 288)
    margin = RACE_MARGIN[seats] if screen else CLEAR_MARGIN.get(seats, 1.64)
    n = len(candidates)
    if screen and n == 2:
        worlds, screen = min(RACE_WORLDS[seats], budget // 2), 0
    elif screen and screen * n < budget:
        # Every candidate is played out in the first ``screen`` worlds; then only the fallback
        # and the best challenger go on.
        worlds = min(RACE_WORLDS[seats], screen + (budget - screen * n) // 2)
    else:
        screen = 0
        most = WORLDS.get(seats, 96)
        worlds = max(most // 2, min(most, budget // n))
    wins = [0] * n
    #: Per candidate, the sum of its score less the fallback's over the worlds, and of its square.
    lead = [0.0] * n
    spread = [0.0] * n
    played = list(range(n))
    moves = [_move(a) for a in candidates]
    options = seen.options
    direction, obligation = seen.direction, seen.obligation
    for w in range(worlds):
        if w == screen and screen:
            played = [0, max(range(1, n), key=lambda i: (lead[i], -i))]
        shuffle(rng, unseen)
        world_seed = rng.getrandbits(64)
        hands: list[list[int]] = []
        dealt = 0
        for other in range(seats):
            if other == seat:
                hands.append(list(hand))
            else:
                hands.append(unseen[dealt : dealt + counts[other]])
                dealt += counts[other]
        world = Sim(
            options,
            hands=hands,
            stock=unseen[dealt:],
            pile=list(pile),
            active=active,
            owner=owner,
            direction=direction,
            obligation=obligation,
            turn=seat,
            step=step,
            drawn=-1,
            rng=world_seed,
        )
        outcomes: list[float] = []
        last = played[-1]
        for i in played:
            # Every candidate starts from the same deal; the last one may use the dealt world itself.
            sim = world if i == last else world.copy()
            result = _apply(sim, seat, moves[i])
            if result is None:
                result = finish(sim, horizon)
            # A won round scores the seat count, a lost one 0, a round without a winner 1 (the even
            # share), a round still on at the horizon the seat count times the seat's rough equity.
            if result == UNFINISHED:
                outcomes.append(seats * equity(sim, seat))
            else:
                outcomes.append(seats if result == seat else 1 if result == NO_WINNER else 0)
        base = outcomes[0]
        for i, score in zip(played, outcomes, strict=True):
            wins[i] += score == seats
            lead[i] += score - base
            spread[i] += (score - base) ** 2
    # After a screen only the challenger that went on has been compared over every world.
    best = played[1] if screen else max(range(n), key=lambda i: (lead[i], i == 0, -i))
    clear = best != 0 and clearly_better(lead[best], spread[best], seats, margin)
    pick = best if clear else 0
    return SearchResult(action=candidates[pick], wins=tuple(wins), worlds=worlds, overruled=clear)


def distinct(actions: Sequence[Action], fallback: Action, hand: Sequence[Card]) -> list[Action]:
    """The candidates worth playing out, ``fallback`` first.

    A wild eight is tried with one suit only (the one the rest of the hand holds most, as the
    rollouts choose), besides the fallback's; queen bundles once per set of queens and top card.
    """
    out = [fallback]
    bundles = set()
    if fallback.type == "play" and len(fallback.cards) > 1:
        bundles.add((frozenset(fallback.cards), fallback.cards[-1]))
    for action in actions:
        if action == fallback:
            continue
        if action.type == "play" and action.suit is not None:
            card = action.cards[0]
            held = [sum(1 for c in hand if c != card and c.suit == s) for s in STANDARD_SUITS]
            preferred = STANDARD_SUITS[held.index(max(held))] if max(held) else card.suit
            if action.suit != preferred:
                continue
        elif action.type == "play" and len(action.cards) > 1:
            key = (frozenset(action.cards), action.cards[-1])
            if key in bundles:
                continue
            bundles.add(key)
        out.append(action)
    return out


def clearly_better(lead: float, spread: float, seats: int, margin: float) -> bool:
    """A one-sided paired test over the worlds (a sign test when every round ends).

    ``lead`` sums a candidate's score less the fallback's over the worlds and ``spread`` the
    squares; the candidate must lead by ``CLEAR_MARGIN`` standard deviations and by at
    least two won rounds.
    """
    return paired_test(lead, spread, margin=margin, floor=2 * seats)


__all__ = ["NO_WINNER", "SearchResult", "clearly_better", "searched"]
