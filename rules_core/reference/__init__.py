"""The rules reference: a game's rulebook as cited sections, worked examples as ready
requests, document coverage, ranked search and plain-language explanations of verdicts.

Pure like the rest of ``rules_core``: the rulings documents are parsed from text the
caller reads, and any caching of built rulebooks is the caller's (the service's).
"""

from .book import ReferenceData, Rulebook, public, reference_data
from .coverage import DocumentSection, Gap, coverage_gaps
from .explain import Sentence, explain
from .materialise import BuiltExample, ExampleBroken, build, check
from .rigging import deck_order
from .rulings import Ruling, parse_rulings
from .search import RuleIndex, SearchHit

__all__ = [
    "BuiltExample",
    "DocumentSection",
    "ExampleBroken",
    "Gap",
    "ReferenceData",
    "RuleIndex",
    "Rulebook",
    "Ruling",
    "SearchHit",
    "Sentence",
    "build",
    "check",
    "coverage_gaps",
    "deck_order",
    "explain",
    "parse_rulings",
    "public",
    "reference_data",
]
