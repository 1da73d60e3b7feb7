"""The dabong! CPU player at four strengths, seeing only its own seat's view.

* ``random``: uniformly random among the seat's legal actions (the baseline);
  out of turn it takes a chance half the time.
* ``easy``: plausible but careless: overlooks half of its additions and
  subtractions and half of its natural dabong! chances, forgets "one card" half
  the time, never asks "how many cards?", ignores what its top card does to the
  next seat, and plays with some noise.
* ``normal``: the rulebook's plain strategy (``policy``): go low and dabong!,
  save Shamans, 2s and the Queen of Water against a seat about to go out,
  always claims, always announces, always asks.
* ``strong``: at Beginner, on its turn, normal's choice checked by a search
  (``search``): the few best candidates played out over sampled deals of the hidden
  cards by a lean simulator (``sim``, ``lean``), the choice overruled only when
  another wins clearly more of the same deals. Where the simulator does not model the
  game (later levels, out of turn, a penalty to pick up) it plays as before: heads-up
  normal plus what the view shows (pile values weighted by the unseen cards, the
  sampled risk of ``risk``, plans for strings of plays), above two seats normal.

No level proposes a trade (it needs the partner's consent and its listing names
the partner's hidden cards) or takes a play back. Unknown action types (rules
added later) score as "the hand stays as it is", so a new rule never breaks it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ....bots import Level, Suggestion
from ....kernel import DABONG_55, Action, rng_for
from .choices import actions_of
from .policy import WIN, Judge, census_of_table, census_uniform, discard_worth
from .risk import sample_deals, sampled_risk
from .search import candidates, searchable, searched
from .seen import Seen, natural_value, read_view, visible_cards

__all__ = ["BOT", "DabongBot"]

#: Out-of-turn actions that are worth listing for; anything else is declined.
_WINS = "claim"
_YEARLY = "claim_once_a_year"
_CARELESS = 0.5
#: Strong's worth of a hand ready for a natural dabong! (tuned by self-play, see docs/bots).
STRONG_NATURAL = 40.0


class DabongBot:
    """Implements ``rules_core.bots.SeatBot`` for dabong!."""

    def suggest(
        self,
        view: Mapping[str, Any],
        seat: int,
        level: Level,
        *,
        seed: int,
        optional: bool = False,
    ) -> Suggestion | None:
        level = Level(level)
        seen = read_view(view, seat)
        rng = rng_for(seed=seed, stream=f"dabong-bot/{level}/{seat}", number=int(view.get("move", 0)))
        if optional:
            return self._out_of_turn(view, seen, level, rng)
        actions = actions_of(view, seat, rng)
        if not actions:
            return None
        action, why = self._choose(view, seen, level, actions, rng)
        return Suggestion(action=action, rationale=why, level=level)

    # -- out of turn ------------------------------------------------------------------
    def _out_of_turn(
        self, view: Mapping[str, Any], seen: Seen, level: Level, rng: random.Random
    ) -> Suggestion | None:
        if seen.status not in ("opening", "playing") or not _worth_listing(seen):
            return None
        actions = [a for a in actions_of(view, seen.seat, rng) if a.type not in _TURN_ONLY]
        if not actions:
            return None
        if level is Level.RANDOM:
            if rng.random() < 0.5:
                return None
            return Suggestion(action=rng.choice(actions), rationale="a random chance taken", level=level)
        picked = _social(actions, level, rng, spend_yearly=_match_decided_now(view))
        if picked is not None:
            return Suggestion(action=picked[0], rationale=picked[1], level=level)
        plays = [a for a in actions if a.cards]
        if plays:
            judge = _judge(view, seen, level, rng)
            best = max(plays, key=judge.score)
            if judge.score(best) > judge.hand_worth(seen.hand) and not (
                level is Level.EASY and rng.random() < _CARELESS
            ):
                return Suggestion(action=best, rationale="plays out of turn: it sheds cards", level=level)
        return None

    # -- on turn ------------------------------------------------------------------------
    def _choose(
        self,
        view: Mapping[str, Any],
        seen: Seen,
        level: Level,
        actions: list[Action],
        rng: random.Random,
    ) -> tuple[Action, str]:
        if level is Level.RANDOM:
            return rng.choice(actions), "uniformly random legal action"
        picked = _social(actions, level, rng, spend_yearly=_match_decided_now(view))
        if picked is not None:
            return picked
        turn = [a for a in actions if a.type not in _SOCIAL and a.type != "take_back"]
        if not turn:
            return actions[0], "the only kind of action it has"
        kinds = {a.type for a in turn}
        if kinds <= {"declare_opening", "take_opening_shaman"}:
            return _opening(seen, level, turn, rng)
        if level is Level.EASY:
            turn = _overlooked(turn, rng)
        judge = _judge(view, seen, level, rng)
        noise = 6.0 if level is Level.EASY else 0.0
        scored = [(judge.score(a) + rng.gauss(0, noise), -i, a) for i, a in enumerate(turn)]
        best = max(scored, key=lambda t: (t[0], t[1]))[2]
        if level is Level.STRONG and searchable(view, seen) and judge.score(best) < WIN:
            tried = candidates(turn, best, judge.score)
            if len(tried) > 1:
                pick, choice = searched(view, seen, tried, rng)
                if choice.overruled:
                    return pick, _because(pick) + " (searched: it wins more of the sampled deals)"
        return best, _because(best)


#: Out-of-turn, at no cost to anybody's turn: winning claims, "one card", asking.
_SOCIAL = frozenset({"claim_natural", "announce_one_card", "ask_card_count"})
_TURN_ONLY = frozenset(
    {"draw", "pick_up", "declare_opening", "take_opening_shaman", "take_back", "next_game"}
)


def _worth_listing(seen: Seen) -> bool:
    """Cheap check from the view alone: could the seat have anything to do out of turn?"""
    if seen.level != "beginner":
        return True  # later levels add out-of-turn answers (heaven/hell) and claims
    if seen.top_seat != seen.seat and natural_value(seen.hand, seen.top) is not None:
        return True
    if not seen.one_card_rule:
        return False
    if len(seen.hand) == 1 and seen.seat not in seen.announced:
        return True
    return any(seen.counts[s] == 1 and s not in seen.announced for s in seen.opponents())


def _social(
    actions: Sequence[Action], level: Level, rng: random.Random, *, spend_yearly: bool
) -> tuple[Action, str] | None:
    """Claims, "one card" and asking: what each level does with them, before any turn action.

    Every claim wins the game at once and is taken, except the once-a-year claim in
    a match of several games: it is spent once a year, so it is kept for a game that
    decides the match (``spend_yearly``).
    """
    careless = level is Level.EASY
    for action in actions:
        if action.type == _YEARLY and not spend_yearly:
            continue
        if action.type.startswith(_WINS) and not (careless and rng.random() < _CARELESS):
            why = "claims: a natural dabong! wins" if action.type == "claim_natural" else "claims a win"
            return action, why
    for action in actions:
        if action.type == "announce_one_card" and not (careless and rng.random() < _CARELESS):
            return action, 'says "one card" before anybody asks'
    if not careless:
        for action in actions:
            if action.type == "ask_card_count":
                return action, "asks: the seat has one card and did not announce it"
    return None


def _match_decided_now(view: Mapping[str, Any]) -> bool:
    """Whether winning this game wins the match (single-game scoring)."""
    return (view.get("options") or {}).get("scoring", "single") == "single"


def _overlooked(actions: list[Action], rng: random.Random) -> list[Action]:
    """Easy misses half of its multi-card plays (additions, subtractions)."""
    kept = [a for a in actions if len(a.cards) <= 1 or rng.random() >= _CARELESS]
    return kept or actions


def _judge(view: Mapping[str, Any], seen: Seen, level: Level, rng: random.Random) -> Judge:
    if level is Level.STRONG and searchable(view, seen):
        # the search's fallback is normal's choice: the rollouts judge the rest
        return Judge(seen=seen, census=census_uniform())
    if level is not Level.STRONG or seen.seats > 2:
        # Above two seats strong's extras (table-weighted pile values, the sampled risk)
        # measured worse than the plain strategy (docs/bots/dabong.md), so it plays normal's.
        return Judge(seen=seen, census=census_uniform(), tactics=0.0 if level is Level.EASY else 1.0)
    shown = set(visible_cards(view))
    unseen = [c for c in DABONG_55.cards if c not in shown]
    deals = sample_deals(seen, unseen, rng)
    return Judge(
        seen=seen,
        census=census_of_table(unseen, seen.discard_identities),
        risk=sampled_risk(seen, deals),
        plan=True,
        natural_weight=STRONG_NATURAL,
    )


def _opening(seen: Seen, level: Level, actions: list[Action], rng: random.Random) -> tuple[Action, str]:
    """The dealer settles the opening card: keep an opening Shaman, else name its best suit."""
    takes = [a for a in actions if a.type == "take_opening_shaman"]
    if takes:
        if level is Level.EASY:
            return rng.choice(takes), "takes the opening Shaman, buries a card"
        best = max(takes, key=lambda a: discard_worth(a.top) if a.top is not None else 0.0)
        return best, "takes the opening Shaman and buries its worst card"

    def held(action: Action) -> int:
        return sum(1 for c in seen.hand if not c.is_shaman and c.suit is action.suit)

    if level is Level.EASY:
        return rng.choice(actions), "names a suit"
    return max(actions, key=held), "names the suit it holds most of"


def _because(action: Action) -> str:
    if action.type == "draw":
        return "draws: no play is better than a card more"
    if action.type == "pick_up":
        return "picks up the penalty"
    if action.cards:
        return "plays " + " ".join(str(c) for c in action.cards)
    return f"takes {action.type}"


BOT = DabongBot()
