"""The 99 CPU player (Bud is its ``normal`` level), seeing only its own seat.

``BOT.suggest(view, seat, level, seed=...)`` is handed ``Game.view(state, seat)``
and nothing else, so it cannot use a hidden card. 99 has one decision, which card
to play (playing is forced whenever a card fits; the shield is the only card a
Death Card's target may play), and no out-of-turn chances, so an ``optional``
offer is always declined. The levels:

- ``random``: any playable card, uniformly (the baseline).
- ``easy``: the plain strategy played carelessly (``policy.easy_choice``).
- ``normal``: the plain strategy (``policy.normal_choice``): keep Kings, passes, the
  10, the Death Card, the shield and the Ace of Clubs for when they count; attack
  with the Death Card when the shield is unlikely; leave the next seat a bad Count.
- ``strong``: plays each candidate card out over sampled deals consistent with the
  view and keeps the one that wins the hit most often (``search.strong_choice``).

Self-play counts a hand as won by the seat ending with the most hits
(``outcome.winner_of``), the page's object.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....bots import Level, Suggestion
from ....kernel import Action, rng_for
from ..counting import LIMIT
from .outcome import hit_winner, winner_of
from .policy import easy_choice, normal_choice
from .search import strong_choice
from .seen import Seen, read_view
from .tables import CARDS, QS

__all__ = ["BOT", "NinetyNineBot", "hit_winner", "winner_of"]


class NinetyNineBot:
    """The ``SeatBot`` of 99."""

    #: Self-play's ``winner_of`` for this game (most hits wins, see ``outcome``).
    winner_of = staticmethod(winner_of)

    def suggest(
        self,
        view: Mapping[str, Any],
        seat: int,
        level: Level,
        *,
        seed: int,
        optional: bool = False,
    ) -> Suggestion | None:
        if optional:
            return None
        if view.get("viewer") == seat and view.get("turn") != seat:
            # Nothing to play off turn. Reading the view samples a world, and a sampled hand of
            # the seat on turn may hold nothing playable on the Count (99: a world the game
            # refuses), which would refuse a view the service itself made.
            return None
        seen = read_view(view, seat)
        if seen.turn != seat or not seen.playable:
            return None
        level = Level(level)
        rng = rng_for(seed=seed, stream=f"bot/99/{level.value}/{seat}", number=int(view.get("move", 0)))
        card, rationale = _choose(seen, level, rng)
        return Suggestion(
            action=Action(type="play", seat=seat, cards=(CARDS[card],)), rationale=rationale, level=level
        )


def _choose(seen: Seen, level: Level, rng: Any) -> tuple[int, str]:
    playable = list(seen.playable)
    if len(playable) == 1:
        return playable[0], f"{CARDS[playable[0]]} is the only card that fits"
    if level is Level.RANDOM:
        card = playable[rng.randrange(len(playable))]
        return card, f"any fitting card: {CARDS[card]}"
    if level is Level.EASY:
        card = easy_choice(playable, seen.situation(), rng)
        return card, f"plays {CARDS[card]} without much thought"
    if level is Level.NORMAL:
        card = normal_choice(playable, seen.situation())
        return card, _plain_reason(seen, card)
    found = strong_choice(seen, rng)
    others = ", ".join(f"{CARDS[c]} {n}" for c, n in found.wins.items() if c != found.card)
    return found.card, (
        f"{CARDS[found.card]} won the hit in {found.wins[found.card]} of {found.worlds} deals "
        f"consistent with what this seat sees (others: {others})"
    )


def _plain_reason(seen: Seen, card: int) -> str:
    kept = [str(CARDS[c]) for c in seen.hand if c != card]
    if card == QS and seen.count == LIMIT:
        return "Death Card: the next seat most likely lacks the Ace of Diamonds"
    return f"plays {CARDS[card]} and keeps {', '.join(kept)} for later"


BOT = NinetyNineBot()
