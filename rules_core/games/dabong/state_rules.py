"""dabong!'s cross-field rules of a state: what the field declarations (``wire.STATE``) cannot know.

The kernel reads every field of a state from its declaration (types, ranges, cards, seats,
required/optional); this module checks what ties fields together: the deck conserved, a
Shaman's identity on the pile, the suit an 8 or a Jack on top can put in force, a penalty
that a 2 or the Queen of Water explains, who may have won, the score sheet of the scoring in
force, and the level fields (``state_levels.check_level_fields``). They run even after field
problems, so that one answer lists every problem; the take-back log is read after them, and
only against an otherwise sound state (``wire.read_state``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kernel import DABONG_55, Card, JsonReader, Suit, format_card
from ...kernel.problems import cards_conserved, check_conservation
from .state import OPENING, OVER, PLAYING, DabongState, Scores, evolve
from .state_levels import check_level_fields
from .values import card_suits, is_eight, is_jack, is_queen_of_water, is_real


def check_state(r: JsonReader, state: DabongState, obj: Mapping[str, Any]) -> None:
    """Every cross-field problem of ``state`` (read from ``obj``), added to ``r``."""
    failed = {p.pointer for p in r.problems}
    _check_deck(r, state, obj)
    identities = _checked_identities(r, state)
    _check_announced(r, state, obj)
    previous = _real_previous_play(r, state)
    if not state.discard_pile or len(state.hands) != state.seats:
        return
    # A field that did not read leaves its fallback in the state; the rules below read it as
    # "none" (no identity, no answer open, no extra play, a blank score sheet, a game on) so
    # that a wrong field is reported once, where it is, not again through the rules.
    table = evolve(
        state,
        identities=identities,
        previous_play=previous,
        status=PLAYING if "/status" in failed else state.status,
        suit=None if "/suit" in failed else state.suit,
        answerable=None if "/answerable" in failed else state.answerable,
        extra_play_then=None if not isinstance(obj.get("extra_play"), Mapping) else state.extra_play_then,
        scores=state.scores if isinstance(state.scores, Scores) else Scores.zero(state.seats),
    )
    _check_table(r, table)


def _check_deck(r: JsonReader, s: DabongState, obj: Mapping[str, Any]) -> None:
    hands, draw_pile, discard, river = s.hands, s.draw_pile, s.discard_pile, s.river
    held = [*(c for h in hands for c in h), *draw_pile, *discard, *((river,) if river is not None else ())]
    # Every valid state holds the deck exactly: the per-card pointers are only built to report.
    if not cards_conserved(DABONG_55, held):
        check_conservation(
            r,
            DABONG_55,
            [
                *((f"/hands/{i}/{j}", (c,)) for i, h in enumerate(hands) for j, c in enumerate(h)),
                *((f"/draw_pile/{j}", (c,)) for j, c in enumerate(draw_pile)),
                *((f"/discard_pile/{j}", (c,)) for j, c in enumerate(discard)),
                *((("/river", (river,)),) if river is not None else ()),
            ],
        )
    if not discard and "discard_pile" in obj:
        r.add("/discard_pile", "empty_pile", "the discard pile always holds the top card")


def _checked_identities(r: JsonReader, s: DabongState) -> tuple[tuple[Card, Card], ...]:
    """The Shaman identities that hold: a Shaman on the pile, declared as a real card."""
    on_pile = set(s.discard_pile)
    kept = []
    for shaman, identity in s.identities:
        where = f"/shaman_identities/{format_card(shaman)}"
        if not shaman.is_shaman:
            r.add(where, "not_a_shaman", f"{shaman} is not a Shaman")
        elif shaman not in on_pile:
            r.add(where, "not_on_pile", f"{shaman} is not on the discard pile")
        elif not is_real(identity):
            r.add(where, "not_real", f"a Shaman is declared as a real card, not {format_card(identity)}")
        else:
            kept.append((shaman, identity))
    return tuple(kept)


def _check_announced(r: JsonReader, s: DabongState, obj: Mapping[str, Any]) -> None:
    raw = obj.get("one_card_announced")
    if type(raw) is not list:
        return
    for i, seat in enumerate(raw):
        if type(seat) is int and seat in s.announced and seat < len(s.hands) and len(s.hands[seat]) != 1:
            r.add(
                f"/one_card_announced/{i}",
                "not_one_card",
                f"seat {seat} holds {len(s.hands[seat])} cards, not one",
            )


def _real_previous_play(r: JsonReader, s: DabongState) -> tuple[Card, ...]:
    for i, card in enumerate(s.previous_play):
        if not is_real(card):
            r.add(f"/previous_play/{i}", "not_real", "the previous play lists identities")
    return tuple(c for c in s.previous_play if is_real(c))


def _check_table(r: JsonReader, s: DabongState) -> None:
    add = r.add
    if s.top_play > len(s.discard_pile):
        add("/top_play", "out_of_range", "the top play holds more cards than the pile")
    top_id = s.top_identity
    # An opening Shaman has no identity until the dealer names it; a claim out of turn (a
    # natural dabong!, the worst hand) may end the game first, leaving it unnamed for good.
    ended_at_opening = s.status not in (OPENING, PLAYING) and _only_the_opening_card(s)
    if s.top.is_shaman and top_id is None and s.status != OPENING and not ended_at_opening:
        add("/shaman_identities", "undeclared_top", f"the Shaman on top ({s.top}) has no identity")
    if top_id is not None and (is_eight(top_id) or is_jack(top_id)):
        allowed = card_suits(top_id) if is_jack(top_id) else frozenset(Suit(x) for x in "FWEA")
        # A winning last card fires no power, so a finished game may show none.
        if s.suit is None and s.status == PLAYING:
            add("/suit", "missing", f"an {top_id} on top needs the suit in force")
        elif s.suit is not None and s.suit not in allowed:
            add("/suit", "not_allowed", f"{s.top} cannot put {s.suit} in force")
    elif s.suit is not None:
        add("/suit", "not_allowed", f"only an 8 or a Jack on top puts a suit in force, not {s.top}")
    if s.status == OPENING:
        _check_opening(r, s, top_id)
    if s.penalty is not None:
        _check_penalty(r, s, top_id)
    if s.status in (PLAYING, OPENING) and (s.winner is not None or s.game_winner is not None):
        add("/winner", "not_allowed", "nobody has won a game that is still being played")
    if s.status == PLAYING:
        for i, hand in enumerate(s.hands):
            if not hand:
                add(f"/hands/{i}", "empty_hand", f"seat {i} has no cards but has not won")
    if s.status not in (PLAYING, OPENING) and s.game_winner is None:
        add("/game_winner", "missing", "a finished game has a winner")
    if s.status != OVER and s.winner is not None:
        add("/winner", "not_allowed", "the match has no winner before it is over")
    _check_scores(r, s)
    check_level_fields(r, s, "")


def _check_opening(r: JsonReader, s: DabongState, top_id: Card | None) -> None:
    add = r.add
    if len(s.discard_pile) != 1 or s.top_play != 1:
        add("/discard_pile", "not_opening", "an opening card is the only card on the pile")
    if s.turn != s.dealer:
        add("/turn", "not_dealer", "the dealer settles the opening card")
    if s.top_seat != s.dealer:
        add("/top_seat", "not_dealer", "the dealer is the player of the opening card")
    needs_dealer = s.top.is_shaman or (top_id is not None and (is_eight(top_id) or is_jack(top_id)))
    if not needs_dealer or s.identities or s.suit is not None:
        add("/status", "not_opening", f"an opening {s.top} leaves the dealer nothing to settle")
    if s.penalty is not None:
        add("/penalty", "not_opening", "nothing is pending before the opening card is settled")


def _check_penalty(r: JsonReader, s: DabongState, top_id: Card | None) -> None:
    penalty = s.penalty
    assert penalty is not None
    if s.status != PLAYING:
        r.add("/penalty", "not_allowed", "a penalty is only pending while the game is played")
        return
    if top_id is not None and top_id.rank is not None and top_id.rank.value == "2":
        most = 2 * s.rank_run if s.options.rule_on("twos_add_on") else 2
        if not penalty.skip or penalty.cards % 2 or not 2 <= penalty.cards <= most:
            r.add(
                "/penalty",
                "impossible",
                f"the 2s on top make the next seat draw an even 2..{most} cards and be skipped",
            )
    elif top_id is not None and is_queen_of_water(top_id):
        if penalty.skip or penalty.cards != 2:
            r.add("/penalty", "impossible", "the Queen of Water makes the next seat draw two, not skipped")
    else:
        r.add("/penalty", "no_card_behind", f"no 2 or Queen of Water on top ({s.top}) explains a penalty")
    if s.top_seat == s.turn:
        r.add("/penalty", "impossible", "a seat's own card never makes it pick up")


def _check_scores(r: JsonReader, s: DabongState) -> None:
    o, scores = s.options, s.scores
    if any(g >= o.games_per_set for g in scores.games):
        r.add("/scores/games", "out_of_range", f"a set is won at {o.games_per_set} games")
    if s.status != OVER and any(n >= o.sets_to_win for n in scores.sets):
        r.add("/scores/sets", "out_of_range", "a seat has won the match but it is not over")
    if o.scoring != "tennis" and (any(scores.games) or any(scores.sets)):
        r.add("/scores/games", "not_allowed", "games and sets are only kept with tennis scoring")
    if o.scoring != "points" and any(scores.points):
        r.add("/scores/points", "not_allowed", "points are only kept with points scoring")


def _only_the_opening_card(s: DabongState) -> bool:
    """Whether the pile holds only the card turned up at the deal (nothing has been played)."""
    return len(s.discard_pile) == 1 and s.top_play == 1 and not s.previous_play
