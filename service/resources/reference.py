"""The rules reference: the rulebook, one rule, search, and explanations of a verdict.

What chat assistants and front ends query and cite. Rulebooks are built once per
process and game (the core is deterministic, so the worked examples' states never
change) and kept in the app's extensions.
"""

from __future__ import annotations

import copy
import logging
from typing import Any

from flask import Response, current_app
from marshmallow import RAISE

from rules_core.kernel import Game, Problem, Rank
from rules_core.reference import ExampleBroken, Rulebook, explain, public

from .. import operations
from ..encoding import verdict_json
from ..extensions import Blueprint
from ..problems import ApiProblem
from ..responses import json_answer
from ..schemas_reference import (
    ExplainAnswerSchema,
    ExplainRequestSchema,
    RulebookSchema,
    RulesQuerySchema,
    RulesSearchAnswerSchema,
    RulesSearchQuerySchema,
    SectionSchema,
)
from ..voice import player_voice, rulings_of, to_act_after
from .common import game_named

log = logging.getLogger(__name__)
DEFAULT_SEARCH_LIMIT = 10

blp = Blueprint(
    "reference",
    __name__,
    url_prefix="/v1/games",
    description="The rules reference: rulebook sections with stable ids, search, explanations.",
)


def rulebook(game: Game[Any]) -> Rulebook:
    """The game's rulebook, built on first use in this process."""
    books: dict[str, Rulebook] = current_app.extensions.setdefault("table_judge_rulebooks", {})
    book = books.get(game.name)
    if book is None:

        def broken(exc: ExampleBroken) -> None:  # served without it; the test suite names it
            log.error("worked example left out of the %s rulebook: %s", game.name, exc)

        book = Rulebook(game, rulings_of(game), on_broken=broken)
        books[game.name] = book
    return book


def rules_answer(game: Game[Any], book: Rulebook, args: dict[str, Any]) -> dict[str, Any]:
    query, level = args.get("q"), args.get("level")
    if query is not None:
        found = book.search(query, limit=len(game.rules))
        if level is not None:
            found = [s for s in found if s["level"] in (level, "all")]
        limit = args.get("limit", DEFAULT_SEARCH_LIMIT)
    else:
        found = book.sections(level)
        limit = args.get("limit", len(found))
    return {
        "game": game.name,
        "query": query,
        "level": level,
        "total": len(found),
        "sections": [public(s) for s in found[:limit]],
    }


def search_answer(book: Rulebook, args: dict[str, Any]) -> dict[str, Any]:
    options = {k: args[k] for k in ("limit", "level", "examples") if k in args}
    return book.ask(args["q"], **options)


def rule_answer(game: Game[Any], rule_id: str) -> dict[str, Any]:
    section = rulebook(game).section(rule_id)
    if section is None:
        raise ApiProblem(
            "not-found",
            f"{game.name} has no rule {rule_id!r}; GET /v1/games/{game.name}/rules lists them",
            [Problem(pointer="/rule_id", code="unknown_rule", message=f"no rule {rule_id!r}")],
        )
    return public(section)


def explain_answer(game: Game[Any], body: dict[str, Any]) -> dict[str, Any]:
    state, action, viewer, assumed = operations.read_state_and_action(game, body, applied=False)
    with operations.state_found_invalid("/state"):
        outcome = game.resolve(state, action)
    if body.get("voice", "plain") == "player":
        answer = player_voice(game, state, action, outcome, viewer)
    else:
        to_act = to_act_after(game, outcome, action, viewer)
        sentences = explain(game, outcome.verdict, to_act, viewer)
        answer = {"voice": "plain", "sentences": [s.to_json() for s in sentences]}
    answer["verdict"] = verdict_json(outcome.verdict, viewer, game)
    return operations.with_assumptions(answer, assumed)


@blp.route("/<game>/rules", methods=["GET"])
@blp.doc(operationId="get_rules")
@blp.arguments(RulesQuerySchema(), location="query", unknown=RAISE)
@blp.response(200, RulebookSchema())
@blp.alt_response(404, response="NOT_FOUND")
def rules(args: dict[str, Any], game: str) -> Response:
    """The rulebook, or a search in it

    Without `q`: every section of the game's rulebook in order, each with its stable `id` (the
    `rule_id` that verdict reasons, effects and interpretations cite), `title`, rule `level` or
    preset, the `options` that switch it, a concise `statement`, the `ruling` taken where the rule
    document is open (id, title, text), `not_adjudicated` (why, for parts the service cannot judge:
    etiquette, documents it does not have), the rule-document `sources` it covers, the
    `reason_codes` citing it and worked `examples`: each `request` is a `{"state", "action"}` body to
    POST unchanged to `/v1/games/{game}/validate`, which answers with `expect` (`legal`, and a
    reason `code` among its reasons). With `q` (a question or keywords): the best-matching sections
    first (titles, statements, examples and sources are searched), each with its `score`, at most
    `limit` (default 10); a question no rule covers finds none (`total: 0`). `level` keeps only the
    sections of that level plus those that always apply. For a question as a player asks it with a
    compact answer (a few rules, one short snippet each), use `GET /v1/games/{game}/rules/search`.
    """
    found = game_named(game)
    return json_answer(rules_answer(found, rulebook(found), args))


@blp.route("/<game>/rules/search", methods=["GET"])
@blp.doc(operationId="search_rules")
@blp.arguments(RulesSearchQuerySchema(), location="query", unknown=RAISE)
@blp.response(200, RulesSearchAnswerSchema())
@blp.alt_response(404, response="NOT_FOUND")
def search_rules(args: dict[str, Any], game: str) -> Response:
    """A rules question answered in a few lines

    `q` is a question as a player asks it: cards by name in the game's words (`Queen of Spades`,
    `Jack of Water`, `a 4`, `fours`, `Shaman 1`) or notation (`QS`), values (`worth`, `count as`,
    `how many points`), `face cards`, `my own discard`, `pick up`, `miss a turn`, `reverse`. The
    answer lists at most `limit` (default 3) `hits`, best first, each a rule's `id` (look it up with
    `GET /v1/games/{game}/rules/{rule_id}`), `title`, `level`, `source` (`document`, or `ruling`
    with the project `ruling`'s id and title where the document is open) and one `snippet`: the
    statement, or the sentences of it that best match the question (at most 300 characters).
    Worked examples only with `examples=true`. A typical answer is under 2 KB.

    When no rule covers the question (`can I play online?`, `what colour is the box?`) the answer
    says so: `matched: false`, no hits and a `message` naming the words no rule mentions, rather
    than the least bad rules. `level` keeps the rules of that level and those that always apply.
    """
    return json_answer(search_answer(rulebook(game_named(game)), args))


@blp.route("/<game>/rules/<rule_id>", methods=["GET"])
@blp.doc(operationId="get_rule")
@blp.response(200, SectionSchema())
@blp.alt_response(404, response="NOT_FOUND")
def rule(game: str, rule_id: str) -> Response:
    """One rule of the rulebook

    The section with this stable id (for instance a `rule_id` from a verdict's reasons, such as
    `99.king`, `dobon.claim.whole_hand` or `dabong.addition`), shaped as in
    `GET /v1/games/{game}/rules`: statement, level, options, ruling, worked examples ready to POST to
    `validate`. An unknown id is a 404 problem (`urn:table-judge:problem:not-found`).
    """
    return json_answer(rule_answer(game_named(game), rule_id))


@blp.route("/<game>/explain", methods=["POST"])
@blp.doc(operationId="explain_action")
@blp.arguments(ExplainRequestSchema())
@blp.response(200, ExplainAnswerSchema())
@blp.alt_response(400, response="BAD_REQUEST")
@blp.alt_response(404, response="NOT_FOUND")
@blp.alt_response(413, response="REQUEST_ENTITY_TOO_LARGE")
@blp.alt_response(415, response="UNSUPPORTED_MEDIA_TYPE")
def explain_action(body: dict[str, Any], game: str) -> Response:
    """Explain a verdict in plain language

    Takes the same body as `validate` (`{"state", "action"}`) and answers the `verdict` with
    `sentences`, each a plain-language `text` and the `rule_ids` it rests on (look them up with
    `GET /v1/games/{game}/rules/{rule_id}`). For an illegal action: why it is refused, and for a
    play that fits no pattern the patterns that came closest with what each is missing (for dabong!
    "an addition needs one suit: 7F and 2W differ"). For a legal one: why, which pattern(s) it is,
    then what happens (who draws, who is skipped, the new Count, who must answer a check) and who
    acts next. Nothing is applied. 422 when the state is impossible or the action malformed.

    `voice: "player"` answers the seat the action is for, as a player reads it: cards in words
    ("Jack of Water", "5 of Fire", "Shaman 1", "Queen of Spades"), "you" for that seat and "the next
    player" for the seat after it, each sentence with the `rule` that decided (id and title) and its
    `source`: `document`, or `ruling` with the project `ruling` (id, title) where the rule document
    is open. A refused action is judged again under each other preset (a dabong! level) and with
    each yes/no option flipped and each other choice of a choice option; those that allow it are
    listed in `legal_under` and said ("It would be legal from Intermediate", "It would be legal with
    returns off"). A `situation` may be given in place of `state`, as for `validate`.
    """
    return json_answer(explain_answer(game_named(game), body))


def reference_examples(game: Game[Any]) -> dict[str, tuple[dict[str, Any] | None, Any]]:
    """Real answers for the OpenAPI document: a search, one rule, one explanation."""
    from ..examples import game_examples

    book = Rulebook(game, rulings_of(game), on_broken=lambda exc: None)
    first = next(iter(game.rules), None)
    if first is None:
        return {}
    args = {"q": first.title, "limit": 1}
    out: dict[str, tuple[dict[str, Any] | None, Any]] = {"rules": (args, rules_answer(game, book, args))}
    with_example = next((s for s in book.sections() if s["examples"]), None)
    chosen = with_example if with_example is not None else book.section(first.id)
    assert chosen is not None
    out["rule"] = ({"rule_id": chosen["id"]}, public(chosen))
    king = next((c for c in game.deck.cards if c.rank is Rank.KING), game.deck.cards[0])
    question = {"q": f"What is the {game.card_name(king)} worth?"}
    out["search"] = (question, search_answer(book, question))
    if with_example is not None:
        request = copy.deepcopy(with_example["examples"][0]["request"])
    else:
        validate_example = game_examples(game).get("validate")
        if validate_example is None or validate_example[0] is None:
            return out
        request = copy.deepcopy(validate_example[0])
    out["explain"] = (request, explain_answer(game, copy.deepcopy(request)))
    return out
