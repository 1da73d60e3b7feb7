"""Every reading a verdict reports, against every pattern's predicate judged on its own (#28).

The oracle (``tests/dabong/oracle.py``) is written from the rulebook's sentences and shares
nothing with the matcher: for a laid sequence it evaluates each pattern's predicate and gives
every label the play satisfies, in the patterns' order. Here the *engine* is asked about every
ordered play the oracle finds legal in a hand (``GAME.resolve`` on a real state, its verdict's
``readings``), at every level, on tables made to be rich in overlaps: one-suit hands, runs round
a top card, the top card's rank, pairs, mirrors of a previous play, pending 2s, and a Shaman
now and then. A verdict must report exactly the oracle's labels, the first one first; plays the
oracle refuses are refused. Every combination of patterns met must be one of
``readings_catalogue``'s, so an overlap nobody listed fails here by name.

``test_every_small_play_on_every_top`` (long) judges every play of two to four real cards on
a top of each rank, at every level and facing a pending 2, the same way.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations, permutations
from typing import Any

import pytest

from rules_core.games.dabong import GAME
from rules_core.games.dabong.actions_play import pile_context
from rules_core.games.dabong.values import REAL_CARDS, SHAMANS, card_suits
from rules_core.kernel import RANKS, Action, Card, Rank, Suit, format_card, readings_of
from tests.dabong.oracle import Label, Play, labels_of, named_suits, oracle_labels
from tests.dabong.readings_catalogue import CATALOGUE, LEVELS
from tests.dabong.tables import table

#: Tables per level in the suite's sweep (the long run takes ten times as many).
TABLES = 40
#: Suit maps that keep the Jacks' pairs (Water+Air, Earth+Fire) pairs: a mirror's suits.
PAIR_MAPS: tuple[dict[str, str], ...] = (
    {"W": "A", "A": "W", "E": "F", "F": "E"},
    {"W": "E", "A": "F", "E": "W", "F": "A"},
    {"W": "F", "A": "E", "E": "A", "F": "W"},
    {"W": "E", "A": "F", "E": "A", "F": "W"},
)


def _code(card: Card) -> str:
    return format_card(card)


def _card(rank: Rank, suit: str) -> Card:
    return Card(rank, Suit(suit))


def _mapped(card: Card, suits: dict[str, str]) -> Card:
    assert card.rank is not None and card.suit is not None
    return _card(card.rank, suits[card.suit.value])


class Sweep:
    """Tables for one level: each a state (seat 0 to play) and the hand the oracle reads."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.rng = random.Random(f"readings/{level}/{seed}")

    def tables(self, count: int) -> Iterator[tuple[str, dict[str, Any]]]:
        themes = [self.suited, self.run, self.rank, self.pairs, self.mirror, self.twos]
        made = 0
        while made < count:
            theme = themes[made % len(themes)]
            found = theme()
            if found is None:
                continue
            made += 1
            yield theme.__name__, found

    # -- the themes: (hand, discard, extra table fields) -----------------------------------------
    def _top(self, avoid: set[Card], wanted: list[Card] | None = None) -> Card:
        choices = [c for c in (wanted or REAL_CARDS) if c not in avoid and not _awkward_top(c)]
        return self.rng.choice(choices or [c for c in REAL_CARDS if c not in avoid and not _awkward_top(c)])

    def suited(self) -> dict[str, Any] | None:
        suit = self.rng.choice("FWEA")
        pool = [c for c in REAL_CARDS if c.suit is Suit(suit)]
        hand = self.rng.sample(pool, 5)
        top = self._top(set(hand), [c for c in REAL_CARDS if self.rng.random() < 0.5 or c.suit is Suit(suit)])
        return self._finish(hand, [top])

    def run(self) -> dict[str, Any] | None:
        suit = self.rng.choice("FWEA")
        start = self.rng.randrange(13)
        length = self.rng.randint(4, 6)
        hand = [_card(RANKS[(start + k) % 13], suit) for k in range(length)]
        if self.rng.random() < 0.4:  # one card of the run in another suit (eight straights mix)
            k = self.rng.randrange(length)
            hand[k] = _card(RANKS[(start + k) % 13], self.rng.choice([s for s in "FWEA" if s != suit]))
        ranks = [c.rank for c in hand]
        top = self._top(set(hand), [c for c in REAL_CARDS if c.rank in ranks or c.suit is Suit(suit)])
        return self._finish(hand, [top])

    def rank(self) -> dict[str, Any] | None:
        rank = self.rng.choice(RANKS)
        same = [c for c in REAL_CARDS if c.rank is rank]
        top = self.rng.choice(same)
        if _awkward_top(top):
            return None
        hand = [c for c in same if c != top]
        hand += self.rng.sample([c for c in REAL_CARDS if c.rank is not rank], self.rng.randint(0, 2))
        return self._finish(hand, [top], shaman=0.6)

    def pairs(self) -> dict[str, Any] | None:
        ranks = self.rng.sample(RANKS, 3)
        suits = self.rng.sample("FWEA", 2)
        hand = [_card(r, s) for r in ranks for s in suits]
        top = self._top(set(hand), [c for c in REAL_CARDS if c.suit is not None and c.suit.value in suits])
        return self._finish(hand, [top], shaman=0.2)

    def mirror(self) -> dict[str, Any] | None:
        size = self.rng.randint(2, 4)
        previous = self.rng.sample(REAL_CARDS, size)
        if _awkward_top(previous[-1]):
            return None
        if self.rng.random() < 0.5:  # a previous play of one suit (its mirror a sum, a run ...)
            suit = self.rng.choice("FWEA")
            previous = [_card(c.rank, suit) for c in previous if c.rank is not None]
            if len(set(previous)) < size or _awkward_top(previous[-1]):
                return None
        image = [_mapped(c, self.rng.choice(PAIR_MAPS)) for c in reversed(previous)]
        if set(image) & set(previous) or len(set(image)) < size:
            return None
        spare = self.rng.sample([c for c in REAL_CARDS if c not in previous and c not in image], 1)
        under = self.rng.choice([c for c in REAL_CARDS if c not in previous and c not in image + spare])
        return self._finish(image + spare, [under, *previous], top_play=size)

    def twos(self) -> dict[str, Any] | None:
        twos = [c for c in REAL_CARDS if c.rank is Rank.TWO]
        pending = 1 if self.level == "beginner" else self.rng.randint(1, 3)
        self.rng.shuffle(twos)
        on_pile, held = twos[:pending], twos[pending:]
        suit = self.rng.choice("FWEA")
        low = [_card(r, suit) for r in (Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX)]
        hand = held[: self.rng.randint(1, len(held))] + self.rng.sample(low, self.rng.randint(1, 3))
        hand = list(dict.fromkeys(hand))
        under = self.rng.choice([c for c in REAL_CARDS if c not in hand and c.rank is not Rank.TWO])
        owed = 2 if self.level == "beginner" else 2 * pending
        return self._finish(
            hand, [under, *on_pile], top_play=pending, shaman=0.5, penalty={"cards": owed, "skip": True}
        )

    def _finish(
        self, hand: list[Card], discard: list[Card], *, shaman: float = 0.25, top_play: int = 1, **more: Any
    ) -> dict[str, Any] | None:
        hand = list(dict.fromkeys(hand))
        if len(set(hand) | set(discard)) != len(hand) + len(discard):
            return None
        if self.rng.random() < shaman:
            hand.append(self.rng.choice(SHAMANS))
        used = set(hand) | set(discard)
        other = self.rng.sample([c for c in REAL_CARDS if c not in used], 3)
        top = discard[-1]
        suit = (
            self.rng.choice(sorted(s.value for s in card_suits(top)))
            if top.rank in (Rank.EIGHT, Rank.JACK)
            else None
        )
        if top.rank is Rank.EIGHT:
            suit = self.rng.choice("FWEA")
        return table(
            [[_code(c) for c in hand], [_code(c) for c in other]],
            [_code(c) for c in discard],
            preset=self.level,
            suit=suit,
            top_play=top_play,
            **more,
        )


def _awkward_top(card: Card) -> bool:
    """Tops a plain table does not show: a 2 with nothing owed, the Queen of Water's draw."""
    return card.rank is Rank.TWO or card == Card(Rank.QUEEN, Suit.WATER)


def _labels(verdict: Any) -> list[Label]:
    return [
        (r.pattern,) if r.via is None else (r.pattern, r.via) for r in readings_of(verdict.interpretations)
    ]


def _action(cards: tuple[Card, ...], ids: tuple[Card, ...], suit: Suit | None) -> Action:
    declare = tuple((c, i) for c, i in zip(cards, ids, strict=True) if c.is_shaman)
    return Action(type="play", seat=0, cards=cards, declare=declare, suit=suit)


def judge_table(data: dict[str, Any], rng: random.Random, where: str) -> tuple[int, set[frozenset[str]]]:
    """The oracle's plays of seat 0's hand (``_judged``) against the engine; a sample of the rest
    refused. Returns the oracle's plays and the combinations of several patterns among them."""
    state = GAME.state_from_json(data)
    ctx = pile_context(state, 0)
    rules = state.options.match_rules()
    hand = state.hands[0]
    # A seat facing 2s it may not answer (Beginner) must pick up: no play at all. Otherwise the
    # oracle's legal plays are the table's.
    facing = state.penalty is not None and ctx.pending_twos == 0
    want = {} if facing else oracle_labels(ctx, hand, rules)
    overlaps: set[frozenset[str]] = set()
    for labels in want.values():
        if len(labels) > 1:
            overlaps.add(_named(labels))
            overlaps.add(frozenset(map("/".join, labels)))
    for cards, ids, suit in _judged(want, rng):
        labels = want[(cards, ids, suit)]
        verdict = GAME.resolve(state, _action(cards, ids, suit)).verdict
        play = " ".join(map(_code, cards))
        assert verdict.legal, f"{where}: {play} as {ids}: oracle {labels}, refused {verdict.reasons}"
        assert _labels(verdict) == labels, f"{where}: {play} as {ids}: {_labels(verdict)} != oracle {labels}"
    for _ in range(12):  # plays the oracle refuses are refused
        size = rng.randint(1, min(4, len(hand)))
        cards = tuple(rng.sample(hand, size))
        ids = tuple(rng.choice(REAL_CARDS) if c.is_shaman else c for c in cards)
        suits = named_suits(ids[-1])
        suit = rng.choice(suits)
        if (labels_of(cards, ids, ctx, rules) and not facing) or (cards, ids, suit) in want:
            continue
        verdict = GAME.resolve(state, _action(cards, ids, suit)).verdict
        assert not verdict.legal, f"{where}: {cards} as {ids} legal {_labels(verdict)}, oracle refuses"
    return len(want), overlaps


#: Plays of a Shaman the engine judges per table: every identity of a Shaman is a play of its
#: own, so a hand holding one has hundreds; those read several ways come first.
SHAMAN_PLAYS = (60, 30)


def _judged(want: dict[Play, list[Label]], rng: random.Random) -> list[Play]:
    """The oracle's plays the engine is asked about: every play without a Shaman, and a sample
    of those with one (most of them read several ways)."""
    plain = [k for k in want if not any(c.is_shaman for c in k[0])]
    several = [k for k in want if k not in plain and len(want[k]) > 1]
    one = [k for k in want if k not in plain and len(want[k]) == 1]
    many, few = SHAMAN_PLAYS
    return plain + rng.sample(several, min(many, len(several))) + rng.sample(one, min(few, len(one)))


def _named(labels: list[Label]) -> frozenset[str]:
    """The patterns of several labels (a neutralization by what it is made as)."""
    return frozenset(label[-1] if label[0] == "twos_neutralization" else label[0] for label in labels)


def _known(overlap: frozenset[str]) -> bool:
    """Catalogued: the same patterns (a neutralization named by what it is made as, or in full)."""
    if "/" in "".join(overlap):
        return overlap in {
            frozenset(map("/".join, labels)) for e in CATALOGUE for labels in e.readings.values()
        }
    return overlap in {_named(labels) for e in CATALOGUE for labels in e.readings.values()}


def sweep(level: str, count: int, seed: int = 0) -> tuple[int, set[frozenset[str]], dict[str, int]]:
    plays = 0
    met: set[frozenset[str]] = set()
    themes: dict[str, int] = {}
    rng = random.Random(f"refused/{level}/{seed}")
    for k, (theme, data) in enumerate(Sweep(level, seed).tables(count)):
        judged, overlaps = judge_table(data, rng, f"{level} table {k} ({theme})")
        plays += judged
        themes[theme] = themes.get(theme, 0) + judged
        met |= overlaps
    unknown = sorted(sorted(o) for o in met if not _known(o))
    assert not unknown, f"{level}: combinations of patterns not in readings_catalogue: {unknown}"
    return plays, met, themes


@pytest.mark.parametrize("level", LEVELS)
def test_the_reported_readings_are_the_oracles(level: str) -> None:
    plays, met, themes = sweep(level, TABLES)
    assert plays > 300 and len(themes) == 6, themes
    if level == "beginner":
        assert not met  # an addition and a subtraction never share a sequence
    else:
        # The sweep does meet overlaps, the first among them.
        assert frozenset({"twos_add_on", "clone"}) in met, sorted(map(sorted, met))
        assert len(met) >= 4, sorted(map(sorted, met))


@pytest.mark.long
@pytest.mark.parametrize("level", LEVELS)
def test_many_more_tables(level: str) -> None:
    plays, _, _ = sweep(level, 10 * TABLES, seed=1)
    assert plays > 3000


@pytest.mark.long
@pytest.mark.parametrize("level", LEVELS)
def test_every_small_play_on_every_top(level: str) -> None:
    """Every set of two to four real cards, in every order, on a top of each rank (Fire, and the
    Jack of Water for the other Jack pair) and facing one pending 2: the engine against the oracle
    wherever the oracle's necessary conditions leave the set a chance (the others are no play)."""
    from tests.dabong.oracle import _set_may_play  # the oracle's own pruning

    tops = [_card(rank, "F") for rank in RANKS] + [_card(Rank.JACK, "W")]
    met: set[frozenset[str]] = set()
    for top in tops:
        for pending in (0, 1) if top.rank is Rank.TWO and level != "beginner" else (0,):
            if top.rank is Rank.TWO and not pending:
                continue
            rest = [c for c in REAL_CARDS if c != top]
            data = table(
                [[_code(c) for c in rest], ["SH1", "SH2", "SH3"]],
                [_code(top)],
                preset=level,
                draw=[],
                suit=sorted(card_suits(top))[0].value if top.rank in (Rank.EIGHT, Rank.JACK) else None,
                penalty={"cards": 2, "skip": True} if pending else None,
            )
            state = GAME.state_from_json(data)
            ctx = pile_context(state, 0)
            rules = state.options.match_rules()
            for size in (2, 3, 4):
                for chosen in combinations(rest, size):
                    if not _set_may_play(chosen, ctx, rules):
                        continue
                    for laid in permutations(chosen):
                        labels = labels_of(laid, laid, ctx, rules)
                        for suit in named_suits(laid[-1]):
                            verdict = GAME.resolve(state, _action(laid, laid, suit)).verdict
                            where = f"{level} on {_code(top)}: {' '.join(map(_code, laid))}"
                            assert verdict.legal is bool(labels), f"{where}: {verdict.reasons} / {labels}"
                            assert _labels(verdict) == labels, where
                            if len(labels) > 1:
                                met.add(frozenset(label[0] for label in labels))
    unknown = sorted(sorted(o) for o in met if not _known(o))
    assert not unknown, unknown
