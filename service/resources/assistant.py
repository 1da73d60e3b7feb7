"""The assistant tools' manifest: the MCP server's tools as JSON schemas, for clients without MCP."""

from __future__ import annotations

from flask import Response

from ..extensions import Blueprint
from ..responses import json_answer
from ..schemas_assistant import ToolManifestSchema

blp = Blueprint(
    "assistant",
    __name__,
    url_prefix="/v1/assistant",
    description="Tools for chat assistants (the MCP server's, as JSON schemas).",
)


@blp.route("/tools", methods=["GET"])
@blp.doc(operationId="get_assistant_tools")
@blp.response(200, ToolManifestSchema())
def assistant_tools() -> Response:
    """The assistant tools, for function calling

    The tools of Table Judge's MCP server (`python -m assistant_tools`: stdio, or streamable HTTP
    at `http://127.0.0.1:8001/mcp` with `--transport http`), for a client without MCP: each tool's
    `name`, a `description` written for a model and its `parameters` as a JSON Schema, exactly as
    the MCP server lists them (function calling takes them as they are), and `http`, the operation
    of this API that the call stands for. `search_rules` and `get_rule` look rules up;
    `check_play`, `list_plays` and `explain` judge a position given as a `situation` (the facts a
    player states) or a `state`; `deal`, `play` and `suggest` run a practice game. Every answer
    cites the deciding rule by id and title.
    """
    from assistant_tools.manifest import manifest

    return json_answer(manifest())
