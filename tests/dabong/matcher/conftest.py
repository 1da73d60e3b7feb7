"""Listings take one of two paths: small candidate sets are judged one by one, larger ones are
counted (``shape_unit.ENUMERATE_FIRST``). The listing tests here run both ways, so the oracle
and the perft counts hold each path on the same hands."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules_core.games.dabong.patterns import shape_unit

LISTING_MODULES = ("test_levels_oracle", "test_level_perft", "test_list_plays", "test_oracle_agreement")


@pytest.fixture(autouse=True, params=["enumerate_small", "always_count"])
def listing_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    module = request.module.__name__.rsplit(".", 1)[-1]
    if request.param == "always_count":
        if module not in LISTING_MODULES:
            pytest.skip("one path is enough for tests that do not list")
        monkeypatch.setattr(shape_unit, "ENUMERATE_FIRST", 0)
    yield request.param
