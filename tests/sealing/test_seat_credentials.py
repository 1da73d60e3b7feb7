"""Seat credentials on a sealed server: every probe of issue #27 refused or redacted.

Tried from outside with envelopes and one seat's credential: another seat's view, listing,
suggestion or action; the whole table's listing; a replay; a deal that picks the deck; a
made-up view for the bot; a draw judged to see its card; a trade taking a partner's cards.
"""

from __future__ import annotations

from typing import Any

import pytest
from cryptography.fernet import Fernet

from service.app import create_app

from .sealed_tables import HEADER, Seat, card_names, cards_named, game_named

KEY = Fernet.generate_key().decode()
OPERATIONS = ("view", "validate", "apply", "legal-actions", "suggest", "explain", "replay")


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"TESTING": True, "SEAL_KEYS": KEY, "REQUEST_CPU_SECONDS": 0}).test_client()


def _table(client: Any, game: str = "99", seats: int = 3, seed: int = 7, **extra: Any) -> dict[str, Any]:
    """A sealed table dealt with ``seed`` by its host (a plain deal, then a seeded one there)."""
    first = client.post(f"/v1/games/{game}/deal", json={"seats": seats, **extra}).get_json()
    host = Seat(client, game, first["credentials"]["host"])
    answer = host.post("deal", {"seats": seats, "seed": seed, "table": first["state"], **extra})
    assert answer.status_code == 200, answer.get_json()
    return dict(answer.get_json())


def _body(operation: str, envelope: dict[str, Any], seat: int, action: dict[str, Any]) -> dict[str, Any]:
    if operation in ("view", "legal-actions", "suggest"):
        return {"state": envelope, "seat": seat}
    if operation == "replay":
        return {"state": envelope, "actions": [action]}
    return {"state": envelope, "action": action}


def _problem(answer: Any, status: int) -> dict[str, Any]:
    assert answer.status_code == status, answer.get_json()
    assert answer.headers["Content-Type"].startswith("application/problem+json")
    return dict(answer.get_json())


def test_deal_answers_a_credential_per_seat_and_the_hosts(client: Any) -> None:
    dealt = client.post("/v1/games/dobon/deal", json={"seats": 4}).get_json()
    credentials = dealt["credentials"]
    assert len(credentials["seats"]) == 4
    assert len({credentials["host"], *credentials["seats"]}) == 5
    open_deal = create_app({"TESTING": True}).test_client().post("/v1/games/dobon/deal", json={"seats": 4})
    assert "credentials" not in open_deal.get_json()


@pytest.mark.parametrize("operation", OPERATIONS)
def test_every_seat_scoped_call_needs_a_credential(client: Any, operation: str) -> None:
    table = _table(client)
    action = {"type": "play", "seat": 0, "cards": ["2C"]}
    body = _body(operation, table["state"], 0, action)
    missing = _problem(client.post(f"/v1/games/99/{operation}", json=body), 401)
    assert missing["type"] == "urn:table-judge:problem:credential-missing"
    assert missing["errors"][0]["code"] == "credential_missing"
    garbage = client.post(f"/v1/games/99/{operation}", json=body, headers={HEADER: "tj1.seat0.nope"})
    assert _problem(garbage, 403)["errors"][0]["code"] == "credential_invalid"
    other = _table(client)  # another table's seat-0 credential: a different table id
    foreign = client.post(
        f"/v1/games/99/{operation}", json=body, headers={HEADER: other["credentials"]["seats"][0]}
    )
    assert _problem(foreign, 403)["errors"][0]["code"] == "credential_invalid"


@pytest.mark.parametrize("operation", OPERATIONS)
def test_a_seat_cannot_act_or_look_as_another(client: Any, operation: str) -> None:
    table = _table(client)
    seat_0 = Seat(client, "99", table["credentials"]["seats"][0])
    action = {"type": "play", "seat": 1, "cards": ["2C"]}
    refused = _problem(seat_0.post(operation, _body(operation, table["state"], 1, action)), 403)
    assert refused["type"] == "urn:table-judge:problem:credential-refused"
    code = "host_only" if operation == "replay" else "not_your_seat"
    assert refused["errors"][0]["code"] == code
    assert refused["errors"][0]["pointer"] in ("/seat", "/action/seat", "/")


def test_a_seat_lists_only_its_own_actions_and_the_host_any(client: Any) -> None:
    table = _table(client)
    seat_0 = Seat(client, "99", table["credentials"]["seats"][0])
    whole = seat_0.post("legal-actions", {"state": table["state"]})
    assert _problem(whole, 403)["errors"][0]["code"] == "seat_required"
    host = Seat(client, "99", table["credentials"]["host"])
    assert host.post("legal-actions", {"state": table["state"]}).status_code == 200
    assert host.post("view", {"state": table["state"], "seat": 2}).status_code == 200


def test_the_deck_is_chosen_only_by_a_tables_host(client: Any) -> None:
    for choice in ({"seed": 3}, {"deck_order": ["2C"] * 52}):
        refused = _problem(client.post("/v1/games/99/deal", json={"seats": 2, **choice}), 403)
        assert refused["errors"][0]["pointer"] == f"/{next(iter(choice))}"
    table = _table(client)
    seat_0 = Seat(client, "99", table["credentials"]["seats"][0])
    refused = seat_0.post("deal", {"seats": 3, "seed": 1, "table": table["state"]})
    assert _problem(refused, 403)["errors"][0]["code"] == "host_only"
    # The host's seeded deals are reproducible: the same seed deals the same hands.
    host = Seat(client, "99", table["credentials"]["host"])
    again = host.post("deal", {"seats": 3, "seed": 7, "table": table["state"]}).get_json()
    views = [host.post("view", {"state": t["state"], "seat": 0}).get_json()["view"] for t in (table, again)]
    assert views[0]["hands"] == views[1]["hands"]
    assert again["state"]["move"] == table["state"]["move"] + 1


def test_the_bot_takes_no_made_up_view(client: Any) -> None:
    table = _table(client)
    host = Seat(client, "99", table["credentials"]["host"])
    view = host.post("view", {"state": table["state"], "seat": 0}).get_json()["view"]
    refused = _problem(host.post("suggest", {"view": view, "seat": 0}), 422)
    assert refused["errors"][0] == {
        "pointer": "/view",
        "code": "state_not_sealed",
        "message": refused["errors"][0]["message"],
    }


def test_a_draw_shows_its_card_only_once_drawn_and_only_to_the_drawer(client: Any) -> None:
    table = _table(client, "dabong", preset="beginner", seed=4)
    host = Seat(client, "dabong", table["credentials"]["host"])
    state = table["state"]
    # Play to the first turn that may draw, by the host, then ask as the seat on turn.
    for step in range(30):
        on_turn = host.post("view", {"state": state, "seat": 0}).get_json()["view"]["turn"]
        turn = host.post("legal-actions", {"state": state, "seat": on_turn}).get_json()["actions"]
        draws = [e["action"] for e in turn if e["action"]["type"] == "draw"]
        if draws:
            break
        suggested = host.post("suggest", {"state": state, "seat": on_turn, "seed": step}).get_json()
        state = host.post("apply", {"state": state, "action": suggested["action"]}).get_json()["state"]
    draw = draws[0]
    seat = Seat(client, "dabong", table["credentials"]["seats"][draw["seat"]])
    names = card_names(game_named("dabong"))
    judged = seat.post("validate", {"state": state, "action": draw}).get_json()
    drawn = [e for e in judged["effects"] if e["type"] == "CardsDrawn"]
    assert drawn and all("cards" not in e for e in drawn) and drawn[0]["count"] >= 1
    explained = seat.post("explain", {"state": state, "action": draw}).get_json()
    seen = seat.post("view", {"state": state, "seat": draw["seat"]}).get_json()["view"]
    assert cards_named(explained, names) <= cards_named(seen, names)
    applied = seat.post("apply", {"state": state, "action": draw}).get_json()
    shown = [e for e in applied["effects"] if e["type"] == "CardsDrawn" and e["seat"] == draw["seat"]]
    assert shown and shown[0]["cards"]  # the drawer sees what it drew
    host_sees = host.post("validate", {"state": state, "action": draw}).get_json()
    assert next(e for e in host_sees["effects"] if e["type"] == "CardsDrawn")["cards"]


def test_a_trade_needs_both_seats_and_is_not_listed_to_one(client: Any) -> None:
    table = _table(client, "dabong", preset="beginner", seed=9)
    host = Seat(client, "dabong", table["credentials"]["host"])
    state = table["state"]
    hands = host.post("view", {"state": state, "seat": 0}).get_json()["view"]["hands"][0]
    partner_hand = host.post("view", {"state": state, "seat": 1}).get_json()["view"]["hands"][1]
    seat_0 = Seat(client, "dabong", table["credentials"]["seats"][0])
    listing = seat_0.post("legal-actions", {"state": state, "seat": 0, "limit": 1000}).get_json()
    assert not [e for e in listing["actions"] if e["action"]["type"] == "trade"]
    hosts = host.post("legal-actions", {"state": state, "seat": 0, "limit": 1000}).get_json()
    assert hosts["total_entries"] > listing["total_entries"]
    trade = {"type": "trade", "seat": 0, "cards": [hands[0], partner_hand[0]], "partner": 1}
    for operation in ("validate", "apply", "explain"):
        refused = _problem(seat_0.post(operation, {"state": state, "action": trade}), 403)
        assert "seat 1" in refused["errors"][0]["message"]
    # A card guessed into the partner's hand is no oracle either: refused before it is judged.
    guess = {**trade, "cards": [hands[0], "SH1"]}
    assert seat_0.post("validate", {"state": state, "action": guess}).status_code == 403
    both = Seat(client, "dabong", ",".join(table["credentials"]["seats"][:2]))
    applied = both.post("apply", {"state": state, "action": trade})
    assert applied.status_code == 200, applied.get_json()
    traded = next(e for e in applied.get_json()["effects"] if e["type"] == "CardsTraded")
    assert traded["gave"] == [hands[0]] and traded["received"] == [partner_hand[0]]
