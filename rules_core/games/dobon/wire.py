"""The Dobon state on the wire, declared once: its reader, writer and schemas derive from this.

The kernel reads every field (types, ranges, cards, seats, required/optional) from the
declarations below; this game adds only its cross-field rules: the deck conserved card by
card, ``leaders`` agreeing with ``wins``, and ``consistency.problems_of`` (states that
cannot arise in play). Those run only on a state whose every field reads.
"""

from __future__ import annotations

import itertools
from typing import Any

from ...kernel import MAX_SEED, STANDARD_52, STANDARD_SUITS, JsonReader, StateInvalid, Suit, WireSchemas
from ...kernel.actions import MAX_ACTION_CARDS
from ...kernel.effects import (
    CardsDrawn,
    CardsPlayed,
    DirectionReversed,
    PileReshuffled,
    RoundDrawn,
    RoundWon,
    SuitDeclared,
    TurnPassed,
    TurnSkipped,
)
from ...kernel.field_kinds import (
    CardKind,
    Cards,
    Const,
    Int,
    ListOf,
    Nested,
    OptionsKind,
    Seat,
    SeatCount,
    StrEnumKind,
    Text,
    card_schema,
    options_schema,
)
from ...kernel.fields import Field, Record
from ...kernel.problems import cards_conserved, check_conservation
from ...kernel.wire import action_components, effect_components, merge_components
from .consistency import problems_of
from .effects import CheckContinued, CheckStarted, DobonClaimed, MatchEnded, ObligationPassed, RoundStarted
from .engine import FIELDS as ENGINE_FIELDS
from .options import DobonOptions
from .standing import leaders
from .state import Check, CheckKind, Claim, DobonState, Resume, RoundRecord, Status, Step

PREFIX = "Dobon"
GAME_NAME = "dobon"
DECK = STANDARD_52
MAX_SEATS = 4
MAX_ROUNDS = 5
HOW = ("dobon", "return", "empty_hand", "stock_exhausted", "action_limit")
_BIG = 10**9
SEAT = Seat(max_seats=MAX_SEATS)

CLAIM = Record(
    name="ChainClaim",
    doc="One successful Dobon claim: a link of the return chain.",
    build=Claim,
    drop_when_invalid=True,
    fields=(
        Field("seat", SEAT, "The seat that claimed."),
        Field("cards", Cards(DECK), "The claimant's whole hand, as it was held."),
        Field("target", CardKind(DECK), "The card claimed on."),
        Field(
            "top",
            CardKind(DECK),
            "The card the claimant put on top (null without returns).",
            nullable=True,
            default=None,
        ),
    ),
)
RESUME = Record(
    name="Resume",
    doc="The ordinary moment that follows a check that brings no claim.",
    build=Resume,
    drop_when_invalid=True,
    fields=(
        Field("seat", SEAT, "The seat whose ordinary turn follows."),
        Field("step", StrEnumKind(Step), "What that seat may then do (`finish`: it wins)."),
    ),
)
CHECK = Record(
    name="Check",
    doc="A checking step: ordinary play paused while seats are asked whether they claim Dobon.",
    build=Check,
    fields=(
        Field(
            "kind",
            StrEnumKind(CheckKind),
            "What started the check: the opening card, a discard, a draw, a return.",
        ),
        Field(
            "asking",
            ListOf(Seat(code="out_of_range", max_seats=MAX_SEATS), max_len=MAX_SEATS, keep_fallbacks=False),
            "Seats still to answer, in order; the first (the state's `turn`) is asked now.",
        ),
        Field(
            "resume",
            Nested(RESUME),
            "What follows when nobody claims; null for a return check (the last claimant wins).",
            nullable=True,
        ),
    ),
)
ROUND_RECORD = Record(
    name="RoundRecord",
    doc="How one finished round of the match ended.",
    build=RoundRecord,
    fields=(
        Field("round", Int(1, MAX_ROUNDS), "The round's number, from 1."),
        Field("winner", SEAT, "The round's winner; null for a drawn round.", nullable=True, default=None),
        Field("how", Text(HOW), "How it ended: " + ", ".join(f"`{h}`" for h in HOW) + "."),
        Field("chain", ListOf(Nested(CLAIM), max_len=MAX_SEATS), "The claims that ended it, in order."),
    ),
)


def _cross_field_rules(r: JsonReader, state: DobonState, obj: Any) -> None:
    if r.problems:  # the game's rules read a state whose every field is what it says
        return
    hands, draw_pile, discard_pile = state.hands, state.draw_pile, state.discard_pile
    # Every valid state holds the deck exactly: the per-card pointers are only built to report.
    if not cards_conserved(DECK, [*itertools.chain.from_iterable(hands), *draw_pile, *discard_pile]):
        check_conservation(
            r,
            DECK,
            [
                *((f"/hands/{i}/{j}", (c,)) for i, h in enumerate(hands) for j, c in enumerate(h)),
                *((f"/draw_pile/{j}", (c,)) for j, c in enumerate(draw_pile)),
                *((f"/discard_pile/{j}", (c,)) for j, c in enumerate(discard_pile)),
            ],
        )
    if list(obj["leaders"]) != list(leaders(state.wins)):
        r.add("/leaders", "inconsistent", f"the seats with most wins are {list(leaders(state.wins))}")
    if discard_pile:
        problems_of(state, r)
    else:
        r.add("/discard_pile", "empty", "the discard pile always holds at least the opening card")


SEATS = SeatCount(lo=2, hi=MAX_SEATS, if_invalid=2)
_SUITS = StrEnumKind(Suit, members=STANDARD_SUITS)

STATE = Record(
    name="State",
    doc="A Dobon match in progress or over: everything the service needs, sent back unchanged.",
    build=DobonState,
    checks=(_cross_field_rules,),
    fields=(
        Field("game", Const(GAME_NAME), "The game: always `dobon`.", attr=None),
        Field(
            "options",
            OptionsKind(DobonOptions),
            "The rule options of this match (any left out: the default).",
        ),
        Field("seats", SEATS, f"Seats at the table, 2 to {MAX_SEATS}."),
        Field(
            "seed",
            Int(0, MAX_SEED),
            "The seed of the match; every deal and reshuffle is drawn from it.",
            view="omitted",
        ),
        Field("shuffles", Int(0, _BIG), "Reshuffles so far in the match (the number of the next one)."),
        Field(
            "hands",
            ListOf(Cards(DECK, max_len=0), max_len=MAX_SEATS, per_seat_code="wrong_length"),
            "Each seat's hand, by seat.",
            view="owner",
        ),
        Field("draw_pile", Cards(DECK), "The stock, top card first.", view="count"),
        Field("discard_pile", Cards(DECK), "The discard pile; the last card is the top."),
        Field(
            "status",
            StrEnumKind(Status),
            "`checking`: seats are asked about a claim; `playing`: an ordinary turn; "
            "`round_over`: between rounds; `over`: the match is over.",
        ),
        Field(
            "turn",
            SEAT,
            "The seat acting now (the asked seat in a check); null once the round is over.",
            nullable=True,
            default=None,
        ),
        Field(
            "step",
            StrEnumKind(Step),
            "What the seat on its ordinary turn may do (null outside `playing`).",
            nullable=True,
            default=None,
        ),
        Field("direction", Int(-1, 1, allowed=(1, -1)), "Direction of play: 1 or -1."),
        Field("active_suit", _SUITS, "The suit to follow (a wild eight may have changed it)."),
        Field(
            "top_owner",
            SEAT,
            "Who put the top card down (null: the opening card).",
            nullable=True,
            default=None,
        ),
        Field("obligation", Int(0, _BIG), "Cards owed by the seat facing a pending two (0: none)."),
        Field(
            "drawn",
            CardKind(DECK),
            "The card the seat on turn has just drawn (step `drawn`), else null.",
            nullable=True,
            default=None,
            view={
                "type": "object",
                "description": "Another seat's drawn card: only that there is one.",
                "properties": {"hidden": {"const": True, "description": "Always true."}},
                "required": ["hidden"],
                "additionalProperties": False,
            },
        ),
        Field(
            "check",
            Nested(CHECK),
            "The check in progress (null unless `status` is `checking`).",
            nullable=True,
        ),
        Field(
            "chain", ListOf(Nested(CLAIM), max_len=MAX_SEATS), "The return chain of the check in progress."
        ),
        Field(
            "winner",
            SEAT,
            "Between rounds: the winner of the round just ended (null: drawn); once the match is "
            "over: the sole leader (null when the lead is shared).",
            nullable=True,
            default=None,
        ),
        Field("move", Int(0, _BIG), "Actions so far in the match."),
        Field("round", Int(1, MAX_ROUNDS), "The round being played, from 1."),
        Field("round_move", Int(0, _BIG), "Actions so far in this round."),
        Field(
            "wins",
            ListOf(Int(0, MAX_ROUNDS, code="out_of_range"), max_len=MAX_SEATS, per_seat_code="wrong_length"),
            "Rounds won, by seat.",
        ),
        Field(
            "leaders",
            ListOf(SEAT, max_len=MAX_SEATS, read_items=False),
            "The seats with the most wins (derived from `wins`; sent back as it was).",
            derive=lambda state: leaders(state.wins),
        ),
        Field("record", ListOf(Nested(ROUND_RECORD), max_len=MAX_ROUNDS), "Every finished round, in order."),
    ),
)


def read_state(data: Any) -> DobonState:
    """The state ``data`` holds, or ``StateInvalid`` with every problem."""
    r = JsonReader()
    state = STATE.read_object(r, data, "", SEATS.context())
    if r.problems:
        raise StateInvalid(r.problems)
    return state  # type: ignore[no-any-return]


def write_state(state: DobonState) -> dict[str, Any]:
    return STATE.write(state)


EFFECTS: tuple[type, ...] = (
    CardsPlayed,
    SuitDeclared,
    CardsDrawn,
    PileReshuffled,
    ObligationPassed,
    TurnSkipped,
    DirectionReversed,
    TurnPassed,
    CheckStarted,
    CheckContinued,
    DobonClaimed,
    RoundWon,
    RoundDrawn,
    RoundStarted,
    MatchEnded,
)
EFFECT_DOCS = {
    "CheckStarted.kind": "What started the check: `opening`, `discard`, `draw` or `return`.",
    "CheckStarted.seats": "The seats to be asked, in order.",
    "ObligationPassed.count": "How many cards the seat now owes.",
    "MatchEnded.leaders": "The seats with the most wins.",
    "MatchEnded.wins": "Rounds won, by seat.",
    "DobonClaimed.cards": "The claimant's whole hand, revealed.",
    "total": "The hand's total.",
    "target": "The card claimed on.",
    "top": "The card put on top for returns (null without returns).",
    "round": "The round's number, from 1.",
}
#: The fields each action type takes (``engine.FIELDS``, which refuses any other), and whether each
#: is required: ``cards`` is (a play or a claim without cards is refused, ``no_cards``), the rest not.
#: Every field may be left out: a play naming no card is well-formed and answered as illegal.
ACTION_FIELDS = {kind: dict.fromkeys(names, False) for kind, names in ENGINE_FIELDS.items()}


def wire_schemas(action_types: dict[str, str]) -> WireSchemas:
    card = {"$ref": f"#/components/schemas/{PREFIX}Card"}
    components: dict[str, dict[str, Any]] = {
        PREFIX + "Card": card_schema(
            DECK, "A card of the standard 52-card deck: rank (A, 2-10, J, Q, K) then suit (S, H, D, C)."
        ),
        PREFIX + "Options": options_schema(
            DobonOptions,
            "The options of Dobon. Any option left out takes its value from the preset asked for; the "
            "defaults shown are those of the default preset, `sum_only`.",
        ),
        **{PREFIX + rec.name: rec.schema(PREFIX) for rec in (CLAIM, RESUME, CHECK, ROUND_RECORD, STATE)},
        PREFIX + "View": STATE.view_schema(
            PREFIX,
            "What one seat may see: the state without the seed, other hands and the stock as counts, "
            "another seat's drawn card hidden.",
            viewer_doc="The seat this view is for.",
        ),
    }
    fields: dict[str, dict[str, Any]] = {
        "cards": {
            "type": "array",
            "items": card,
            "maxItems": MAX_ACTION_CARDS,
            "description": "The cards: one card to play (several queens with queen bundles, the last "
            "on top), or the whole hand for a claim.",
        },
        # ``suit`` and ``top`` take null as "none named", as the request parser does.
        "suit": {
            "type": ["string", "null"],
            "enum": [*(s.value for s in STANDARD_SUITS), None],
            "description": "The suit a wild eight names (null or left out: none).",
        },
        "top": {
            "anyOf": [card, {"type": "null"}],
            "description": "With returns: the card of the hand put on top (null or left out: none).",
        },
    }
    actions, action = action_components(PREFIX, action_types, ACTION_FIELDS, fields, MAX_SEATS)
    effects, effect = effect_components(PREFIX, EFFECTS, EFFECT_DOCS, tuple(s.value for s in STANDARD_SUITS))
    components = merge_components(components, actions, effects)
    components[PREFIX + "Action"] = action
    components[PREFIX + "Effect"] = effect
    roles = {role: PREFIX + role.capitalize() for role in ("state", "view", "action", "effect", "options")}
    return WireSchemas(components=components, roles=roles)
