"""Choosing among the legal actions, level by level.

- ``random``: any legal action, uniformly (the baseline).
- ``easy``: plausible but careless, as the page describes its easy opponents: it
  overlooks a matching total now and then (more often in a return chain), puts a
  claimed card on top without thinking about returns, and plays whatever fits
  (often its biggest card) instead of organising its hand; it draws only when
  nothing fits.
- ``normal``: always claims, puts its smallest claimed card on top (the page: "a
  smaller rank can limit the combinations available to a multi-card opponent"),
  and scores every candidate with ``judge`` using the plain count of its own hand,
  fearing only one-card opponents.
- ``strong``: in a check, the return top least likely to be returned on (exact odds over
  the unseen cards); on an ordinary turn, a search (``search``) that plays every action out
  over sampled deals and keeps the scored choice unless another is clearly better. Heads-up
  that choice is strong's own score (the exact supply of unseen cards, every seat's chance
  to claim by its hand count: "also consider the visible discards and hand counts"); from
  three seats on it is normal's, except that it holds a wild eight back while another card can
  be played (the page: "Spending it immediately can leave fewer choices later").
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ....bots import Level
from ....kernel import Action, Rank
from ..options import EIGHT_ORDINARY
from ..state import Status
from .judge import (
    Belief,
    return_risk,
    score_draw,
    score_end_turn,
    score_play,
    score_take,
    value_of,
)
from .knowledge import Seen
from .odds import MAX_TARGET, HandOdds
from .search import searched

#: How often easy overlooks a claim on a discard or draw, and in a return chain.
EASY_OVERLOOKS_CLAIM = 0.4
EASY_OVERLOOKS_RETURN = 0.7
#: How often easy plays its biggest fitting card rather than any fitting card.
EASY_BIGGEST = 0.5

Choice = tuple[Action, str]
#: From this many seats on, strong's search stands by normal's choice when no action is clearly better.
NORMAL_FALLBACK_SEATS = 3


def choose(seen: Seen, actions: Sequence[Action], level: Level, rng: random.Random) -> Choice:
    if len(actions) == 1:
        return actions[0], "the only legal action"
    if level is Level.RANDOM:
        pick = actions[rng.randrange(len(actions))]
        return pick, "any legal action, uniformly at random"
    claims = [a for a in actions if a.type == "claim"]
    if claims:
        return _check(seen, claims, actions, level, rng)
    if level is Level.EASY:
        return _easy_turn(seen, actions, rng)
    if level is Level.STRONG and seen.status is Status.PLAYING:
        # The search plays out each action and stands by a scored choice unless another is clearly
        # better; with many seats that is normal's choice (strong's own scoring measured no better).
        base = Level.NORMAL if seen.seats >= NORMAL_FALLBACK_SEATS else level
        kept = _eight_kept(seen, actions) if base is Level.NORMAL else actions
        return _strong(seen, actions, _scored(seen, kept, belief_for(seen, base), base), rng)
    return _scored(seen, actions, belief_for(seen, level), level)


def _eight_kept(seen: Seen, actions: Sequence[Action]) -> Sequence[Action]:
    """The actions without a wild eight while another card can be played (the page: "Spending it
    immediately can leave fewer choices later"); the search still plays the eight out."""
    if seen.options.eight == EIGHT_ORDINARY:
        return actions
    others = [a for a in actions if not (a.type == "play" and a.cards[-1].rank is Rank.EIGHT)]
    if any(a.type == "play" for a in others):
        return others
    return actions


def _strong(seen: Seen, actions: Sequence[Action], scored: Choice, rng: random.Random) -> Choice:
    """The scored choice, unless the search over sampled deals finds another clearly better."""
    found = searched(seen, actions, scored[0], rng)
    if not found.overruled:
        return scored
    return found.action, (
        f"{_summary(found.action)}: played out over {found.worlds} deals consistent with what this seat "
        f"sees, it did clearly better than the scored choice {_summary(scored[0])}"
    )


def _summary(action: Action) -> str:
    if action.type == "play":
        suit = f" ({action.suit})" if action.suit else ""
        return "play " + " ".join(str(c) for c in action.cards) + suit
    return action.type.replace("_", " ")


def belief_for(seen: Seen, level: Level) -> Belief:
    if level is Level.STRONG:
        return Belief(odds=HandOdds(seen.unseen_supply()), fear_all=True, counts_twos=True)
    return Belief(odds=HandOdds(seen.naive_supply()), fear_all=False)


def _check(
    seen: Seen, claims: list[Action], actions: Sequence[Action], level: Level, rng: random.Random
) -> Choice:
    total = seen.total
    if level is Level.EASY:
        slip = EASY_OVERLOOKS_RETURN if seen.claimed else EASY_OVERLOOKS_CLAIM
        if rng.random() < slip:
            passing = next(a for a in actions if a.type == "continue")
            return passing, f"overlooks that the hand's total {total} matches the top card"
        pick = claims[rng.randrange(len(claims))]
        return pick, f"claims Dobon: the hand totals {total}"
    if len(claims) == 1 or claims[0].top is None:
        return claims[0], f"claims Dobon: the hand totals {total}"
    if level is Level.NORMAL:
        pick = min(claims, key=lambda a: value_of(a.top) if a.top else MAX_TARGET)
        return pick, f"claims Dobon ({total}) and puts the smallest card, {pick.top}, on top"
    belief = belief_for(seen, level)
    scored = [(return_risk(seen, belief, a.top), i, a) for i, a in enumerate(claims) if a.top]
    chance, _, pick = min(scored)
    return pick, (
        f"claims Dobon ({total}) and puts {pick.top} on top: a return on it is about "
        f"{chance:.0%} likely given the unseen cards and the hand counts"
    )


def _easy_turn(seen: Seen, actions: Sequence[Action], rng: random.Random) -> Choice:
    plays = [a for a in actions if a.type == "play"]
    if not plays:
        pick = actions[0]
        return pick, f"{pick.type}: nothing to play"
    if rng.random() < EASY_BIGGEST:
        pick = max(plays, key=lambda a: (sum(value_of(c) for c in a.cards), -actions.index(a)))
        return pick, f"plays its biggest fitting card {pick.cards[-1]}"
    pick = plays[rng.randrange(len(plays))]
    return pick, f"plays {pick.cards[-1]}, which fits"


def _scored(seen: Seen, actions: Sequence[Action], belief: Belief, level: Level) -> Choice:
    scorers: dict[str, Callable[[Action], float]] = {
        "play": lambda a: score_play(seen, belief, a),
        "draw": lambda a: score_draw(seen, belief),
        "take": lambda a: score_take(seen, belief),
        "end_turn": lambda a: score_end_turn(seen, belief),
    }
    best: tuple[float, int] | None = None
    pick = actions[0]
    for i, action in enumerate(actions):
        scorer = scorers.get(action.type)
        if scorer is None:
            continue
        key = (scorer(action), -i)
        if best is None or key > best:
            best, pick = key, action
    assert best is not None
    return pick, _explain(seen, pick, best[0], level)


def _explain(seen: Seen, action: Action, worth: float, level: Level) -> str:
    how = "unseen cards and every hand count" if level is Level.STRONG else "its own hand"
    if action.type == "play":
        rest = seen.total - sum(value_of(c) for c in action.cards)
        what = " ".join(str(c) for c in action.cards)
        suit = f", choosing {action.suit}" if action.suit else ""
        eight = " (wild eight)" if action.cards[-1].rank is Rank.EIGHT and action.suit else ""
        return f"plays {what}{eight}{suit}, leaving a total of {rest} (worth {worth:.2f} by {how})"
    return f"{action.type.replace('_', ' ')}s (worth {worth:.2f} by {how}; the total is {seen.total})"
