"""Schemas of the assistant tools' manifest (``GET /v1/assistant/tools``)."""

from __future__ import annotations

from marshmallow import fields

from .fields import RawObject
from .schemas import StrictSchema


class ToolEntrySchema(StrictSchema):
    name = fields.String(
        required=True, metadata={"description": "The tool's name (as the MCP server lists it)."}
    )
    description = fields.String(required=True, metadata={"description": "What it does, written for a model."})
    parameters = RawObject(
        required=True,
        metadata={"description": "Its arguments as a JSON Schema (the MCP tool's `inputSchema`)."},
    )
    http = fields.String(
        required=True, metadata={"description": "The operation of this API the call stands for."}
    )


class StdioCommandSchema(StrictSchema):
    command = fields.String(required=True)
    args = fields.List(fields.String(), required=True)


class McpAccessSchema(StrictSchema):
    stdio = fields.Nested(
        StdioCommandSchema, required=True, metadata={"description": "The command a desktop assistant starts."}
    )
    http = fields.String(
        required=True, metadata={"description": "The streamable HTTP endpoint's default URL."}
    )


class ToolManifestSchema(StrictSchema):
    name = fields.String(required=True)
    version = fields.String(required=True)
    description = fields.String(required=True)
    mcp = fields.Nested(
        McpAccessSchema, required=True, metadata={"description": "How to reach the MCP server."}
    )
    tools = fields.List(fields.Nested(ToolEntrySchema), required=True)
