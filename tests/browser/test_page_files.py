"""/play is served by the app itself, from files in the package: no browser needed here."""

from __future__ import annotations

import re
from typing import Any

from service.play import STATIC

IMPORT = re.compile(r'^import .* from "\./([\w.]+)";$', re.MULTILINE)


def test_play_page_and_every_module_it_imports_are_served(client: Any) -> None:
    page = client.get("/play")
    assert page.status_code == 200 and page.mimetype == "text/html"
    policy = page.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "connect-src 'self'" in policy
    html = page.get_data(as_text=True)
    assets = re.findall(r'(?:src|href)="(play/assets/[^"]+)"', html)
    assert sorted(assets) == ["play/assets/main.js", "play/assets/play.css"]
    seen: set[str] = set()
    todo = ["main.js"]
    while todo:  # every module main.js reaches through its imports
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        served = client.get(f"/play/assets/{name}")
        assert served.status_code == 200, name
        assert served.mimetype in ("text/javascript", "application/javascript"), name
        todo.extend(IMPORT.findall(served.get_data(as_text=True)))
    on_disk = {p.name for p in STATIC.glob("*.js")}
    assert seen == on_disk, f"modules never imported: {on_disk - seen}"
    assert client.get("/play/assets/play.css").mimetype == "text/css"


def test_the_page_names_no_other_origin() -> None:
    # Only the SVG namespace, which is a name and never fetched.
    for path in STATIC.iterdir():
        text = path.read_text()
        urls = set(re.findall(r"\b(?:https?:)?//[\w.-]+\.\w+[^\s\"'`)]*", text)) - {
            "http://www.w3.org/2000/svg"
        }
        assert not urls, f"{path.name} names {urls}"


def test_modules_stay_small() -> None:
    for path in STATIC.iterdir():
        assert len(path.read_text().splitlines()) < 600, path.name


def test_play_is_only_a_get(client: Any) -> None:
    assert client.get("/play/").status_code == 404
    refused = client.post("/play", json={})
    assert refused.status_code == 405
    assert refused.mimetype == "application/problem+json"
