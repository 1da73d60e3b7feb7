"""Seeded random playouts over the ``Game`` interface, with invariants checked at every step.

Game-agnostic: it uses only the ``Game`` methods and the state JSON conventions of
``docs/dev/game-api.md`` (``hands``, ``draw_pile``, piles as top-level lists, ``status``,
``winner``). One call per game and preset::

    from tests.playouts import run_playouts

    def test_random_playouts():
        report = run_playouts(GAME, seeds=range(50), seats=range(2, 6), options=GAME.presets["standard"])
        assert report.games == 200

Every (seed, seat count) pair plays one game, choosing uniformly among the listed legal
actions with a generator seeded from the pair. At every step it checks that

* the cards of the deck are conserved (hands, draw pile, every top-level ``*pile`` list and
  the ``extra_zones`` named by the caller hold each card of ``game.deck`` exactly once);
* the state survives a JSON round trip unchanged (``dumps``/``loads``, ``state_from_json``,
  ``state_to_json``) and, with ``echo``, one through the service's HTTP request path too
  (``echo(game name, state JSON)`` answers None when the service took the state back and
  answered it unchanged, else what went wrong: ``tools.http_play.HttpEcho``);
* ``to_act`` names exactly the seats that have listed actions, per-seat listings add up to
  the whole listing, and a finished game lists nothing;
* every listed action is legal by ``resolve`` and yields a next state (whose effects encode
  for every viewer); sampled actions that are not listed are rejected with known reason codes;
* every seat's view hides what it must (no ``seed``, other hands and the draw pile as
  ``{"count": n}``) and is identical across worlds that differ only in cards the seat
  cannot see (other hands and the draw pile redistributed; worlds the game rejects as
  impossible are skipped);

and, per game, that it ends within ``game.max_actions`` with exactly one winner (or a
draw when ``allow_draw``), and that replaying the same actions from the same deal gives the
same final state. A failure raises ``AssertionError`` naming the game, seed, seats and step.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from rules_core.kernel import Action, Game, StateInvalid, format_card

#: ``chooser(game, state, entries, rng) -> action``: how a playout picks its next action.
Chooser = Callable[[Game[Any], Any, list[Any], random.Random], Action]
#: ``echo(game name, state JSON) -> None | problem``: the state sent back through the service.
Echo = Callable[[str, dict[str, Any]], str | None]


@dataclass
class PlayoutReport:
    games: int = 0
    actions: int = 0
    longest: int = 0
    #: Final ``winner`` value (None for a draw) -> games.
    winners: Counter[Any] = field(default_factory=Counter)
    #: Views compared across resampled worlds (the rest were impossible worlds).
    resamples_compared: int = 0


def run_playouts(
    game: Game[Any],
    seeds: Iterable[int],
    seats: int | Iterable[int],
    options: Any = None,
    *,
    unlisted_samples: int = 3,
    resample_every: int = 4,
    extra_zones: tuple[str, ...] = (),
    allow_draw: bool = False,
    chooser: Chooser | None = None,
    echo: Echo | None = None,
) -> PlayoutReport:
    """Play one random game per (seed, seat count) and check the invariants; return the totals.

    ``chooser(game, state, entries, rng)`` picks the next action (a bot, say); by
    default the choice is uniform among the listed actions. A failure's
    ``AssertionError`` carries ``.log``, the actions from the deal up to and
    including the one that broke an invariant (the shortest failing log for
    that seed), and ``.seed``/``.seats`` to reproduce it.
    """
    if options is None:
        options = game.presets[game.default_preset]
    seat_counts = (seats,) if isinstance(seats, int) else tuple(seats)
    report = PlayoutReport()
    for seed in seeds:
        for count in seat_counts:
            playout = _Playout(
                game, seed, count, options, unlisted_samples, resample_every, extra_zones, chooser, echo
            )
            playout.run(report, allow_draw)
    return report


class _Playout:
    def __init__(
        self,
        game: Game[Any],
        seed: int,
        seats: int,
        options: Any,
        unlisted_samples: int,
        resample_every: int,
        extra_zones: tuple[str, ...],
        chooser: Chooser | None = None,
        echo: Echo | None = None,
    ) -> None:
        self.game = game
        self.chooser = chooser
        self.echo = echo
        self.actions: list[Action] = []
        self.seed = seed
        self.seats = seats
        self.options = options
        self.unlisted_samples = unlisted_samples
        self.resample_every = resample_every
        self.extra_zones = extra_zones
        self.rng = random.Random(f"playout/{game.name}/{seed}/{seats}")
        self.step = 0
        self.deck = Counter(format_card(c) for c in game.deck.cards)

    def fail(self, message: str) -> AssertionError:
        where = f"{self.game.name} seed={self.seed} seats={self.seats} step={self.step}"
        error = AssertionError(f"{where}: {message}")
        error.log = [a.to_json() for a in self.actions]  # type: ignore[attr-defined]
        error.seed = self.seed  # type: ignore[attr-defined]
        error.seats = self.seats  # type: ignore[attr-defined]
        return error

    def check(self, condition: bool, message: str) -> None:
        if not condition:
            raise self.fail(message)

    def deal(self) -> Any:
        return self.game.deal(seats=self.seats, options=self.options, seed=self.seed, deck_order=None)

    # -- one game -----------------------------------------------------------------------
    def run(self, report: PlayoutReport, allow_draw: bool) -> None:
        state = self.deal()
        first = self.game.state_to_json(state)
        self.check(self.game.state_to_json(self.deal()) == first, "the same seed dealt differently")
        actions = self.actions
        while True:
            data = self.check_state(state)
            report.resamples_compared += self.check_views(state, data)
            entries = self.check_listing(state)
            if self.game.is_over(state):
                break
            self.check(
                self.step < self.game.max_actions, f"no end within max_actions={self.game.max_actions}"
            )
            self.check_unlisted(state, entries)
            if self.chooser is None:
                action = self.rng.choice(entries).action
            else:
                action = self.chooser(self.game, state, entries, self.rng)
            actions.append(action)
            outcome = self.game.resolve(state, action)
            self.check(outcome.state is not None, f"the chosen {action.to_json()} is illegal")
            state = outcome.state
            self.step += 1
        final = data
        winner = final.get("winner")
        self.check(
            winner is not None or allow_draw, f"the game ended without a winner: {final.get('status')}"
        )
        self.check(not isinstance(winner, list), "more than one winner")
        self.check_replay(actions, final)
        report.games += 1
        report.actions += self.step
        report.longest = max(report.longest, self.step)
        report.winners[winner] += 1

    # -- invariants ---------------------------------------------------------------------
    def check_state(self, state: Any) -> dict[str, Any]:
        data = self.game.state_to_json(state)
        wire = json.loads(json.dumps(data))
        try:
            again = self.game.state_from_json(wire)
        except StateInvalid as exc:
            raise self.fail(f"a reached state was rejected: {exc}") from exc
        self.check(self.game.state_to_json(again) == data, "the state changed in a JSON round trip")
        if self.echo is not None:
            problem = self.echo(self.game.name, data)
            self.check(problem is None, f"the service did not take the state back unchanged: {problem}")
        held = Counter(self.cards_in(data))
        self.check(
            held == self.deck, f"cards not conserved: extra {held - self.deck}, missing {self.deck - held}"
        )
        return data

    def cards_in(self, data: dict[str, Any]) -> list[str]:
        cards = [card for hand in data["hands"] for card in hand]
        for key, value in data.items():
            if (key.endswith("pile") or key in self.extra_zones) and isinstance(value, list):
                cards.extend(value)
            elif key in self.extra_zones and isinstance(value, str):
                cards.append(value)
        return cards

    def check_listing(self, state: Any) -> list[Any]:
        page = self.game.legal_actions(state)
        entries = list(page.entries)
        self.check(
            page.total_entries == len(entries) and page.next_offset is None, "the full listing is paged"
        )
        acting = {e.action.seat for e in entries}
        self.check(
            acting == set(self.game.to_act(state)), f"to_act {self.game.to_act(state)} vs listed {acting}"
        )
        per_seat = [e for s in range(self.seats) for e in self.game.legal_actions(state, s).entries]
        self.check(sorted(per_seat, key=repr) == sorted(entries, key=repr), "per-seat listings differ")
        if self.game.is_over(state):
            self.check(not entries, "a finished game lists actions")
            return entries
        self.check(bool(entries), "a game in progress lists no action")
        # Effects are frozen values and ``to_json`` is a function of the effect and the viewer, so
        # an effect that several listed actions share (the turn passing on) is encoded once.
        effects: set[Any] = set()
        for entry in entries:
            outcome = self.game.resolve(state, entry.action)
            verdict = outcome.verdict
            self.check(verdict.legal, f"listed {entry.action.to_json()} is illegal: {verdict.reasons}")
            self.check(outcome.state is not None, f"listed {entry.action.to_json()} gave no state")
            effects.update(verdict.effects)
        viewers = (None, *range(self.seats))
        for effect in effects:
            for viewer in viewers:
                json.dumps(effect.to_json(viewer))
        return entries

    def check_unlisted(self, state: Any, entries: list[Any]) -> None:
        listed = {self.key(e.action, e.orderings > 1) for e in entries}
        loose = {self.key(e.action, True) for e in entries if e.orderings > 1}
        # A listed play that declares its wildcards (dabong!'s Shamans), written without the
        # declarations: the engine may read the one identity that fits, and then it must be
        # exactly that listed play. Keys without ``declare`` -> the listed actions they stand for.
        bare: dict[tuple[Any, ...], list[Action]] = {}
        for e in entries:
            if e.action.declare:
                plain = dataclasses.replace(e.action, declare=())
                for any_order in {e.orderings > 1, False}:
                    bare.setdefault(self.key(plain, any_order), []).append(e.action)
        codes = {code.code for code in self.game.reasons}
        types = sorted(self.game.action_types)
        cards = self.game.deck.cards
        for _ in range(self.unlisted_samples):
            size = self.rng.choice((1, 1, 1, 2, 0))
            candidate = Action(
                type=self.rng.choice(types),
                seat=self.rng.randrange(self.seats),
                cards=tuple(self.rng.sample(cards, size)),
            )
            if self.key(candidate, False) in listed or self.key(candidate, True) in loose:
                continue
            outcome = self.game.resolve(state, candidate)
            declared = bare.get(self.key(candidate, False)) or bare.get(self.key(candidate, True))
            if declared and outcome.verdict.legal:
                self.check_same_as_declared(state, candidate, outcome, declared)
                continue
            self.check(not outcome.verdict.legal, f"unlisted {candidate.to_json()} was found legal")
            self.check(outcome.state is None, f"illegal {candidate.to_json()} produced a state")
            self.check(bool(outcome.verdict.reasons), f"illegal {candidate.to_json()} has no reason")
            unknown = {r.code for r in outcome.verdict.reasons} - codes
            self.check(not unknown, f"reason codes outside the catalog: {unknown}")

    def check_same_as_declared(
        self, state: Any, candidate: Action, outcome: Any, declared: list[Action]
    ) -> None:
        """An undeclared play found legal is one of its listed declared forms, state for state."""
        self.check(outcome.state is not None, f"legal {candidate.to_json()} produced no state")
        reached = self.game.state_to_json(outcome.state)
        forms = [self.game.resolve(state, action).state for action in declared]
        self.check(
            any(form is not None and self.game.state_to_json(form) == reached for form in forms),
            f"undeclared {candidate.to_json()} was found legal but is none of its listed declared forms",
        )

    @staticmethod
    def key(action: Action, any_order: bool) -> tuple[Any, ...]:
        cards = tuple(sorted(action.cards)) if any_order else action.cards
        return (
            action.type,
            action.seat,
            cards,
            action.suit,
            action.declare,
            action.value,
            action.top,
            action.params,
        )

    def check_views(self, state: Any, data: dict[str, Any]) -> int:
        for seat in range(self.seats):
            view = self.game.view(state, seat)
            self.check(view.get("viewer") == seat, "a view does not name its viewer")
            self.check("seed" not in view, "a view shows the seed")
            self.check(view["draw_pile"] == {"count": len(data["draw_pile"])}, "a view shows the draw pile")
            for other, hand in enumerate(view["hands"]):
                expected = data["hands"][seat] if other == seat else {"count": len(data["hands"][other])}
                self.check(hand == expected, f"seat {seat}'s view of hand {other} is wrong: {hand}")
        if self.resample_every <= 0 or self.step % self.resample_every:
            return 0
        seat = self.rng.randrange(self.seats)
        world = self.resampled(data, seat)
        try:
            other = self.game.state_from_json(world)
        except StateInvalid:
            return 0
        self.check(
            self.game.view(other, seat) == self.game.view(state, seat),
            f"seat {seat}'s view changes with cards it cannot see",
        )
        return 1

    def resampled(self, data: dict[str, Any], seat: int) -> dict[str, Any]:
        """The same table with the cards ``seat`` cannot see dealt out again at random."""
        world = json.loads(json.dumps(data))
        hidden = [card for i, hand in enumerate(world["hands"]) if i != seat for card in hand]
        hidden += world["draw_pile"]
        self.rng.shuffle(hidden)
        for i, hand in enumerate(world["hands"]):
            if i != seat:
                world["hands"][i], hidden = hidden[: len(hand)], hidden[len(hand) :]
        world["draw_pile"] = hidden
        return world

    def check_replay(self, actions: list[Action], final: dict[str, Any]) -> None:
        state = self.deal()
        for action in actions:
            state = self.game.resolve(state, action).state
        self.check(self.game.state_to_json(state) == final, "the same seed and actions gave another game")
