"""A seat's legal actions, found from its view alone.

The view is filled into one world (hidden cards dealt at random from the unseen
ones) and the game lists that world's actions for the seat. What the seat may
do depends only on its own hand and the public table, with two exceptions that
are left out on purpose: trades (the listing names the partner's cards, which
the seat cannot see, and a trade needs the partner's consent, which a listing
cannot give) and the pending take-back's earlier state (its hidden cards cannot
be sampled consistently; the bot never takes a play back anyway).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ....bots import sample_world
from ....kernel import Action, LegalEntry
from ..actions_play import suit_choices
from ..game import GAME
from ..matcher_api import MatchBudgetExceeded
from ..state import DabongState
from ..values import REAL_CARDS, in_play_value, pile_value
from .seen import visible_cards

#: Entries fetched per listing page; plays with Shamans can run into the thousands.
PAGE = 300
#: Listing entries a bot reads at most (the listing is in a stable order, plays by pattern).
MAX_ENTRIES = 4000
#: Action types a bot never proposes (see the module docstring).
NEVER = frozenset({"trade"})


def world_of(view: Mapping[str, Any], rng: random.Random) -> DabongState:
    """One full state consistent with ``view`` (the pending take-back dropped, trading off).

    Trading is switched off in the world only: it is never a turn action, so no
    other action's legality depends on it, and its listing would dwarf the rest.
    """
    bare = {k: v for k, v in view.items() if k != "take_back"}
    bare["take_back"] = []
    bare["options"] = {**view["options"], "trading": False}
    data = sample_world(bare, GAME.deck, visible_cards(view), rng)
    return GAME.state_from_json(data)


def legal_entries(world: DabongState, seat: int) -> list[LegalEntry]:
    """The seat's legal actions; a listing too long to read whole is taken by pattern.

    Shamans multiply a listing (each can be declared as any of 52 cards, in every
    play it fits), so beyond one page, or when the matcher refuses the work
    (``MatchBudgetExceeded``, Master patterns with Shamans), the bot reads the plays
    of its other cards (``_plain_plays``), one Shaman laid alone as each card it
    could be (``_shaman_singles``) and every other action type tried on its own
    and kept when the game accepts it (``_cardless``).
    """
    try:
        first = GAME.legal_actions(world, seat, limit=PAGE)
    except MatchBudgetExceeded:
        return _cardless(world, seat) + _plain_plays(world, seat) + _shaman_singles(world, seat)
    if first.next_offset is None:
        return [e for e in first.entries if e.action.type not in NEVER]
    head = [e for e in first.entries if not e.action.cards]
    # The claims come after the plays in the listing; reading them there would walk a huge play
    # block to its end (a counting programme of up to a second at Master with three Shamans), so
    # each cardless action is tried on its own instead.
    listed = {e.action for e in head}
    others = [e for e in _cardless(world, seat) if e.action not in listed]
    return head + _plain_plays(world, seat) + _shaman_singles(world, seat) + others


def _cardless(world: DabongState, seat: int) -> list[LegalEntry]:
    """Every action type but plays, trades and take-backs, tried as the game would take it."""
    hand = world.hands[seat]
    shamans = sum(1 for c in hand if c.is_shaman)
    rest = sum(in_play_value(c) for c in hand if not c.is_shaman)
    top = world.top_identity
    values: list[int | None] = [None]
    if shamans:
        # the Shamans' total for a natural dabong! and for the gross rule (144)
        values += [v for v in ((pile_value(top) if top else 0) - rest, 144 - rest) if v > 0]
    out = []
    for kind in GAME.action_types:
        if kind in ("play", "trade", "take_back"):
            continue
        tries = [Action(type=kind, seat=seat, value=v) for v in values]
        if kind == "ask_card_count":
            tries = [
                Action(type=kind, seat=seat, params=(("target", t),)) for t in range(world.seats) if t != seat
            ]
        for action in tries:
            if GAME.resolve(world, action).verdict.legal:
                out.append(LegalEntry(action=action, patterns=(kind,)))
                if kind != "ask_card_count":
                    break
    return out


def _plain_plays(world: DabongState, seat: int) -> list[LegalEntry]:
    """Plays without a Shaman: listed on the same world with the seat's Shamans swapped out.

    A play's legality depends on its cards, the pile and the hand's size, all
    unchanged by swapping a Shaman the play does not use for a card it cannot use.
    """
    hand = world.hands[seat]
    shamans = [c for c in hand if c.is_shaman]
    spare = [c for c in world.draw_pile if not c.is_shaman][: len(shamans)]
    if len(spare) < len(shamans):
        return []
    swap = dict(zip(shamans, spare, strict=True))
    back = {v: k for k, v in swap.items()}
    plain = replace(
        world,
        hands=tuple(tuple(swap.get(c, c) for c in h) if s == seat else h for s, h in enumerate(world.hands)),
        draw_pile=tuple(back.get(c, c) for c in world.draw_pile),
    )
    out = []
    try:
        listed = GAME.legal_actions(plain, seat, limit=MAX_ENTRIES).entries
    except MatchBudgetExceeded:
        return []
    for entry in listed:
        if entry.action.cards and not set(entry.action.cards) & set(spare):
            out.append(entry)
    return out


def _shaman_singles(world: DabongState, seat: int) -> list[LegalEntry]:
    """One Shaman laid alone as each real card (suit choices for an 8 or a Jack), if legal."""
    shaman = next((c for c in world.hands[seat] if c.is_shaman), None)
    if shaman is None:
        return []
    out = []
    for identity in REAL_CARDS:
        for suit in suit_choices(identity) or (None,):
            action = Action(type="play", seat=seat, cards=(shaman,), declare=((shaman, identity),), suit=suit)
            if GAME.resolve(world, action).verdict.legal:
                out.append(LegalEntry(action=action, patterns=("single",)))
    return out


def actions_of(view: Mapping[str, Any], seat: int, rng: random.Random) -> list[Action]:
    return [e.action for e in legal_entries(world_of(view, rng), seat)]
