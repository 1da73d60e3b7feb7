"""One plain sentence per effect, from its JSON fields (past-tense records read as what happens).

Known effect types have a template; any other (a game's newer effect) gets a
generic sentence built from its type name and fields, so an explanation never
fails on an effect it has not met before. Private fields (drawn cards) are not
used: an explanation may be shown to anyone at the table.
"""

from __future__ import annotations

import re
from typing import Any

_TEMPLATES: dict[str, str] = {
    "CardsPlayed": "Seat {seat} lays {cards}.",
    "CardsDrawn": "Seat {seat} draws {count} card(s).",
    "TurnPassed": "The turn passes to seat {to_seat}.",
    "TurnSkipped": "Seat {seat} is skipped.",
    "DirectionReversed": "The direction of play reverses.",
    "SuitDeclared": "Seat {seat} puts suit {suit} in force.",
    "PlayerEliminated": "Seat {seat} is out ({reason}).",
    "RoundWon": "Seat {seat} wins ({how}).",
    "RoundDrawn": "The round is drawn ({reason}).",
    "PileReshuffled": "{count} cards are shuffled into a new draw pile.",
    "CountChanged": "The Count goes from {before} to {after}.",
    "DeathCardPlayed": "Seat {seat}'s Death Card attacks seat {target}.",
    "HitStolen": "Seat {seat} steals the {hit} hit from seat {from_seat} with {card}.",
    "BonusHitCreated": "Seat {seat} holds {card}: a bonus hit is created.",
    "HitSlid": "The {hit} hit slides from seat {from_seat} to seat {seat}, who holds {card}.",
    "HitAwarded": "Seat {seat} takes the {hit} hit.",
    "ShamanDeclared": "Seat {seat} declares {shaman} as {identity}.",
    "OpeningCardTurned": "{card} is turned up as the opening card.",
    "OpeningShamanTaken": "Seat {seat} takes the opening {shaman} and buries {card}.",
    "OneCardAnnounced": "Seat {seat} announces one card.",
    "CardCountAsked": "Seat {seat} asks seat {target} how many cards it holds.",
    "PlayTakenBack": "Seat {seat} takes back {cards}; everything it caused is undone.",
    "CardsTraded": "Seats {seat} and {partner} trade cards.",
    "GameScored": "Seat {winner} scores the game.",
    "MatchWon": "Seat {seat} wins the match.",
    "GameDealt": "Seat {dealer} deals game {number}.",
    "CheckContinued": "Seat {seat} continues without claiming.",
    "DobonClaimed": "Seat {seat} claims Dobon: {cards} total {total}, the value of {target}.",
    "ObligationPassed": "Seat {seat} now faces an obligation of {count} card(s): a two or take them.",
    "RoundStarted": "Round {round} starts.",
    "MatchEnded": "The match ends; seat(s) {leaders} lead.",
}


def _words(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_show(v) for v in value) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def effect_sentence(effect: dict[str, Any]) -> str:
    """A sentence for one effect in its JSON encoding (``type``, ``rule_id`` and its fields)."""
    kind = str(effect.get("type", "Effect"))
    fields = {k: _show(v) for k, v in effect.items() if k not in ("type", "rule_id")}
    if kind == "PenaltyImposed":
        then = "is then skipped" if effect.get("skip") else "then takes a normal turn"
        return f"Seat {fields.get('seat')} must pick up {fields.get('cards')} card(s) and {then}."
    if kind == "DeathCardShielded":
        tail = "; the attacker is out (blowback)" if effect.get("blowback") else "; nobody is knocked out"
        return f"Seat {fields.get('seat')} shields against seat {fields.get('attacker')}'s Death Card{tail}."
    if kind == "CheckStarted":
        seats = effect.get("seats") or []
        if not seats:
            return f"A check ({fields.get('kind')}) finds nobody to ask."
        return f"A check ({fields.get('kind')}) starts: seat(s) {_show(seats)} may claim, in that order."
    template = _TEMPLATES.get(kind)
    if template is not None:
        try:
            return template.format(**fields)
        except (KeyError, IndexError):
            pass
    details = ", ".join(
        f"{k.replace('_', ' ')} {v}" for k, v in fields.items() if k != "cards" or kind != "CardsDrawn"
    )
    return f"{_words(kind).capitalize()}{': ' + details if details else ''}."
