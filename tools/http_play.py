"""Playing whole games through the service's HTTP interface, every state sent back and compared.

The driver of ``python -m tools.round_trip`` and of the HTTP echo in the soak
(``tests/playouts.py``'s ``echo``). Everything goes through a ``Transport``: the
Flask app's own WSGI request path in process (``InProcess``: the body parser, the
guard, marshmallow, the operation, the answer's encoder) or a real server
(``Remote``, keep-alive HTTP/1.1). Nothing is decoded by a Python shortcut.

One game (``play``): ``POST /deal`` with a seed, then at every step

1. the echo: ``POST /replay {"state": s, "actions": []}``, which must answer 200,
   ``completed`` and a ``final_state`` equal to ``s`` as JSON text (the cheapest honest
   no-op read: view, validate and legal-actions do not answer the state);
2. a choice for the acting seat: the game's bot at the seat's level (``POST /suggest``
   with the state) or a uniform pick among the listed actions (``POST /legal-actions``);
3. ``POST /apply`` with that action; its ``state`` is the next ``s``.

Any refusal or difference ends the game, classified by ``refusal_kind``. The state a
step sent is always one the service answered, so every refusal is the service's fault.
"""

from __future__ import annotations

import http.client
import io
import json
import logging
import random
import re
import sys
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import urlsplit

#: Player kinds a seat may get: "random" picks uniformly among the listed actions
#: (``legal-actions``); the rest are bot levels (``suggest``; the bot's own "random" level too).
PLAYERS: tuple[str, ...] = ("random", "bot:random", "bot:easy", "bot:normal", "bot:strong")
#: Kept apart from the other refusals: states of dabong! nested a copy of themselves per play
#: that could be taken back, and past about 15 of them the body parser's depth limit (32)
#: refused the service's own state. Issue #26's flat take-back log removes it.
DEPTH_KIND = "json nested too deep"
PROBLEM_PREFIX = "urn:table-judge:problem:"
#: Entries asked per legal-actions page (the service's default page).
LISTING_LIMIT = 200


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    body: bytes

    def json(self) -> Any:
        try:
            return json.loads(self.body)
        except ValueError:
            return None


class Transport(Protocol):
    def get(self, path: str) -> Answer: ...

    def post(self, path: str, payload: bytes) -> Answer: ...


class InProcess:
    """The Flask app of ``service.app.create_app`` called through its WSGI interface: the
    whole request path (body parser, guard, schemas, operation, encoder), with a plain
    WSGI environ built here (the Flask test client's builder cost 14 % of a run)."""

    def __init__(self, config: dict[str, Any] | None = None) -> None:
        from service.app import create_app
        from service.observability import ACCESS_LOG

        self.app = create_app(config)
        # One JSON line per request would be most of the run's output (and of its time).
        ACCESS_LOG.setLevel(logging.WARNING)

    def _call(self, method: str, path: str, payload: bytes) -> Answer:
        environ = {
            "REQUEST_METHOD": method,
            "SCRIPT_NAME": "",
            "PATH_INFO": path,
            "QUERY_STRING": "",
            "SERVER_NAME": "localhost",
            "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "CONTENT_TYPE": "application/json" if method == "POST" else "",
            "CONTENT_LENGTH": str(len(payload)),
            "HTTP_HOST": "localhost",
            "wsgi.version": (1, 0),
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(payload),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
        }
        status: list[str] = []

        def start_response(line: str, headers: Any, exc_info: Any = None) -> Any:
            status.append(line)
            return lambda data: None

        chunks = self.app(environ, start_response)
        try:
            body = b"".join(chunks)
        finally:
            close = getattr(chunks, "close", None)
            if close is not None:
                close()
        return Answer(int(status[-1].split(" ", 1)[0]), body)

    def get(self, path: str) -> Answer:
        return self._call("GET", path, b"")

    def post(self, path: str, payload: bytes) -> Answer:
        return self._call("POST", path, payload)


class Remote:
    """A server at ``url`` (``http://host:port``), over one keep-alive connection."""

    def __init__(self, url: str, timeout: float = 60.0) -> None:
        parts = urlsplit(url)
        if parts.scheme != "http" or not parts.hostname:
            raise ValueError(f"not an http:// URL: {url!r}")
        self.host, self.port, self.timeout = parts.hostname, parts.port or 80, timeout
        self.base = parts.path.rstrip("/")
        self.connection: http.client.HTTPConnection | None = None

    def _send(self, method: str, path: str, payload: bytes | None) -> Answer:
        headers = {"Content-Type": "application/json"} if payload is not None else {}
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            try:
                self.connection.request(method, self.base + path, payload, headers)
                response = self.connection.getresponse()
                return Answer(response.status, response.read())
            except (ConnectionError, http.client.HTTPException):
                # A server may close an idle keep-alive connection: one fresh try.
                self.connection.close()
                self.connection = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def get(self, path: str) -> Answer:
        return self._send("GET", path, None)

    def post(self, path: str, payload: bytes) -> Answer:
        return self._send("POST", path, payload)


def encode(body: Any) -> bytes:
    return json.dumps(body, separators=(",", ":")).encode()


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON text: in Python True == 1 and 1 == 1.0, but not in a state."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def refusal_kind(op: str, answer: Answer) -> str:
    """What kind of refusal ``answer`` is: the depth refusal by name, a problem by its type
    slug and first error code, anything else by status."""
    data = answer.json()
    if not isinstance(data, dict):
        return f"{op}: {answer.status} without a problem document"
    slug = str(data.get("type", "")).removeprefix(PROBLEM_PREFIX)
    if answer.status == 400 and "nested deeper" in str(data.get("detail", "")):
        return DEPTH_KIND
    errors = data.get("errors") or []
    code = errors[0].get("code") if errors and isinstance(errors[0], dict) else None
    return f"{op}: {answer.status} {slug}" + (f" ({code})" if code else "")


def echo_problem(transport: Transport, game: str, state: dict[str, Any]) -> tuple[str, Answer] | None:
    """Send ``state`` back through ``/replay`` with no action: None when it came back equal,
    else (kind, answer)."""
    answer = transport.post(f"/v1/games/{game}/replay", encode({"state": state, "actions": []}))
    if answer.status != 200:
        return refusal_kind("echo", answer), answer
    data = answer.json()
    if not isinstance(data, dict) or data.get("completed") is not True:
        return "echo: replay of no action not completed", answer
    if not same_json(data.get("final_state"), state):
        return "echo: state answered differs from the state sent", answer
    return None


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What the catalogue (``GET /v1/games/{game}``) says a driver needs."""

    name: str
    min_seats: int
    max_seats: int
    presets: tuple[str, ...]
    max_actions: int
    #: (option name, values a deal may choose) for the options with a closed set of values.
    choices: tuple[tuple[str, tuple[Any, ...]], ...]

    @classmethod
    def read(cls, transport: Transport) -> list[GameFacts]:
        listing = transport.get("/v1/games").json()
        out = []
        for summary in listing["games"]:
            detail = transport.get(f"/v1/games/{summary['name']}").json()
            choices = []
            for option in detail["options"]:
                if option.get("allowed"):
                    choices.append((option["name"], tuple(option["allowed"])))
                elif option.get("type") == "boolean":
                    choices.append((option["name"], (False, True)))
            presets = (
                detail["default_preset"],
                *(p for p in detail["presets"] if p != detail["default_preset"]),
            )
            out.append(
                cls(
                    detail["name"],
                    detail["min_seats"],
                    detail["max_seats"],
                    presets,
                    detail["max_actions"],
                    tuple(choices),
                )
            )
        return out


@dataclass(frozen=True, slots=True)
class Table:
    """One seeded game to play: everything a driver chooses, from ``plan``."""

    index: int
    game: str
    preset: str
    seats: int
    seed: int
    players: tuple[str, ...]
    #: Options changed from the preset (a deal's ``options``), most games none.
    options: tuple[tuple[str, Any], ...]

    def describe(self) -> str:
        changed = "".join(f" {k}={v}" for k, v in self.options)
        return (
            f"#{self.index} {self.game} {self.preset}{changed} seats={self.seats} seed={self.seed} "
            f"players={','.join(self.players)}"
        )


def plan(facts: list[GameFacts], run_seed: int, index: int) -> Table:
    """Game ``index`` of the run seeded ``run_seed``: the games take turns, and each game cycles
    its presets and then its seat counts, so any few dozen games cover every preset and seat
    count; the players (one kind per seat) and a quarter of the time one option off the preset
    are drawn from a generator of the run seed and the index (a game is reproducible alone)."""
    rng = random.Random(f"round-trip/{run_seed}/{index}")
    game = facts[index % len(facts)]
    turn = index // len(facts)
    preset = game.presets[turn % len(game.presets)]
    seat_counts = range(game.min_seats, game.max_seats + 1)
    seats = seat_counts[(turn // len(game.presets)) % len(seat_counts)]
    players = tuple(rng.choice(PLAYERS) for _ in range(seats))
    options: tuple[tuple[str, Any], ...] = ()
    if game.choices and rng.random() < 0.25:
        name, values = rng.choice(game.choices)
        options = ((name, rng.choice(values)),)
    seed = rng.randrange(2**31)
    return Table(index, game.name, preset, seats, seed, players, options)


@dataclass(slots=True)
class Refusal:
    kind: str
    step: int
    op: str
    request: dict[str, Any]
    status: int
    answer: Any


@dataclass(slots=True)
class Played:
    table: Table
    steps: int = 0
    requests: int = 0
    finished: bool = False
    #: The options were refused by the deal (the game was played with the preset instead).
    options_refused: bool = False
    refusal: Refusal | None = None
    #: Largest JSON nesting of a state answered.
    max_depth: int = 0


def json_depth(value: Any) -> int:
    """Nesting of ``value`` as the body parser counts it (``service.jsonbody``): a scalar is 0,
    a container 1 more than its deepest non-empty container (an empty one adds nothing)."""
    if not isinstance(value, dict | list):
        return 0
    deepest, stack = 1, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        for child in item.values() if isinstance(item, dict) else item:
            if isinstance(child, dict | list) and child:
                stack.append((child, depth + 1))
    return deepest


class _Stop(Exception):
    def __init__(self, refusal: Refusal) -> None:
        self.refusal = refusal


def play(transport: Transport, table: Table, max_steps: int) -> Played:
    """Play ``table`` to its end through ``transport``, the state echoed at every step."""
    played = Played(table)
    rng = random.Random(f"round-trip-moves/{table.seed}/{table.index}")
    base = f"/v1/games/{table.game}"
    step = 0

    def send(op: str, path: str, body: dict[str, Any]) -> Any:
        played.requests += 1
        answer = transport.post(f"{base}/{path}", encode(body))
        if answer.status != 200:
            raise _Stop(Refusal(refusal_kind(op, answer), step, op, body, answer.status, answer.json()))
        return answer.json()

    deal: dict[str, Any] = {"seats": table.seats, "seed": table.seed, "preset": table.preset}
    try:
        try:
            if table.options:
                dealt = send("deal", "deal", {**deal, "options": dict(table.options)})
            else:
                dealt = send("deal", "deal", deal)
        except _Stop as stop:
            # An option the preset cannot take (a refusal of the request, not of a state).
            if not table.options or stop.refusal.status != 422:
                raise
            played.options_refused = True
            dealt = send("deal", "deal", deal)
        state, to_act, over = dealt["state"], dealt["to_act"], dealt["over"]
        while True:
            played.max_depth = max(played.max_depth, json_depth(state))
            played.requests += 1
            echoed = echo_problem(transport, table.game, state)
            if echoed is not None:
                kind, answer = echoed
                body = {"state": state, "actions": []}
                raise _Stop(Refusal(kind, step, "echo", body, answer.status, answer.json()))
            if over or not to_act:
                played.finished = True
                break
            if step >= max_steps:
                body = {"state": state}
                raise _Stop(Refusal(f"no end within {max_steps} actions", step, "-", body, 0, None))
            turn = state.get("turn")
            seat = turn if turn in to_act else rng.choice(to_act)
            action = _choose(send, state, seat, table.players[seat], rng)
            applied = send("apply", "apply", {"state": state, "action": action})
            state, to_act, over = applied["state"], applied["to_act"], applied["over"]
            step += 1
            played.steps = step
    except _Stop as stop:
        played.refusal = stop.refusal
    return played


def _choose(send: Any, state: dict[str, Any], seat: int, player: str, rng: random.Random) -> dict[str, Any]:
    if player.startswith("bot:"):
        level = player.removeprefix("bot:")
        body = {"state": state, "seat": seat, "level": level, "seed": rng.randrange(2**31)}
        suggestion = send("suggest", "suggest", body)
        if suggestion["action"] is not None:
            return suggestion["action"]  # type: ignore[no-any-return]
        # The seat may act but need not (an out-of-turn chance): a listed action then.
    listing = send("legal-actions", "legal-actions", {"state": state, "seat": seat, "limit": LISTING_LIMIT})
    actions = [entry["action"] for entry in listing["actions"]]
    # A uniform pick over dabong!'s listing would trade at nearly every step (2^n x 2^m
    # trades per pair) and the game would not move on: trades are picked seldom.
    plain = [a for a in actions if a["type"] != "trade"]
    if plain and (len(plain) == len(actions) or rng.random() < 0.95):
        return rng.choice(plain)  # type: ignore[no-any-return]
    return rng.choice(actions)  # type: ignore[no-any-return]


def kind_file_name(kind: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", kind.lower()).strip("-")[:80] + ".json"


class HttpEcho:
    """``tests/playouts.py``'s ``echo``: a state sent back through the service (``/replay``
    with no action), None when it came back equal, else the refusal kind and the answer."""

    def __init__(self, transport: Transport | None = None) -> None:
        self.transport = transport if transport is not None else InProcess()

    def __call__(self, game: str, state: dict[str, Any]) -> str | None:
        found = echo_problem(self.transport, game, state)
        if found is None:
            return None
        kind, answer = found
        return f"{kind}: {answer.status} {answer.body[:400].decode('utf-8', 'replace')}"
