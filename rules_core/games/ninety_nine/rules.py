"""The rule table of 99: every rule of the document under a stable id.

The ids are cited by reasons, effects and options. Parts of the game that the
document only mentions (the full rules PDF) are listed as not adjudicated,
with the reason, instead of being invented.
"""

from __future__ import annotations

from ...kernel import Rule, RuleTable

PLAYERS = "99.players"
DEAL = "99.deal"
FIRST_SEAT = "99.first_seat"
DIRECTION = "99.direction"
COUNT_START = "99.count.start"
TURN = "99.turn"
VALUES = "99.values"
KING = "99.king"
FORCED_PLAY = "99.forced_play"
HAND_SIZE = "99.hand_size"
RESHUFFLE = "99.reshuffle"
ELIMINATION = "99.elimination"
THRESHOLD = "99.threshold"
THRESHOLD_PASS = "99.threshold.pass"
THRESHOLD_DROP = "99.threshold.drop"
THRESHOLD_KING = "99.threshold.king"
DEATH_CARD = "99.death_card"
DEATH_CARD_DRAW = "99.death_card.draw"
SHIELD = "99.death_card.shield"
NO_SHIELD = "99.death_card.no_shield"
BLOWBACK = "99.death_card.blowback"
TWO_PLAYERS = "99.death_card.two_players"
WIN = "99.win"
CLUBS_STEAL = "99.clubs.steal"
CLUBS_SLIDE = "99.clubs.slide"
CLUBS_KEEP = "99.clubs.keep"
CLUBS_BONUS = "99.clubs.bonus"
LOADING_DUTY = "99.loading_duty"
BONG_NOTE = "99.bong_note"
FULL_RULES = "99.full_rules"
DEMO_TABLE = "99.demo_table"

_FULL_PDF = (
    "only named by the document as part of the free full-rules PDF, which is not among the rule documents; "
    "its content is unknown, so it is not invented"
)

RULES = RuleTable(
    "99",
    [
        Rule(
            id=PLAYERS,
            title="Players",
            statement="2 to 8 players, one standard 52-card deck.",
            ruling="R-99-01",
        ),
        Rule(
            id=DEAL,
            title="Deal",
            statement="Everyone starts with four cards (dealt one at a time from seat 0); the rest is the "
            "draw pile. Played cards go to the play pile.",
            ruling="R-99-03",
        ),
        Rule(
            id=FIRST_SEAT,
            title="First player",
            statement="Seat 0 plays first.",
            options=("first_seat",),
            ruling="R-99-02",
        ),
        Rule(
            id=DIRECTION,
            title="Direction",
            statement="Play moves clockwise (to the next higher seat) and stays clockwise.",
            ruling="R-99-04",
        ),
        Rule(id=COUNT_START, title="The Count", statement="The Count starts at zero."),
        Rule(
            id=TURN,
            title="A turn",
            statement="On your turn play one card onto the play pile, change the Count by it, "
            "and draw one card.",
        ),
        Rule(
            id=VALUES,
            title="Card values",
            statement="Ace 1, 2 through 10 face value, Jack and Queen 10; below 99 every card but a King "
            "is just its number, special cards included.",
        ),
        Rule(
            id=KING,
            title="King",
            statement="A King does not add: it sets the Count to 99 (keeps it at 99 when already there).",
        ),
        Rule(
            id=FORCED_PLAY,
            title="Forced play",
            statement="If you can play a card you must; with several playable cards you choose. A card "
            "that would take the Count over 99 cannot be played.",
        ),
        Rule(
            id=HAND_SIZE,
            title="Four cards",
            statement="You begin and end every turn with four cards, and go out holding four cards.",
        ),
        Rule(
            id=RESHUFFLE,
            title="Draw pile runs out",
            statement="When a draw finds the draw pile empty, the whole play pile is shuffled into a new "
            "draw pile (seeded, reproducible); the Count stays.",
            ruling="R-99-09",
        ),
        Rule(
            id=ELIMINATION,
            title="Out of the hand",
            statement="A player whose turn comes with no playable card is out at once, keeping their four "
            "cards; play continues with whoever is left.",
            ruling="R-99-05",
        ),
        Rule(
            id=THRESHOLD,
            title="At exactly 99",
            statement="At 99 only a 2 or 9, a 10, a King and the Queen of Spades are playable.",
        ),
        Rule(id=THRESHOLD_PASS, title="Pass", statement="At 99 a 2 or a 9 passes: the Count stays at 99."),
        Rule(id=THRESHOLD_DROP, title="Drop", statement="At 99 a 10 drops the Count to 89."),
        Rule(id=THRESHOLD_KING, title="Hold", statement="At 99 a King holds the Count at 99."),
        Rule(
            id=DEATH_CARD,
            title="Death Card",
            statement="At 99, and only at 99, the Queen of Spades is the Death Card: it attacks the next "
            "player still in the hand. The Count stays at 99.",
        ),
        Rule(
            id=DEATH_CARD_DRAW,
            title="Attacker draws",
            statement="The attacker draws after playing the Death Card, even if blowback then "
            "knocks them out.",
            ruling="R-99-07",
        ),
        Rule(
            id=SHIELD,
            title="Shield",
            statement="The target must play the Ace of Diamonds if held (the only shield; no other card "
            "helps), then draws; the Count stays at 99 and play continues after the target.",
            ruling="R-99-07",
        ),
        Rule(
            id=NO_SHIELD,
            title="No shield",
            statement="A target without the Ace of Diamonds is out at once; play continues with the next "
            "live player after the target.",
        ),
        Rule(
            id=BLOWBACK,
            title="Blowback",
            statement="When the target shields, the attacker is out.",
            options=("shrunk_game_blowback",),
            ruling="R-99-06",
        ),
        Rule(
            id=TWO_PLAYERS,
            title="Two players",
            statement="In a game that started with two players there is no blowback: after a shield the "
            "attacker plays again.",
            options=("two_player_blowback",),
            ruling="R-99-06",
        ),
        Rule(
            id=WIN,
            title="Last player standing",
            statement="The last player standing wins the hand and a hit.",
        ),
        Rule(
            id=CLUBS_STEAL,
            title="Ace of Clubs steals",
            statement="At the end of the hand an eliminated player holding the Ace of Clubs steals the hit.",
            options=("clubs_slide",),
            ruling="R-99-08",
        ),
        Rule(
            id=CLUBS_SLIDE,
            title="The slide",
            statement="A hit slides down the clubs (K, Q, J, 10 ... 2) to whoever holds the next club, the "
            "winner included, while the chain is unbroken; the holder of the last club takes it.",
            options=("clubs_slide",),
            ruling="R-99-08",
        ),
        Rule(
            id=CLUBS_KEEP,
            title="Nobody holds the Ace of Clubs",
            statement="If nobody holds the Ace of Clubs the winner keeps the hit.",
        ),
        Rule(
            id=CLUBS_BONUS,
            title="Winner holds the Ace of Clubs",
            statement="A winner holding the Ace of Clubs keeps the winning hit and a bonus hit is "
            "created; it "
            "slides the same way from the King of Clubs (nobody has the King: the winner takes both).",
            options=("clubs_slide",),
            ruling="R-99-08",
        ),
        Rule(
            id=LOADING_DUTY,
            title="Loading Duty",
            statement="Named as part of the full rules.",
            not_adjudicated=_FULL_PDF,
        ),
        Rule(
            id=BONG_NOTE,
            title="A note on hitting the bong",
            statement="Named as part of the full rules.",
            not_adjudicated=_FULL_PDF + "; it is also etiquette outside the card play",
        ),
        Rule(
            id=FULL_RULES,
            title="Other parts of the full rules",
            statement="The document says the PDF has 'other cool stuff'.",
            not_adjudicated=_FULL_PDF,
        ),
        Rule(
            id=DEMO_TABLE,
            title="The demo table",
            statement="The demo seats 1 to 3 humans plus the house player Bud.",
            not_adjudicated="a limit of the web demo, not of the game (the full game is 2 to 8 players); "
            "who is human is not the service's concern",
        ),
    ],
)
