"""Plain-language explanations of a verdict, every sentence citing the rules behind it.

For an illegal action: what was refused and why (each reason), and for a play that
fits no pattern the patterns that came closest with what each is missing (the
matcher reports these "misses" as reasons of their own). For a legal one: why it is
legal, which pattern(s) it is, then what happens next from its effects (who draws,
who is skipped, the new Count, who must answer a check) and who acts after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..kernel import Game, Reason, Verdict
from .effect_text import effect_sentence


@dataclass(frozen=True, slots=True, kw_only=True)
class Sentence:
    text: str
    rule_ids: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "rule_ids": list(self.rule_ids)}


#: Words in a miss code and how near the play came: one number off is nearer than a wrong
#: suit, which is nearer than the wrong number or kind of cards.
_NEARNESS = (
    (("wrong_total", "order", "first", "biggest", "direction", "ascending", "descending"), 0),
    (("suit", "rank", "match", "follow", "value", "ace"), 1),
)


def nearness(code: str) -> int:
    for words, rank in _NEARNESS:
        if any(word in code for word in words):
            return rank
    return 2


def _sentence(text: str, *rule_ids: str) -> Sentence:
    text = text.strip()
    if text and text[-1] not in ".!?":
        text += "."
    return Sentence(
        text=text[0].upper() + text[1:] if text else text, rule_ids=tuple(dict.fromkeys(rule_ids))
    )


def _action_words(verdict: Verdict) -> str:
    action = verdict.action.to_json()
    cards = action.get("cards")
    what = f"{action.get('type')} {' '.join(cards)}" if cards else str(action.get("type"))
    return f"seat {action.get('seat')}'s {what}"


def _rule_title(game: Game[Any], rule_id: str) -> str:
    return game.rules[rule_id].title if rule_id in game.rules else rule_id


def explain(
    game: Game[Any], verdict: Verdict, to_act: tuple[int, ...] | None = None, viewer: int | None = None
) -> list[Sentence]:
    """Sentences explaining ``verdict``; ``to_act`` (after a legal action) names who acts next.
    Effects are read as ``viewer`` may see them (None: everything; a seat of a sealed table)."""
    if not verdict.legal:
        return _explain_illegal(game, verdict)
    return _explain_legal(game, verdict, to_act, viewer)


def _explain_illegal(game: Game[Any], verdict: Verdict) -> list[Sentence]:
    reasons = list(verdict.reasons)
    if not reasons:  # every game gives a reason; without one there is no rule to cite
        return []
    lead, misses = _split_misses(reasons)
    out = [_sentence(f"{_action_words(verdict)} is not legal: {lead[0].message}", lead[0].rule_id)]
    out += [_sentence(f"Also: {r.message}", r.rule_id) for r in lead[1:]]
    if misses:
        ranked = sorted(misses, key=lambda r: nearness(r.code))
        names = ", ".join(dict.fromkeys(_rule_title(game, r.rule_id).lower() for r in ranked[:3]))
        out.append(
            _sentence(f"It fits no pattern; the closest are {names}", *(r.rule_id for r in ranked[:3]))
        )
        for reason in ranked:
            title = _rule_title(game, reason.rule_id)
            out.append(_sentence(f"{title}: {reason.message}", reason.rule_id))
    for need in verdict.needs:
        out.append(_sentence(f"It must also say {need}", *(r.rule_id for r in lead)))
    return out


def _split_misses(reasons: list[Reason]) -> tuple[list[Reason], list[Reason]]:
    """The reasons a game gives itself, and the matcher's misses (those citing a pattern rule after
    a general refusal such as ``play_illegal``)."""
    if len(reasons) > 1 and reasons[0].code == "play_illegal":
        return reasons[:1], reasons[1:]
    return reasons, []


def _explain_legal(
    game: Game[Any], verdict: Verdict, to_act: tuple[int, ...] | None, viewer: int | None
) -> list[Sentence]:
    out = [
        _sentence(f"{_action_words(verdict)} is legal: {r.message}", r.rule_id) for r in verdict.reasons[:1]
    ]
    out += [_sentence(r.message, r.rule_id) for r in verdict.reasons[1:]]
    if not out:
        cited = [i.rule_id for i in verdict.interpretations] + [e.rule_id for e in verdict.effects]
        if cited:
            out.append(_sentence(f"{_action_words(verdict)} is legal", *cited[:1]))
    if len(verdict.interpretations) > 1:
        names = ", ".join(i.pattern.replace("_", " ") for i in verdict.interpretations)
        out.append(
            _sentence(
                f"It can be read {len(verdict.interpretations)} ways: {names}",
                *(i.rule_id for i in verdict.interpretations),
            )
        )
    for item in verdict.interpretations:
        out.append(_sentence(f"As {item.pattern.replace('_', ' ')}: {item.description}", item.rule_id))
    for effect in verdict.effects:
        out.append(_sentence(effect_sentence(effect.to_json(viewer)), effect.rule_id))
    if verdict.needs:
        out.append(
            _sentence(f"It still needs: {', '.join(verdict.needs)}", *(r.rule_id for r in verdict.reasons))
        )
    if to_act is not None:
        turn_rule = _turn_rule(verdict)
        if turn_rule is not None:
            if to_act:
                text = f"May act next: seat(s) {', '.join(str(seat) for seat in to_act)}"
            else:
                text = "Nobody acts next: the game is over"
            out.append(_sentence(text, turn_rule))
    return out


def _turn_rule(verdict: Verdict) -> str | None:
    """The rule that decides who acts next: the last effect's, else the deciding reason's."""
    if verdict.effects:
        return verdict.effects[-1].rule_id
    return verdict.reasons[0].rule_id if verdict.reasons else None
