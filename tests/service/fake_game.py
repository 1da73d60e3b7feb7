"""A tiny but complete game for testing the HTTP layer without the real games.

"Tiny": eight cards (A-4 of spades and hearts), each seat is dealt
``hand_size`` cards round-robin from seat 0, one card starts the pile, the rest
is the draw pile. On your turn play one card matching the top card's suit or
rank, or draw one card; with nothing to draw and nothing to play, pass. The
first seat to empty its hand wins.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from rules_core.kernel import (
    Action,
    Card,
    CardsDrawn,
    CardsPlayed,
    Deck,
    Game,
    InvalidInput,
    JsonReader,
    LegalEntry,
    LegalPage,
    Outcome,
    Problem,
    Rank,
    ReasonCatalog,
    Registry,
    RoundWon,
    Rule,
    RuleTable,
    Suit,
    TurnPassed,
    Verdict,
    check_conservation,
    format_cards,
    option,
    options_from_json,
    options_to_json,
    page_of,
    shuffled,
)
from rules_core.kernel.problems import StateInvalid

TINY_DECK = Deck(
    "tiny 8-card",
    tuple(Card(rank, suit) for suit in (Suit.SPADES, Suit.HEARTS) for rank in list(Rank)[:4]),
)

RULES = RuleTable(
    "tiny",
    [
        Rule(id="tiny.deal", title="Deal", statement="Deal hand_size cards to each seat."),
        Rule(id="tiny.turn", title="Turn", statement="Seats act in order."),
        Rule(id="tiny.match", title="Match", statement="Play a card of the top card's suit or rank."),
        Rule(id="tiny.draw", title="Draw", statement="Draw one card instead of playing."),
        Rule(id="tiny.pass", title="Pass", statement="Pass only with nothing to draw or play."),
        Rule(id="tiny.win", title="Win", statement="An empty hand wins."),
        Rule(id="tiny.talk", title="Table talk", statement="Be nice.", not_adjudicated="etiquette"),
    ],
)

REASONS = ReasonCatalog()
NOT_YOUR_TURN = REASONS.define("not_your_turn", "seat {seat} is not to act (seat {turn} is)", "tiny.turn")
NO_SUCH_SEAT = REASONS.define("no_such_seat", "there is no seat {seat}", "tiny.turn")
GAME_OVER = REASONS.define("game_over", "the game is over", "tiny.win")
ONE_CARD = REASONS.define("one_card", "play exactly one card", "tiny.match")
NOT_IN_HAND = REASONS.define("not_in_hand", "{card} is not in seat {seat}'s hand", "tiny.match")
NO_MATCH = REASONS.define("does_not_match", "{card} matches neither suit nor rank of {top}", "tiny.match")
MATCHES = REASONS.define("matches", "{card} matches {top}", "tiny.match")
DREW = REASONS.define("drew", "seat {seat} draws", "tiny.draw")
NOTHING_TO_DRAW = REASONS.define("nothing_to_draw", "the draw pile is empty", "tiny.draw")
MAY_NOT_PASS = REASONS.define("may_not_pass", "pass only when nothing can be done", "tiny.pass")
PASSED = REASONS.define("passed", "seat {seat} passes", "tiny.pass")
UNEXPECTED = REASONS.define("unexpected_field", "{field} makes no sense for {type}", "tiny.turn")


@dataclass(frozen=True, slots=True, kw_only=True)
class TinyOptions:
    hand_size: int = option(2, "Cards dealt to each seat.", rule="tiny.deal", lo=1, hi=3)
    pass_allowed: bool = option(True, "Whether a stuck seat may pass.", rule="tiny.pass")


@dataclass(frozen=True, slots=True, kw_only=True)
class TinyState:
    options: TinyOptions
    seats: int
    seed: int
    shuffles: int
    hands: tuple[tuple[Card, ...], ...]
    draw_pile: tuple[Card, ...]
    pile: tuple[Card, ...]
    turn: int
    winner: int | None
    move: int


class TinyGame(Game[TinyState]):
    name: ClassVar[str] = "tiny"
    title: ClassVar[str] = "Tiny"
    summary: ClassVar[str] = "A test game: match suit or rank."
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 3
    deck: ClassVar[Deck] = TINY_DECK
    options_type: ClassVar[type] = TinyOptions
    presets: ClassVar[dict[str, Any]] = {"standard": TinyOptions(), "short": TinyOptions(hand_size=1)}
    default_preset: ClassVar[str] = "standard"
    rules: ClassVar[RuleTable] = RULES
    reasons: ClassVar[ReasonCatalog] = REASONS
    action_types: ClassVar[dict[str, str]] = {"play": "play one card", "draw": "draw one", "pass": "pass"}
    action_params: ClassVar[dict[str, str]] = {"say": "a remark (ignored)"}
    max_actions: ClassVar[int] = 50

    def deal(self, *, seats: int, options: Any, seed: int, deck_order: tuple[Any, ...] | None) -> TinyState:
        needed = seats * options.hand_size + 1  # the hands and the pile's first card
        if needed > len(TINY_DECK.cards):
            # 3 seats of 3 cards need 10 of the 8 cards (schemathesis found the IndexError).
            message = (
                f"{seats} hands of {options.hand_size} and a pile card need {needed} of "
                f"{len(TINY_DECK.cards)} cards"
            )
            raise InvalidInput(
                [Problem(pointer="/options/hand_size", code="deck_too_small", message=message)]
            )
        order = (
            tuple(deck_order)
            if deck_order is not None
            else shuffled(TINY_DECK.cards, seed=seed, stream="deal")
        )
        hands: list[list[Card]] = [[] for _ in range(seats)]
        i = 0
        for _ in range(options.hand_size):
            for seat in range(seats):
                hands[seat].append(order[i])
                i += 1
        return TinyState(
            options=options,
            seats=seats,
            seed=seed,
            shuffles=0,
            hands=tuple(tuple(h) for h in hands),
            pile=(order[i],),
            draw_pile=tuple(order[i + 1 :]),
            turn=0,
            winner=None,
            move=0,
        )

    def state_to_json(self, state: TinyState) -> dict[str, Any]:
        return {
            "game": self.name,
            "options": options_to_json(state.options),
            "seats": state.seats,
            "seed": state.seed,
            "shuffles": state.shuffles,
            "hands": [format_cards(h) for h in state.hands],
            "draw_pile": format_cards(state.draw_pile),
            "pile": format_cards(state.pile),
            "turn": state.turn,
            "status": "over" if state.winner is not None else "playing",
            "winner": state.winner,
            "move": state.move,
        }

    def state_from_json(self, data: Any) -> TinyState:
        keys = ("game", "options", "seats", "seed", "shuffles", "hands", "draw_pile", "pile", "turn")
        r = JsonReader()
        obj = r.obj(data, "", allowed=(*keys, "status", "winner", "move"))
        r.str(obj, "game", "", choices=(self.name,))
        options = options_from_json(TinyOptions, obj.get("options", {}), "/options", reader=r)
        seats = r.int(obj, "seats", "", lo=2, hi=3)
        seed = r.int(obj, "seed", "", lo=0)
        shuffles = r.int(obj, "shuffles", "", lo=0, hi=0)
        raw_hands = r.list(obj, "hands", "")
        if len(raw_hands) != seats:
            r.add("/hands", "wrong_count", f"expected {seats} hands")
        hands: list[tuple[Card, ...]] = []
        for i, raw in enumerate(raw_hands):
            if not isinstance(raw, list):
                r.add(f"/hands/{i}", "wrong_type", "expected an array")
                hands.append(())
                continue
            hands.append(
                tuple(c for j, t in enumerate(raw) if (c := r.card(t, f"/hands/{i}/{j}", TINY_DECK)))
            )
        draw = r.cards(obj, "draw_pile", "", TINY_DECK)
        pile = r.cards(obj, "pile", "", TINY_DECK)
        if not pile and "pile" in obj:
            r.add("/pile", "empty_pile", "the pile always has a top card")
        turn = r.int(obj, "turn", "", lo=0, hi=max(seats - 1, 0))
        move = r.int(obj, "move", "", lo=0, hi=self.max_actions)
        winner = r.int(obj, "winner", "", lo=0, hi=max(seats - 1, 0), nullable=True)
        status = r.str(obj, "status", "", choices=("playing", "over"))
        if status is not None and (status == "over") != (winner is not None):
            r.add("/status", "inconsistent", "status 'over' goes with a winner")
        zones = [(f"/hands/{i}", h) for i, h in enumerate(hands)] + [("/draw_pile", draw), ("/pile", pile)]
        check_conservation(r, TINY_DECK, zones)
        if r.problems:
            raise StateInvalid(r.problems)
        return TinyState(
            options=options,
            seats=seats,
            seed=seed,
            shuffles=shuffles,
            hands=tuple(hands),
            draw_pile=draw,
            pile=pile,
            turn=turn,
            winner=winner,
            move=move,
        )

    # -- adjudication -------------------------------------------------------------------
    def _matches(self, card: Card, top: Card) -> bool:
        return card.suit == top.suit or card.rank == top.rank

    def resolve(self, state: TinyState, action: Action) -> Outcome[TinyState]:
        if state.winner is not None:
            return Outcome(verdict=Verdict.illegal(action, GAME_OVER()), state=None)
        if action.seat >= state.seats:
            return Outcome(verdict=Verdict.illegal(action, NO_SUCH_SEAT(seat=action.seat)), state=None)
        if action.seat != state.turn:
            return Outcome(
                verdict=Verdict.illegal(action, NOT_YOUR_TURN(seat=action.seat, turn=state.turn)), state=None
            )
        extra = [f for f in ("suit", "value", "top") if getattr(action, f) is not None] + (
            ["declare"] if action.declare else []
        )
        if action.type != "play" and action.cards:
            extra.append("cards")
        if extra:
            return Outcome(
                verdict=Verdict.illegal(action, UNEXPECTED(field=extra[0], type=action.type)), state=None
            )
        hand = state.hands[action.seat]
        top = state.pile[-1]
        nxt = (state.turn + 1) % state.seats
        if action.type == "play":
            if len(action.cards) != 1:
                return Outcome(verdict=Verdict.illegal(action, ONE_CARD()), state=None)
            card = action.cards[0]
            if card not in hand:
                return Outcome(
                    verdict=Verdict.illegal(action, NOT_IN_HAND(card=card, seat=action.seat)), state=None
                )
            if not self._matches(card, top):
                return Outcome(verdict=Verdict.illegal(action, NO_MATCH(card=card, top=top)), state=None)
            new_hand = tuple(c for c in hand if c != card)
            won = not new_hand
            effects: list[Any] = [CardsPlayed(rule_id="tiny.match", seat=action.seat, cards=(card,))]
            effects.append(
                RoundWon(rule_id="tiny.win", seat=action.seat, how="empty hand")
                if won
                else TurnPassed(rule_id="tiny.turn", seat=action.seat, to_seat=nxt)
            )
            hands = tuple(new_hand if i == action.seat else h for i, h in enumerate(state.hands))
            new = dataclasses.replace(
                state,
                hands=hands,
                pile=(*state.pile, card),
                turn=state.turn if won else nxt,
                winner=action.seat if won else None,
                move=state.move + 1,
            )
            verdict = Verdict(
                legal=True, action=action, reasons=(MATCHES(card=card, top=top),), effects=tuple(effects)
            )
            return Outcome(verdict=verdict, state=new)
        if action.type == "draw":
            if not state.draw_pile:
                return Outcome(verdict=Verdict.illegal(action, NOTHING_TO_DRAW()), state=None)
            card = state.draw_pile[0]
            hands = tuple((*h, card) if i == action.seat else h for i, h in enumerate(state.hands))
            effects = [
                CardsDrawn(rule_id="tiny.draw", seat=action.seat, count=1, cards=(card,)),
                TurnPassed(rule_id="tiny.turn", seat=action.seat, to_seat=nxt),
            ]
            new = dataclasses.replace(
                state, hands=hands, draw_pile=state.draw_pile[1:], turn=nxt, move=state.move + 1
            )
            return Outcome(
                verdict=Verdict(
                    legal=True, action=action, reasons=(DREW(seat=action.seat),), effects=tuple(effects)
                ),
                state=new,
            )
        if state.draw_pile or any(self._matches(c, top) for c in hand) or not state.options.pass_allowed:
            return Outcome(verdict=Verdict.illegal(action, MAY_NOT_PASS()), state=None)
        effects = [TurnPassed(rule_id="tiny.pass", seat=action.seat, to_seat=nxt)]
        new = dataclasses.replace(state, turn=nxt, move=state.move + 1)
        verdict = Verdict(
            legal=True, action=action, reasons=(PASSED(seat=action.seat),), effects=tuple(effects)
        )
        return Outcome(verdict=verdict, state=new)

    def legal_actions(
        self, state: TinyState, seat: int | None = None, *, offset: int = 0, limit: int | None = None
    ) -> LegalPage:
        entries: list[LegalEntry] = []
        if state.winner is None and seat in (None, state.turn):
            top = state.pile[-1]
            hand = state.hands[state.turn]
            plays = [c for c in sorted(hand) if self._matches(c, top)]
            for card in plays:
                entries.append(
                    LegalEntry(
                        action=Action(type="play", seat=state.turn, cards=(card,)), patterns=("match",)
                    )
                )
            if state.draw_pile:
                entries.append(LegalEntry(action=Action(type="draw", seat=state.turn)))
            elif not plays and state.options.pass_allowed:
                entries.append(LegalEntry(action=Action(type="pass", seat=state.turn)))
        return page_of(entries, offset, limit)

    def to_act(self, state: TinyState) -> tuple[int, ...]:
        if state.winner is not None or not self.legal_actions(state).entries:
            return ()
        return (state.turn,)

    def is_over(self, state: TinyState) -> bool:
        return state.winner is not None

    def view(self, state: TinyState, seat: int) -> dict[str, Any]:
        out = self.state_to_json(state)
        out.pop("seed")
        out["viewer"] = seat
        out["hands"] = [h if i == seat else {"count": len(h)} for i, h in enumerate(out["hands"])]
        out["draw_pile"] = {"count": len(state.draw_pile)}
        return out


GAME = TinyGame()


def fake_registry() -> Registry:
    registry = Registry()
    registry.register(GAME)
    return registry
