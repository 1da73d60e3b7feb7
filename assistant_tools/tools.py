"""The assistant tools: what each takes (typed, described for a model) and answers (small).

Each tool is a plain function of its arguments that returns a JSON object or raises
``ToolProblem``; ``assistant_tools.server`` serves them over MCP and ``assistant_tools.manifest``
lists them for function calling, both from these signatures and docstrings. A tool builds the
body of the HTTP request it stands for (``HTTP``: the same member names, so a problem's pointers
point into the arguments) and runs the service's operation on it through ``bridge``; then it
keeps what an assistant needs to answer a player: the verdict, the deciding rule (id and
title), why in a player's words, what happens next, what was assumed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from rules_core.games import REGISTRY
from rules_core.reference.ask import DEFAULT_LIMIT, MAX_LIMIT

from . import answers
from .bridge import shared

#: The games, as the ``game`` argument's enum.
GAMES = list(REGISTRY.names())
#: The rule levels a search may keep (beside the rules that always apply), as its enum.
LEVELS = sorted({rule.level for game in REGISTRY for rule in game.rules} - {"all"})
#: The longest question, as the HTTP search takes it (``q``).
QUESTION_CHARS = 400

_CARDS = (
    "Cards are rank then suit: QS, 10H, AD (suits S H D C); dabong! suits are F W E A (Fire, Water, "
    "Earth, Air) and its Shamans SH1 SH2 SH3. Seats are 0-based: the player asking is usually seat 0."
)


def _situation_facts() -> str:
    """Each game's situation members, from the game's own declaration (a game without
    situations says so, and takes a state)."""
    said = []
    for game in REGISTRY:
        spec = game.situations
        if spec is None:
            said.append(f"{game.name}: none yet (send `state`)")
            continue
        nested = {r.name: r for r in spec.nested}
        names = []
        for field in spec.record.fields:
            inner = _nested_name(field)
            record = nested.get(inner) if inner else None
            if record is not None:
                names.append(f"{field.name}[{{{', '.join(f.name for f in record.fields)}}}]")
            else:
                names.append(field.name)
        example = f"; e.g. {_compact_json(spec.examples[0][1])}" if spec.examples else ""
        said.append(f"{game.name}: {', '.join(names)}{example}")
    return " | ".join(said)


def _nested_name(field: Any) -> str | None:
    """The record a field nests (one record, or a list of records), if any."""
    kind = getattr(field.kind, "item", field.kind)
    record = getattr(kind, "record", None)
    name = getattr(record, "name", None)
    return name if isinstance(name, str) else None


def _compact_json(value: Any) -> str:
    import json

    return json.dumps(value, separators=(",", ":"))


# -- argument types -------------------------------------------------------------------------
Game_ = Annotated[
    str,
    Field(
        description="The game: '99', 'dobon' (Dobon) or 'dabong' (dabong!).",
        json_schema_extra={"enum": GAMES},
    ),
]
Situation = Annotated[
    dict[str, Any] | None,
    Field(
        description=(
            "The position as the player states it; everything left out is filled in and said in "
            f"`assumed`. Give `situation` or `state`, not both. Members per game: {_situation_facts()}. "
            f"{_CARDS}"
        ),
    ),
]
State = Annotated[
    dict[str, Any] | None,
    Field(
        description=(
            "A whole table state exactly as `deal` or `play` answered it (for a practice game). "
            "Give `state` or `situation`, not both."
        ),
    ),
]


class Action(BaseModel):
    """A proposed action; members that make no sense for its type are reported by the game."""

    model_config = ConfigDict(extra="allow", strict=True)

    type: str = Field(
        min_length=1,
        max_length=40,
        description=(
            "The action type. 99: play. Dobon: play, draw, take, end_turn, claim, continue, "
            "next_round. dabong!: play, draw, pick_up, claim_natural, announce_one_card, "
            "ask_card_count, take_back, trade, pass, claim_gross, claim_half_deck, "
            "claim_worst_hand, claim_once_a_year, declare_opening, take_opening_shaman, next_game."
        ),
    )
    seat: int = Field(ge=0, le=15, description="The acting seat (0-based).")
    cards: list[str] | None = Field(
        default=None,
        max_length=120,
        description="Cards in the order laid (the last one ends on top); a Dobon claim: the whole hand.",
    )
    suit: str | None = Field(default=None, description="A declared suit (after an 8 or a Jack), one letter.")
    declare: dict[str, str] | None = Field(
        default=None, description="dabong! Shamans: Shaman card -> the real card it is declared as."
    )
    value: int | None = Field(
        default=None, ge=0, le=10_000, description="A chosen number (a Shaman's value in a natural dabong!)."
    )
    top: str | None = Field(
        default=None, description="A chosen card (the card put on top in a Dobon return)."
    )


def _action_json(action: Action) -> dict[str, Any]:
    return action.model_dump(exclude_unset=True)


def _table(situation: dict[str, Any] | None, state: dict[str, Any] | None) -> dict[str, Any]:
    """The body's table members as given (the request schema refuses both or neither)."""
    out: dict[str, Any] = {}
    if situation is not None:
        out["situation"] = situation
    if state is not None:
        out["state"] = state
    return out


# -- the tools ----------------------------------------------------------------------------
def search_rules(
    game: Game_,
    question: Annotated[
        str,
        Field(
            min_length=1,
            max_length=QUESTION_CHARS,
            description="The player's question as asked, e.g. 'what is a King worth?', 'can I call Dobon on "
            "my own discard?', 'what does the Queen of Water do?'. Cards by name or notation.",
        ),
    ],
    limit: Annotated[
        int,
        Field(ge=1, le=MAX_LIMIT, strict=True, description=f"Most hits answered (default {DEFAULT_LIMIT})."),
    ] = DEFAULT_LIMIT,
    level: Annotated[
        str | None,
        Field(
            description="Only rules of this dabong! rule level, and those that always apply (99 and Dobon "
            "have one level). Absent: every level.",
            json_schema_extra={"enum": [*LEVELS, None]},
        ),
    ] = None,
    examples: Annotated[
        bool,
        Field(strict=True, description="Also answer each hit's worked examples (KBs each: prefer get_rule)."),
    ] = False,
) -> dict[str, Any]:
    """Find the rules that answer a rules question (no table needed).

    Answers `matched` and at most `limit` `hits`, best first, each with the stable `id` to cite,
    the rule's `title`, `level`, its `source` (`document`: the game's rule document says so;
    `ruling`: the project's `ruling`, id and title, where the document is open) and a `snippet`
    of its statement (the sentences that best match, at most 300 characters). When no rule covers
    the question, `matched` is false, `hits` empty and `message` says so (naming the words no rule
    mentions): tell the player, do not guess. For the whole text and worked examples of a hit,
    call get_rule. For a question about a concrete position ("may I play this here?"), call
    check_play instead.
    """
    from service.resources.reference import rulebook, search_answer

    bridge = shared()
    args: dict[str, Any] = {"q": question, "limit": limit}
    if level is not None:
        args["level"] = level
    if examples:
        args["examples"] = True

    def work() -> dict[str, Any]:
        return search_answer(rulebook(bridge.game(game)), args)

    return bridge.run(args, work)


def get_rule(
    game: Game_,
    rule_id: Annotated[
        str,
        Field(
            min_length=1,
            max_length=120,
            description="A stable rule id, e.g. '99.king', 'dobon.claim.whole_hand', 'dabong.addition'.",
        ),
    ],
    examples: Annotated[
        bool, Field(strict=True, description="Also answer the rule's worked examples (titles and verdicts).")
    ] = False,
) -> dict[str, Any]:
    """Read one rule by its id: its statement, level, the options that switch it, and whether it
    rests on the rule document or on a project ruling (with the ruling's text).

    Use it after search_rules, or to quote a rule a verdict cited. `examples: true` adds its
    worked examples: each a title, the action asked about and the verdict the service gives
    (`legal`, reason `code`). An unknown id is a `not-found` error.
    """
    from service.resources.reference import rule_answer

    bridge = shared()

    def work() -> dict[str, Any]:
        found = bridge.game(game)
        return answers.rule(found, rule_answer(found, rule_id), examples=examples)

    return bridge.run({"rule_id": rule_id}, work)


def check_play(
    game: Game_,
    action: Annotated[Action, Field(description="The action the player asks about.")],
    situation: Situation = None,
    state: State = None,
) -> dict[str, Any]:
    """Judge one action in a position: is it legal, why (in a player's words), the rule that
    decided (id and title, document or ruling), and what happens next. Nothing is applied.

    Answers `legal`, the reason `code`, `rule` (cite it), `source`, `answer` (the deciding
    sentence, worded for the acting seat: "you"), `then` (what follows: who draws, is skipped,
    the new Count, who acts next), `legal_under` for a refused action (presets or options under
    which it would be legal) and `assumed` (what was filled in around a situation). A moment no
    game reaches is an `unreachable-situation` error naming the rule.
    """
    from service.resources.reference import explain_answer
    from service.schemas_reference import ExplainRequestSchema

    bridge = shared()
    body = {**_table(situation, state), "action": _action_json(action), "voice": "player"}

    def work() -> dict[str, Any]:
        found = bridge.game(game)
        return answers.check(explain_answer(found, bridge.load(found, ExplainRequestSchema, body)))

    return bridge.run(body, work)


def list_plays(
    game: Game_,
    situation: Situation = None,
    state: State = None,
    seat: Annotated[
        int | None,
        Field(ge=0, le=15, strict=True, description="Only this seat's actions (else every seat's)."),
    ] = None,
    types: Annotated[
        list[str] | None,
        Field(min_length=1, max_length=50, description="Only actions of these types, e.g. ['play']."),
    ] = None,
    patterns: Annotated[
        list[str] | None,
        Field(
            min_length=1,
            max_length=50,
            description="Only plays of these patterns or rules, e.g. ['addition'] or ['99.king'].",
        ),
    ] = None,
    limit: Annotated[int, Field(ge=1, le=50, strict=True, description="Entries per page.")] = 10,
    cursor: Annotated[
        str | None,
        Field(max_length=200, description="`next_cursor` of the previous page (same table and filter)."),
    ] = None,
) -> dict[str, Any]:
    """List the legal actions in a position, a short page at a time, each with the patterns or
    rules that make it legal ("what can I play here?").

    Filter with `seat`, `types` and `patterns`; `total` counts every entry of the filtered
    listing and `next_cursor` (when set) fetches the next page. An entry may stand for several
    orders of the same cards (`orderings`, `note`).
    """
    from service.operations import legal_actions
    from service.schemas import LegalActionsRequestSchema

    bridge = shared()
    body: dict[str, Any] = {**_table(situation, state), "limit": limit}
    for name, value in (("seat", seat), ("types", types), ("patterns", patterns), ("cursor", cursor)):
        if value is not None:
            body[name] = value

    def work() -> dict[str, Any]:
        found = bridge.game(game)
        loaded = bridge.load(found, LegalActionsRequestSchema, body)
        return answers.listing(legal_actions(found, loaded, bridge.limits()))

    return bridge.run(body, work)


def explain(
    game: Game_,
    situation: Situation = None,
    state: State = None,
) -> dict[str, Any]:
    """Say what a position means: whose turn it is, who may act out of turn (claims, answers:
    the windows open) and what each seat may do (play, draw, take a penalty ...), each with the
    rules that allow it, and what was assumed around a situation.

    Answers `turn`, `over`, `seats` (each acting seat: `in_turn` and its action types with how
    many entries each and the rules behind them) and `sentences` saying the same in words.
    """
    from service.operations import problem_for, read_table
    from service.schemas import TableRequestSchema

    bridge = shared()
    body = _table(situation, state)

    def work() -> dict[str, Any]:
        found = bridge.game(game)
        loaded = bridge.load(found, TableRequestSchema, body)
        problems: list[Any] = []
        table, assumed = read_table(found, loaded, problems)
        if problems:
            raise problem_for(problems, "invalid-state")
        return answers.position(found, table, assumed)

    return bridge.run(body, work)


def deal(
    game: Game_,
    seats: Annotated[
        int, Field(ge=2, le=8, strict=True, description="Seats (99: 2-8, Dobon: 2-4, dabong!: 2-5).")
    ],
    preset: Annotated[
        str | None,
        Field(
            max_length=60,
            description="99: standard, always_blowback, no_clubs; Dobon: sum_only, action_cards; "
            "dabong!: beginner, intermediate, master. The game's default when absent.",
        ),
    ] = None,
    options: Annotated[
        dict[str, Any] | None, Field(description="Option overrides on top of the preset: name -> value.")
    ] = None,
    seed: Annotated[
        int | None,
        Field(ge=0, le=2**63 - 1, strict=True, description="Seeds the shuffle (random when absent)."),
    ] = None,
) -> dict[str, Any]:
    """Deal a practice game: the first `state` (pass it unchanged to play, suggest, check_play,
    list_plays or explain), whose `turn` it is and who may act (`to_act`).
    """
    from service.operations import deal as deal_op
    from service.schemas import DealRequestSchema

    bridge = shared()
    body: dict[str, Any] = {"seats": seats}
    for name, value in (("preset", preset), ("options", options), ("seed", seed)):
        if value is not None:
            body[name] = value

    def work() -> dict[str, Any]:
        found = bridge.game(game)
        return answers.table(deal_op(found, bridge.load(found, DealRequestSchema, body)))

    return bridge.run(body, work)


def play(
    game: Game_,
    state: Annotated[dict[str, Any], Field(description="The table state, as deal or play answered it.")],
    action: Annotated[Action, Field(description="The action to make.")],
) -> dict[str, Any]:
    """Make one action in a practice game: the next `state` (send it back unchanged next time),
    whose `turn` it is, `to_act`, `over`, and what happened in a player's words with the rules
    cited. An illegal action is an `illegal-action` error carrying the verdict; nothing changes.
    """
    from service.operations import apply
    from service.resources.reference import explain_answer
    from service.schemas import StateActionRequestSchema

    bridge = shared()
    body = {"state": state, "action": _action_json(action)}

    def work() -> dict[str, Any]:
        found = bridge.game(game)
        loaded = bridge.load(found, StateActionRequestSchema, body)
        applied = apply(found, loaded)
        said = explain_answer(found, {**loaded, "voice": "player"})
        return answers.applied(applied, said)

    return bridge.run(body, work)


def suggest(
    game: Game_,
    seat: Annotated[int, Field(ge=0, le=15, strict=True, description="The seat to suggest an action for.")],
    situation: Situation = None,
    state: State = None,
    level: Annotated[
        str,
        Field(
            description="The CPU player's strength.",
            json_schema_extra={"enum": ["random", "easy", "normal", "strong"]},
        ),
    ] = "normal",
    seed: Annotated[int, Field(ge=0, le=2**63 - 1, strict=True, description="Seeds the choice.")] = 0,
) -> dict[str, Any]:
    """Suggest an action for a seat (a hint, or a CPU opponent's move): one legal `action` and a
    short `rationale`. The CPU player sees only that seat's view. `action` is null when the seat
    has nothing to do now.
    """
    from service.schemas_bots import SuggestRequestSchema
    from service.suggest import suggest as suggest_op

    bridge = shared()
    body: dict[str, Any] = {**_table(situation, state), "seat": seat, "level": level, "seed": seed}

    def work() -> dict[str, Any]:
        found = bridge.game(game)
        return answers.suggestion(suggest_op(found, bridge.load(found, SuggestRequestSchema, body)))

    return bridge.run(body, work)


#: Every tool, in the order listed.
TOOLS: tuple[Callable[..., dict[str, Any]], ...] = (
    search_rules,
    get_rule,
    check_play,
    list_plays,
    explain,
    deal,
    play,
    suggest,
)
