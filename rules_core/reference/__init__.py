"""The rules reference: search over a game's rule table and its worked examples."""

from .search import RuleIndex, SearchHit

__all__ = ["RuleIndex", "SearchHit"]
