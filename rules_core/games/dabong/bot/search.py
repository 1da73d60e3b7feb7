"""Strong's search at Beginner: each candidate action played out over sampled deals.

For a turn decision (which play, or draw) the hidden cards (other hands and the draw
pile) are dealt at random from the cards the seat has not seen, in the counts the view
gives, redealt while a seat that could claim on the current top holds a claiming hand
(it would have claimed: a claim is open at any moment). Every candidate is played out
in the same worlds with the same later reshuffles (common random numbers) by ``sim.Sim``,
every seat then playing ``lean``'s cheap version of normal. A rollout stops when the game
ends or after ``HORIZON`` turns (then ``lean.equity`` stands for the rest). The best
candidate replaces the fallback (normal's scored choice) only when a one-sided paired
test over the worlds says it is clearly better (``rules_core.bots.paired``). The numbers
of worlds and turns are fixed, never timed, so the same request gives the same answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ....bots.paired import PairedChoice, paired_choice
from ....kernel import DABONG_55, ELEMENT_SUITS, Action, Card
from .lean import UNFINISHED, equity, finish
from .policy import top_identity
from .seen import Seen
from .sim import BITS, INV, PV, SHAMAN0, Sim, can_claim

ID: dict[Card, int] = {card: i for i, card in enumerate(DABONG_55.cards)}
SUIT_ID = {suit: i for i, suit in enumerate(ELEMENT_SUITS)}

#: Worlds per decision (the same at every table size) ...
WORLDS = 32
#: ... but no more rollouts (worlds times candidates) than this, and never fewer worlds than half:
#: the budget that keeps a suggestion's p95 well under 50 ms (docs/bots/dabong.md, Speed).
ROLLOUTS = 80
#: Candidates played out at most: the fallback, the draw and normal's next best plays.
CANDIDATES = 4
#: A rollout stops after this many turns (about half of them end sooner; ``lean.equity`` then).
HORIZON = 12
#: Standard deviations (paired test) by which a candidate must beat the fallback heads-up, and at
#: three seats or more (four seats: 1.0 and 1.28 measured alike in 500-game pilots) ...
MARGIN_HEADS_UP, MARGIN_MANY = 1.64, 1.0
#: ... and by at least this many won games more over the worlds.
FLOOR = 2.0
#: Deals redrawn at most this many times each when a silent seat holds a claiming hand.
REDRAWS = 4


def searchable(view: Mapping[str, Any], seen: Seen) -> bool:
    """Whether the decision is one the simulator models: Beginner, in play, on turn, no penalty."""
    options = view.get("options") or {}
    return (
        seen.level == "beginner"
        and seen.status == "playing"
        and seen.turn == seen.seat
        and seen.penalty == 0
        and seen.top is not None
        and options.get("draw_pile_out", "reshuffle") == "reshuffle"
        and view.get("river") is None
    )


def candidates(actions: Sequence[Action], fallback: Action, score: Callable[[Action], float]) -> list[Action]:
    """The actions worth playing out, ``fallback`` first, then the draw and normal's best plays.

    Plays that lay the same cards with the same top identity and suit are one; a play with a
    Shaman is kept only as the fallback (its listing names every card it could be declared as).
    """
    out = [fallback]
    seen = {_key(fallback)}
    plays = []
    for action in actions:
        if action.type == "draw":
            if action != fallback:
                out.append(action)
            continue
        if action.type != "play" or any(c.is_shaman for c in action.cards):
            continue
        key = _key(action)
        if key in seen:
            continue
        seen.add(key)
        plays.append(action)
    plays.sort(key=score, reverse=True)
    return (out + plays)[:CANDIDATES]


def _key(action: Action) -> tuple[Any, ...]:
    return (action.type, frozenset(action.cards), top_identity(action), action.suit)


def _apply(sim: Sim, seat: int, action: Action) -> int | None:
    if action.type == "draw":
        return sim.draw(seat)
    top = top_identity(action)
    assert top is not None
    suit = -1 if action.suit is None else SUIT_ID[action.suit]
    return sim.play(seat, tuple(ID[c] for c in action.cards), ID[top], suit)


def searched(
    view: Mapping[str, Any], seen: Seen, actions: Sequence[Action], rng: random.Random
) -> tuple[Action, PairedChoice]:
    """The best of ``actions`` (``actions[0]`` the fallback) by rollouts, paired over the worlds."""
    seat, seats = seen.seat, seen.seats
    hand = [ID[c] for c in seen.hand]
    pile = [ID[c] for c in seen.discard]
    shown = set(hand) | set(pile)
    unseen = [c for c in range(len(DABONG_55.cards)) if c not in shown]
    assert seen.top is not None
    top = ID[seen.top]
    suits = (1 << SUIT_ID[seen.suit]) if seen.suit is not None else BITS[top]
    announced = [s in seen.announced for s in range(seats)]
    one_card = seen.one_card_rule
    worlds = max(WORLDS // 2, min(WORLDS, ROLLOUTS // len(actions)))
    scores: list[list[float]] = []
    for _ in range(worlds):
        hands = _deal(seen, hand, unseen, top, rng)
        dealt = sum(len(h) for s, h in enumerate(hands) if s != seat)
        draw_pile = unseen[dealt:]
        world_seed = rng.getrandbits(64)
        row: list[float] = []
        for action in actions:
            sim = Sim(
                hands=[list(h) for h in hands],
                draw_pile=list(draw_pile),
                pile=list(pile),
                top=top,
                suits=suits,
                top_seat=seen.top_seat,
                direction=seen.direction,
                turn=seat,
                penalty=0,
                skip=False,
                announced=list(announced),
                one_card=one_card,
                rng=random.Random(world_seed),
            )
            result = _apply(sim, seat, action)
            if result is None:
                result = finish(sim, HORIZON)
            row.append(equity(sim, seat) if result == UNFINISHED else float(result == seat))
        scores.append(row)
    margin = MARGIN_HEADS_UP if seats == 2 else MARGIN_MANY
    choice = paired_choice(scores, margin=margin, floor=FLOOR)
    return actions[choice.index], choice


def _deal(seen: Seen, hand: list[int], unseen: list[int], top: int, rng: random.Random) -> list[list[int]]:
    """Shuffle ``unseen`` (in place: its tail is the draw pile) and deal the other hands from it.

    Redrawn (a few times at most: a careless seat may have missed its claim) while a seat
    that may claim on the current top holds a hand that claims on it.
    """
    value = PV[top]
    hands: list[list[int]] = []
    for _ in range(REDRAWS + 1):
        rng.shuffle(unseen)
        hands, pos, silent = [], 0, True
        for s, n in enumerate(seen.counts):
            if s == seen.seat:
                hands.append(hand)
                continue
            cards = unseen[pos : pos + n]
            pos += n
            hands.append(cards)
            if s != seen.top_seat and silent:
                total = sum(INV[c] for c in cards)
                shamans = sum(1 for c in cards if c >= SHAMAN0)
                silent = not can_claim(total, shamans, len(cards), value)
        if silent:
            break
    return hands


__all__ = ["ID", "candidates", "searchable", "searched"]
