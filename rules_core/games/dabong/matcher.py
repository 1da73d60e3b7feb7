"""The dabong! matcher: which ways a laid sequence is a legal play, and every play of a hand.

``check_play`` and ``list_plays`` share the card facts and the pattern units'
declarations but not their search: a check solves for the identities of one
laid sequence, a listing counts card sets with a dynamic programme and walks
them lazily. Tests hold the two against each other and against a brute-force
oracle written from the rule text.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

from ...kernel import DABONG_55, Card, LegalEntry, ReasonCatalog, ReasonCode, format_card
from .matcher_api import MatchRules, PileContext, PlayCheck, PlayListing, PlayReading
from .patterns import PATTERNS, Block, Slot, enabled_patterns
from .patterns.common import LEVELS, deck_key
from .values import is_real

#: The reason codes of the matcher's misses (the engine merges them into its catalog).
#: Input problems reuse the engine's codes (``no_cards``, ``card_repeated``, ``declare_*``),
#: which its own catalog defines; messages arrive rendered in ``PlayCheck.misses``.
MISS_REASONS = ReasonCatalog(
    ReasonCode(code=code, template=template, rule_id=rule_id)
    for code, template, rule_id in (
        ("not_a_dabong_card", "a card that is not in the dabong! deck", "dabong.follow"),
        ("shaman_declared_twice", "a Shaman declared as two different cards", "dabong.shaman"),
        ("single_does_not_follow", "a single card must follow suit or rank, or be an 8", "dabong.follow"),
        (
            "eight_must_share_suit",
            "an 8 inside a multi-card play must share the others' suit",
            "dabong.eight",
        ),
        ("addition_suits_differ", "an addition needs cards of one suit", "dabong.addition"),
        ("addition_wrong_total", "an addition must add up to the top card's value", "dabong.addition"),
        ("subtraction_suits_differ", "a subtraction needs cards of one suit", "dabong.subtraction"),
        ("subtraction_biggest_first", "a subtraction lays the biggest card first", "dabong.subtraction"),
        ("subtraction_wrong_total", "a subtraction must come to the top card's value", "dabong.subtraction"),
    )
)


def match_rules(options: object) -> MatchRules:
    """The ``MatchRules`` for ``options``.

    ``MatchRules`` itself; an object with a ``match_rules()`` method (the engine's
    options may grow one); or an options object with a ``level`` (``DabongOptions``),
    read as: that level, ``eight_must_share_suit`` if it has one, and every pattern
    whose id names a boolean attribute set to ``False`` switched off.
    """
    if isinstance(options, MatchRules):
        return options
    build = getattr(options, "match_rules", None)
    if callable(build):
        rules = build()
        if isinstance(rules, MatchRules):
            return rules
    level = getattr(options, "level", None)
    if isinstance(level, str) and level in LEVELS:
        return MatchRules(
            level=level,
            disabled=frozenset(p.id for p in PATTERNS if getattr(options, p.id, True) is False),
            eight_must_share_suit=bool(getattr(options, "eight_must_share_suit", True)),
        )
    raise TypeError(f"the matcher needs MatchRules or dabong! options, not {type(options).__name__}")


def _input_misses(
    cards: tuple[Card, ...], declare: tuple[tuple[Card, Card], ...]
) -> list[tuple[str, str, str]]:
    """Every problem with the play as written, before any pattern is tried."""
    out: list[tuple[str, str, str]] = []
    if not cards:
        out.append(("no_cards", "dabong.follow", "a play needs at least one card"))
    seen: set[Card] = set()
    for card in cards:
        if card not in DABONG_55:
            out.append(("not_a_dabong_card", "dabong.follow", f"{format_card(card)} is not a dabong! card"))
        elif card in seen:
            out.append(("card_repeated", "dabong.follow", f"{format_card(card)} is laid twice"))
        seen.add(card)
    declared: dict[Card, Card] = {}
    for shaman, identity in declare:
        name = format_card(shaman)
        if not shaman.is_shaman:
            out.append(("declare_not_shaman", "dabong.shaman", f"only a Shaman is declared, not {name}"))
            continue
        if not is_real(identity):
            out.append(
                (
                    "declare_not_real",
                    "dabong.shaman",
                    f"{name} must be declared as one of the 52 real cards, not {format_card(identity)}",
                )
            )
        if shaman not in seen:
            out.append(("declare_not_in_play", "dabong.shaman", f"{name} is declared but not laid"))
        if declared.get(shaman, identity) != identity:
            out.append(("shaman_declared_twice", "dabong.shaman", f"{name} is declared twice"))
        declared[shaman] = identity
    return out


class DabongMatcher:
    """The ``Matcher`` of the contract (``matcher_api.Matcher``)."""

    def check_play(
        self,
        ctx: PileContext,
        cards: tuple[Card, ...],
        declare: tuple[tuple[Card, Card], ...],
        options: object,
    ) -> PlayCheck:
        rules = match_rules(options)
        problems = _input_misses(cards, declare)
        if problems:
            return PlayCheck(readings=(), misses=tuple(problems))
        declared = dict(declare)
        slots = tuple(Slot(card=c, identity=declared.get(c) if c.is_shaman else c) for c in cards)
        readings: list[PlayReading] = []
        misses: list[tuple[str, str, str]] = []
        for pattern in enabled_patterns(rules):
            if not pattern.takes(len(slots)):
                continue
            found, miss = pattern.readings(ctx, slots, rules)
            readings.extend(found)
            if miss is not None and miss.as_tuple() not in misses:
                misses.append(miss.as_tuple())
        if readings:
            return PlayCheck(readings=tuple(readings), undeclared=_undeclared(slots, readings))
        return PlayCheck(readings=(), misses=tuple(misses))

    def list_plays(
        self,
        ctx: PileContext,
        hand: tuple[Card, ...],
        options: object,
        *,
        seat: int,
        offset: int = 0,
        limit: int | None = None,
    ) -> PlayListing:
        rules = match_rules(options)
        if offset < 0 or (limit is not None and limit < 0):
            raise ValueError("offset and limit must not be negative")
        strange = [format_card(c) for c in hand if c not in DABONG_55]
        if strange or len(set(hand)) != len(hand):
            raise ValueError(f"a hand holds distinct dabong! cards (got {', '.join(strange) or 'a repeat'})")
        ordered = tuple(sorted(hand, key=deck_key))
        blocks: list[Block] = [
            block
            for pattern in enabled_patterns(rules)
            for block in pattern.blocks(ctx, ordered, rules, seat)
        ]
        total_entries = sum(b.entries for b in blocks)
        total_plays = sum(b.plays for b in blocks)
        page = tuple(islice(_entries_from(blocks, offset), limit))
        end = offset + len(page)
        return PlayListing(
            entries=page,
            total_entries=total_entries,
            total_plays=total_plays,
            next_offset=end if end < total_entries else None,
        )


def _entries_from(blocks: list[Block], offset: int) -> Iterator[LegalEntry]:
    """Entries from number ``offset`` on, skipping whole blocks by their counts."""
    for block in blocks:
        if offset >= block.entries:
            offset -= block.entries
            continue
        yield from block.iter_entries(offset)
        offset = 0


def _undeclared(slots: tuple[Slot, ...], readings: list[PlayReading]) -> tuple[Card, ...]:
    """Undeclared Shamans whose identity is not the same in every reading."""
    out = []
    for place, slot in enumerate(slots):
        if slot.identity is None and len({r.identities[place] for r in readings}) > 1:
            out.append(slot.card)
    return tuple(out)


MATCHER = DabongMatcher()

__all__ = ["MATCHER", "MISS_REASONS", "DabongMatcher", "match_rules"]
