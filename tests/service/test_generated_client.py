"""A client generated from the published document plays every game through the app.

openapi-python-client generates a package from ``openapi/openapi.json`` (once per version of
the document: it is cached in the temporary directory under the document's hash), the test
imports it and plays a few moves of each registered game through its named methods, over
httpx's WSGI transport into the flask app (no socket). What a client integrating through a
generator gets is what is asserted: one method per game and operation with a name that reads
(``dabong_apply_action``), typed request and answer models, effects as models.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from rules_core.games import REGISTRY
from service.openapi import OUTPUT
from service.spec_games import game_prefix, snake

httpx = pytest.importorskip("httpx")
attrs = pytest.importorskip("attrs")

PACKAGE = "table_judge_client"
MOVES = 4
CONFIG = f"package_name_override: {PACKAGE}\nproject_name_override: table-judge-client\npost_hooks: []\n"


def _generator() -> str:
    found = shutil.which("openapi-python-client", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip("openapi-python-client is not installed (it is in the test extra)")
    return found


@pytest.fixture(scope="session")
def client_package() -> Iterator[ModuleType]:
    digest = hashlib.sha256(OUTPUT.read_bytes() + CONFIG.encode()).hexdigest()[:16]
    root = Path(tempfile.gettempdir()) / f"table-judge-client-{digest}"
    if not (root / PACKAGE / "client.py").exists():
        work = Path(tempfile.mkdtemp(prefix="table-judge-client-"))
        (work / "config.yaml").write_text(CONFIG, encoding="utf-8")
        subprocess.run(
            [
                _generator(),
                "generate",
                "--path",
                str(OUTPUT),
                "--output-path",
                str(work / PACKAGE),
                "--meta",
                "none",
                "--config",
                str(work / "config.yaml"),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
        # Moved into place whole: a concurrent session sees all of it or none.
        shutil.rmtree(root, ignore_errors=True)
        work.rename(root)
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(root))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def api_client(client_package: ModuleType, app: Any) -> Any:
    transport = httpx.WSGITransport(app=app)
    return client_package.Client(
        base_url="http://testserver", raise_on_unexpected_status=True, httpx_args={"transport": transport}
    )


def _operation(package: ModuleType, tag: str, game: Any, operation: str) -> Any:
    """The generated module of one game's operation, found by the method name it should have."""
    return importlib.import_module(f"{package.__name__}.api.{tag}.{snake(game_prefix(game))}_{operation}")


def _model(package: ModuleType, game: Any, name: str) -> type:
    return getattr(importlib.import_module(f"{package.__name__}.models"), f"{game_prefix(game)}{name}")  # type: ignore[no-any-return]


def _models(package: ModuleType, game: Any, role: str) -> tuple[type, ...]:
    """The generated class of a role, or, where the document makes it a ``oneOf`` by ``type``
    (actions, effects), the class of each member: a generator makes the union a type alias."""
    models = importlib.import_module(f"{package.__name__}.models")
    name = game.wire_schemas().roles[role]
    if hasattr(models, name):
        return (getattr(models, name),)
    schema = json.loads(OUTPUT.read_text(encoding="utf-8"))["components"]["schemas"][name]
    members = [ref.rsplit("/", 1)[1] for ref in schema["discriminator"]["mapping"].values()]
    return tuple(getattr(models, member) for member in members)


@pytest.mark.parametrize("game", list(REGISTRY), ids=REGISTRY.names())
def test_each_game_plays_through_named_methods_and_typed_models(
    client_package: ModuleType, api_client: Any, game: Any
) -> None:
    deal_request = _model(client_package, game, "DealRequest")
    step_request = _model(client_package, game, "StateActionRequest")
    validate_request = _model(client_package, game, "ValidateRequest")
    listing_request = _model(client_package, game, "LegalActionsRequest")
    state_model = _model(client_package, game, "State")
    action_model = _models(client_package, game, "action")
    effect_model = _models(client_package, game, "effect")

    dealt = _operation(client_package, "table", game, "deal").sync(
        client=api_client, body=deal_request(seats=game.min_seats, seed=11)
    )
    assert isinstance(dealt, _model(client_package, game, "DealAnswer"))
    assert isinstance(dealt.state, state_model)
    state = dealt.state
    played = 0
    for _ in range(MOVES):
        page = _operation(client_package, "table", game, "list_legal_actions").sync(
            client=api_client, body=listing_request(state=state, limit=5)
        )
        assert isinstance(page, _model(client_package, game, "LegalActionsAnswer"))
        if not page.actions:
            break
        action = page.actions[0].action
        assert isinstance(action, action_model)
        verdict = _operation(client_package, "table", game, "validate_action").sync(
            client=api_client, body=validate_request(state=state, action=action)
        )
        assert isinstance(verdict, _model(client_package, game, "ValidateAnswer"))
        assert verdict.legal is True
        answer = _operation(client_package, "table", game, "apply_action").sync(
            client=api_client, body=step_request(state=state, action=action)
        )
        assert isinstance(answer, _model(client_package, game, "ApplyAnswer"))
        assert answer.effects and all(isinstance(e, effect_model) for e in answer.effects)
        assert isinstance(answer.state, state_model)
        # What the client sends back is what the service gave: the state round-trips.
        assert answer.state.to_dict() == answer.state.from_dict(answer.state.to_dict()).to_dict()
        state = answer.state
        played += 1
        if answer.over:
            break
    assert played >= 1
    to_act = _operation(client_package, "table", game, "list_legal_actions").sync(
        client=api_client, body=listing_request(state=state, limit=1)
    )
    if to_act.actions:
        seat = to_act.actions[0].action.seat
        suggestion = _operation(client_package, "bots", game, "suggest_action").sync(
            client=api_client,
            body=_model(client_package, game, "SuggestRequest")(
                state=state, seat=seat, level=_model(client_package, game, "SuggestRequestLevel")("random")
            ),
        )
        assert isinstance(suggestion, _model(client_package, game, "SuggestAnswer"))
        assert suggestion.action is None or isinstance(suggestion.action, action_model)
    view = _operation(client_package, "table", game, "view_for_seat").sync(
        client=api_client, body=_model(client_package, game, "ViewRequest")(state=state, seat=0)
    )
    assert isinstance(view.view, _model(client_package, game, "View"))


def test_catalogue_methods_are_named(client_package: ModuleType, api_client: Any) -> None:
    catalogue = importlib.import_module(f"{PACKAGE}.api.catalogue.list_games")
    listed = catalogue.sync(client=api_client)
    assert sorted(g.name for g in listed.games) == sorted(REGISTRY.names())
    health = importlib.import_module(f"{PACKAGE}.api.catalogue.get_health").sync(client=api_client)
    assert health.status == "ok"


def test_an_unknown_reason_code_is_a_plain_string(client_package: ModuleType) -> None:
    """Reason codes are an open string: a code the client has never seen still parses."""
    reason = importlib.import_module(f"{PACKAGE}.models").Reason.from_dict(
        {"code": "a_code_added_tomorrow", "rule_id": "x", "message": "m", "details": {}}
    )
    assert reason.code == "a_code_added_tomorrow"


@pytest.mark.parametrize("game", list(REGISTRY), ids=REGISTRY.names())
def test_states_views_and_effects_are_typed_field_by_field(client_package: ModuleType, game: Any) -> None:
    for role, members in (
        ("state", {"hands", "draw_pile", "turn", "status"}),
        ("view", {"hands", "draw_pile", "turn", "status"}),
        # The generator renames a field called ``type`` (a Python builtin) to ``type_``.
        ("effect", {"type_", "rule_id"}),
    ):
        for model in _models(client_package, game, role):
            fields = set(attrs.fields_dict(model))
            assert members <= fields, (role, model.__name__, sorted(fields))
