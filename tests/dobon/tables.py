"""Rigged Dobon tables for tests: a deck order from the hands wanted, and small drivers.

``rig`` builds a full ``deck_order`` that deals the given hands (round-robin from
seat 0), turns up ``opening`` and puts ``stock`` on top of the stock; the other
cards follow in deck order. The drivers apply actions through the game's own
JSON decoding so that tests speak the wire format.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_core.games.dobon import ACTION_CARDS, GAME, SUM_ONLY, DobonOptions
from rules_core.games.dobon.state import DobonState, Status
from rules_core.kernel import STANDARD_52, Verdict, format_card, parse_cards


def rig(hands: list[list[str]], opening: str, stock: list[str] | tuple[str, ...] = ()) -> list[str]:
    size = len(hands[0])
    assert all(len(h) == size for h in hands), "every seat is dealt the same number of cards"
    dealt = [hands[seat][i] for i in range(size) for seat in range(len(hands))]
    head = [*dealt, opening, *stock]
    assert len(set(head)) == len(head), f"a card twice in the rig: {head}"
    rest = [format_card(c) for c in STANDARD_52.cards if format_card(c) not in head]
    return head + rest


def options(preset: str = "sum_only", **changes: Any) -> DobonOptions:
    base = {"sum_only": SUM_ONLY, "action_cards": ACTION_CARDS}[preset]
    return replace(base, **changes)


def table(
    hands: list[list[str]],
    opening: str,
    stock: list[str] | tuple[str, ...] = (),
    *,
    preset: str = "sum_only",
    **changes: Any,
) -> DobonState:
    """A rigged deal; the hands' length must be the preset's deal size unless ``hand_size`` changes it."""
    order = parse_cards(rig(hands, opening, stock))
    return GAME.deal(seats=len(hands), options=options(preset, **changes), seed=7, deck_order=order)


def attempt(state: DobonState, **action: Any) -> tuple[Verdict, DobonState | None]:
    outcome = GAME.resolve(state, GAME.action_from_json(action))
    return outcome.verdict, outcome.state


def do(state: DobonState, **action: Any) -> DobonState:
    verdict, after = attempt(state, **action)
    assert verdict.legal, (action, [r.code for r in verdict.reasons], [r.message for r in verdict.reasons])
    assert after is not None
    return after


def refused(state: DobonState, **action: Any) -> set[str]:
    verdict, after = attempt(state, **action)
    assert not verdict.legal, (action, "was legal")
    assert after is None
    return {r.code for r in verdict.reasons}


def effects(state: DobonState, **action: Any) -> list[str]:
    verdict, _ = attempt(state, **action)
    assert verdict.legal, [r.code for r in verdict.reasons]
    return [e.name for e in verdict.effects]


def pass_check(state: DobonState) -> DobonState:
    """Every asked seat continues until the check is over."""
    while state.status is Status.CHECKING:
        assert state.turn is not None
        state = do(state, type="continue", seat=state.turn)
    return state


def as_json(state: DobonState) -> dict[str, Any]:
    return GAME.state_to_json(state)


def position(
    hands: list[list[str]],
    discard: list[str],
    *,
    preset: str = "sum_only",
    stock: list[str] | None = None,
    rest: str | int = "stock",
    turn: int = 0,
    step: str = "turn",
    top_owner: int | str | None = "previous",
    direction: int = 1,
    active_suit: str | None = None,
    obligation: int = 0,
    drawn: str | None = None,
    round_move: int = 10,
    **changes: Any,
) -> DobonState:
    """A mid-round position on an ordinary turn, checked by the game's own state validation.

    Cards not named go to the bottom of the stock (``rest="stock"``), under the discard
    pile (``"pile"``) or into one seat's hand (an int).
    """
    from rules_core.games.dobon.state import Step
    from rules_core.kernel import Suit

    seats = len(hands)
    named = [c for h in hands for c in h] + discard + list(stock or [])
    others = [format_card(c) for c in STANDARD_52.cards if format_card(c) not in named]
    hand_lists = [list(h) for h in hands]
    stock_list = list(stock or [])
    pile = list(discard)
    if rest == "stock":
        stock_list += others
    elif rest == "pile":
        pile = others + pile
    else:
        assert isinstance(rest, int)
        hand_lists[rest] += others
    owner = (turn - direction) % seats if top_owner == "previous" else top_owner
    top = parse_cards([pile[-1]])[0]
    state = DobonState(
        options=options(preset, **changes),
        seats=seats,
        seed=7,
        shuffles=0,
        hands=tuple(parse_cards(h) for h in hand_lists),
        draw_pile=parse_cards(stock_list),
        discard_pile=parse_cards(pile),
        status=Status.PLAYING,
        turn=turn,
        step=Step(step),
        direction=direction,
        active_suit=Suit(active_suit) if active_suit else top.suit,  # type: ignore[arg-type]
        top_owner=owner,  # type: ignore[arg-type]
        obligation=obligation,
        drawn=parse_cards([drawn])[0] if drawn else None,
        check=None,
        chain=(),
        winner=None,
        move=round_move,
        round=1,
        round_move=round_move,
        wins=(0,) * seats,
        record=(),
    )
    return GAME.state_from_json(GAME.state_to_json(state))
