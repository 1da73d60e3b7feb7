"""CORS (#27): listed origins only, preflights answered before any guard, nothing when unset."""

from __future__ import annotations

from typing import Any

import pytest

from service.app import create_app
from service.cors import parse_origins

from .fake_game import fake_registry

ORIGIN = "https://table.example.com"
OTHER = "https://other.example.com"
PREFLIGHT_HEADERS = "content-type, x-request-id, x-table-credential"


def _client(origins: str, **config: Any) -> Any:
    settings = {"TESTING": True, "REGISTRY": fake_registry(), "CORS_ORIGINS": origins, **config}
    return create_app(settings).test_client()


@pytest.fixture(scope="module")
def cors_client() -> Any:
    return _client(f"{ORIGIN}, http://localhost:5173")


def _preflight(client: Any, path: str, origin: str, headers: str = PREFLIGHT_HEADERS) -> Any:
    return client.options(
        path,
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": headers,
        },
    )


def _allowed_headers(response: Any) -> set[str]:
    return {h.strip().lower() for h in response.headers.get("Access-Control-Allow-Headers", "").split(",")}


def test_unset_means_no_cors_headers_at_all(fake_client: Any) -> None:
    for response in (
        fake_client.get("/v1/health", headers={"Origin": ORIGIN}),
        _preflight(fake_client, "/v1/games/tiny/apply", ORIGIN),
        fake_client.post("/v1/games/tiny/deal", json={"seats": 2, "seed": 1}, headers={"Origin": ORIGIN}),
    ):
        assert not [n for n, _ in response.headers.items() if n.lower().startswith("access-control-")]


@pytest.mark.parametrize("operation", ["deal", "validate", "apply", "legal-actions", "view", "replay"])
def test_preflight_of_every_post_route(cors_client: Any, operation: str) -> None:
    response = _preflight(cors_client, f"/v1/games/tiny/{operation}", ORIGIN)
    # Not a 415 (no JSON body), 413 or 422: the body guard and the CPU limit let it through.
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.headers["Access-Control-Allow-Origin"] == ORIGIN
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    assert _allowed_headers(response) >= {"content-type", "x-request-id", "x-table-credential"}
    assert response.headers["Access-Control-Max-Age"] == "600"
    assert "Access-Control-Allow-Credentials" not in response.headers
    assert "Origin" in response.headers.get("Vary", "")


def test_preflight_names_only_the_allowed_request_headers(cors_client: Any) -> None:
    response = _preflight(cors_client, "/v1/games/tiny/apply", ORIGIN, "content-type, x-evil")
    assert "x-evil" not in _allowed_headers(response)


def test_the_answers_and_the_errors_are_readable_by_the_listed_origins(cors_client: Any) -> None:
    headers = {"Origin": ORIGIN, "X-Request-ID": "cors-1"}
    dealt = cors_client.post("/v1/games/tiny/deal", json={"seats": 2, "seed": 1}, headers=headers)
    assert dealt.status_code == 200
    assert dealt.headers["Access-Control-Allow-Origin"] == ORIGIN
    assert "X-Request-ID" in dealt.headers["Access-Control-Expose-Headers"]
    assert dealt.headers["X-Request-ID"] == "cors-1"
    # A problem must be readable too, or the page sees only "network error".
    refusals = [
        cors_client.post("/v1/games/tiny/deal", data="x", content_type="text/plain", headers=headers),
        cors_client.post("/v1/games/tiny/deal", json={"seats": 99}, headers=headers),
        cors_client.post("/v1/games/nope/deal", json={"seats": 2}, headers=headers),
    ]
    assert [r.status_code for r in refusals] == [415, 422, 404]
    for refused in refusals:
        assert refused.headers["Access-Control-Allow-Origin"] == ORIGIN
    local = cors_client.get("/v1/games", headers={"Origin": "http://localhost:5173"})
    assert local.headers["Access-Control-Allow-Origin"] == "http://localhost:5173"


def test_another_origin_gets_no_allow_origin(cors_client: Any) -> None:
    for response in (
        cors_client.get("/v1/health", headers={"Origin": OTHER}),
        _preflight(cors_client, "/v1/games/tiny/apply", OTHER),
        cors_client.post("/v1/games/tiny/deal", json={"seats": 2, "seed": 1}, headers={"Origin": OTHER}),
        # A listed origin's prefix or extension is another origin.
        cors_client.get("/v1/health", headers={"Origin": ORIGIN + ".evil.example"}),
        cors_client.get("/v1/health", headers={"Origin": "http://table.example.com"}),
    ):
        assert "Access-Control-Allow-Origin" not in response.headers


def test_operator_routes_are_not_cross_origin(cors_client: Any) -> None:
    scrape = cors_client.get("/metrics", headers={"Origin": ORIGIN})
    assert "Access-Control-Allow-Origin" not in scrape.headers


def test_any_origin() -> None:
    client = _client("*")
    response = client.get("/v1/health", headers={"Origin": OTHER})
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    preflight = _preflight(client, "/v1/games/tiny/apply", OTHER)
    assert preflight.status_code == 200 and preflight.headers["Access-Control-Allow-Origin"] == "*"


def test_preflight_with_a_cpu_limit_armed() -> None:
    client = _client(ORIGIN, REQUEST_CPU_SECONDS=0.05)
    for _ in range(20):
        assert _preflight(client, "/v1/games/tiny/replay", ORIGIN).status_code == 200


def test_origins_are_parsed_strictly() -> None:
    assert parse_origins("") == []
    assert parse_origins(" https://a.example , http://localhost:3000/ ,") == [
        "https://a.example",
        "http://localhost:3000",
    ]
    assert parse_origins("*") == ["*"]
    # flask-cors would read these as regular expressions (matched from the start only).
    for bad in ("https://a.example.*", "https://(a|b).example", "https://a.example/app", "a.example"):
        with pytest.raises(ValueError, match="not an origin"):
            parse_origins(bad)
    with pytest.raises(ValueError, match="TABLE_JUDGE_CORS_ORIGINS"):
        _client("https://*.example.com")
