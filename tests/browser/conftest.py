"""The /play page in a real browser: Debian's Chromium driven by Playwright.

The app runs in a werkzeug server thread on a loopback port; the browser is the system
Chromium (``/usr/bin/chromium``, which ``scripts/test.sh`` installs as root), never one that
Playwright downloads. Without Chromium (or the ``playwright`` package) these tests skip and say
so. Every page is routed: a request to anything but the test server fails the test.
"""

from __future__ import annotations

import logging
import os
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

# Playwright must never fetch a browser of its own (nor try to): Debian's is the one.
os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Where the README's screenshots come from: `PLAYGROUND_SCREENSHOTS=docs/img pytest tests/browser`.
SCREENSHOTS = os.environ.get("PLAYGROUND_SCREENSHOTS", "")


def chromium_path() -> str | None:
    for candidate in (os.environ.get("CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


@dataclass
class Server:
    """A real HTTP server for the app, on 127.0.0.1 and a free port, in a thread."""

    url: str
    stop: Any


def _serve(config: dict[str, Any] | None = None) -> Iterator[Server]:
    from werkzeug.serving import make_server

    from service.app import create_app

    app = create_app({"TESTING": True, **(config or {})})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="play-server", daemon=True)
    thread.start()
    # The access log would fill the captured output with a line per request.
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    try:
        yield Server(url=f"http://127.0.0.1:{server.server_port}", stop=server.shutdown)
    finally:
        server.shutdown()
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    yield from _serve()


@pytest.fixture(scope="session")
def sealed_server() -> Iterator[Server]:
    from cryptography.fernet import Fernet

    yield from _serve({"SEAL_KEYS": Fernet.generate_key().decode()})


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    executable = chromium_path()
    if executable is None:
        pytest.skip(
            "Chromium not found (/usr/bin/chromium): install Debian's package "
            "(`apt-get install chromium`; scripts/test.sh does as root) to run the browser tests"
        )
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="the playwright package is not installed (requirements-test.lock)"
    )
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@dataclass
class Watch:
    """What a page asked for and what went wrong in it."""

    requests: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def open_page(browser: Any, url: str, *, viewport: dict[str, int] | None = None) -> tuple[Any, Any, Watch]:
    """A new context and page on `url`, every request outside 127.0.0.1 refused and recorded."""
    context = browser.new_context(viewport=viewport or {"width": 1200, "height": 900})
    watch = Watch()

    def route(route: Any) -> None:
        request_url = route.request.url
        watch.requests.append(request_url)
        if urlsplit(request_url).hostname == "127.0.0.1":
            route.continue_()
        else:
            watch.outside.append(request_url)
            route.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.on("pageerror", lambda error: watch.errors.append(f"page error: {error}"))

    def console(message: Any) -> None:
        # A 4xx answer is logged by the browser itself ("Failed to load resource"): the tests
        # that expect one check how the page shows it.
        if message.type == "error" and "Failed to load resource" not in message.text:
            watch.errors.append(f"console: {message.text}")

    page.on("console", console)
    page.goto(url)
    page.wait_for_selector("body.ready")
    return context, page, watch


class Pages:
    """Opens /play pages of one server and checks each when the test ends: no request outside
    the service, no error in the page."""

    def __init__(self, browser: Any, server: Server) -> None:
        self.browser = browser
        self.server = server
        self.opened: list[tuple[Any, Watch]] = []

    def open(self, query: str = "", **kwargs: Any) -> Any:
        context, page, watch = open_page(self.browser, f"{self.server.url}/play{query}", **kwargs)
        self.opened.append((context, watch))
        return page

    def watch(self, index: int = -1) -> Watch:
        return self.opened[index][1]

    def close(self) -> None:
        for context, watch in self.opened:
            context.close()
            assert not watch.outside, f"requests left the service: {watch.outside}"
            assert not watch.errors, watch.errors


@pytest.fixture
def pages(browser: Any, server: Server) -> Iterator[Pages]:
    opened = Pages(browser, server)
    yield opened
    opened.close()


@pytest.fixture
def sealed_pages(browser: Any, sealed_server: Server) -> Iterator[Pages]:
    opened = Pages(browser, sealed_server)
    yield opened
    opened.close()


def screenshot(page: Any, name: str) -> None:
    """Save a screenshot for the README when PLAYGROUND_SCREENSHOTS names a directory."""
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / name), full_page=False)
