"""States that are well formed but cannot arise in play, each reported with a pointer.

Run after every field decoded; every problem is collected, nothing repaired.
"""

from __future__ import annotations

from ...kernel import JsonReader, Rank
from .options import EIGHT_CHOSEN_SUIT, TWO_DOUBLES
from .standing import match_winner
from .state import ROUND_ACTION_LIMIT, CheckKind, Claim, DobonState, Resume, Status, Step
from .values import total, value


def problems_of(state: DobonState, r: JsonReader) -> None:
    _status_shape(state, r)
    _check(state, r)
    _obligation(state, r)
    _suit_and_direction(state, r)
    _chain(state.chain, state, r, "/chain")
    _record(state, r)
    _hands(state, r)
    if state.status in (Status.CHECKING, Status.PLAYING) and state.round_move >= ROUND_ACTION_LIMIT:
        r.add(
            "/round_move",
            "inconsistent",
            f"a round still in play has had fewer than {ROUND_ACTION_LIMIT} actions",
        )
    if state.move < state.round_move:
        r.add("/move", "inconsistent", "the match has had fewer actions than the round")


def _status_shape(state: DobonState, r: JsonReader) -> None:
    live = state.status in (Status.CHECKING, Status.PLAYING)
    if live and state.turn is None:
        r.add("/turn", "inconsistent", "a round in play has a seat acting")
    if not live and state.turn is not None:
        r.add("/turn", "inconsistent", "nobody acts once the round is over")
    if (state.status is Status.PLAYING) != (state.step is not None):
        r.add("/step", "inconsistent", "a step is given exactly while a seat is on its ordinary turn")
    if state.step is Step.FINISH:
        r.add("/step", "not_allowed", "finish is only a check's resume step")
    if (state.status is Status.CHECKING) != (state.check is not None):
        r.add("/check", "inconsistent", "a check is given exactly while the status is checking")
    if live and state.winner is not None:
        r.add("/winner", "inconsistent", "a round in play has no winner yet")
    if live and state.chain and state.status is not Status.CHECKING:
        r.add("/chain", "inconsistent", "a return chain exists only during its check or after the round")
    if not live:
        if state.obligation:
            r.add("/obligation", "inconsistent", "no obligation is pending once the round is over")
        if state.drawn is not None:
            r.add("/drawn", "inconsistent", "no drawn card is pending once the round is over")
    last_round = state.round == state.options.match_rounds
    if state.status is Status.OVER and not last_round:
        r.add("/status", "inconsistent", f"the match lasts {state.options.match_rounds} rounds")
    if state.status is Status.ROUND_OVER and last_round:
        r.add("/status", "inconsistent", "after the last round the match is over")
    if state.round > state.options.match_rounds:
        r.add("/round", "out_of_range", f"the match lasts {state.options.match_rounds} rounds")
    pending = state.step is Step.DRAWN or (
        state.check is not None and state.check.resume is not None and state.check.resume.step is Step.DRAWN
    )
    if pending != (state.drawn is not None):
        r.add("/drawn", "inconsistent", "a drawn card is pending exactly while its drawer decides")
    elif state.drawn is not None:
        resume = state.check.resume if state.check is not None else None
        holder = resume.seat if resume is not None else state.turn
        if holder is not None and state.drawn not in state.hands[holder]:
            r.add("/drawn", "inconsistent", f"the drawn card is not in seat {holder}'s hand")


def _expected_order(state: DobonState) -> list[int]:
    check = state.check
    assert check is not None
    if check.kind is CheckKind.OPENING:
        return [state.after(0, k) for k in range(state.seats)]
    if check.kind is CheckKind.DRAW:
        return [check.asking[0]] if check.asking else []
    start = state.chain[-1].seat if check.kind is CheckKind.RETURN and state.chain else state.top_owner
    if start is None:
        return []
    claimed = {c.seat for c in state.chain}
    order = [state.after(start, k) for k in range(1, state.seats)]
    return [s for s in order if s not in claimed]


def _check(state: DobonState, r: JsonReader) -> None:
    check = state.check
    if check is None:
        return
    if not check.asking:
        r.add("/check/asking", "empty", "a check in progress asks at least one seat")
        return
    if state.turn != check.asking[0]:
        r.add("/turn", "inconsistent", f"the check is asking seat {check.asking[0]}")
    if check.resume is not None and not _resume_plausible(state, check.kind, check.resume):
        r.add("/check/resume", "inconsistent", "no play leads to this seat and step after the check")
    order = _expected_order(state)
    if (
        len(set(check.asking)) != len(check.asking)
        or list(check.asking) != order[len(order) - len(check.asking) :]
    ):
        r.add("/check/asking", "inconsistent", f"the seats still to ask must be the end of {order}")
    if state.top_owner in check.asking:
        r.add(
            "/check/asking", "not_eligible", f"seat {state.top_owner} put the top card down and cannot claim"
        )
    if (check.kind is CheckKind.RETURN) != (check.resume is None):
        r.add(
            "/check/resume", "inconsistent", "only a return check has no resume (its end decides the round)"
        )
    if (check.kind is CheckKind.RETURN) != bool(state.chain):
        r.add("/chain", "inconsistent", "a return check exactly follows a claim")
    if check.kind is CheckKind.RETURN and state.chain:
        last = state.chain[-1]
        if state.top_owner != last.seat or state.top != last.top:
            r.add("/discard_pile", "inconsistent", "the last claimant's chosen card is on top")
    if check.kind is CheckKind.OPENING:
        answered = state.seats - len(check.asking)
        if state.round_move != answered:
            r.add("/round_move", "inconsistent", f"{answered} seat(s) have answered the opening check")
        if state.top_owner is not None or len(state.discard_pile) != 1:
            r.add("/discard_pile", "inconsistent", "during the opening check only the opening card is down")
        for seat, hand in enumerate(state.hands):
            if len(hand) != state.options.hand_size:
                r.add(
                    f"/hands/{seat}",
                    "wrong_size",
                    f"every seat holds {state.options.hand_size} cards at the opening",
                )
    if check.kind is CheckKind.DISCARD and state.top_owner is None:
        r.add("/top_owner", "inconsistent", "a discard check follows a seat's discard")
    if check.kind is CheckKind.DRAW:
        if check.resume is not None and check.resume.step is Step.FINISH:
            r.add("/check/resume/step", "inconsistent", "a draw never empties a hand")
        if len(check.asking) != 1:
            r.add("/check/asking", "inconsistent", "the drawer's check asks only the drawer")
    resume = check.resume
    if resume is not None and resume.step is Step.FINISH and not _finish_possible(state, resume.seat):
        r.add("/check/resume", "inconsistent", "a finish follows the finisher's own last discard")


def _resume_plausible(state: DobonState, kind: CheckKind, resume: Resume) -> bool:
    """Whether the seat and step that follow the check fit the card or draw that started it."""
    if kind is CheckKind.DISCARD and state.top_owner is not None:
        owner = state.top_owner
        top = state.top.rank
        if resume.step is Step.FINISH:
            return resume.seat == owner
        if resume.step is Step.ANSWER_TWO:
            return top is Rank.TWO and resume.seat == state.after(owner)
        skips = top is Rank.ACE and state.options.ace_skips
        return resume.step is Step.TURN and resume.seat == state.after(owner, 2 if skips else 1)
    if kind is CheckKind.DRAW:
        drawer = state.check.asking[0] if state.check is not None and state.check.asking else None
        if resume.step is Step.DRAWN:
            return resume.seat == drawer
        return (
            resume.step is Step.TURN and drawer is not None and resume.seat in (drawer, state.after(drawer))
        )
    return True


def _finish_possible(state: DobonState, seat: int) -> bool:
    return not state.hands[seat] and state.options.empty_hand_wins and state.top_owner == seat


def _obligation(state: DobonState, r: JsonReader) -> None:
    waiting = state.step is Step.ANSWER_TWO or (
        state.check is not None
        and state.check.resume is not None
        and state.check.resume.step is Step.ANSWER_TWO
    )
    if waiting != (state.obligation > 0):
        r.add(
            "/obligation", "inconsistent", "an obligation is pending exactly while a seat must answer a two"
        )
    if state.obligation <= 0:
        return
    run = 0
    for card in reversed(state.discard_pile):
        if card.rank is not Rank.TWO:
            break
        run += 1
    if state.options.two_growth == TWO_DOUBLES:
        twos = state.obligation.bit_length() - 1
        shape_ok = state.obligation >= 2 and state.obligation == 1 << twos
    else:
        twos = state.obligation // 2
        shape_ok = state.obligation % 2 == 0
    if not shape_ok:
        r.add("/obligation", "impossible", f"{state.obligation} is not a size the two's obligation reaches")
    elif run < twos:
        r.add(
            "/obligation",
            "impossible",
            f"an obligation of {state.obligation} needs {twos} two(s) on top of the pile",
        )


def _suit_and_direction(state: DobonState, r: JsonReader) -> None:
    top = state.top
    free = top.rank is Rank.EIGHT and state.options.eight == EIGHT_CHOSEN_SUIT and state.top_owner is not None
    if not free and state.active_suit != top.suit:
        r.add("/active_suit", "inconsistent", f"the active suit is the top card's suit {top.suit}")
    if state.direction == -1 and not state.options.jack_reverses:
        r.add("/direction", "inconsistent", "only a reversing jack changes the direction")


def _chain(chain: tuple[Claim, ...], state: DobonState, r: JsonReader, ptr: str) -> None:
    seen: set[int] = set()
    for i, claim in enumerate(chain):
        here = f"{ptr}/{i}"
        if claim.seat in seen:
            r.add(f"{here}/seat", "inconsistent", "a seat claims at most once in a chain")
        seen.add(claim.seat)
        if not claim.cards or total(claim.cards) != value(claim.target):
            r.add(f"{here}/cards", "inconsistent", "a claim's whole hand totals its target's value")
        if state.options.returns != (claim.top is not None):
            r.add(f"{here}/top", "inconsistent", "a claim names its top card exactly when returns are on")
        if claim.top is not None and claim.top not in claim.cards:
            r.add(f"{here}/top", "inconsistent", "the top card is one of the claimed cards")
        if i > 0 and chain[i - 1].top != claim.target:
            r.add(f"{here}/target", "inconsistent", "a return claims on the previous claimant's top card")
    if len(chain) > 1 and not state.options.returns:
        r.add(ptr, "inconsistent", "without returns the first claim ends the round")


def _record(state: DobonState, r: JsonReader) -> None:
    ended = state.status in (Status.ROUND_OVER, Status.OVER)
    expected = state.round if ended else state.round - 1
    if len(state.record) != expected:
        r.add("/record", "wrong_length", f"{expected} round(s) have ended")
    counts = [0] * state.seats
    for i, rec in enumerate(state.record):
        ptr = f"/record/{i}"
        if rec.round != i + 1:
            r.add(f"{ptr}/round", "inconsistent", f"entry {i} records round {i + 1}")
        wins_round = rec.how in ("dobon", "return", "empty_hand")
        if wins_round != (rec.winner is not None):
            r.add(
                f"{ptr}/winner",
                "inconsistent",
                f"a round ended by {rec.how} has {'a' if wins_round else 'no'} winner",
            )
        chain_ok = {"dobon": len(rec.chain) == 1, "return": len(rec.chain) > 1}.get(rec.how, not rec.chain)
        if not chain_ok or (rec.chain and rec.winner != rec.chain[-1].seat):
            r.add(f"{ptr}/chain", "inconsistent", f"a round ended by {rec.how} cannot have this chain")
        _chain(rec.chain, state, r, f"{ptr}/chain")
        if rec.winner is not None:
            counts[rec.winner] += 1
    if list(state.wins) != counts:
        r.add("/wins", "inconsistent", f"the record gives wins {counts}")
    if ended and state.record:
        last = state.record[-1]
        expected_winner = match_winner(state.wins) if state.status is Status.OVER else last.winner
        if state.winner != expected_winner:
            r.add("/winner", "inconsistent", f"the winner is {expected_winner} (round record and match lead)")
        if state.chain != last.chain:
            r.add("/chain", "inconsistent", "the round's chain is the one in its record")
    if state.options.returns:
        laid = set(state.discard_pile)
        for i, claim in enumerate(state.chain):
            if not set(claim.cards) <= laid:
                r.add(f"/chain/{i}/cards", "inconsistent", "with returns the claimed hand lies on the pile")
    else:
        for claim in state.chain:
            if claim.cards != state.hands[claim.seat]:
                r.add(
                    f"/hands/{claim.seat}",
                    "inconsistent",
                    "without returns the claimant keeps the claimed hand",
                )


def _hands(state: DobonState, r: JsonReader) -> None:
    claimed = {c.seat for c in state.chain} if state.options.returns else set()
    finisher = None
    if state.check is not None and state.check.resume is not None and state.check.resume.step is Step.FINISH:
        finisher = state.check.resume.seat
    if (
        state.status in (Status.ROUND_OVER, Status.OVER)
        and state.record
        and state.record[-1].how == "empty_hand"
    ):
        finisher = state.record[-1].winner
    ended = state.status in (Status.ROUND_OVER, Status.OVER)
    beaten_finisher = (ended or bool(state.chain)) and state.options.empty_hand_wins
    for seat, hand in enumerate(state.hands):
        if not hand and seat not in claimed and seat != finisher:
            if beaten_finisher:
                # A finish a claim beat: that one seat keeps its empty hand.
                beaten_finisher = False
                continue
            r.add(f"/hands/{seat}", "impossible", "only a claimant or a finisher can hold no cards")
        if hand and seat in claimed:
            r.add(f"/hands/{seat}", "impossible", "a claimant laid the whole hand on the pile")
