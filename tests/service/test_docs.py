"""``/docs`` works offline: the page and every asset it loads are served by the app itself."""

from __future__ import annotations

import re
from typing import Any


def test_docs_page_loads_only_local_assets(fake_client: Any) -> None:
    response = fake_client.get("/docs")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "SwaggerUIBundle" in html
    assert "http://" not in html and "https://" not in html
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert len(assets) == 4
    for asset in assets:
        served = fake_client.get(asset)
        assert served.status_code == 200, asset
        assert len(served.data) > 500, asset
        served.close()
    assert '"/v1/openapi.json"' in html


def test_swagger_ui_license_is_kept() -> None:
    from service.docs import STATIC

    assert "Apache License" in (STATIC / "swagger-ui" / "LICENSE").read_text()


def test_root_redirects_to_the_docs(fake_client: Any) -> None:
    response = fake_client.get("/")
    assert response.status_code == 302
    assert response.headers["Location"] == "/docs"
    assert fake_client.head("/").status_code == 302
    # Any other method is the service's usual 405 problem, not a redirect.
    refused = fake_client.post("/", json={})
    assert refused.status_code == 405
    assert refused.mimetype == "application/problem+json"
