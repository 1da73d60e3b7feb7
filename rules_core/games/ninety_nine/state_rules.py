"""The cross-field rules of a 99 state: what no field declaration can say.

The kernel reads every field from ``wire.STATE``'s declarations (types, ranges, cards,
seats); these checks then reject the tables that cannot arise in play: cards not
conserved, a Count the play pile does not explain, a pending Death Card with nothing
behind it, a turn that cannot be, the hits of a finished hand.
"""

from __future__ import annotations

from ...kernel import STANDARD_52, Card, JsonReader, check_conservation
from .clubs import settle_hits
from .counting import ACE_OF_DIAMONDS, LIMIT, can_play_any, count_after, is_death_card
from .state import NinetyNineState, Status

GAME_NAME = "99"
HAND_SIZE = 4
MIN_SEATS = 2
MAX_SEATS = 8


# -- checks ---------------------------------------------------------------------------
def check_cards(reader: JsonReader, state: NinetyNineState) -> None:
    zones: list[tuple[str, tuple[Card, ...]]] = [(f"/hands/{i}", h) for i, h in enumerate(state.hands)]
    zones += [("/draw_pile", state.draw_pile), ("/play_pile", state.play_pile)]
    check_conservation(reader, STANDARD_52, zones)
    if state.options.first_seat >= state.seats:
        reader.add(
            "/options/first_seat", "no_such_seat", f"seat {state.options.first_seat} is not at this table"
        )


def replay_count(reader: JsonReader, state: NinetyNineState) -> tuple[int | None, bool]:
    """Replay the play pile from ``count_base``: the Count it gives, and whether a Death Card is on top.

    An Ace of Diamonds at 99 is only ever a shield, so it must follow a Death Card
    (or open a pile reshuffled at 99 right after one).
    """
    count = state.count_base
    death_on_top = False
    for i, card in enumerate(state.play_pile):
        if card == ACE_OF_DIAMONDS and count == LIMIT:
            if not (death_on_top or (i == 0 and state.count_base == LIMIT)):
                reader.add(
                    f"/play_pile/{i}",
                    "impossible_play",
                    "the Ace of Diamonds at 99 only answers a Death Card",
                )
                return None, False
            death_on_top = False
            continue
        after = count_after(card, count)
        if after is None:
            reader.add(f"/play_pile/{i}", "impossible_play", f"{card} cannot be played on a Count of {count}")
            return None, False
        death_on_top = is_death_card(card, count)
        count = after
    return count, death_on_top


def check_play(reader: JsonReader, state: NinetyNineState) -> None:
    count, death_on_top = replay_count(reader, state)
    if count is not None and count != state.count:
        reader.add(
            "/count",
            "count_mismatch",
            f"the play pile, replayed from count_base {state.count_base}, gives {count}, not {state.count}",
        )
    _check_history(reader, state)
    live = state.live_seats()
    if len(state.eliminated) >= state.seats:
        reader.add("/eliminated", "nobody_left", "at least one seat is always still in the hand")
        return
    if state.status is Status.OVER:
        _check_over(reader, state, live)
        return
    for name in ("winner",):
        if getattr(state, name) is not None:
            reader.add(f"/{name}", "not_over", "only a finished hand has a winner")
    if state.hits:
        reader.add("/hits", "not_over", "hits are settled only when the hand is over")
    if len(live) < 2:
        reader.add("/eliminated", "hand_over", "with one seat left the hand is over")
        return
    if state.turn is None or not state.is_live(state.turn):
        reader.add(
            "/turn", "turn_not_live", f"the turn must point at a seat still in the hand, not {state.turn}"
        )
        return
    if state.status is Status.DEATH_CARD:
        _check_death_card(reader, state, death_on_top)
        return
    if state.attacker is not None:
        reader.add("/attacker", "no_death_card", "an attacker is recorded only while a shield is pending")
    if death_on_top and not state.eliminated:
        reader.add(
            "/play_pile", "death_card_unresolved", "a Death Card on top without a shield took someone out"
        )
    if not can_play_any(state.hands[state.turn], state.count):
        reader.add(
            "/turn",
            "turn_cannot_play",
            f"seat {state.turn} has no playable card on {state.count}: it would already be out",
        )


def _check_history(reader: JsonReader, state: NinetyNineState) -> None:
    if state.move < len(state.play_pile):
        reader.add(
            "/move",
            "move_too_small",
            f"{len(state.play_pile)} cards were played, more than move {state.move}",
        )
    if state.shuffles == 0:
        if state.count_base != 0:
            reader.add("/count_base", "no_reshuffle", "before any reshuffle the play pile starts from 0")
        if state.move != len(state.play_pile):
            reader.add(
                "/move", "move_mismatch", "before any reshuffle every move left a card on the play pile"
            )
    if state.move == 0 and state.status is Status.PLAYING and state.turn != state.options.first_seat:
        reader.add("/turn", "not_first_seat", f"the first turn belongs to seat {state.options.first_seat}")


def _check_death_card(reader: JsonReader, state: NinetyNineState, death_on_top: bool) -> None:
    if not (death_on_top or (not state.play_pile and state.count_base == LIMIT)):
        reader.add(
            "/status", "no_death_card", "a pending Death Card needs the Queen of Spades played at 99 on top"
        )
    attacker = state.attacker
    if attacker is None or not state.is_live(attacker) or attacker == state.turn:
        reader.add("/attacker", "bad_attacker", "the attacker must be a live seat other than the target")
    elif state.next_live(attacker) != state.turn:
        reader.add("/turn", "wrong_target", f"the Death Card attacks the next live seat after {attacker}")
    assert state.turn is not None
    if ACE_OF_DIAMONDS not in state.hands[state.turn]:
        reader.add(
            "/hands/" + str(state.turn), "no_shield", "a target without the Ace of Diamonds is out at once"
        )


def _check_over(reader: JsonReader, state: NinetyNineState, live: tuple[int, ...]) -> None:
    if state.turn is not None:
        reader.add("/turn", "hand_over", "nobody acts when the hand is over")
    if state.attacker is not None:
        reader.add("/attacker", "hand_over", "no Death Card is pending when the hand is over")
    if len(live) != 1:
        reader.add("/eliminated", "not_over", f"{len(live)} seats are still in: the hand is not over")
        return
    if state.winner != live[0]:
        reader.add("/winner", "wrong_winner", f"the last seat standing is {live[0]}")
        return
    expected, _ = settle_hits(state.hands, live[0], state.options)
    if expected != state.hits:
        reader.add("/hits", "wrong_hits", "the hits do not follow from the clubs in the final hands")
