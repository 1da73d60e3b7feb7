"""What the fuzzer does to a reachable state before sending it.

Every mutation is a function ``(state, ctx, pick) -> description | None`` that edits
the state JSON in place (None: it does not apply to this state). ``pick(n)`` answers
an index in ``range(n)``: Hypothesis draws it, so a failing example shrinks towards
the first field, the first card, the smallest change. Some mutations keep the state
possible on purpose (cards swapped between hands, special cards dealt to the seat
that acts): those found the serious faults, which only valid states reach.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from rules_core.kernel import format_card

from .reachable import game_named

Pick = Callable[[int], int]
Path = tuple[Any, ...]

#: Values of the wrong type or range that replace a field.
JUNK: tuple[Any, ...] = (None, True, -1, 0, 1, 99, 2.5, "", "x", "SH1", "10W", [], ["AF"], {}, {"cards": 2})
#: Cards that change what a seat may do, per game: moved into the acting seat's hand.
#: dabong!: the three Shamans and the 2s (a pending 2 with the Shamans in hand ran away).
SPECIAL_CARDS: dict[str, tuple[str, ...]] = {
    "dabong": ("SH1", "SH2", "SH3", "2F", "2W", "2E", "2A", "QW"),
    "dobon": ("2S", "2H", "2D", "2C", "8S", "JS", "QS", "AS"),
    "99": ("KS", "10S", "4S", "9S", "AS", "QS"),
}
#: Fields each game keeps per seat or as records; emptying them found the scoring fault.
RECORD_FIELDS: dict[str, tuple[str, ...]] = {
    "dabong": (
        "scores",
        "years_used",
        "as_dealt",
        "one_card_announced",
        "previous_play",
        "shaman_identities",
    ),
    "dobon": ("wins", "leaders", "record", "chain", "check"),
    "99": ("hits", "eliminated", "play_pile"),
}
#: The largest a blown-up body may get: under the service's 256 KiB limit (past it: a 413).
INFLATED_BYTES = 240 * 1024


@dataclass(frozen=True, slots=True)
class Context:
    game: str
    deck: frozenset[str]


def positions(data: Any, path: Path = ()) -> list[Path]:
    """Every path in ``data`` below the root, parents before children."""
    out: list[Path] = []
    if isinstance(data, dict):
        for key, value in data.items():
            out.append((*path, key))
            out.extend(positions(value, (*path, key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out.append((*path, i))
            out.extend(positions(value, (*path, i)))
    return out


def get_at(data: Any, path: Path) -> Any:
    for step in path:
        data = data[step]
    return data


def _parent(data: Any, path: Path) -> Any:
    return get_at(data, path[:-1])


def card_zones(state: dict[str, Any], ctx: Context) -> list[Path]:
    """Paths of the lists that hold cards (hands, piles), empty lists included."""
    zones: list[Path] = []
    for path in [p for p in positions(state) if isinstance(get_at(state, p), list)]:
        value = get_at(state, path)
        named_pile = isinstance(path[-1], str) and path[-1].endswith("pile")
        in_hands = len(path) == 2 and path[0] == "hands"
        if (value and all(isinstance(c, str) and c in ctx.deck for c in value)) or (
            not value and (named_pile or in_hands)
        ):
            zones.append(path)
    return zones


def acting_seat(state: dict[str, Any], pick: Pick) -> int:
    """The seat on turn (the first pick), or another seat."""
    seats = state.get("seats")
    seats = seats if isinstance(seats, int) and 1 <= seats <= 8 else 1
    turn = state.get("turn")
    first = turn if isinstance(turn, int) and 0 <= turn < seats else 0
    return (first + pick(seats)) % seats


# -- generic mutations ---------------------------------------------------------------------


def remove_field(state: dict[str, Any], ctx: Context, pick: Pick) -> str | None:
    spots = positions(state)
    path = spots[pick(len(spots))]
    parent = _parent(state, path)
    del parent[path[-1]]
    return f"removed {_show(path)}"


def empty_field(state: dict[str, Any], ctx: Context, pick: Pick) -> str | None:
    spots = positions(state)
    path = spots[pick(len(spots))]
    value = get_at(state, path)
    empty = type(value)() if isinstance(value, (list, dict, str, int, float)) else None
    _parent(state, path)[path[-1]] = empty
    return f"emptied {_show(path)}"


def junk_value(state: dict[str, Any], ctx: Context, pick: Pick) -> str | None:
    spots = positions(state)
    path = spots[pick(len(spots))]
    value = JUNK[pick(len(JUNK))]
    _parent(state, path)[path[-1]] = copy.deepcopy(value)
    return f"{_show(path)} = {json.dumps(value)}"


def swap_fields(state: dict[str, Any], ctx: Context, pick: Pick) -> str | None:
    keys = list(state)
    if len(keys) < 2:
        return None
    a = keys[pick(len(keys))]
    b = keys[(keys.index(a) + 1 + pick(len(keys) - 1)) % len(keys)]
    state[a], state[b] = state[b], state[a]
    return f"swapped /{a} and /{b}"


def off_by_one(state: dict[str, Any], ctx: Context, pick: Pick) -> str | None:
    spots = [p for p in positions(state) if type(get_at(state, p)) is int]
    if not spots:
        return None
    path = spots[pick(len(spots))]
    delta = (1, -1)[pick(2)]
    _parent(state, path)[path[-1]] += delta
    return f"{_show(path)} {delta:+d}"


def shorten_per_seat(state: dict[str, Any], ctx: Context, pick: Pick) -> str | None:
    """Drop the last entry of a list kept per seat (at any depth: ``/scores/games`` too)."""
    seats = state.get("seats")
    spots = [
        p for p in positions(state) if isinstance(get_at(state, p), list) and len(get_at(state, p)) == seats
    ]
    if not spots:
        return None
    path = spots[pick(len(spots))]
    get_at(state, path).pop()
    return f"shortened {_show(path)}"


def move_card(state: dict[str, Any], ctx: Context, pick: Pick) -> str | None:
    zones = card_zones(state, ctx)
    sources = [z for z in zones if get_at(state, z)]
    if not sources or len(zones) < 2:
        return None
    src = sources[pick(len(sources))]
    cards = get_at(state, src)
    card = cards.pop(pick(len(cards)))
    dst = zones[pick(len(zones))]
    target = get_at(state, dst)
    target.insert(pick(len(target) + 1), card)
    return f"moved {card} from {_show(src)} to {_show(dst)}"


def swap_cards(state: dict[str, Any], ctx: Context, pick: Pick) -> str | None:
    """Exchange two cards between zones: every count stays as it was."""
    zones = [z for z in card_zones(state, ctx) if get_at(state, z)]
    if len(zones) < 2:
        return None
    a = zones[pick(len(zones))]
    b = zones[pick(len(zones))]
    ca, cb = get_at(state, a), get_at(state, b)
    i, j = pick(len(ca)), pick(len(cb))
    ca[i], cb[j] = cb[j], ca[i]
    if len(a) <= 2 and len(b) <= 2:  # top-level zones and hands, not a take-back's copies
        _drop_take_back(state)
    return f"swapped {_show((*a, i))} and {_show((*b, j))}"


def inflate(state: dict[str, Any], ctx: Context, pick: Pick) -> str | None:
    """Blow a card zone up to nearly the body limit: every copy is a problem to report."""
    zones = [z for z in card_zones(state, ctx) if get_at(state, z)]
    if not zones:
        return None
    path = zones[pick(len(zones))]
    cards = get_at(state, path)
    size = len(json.dumps(state))
    each = len(json.dumps(cards)) + 1
    times = max(1, (INFLATED_BYTES - size) // each)
    _parent(state, path)[path[-1]] = cards * times
    return f"{_show(path)} repeated {times} times"


# -- mutations that keep a state possible and reach what matters -------------------------


def _drop_take_back(state: dict[str, Any]) -> None:
    """dabong!'s take-back log says what the plays on top of the pile overwrote and where
    their cards sat: once the piles or hands change it no longer fits them. Without the log
    the state is still possible (those plays cannot be taken back), so the change reaches
    the rules."""
    if isinstance(state.get("take_back"), list) and state["take_back"]:
        state["take_back"] = []


def specials_to_hand(state: dict[str, Any], ctx: Context, pick: Pick) -> str | None:
    """Deal the game's special cards (dabong!'s Shamans and 2s) to the acting seat.

    Each is exchanged with a plain card of that hand, from another hand or the draw pile
    (never the piles in play, whose top cards other fields describe), so the state stays
    possible: the service must answer it within its budget.
    """
    hands = state.get("hands")
    if not isinstance(hands, list) or not hands or not all(isinstance(h, list) for h in hands):
        return None
    seat = acting_seat(state, pick) % len(hands)
    hand = hands[seat]
    specials = SPECIAL_CARDS.get(ctx.game, ())
    wanted = specials[: 1 + pick(len(specials))]
    sources: list[Path] = [("hands", i) for i in range(len(hands)) if i != seat] + [("draw_pile",)]
    moved = []
    for card in wanted:
        if card in hand:
            continue
        for src in sources:
            zone = state.get(src[0]) if len(src) == 1 else hands[src[1]]
            if isinstance(zone, list) and card in zone:
                plain = [i for i, c in enumerate(hand) if c not in specials]
                if plain:
                    i = plain[pick(len(plain))]
                    zone[zone.index(card)], hand[i] = hand[i], card
                else:
                    zone.remove(card)
                    hand.append(card)
                moved.append(card)
                break
    if moved:
        _drop_take_back(state)
    return f"gave {' '.join(moved)} to seat {seat}" if moved else None


def grow_hand(state: dict[str, Any], ctx: Context, pick: Pick) -> str | None:
    """Move up to 20 cards from the draw pile to the acting seat's hand (hands grow by drawing)."""
    hands, pile = state.get("hands"), state.get("draw_pile")
    if not (isinstance(hands, list) and hands and isinstance(pile, list) and pile):
        return None
    seat = acting_seat(state, pick) % len(hands)
    if not isinstance(hands[seat], list):
        return None
    count = min(len(pile), 1 + pick(20))
    taken = [pile.pop(0) for _ in range(count)]
    hands[seat].extend(taken)
    _drop_take_back(state)
    return f"seat {seat} drew {count} more"


def empty_record(state: dict[str, Any], ctx: Context, pick: Pick) -> str | None:
    """Empty a field the game keeps per seat or as a record (``"scores": {}``)."""
    names = [n for n in RECORD_FIELDS.get(ctx.game, ()) if n in state]
    if not names:
        return None
    name = names[pick(len(names))]
    value = state[name]
    state[name] = type(value)() if isinstance(value, (list, dict)) else None
    _drop_take_back(state)
    return f"emptied /{name}"


def master_level(state: dict[str, Any], ctx: Context, pick: Pick) -> str | None:
    options = state.get("options")
    if ctx.game != "dabong" or not isinstance(options, dict) or options.get("level") == "master":
        return None
    options["level"] = "master"
    _drop_take_back(state)
    return "options.level = master"


Mutation = Callable[[dict[str, Any], Context, Pick], str | None]

#: The possible-keeping ones first: a shrunk example then prefers them.
MUTATIONS: tuple[Mutation, ...] = (
    specials_to_hand,
    grow_hand,
    swap_cards,
    empty_record,
    master_level,
    off_by_one,
    shorten_per_seat,
    move_card,
    remove_field,
    empty_field,
    swap_fields,
    junk_value,
    inflate,
)


#: How many of the first ``MUTATIONS`` keep a state possible when they apply.
KEEPS_POSSIBLE = 4


@cache
def context_for(game: str) -> Context:
    deck = frozenset(format_card(c) for c in game_named(game).deck.cards)
    return Context(game=game, deck=deck)


def mutate(game: str, state: dict[str, Any], pick: Pick, count: int) -> tuple[dict[str, Any], list[str]]:
    """``count`` mutations of a copy of ``state`` (those that do not apply are skipped)."""
    ctx = context_for(game)
    out = copy.deepcopy(state)
    done: list[str] = []
    for _ in range(count):
        if not isinstance(out, dict) or not out:
            break
        # Half the draws go to the ones that keep a state possible: most mutations make it
        # impossible, and the serious faults were all found with possible states.
        pool = MUTATIONS[:KEEPS_POSSIBLE] if pick(2) == 0 else MUTATIONS
        described = pool[pick(len(pool))](out, ctx, pick)
        if described:
            done.append(described)
    return out, done


def _show(path: Path) -> str:
    return "/" + "/".join(str(p) for p in path)
