"""``python -m assistant_tools``: serve the assistant tools over MCP.

python -m assistant_tools                                  # stdio (a desktop assistant starts it)
python -m assistant_tools --transport http --port 8001     # streamable HTTP, http://127.0.0.1:8001/mcp
"""

from __future__ import annotations

import argparse

from .server import run


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m assistant_tools", description="Table Judge's assistant tools over MCP."
    )
    parser.add_argument("--transport", choices=("stdio", "http"), default="stdio")
    parser.add_argument(
        "--host", default="127.0.0.1", help="http: the address to listen on (default: loopback only)"
    )
    parser.add_argument("--port", type=int, default=8001, help="http: the port (default 8001)")
    args = parser.parse_args(argv)
    run(args.transport, args.host, args.port)


if __name__ == "__main__":
    main()
