"""Ranked search over rule sections for questions as players ask them (pure Python).

Small and dependency-free on purpose: a rule table has a few hundred short sections at most, so an
in-memory index built once per game is instant and a search engine library would be a heavy
dependency for a small gain.

A question is read into groups (``vocabulary.Vocabulary.groups``: a card, a player's phrase, a
word, each with the terms that stand for it in rule text). Each rule is scored BM25-style over its
id, title, statement and extra text (worked examples' titles and notes, document sections, the
ruling's title); a group scores by its best term, its other terms adding a little. Beside the
score, each rule gets a *coverage*: how much of what the question asks about (each group weighted
by how rare its terms are, a word no rule of the game uses counting as the rarest) the rule
mentions. A question whose best rule covers too little of it matches nothing ("can I play
online?": only "play" is a word of the rules); the hits kept are those that cover enough of it and
score near the best.
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..kernel import Rule
from .vocabulary import Group, Vocabulary

#: Fields and their weights: a word in the title says more than one in an example.
_WEIGHTS = {"id": 3.0, "title": 3.0, "statement": 1.0, "extra": 0.7}

#: One of the best three rules must cover this share of the question for it to match anything;
#: a question all of whose words the game knows needs less (its words are spread over rules).
MATCH_COVERAGE = 0.5
MATCH_COVERAGE_KNOWN = 0.34
#: A rule is listed when it covers this share of the question and scores this share of the best.
HIT_COVERAGE = 0.3
HIT_SCORE = 0.3
#: The other terms of a group add this share of their score to its best term's.
_GROUP_REST = 0.3
#: A rule whose title the question says in full scores this much more (in part: in proportion).
TITLE_BOOST = 0.5
#: Rules of the preferred levels (always-on rules, the default preset) score this much more.
PREFERRED_LEVEL = 1.15
#: At most this many characters of a statement in a snippet.
SNIPPET_CHARS = 300

_GENERIC = Vocabulary()


def tokens(text: str) -> list[str]:
    """The terms of a text without any game's card words (plurals, number words, tenses folded)."""
    return _GENERIC.doc_terms(text)


@dataclass(frozen=True, slots=True, kw_only=True)
class SearchHit:
    rule_id: str
    score: float
    #: The share of the question the rule covers (0..1).
    coverage: float = 0.0


@dataclass(frozen=True, slots=True, kw_only=True)
class Matches:
    """A question's reading and the rules it matches, best first."""

    groups: tuple[Group, ...]
    hits: tuple[SearchHit, ...]

    @property
    def matched(self) -> bool:
        return bool(self.hits)


class RuleIndex:
    """BM25 over each rule's id, title, statement and any extra text (examples, sources)."""

    K1 = 1.4
    B = 0.6

    def __init__(
        self,
        rules: Iterable[Rule],
        extra_text: Mapping[str, str] | None = None,
        *,
        vocabulary: Vocabulary | None = None,
        preferred_levels: Iterable[str] = (),
    ) -> None:
        extra = extra_text or {}
        self.vocabulary = vocabulary if vocabulary is not None else _GENERIC
        self._docs: dict[str, Counter[str]] = {}
        self._lengths: dict[str, float] = {}
        self._titles: dict[str, frozenset[str]] = {}
        preferred = frozenset(preferred_levels)
        #: Rules of the level a player plays unless told otherwise rank a little higher.
        self._prior: dict[str, float] = {}
        for rule in rules:
            self._prior[rule.id] = PREFERRED_LEVEL if rule.level in preferred else 1.0
            self._titles[rule.id] = frozenset(self.vocabulary.doc_terms(rule.title))
            weighted: Counter[str] = Counter()
            fields = {
                "id": _id_words(rule.id),
                "title": rule.title,
                "statement": rule.statement,
                "extra": extra.get(rule.id, ""),
            }
            for name, text in fields.items():
                for term in self.vocabulary.doc_terms(text, notation=name != "extra"):
                    weighted[term] += _WEIGHTS[name]  # type: ignore[assignment]
            self._docs[rule.id] = weighted
            self._lengths[rule.id] = sum(weighted.values())
        self._avg = (sum(self._lengths.values()) / len(self._lengths)) if self._lengths else 1.0
        df: Counter[str] = Counter()
        for doc in self._docs.values():
            df.update(doc.keys())
        n = len(self._docs)
        self._idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}
        #: What a word no rule uses weighs: as rare as a term can be.
        self._idf_unseen = math.log(1 + (n + 0.5) / 0.5)
        self._idf_typical = statistics.median(self._idf.values()) if self._idf else 1.0

    def idf(self, term: str) -> float:
        return self._idf.get(term, 0.0)

    def importance(self, group: Group) -> float:
        """How much a group weighs in a question: its strongest term that rules use; a word the
        game does not know at all weighs as the rarest term, a game word no rule uses as a typical one."""
        seen = [w * self._idf[t] for t, w in group.terms if t in self._idf]
        if seen:
            return max(seen)
        return self._idf_typical if group.known else self._idf_unseen

    def match(self, question: str) -> Matches:
        """The question's groups and every rule that matches it, best first."""
        groups = tuple(self.vocabulary.groups(question))
        if not groups:
            return Matches(groups=(), hits=())
        weights = [self.importance(g) for g in groups]
        total = sum(weights) or 1.0
        asked: dict[str, float] = {}
        for group in groups:
            for term, w in group.terms:
                asked[term] = max(asked.get(term, 0.0), w)
        scored: list[SearchHit] = []
        for rule_id, doc in self._docs.items():
            norm = self.K1 * (1 - self.B + self.B * self._lengths[rule_id] / self._avg)
            score = covered = 0.0
            for group, weight in zip(groups, weights, strict=True):
                parts = []
                present = 0.0
                for term, w in group.terms:
                    tf = doc.get(term, 0.0)
                    if tf:
                        parts.append(w * self._idf[term] * tf * (self.K1 + 1) / (tf + norm))
                        present = max(present, w * min(1.0, tf))
                if parts:
                    best = max(parts)
                    score += best + _GROUP_REST * (sum(parts) - best)
                    covered += weight * present
            if score > 0:
                score *= (1 + TITLE_BOOST * self._title_said(rule_id, asked)) * self._prior[rule_id]
                scored.append(
                    SearchHit(rule_id=rule_id, score=round(score, 4), coverage=round(covered / total, 4))
                )
        scored.sort(key=lambda h: (-h.score, h.rule_id))
        needed = MATCH_COVERAGE if self.unknown_words(groups) else MATCH_COVERAGE_KNOWN
        if not scored or max(h.coverage for h in scored[:3]) < needed:
            return Matches(groups=groups, hits=())
        top = scored[0].score
        kept = [h for h in scored if h.coverage >= HIT_COVERAGE and h.score >= HIT_SCORE * top]
        return Matches(groups=groups, hits=tuple(kept))

    def unknown_words(self, groups: Iterable[Group]) -> list[str]:
        """The words of a question that neither the game's rules nor its vocabulary know."""
        return [g.words for g in groups if not g.known and not any(t in self._idf for t, _ in g.terms)]

    def _title_said(self, rule_id: str, asked: Mapping[str, float]) -> float:
        """How much of the rule's title the question says (0..1), rare words counting more."""
        title = self._titles[rule_id]
        mass = sum(self.idf(t) for t in title)
        if not mass:
            return 0.0
        return sum(asked.get(t, 0.0) * self.idf(t) for t in title) / mass

    def search(self, query: str, limit: int = 10) -> list[SearchHit]:
        return list(self.match(query).hits[:limit])

    def snippet(
        self, text: str, groups: Sequence[Group], *, title: str = "", limit: int = SNIPPET_CHARS
    ) -> str:
        """The sentence(s) of ``text`` that best match the question, at most ``limit`` characters:
        all of it when it fits, else the best sentence and its neighbours while they fit. Words of
        the rule's ``title`` count for little there: the whole rule is about them."""
        text = " ".join(text.split())
        if len(text) <= limit:
            return text
        topic = frozenset(self.vocabulary.doc_terms(title))
        for splitter in (_SENTENCE, _CLAUSE):
            pieces = _pieces(text, splitter)
            best = max(range(len(pieces)), key=lambda i: (self._piece_score(pieces[i], groups, topic), -i))
            if len(pieces[best]) <= limit:
                return _grow(pieces, best, limit)
            text = pieces[best]
        return _cut(text, limit)

    def _piece_score(self, piece: str, groups: Sequence[Group], topic: frozenset[str]) -> float:
        terms = set(self.vocabulary.doc_terms(piece))
        return sum(
            max(
                (w * self.idf(t) * (_TOPIC if t in topic else 1.0) for t, w in g.terms if t in terms),
                default=0.0,
            )
            for g in groups
        )


def _id_words(rule_id: str) -> str:
    """A rule id as words, without the game's name every id of the game starts with."""
    return " ".join(rule_id.split(".")[1:] or [rule_id]).replace("_", " ")


#: A question's word that is the rule's topic counts this much when choosing a snippet.
_TOPIC = 0.3
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\"'])")
_CLAUSE = re.compile(r"(?<=[;:])\s+")


def _pieces(text: str, splitter: re.Pattern[str]) -> list[str]:
    return [p for p in splitter.split(text) if p]


def _grow(pieces: Sequence[str], best: int, limit: int) -> str:
    """The best piece with its neighbours (the next first) while they fit in ``limit``."""
    start = end = best
    while True:
        for lo, hi in ((start, end + 1), (start - 1, end)):
            if lo >= 0 and hi < len(pieces) and len(" ".join(pieces[lo : hi + 1])) <= limit:
                start, end = lo, hi
                break
        else:
            return " ".join(pieces[start : end + 1])


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"
