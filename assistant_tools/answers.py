"""The service's answers cut to what an assistant needs to answer a player, and no more.

An HTTP answer is made for a program (every reason's details, every effect, the whole
verdict); an assistant reads every byte of a tool's answer, so each tool keeps the verdict,
the deciding rule (id and title) with its source, the sentences in a player's words and what
was assumed. A search answers as ``GET /v1/games/{game}/rules/search`` does (``Rulebook.ask``,
already compact). Typical answers stay under 2 KB (``tests/assistant`` measures them).
"""

from __future__ import annotations

from typing import Any

from rules_core.kernel import Game
from service.answers import who_acts

#: Entries looked at per action type when a position is explained (for the rules behind them).
POSITION_SAMPLE = 20
#: Action types open to any seat at any time by agreement (dabong!'s trades): not what a
#: position means, so an explanation says once that they are open instead of counting them.
ANY_TIME = frozenset({"trade"})


def _source(section: dict[str, Any]) -> str:
    """``ruling`` when the project's ruling decides where the rule document is open."""
    return "ruling" if section.get("ruling") else "document"


def rule(game: Game[Any], section: dict[str, Any], *, examples: bool) -> dict[str, Any]:
    """One rule: its statement and where it comes from; its worked examples on request."""
    out: dict[str, Any] = {
        "game": game.name,
        "rule_id": section["id"],
        "title": section["title"],
        "level": section["level"],
        "statement": section["statement"],
        "source": _source(section),
    }
    if section.get("ruling"):
        out["ruling"] = section["ruling"]
    if section.get("not_adjudicated"):
        out["not_adjudicated"] = section["not_adjudicated"]
    if section.get("options"):
        out["options"] = section["options"]
    out["reason_codes"] = [c["code"] for c in section.get("reason_codes", [])]
    if examples:
        out["examples"] = [
            {
                "title": e["title"],
                "action": e["request"]["action"],
                "legal": e["expect"]["legal"],
                "code": e["expect"].get("code"),
                **({"note": e["note"]} if e.get("note") else {}),
            }
            for e in section.get("examples", [])
        ]
    else:
        out["examples_count"] = len(section.get("examples", []))
    return out


def _said(sentence: dict[str, Any]) -> dict[str, Any]:
    return {"text": sentence["text"], "rule_id": sentence["rule"]["id"]}


def _assumed(answer: dict[str, Any]) -> dict[str, Any]:
    """What the completion of a situation assumed (only when one was sent)."""
    if "assumptions" not in answer:
        return {}
    return {"assumed": [a["text"] for a in answer["assumptions"]]}


def check(answer: dict[str, Any]) -> dict[str, Any]:
    """An explanation in the player voice (``explain_answer``), kept to the verdict, its deciding
    rule and the sentences."""
    verdict = answer["verdict"]
    sentences = answer["sentences"]
    lead = sentences[0] if sentences else None
    reasons = verdict["reasons"]
    deciding = next((r for r in reasons if lead and r["rule_id"] == lead["rule"]["id"]), None)
    if deciding is None and reasons:
        deciding = reasons[0]
    out: dict[str, Any] = {"legal": verdict["legal"], "code": deciding["code"] if deciding else None}
    if lead is not None:
        out["rule"] = lead["rule"]
        out["source"] = lead["source"]
        if lead.get("ruling"):
            out["ruling"] = lead["ruling"]
        out["answer"] = lead["text"]
        out["then"] = [_said(s) for s in sentences[1:]]
    if verdict.get("needs"):
        out["needs"] = verdict["needs"]
    if answer.get("legal_under"):
        out["legal_under"] = answer["legal_under"]
    out.update(_assumed(answer))
    return out


def listing(answer: dict[str, Any]) -> dict[str, Any]:
    """A page of ``legal_actions``: each entry's action and patterns (orderings only when several)."""
    entries = []
    for entry in answer["actions"]:
        kept: dict[str, Any] = {"action": entry["action"], "patterns": entry["patterns"]}
        if entry.get("orderings", 1) > 1:
            kept["orderings"] = entry["orderings"]
            kept["note"] = entry.get("note")
        entries.append(kept)
    out: dict[str, Any] = {
        "total": answer["total_entries"],
        "plays": entries,
        "next_cursor": answer["next_cursor"],
    }
    out.update(_assumed(answer))
    return out


def _rule_ids(game: Game[Any], patterns: list[str]) -> list[str]:
    """Patterns as the rule ids they stand for (a dabong! pattern name is ``dabong.<name>``)."""
    out = []
    for pattern in patterns:
        as_rule = f"{game.name}.{pattern}"
        out.append(pattern if pattern in game.rules or as_rule not in game.rules else as_rule)
    return list(dict.fromkeys(out))


def _first_sentence(text: str) -> str:
    head = text.split(". ")[0].split("; ")[0].strip()
    return head if head.endswith(".") else head + "."


def position(game: Game[Any], state: Any, assumed: list[dict[str, str]] | None) -> dict[str, Any]:
    """Whose turn it is, who may act out of turn, and what each acting seat may do (each action
    type counted, with the rules behind a sample of its entries), said in words too."""
    acting = who_acts(game, state)
    turn = acting["turn"]
    seats = []
    sentences = []
    if game.is_over(state):
        sentences.append("The game is over: nobody acts.")
    for seat in acting["to_act"]:
        may = []
        for kind in game.action_types:
            if kind in ANY_TIME:
                continue
            page = game.filtered_listing(state, seat, limit=POSITION_SAMPLE, types=frozenset({kind}))
            if page.total_entries == 0:
                continue
            patterns = [p for entry in page.entries for p in entry.patterns]
            may.append({"type": kind, "entries": page.total_entries, "rules": _rule_ids(game, patterns)})
        if not may:
            continue
        seats.append({"seat": seat, "in_turn": seat == turn, "may": may})
        words = "; ".join(
            f"{kind.replace('_', ' ')} ({count}: {_first_sentence(game.action_types[kind])})"
            for kind, count in ((str(m["type"]), m["entries"]) for m in may)
        )
        if seat == turn:
            sentences.append(f"It is seat {seat}'s turn; seat {seat} may {words}")
        else:
            sentences.append(f"Out of turn, seat {seat} may {words}")
    open_ = [kind for kind in game.action_types if kind in ANY_TIME and acting["to_act"]]
    for kind in open_:
        rule_id = f"{game.name}.{kind}"
        said = _first_sentence(game.action_types[kind])
        sentences.append(f"At any time: {said}" + (f" ({rule_id})" if rule_id in game.rules else ""))
    out: dict[str, Any] = {
        "game": game.name,
        "turn": turn,
        "over": game.is_over(state),
        "seats": seats,
        "sentences": sentences,
    }
    if assumed is not None:
        out["assumed"] = [a["text"] for a in assumed]
    return out


def table(answer: dict[str, Any]) -> dict[str, Any]:
    """A table answer (deal): the state to send back and who acts."""
    keys = ("state", "turn", "to_act", "out_of_turn", "over")
    return {k: answer[k] for k in keys if k in answer}


def applied(answer: dict[str, Any], said: dict[str, Any]) -> dict[str, Any]:
    """An applied action: the next table and what happened, in the player voice."""
    out = table(answer)
    out["said"] = [_said(s) for s in said["sentences"]]
    return out


def suggestion(answer: dict[str, Any]) -> dict[str, Any]:
    out = {k: answer[k] for k in ("action", "rationale", "level", "seat")}
    out.update(_assumed(answer))
    return out
