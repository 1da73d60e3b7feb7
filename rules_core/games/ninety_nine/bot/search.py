"""The strong bot: determinized look-ahead over deals consistent with the seat's view.

For each playable card, the rest of the hand is played out in many sampled worlds
(the hidden cards, other hands and the draw pile, dealt at random from the cards the
seat cannot see, exactly what ``sample_world`` would fill in), every seat then
playing the normal strategy. The card that wins the hit most often is chosen. Every
card is tried in the same worlds with the same reshuffles (common random numbers),
so the comparison is between cards, not between lucky deals. The number of worlds is
fixed, not timed, so the same request always gives the same answer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ....bots.paired import clearly_better as paired_test
from .policy import normal_choice
from .rollout import Rollout
from .seen import Seen
from .tables import AD, CLUBS, DECK_SIZE, QS, RANK_OF

#: Rollouts per suggestion, shared out among the candidate cards ...
ROLLOUTS = 72
#: ... but never fewer worlds than this per card.
MIN_WORLDS = 16
#: At three seats or more a hit is won a quarter of the time or less, so the sign test sees
#: few discordant worlds: there the search plays this many rollouts and worlds instead.
ROLLOUTS_MANY, MIN_WORLDS_MANY = 160, 40
#: How many standard deviations (sign test) a card must beat the normal strategy's by.
CLEAR_MARGIN = 1.64


@dataclass(frozen=True, slots=True, kw_only=True)
class SearchResult:
    card: int
    #: Hits won per candidate card over the sampled worlds.
    wins: dict[int, int]
    worlds: int


def strong_choice(seen: Seen, rng: random.Random, rollouts: int | None = None) -> SearchResult:
    fallback = normal_choice(list(seen.playable), seen.situation())
    candidates = distinct_cards(seen.playable, fallback)
    wins = dict.fromkeys(candidates, 0)
    if len(candidates) == 1:
        return SearchResult(card=fallback, wins=wins, worlds=0)
    discordant = dict.fromkeys(candidates, 0)
    many = seen.seats > 2
    if rollouts is None:
        rollouts = ROLLOUTS_MANY if many else ROLLOUTS
    worlds = max(MIN_WORLDS_MANY if many else MIN_WORLDS, rollouts // len(candidates))
    visible = set(seen.hand) | set(seen.pile)
    unseen = [c for c in range(DECK_SIZE) if c not in visible]
    others = [s for s in range(seen.seats) if s != seen.seat]
    for _ in range(worlds):
        rng.shuffle(unseen)
        world_seed = rng.randrange(2**62)
        outcomes: dict[int, bool] = {}
        for card in candidates:
            hands: list[list[int]] = [[] for _ in range(seen.seats)]
            hands[seen.seat] = list(seen.hand)
            dealt = 0
            for other in others:
                size = seen.hand_sizes[other]
                hands[other] = unseen[dealt : dealt + size]
                dealt += size
            rollout = Rollout(
                hands=hands,
                draw=unseen[dealt:],
                pile=list(seen.pile),
                count=seen.count,
                live=[s not in seen.eliminated for s in range(seen.seats)],
                options=seen.options,
                rng=random.Random(world_seed),
            )
            outcomes[card] = rollout.finish_from(seen.seat, card) == seen.seat
            wins[card] += outcomes[card]
        for card in candidates:
            discordant[card] += outcomes[card] != outcomes[fallback]
    best = max(candidates, key=lambda c: (wins[c], c == fallback, -c))
    card = best if clearly_better(wins[best] - wins[fallback], discordant[best]) else fallback
    return SearchResult(card=card, wins=wins, worlds=worlds)


def clearly_better(margin: int, discordant: int) -> bool:
    """A one-sided sign test over the worlds where two cards' results differ.

    With few worlds most differences between cards are luck; a search that followed
    every one of them would play worse than the strategy it searches around. So the
    normal strategy's card stands unless another wins ``CLEAR_MARGIN`` standard
    deviations more often (the worlds where both win or both lose say nothing), and
    at least two hits more. With wins and losses the paired spread is the count of
    discordant worlds, so this is the shared paired test.
    """
    return paired_test(margin, discordant, margin=CLEAR_MARGIN, floor=2)


def distinct_cards(playable: tuple[int, ...], preferred: int) -> list[int]:
    """One card per kind that plays differently: same rank, and not a club or a special card.

    Two fives of hearts and spades do the same thing now and later; a club can end in a
    slide and the Queen of Spades, the Ace of Diamonds and the Ace of Clubs have roles,
    so those are always tried on their own. ``preferred`` stands for its kind.
    """
    kept: list[int] = []
    kinds: set[object] = set()
    for card in sorted(playable, key=lambda c: c != preferred):
        kind: object = card if (card in CLUBS or card in (QS, AD)) else RANK_OF[card]
        if kind not in kinds:
            kinds.add(kind)
            kept.append(card)
    return kept
