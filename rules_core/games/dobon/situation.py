"""Dobon situations: the top card, whose turn, a check or a two, the hands that matter.

What decides a Dobon question is the top card (its value for a claim, its suit and rank for a
play), the suit in force, a pending two, the check in progress and the hands of the seats it
asks. So the completion:

* fills every hand not fully given with the first free cards of the deck, choosing the last so
  that the hand does *not* total the top card's value: no invented hand can claim Dobon (say a
  seat's hand to ask otherwise); a hand named is the whole hand unless ``more`` says how many
  unknown cards it also holds (a claim is always about the whole hand);
* builds the least history the state rules need: the check's order and resume point from the
  card or draw that started it, the twos under the top for an obligation, the return chain's
  cards on the pile, earlier rounds from the scores; a fresh deal when nothing happened;
* puts the rest of the deck in the draw pile in deck order (the next draws: they change what is
  drawn, never what may be played or claimed now).

A moment that cannot be a state is ``Unreachable`` with the rule, and the outcome where the
rules give one.
"""

from __future__ import annotations

from ...kernel import (
    Card,
    InvalidInput,
    JsonReader,
    Problem,
    Rank,
    StateInvalid,
    Suit,
    parse_card,
)
from ...kernel import format_card as fmt
from ...kernel.situations import Assumption, Completion, SituationSpec, Unreachable
from .options import DRAW_ONE_ENDS_TURN, EIGHT_CHOSEN_SUIT, TWO_DOUBLES, DobonOptions
from .situation_facts import CLAIM_FACT, DECK, ENDED, KNOWN_HAND, SITUATION, DobonSituation
from .standing import match_winner
from .state import ROUND_ACTION_LIMIT, Check, CheckKind, Claim, DobonState, Resume, RoundRecord, Status, Step
from .values import total, value
from .wire import read_state, write_state


def _invalid(pointer: str, code: str, message: str) -> InvalidInput:
    return InvalidInput(
        (Problem(pointer=pointer, code=code, message=message),), "the situation cannot be completed"
    )


def _cards(cards: tuple[Card, ...]) -> str:
    return ", ".join(fmt(c) for c in cards) or "none"


class _Builder:
    """The completion of one situation: the checks, the hands, the pile, what was said."""

    def __init__(self, facts: DobonSituation, options: DobonOptions) -> None:
        self.f = facts
        self.o = options
        self.said: list[Assumption] = []
        self.seats = self._seats()
        self.direction = -1 if facts.reversed else 1
        self.named = self._check_named()

    def say(self, about: str, text: str, why: str) -> None:
        self.said.append(Assumption(about, text, why))

    def after(self, seat: int, k: int = 1) -> int:
        return (seat + self.direction * k) % self.seats

    def _seats(self) -> int:
        f = self.f
        named = [f.turn, *(h.seat for h in f.hands), *(c.seat for c in f.claims)]
        named += [s for s in (f.top_by, f.ended.winner if f.ended else None) if s is not None]
        if f.seats is not None:
            return f.seats
        seats = max(2, max(named) + 1, len(f.wins or ()))
        self.say("/seats", f"{seats} seats", "the seats named need no more; say `seats` if there are more")
        return seats

    def _check_named(self) -> dict[int, tuple[Card, ...]]:
        """The named hands by seat; every card named once, every seat at the table (InvalidInput)."""
        f, reader, seats = self.f, JsonReader(), self.seats
        seen: set[Card] = set()

        def card(c: Card | None, ptr: str) -> None:
            if c is not None and c in seen:
                reader.add(ptr, "repeated", f"{fmt(c)} is named twice")
            if c is not None:
                seen.add(c)

        named: dict[int, tuple[Card, ...]] = {}
        for i, hand in enumerate(f.hands):
            if hand.seat >= seats:
                reader.add(f"/hands/{i}/seat", "no_such_seat", f"the table has {seats} seats")
            if hand.seat in named:
                reader.add(f"/hands/{i}/seat", "repeated", f"seat {hand.seat}'s hand is given twice")
            named[hand.seat] = hand.cards
            for j, c in enumerate(hand.cards):
                card(c, f"/hands/{i}/cards/{j}")
        for i, claim in enumerate(f.claims):
            if claim.seat >= seats:
                reader.add(f"/claims/{i}/seat", "no_such_seat", f"the table has {seats} seats")
            if claim.seat in named:
                reader.add(f"/claims/{i}/seat", "repeated", "a claimant's hand lies on the pile")
            for j, c in enumerate(claim.cards):
                card(c, f"/claims/{i}/cards/{j}")
            if claim.top is not None and claim.top not in claim.cards:
                reader.add(f"/claims/{i}/top", "not_in_hand", "the top card is one of the claimed cards")
            if i == 0:
                card(claim.target, f"/claims/{i}/target")
        if f.drawn is not None and f.drawn not in named.get(f.turn, ()):
            card(f.drawn, "/drawn")
        if not f.claims:
            card(f.top, "/top")
        elif f.top is not None and f.top != (f.claims[-1].top or next(iter(f.claims[-1].cards[-1:]), None)):
            reader.add("/top", "inconsistent", "in a return check the last claimant's top card is on top")
        for key, seat in (("turn", f.turn), ("top_by", f.top_by)):
            if seat is not None and seat >= seats:
                reader.add(f"/{key}", "no_such_seat", f"the table has {seats} seats")
        if f.ended is not None and f.ended.winner is not None and f.ended.winner >= seats:
            reader.add("/ended/winner", "no_such_seat", f"the table has {seats} seats")
        if f.wins is not None and len(f.wins) != seats:
            reader.add("/wins", "wrong_length", f"one count for each of the {seats} seats")
        if f.claims and f.check is not CheckKind.RETURN:
            reader.add("/claims", "inconsistent", "claims are pending only in a return check")
        if reader.problems:
            raise InvalidInput(reader.problems, "the situation contradicts itself")
        return named

    def free(self, used: set[Card]) -> list[Card]:
        return [c for c in DECK.cards if c not in used]


def complete(facts: DobonSituation, options: DobonOptions) -> Completion[DobonState]:
    b = _Builder(facts, options)
    state = _build(b)
    try:  # the completion must be a state the game itself accepts (as every request's state)
        read_state(write_state(state))
    except StateInvalid as exc:  # pragma: no cover - a bug in the completion, not the client's
        raise AssertionError(f"completed Dobon situation is not a valid state: {exc.problems}") from exc
    return Completion(state=state, assumptions=tuple(b.said))


def _build(b: _Builder) -> DobonState:
    f, o, seats = b.f, b.o, b.seats
    if f.reversed and not o.jack_reverses:
        raise Unreachable("without reversing jacks play never changes direction", "dobon.jack", "/reversed")
    wins, record = _earlier_rounds(b)
    used = {c for cards in b.named.values() for c in cards} | {c for cl in f.claims for c in cl.cards}
    if f.drawn is not None and f.drawn not in used:
        used.add(f.drawn)
    top, top_by, under, chain = _pile(b, used)
    used |= set(under) | {top} | {c for cl in chain for c in cl.cards}
    status, turn, step, check, obligation, drawn = _moment(b, top, top_by, chain)
    active = _active_suit(b, top, top_by)
    hands = _hands(b, used, top, chain, turn, step, check, drawn)
    ended = f.ended
    winner: int | None = None
    if ended is not None:
        status, hands, chain, wins, record, winner, under, top_by = _end(b, hands, top, wins, record, under)
    laid = [c for cl in chain for c in cl.cards] if o.returns else []
    discard = (*under, *laid, top) if not laid else (*under, *laid)
    if laid and discard[-1].suit is not None:  # a claimant's chosen top card sets the suit
        active = discard[-1].suit
    rest = set(discard) | {c for h in hands for c in h}
    draw_pile = tuple(c for c in DECK.cards if c not in rest)
    b.say(
        "/draw_pile",
        f"the stock holds the other {len(draw_pile)} cards in deck order",
        "it decides only which card is drawn next, never what may be played or claimed now",
    )
    fresh = check is not None and check.kind is CheckKind.OPENING
    moves = _round_moves(b, fresh, check, status)
    return DobonState(
        options=o,
        seats=seats,
        seed=0,
        shuffles=0,
        hands=hands,
        draw_pile=draw_pile,
        discard_pile=discard,
        status=status,
        turn=turn if status in (Status.CHECKING, Status.PLAYING) else None,
        step=step if status is Status.PLAYING else None,
        direction=b.direction,
        active_suit=active,
        top_owner=top_by,
        obligation=obligation if status in (Status.CHECKING, Status.PLAYING) else 0,
        drawn=drawn if status in (Status.CHECKING, Status.PLAYING) else None,
        check=check if status is Status.CHECKING else None,
        chain=chain,
        winner=winner,
        move=moves + len(record),
        round=f.round,
        round_move=moves,
        wins=wins,
        record=record,
    )


def _earlier_rounds(b: _Builder) -> tuple[tuple[int, ...], tuple[RoundRecord, ...]]:
    """Scores and the record of rounds before this one (a win each, the rest drawn)."""
    f, o = b.f, b.o
    if f.round > o.match_rounds:
        raise Unreachable(f"the match lasts {o.match_rounds} round(s)", "dobon.match", "/round")
    wins = list(f.wins) if f.wins is not None else [0] * b.seats
    earlier = list(wins)
    if f.ended is not None and f.ended.winner is not None and f.wins is not None:
        if earlier[f.ended.winner] == 0:
            raise Unreachable("the round's winner has won a round", "dobon.match", "/wins")
        earlier[f.ended.winner] -= 1
    if sum(earlier) > f.round - 1:
        raise Unreachable(f"only {f.round - 1} round(s) were played before", "dobon.match", "/wins")
    record: list[RoundRecord] = []
    for seat, n in enumerate(earlier):
        for _ in range(n):
            # Any one-card claim stands for an earlier round's win: only its winner counts now.
            claim = Claim(seat=seat, cards=(parse_card("AH"),), target=parse_card("AS"), top=None)
            if o.returns:
                claim = Claim(seat=seat, cards=claim.cards, target=claim.target, top=claim.cards[0])
            record.append(RoundRecord(round=len(record) + 1, winner=seat, how="dobon", chain=(claim,)))
    while len(record) < f.round - 1:
        record.append(RoundRecord(round=len(record) + 1, winner=None, how="stock_exhausted", chain=()))
    if f.round > 1:
        b.say(
            "/record",
            f"earlier rounds: {sum(earlier)} won by Dobon as scored, the rest drawn",
            "earlier rounds count only in the scores; say `wins` to change them",
        )
    return tuple(earlier), tuple(record)


def _pile(b: _Builder, used: set[Card]) -> tuple[Card, int | None, tuple[Card, ...], tuple[Claim, ...]]:
    """(top, who put it down, cards under the top or the laid hands, the return chain)."""
    f = b.f
    if f.check is CheckKind.RETURN:
        return _chain(b, used)
    top = f.top
    if top is None:
        # A plain card (no two, no eight) unless a two is owed: the least the facts need.
        wanted = (Rank.TWO,) if f.obligation else tuple(r for r in Rank if r not in (Rank.TWO, Rank.EIGHT))
        found = next((c for c in DECK.cards if c not in used and c.rank in wanted), None)
        if found is None:
            raise Unreachable("every two is named elsewhere: none can be on top", "dobon.two", "/obligation")
        top = found
        b.say("/discard_pile", f"the top card is {fmt(top)}", "the situation did not give it: say `top`")
    top_by = f.top_by
    under: tuple[Card, ...] = ()
    if f.obligation:
        under = _twos_under(b, top, used)
    return top, top_by, under, ()


def _twos_under(b: _Builder, top: Card, used: set[Card]) -> tuple[Card, ...]:
    f, o = b.f, b.o
    if top.rank is not Rank.TWO:
        raise Unreachable(
            "only a two makes cards owed; the top card is not a two", "dobon.two", "/obligation"
        )
    if o.two_growth == TWO_DOUBLES:
        twos = f.obligation.bit_length() - 1
        ok = f.obligation == 1 << twos and twos >= 1
    else:
        twos, ok = f.obligation // 2, f.obligation % 2 == 0
    if not ok or twos > 4:
        raise Unreachable(f"twos never make {f.obligation} cards owed", "dobon.two.growth", "/obligation")
    spare = [c for c in DECK.cards if c.rank is Rank.TWO and c not in used and c != top]
    if len(spare) < twos - 1:
        raise Unreachable(f"{twos} twos are needed on the pile and are not free", "dobon.two", "/obligation")
    under = tuple(spare[: twos - 1])
    if under:
        b.say(
            "/discard_pile", f"{_cards(under)} lie under the top two", f"{twos} twos make {f.obligation} owed"
        )
    return under


def _chain(b: _Builder, used: set[Card]) -> tuple[Card, int | None, tuple[Card, ...], tuple[Claim, ...]]:
    f, o = b.f, b.o
    if not o.returns:
        raise Unreachable("without returns the first claim ends the round", "dobon.claim.returns", "/check")
    if not f.claims:
        raise Unreachable(
            "a return check follows a claim: name it in `claims`", "dobon.claim.returns", "/claims"
        )
    chain: list[Claim] = []
    target = f.claims[0].target
    first = total(f.claims[0].cards)
    if target is None:
        target = next((c for c in DECK.cards if c not in used and value(c) == first), None)
        if target is None:
            raise Unreachable(f"no card is worth {first}: no claim adds up", "dobon.claim.total", "/claims/0")
        b.say(
            "/claims/0/target",
            f"the first claim was on {fmt(target)}",
            "any card of that value was claimable",
        )
    seen: set[int] = set()
    for i, fact in enumerate(f.claims):
        if fact.seat in seen:
            raise Unreachable(
                "a seat claims at most once in a chain", "dobon.claim.returns.once", f"/claims/{i}"
            )
        seen.add(fact.seat)
        if not fact.cards or total(fact.cards) != value(target):
            raise Unreachable(
                f"{_cards(fact.cards)} does not add up to {fmt(target)}", "dobon.claim.total", f"/claims/{i}"
            )
        top = fact.top or fact.cards[-1]
        rest = [c for c in fact.cards if c != top]
        chain.append(Claim(seat=fact.seat, cards=(*rest, top), target=target, top=top))
        target = top
    if b.f.turn in seen:
        raise Unreachable("a claimant cannot enter the same chain again", "dobon.claim.returns.once", "/turn")
    return target, chain[-1].seat, (chain[0].target,), tuple(chain)


def _moment(
    b: _Builder, top: Card, top_by: int | None, chain: tuple[Claim, ...]
) -> tuple[Status, int, Step | None, Check | None, int, Card | None]:
    """(status, turn, step, check, obligation, drawn card) of a round in play."""
    f, o, turn = b.f, b.o, b.f.turn
    if f.ended is not None:
        if f.drawn is not None or f.obligation or f.check is not None:
            raise Unreachable("once the round is over nothing is pending", "dobon.match", "/ended")
        return Status.ROUND_OVER, turn, None, None, 0, None
    obligation = f.obligation
    drawn = f.drawn
    if drawn is not None and o.drawing == DRAW_ONE_ENDS_TURN:
        raise Unreachable(
            "here a draw ends the turn: nothing drawn waits to be played", "dobon.draw", "/drawn"
        )
    if drawn is not None and (
        obligation or f.check in (CheckKind.OPENING, CheckKind.DISCARD, CheckKind.RETURN)
    ):
        raise Unreachable("a drawn card waits only right after its draw", "dobon.draw", "/drawn")
    if f.check is None:
        if obligation and top_by is not None and b.after(top_by) != turn:
            raise Unreachable(f"seat {top_by}'s two obliges the next seat", "dobon.two", "/turn")
        if obligation and top_by is None and not (o.opening_effects and turn == 0 and obligation == 2):
            raise Unreachable(
                "an opening two obliges seat 0 with two cards", "dobon.opening.effects", "/turn"
            )
        step = Step.ANSWER_TWO if obligation else Step.DRAWN if drawn is not None else Step.TURN
        return Status.PLAYING, turn, step, None, obligation, drawn
    kind = f.check
    if kind is CheckKind.OPENING:
        if top_by is not None:
            raise Unreachable("the opening check is on the opening card alone", "dobon.opening", "/top_by")
        resume, owed = _opening_resume(b, top)
        if obligation not in (0, owed):
            raise Unreachable(
                "an opening two obliges seat 0 with two cards", "dobon.opening.effects", "/obligation"
            )
        obligation = owed
        order = [b.after(0, k) for k in range(b.seats)]
    elif kind is CheckKind.DRAW:
        if top_by == turn:
            raise Unreachable("nobody is checked on their own discard", "dobon.claim.own_discard", "/turn")
        if obligation:
            raise Unreachable("a drawer's check comes after the two is paid", "dobon.two", "/obligation")
        if f.took and kind is CheckKind.DRAW:
            if drawn is not None:
                raise Unreachable(
                    "taking a two's cards leaves no drawn card to play", "dobon.two.take", "/drawn"
                )
            nxt = b.after(turn) if o.penalty_ends_turn else turn
            resume = Resume(seat=nxt, step=Step.TURN)
        elif drawn is None and o.drawing != DRAW_ONE_ENDS_TURN:
            hand = b.named.get(turn, ())
            drawn = hand[-1] if hand else None
            if drawn is not None:
                b.say("/drawn", f"the card just drawn is {fmt(drawn)}", "the last card named; say `drawn`")
        if not f.took and drawn is not None:
            resume = Resume(seat=turn, step=Step.DRAWN)
        elif not f.took:
            resume = Resume(seat=b.after(turn), step=Step.TURN)
            if o.drawing != DRAW_ONE_ENDS_TURN:
                b.say("/check/resume", f"after the check seat {resume.seat} plays", "say `drawn` to play it")
        order = [turn]
    elif kind is CheckKind.DISCARD:
        if top_by is None:
            raise Unreachable(
                "a discard check follows a seat's discard: say `top_by`", "dobon.check", "/top_by"
            )
        resume, obligation = _discard_resume(b, top, top_by, obligation)
        order = [b.after(top_by, k) for k in range(1, b.seats)]
    else:
        resume = None
        claimed = {c.seat for c in chain}
        order = [s for s in (b.after(chain[-1].seat, k) for k in range(1, b.seats)) if s not in claimed]
    if turn not in order:
        raise Unreachable(f"this check asks seats {order}, not seat {turn}", "dobon.check.order", "/turn")
    asking = tuple(order[order.index(turn) :])
    if kind is not CheckKind.DRAW and len(asking) < len(order):
        b.say(
            "/check/asking",
            f"seats {order[: order.index(turn)]} have passed",
            "they were asked before `turn`",
        )
    return Status.CHECKING, turn, None, Check(kind=kind, asking=asking, resume=resume), obligation, drawn


def _opening_resume(b: _Builder, top: Card) -> tuple[Resume, int]:
    o = b.o
    if o.opening_effects and top.rank is Rank.TWO:
        return Resume(seat=0, step=Step.ANSWER_TWO), 2
    if o.opening_effects and top.rank is Rank.ACE and o.ace_skips:
        return Resume(seat=b.after(b.seats - 1, 2), step=Step.TURN), 0
    if o.opening_effects and top.rank is Rank.JACK and o.jack_reverses and not b.f.reversed:
        raise Unreachable(
            "an opening jack reverses the direction at once", "dobon.opening.effects", "/reversed"
        )
    return Resume(seat=b.after(b.seats - 1), step=Step.TURN), 0


def _discard_resume(b: _Builder, top: Card, owner: int, obligation: int) -> tuple[Resume, int]:
    o = b.o
    hand = b.named.get(owner)
    more = next((h.more for h in b.f.hands if h.seat == owner), 0)
    if hand == () and not more:
        if not o.empty_hand_wins:
            raise Unreachable(
                "the final card is never an ordinary discard", "dobon.finish.final_card", "/hands"
            )
        if obligation:  # the finisher's last card passes nothing on, not even a two
            raise Unreachable("a two played as the last card passes no cards", "dobon.two", "/obligation")
        return Resume(seat=owner, step=Step.FINISH), 0
    if top.rank is Rank.TWO:
        return Resume(seat=b.after(owner), step=Step.ANSWER_TWO), obligation or 2
    if obligation:
        raise Unreachable("only a two makes cards owed", "dobon.two", "/obligation")
    skips = top.rank is Rank.ACE and o.ace_skips
    return Resume(seat=b.after(owner, 2 if skips else 1), step=Step.TURN), 0


def _active_suit(b: _Builder, top: Card, top_by: int | None) -> Suit:
    assert top.suit is not None
    suit = b.f.active_suit
    if suit is None or suit == top.suit:
        return top.suit
    if top.rank is Rank.EIGHT and b.o.eight == EIGHT_CHOSEN_SUIT and top_by is not None:
        return suit
    raise Unreachable("only an eight played as a wild card names another suit", "dobon.eight", "/active_suit")


def _hands(
    b: _Builder,
    used: set[Card],
    top: Card,
    chain: tuple[Claim, ...],
    turn: int,
    step: Step | None,
    check: Check | None,
    drawn: Card | None,
) -> tuple[tuple[Card, ...], ...]:
    f, o = b.f, b.o
    free = b.free(used)
    claimed = {c.seat for c in chain} if o.returns else set()
    finisher = check.resume.seat if check and check.resume and check.resume.step is Step.FINISH else None
    target = value(top)
    extra = {h.seat: h.more for h in f.hands}
    hands: list[tuple[Card, ...]] = []
    wanted = sum(extra.get(s, 0) if s in b.named else o.hand_size for s in range(b.seats))
    if wanted > len(free):
        raise _invalid("/hands", "too_many", f"{wanted} more cards are held than the deck has left")
    for seat in range(b.seats):
        cards = list(b.named.get(seat, ()))
        if drawn is not None and seat == turn and drawn not in cards:
            cards.append(drawn)
        if seat in claimed or seat == finisher:
            hands.append(())
            continue
        n = extra.get(seat, 0) if seat in b.named else o.hand_size
        if f.ended is not None and seat == f.ended.winner and seat not in b.named:
            n = 0  # the winner's hand is what won: chosen with the round's end
        if f.check is CheckKind.OPENING and seat not in b.named:
            n = o.hand_size
        added: list[Card] = []
        for i in range(n):
            last = i == n - 1
            pick = next((c for c in free if not last or total(cards + added) + value(c) != target), free[0])
            free.remove(pick)
            added.append(pick)
        if not cards and not added and not (f.ended is not None and seat == f.ended.winner):
            rule = "dobon.finish.empty_hand" if o.empty_hand_wins else "dobon.finish.final_card"
            raise Unreachable(
                f"seat {seat} holds no cards: only a claimant or a finisher does", rule, "/hands"
            )
        if added:
            who = "the seat acting" if seat == turn and f.ended is None else f"seat {seat}"
            verb = "also holds" if seat in b.named else "holds"
            b.say(
                f"/hands/{seat}",
                f"{who} {verb} {_cards(tuple(added))}",
                f"chosen not to total {target} ({fmt(top)}): no invented claim; give the whole hand to ask",
            )
        hands.append(tuple(cards + added))
    if f.check is CheckKind.OPENING:
        for hand in hands:
            if len(hand) != o.hand_size:
                raise Unreachable(
                    f"every seat holds {o.hand_size} cards at the opening", "dobon.deal", "/hands"
                )
    return tuple(hands)


def _end(
    b: _Builder,
    hands: tuple[tuple[Card, ...], ...],
    top: Card,
    wins: tuple[int, ...],
    record: tuple[RoundRecord, ...],
    under: tuple[Card, ...],
) -> tuple[
    Status,
    tuple[tuple[Card, ...], ...],
    tuple[Claim, ...],
    tuple[int, ...],
    tuple[RoundRecord, ...],
    int | None,
    tuple[Card, ...],
    int | None,
]:
    f, o = b.f, b.o
    assert f.ended is not None
    winner, how = f.ended.winner, f.ended.how
    if (winner is None) != (how in ("stock_exhausted", "action_limit")):
        raise Unreachable(
            f"a round ended by {how} {'has a' if winner is None else 'has no'} winner",
            "dobon.match",
            "/ended/winner",
        )
    chain: tuple[Claim, ...] = ()
    new_hands = list(hands)
    top_by = f.top_by
    if how == "dobon":
        assert winner is not None
        held = hands[winner]
        if total(held) != value(top):
            if winner in b.named:
                raise Unreachable(
                    f"{_cards(held)} does not add up to {fmt(top)}", "dobon.claim.total", "/hands"
                )
            held = _hand_of_total(
                value(top), [c for c in DECK.cards if c != top and all(c not in h for h in hands)]
            )
            b.say(
                f"/hands/{winner}",
                f"seat {winner} claimed with {_cards(held)}",
                "any hand of that total wins alike",
            )
        claim = Claim(seat=winner, cards=held, target=top, top=held[-1] if o.returns else None)
        chain = (claim,)
        new_hands[winner] = () if o.returns else held
        if o.returns:
            under = (*under, top)
        top_by = winner if o.returns else top_by
    elif how == "empty_hand":
        assert winner is not None
        if not o.empty_hand_wins:
            raise Unreachable("here only a claim wins a round", "dobon.finish.final_card", "/ended/how")
        new_hands[winner] = ()
        top_by = winner
    counted = list(wins)
    if winner is not None:
        counted[winner] += 1
    last = f.round == o.match_rounds
    rec = (*record, RoundRecord(round=f.round, winner=winner, how=how, chain=chain))
    status = Status.OVER if last else Status.ROUND_OVER
    match = match_winner(tuple(counted)) if last else winner
    return status, tuple(new_hands), chain, tuple(counted), rec, match, under, top_by


def _hand_of_total(target: int, free: list[Card]) -> tuple[Card, ...]:
    """One free card worth ``target``, else two that add up to it (a winner's invented hand)."""
    for i, card in enumerate(free):
        if value(card) == target:
            return (card,)
        other = next((c for c in free[i + 1 :] if value(card) + value(c) == target), None)
        if other is not None:
            return (card, other)
    raise _invalid("/hands", "give_hand", "give the winner's hand: no free cards add up to the top card")


def _round_moves(b: _Builder, fresh: bool, check: Check | None, status: Status) -> int:
    f = b.f
    if fresh and check is not None:
        return b.seats - len(check.asking)
    if f.ended is not None and f.ended.how == "action_limit":
        return ROUND_ACTION_LIMIT
    if f.round_actions is not None:
        return f.round_actions
    b.say(
        "/round_move", f"{b.seats} actions this round", "far from the 800-action limit: say `round_actions`"
    )
    return b.seats


SPEC = SituationSpec(
    record=SITUATION,
    complete=complete,
    nested=(KNOWN_HAND, CLAIM_FACT, ENDED),
    examples=(
        (
            "My turn on the 6 of Hearts: I hold 3H, 5S, KD and 9C",
            {"top": "6H", "hands": [{"seat": 0, "cards": ["3H", "5S", "KD", "9C"]}]},
        ),
        (
            "Seat 1 just played the 7 of Hearts; I hold AS, AC, 2C and 3D: may I claim?",
            {
                "seats": 3,
                "turn": 2,
                "check": "discard",
                "top": "7H",
                "top_by": 1,
                "hands": [{"seat": 2, "cards": ["AS", "AC", "2C", "3D"]}],
            },
        ),
    ),
)
