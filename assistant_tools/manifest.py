"""The assistant tools for clients without MCP: the same tools as JSON schemas (function
calling), and the HTTP request of the service each call stands for.

The manifest is made from the very definitions the MCP server serves: each tool's input schema
is the SDK's own (``Tool.from_function`` on the served function, as ``MCPServer.list_tools``
answers it; ``tests/assistant`` compares the two), its description the tool's docstring.
``GET /v1/assistant/tools`` serves it. Nothing here starts a server.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any
from urllib.parse import quote, urlencode

from rules_core.reference.ask import DEFAULT_LIMIT
from service.version import __version__

from . import tools

#: Where the MCP server listens by default (``python -m assistant_tools --transport http``).
DEFAULT_HTTP_URL = "http://127.0.0.1:8001/mcp"

#: The HTTP operation each tool stands for (its body is made by ``http_request``).
HTTP_OPERATIONS = {
    "search_rules": "GET /v1/games/{game}/rules/search?q={question}&limit={limit}&level={level}"
    "&examples={examples}",
    "get_rule": "GET /v1/games/{game}/rules/{rule_id}",
    "check_play": 'POST /v1/games/{game}/explain with "voice": "player"',
    "list_plays": "POST /v1/games/{game}/legal-actions",
    "explain": "POST /v1/games/{game}/situations (a situation) or .../legal-actions (a state)",
    "deal": "POST /v1/games/{game}/deal",
    "play": "POST /v1/games/{game}/apply",
    "suggest": "POST /v1/games/{game}/suggest",
}


def tool_entries() -> list[dict[str, Any]]:
    """Each tool's name, description and input schema, exactly as the MCP server lists them."""
    from mcp.server.mcpserver.tools.base import Tool

    from .server import served

    out = []
    for impl in tools.TOOLS:
        description = inspect.cleandoc(impl.__doc__ or "")
        tool = Tool.from_function(
            served(impl), name=impl.__name__, description=description, structured_output=False
        )
        out.append(
            {
                "name": tool.name,
                "description": tool.description,
                "parameters": tool.parameters,
                "http": HTTP_OPERATIONS[tool.name],
            }
        )
    return out


@functools.cache
def manifest() -> dict[str, Any]:
    """The manifest ``GET /v1/assistant/tools`` serves (made once per process)."""
    return {
        "name": "table-judge",
        "version": __version__,
        "description": (
            "Tools a chat assistant calls to answer rules questions about 99, Dobon and dabong! and to "
            "run practice games; each answer cites the deciding rule. Over MCP: `python -m "
            f"assistant_tools` (stdio) or {DEFAULT_HTTP_URL} (`--transport http`). Each tool's "
            "`parameters` is a JSON Schema, ready for function calling; `http` names the service "
            "operation the call stands for."
        ),
        "mcp": {
            "stdio": {"command": "python", "args": ["-m", "assistant_tools"]},
            "http": DEFAULT_HTTP_URL,
        },
        "tools": tool_entries(),
    }


def http_request(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """The service request a call of ``tool`` with ``arguments`` stands for: ``method``, ``path``
    and ``body`` (POST) — the same body the tool judges, so the same verdict and rule."""
    args = {k: v for k, v in arguments.items() if v is not None}
    game = quote(str(args.pop("game")), safe="")
    if tool == "search_rules":
        query = {"q": args["question"], "limit": args.get("limit", DEFAULT_LIMIT)}
        if "level" in args:
            query["level"] = args["level"]
        if args.get("examples"):
            query["examples"] = "true"
        return {"method": "GET", "path": f"/v1/games/{game}/rules/search?{urlencode(query, quote_via=quote)}"}
    if tool == "get_rule":
        return {"method": "GET", "path": f"/v1/games/{game}/rules/{quote(args['rule_id'], safe='')}"}
    if tool == "check_play":
        return {"method": "POST", "path": f"/v1/games/{game}/explain", "body": {**args, "voice": "player"}}
    if tool == "list_plays":
        return {"method": "POST", "path": f"/v1/games/{game}/legal-actions", "body": {"limit": 10, **args}}
    if tool == "explain":
        end = "situations" if "situation" in args else "legal-actions"
        return {"method": "POST", "path": f"/v1/games/{game}/{end}", "body": args}
    if tool == "suggest":
        return {"method": "POST", "path": f"/v1/games/{game}/suggest", "body": args}
    if tool == "deal":
        return {"method": "POST", "path": f"/v1/games/{game}/deal", "body": args}
    if tool == "play":
        return {"method": "POST", "path": f"/v1/games/{game}/apply", "body": args}
    raise KeyError(tool)
