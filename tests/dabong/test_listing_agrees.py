"""The legal-action listing and single-action validation agree (python-chess style).

The listing is written apart from ``resolve``. Here, on random reachable states with
small hands, every action of a broad candidate family (every ordered play of up to
three cards with every suit, Shamans as a sample of identities, every draw, pick-up,
claim value, announcement, question, take-back, trade and opening choice) is legal
exactly when it is listed; and every listed action is legal.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from typing import Any

from rules_core.games.dabong import GAME
from rules_core.games.dabong.state import DabongState
from rules_core.kernel import Action, Card, LegalEntry, Suit, parse_cards

SUITS = (None, Suit.FIRE, Suit.WATER, Suit.EARTH, Suit.AIR)
SAMPLE_IDENTITIES = parse_cards(["8W", "JE", "2A", "9F", "QW", "5W", "KE", "AA"])


def key(action: Action, loose: bool = False) -> tuple[object, ...]:
    cards = tuple(sorted(action.cards)) if loose else action.cards
    return (
        action.type,
        action.seat,
        cards,
        action.suit,
        action.declare,
        action.value,
        action.top,
        action.params,
    )


def candidates(state) -> list[Action]:  # type: ignore[no-untyped-def]
    out: list[Action] = []
    for seat in range(state.seats):
        hand = state.hands[seat]
        for size in (1, 2, 3):
            for cards in itertools.permutations(hand, size):
                shamans = [c for c in cards if c.is_shaman]
                declares: list[tuple[tuple[Card, Card], ...]] = [()]
                if shamans:
                    declares = [
                        tuple(sorted(zip(shamans, ids, strict=True)))
                        for ids in itertools.product(SAMPLE_IDENTITIES, repeat=len(shamans))
                    ]
                last = cards[-1]
                wild = last.is_shaman or (last.rank is not None and last.rank.value in ("8", "J"))
                for declare in declares:
                    for suit in SUITS if wild else SUITS[:2]:
                        out.append(Action(type="play", seat=seat, cards=cards, suit=suit, declare=declare))
        kinds = ("draw", "pick_up", "announce_one_card", "take_back", "next_game", "pass")
        for kind in (*kinds, "claim_half_deck", "claim_worst_hand", "claim_once_a_year"):
            out.append(Action(type=kind, seat=seat))
        for value in (None, *range(0, 31)):
            out.append(Action(type="claim_natural", seat=seat, value=value))
            out.append(Action(type="claim_gross", seat=seat, value=value))
        for target in range(state.seats):
            out.append(Action(type="ask_card_count", seat=seat, params=(("target", target),)))
        for partner in range(state.seats):
            both = state.hands[seat] + state.hands[partner] if partner != seat else state.hands[seat]
            for size in (1, 2, 3, len(both)):
                for cards in itertools.combinations(both, size):
                    out.append(Action(type="trade", seat=seat, cards=cards, params=(("partner", partner),)))
        for suit in SUITS:
            out.append(Action(type="declare_opening", seat=seat, suit=suit))
            if state.top.is_shaman:
                for identity in SAMPLE_IDENTITIES:
                    out.append(
                        Action(type="declare_opening", seat=seat, suit=suit, declare=((state.top, identity),))
                    )
        for card in (*hand, state.top):
            out.append(Action(type="take_opening_shaman", seat=seat, top=card))
    return out


def reachable_states(count: int, seed: int, preset: str = "beginner", **extra: Any) -> list[DabongState]:
    rng = random.Random(seed)
    options = replace(GAME.presets[preset], hand_size=3, scoring="tennis", trading=False, **extra)
    states: list[DabongState] = []
    while len(states) < count:
        state = GAME.deal(
            seats=rng.choice((2, 3)), options=options, seed=rng.randrange(10**6), deck_order=None
        )
        for _ in range(rng.randrange(25)):
            page = GAME.legal_actions(state)
            if not page.entries:
                break
            nxt = GAME.resolve(state, rng.choice(page.entries).action).state
            assert nxt is not None
            state = nxt
        if max(len(h) for h in state.hands) <= 5:
            # trades are checked on small hands (their full listing grows as 2^n x 2^m)
            state = replace(state, options=replace(state.options, trading=True))
        states.append(state)
    return states


def test_listing_and_resolve_agree_on_random_states() -> None:
    _agree(reachable_states(30, seed=11))


def test_listing_and_resolve_agree_at_intermediate_and_master() -> None:
    """2s add-ons and neutralizations, 4th-card passes, answers, the river, the claims."""
    _agree(reachable_states(10, seed=5, preset="intermediate", deal_river=True, calendar_year=2026))
    _agree(reachable_states(10, seed=6, preset="master", deal_river=True))


def _agree(states) -> None:  # type: ignore[no-untyped-def]
    for state in states:
        page = GAME.legal_actions(state)
        listed = {key(e.action) for e in page.entries}
        loose = {key(e.action, True) for e in page.entries if e.orderings > 1}
        assert page.total_entries == len(page.entries)
        for entry in page.entries:
            assert GAME.resolve(state, entry.action).verdict.legal, entry.action.to_json()
        for action in candidates(state):
            legal = GAME.resolve(state, action).verdict.legal
            shown = key(action) in listed or key(action, True) in loose
            assert legal == shown, (action.to_json(), legal, GAME.state_to_json(state)["status"])


def test_paging_is_stable_and_totals_exact() -> None:
    for state in reachable_states(5, seed=3):
        whole = GAME.legal_actions(state)
        pieces: list[LegalEntry] = []
        offset: int | None = 0
        while offset is not None:
            page = GAME.legal_actions(state, offset=offset, limit=7)
            assert page.total_entries == whole.total_entries and page.total_actions == whole.total_actions
            pieces.extend(page.entries)
            offset = page.next_offset
        assert tuple(pieces) == whole.entries
