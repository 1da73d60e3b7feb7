"""The Dobon rule table: every rule of the document under a stable id.

Rulings taken where the document is silent carry the id of their entry in
``docs/rulings/dobon.md``; the parts of the page that are interface, not rules
(CPU levels, saving, controls) are listed as not adjudicated, with the reason.
"""

from __future__ import annotations

from ...kernel import Rule, RuleTable

_UI = "describes the web page's interface, not a rule of play"

RULES = RuleTable(
    "dobon",
    [
        Rule(id="dobon.deck", title="Deck", statement="A standard 52-card deck without jokers."),
        Rule(id="dobon.seats", title="Seats", statement="Two, three or four seats."),
        Rule(
            id="dobon.deal",
            title="Deal",
            statement="Sum-only deals four cards, Action cards five; one card is turned up to open the pile.",
            options=("hand_size",),
            ruling="R-DOBON-01",
        ),
        Rule(
            id="dobon.values",
            title="Card values",
            statement="A counts 1, number cards their number, J 11, Q 12, K 13, whatever a card's effect.",
        ),
        Rule(
            id="dobon.turn.match",
            title="Matching",
            statement="On an ordinary turn a seat plays one card of the active suit or of the top "
            "card's rank.",
        ),
        Rule(
            id="dobon.turn.order",
            title="Turn order",
            statement="Seat 0 plays first; turns pass in the current direction.",
            ruling="R-DOBON-02",
        ),
        Rule(
            id="dobon.draw",
            title="Drawing",
            statement="Instead of playing, a seat may draw. Sum-only: drawing one ends the turn. "
            "Action cards: the drawn card may be played if it fits, or the turn ended keeping it.",
            options=("drawing",),
            ruling="R-DOBON-08",
        ),
        Rule(
            id="dobon.draw.until_playable",
            title="Draw until playable",
            statement="With this option the seat keeps drawing until the latest card fits, then plays it or "
            "ends the turn; no other card of the hand may be played after drawing.",
            options=("drawing",),
        ),
        Rule(
            id="dobon.finish.final_card",
            title="Final card",
            statement="Without ordinary empty-hand wins the final card can never be an ordinary discard.",
            options=("empty_hand_wins",),
        ),
        Rule(
            id="dobon.finish.empty_hand",
            title="Empty-hand finish",
            statement="In Action cards a seat that plays its last card wins once the check is over, unless a "
            "claim beats it.",
            options=("empty_hand_wins",),
            ruling="R-DOBON-14",
        ),
        Rule(
            id="dobon.claim.total",
            title="Dobon claim",
            statement="A seat claims Dobon when its whole hand sums to the value of the top card; one card "
            "claims on a card of the same rank.",
        ),
        Rule(
            id="dobon.claim.whole_hand",
            title="Whole hand",
            statement="A claim always uses every card in the hand, never a part of it.",
            ruling="R-DOBON-05",
        ),
        Rule(
            id="dobon.claim.own_discard",
            title="Not on one's own discard",
            statement="Nobody claims on a card they put on top.",
        ),
        Rule(
            id="dobon.check",
            title="Checking step",
            statement="After the opening card, every fresh discard and every draw, ordinary play pauses and "
            "each eligible seat in turn claims or continues; passing ends that opportunity only.",
            ruling="R-DOBON-03",
        ),
        Rule(
            id="dobon.check.order",
            title="Checking order",
            statement="The check starts after the discarder in the current direction (after a jack: the new "
            "one); the opening card's check starts with seat 0.",
            ruling="R-DOBON-03",
        ),
        Rule(
            id="dobon.check.drawer",
            title="Drawer's check",
            statement="After each completed draw the drawer alone is checked against the top card, unless "
            "that card is the drawer's own discard.",
            ruling="R-DOBON-04",
        ),
        Rule(
            id="dobon.claim.returns",
            title="Returns",
            statement="With returns, the claimant lays the whole hand, chooses its top card, and the other "
            "seats are checked against it; the last successful claimant wins. Without, the first claim wins.",
            options=("returns",),
            ruling="R-DOBON-05",
        ),
        Rule(
            id="dobon.claim.returns.once",
            title="One claim per chain",
            statement="A seat that has claimed cannot claim again in the same return chain.",
            options=("returns",),
        ),
        Rule(
            id="dobon.two",
            title="Twos",
            statement="A two passes a drawing obligation to the next seat, who answers with a two or takes "
            "the cards. A claim in the check comes before the payment.",
            ruling="R-DOBON-13",
        ),
        Rule(
            id="dobon.two.growth",
            title="Growth of the obligation",
            statement="Sum-only doubles (2, 4, 8, 16); Action cards adds two (2, 4, 6, 8).",
            options=("two_growth",),
        ),
        Rule(
            id="dobon.two.take",
            title="Taking the cards",
            statement="Sum-only: the seat still has an ordinary turn after taking; Action cards: taking ends "
            "the turn.",
            options=("penalty_ends_turn",),
        ),
        Rule(
            id="dobon.eight",
            title="Eights",
            statement="Action cards: an eight may be played on any suit and its player chooses the next suit "
            "(or it keeps its printed suit, as an option); it cannot answer a pending two.",
            options=("eight",),
            ruling="R-DOBON-06",
        ),
        Rule(
            id="dobon.ace",
            title="Aces",
            statement="Action cards: an ace skips the next seat; with two seats the turn comes back.",
            options=("ace_skips",),
        ),
        Rule(
            id="dobon.jack",
            title="Jacks",
            statement="Action cards: a jack reverses the direction.",
            options=("jack_reverses",),
        ),
        Rule(
            id="dobon.queen.bundle",
            title="Bundled queens",
            statement="Action cards: several queens may be played at once; the first fits the discard, each "
            "appears once, the last laid is the top.",
            options=("queen_bundles",),
            ruling="R-DOBON-07",
        ),
        Rule(
            id="dobon.opening",
            title="Opening card",
            statement="The opening card can be claimed on; its check starts with seat 0.",
        ),
        Rule(
            id="dobon.opening.effects",
            title="Opening effects",
            statement="Sum-only: an opening two makes an obligation of two. Action cards: an opening special "
            "does nothing unless the option is on.",
            options=("opening_effects",),
            ruling="R-DOBON-09",
        ),
        Rule(
            id="dobon.stock.recycle",
            title="Empty stock",
            statement="When a card is needed and the stock is empty, the top discard stays and the rest is "
            "shuffled into a new stock.",
            ruling="R-DOBON-10",
        ),
        Rule(
            id="dobon.stock.exhausted",
            title="Nothing to recycle",
            statement="With nothing to recycle the round is drawn; no win is awarded.",
        ),
        Rule(
            id="dobon.round.action_limit",
            title="Action limit",
            statement="A round stops as a draw after 800 actions; no win is awarded.",
            ruling="R-DOBON-11",
        ),
        Rule(
            id="dobon.match",
            title="Match",
            statement="A match is 1, 3 or 5 rounds; a round win counts one; most wins lead, equal totals "
            "share the lead.",
            options=("match_rounds",),
        ),
        Rule(
            id="dobon.match.next_round",
            title="Next round",
            statement="The next round starts only when a seat asks for it.",
            ruling="R-DOBON-12",
        ),
        Rule(
            id="dobon.action.shape",
            title="Action shape",
            statement="Each action type takes only its own fields.",
        ),
        Rule(
            id="dobon.excluded.arithmetic",
            title="No other arithmetic",
            statement="Only the addition of the whole hand counts: no subsets, multiplication or division.",
            ruling="R-DOBON-15",
        ),
        Rule(
            id="dobon.excluded.interruption",
            title="No out-of-turn play",
            statement="There is no out-of-turn matching-rank interruption.",
            ruling="R-DOBON-15",
        ),
        Rule(
            id="dobon.excluded.deal_size",
            title="No deal-size changes",
            statement="Deal sizes do not change after losses.",
        ),
        Rule(
            id="dobon.excluded.last_card",
            title="No last-card announcement",
            statement="There is no penalty for forgetting a last-card announcement; no announcement exists.",
        ),
        Rule(
            id="dobon.strategy",
            title="Strategy",
            statement="Advice on managing the total and the suits and on using special cards.",
            not_adjudicated="advice to players, not a rule of play",
        ),
        Rule(
            id="dobon.house_rules",
            title="Regional forms",
            statement="Dobon has regional and household forms; players agree on the settings first.",
            not_adjudicated="an agreement between players; the service offers the settings as options",
        ),
        Rule(id="dobon.cpu", title="CPU opponents", statement="CPU levels.", not_adjudicated=_UI),
        Rule(
            id="dobon.local_mode",
            title="Local mode",
            statement="Passing one device and hiding hands.",
            not_adjudicated=_UI + "; the service hides hands through views",
        ),
        Rule(
            id="dobon.saving", title="Saving", statement="Saving the match on a device.", not_adjudicated=_UI
        ),
        Rule(
            id="dobon.controls",
            title="Controls",
            statement="Touch, mouse, keyboard, sound and language settings.",
            not_adjudicated=_UI,
        ),
    ],
)
