"""Explanations in a player's voice: cards in words, "you" and "the next player", the deciding
rule cited by id and title, and whether each sentence rests on the rule document or a ruling.

The same sentences as the plain explanation (``explain``), worded for the seat the action is
for: "Your play of the 7 of Fire ..." instead of "Seat 0's play 7F ...". Cards are named from
the reasons' details and the effects' fields (``Game.card_name``), and any card left in
notation inside a finished message is named too. Effects are read as ``viewer`` may see
them, as in the plain voice, so a seat of a sealed table is told nothing more. For a refused
action, ``alternatives`` (see ``alternatives.legal_under``) add "it would be legal from
Intermediate" or "legal with returns on".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..kernel import RANK_WORDS, Card, Game, Reading, Reason, Suit, Verdict, format_card, readings_of
from .alternatives import Alternative
from .effect_text import effect_sentence
from .explain import _split_misses, _turn_rule, nearness
from .rulings import Ruling

_SUIT_LETTERS = frozenset(s.value for s in Suit)
#: Details naming suits by their letter ("H", "W, A").
_SUIT_DETAILS = frozenset({"suit", "suits", "choices", "active_suit", "declared"})
_CARD_TOKEN = r"(?:SH[123]|10[SHDCFWEA]|[2-9AJQK][SHDCFWEA])"
_CARD_RUN = re.compile(rf"(?<![\w']){_CARD_TOKEN}(?:(?:, | ){_CARD_TOKEN})*(?![\w'])")
_SEAT_LIST = re.compile(r"\bseat\(s\) (\d+(?:, \d+)*)")
_SEAT_PAIR = re.compile(r"\b[Ss]eats (\d+) and (\d+)\b")
_SEAT_POSSESSIVE = re.compile(r"\b[Ss]eat (\d+)'s\b(?=(\s+\w)?)")
_SEAT = re.compile(r"\b[Ss]eat (\d+)\b(?: (\w+))?")
_ITS = re.compile(r"\bits(elf)?\b")
_YOUR_VERB = re.compile(r"\b(and) (wins|draws|loses|scores)\b")
_WHO = re.compile(r"\byou, who (\w+)")
_IRREGULAR = {"is": "are", "has": "have", "does": "do", "was": "were"}
_NOT_VERBS = frozenset({"as", "its", "this", "cards", "is", "has", "does", "was"})


#: Effects the plain voice words generically, as a player is told them (then put in this voice).
_EFFECTS: dict[str, str] = {
    "TwosNeutralized": "Seat {seat} neutralizes {cards} cards of 2s.",
    "AnswerOpened": "The {play} may be answered with a {answer}.",
    "OnceAYearUsed": "Seat {seat} uses the once-a-year dabong! for {year}.",
    "HitStolen": "Seat {seat} steals the {hit} hit from seat {from_seat}.",
    "ExtraPlayEarned": "Seat {seat} made a run of {run} and may play once more, or pass to seat {then}.",
}


def _base_verb(word: str) -> str:
    """The verb after "you": "draws" -> "draw", "passes" -> "pass", "buries" -> "bury"."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) < 3 or not word.endswith("s") or word.endswith("ss") or word in _NOT_VERBS:
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    return word[:-1]


def _joined(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


_COUNTS = ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _article(words: str) -> str:
    """ "a clone", "an addition", "an 8", "a 2s add-on"."""
    vowel = words[:1].lower() in ("a", "e", "i", "o", "u") or words.startswith(("8", "11", "18"))
    return f"{'an' if vowel else 'a'} {words}"


def _rank_word(card: Card) -> str:
    assert card.rank is not None
    return RANK_WORDS.get(card.rank, card.rank.value)


@dataclass(frozen=True, slots=True)
class Voice:
    """How one explanation names cards and seats: ``you`` is the seat the action is for."""

    game: Game[Any]
    you: int | None
    next_player: int | None

    # -- cards and suits -----------------------------------------------------------------
    def card(self, code: str) -> str:
        card = self.game.deck.by_text.get(code)
        return code if card is None else self.game.card_name(card)

    def cards_in(self, text: str) -> str:
        """Every card of the game's deck written in notation inside ``text``, named."""

        def named(match: re.Match[str]) -> str:
            codes = re.split(r", | ", match.group(0))
            if not all(code in self.game.deck.by_text for code in codes):
                return match.group(0)
            return _joined([self.card(code) for code in codes])

        return _CARD_RUN.sub(named, text)

    def suits(self, text: str) -> str:
        letters = [t for t in re.split(r"[,\s]+", text) if t]
        if not letters or any(t not in _SUIT_LETTERS for t in letters):
            return text
        words = [self.game.suit_words.get(Suit(t), t) for t in letters]
        return _joined(words) if "," in text or " " in text.strip() else words[0]

    def detail(self, name: str, value: Any) -> Any:
        """A reason's detail in words (the ``word`` of ``Reason.message_with``)."""
        if isinstance(value, Card):
            return self.game.card_name(value)
        if isinstance(value, Suit):
            return self.game.suit_words.get(value, value.value)
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, Card) for v in value):
            return _joined([self.game.card_name(v) for v in value])
        if isinstance(value, str) and name in _SUIT_DETAILS:
            return self.suits(value)
        if isinstance(value, str):
            return value.replace("_", " ")
        return value

    # -- seats ------------------------------------------------------------------------
    def seat(self, seat: int) -> str:
        if seat == self.you:
            return "you"
        if seat == self.next_player:
            return "the next player"
        return f"seat {seat}"

    def _possessive(self, seat: int, before_word: bool) -> str:
        if seat == self.you:
            return "your" if before_word else "yours"
        return f"{self.seat(seat)}'s"

    def seats_in(self, text: str) -> str:
        text = _SEAT_LIST.sub(lambda m: _joined([self.seat(int(s)) for s in m.group(1).split(", ")]), text)
        text = _SEAT_PAIR.sub(
            lambda m: f"{self.seat(int(m.group(1)))} and {self.seat(int(m.group(2)))}", text
        )
        text = _SEAT_POSSESSIVE.sub(lambda m: self._possessive(int(m.group(1)), m.group(2) is not None), text)
        first_you: list[int] = []

        def subject(match: re.Match[str]) -> str:
            seat, word = int(match.group(1)), match.group(2)
            if seat != self.you:
                return self.seat(seat) + (f" {word}" if word else "")
            if not first_you:
                first_you.append(match.start())
            return "you" + (f" {_base_verb(word)}" if word else "")

        text = _SEAT.sub(subject, text)
        if first_you:  # "you played its last card and wins": the seat's own things are yours
            at = first_you[0]
            tail = _ITS.sub(lambda m: "yourself" if m.group(1) else "your", text[at:])
            tail = _YOUR_VERB.sub(lambda m: f"{m.group(1)} {_base_verb(m.group(2))}", tail)
            text = text[:at] + tail
        return _WHO.sub(lambda m: f"you, who {_base_verb(m.group(1))}", text)

    def words(self, text: str) -> str:
        """A finished text in this voice: cards named, seats as "you" / "the next player"."""
        return self.seats_in(self.cards_in(text)).replace("_", " ")

    def reason(self, reason: Reason) -> str:
        return self.words(reason.message_with(self.detail))

    def effect(self, effect: dict[str, Any]) -> str:
        fields: dict[str, Any] = {}
        for name, value in effect.items():
            if name in ("type", "rule_id"):
                fields[name] = value
            elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                fields[name] = _joined([self.card(v) for v in value])
            elif isinstance(value, str):
                fields[name] = self.suits(value) if name in _SUIT_DETAILS else self.card(value)
            else:
                fields[name] = value
        template = _EFFECTS.get(str(effect.get("type")))
        if template is not None and "card" not in fields:
            try:
                return self.words(template.format(**fields))
            except (KeyError, IndexError):
                pass
        return self.words(effect_sentence(fields))


def next_seat(game: Game[Any], state: Any, seat: int) -> int | None:
    """The seat after ``seat`` in the direction of play, skipping seats that are out."""
    seats = game.seat_count(state)
    if not 0 <= seat < seats or seats < 2:
        return None
    direction = getattr(state, "direction", 1)
    step = -1 if isinstance(direction, int) and direction < 0 else 1
    out = set(getattr(state, "eliminated", ()) or ())
    for k in range(1, seats):
        candidate = (seat + step * k) % seats
        if candidate not in out:
            return candidate
    return None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSentence:
    text: str
    rule_ids: tuple[str, ...]
    rule_title: str
    #: "document" (the rule document says so) or "ruling" (a project ruling where it is open).
    source: str
    ruling: tuple[str, str] | None = None

    def to_json(self) -> dict[str, Any]:
        ruling = None if self.ruling is None else {"id": self.ruling[0], "title": self.ruling[1]}
        return {
            "text": self.text,
            "rule_ids": list(self.rule_ids),
            "rule": {"id": self.rule_ids[0], "title": self.rule_title},
            "source": self.source,
            "ruling": ruling,
        }


@dataclass(frozen=True, slots=True)
class _Writer:
    game: Game[Any]
    voice: Voice
    rulings: Mapping[str, Ruling]

    def title(self, rule_id: str) -> str:
        return self.game.rules[rule_id].title if rule_id in self.game.rules else rule_id

    def sentence(self, text: str, *rule_ids: str) -> PlayerSentence:
        text = text.strip()
        if text and text[-1] not in ".!?":
            text += "."
        text = text[:1].upper() + text[1:]
        ids = tuple(dict.fromkeys(rule_ids))
        rule = self.game.rules[ids[0]] if ids[0] in self.game.rules else None  # noqa: SIM401 (no .get)
        ruling = None
        if rule is not None and rule.ruling is not None:
            found = self.rulings.get(rule.ruling)
            ruling = (rule.ruling, found.title if found is not None and found.title else rule.title)
        return PlayerSentence(
            text=text,
            rule_ids=ids,
            rule_title=self.title(ids[0]),
            source="document" if ruling is None else "ruling",
            ruling=ruling,
        )

    def about_it(self, verdict: Verdict, reason: Reason) -> str:
        """The reason after "Your play of the 7 of Fire is legal:", the cards said once ("it is ...")."""
        text = self.voice.reason(reason)
        cards = verdict.action.to_json().get("cards")
        named = _joined([self.voice.card(c) for c in cards]) if cards else ""
        if named and text.startswith(f"{named} is "):
            return "it" + text[len(named) :]
        return text

    def reading(self, reading: Reading) -> str:
        """A reading as a player says it: "a clone", "a 2s neutralization made as a straight"."""
        words = self.title(reading.rule_id).lower()
        if reading.via is not None:
            via = f"{self.game.name}.{reading.via}"
            made = self.title(via).lower() if via in self.game.rules else reading.via.replace("_", " ")
            words += f" made as {_article(made)}"
        return _article(words)

    def laid(self, verdict: Verdict) -> str:
        """The cards of a play as they count: "two 2s" (one rank), else each card named (a Shaman
        with what it is declared as), then "on a 2" when the verdict names the top card."""
        declared = dict(verdict.interpretations[0].declarations) if verdict.interpretations else {}
        by_text = self.game.deck.by_text
        cards = [format_card(c) for c in verdict.action.cards]
        ids = [by_text.get(declared.get(code, code)) for code in cards]
        ranks = {i.rank for i in ids if i is not None}
        if len(cards) > 1 and None not in ids and len(ranks) == 1 and None not in ranks:
            first = ids[0]
            assert first is not None
            count = _COUNTS[len(cards)] if len(cards) < len(_COUNTS) else str(len(cards))
            words = f"{count} {_rank_word(first)}s"
        else:
            named = []
            for code in cards:
                name = self.voice.card(code)
                identity = declared.get(code)
                named.append(name if identity is None else f"{name} as {self.voice.card(identity)}")
            words = _joined(named)
        top = dict(verdict.reasons[0].details).get("top") if verdict.reasons else None
        top_card = by_text.get(top) if isinstance(top, str) else top if isinstance(top, Card) else None
        if top_card is not None and top_card.rank is not None:
            words += f" on {_article(_rank_word(top_card))}"
        return words

    def action(self, verdict: Verdict) -> str:
        action = verdict.action.to_json()
        kind = str(action.get("type", "action")).replace("_", " ")
        seat = action.get("seat")
        who = self.voice._possessive(seat, True) if isinstance(seat, int) else "the"
        cards = action.get("cards")
        if cards:
            return f"{who} {kind} of {_joined([self.voice.card(c) for c in cards])}"
        return f"{who} {kind}"


def player_explain(
    game: Game[Any],
    verdict: Verdict,
    *,
    state: Any,
    to_act: tuple[int, ...] | None = None,
    viewer: int | None = None,
    rulings: Mapping[str, Ruling] | None = None,
    alternatives: list[Alternative] | None = None,
) -> list[PlayerSentence]:
    """``verdict`` explained to the seat it is for (``state``: the table it was judged on)."""
    seat = verdict.action.seat
    you = seat if 0 <= seat < game.seat_count(state) else None
    voice = Voice(game, you, next_seat(game, state, seat))
    writer = _Writer(game, voice, rulings or {})
    if not verdict.legal:
        return _illegal(writer, verdict) + _hints(writer, alternatives or [])
    return _legal(writer, verdict, to_act, viewer)


def _illegal(w: _Writer, verdict: Verdict) -> list[PlayerSentence]:
    reasons = list(verdict.reasons)
    if not reasons:
        return []
    lead, misses = _split_misses(reasons)
    v = w.voice
    out = [w.sentence(f"{w.action(verdict)} is not legal: {w.about_it(verdict, lead[0])}", lead[0].rule_id)]
    out += [w.sentence(f"Also: {v.reason(r)}", r.rule_id) for r in lead[1:]]
    if misses:
        ranked = sorted(misses, key=lambda r: nearness(r.code))
        names = _joined(list(dict.fromkeys(w.title(r.rule_id).lower() for r in ranked[:3])))
        out.append(w.sentence(f"It fits no pattern; closest: {names}", *(r.rule_id for r in ranked[:3])))
        out += [w.sentence(f"{w.title(r.rule_id)}: {v.reason(r)}", r.rule_id) for r in ranked]
    for need in verdict.needs:
        out.append(w.sentence(f"It must also say {v.words(need)}", *(r.rule_id for r in lead)))
    return out


def _legal(
    w: _Writer, verdict: Verdict, to_act: tuple[int, ...] | None, viewer: int | None
) -> list[PlayerSentence]:
    v = w.voice
    out = [
        w.sentence(f"{w.action(verdict)} is legal: {w.about_it(verdict, r)}", r.rule_id)
        for r in verdict.reasons[:1]
    ]
    out += [w.sentence(v.reason(r), r.rule_id) for r in verdict.reasons[1:]]
    if not out:
        cited = [i.rule_id for i in verdict.interpretations] + [e.rule_id for e in verdict.effects]
        if cited:
            out.append(w.sentence(f"{w.action(verdict)} is legal", cited[0]))
    out += _readings(w, verdict)
    for item in verdict.interpretations:
        reading = Reading(item.pattern, item.rule_id, item.via)
        out.append(w.sentence(f"As {w.reading(reading)}: {v.words(item.description)}", item.rule_id))
    for effect in verdict.effects:
        out.append(w.sentence(v.effect(effect.to_json(viewer)), effect.rule_id))
    if verdict.needs:
        needs = ", ".join(v.words(n) for n in verdict.needs)
        out.append(w.sentence(f"It still needs: {needs}", *(r.rule_id for r in verdict.reasons)))
    turn_rule = _turn_rule(verdict)
    if to_act is not None and turn_rule is not None:
        who = _joined([v.seat(s) for s in to_act])
        out.append(
            w.sentence(f"Next to act: {who}" if to_act else "Nobody acts next: the game is over", turn_rule)
        )
    return out


def _readings(w: _Writer, verdict: Verdict) -> list[PlayerSentence]:
    """ "Two 2s on a 2: both a 2s add-on and a clone." and, where the game has the rule, which
    one the verdict judges it as and why that makes no difference."""
    readings = readings_of(verdict.interpretations)
    if len(readings) < 2:
        return []
    names = [w.reading(r) for r in readings]
    both = f"both {names[0]} and {names[1]}" if len(names) == 2 else f"at once {_joined(names)}"
    rule = w.game.readings_rule
    more = (rule,) if rule is not None else ()
    out = [w.sentence(f"{w.laid(verdict)}: {both}", *(r.rule_id for r in readings), *more)]
    if rule is not None:
        out.append(
            w.sentence(
                f"It is judged as {names[0]}; every reading does the same, so which one makes no difference",
                rule,
            )
        )
    return out


def _setting_words(game: Game[Any], name: str | None) -> str:
    return str(name).replace("_", " ").capitalize()


def _hints(w: _Writer, alternatives: list[Alternative]) -> list[PlayerSentence]:
    """ "It would be legal from Intermediate" / "with returns on", each citing the rule that
    makes it legal there (the option's own rule when it names one)."""
    out: list[PlayerSentence] = []
    presets = [a for a in alternatives if a.preset is not None]
    if presets:
        order = list(w.game.presets)
        legal = {a.preset for a in presets}
        levels = "level" in w.game.presets[order[0]].__dataclass_fields__
        first = min(order.index(p) for p in legal if p is not None)
        if levels and all(p in legal for p in order[first:]) and len(order[first:]) > 1:
            words = f"from {_setting_words(w.game, order[first])}"
        elif levels:
            words = "at " + _joined([_setting_words(w.game, p) for p in order if p in legal])
        else:
            names = [_setting_words(w.game, p) for p in order if p in legal]
            words = f"with the {_joined(names)} preset{'s' if len(names) > 1 else ''}"
        out.append(w.sentence(f"It would be legal {words}", _deciding(presets[0])))
    for alt in alternatives:
        if alt.option is None:
            continue
        name = alt.option.replace("_", " ")
        if isinstance(alt.value, str):
            text = f"It would be legal with {name} set to {alt.value.replace('_', ' ')}"
        else:
            text = f"It would be legal with {name} {'on' if alt.value else 'off'}"
        out.append(w.sentence(text, alt.rule_id or _deciding(alt)))
    return out


def _deciding(alt: Alternative) -> str:
    verdict = alt.verdict
    for rule_id in (
        *(i.rule_id for i in verdict.interpretations),
        *(r.rule_id for r in verdict.reasons),
        *(e.rule_id for e in verdict.effects),
    ):
        return rule_id
    return alt.rule_id or ""
