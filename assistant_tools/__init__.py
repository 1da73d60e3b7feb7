"""Tools a chat assistant can call: an MCP server over the rules core (issue #29).

The same adjudication as the HTTP API, shaped for a model: small answers in a player's words,
each citing the rule that decided. The tools (``assistant_tools.tools``) run the service's own
operations in process (``assistant_tools.bridge``: the same request schemas, limits, budgets
and problem documents, no HTTP hop); ``assistant_tools.server`` serves them over MCP (stdio or
streamable HTTP) with each game's rule index as a resource and a prompt on citing rules;
``assistant_tools.manifest`` lists the same tools as JSON schemas for function calling
(``GET /v1/assistant/tools``). Start it with ``python -m assistant_tools``.
"""
