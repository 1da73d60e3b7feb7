"""The dabong! rule table: every rule under a stable id that reasons cite.

Statements are the project's own words. Rules the service cannot adjudicate
(etiquette, buying a second deck ...) are listed with the reason instead of
being silently dropped. The Intermediate and Master rules live in
``rules_levels.py``; each names its level and the option that switches it.
"""

from __future__ import annotations

from ...kernel import Rule, RuleTable
from .rules_levels import LEVEL_RULES


def _rule(rule_id: str, title: str, statement: str, **extra: object) -> Rule:
    return Rule(id=rule_id, title=title, statement=statement, **extra)  # type: ignore[arg-type]


_BEGINNER = "beginner"

RULES = RuleTable(
    "dabong",
    [
        _rule(
            "dabong.level",
            "Rule levels",
            "Beginner, Intermediate and Master; each level keeps every rule of the levels below it.",
            options=("level",),
        ),
        _rule(
            "dabong.deck",
            "The deck",
            "55 cards: Fire, Water, Earth and Air, thirteen each (A..K), "
            "and three Shamans SH1..SH3. Two to five seats play with one deck.",
        ),
        _rule(
            "dabong.deal",
            "Dealing",
            "Eight cards to each seat, one at a time from the seat left of "
            "the dealer; the rest is the draw pile. A client may supply the whole deck order "
            "(an unconventional deal).",
            options=("hand_size",),
            ruling="R-DABONG-01",
        ),
        _rule(
            "dabong.opening",
            "The opening card",
            "The top of the draw pile is turned up. The dealer "
            "counts as its player: an 8 or a Jack gets a suit from the dealer (a Jack also skips the "
            "seat left of the dealer), a 9 makes the dealer go first with play going right, a 2 makes "
            "the seat left of the dealer draw two and be skipped, the Queen of Water makes it draw "
            "two. An opening Shaman is declared by the dealer or taken into the dealer's hand; then "
            "the dealer buries a different card of the hand at the bottom of the draw pile and a new "
            "card is turned up.",
            ruling="R-DABONG-02",
        ),
        _rule(
            "dabong.turn",
            "Turns",
            "Play starts left of the dealer and goes left until a 9 reverses it. "
            "On a turn a seat plays one or more cards or draws one card; then the turn passes.",
        ),
        _rule(
            "dabong.follow",
            "Follow suit or number",
            "One card that matches the suit in force or the "
            "rank of the top card. A King does not follow a 10.",
            level=_BEGINNER,
        ),
        _rule(
            "dabong.values",
            "Card values",
            "In hand and inside plays A is 1 and faces are 10; on top of "
            "the pile J is 11, Q 12, K 13 and A 14.",
            level=_BEGINNER,
        ),
        _rule(
            "dabong.addition",
            "Addition",
            "Same-suited cards whose in-play values add up to the pile "
            "value of the top card, laid in any order; their suit need not match the top card.",
            level=_BEGINNER,
        ),
        _rule(
            "dabong.subtraction",
            "Subtraction",
            "Same-suited cards laid biggest first, the rest "
            "subtracted from it down to the pile value of the top card, the rest in any order.",
            level=_BEGINNER,
        ),
        _rule(
            "dabong.two",
            "2: draw two and skip",
            "A 2 on top makes the next seat draw two cards; that seat is then skipped.",
            level=_BEGINNER,
        ),
        _rule(
            "dabong.eight",
            "8: crazy suit",
            "A single 8 (or the first card of a play) goes on any "
            "card; an 8 on top lets its player choose the suit in force. Inside a multi-card play an "
            "8 must share the suit of the other cards.",
            level=_BEGINNER,
        ),
        _rule("dabong.nine", "9: reverse", "A 9 on top reverses the direction of play.", level=_BEGINNER),
        _rule(
            "dabong.jack",
            "Jack: skip and bower power",
            "A Jack counts as both of its suits (Water+Air, "
            "Earth+Fire) for matching and inside plays; on top it skips the next seat and its player "
            "declares which of its two suits is in force.",
            level=_BEGINNER,
            ruling="R-DABONG-03",
        ),
        _rule(
            "dabong.queen_of_water",
            "Queen of Water",
            "On top, the next seat draws two cards with no "
            "defence and is not skipped: it then takes its turn on the Queen.",
            level=_BEGINNER,
        ),
        _rule(
            "dabong.shaman",
            "Shamans",
            "A Shaman is declared as one of the 52 real cards (duplicates "
            "allowed) and has that card's suit, values and powers.",
            level=_BEGINNER,
        ),
        _rule(
            "dabong.power_top_only",
            "Only the top card's power",
            "In a multi-card play only the last card laid uses its power; the others count by rank and suit.",
            level=_BEGINNER,
        ),
        _rule(
            "dabong.draw",
            "Drawing",
            "A seat that cannot or will not play draws one card, and the turn passes.",
            level=_BEGINNER,
        ),
        _rule(
            "dabong.draw_pile_out",
            "The draw pile runs out",
            "The top discard stays; the rest of the "
            "discard pile is shuffled (seeded) into a new draw pile. With nothing to recycle a draw "
            "takes what there is.",
            options=("draw_pile_out",),
            ruling="R-DABONG-07",
        ),
        _rule("dabong.win", "Going out", "A seat that plays its last card wins the game.", level=_BEGINNER),
        _rule(
            "dabong.natural",
            "Natural dabong!",
            "Any seat, at any moment and even out of turn, holding "
            "two or more cards whose in-hand values add up to the pile value of the top card wins, "
            "unless it put that card on top itself. Shamans count as values 1..10 chosen by the "
            "holder. The first claim submitted wins.",
            level=_BEGINNER,
            ruling="R-DABONG-04",
        ),
        _rule(
            "dabong.one_card",
            "One card",
            "A seat down to one card says so; asked how many cards it "
            "holds before saying it, it draws one card.",
            level=_BEGINNER,
            options=("one_card_rule",),
            ruling="R-DABONG-05",
        ),
        _rule(
            "dabong.unwind",
            "Taking back a play",
            "A seat may pick its play back up until anything "
            "else happens at the table; everything the play caused is undone, and the seat before it "
            "may then take back its own play, and so on backwards.",
            level=_BEGINNER,
            options=("unwinding",),
            ruling="R-DABONG-06",
        ),
        _rule(
            "dabong.trade",
            "Card trading",
            "Two seats may trade cards by agreement at any time; each "
            "receives at least one card; the counts may differ. It is not a turn action.",
            level=_BEGINNER,
            options=("trading",),
            ruling="R-DABONG-08",
        ),
        _rule(
            "dabong.two_players",
            "Two players",
            "With two seats a skip or a reverse returns the turn "
            "to the seat that played it: 2s, 9s and Jacks become play-again cards.",
            level=_BEGINNER,
        ),
        _rule(
            "dabong.scoring",
            "Scoring",
            "One game, tennis-style games and sets, or points.",
            options=("scoring",),
            ruling="R-DABONG-09",
        ),
        _rule(
            "dabong.scoring.tennis",
            "Tennis scoring",
            "The winner of a game scores a game; the first to "
            "four games wins the set; the deal passes to the left after each game.",
            options=("games_per_set", "sets_to_win"),
            ruling="R-DABONG-09",
        ),
        _rule(
            "dabong.scoring.points",
            "Points scoring",
            "After each game the other seats score the "
            "in-hand values left in their hands (a Shaman 20, 30 or 50), the winner nothing; once a "
            "seat reaches the target the lowest total wins.",
            options=("shaman_points", "points_target"),
            ruling="R-DABONG-10",
        ),
        _rule(
            "dabong.etiquette.time_limit",
            "One-year time limit",
            "A play must be made within a year.",
            not_adjudicated="pace of play is a matter of time and courtesy; the service keeps no clock",
        ),
        _rule(
            "dabong.etiquette.table_talk",
            "Table talk",
            "Blatant table talk is allowed.",
            not_adjudicated="speech between players is not an action the service sees",
        ),
        _rule(
            "dabong.extras.second_deck",
            "More than five players",
            "Mix in a second deck for more players.",
            not_adjudicated="the service plays one 55-card deck, so 2 to 5 seats",
        ),
        _rule(
            "dabong.extras.house_rules",
            "Be creative",
            "Throw out rules or make up your own.",
            not_adjudicated="invented rules cannot be known in advance; the options switch the "
            "documented ones",
        ),
        _rule(
            "dabong.extras.strategy",
            "Strategy tips",
            "Advice on how to play well.",
            not_adjudicated="advice, not a rule",
        ),
        *LEVEL_RULES,
    ],
)
