"""The MCP server: the tools of ``assistant_tools.tools``, each game's rule index as a resource,
one rule as a resource template, and a prompt on citing rules.

Built with the official SDK's ``MCPServer``. Stateless like the HTTP API: nothing is kept
between calls (the client holds any table), and over streamable HTTP every request stands
alone (``stateless_http``). A tool's answer is its JSON twice, as MCP asks: ``structuredContent``
and the same JSON as text for clients that read only text. A refusal is a tool error
(``isError``) whose content is the problem document the HTTP API answers for the same request
(type, title, status, detail, errors with pointer, code and message); arguments that do not
match a tool's input schema are refused the same way (``invalid-request``, pointers into the
arguments).
"""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, TextContent
from pydantic import ValidationError

from rules_core.kernel import Problem
from service.config import MAX_BODY_BYTES
from service.jsonbody import escape
from service.problems import ApiProblem, payload_for
from service.version import __version__

from . import tools
from .bridge import ToolProblem, shared

NAME = "table-judge"

INSTRUCTIONS = """\
Table Judge adjudicates three card games: 99, Dobon and dabong!. Answer a player's rules \
question with these tools instead of from memory, and cite the rule that decided (its id and \
title, and whether it is the rule document or a project ruling).
- A general rules question: search_rules (then get_rule for the full text or worked examples).
- "May I play this here?" or "what happens if ...": check_play with a situation (the facts the \
player states: their hand, the Count or top card, whose turn) and the action. One call answers \
legal or not, why, the rule and what happens next.
- "What can I play?": list_plays. "What does this position mean?": explain.
- A practice game: deal, then play and suggest with the state each answer returns.
Errors are problem documents: fix the argument at each error's pointer."""

CITE_PROMPT = """\
You answer rules questions about {games} with the Table Judge tools.
1. Never answer a rules question from memory: call search_rules for a general question, \
check_play for a concrete position ("I hold ..., the Count is ..., may I ...?"), list_plays or \
explain for "what can I do here?". One call is usually enough; two at most.
2. Cite the deciding rule in every answer: its title and id in brackets, e.g. "King [99.king]". \
Say "(project ruling)" when the answer's `source` is `ruling`: the rule document is open there \
and the project decided.
3. Use the tool's own words for why (`answer`, `then`, `sentences`); do not add rules the tool \
did not give.
4. When a situation was filled in, mention what was assumed if it could matter (`assumed`).
5. When search_rules answers `matched: false`, say that no rule covers the question (its \
`message` names the words no rule mentions); do not guess. Otherwise read the hits' snippets and \
cite the hit that answers, by its `id`.
6. A tool error names the argument at fault (`errors[].pointer`) and why: fix it and call again, \
or tell the player what is missing."""


def _text(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def answer_result(answer: dict[str, Any]) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=_text(answer))], structured_content=answer)


def problem_result(problem: dict[str, Any]) -> CallToolResult:
    """A tool error carrying the problem document (as text and as structured content)."""
    return CallToolResult(
        content=[TextContent(type="text", text=_text(problem))], structured_content=problem, is_error=True
    )


_CODES = (
    ("missing", "missing"),
    ("extra_forbidden", "unknown_field"),
    ("_type", "wrong_type"),
    ("literal_error", "not_allowed"),
    ("enum", "not_allowed"),
    ("greater_than", "out_of_range"),
    ("less_than", "out_of_range"),
    ("too_long", "wrong_length"),
    ("too_short", "wrong_length"),
)


def validation_problem(error: ValidationError) -> dict[str, Any]:
    """Arguments the input schema refuses, as the HTTP API's ``invalid-request`` problem."""
    problems = []
    for item in error.errors(include_url=False, include_input=False):
        pointer = "".join(f"/{escape(str(part))}" for part in item["loc"]) or "/"
        kind = str(item["type"])
        code = next((c for part, c in _CODES if part in kind), "invalid")
        problems.append(Problem(pointer=pointer, code=code, message=str(item["msg"])))
    problems.sort(key=lambda p: p.pointer)
    detail = f"{len(problems)} problem(s) found; each is listed with a JSON pointer into the arguments"
    return payload_for(ApiProblem("invalid-request", detail, problems))


def served(impl: Callable[..., dict[str, Any]]) -> Callable[..., Any]:
    """``impl`` as an MCP tool: called on the server's own thread (the CPU limit's timer
    interrupts only the main thread), its answer or its problem as the call's result."""

    @functools.wraps(impl)
    async def call(**arguments: Any) -> CallToolResult:
        try:
            return answer_result(impl(**arguments))
        except ToolProblem as exc:
            return problem_result(exc.problem)

    return call


class TableJudgeServer(MCPServer[Any]):
    """``MCPServer`` whose argument refusals are problem documents too."""

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):
                return problem_result(validation_problem(exc.__cause__))
            raise


def rule_index(game_name: str) -> str:
    """A game's rules, one line each: id, title, level and source (what to cite)."""
    from service.resources.reference import rulebook

    bridge = shared()

    def work() -> str:
        game = bridge.game(game_name)
        lines = [f"# {game.title}: the rules (cite them by id)", ""]
        for section in rulebook(game).sections():
            source = "ruling" if section.get("ruling") else "document"
            level = "" if section["level"] == "all" else f", {section['level']}"
            lines.append(f"- {section['id']}: {section['title']} ({source}{level})")
        return "\n".join(lines) + "\n"

    try:
        return bridge.run({}, work)
    except ToolProblem as exc:
        return _text(exc.problem)


def build() -> TableJudgeServer:
    server = TableJudgeServer(
        NAME,
        title="Table Judge",
        description="Rules adjudication for 99, Dobon and dabong!: rule search, verdicts, practice games.",
        instructions=INSTRUCTIONS,
        version=__version__,
        log_level="WARNING",
    )
    for impl in tools.TOOLS:
        server.add_tool(
            served(impl),
            name=impl.__name__,
            description=inspect.cleandoc(impl.__doc__ or ""),
            structured_output=False,
        )
    for name in tools.GAMES:
        server.resource(
            f"table-judge://rules/{name}",
            name=f"{name}-rules",
            title=f"{name} rule index",
            description=f"Every rule of {name}: id, title, level, source (document or ruling).",
            mime_type="text/markdown",
        )(functools.partial(rule_index, name))

    @server.resource(
        "table-judge://rules/{game}/{rule_id}",
        name="rule",
        title="One rule",
        description="One rule by game and id, as get_rule answers it.",
        mime_type="application/json",
    )
    def one_rule(game: str, rule_id: str) -> str:
        try:
            return _text(tools.get_rule(game=game, rule_id=rule_id))
        except ToolProblem as exc:
            return _text(exc.problem)

    @server.prompt(
        name="cite_rules",
        title="Answer rules questions, citing the rules",
        description="How to answer a player's rules question with these tools and cite the deciding rule.",
    )
    def cite_rules() -> str:
        return CITE_PROMPT.format(games=", ".join(tools.GAMES))

    return server


def run(transport: str, host: str = "127.0.0.1", port: int = 8001) -> None:
    """Serve until stopped: ``stdio`` (a desktop assistant starts it) or ``http`` (streamable
    HTTP at ``http://host:port/mcp``)."""
    server = build()
    shared()  # the app and its caches before the first call, not during it
    if transport == "stdio":
        server.run("stdio")
    else:
        server.run(
            "streamable-http",
            host=host,
            port=port,
            stateless_http=True,
            json_response=True,
            max_request_body_size=MAX_BODY_BYTES,
        )
