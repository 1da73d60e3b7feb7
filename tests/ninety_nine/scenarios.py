"""The rule document's rules and worked situations as data, played through the HTTP API.

Each scenario rigs a deal (``hands`` dealt one card at a time from seat 0, then ``draw``
on top of the draw pile), applies ``plays`` in order and checks ``expect`` on the final
state; ``illegal`` lists (seat, card, reason code) that must then be refused.
They double as API examples: ``deal`` body, then one ``apply`` per play.
"""

from __future__ import annotations

from typing import Any

#: Cards that can never be played at 99 (no 2, 9, 10, King or Queen of Spades).
DEAD_AT_99 = ("3", "4", "5", "6", "7", "8", "J", "A")

SCENARIOS: list[dict[str, Any]] = [
    {
        "name": "count_starts_at_zero_play_one_card_then_draw_one",
        "rule": "99.turn",
        "says": "The Count starts at zero; a turn plays one card, adds its value and draws one card.",
        "hands": [["5H", "3C", "4C", "6C"], ["7H", "8H", "3S", "4S"]],
        "draw": ["QH"],
        "plays": [[0, "5H"]],
        "expect": {"count": 5, "turn": 1, "hand_0": ["3C", "4C", "6C", "QH"], "play_pile": ["5H"]},
    },
    {
        "name": "play_moves_clockwise_and_stays_clockwise",
        "rule": "99.direction",
        "says": "Play moves clockwise (the next higher seat) and stays clockwise; seat 0 plays first.",
        "hands": [["AH", "2H", "3H", "4H"], ["AS", "2S", "3S", "4S"], ["AC", "2C", "3C", "4C"]],
        "plays": [[0, "AH"], [1, "AS"], [2, "AC"], [0, "2H"]],
        "expect": {"count": 5, "turn": 1, "hand_sizes": 4, "play_pile": ["AH", "AS", "AC", "2H"]},
        "illegal": [[2, "2C", "not_your_turn"]],
    },
    {
        "name": "values_ace_one_numbers_face_jack_queen_ten",
        "rule": "99.values",
        "says": "Ace 1, 2 through 10 face value, Jack and Queen 10.",
        "hands": [["AH", "JH", "7C", "3C"], ["10D", "QD", "4S", "5S"]],
        "plays": [[0, "AH"], [1, "10D"], [0, "JH"], [1, "QD"], [0, "7C"]],
        "expect": {"count": 38, "turn": 1},
    },
    {
        "name": "king_sets_the_count_to_99",
        "rule": "99.king",
        "says": "Kings do not add to the Count, they replace it with 99.",
        "hands": [["4D", "3C", "5C", "6C"], ["KD", "7H", "8H", "2S"]],
        "draw": ["2D"],
        "plays": [[0, "4D"], [1, "KD"]],
        "expect": {"count": 99, "turn": 0, "reasons": ["king_sets_99"]},
    },
    {
        "name": "king_at_99_keeps_it_at_99",
        "rule": "99.threshold.king",
        "says": "If the Count is already 99, a King keeps it at 99.",
        "hands": [["KH", "2C", "5C", "6C"], ["KD", "7H", "8H", "2S"]],
        "plays": [[0, "KH"], [1, "KD"]],
        "expect": {"count": 99, "turn": 0, "reasons": ["king_holds_99"]},
    },
    {
        "name": "two_or_nine_at_99_passes",
        "rule": "99.threshold.pass",
        "says": "At exactly 99 a 2 or a 9 is a pass: the Count stays at 99.",
        "hands": [["KH", "9D", "5C", "6C"], ["2S", "7H", "8H", "9S"]],
        "plays": [[0, "KH"], [1, "2S"], [0, "9D"]],
        "expect": {"count": 99, "turn": 1, "reasons": ["pass_at_99"]},
    },
    {
        "name": "ten_at_99_drops_to_89",
        "rule": "99.threshold.drop",
        "says": "At exactly 99 a 10 drops the Count to 89.",
        "hands": [["KH", "9D", "5C", "6C"], ["10S", "7H", "8H", "9S"]],
        "plays": [[0, "KH"], [1, "10S"]],
        "expect": {"count": 89, "turn": 0, "reasons": ["drop_to_89"]},
    },
    {
        "name": "special_cards_below_99_are_just_numbers",
        "rule": "99.values",
        "says": "Below 99 everything but a King is just a number, the special cards included.",
        "hands": [["9S", "QS", "5C", "6C"], ["10D", "2H", "8H", "7S"]],
        "plays": [[0, "9S"], [1, "10D"], [0, "QS"], [1, "2H"]],
        "expect": {"count": 31, "turn": 0, "eliminated": [], "no_effect": "DeathCardPlayed"},
    },
    {
        "name": "forced_play_a_card_over_99_cannot_be_played",
        "rule": "99.forced_play",
        "says": "If you can play a card you must; you choose among the playable ones.",
        "hands": [["KH", "5C", "3C", "4C"], ["10D", "6H", "2H", "JH"]],
        "plays": [[0, "KH"], [1, "10D"], [0, "5C"]],
        "draw": ["3D", "4D", "5D"],
        "expect": {"count": 94, "turn": 1, "legal_cards": ["2H", "4D"]},
        "illegal": [[1, "6H", "over_99"], [1, "JH", "over_99"], [0, "3C", "not_your_turn"]],
    },
    {
        "name": "at_99_only_the_threshold_cards_are_playable",
        "rule": "99.threshold",
        "says": "At exactly 99 only a 2 or 9, a 10, a King and the Queen of Spades can be played.",
        "hands": [["KH", "5C", "3C", "4C"], ["10D", "JH", "2H", "QD"]],
        "plays": [[0, "KH"]],
        "expect": {"count": 99, "turn": 1, "legal_cards": ["10D", "2H"]},
        "illegal": [[1, "JH", "not_playable_at_99"], [1, "QD", "not_playable_at_99"]],
    },
    {
        "name": "no_playable_card_you_are_out_keeping_your_cards",
        "rule": "99.elimination",
        "says": "If every card would take the Count over 99 you are out, keep your cards; play goes on.",
        "hands": [["KH", "5C", "3C", "4C"], ["JD", "6H", "7H", "8H"], ["2S", "3S", "4S", "5S"]],
        "plays": [[0, "KH"]],
        "expect": {"count": 99, "turn": 2, "eliminated": [1], "hand_sizes": 4, "effect": "PlayerEliminated"},
        "illegal": [[1, "JD", "seat_out"]],
    },
    {
        "name": "death_card_target_without_the_shield_is_out_at_once",
        "rule": "99.death_card.no_shield",
        "says": "Without the Ace of Diamonds the target is out at once; the Count stays 99.",
        "hands": [["KH", "5C", "3C", "2C"], ["2H", "6H", "7H", "8H"], ["QS", "3S", "4S", "5S"]],
        "draw": ["3D", "9D", "4D"],
        "plays": [[0, "KH"], [1, "2H"], [2, "QS"]],
        "expect": {"count": 99, "turn": 1, "eliminated": [0], "hand_sizes": 4, "effect": "DeathCardPlayed"},
    },
    {
        "name": "death_card_shield_knocks_the_attacker_out",
        "rule": "99.death_card.blowback",
        "says": "The target plays the Ace of Diamonds and the attacker is out; the target draws; play "
        "continues with the next surviving player.",
        "hands": [["KH", "5C", "3C", "2C"], ["QS", "6H", "7H", "8H"], ["AD", "3S", "4S", "9S"]],
        "plays": [[0, "KH"], [1, "QS"], [2, "AD"]],
        "expect": {"count": 99, "turn": 0, "eliminated": [1], "hand_sizes": 4, "effect": "DeathCardShielded"},
    },
    {
        "name": "death_card_the_target_must_shield",
        "rule": "99.death_card.shield",
        "says": "The target must play the Ace of Diamonds: no other card can save them.",
        "hands": [["KH", "5C", "3C", "2C"], ["QS", "6H", "7H", "8H"], ["AD", "3S", "4S", "9S"]],
        "plays": [[0, "KH"], [1, "QS"]],
        "expect": {"count": 99, "turn": 2, "status": "death_card", "legal_cards": ["AD"]},
        "illegal": [[2, "9S", "must_shield"], [0, "2C", "not_your_turn"]],
    },
    {
        "name": "two_players_no_blowback_the_attacker_plays_again",
        "rule": "99.death_card.two_players",
        "says": "Two players: the shielded Death Card kills nobody; the Count stays 99; your turn again.",
        "hands": [["KH", "QS", "3C", "2C"], ["2H", "AD", "7H", "8H"]],
        "plays": [[0, "KH"], [1, "2H"], [0, "QS"], [1, "AD"]],
        "expect": {"count": 99, "turn": 0, "eliminated": [], "hand_sizes": 4},
    },
    {
        "name": "two_players_death_card_without_shield_wins",
        "rule": "99.death_card.two_players",
        "says": "Two players: no shield, the opponent is out and the Death Card lived up to its name.",
        "hands": [["KH", "QS", "3C", "2C"], ["2H", "5D", "7H", "8H"]],
        "draw": ["3D", "4D"],
        "plays": [[0, "KH"], [1, "2H"], [0, "QS"]],
        "expect": {"status": "over", "winner": 0, "hits": [["win", 0, []]]},
    },
    {
        "name": "last_player_standing_wins_nobody_holds_the_ace_of_clubs",
        "rule": "99.clubs.keep",
        "says": "The last one standing wins the hit; with nobody holding the Ace of Clubs, they keep it.",
        "hands": [["KH", "5C", "3C", "4C"], ["JD", "6H", "7H", "8H"], ["3S", "4S", "5S", "6S"]],
        "draw": ["2D"],
        "plays": [[0, "KH"]],
        "expect": {"status": "over", "winner": 0, "eliminated": [1, 2], "hits": [["win", 0, []]]},
    },
    {
        "name": "ace_of_clubs_steals_and_the_hit_slides_down_the_unbroken_chain",
        "rule": "99.clubs.slide",
        "says": "An eliminated Ace of Clubs steals the hit; it slides K, Q ... to whoever holds the next "
        "club, the winner included; the chain breaks where nobody holds the next club.",
        "hands": [["KH", "KC", "3H", "4H"], ["AC", "6H", "7H", "8H"], ["QC", "4S", "5S", "6S"]],
        "draw": ["2D"],
        "plays": [[0, "KH"]],
        "expect": {
            "status": "over",
            "winner": 0,
            "hits": [["win", 2, ["AC", "KC", "QC"]]],
            "effect": "HitStolen",
        },
    },
    {
        "name": "ace_of_clubs_steals_and_keeps_when_nobody_holds_the_king",
        "rule": "99.clubs.steal",
        "says": "If nobody holds the next club in line the slide stops: the Ace holder keeps it.",
        "hands": [["KH", "QC", "3H", "4H"], ["AC", "6H", "7H", "8H"], ["JC", "4S", "5S", "6S"]],
        "draw": ["2D"],
        "plays": [[0, "KH"]],
        "expect": {"status": "over", "winner": 0, "hits": [["win", 1, ["AC"]]]},
    },
    {
        "name": "winner_holds_the_ace_of_clubs_a_bonus_hit_slides_from_the_king",
        "rule": "99.clubs.bonus",
        "says": "A winner holding the Ace of Clubs keeps the hit and a bonus hit slides from the King.",
        "hands": [["KH", "AC", "KC", "4H"], ["QC", "6H", "7H", "8H"], ["JC", "4S", "5S", "6S"]],
        "draw": ["2D"],
        "plays": [[0, "KH"]],
        "expect": {
            "status": "over",
            "winner": 0,
            "hits": [["win", 0, []], ["bonus", 2, ["AC", "KC", "QC", "JC"]]],
            "effect": "BonusHitCreated",
        },
    },
    {
        "name": "winner_holds_the_ace_of_clubs_and_nobody_the_king_takes_both_hits",
        "rule": "99.clubs.bonus",
        "says": "If nobody has the King of Clubs, the winner takes both hits.",
        "hands": [["KH", "AC", "3H", "4H"], ["QC", "6H", "7H", "8H"], ["JC", "4S", "5S", "6S"]],
        "draw": ["2D"],
        "plays": [[0, "KH"]],
        "expect": {"status": "over", "winner": 0, "hits": [["win", 0, []], ["bonus", 0, ["AC"]]]},
    },
]
