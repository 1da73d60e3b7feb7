"""A rules question answered compactly: a few hits, or an explicit "no rule matches".

What a chat assistant shows a player, and what a tool such as ``search_rules(game, question)``
returns as it is: per hit the rule's id, title and level, whether it rests on the rule document or
on a project ruling, and one snippet of its statement (the sentences that best match, at most
``search.SNIPPET_CHARS`` characters); the worked examples only when asked for. Three hits are
about 1 KB of JSON. Whatever asks (HTTP, a tool) gets the same JSON-ready dict.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .book import Rulebook
    from .search import Matches

#: Hits in an answer unless a limit is given, and the most a limit may ask for.
DEFAULT_LIMIT = 3
MAX_LIMIT = 10


def ask(
    book: Rulebook,
    question: str,
    *,
    limit: int = DEFAULT_LIMIT,
    level: str | None = None,
    examples: bool = False,
) -> dict[str, Any]:
    """The answer to ``question`` from ``book``: ``matched`` and ``hits`` (best first, at most
    ``limit``, of ``level`` and the always-on rules when given), or ``matched: false`` with no hits
    and a ``message`` saying so."""
    matches = book.index.match(question)
    found = [h for h in matches.hits if level is None or _level_of(book, h.rule_id) in (level, "all")]
    hits = []
    for hit in found[:limit]:
        section = book.section(hit.rule_id)
        assert section is not None
        ruling = section["ruling"]
        entry: dict[str, Any] = {
            "id": section["id"],
            "title": section["title"],
            "level": section["level"],
            "source": "document" if ruling is None else "ruling",
            "ruling": None if ruling is None else {"id": ruling["id"], "title": ruling["title"]},
            "snippet": book.index.snippet(section["statement"], matches.groups, title=section["title"]),
            "score": round(hit.score, 2),
        }
        if examples:
            entry["examples"] = section["examples"]
        hits.append(entry)
    return {
        "game": book.game.name,
        "question": question,
        "level": level,
        "matched": bool(hits),
        "message": None if hits else _no_match(book, matches, level),
        "total": len(found),
        "hits": hits,
    }


def _level_of(book: Rulebook, rule_id: str) -> str:
    section = book.section(rule_id)
    return "all" if section is None else str(section["level"])


def _no_match(book: Rulebook, matches: Matches, level: str | None) -> str:
    title = book.game.title
    if matches.hits:  # rules of other levels match
        return (
            f"No {title} rule of level {level!r} (or of every level) matches this question; "
            f"{len(matches.hits)} of other levels do: ask without a level."
        )
    unknown = [f'"{w}"' for w in book.index.unknown_words(matches.groups)]
    if unknown:
        words = unknown[0] if len(unknown) == 1 else ", ".join(unknown[:-1]) + " or " + unknown[-1]
        return f"No {title} rule matches this question: no rule mentions {words}."
    return f"No {title} rule matches this question."
