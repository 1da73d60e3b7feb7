"""Driving Dobon through the HTTP API: rigged deals and action scripts."""

from __future__ import annotations

from typing import Any

from tests.dobon.tables import rig
from tests.http_helpers import apply, call, deal, validate

GAME = "dobon"


class Table:
    """One table played through the Flask test client; ``state`` is the latest state JSON."""

    def __init__(
        self,
        client: Any,
        hands: list[list[str]],
        opening: str,
        stock: list[str] | tuple[str, ...] = (),
        *,
        preset: str = "sum_only",
        **options: Any,
    ) -> None:
        self.client = client
        body: dict[str, Any] = {"seats": len(hands), "preset": preset, "seed": 11}
        body["deck_order"] = rig(hands, opening, stock)
        if options:
            body["options"] = options
        self.state = deal(client, GAME, **body)
        self.effects: list[dict[str, Any]] = []

    def act(self, type: str, seat: int, **fields: Any) -> dict[str, Any]:
        answer = apply(self.client, GAME, self.state, {"type": type, "seat": seat, **fields})
        assert answer["verdict"]["legal"] is True
        self.state = answer["state"]
        self.effects = answer["effects"]
        return answer

    def judge(self, type: str, seat: int, **fields: Any) -> dict[str, Any]:
        return validate(self.client, GAME, self.state, {"type": type, "seat": seat, **fields})

    def refused(self, type: str, seat: int, **fields: Any) -> list[str]:
        verdict = self.judge(type, seat, **fields)
        assert verdict["legal"] is False
        problem = apply(self.client, GAME, self.state, {"type": type, "seat": seat, **fields}, status=422)
        assert problem["verdict"]["legal"] is False and "state" not in problem
        return [r["code"] for r in verdict["reasons"]]

    def pass_check(self) -> None:
        while self.state["status"] == "checking":
            self.act("continue", self.state["turn"])

    def play(self, seat: int, *cards: str, **fields: Any) -> None:
        """Play and let every asked seat continue."""
        self.act("play", seat, cards=list(cards), **fields)
        self.pass_check()

    def legal(self, seat: int | None = None) -> list[dict[str, Any]]:
        body: dict[str, Any] = {"state": self.state}
        if seat is not None:
            body["seat"] = seat
        return [a["action"] for a in call(self.client, GAME, "legal-actions", body)["actions"]]

    def effect_types(self) -> list[str]:
        return [e["type"] for e in self.effects]
