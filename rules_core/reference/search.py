"""Ranked full-text search over rule sections (BM25, pure Python).

Small and dependency-free on purpose: a rule table has a few hundred short
sections at most, so an in-memory index built once per game is instant and a
search engine library would be a heavy dependency for a small gain.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..kernel import Rule

_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "and",
        "or",
        "to",
        "in",
        "on",
        "at",
        "for",
        "by",
        "with",
        "is",
        "are",
        "be",
        "do",
        "does",
        "did",
        "what",
        "when",
        "how",
        "who",
        "which",
        "can",
        "may",
        "i",
        "you",
        "it",
        "its",
        "if",
        "then",
        "than",
        "that",
        "this",
        "as",
        "from",
        "my",
        "your",
        "me",
        "we",
        "our",
    ]
)
_WORD = re.compile(r"[a-z0-9]+")

#: Fields and their weights: a word in the title says more than one in an example.
_WEIGHTS = {"id": 3.0, "title": 3.0, "statement": 1.0, "extra": 0.7}


def tokens(text: str) -> list[str]:
    out = []
    for word in _WORD.findall(text.lower()):
        if word in _STOP:
            continue
        out.append(_stem(word))
    return out


#: Number words as the digits rule statements use ("three sevens" finds "three 7s").
_NUMBERS = {
    "one": "1",
    "two": "2",
    "twos": "2",
    "three": "3",
    "threes": "3",
    "four": "4",
    "fours": "4",
    "five": "5",
    "fives": "5",
    "six": "6",
    "sixes": "6",
    "seven": "7",
    "sevens": "7",
    "eight": "8",
    "eights": "8",
    "nine": "9",
    "nines": "9",
    "ten": "10",
    "tens": "10",
}


def _stem(word: str) -> str:
    # Light folding so "shamans" finds "Shaman", "queens" "Queen", "checked" "check", "7s" "7".
    if word in _NUMBERS:
        return _NUMBERS[word]
    if word[:-1].isdigit() and word.endswith("s"):
        return word[:-1]
    if len(word) > 5 and word.endswith("ing"):
        return word[:-3]
    if len(word) > 4 and word.endswith("ed") and not word.endswith("eed"):
        return word[:-2]
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


@dataclass(frozen=True, slots=True, kw_only=True)
class SearchHit:
    rule_id: str
    score: float


class RuleIndex:
    """BM25 over each rule's id, title, statement and any extra text (examples)."""

    K1 = 1.4
    B = 0.6

    def __init__(self, rules: Iterable[Rule], extra_text: dict[str, str] | None = None) -> None:
        extra = extra_text or {}
        self._docs: dict[str, Counter[str]] = {}
        self._lengths: dict[str, float] = {}
        for rule in rules:
            weighted: Counter[str] = Counter()
            fields = {
                "id": rule.id.replace(".", " ").replace("_", " "),
                "title": rule.title,
                "statement": rule.statement,
                "extra": extra.get(rule.id, ""),
            }
            for name, text in fields.items():
                for tok in tokens(text):
                    weighted[tok] += _WEIGHTS[name]  # type: ignore[assignment]
            self._docs[rule.id] = weighted
            self._lengths[rule.id] = sum(weighted.values())
        self._avg = (sum(self._lengths.values()) / len(self._lengths)) if self._lengths else 1.0
        df: Counter[str] = Counter()
        for doc in self._docs.values():
            df.update(doc.keys())
        n = len(self._docs)
        self._idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}

    def search(self, query: str, limit: int = 10) -> list[SearchHit]:
        terms = tokens(query)
        if not terms:
            return []
        hits = []
        for rule_id, doc in self._docs.items():
            score = 0.0
            norm = self.K1 * (1 - self.B + self.B * self._lengths[rule_id] / self._avg)
            for term in terms:
                tf = doc.get(term, 0.0)
                if tf:
                    score += self._idf[term] * tf * (self.K1 + 1) / (tf + norm)
            if score > 0:
                hits.append(SearchHit(rule_id=rule_id, score=round(score, 4)))
        hits.sort(key=lambda h: (-h.score, h.rule_id))
        return hits[:limit]
