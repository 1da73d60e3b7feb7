"""Actions outside the turn order: natural dabong!, one card, take-backs, trades."""

from __future__ import annotations

from ...kernel import Action, Outcome
from . import reasons as R
from .effects import CardCountAsked, CardsTraded, OneCardAnnounced, PlayTakenBack
from .hand_total import claimed_total
from .scoring import finish_game
from .state import DabongState, evolve
from .table import cards_to_draw, draw_cards, with_hand
from .take_back_log import unwind
from .values import pile_value
from .verdicts import allow, refuse


def natural_target(state: DabongState) -> int | None:
    top = state.top_identity
    return None if top is None else pile_value(top)


def claim_natural(state: DabongState, action: Action) -> Outcome[DabongState]:
    """A natural dabong!: the whole hand (2+ cards) adds up to the top card's pile value.

    Shamans count as values 1..10 chosen by the holder; ``value`` is the total the
    hand's Shamans are given together (how it splits between them changes nothing).
    """
    seat = action.seat
    hand = state.hands[seat]
    target = natural_target(state)
    if target is None:
        return refuse(action, R.NATURAL_NO_TOP())
    if state.top_seat == seat:
        return refuse(action, R.NATURAL_OWN_CARD(seat=seat, top=state.top))
    if len(hand) < 2:
        return refuse(action, R.NATURAL_TOO_FEW())
    total = claimed_total(action, hand, needs_value=R.NATURAL_NEEDS_VALUE, value_range=R.NATURAL_VALUE_RANGE)
    if isinstance(total, Outcome):
        return total
    if total != target:
        return refuse(action, R.NATURAL_WRONG_SUM(total=total, target=target))
    after, effects = finish_game(state, seat, "natural_dabong", "dabong.natural")
    return allow(action, state, after, effects, R.NATURAL(seat=seat, total=total, top=state.top_identity))


def announce_one_card(state: DabongState, action: Action) -> Outcome[DabongState]:
    seat = action.seat
    if not state.options.one_card_rule:
        return refuse(action, R.RULE_OFF(rule="one card", rule_id="dabong.one_card"))
    if len(state.hands[seat]) != 1:
        return refuse(action, R.NOT_ONE_CARD(seat=seat, count=len(state.hands[seat])))
    if seat in state.announced:
        return refuse(action, R.ALREADY_ANNOUNCED(seat=seat))
    after = evolve(state, announced=tuple(sorted((*state.announced, seat))))
    return allow(
        action, state, after, [OneCardAnnounced(rule_id="dabong.one_card", seat=seat)], R.ANNOUNCED(seat=seat)
    )


def ask_card_count(state: DabongState, action: Action) -> Outcome[DabongState]:
    """Asking "how many cards?" only has an effect (and is only adjudicated) when it catches a seat."""
    target = action.param("target")
    if not state.options.one_card_rule:
        return refuse(action, R.RULE_OFF(rule="one card", rule_id="dabong.one_card"))
    if target is None:
        return refuse(action, R.MISSING_FIELD(type=action.type, field="target"))
    if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < state.seats:
        return refuse(action, R.NO_SUCH_SEAT(seat=target, seats=state.seats))
    if target == action.seat:
        return refuse(action, R.ASK_SELF())
    if len(state.hands[target]) != 1:
        return refuse(
            action, R.NOTHING_TO_CATCH(target=target, why=f"holds {len(state.hands[target])} cards")
        )
    if target in state.announced:
        return refuse(action, R.NOTHING_TO_CATCH(target=target, why="has announced one card"))
    if cards_to_draw(state) == 0:
        return refuse(action, R.NOTHING_TO_CATCH(target=target, why="would draw nothing: no card is left"))
    after, effects = draw_cards(state, target, 1, "dabong.one_card")
    effects.insert(0, CardCountAsked(rule_id="dabong.one_card", seat=action.seat, target=target))
    return allow(action, state, after, effects, R.CAUGHT(target=target))


def take_back(state: DabongState, action: Action) -> Outcome[DabongState]:
    """Restore the state before the last play exactly (the earlier entries of the log included)."""
    if not state.options.unwinding:
        return refuse(action, R.RULE_OFF(rule="unwinding", rule_id="dabong.unwind"))
    if not state.take_back:
        return refuse(action, R.NOTHING_TO_TAKE_BACK())
    pending = state.take_back[-1]
    owner = pending.action.seat
    if owner != action.seat:
        return refuse(action, R.NOT_YOUR_PLAY(owner=owner))
    effect = PlayTakenBack(rule_id="dabong.unwind", seat=owner, cards=pending.action.cards)
    return allow(
        action,
        state,
        unwind(state),
        [effect],
        R.TOOK_BACK(seat=owner, cards=" ".join(map(str, pending.action.cards))),
        keep_take_back=True,
    )


def trade(state: DabongState, action: Action) -> Outcome[DabongState]:
    """Two seats swap cards by agreement; ``cards`` lists both sides, each card from its holder."""
    seat = action.seat
    partner = action.param("partner")
    if not state.options.trading:
        return refuse(action, R.RULE_OFF(rule="trading", rule_id="dabong.trade"))
    if partner is None:
        return refuse(action, R.MISSING_FIELD(type=action.type, field="partner"))
    if not isinstance(partner, int) or isinstance(partner, bool) or not 0 <= partner < state.seats:
        return refuse(action, R.NO_SUCH_SEAT(seat=partner, seats=state.seats))
    if partner == seat:
        return refuse(action, R.TRADE_PARTNER(seat=seat))
    mine, theirs = set(state.hands[seat]), set(state.hands[partner])
    problems = []
    seen = set()
    for card in action.cards:
        if card in seen:
            problems.append(R.CARD_REPEATED(card=card, rule_id="dabong.trade"))
        seen.add(card)
        if card not in mine and card not in theirs:
            problems.append(R.TRADE_CARD_ELSEWHERE(card=card, seat=seat, partner=partner))
    if problems:
        return refuse(action, *problems)
    gave = tuple(c for c in action.cards if c in mine)
    received = tuple(c for c in action.cards if c in theirs)
    if not received:
        return refuse(action, R.TRADE_ONE_SIDED(seat=seat))
    if not gave:
        return refuse(action, R.TRADE_ONE_SIDED(seat=partner))
    after = with_hand(state, seat, tuple(c for c in state.hands[seat] if c not in seen) + received)
    after = with_hand(after, partner, tuple(c for c in state.hands[partner] if c not in seen) + gave)
    effect = CardsTraded(rule_id="dabong.trade", seat=seat, partner=partner, gave=gave, received=received)
    return allow(
        action,
        state,
        after,
        [effect],
        R.TRADED(seat=seat, partner=partner, gave=len(gave), received=len(received)),
    )
