"""The words of a game, as its rules write them and as players ask: what the search matches on.

Both the rule text and a question are read into *terms*: lower-case stems of the words that
carry meaning, with card talk made uniform. A rank said as a word, a digit, a plural or an
abbreviation ("Queen", "queens", "Q"; "four", "4", "4s", "fours") is one term; a card named as
the game names it (``Game.card_name``: "Queen of Spades", "5 of Fire", "Shaman 1") or written in
notation ("QS", "SH1") adds a card term (``#QS``) beside its rank and suit terms. The ranks, suits
and card names come from the game's own declarations (its deck, ``suit_words``, ``card_name``),
so a game with other suits or cards needs no word list of its own.

A question is read further into *groups*, one per thing it asks about: a word or a player's
phrase ("worth", "face cards", "pick up", "miss a turn", "my own card") with the terms that
stand for it in rule text, each with a weight (1 for the word itself, less for a looser
synonym). ``PLAYER_PHRASES`` is the one table of such words, shared by every game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..kernel import RANK_WORDS, Game, Rank

#: Words that carry no meaning of their own in a rules question.
_STOP_TEXT = """
    a an the of and or to in on at for by with is are be do does did done doing what when how who
    which can may i you it its if then than that this as from my your me we our us they them their
    he she him her his hers theirs itself mine yours ours am was were been being so too very really
    just also still now there here about some should would could will shall has have had having
    happen someone somebody anyone anybody something get got gets getting why where whose whom like
    much many please tell explain mean meaning want know thing way ok okay yes hi hello thanks
    allowed allow legal other another else every each only not but into onto while s t d ll ve re m
    always because since though although ever already yet whether maybe perhaps usually sometimes
    often probably possible possibly supposed basically anyway during even rather best good
    ones make makes made dont doesnt isnt arent didnt wasnt cant wont im ive youre whats thats theres
    don doesn isn aren didn wasn let lets sort actually
    """
STOP = frozenset(_STOP_TEXT.split())

#: Number words as the digits rule statements use ("three sevens" finds "three 7s").
NUMBER_WORDS = {
    "zero": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "eleven": "11",
    "twelve": "12",
    "thirteen": "13",
    "fourteen": "14",
    "twenty": "20",
}
_PLURAL_NUMBERS = {"twos": "2", "threes": "3", "fours": "4", "fives": "5", "sixes": "6", "sevens": "7"}
_PLURAL_NUMBERS |= {"eights": "8", "nines": "9", "tens": "10"}
_ORDINALS = {"fourth": "4th"}
#: Irregular forms players and rules use.
IRREGULAR = {
    "drew": "draw",
    "drawn": "draw",
    "laid": "lay",
    "lain": "lay",
    "took": "take",
    "taken": "take",
    "won": "win",
    "dealt": "deal",
    "chose": "choose",
    "chosen": "choose",
    "held": "hold",
    "went": "go",
    "gone": "go",
    "threw": "throw",
    "thrown": "throw",
    "began": "begin",
    "begun": "begin",
    "said": "say",
    "lost": "lose",
    "ran": "run",
    "facing": "facing",
    "deuce": "2",
    "deuces": "2",
    "knave": "jack",
    "knaves": "jack",
    "people": "person",
    "children": "child",
}


def stem(word: str) -> str:
    """Light folding of a lower-case word: "shamans" "Shaman", "checked" "check", "7s" "7",
    "shuffled" and "shuffle" alike (a trailing e goes), "skipped" "skip"."""
    if word in IRREGULAR:
        found = IRREGULAR[word]
        return found if found == word else stem(found)
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    if word in _PLURAL_NUMBERS:
        return _PLURAL_NUMBERS[word]
    if word in _ORDINALS:
        return _ORDINALS[word]
    if word[:-1].isdigit() and word.endswith("s"):
        return word[:-1]
    if word.isdigit() or len(word) <= 2:
        return word
    base = word
    if len(base) > 5 and base.endswith("ing"):
        base = _undouble(base[:-3])
    elif len(base) >= 4 and base.endswith("ed") and not base.endswith("eed"):
        base = _undouble(base[:-2])
    elif len(base) > 3 and base.endswith("ies"):
        base = base[:-3] + "y"
    elif base.endswith("s") and not base.endswith(("ss", "us", "is")):
        base = base[:-1]
    if len(base) >= 3 and base.endswith("e") and not base.endswith("ee"):
        base = base[:-1]
    return base


def _undouble(base: str) -> str:
    """ "skipp" "skip"; "ll" only in longer words ("cancell" "cancel", but "call" stays)."""
    if (
        len(base) > 3
        and base[-1] == base[-2]
        and (base[-1] not in "lsz" or (base[-1] == "l" and len(base) >= 7))
    ):
        return base[:-1]
    return base


_WORD = re.compile(r"[A-Za-z0-9]+")
#: An uppercase "A" that is an Ace: next to another rank letter or "..", or before an Ace's value.
_ACE_AFTER = re.compile(r"\s*(?:\.\.|\)|(?:=\s*)?(?:1|11|14)\b|(?:is|counts)\s+1\b)")
_RANK_LETTERS = {"J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING}

#: Phrases read the same way in rule text and questions, each as one term: ``phrase => term``.
_SHARED_PHRASES = """
draw pile => stock
runs out => empty
run out => empty
out of turn => outofturn
out-of-turn => outofturn
twenty one => 21
twenty-one => 21
face value => number
same suit => samesuit
same suited => samesuit
one suit => samesuit
any number of => several
as one play => together
in one play => together
at once => together
itself => own
themselves => own
"""

#: Players' words and phrases -> the terms rule text uses for them, each with a weight (1 unless
#: given): a line each, ``said | said ... => term [weight], ...`` (a line ending in ``|`` goes on).
#: Phrases are matched as stems with determiners left out ("misses a turn" is "miss my turn"). A
#: one-word phrase also stands for itself ("worth": value and worth); a longer one only for what it
#: means ("pick up": draw, not "up").
_PLAYER_PHRASES = """
# what a card is worth
worth | count as | value of => value
how many points => value, point
at the end | end of the game | after the game | end of the hand => end, after 0.6
several | multiple | more than one | a few | lots of => several
point => value 0.6, score 0.6
keep score | score => score, point 0.6
face card | picture card | court card | faces => face, jack 0.6, queen 0.6, king 0.6
# whose card it is
my own discard | own discard | my discard => own, discard
my own card | own card | i played myself | played myself | i put down | i put on top |
    my own play => own, discard 0.6
myself | yourself | themselves | itself => own
# drawing and playing
pick up | take a card | pick a card | draw a card => draw, pick 0.8, take 0.8
take => draw 0.5
discard => discard, play 0.5
lay | put down | throw | chuck | put => play 0.8, lay 0.8
deck => deck, stock 0.6
is empty | empty | no cards left | none left | used up => empty
shuffle | reshuffle => shuffle, reshuffle
# turns
miss a turn | miss my turn | lose a turn | lose my turn | skipped => skip
reverse | change direction | switch direction | backwards | other way |
    the other way round => reverse, direction 0.8
which way | what direction | clockwise | anticlockwise | counterclockwise => direction, clockwise 0.8
not my turn | not your turn | isn't my turn | someone else's turn | jump in | any time | anytime |
    at any moment => outofturn, moment 0.5
go first | plays first | starts | who starts | start first => first, start 0.6
start | begin => start, begin 0.8, first 0.4
# "do I have to ...": what follows is the question.
have to | has to | need to | must | required | obliged | forced => must 0.6, force 0.5
turn over | turn ends | end my turn | end the turn => end, turn 0.5
follow => follow, match 0.8
follow suit | same suit or number | same suit or rank => match, follow, suit
match => match, follow 0.8
what can i play | which cards can i play | what cards can i play | what can be played | playable |
    legal to play | able to play => playable, match 0.8, follow 0.6
# people
how many people can play | how many players can play | how many can play | how many players |
    how many people | number of players | how many of us | how many seats => player, seat
player | person | opponent => player, seat 0.8
seat => seat, player 0.8
nobody | no one | noone => nobody, no 0.5
each player get | do we get | get dealt | start with | cards each => deal 0.8
# winning and losing
win | winner => win
go out | going out | empty my hand | get rid of all my cards => win 0.8, out 0.8
last card | final card | my last card => last, final, win 0.6
how many cards | number of cards | hand size | cards in my hand |
    cards in hand => card, hand 0.8, deal 0.5
knocked out | eliminated | am i out | dead | killed | die | dies |
    lose => out, eliminat 0.8, elimination 0.8
back => back, return 0.6
claim back | call back | dobon back | dabong back | counter claim | counterclaim |
    return => return, claim 0.5
call | shout | announce | declare | claim => claim, call 0.8, declare 0.6
say => say, announcement 0.6
# cancelling
stop | cancel | block | defend | defence | defense | counter | neutralise |
    neutralize => cancel, neutralization 0.8, defence 0.8, shield 0.6
save | protect => shield, defence 0.6
dont have | do not have | doesnt have | havent got | without | no => without, no
gets to | reaches | hits | is at | is on | lands on => reach, exactly 0.5
# arithmetic
add up | add | plus => add, addition 0.8, sum 0.7, total 0.7
sum | total => sum, total, add 0.7
multiply | times | multiplied => multiplication, arithmetic 0.6
divide => division, arithmetic 0.6
subtract | minus | take away => subtraction, subtract
# patterns of cards
in a row | run of | sequence | consecutive | run => consecutive, straight 0.8
at the same time | together | in one go | all at once => together
number => number, rank 0.6
rank => rank, number 0.6
all my cards | all my hand | whole hand | all of my cards | all | entire hand => whole, every 0.6
wild | crazy | any suit | change the suit | choose the suit | pick the suit |
    name the suit => crazy, choose 0.8, any 0.6
change => change, choose 0.6
swap | exchange | swap cards | trade => trade
twice | again | two times => again, once 0.6
first card turned up | card turned up | turned up | upcard | up card | starting card |
    first card => opening, turn 0.3
level | difficulty => level, beginner 0.5, intermediate 0.5, master 0.5
total so far | running total => count
more than | over => over, more 0.8
"""


def _table(text: str) -> list[tuple[tuple[str, ...], tuple[tuple[str, float], ...]]]:
    """The lines of a phrase table: (the phrases said, the weighted terms they stand for)."""
    rows = []
    # A line ending in "|" goes on on the next one.
    joined = re.sub(r"\|\s*\n\s*", "| ", text.strip())
    for line in joined.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        said, _, means = line.partition("=>")
        terms = []
        for item in means.split(","):
            term, _, weight = item.strip().partition(" ")
            terms.append((term, float(weight) if weight else 1.0))
        rows.append((tuple(p.strip() for p in said.split("|")), tuple(terms)))
    return rows


PLAYER_PHRASES = _table(_PLAYER_PHRASES)
SHARED_PHRASES = [(said[0], means[0][0]) for said, means in _table(_SHARED_PHRASES)]


@dataclass(frozen=True, slots=True)
class Group:
    """One thing a question asks about: its words as said and the terms that stand for them,
    weighted (the strongest first)."""

    words: str
    terms: tuple[tuple[str, float], ...]
    #: A word the game knows (a card, rank, suit, number or player's phrase) even where no rule
    #: uses it; an unknown word makes a question less likely to be about the game's rules.
    known: bool


@dataclass(frozen=True, slots=True)
class _Word:
    said: str
    stem: str
    #: Terms a word in notation adds ("QS": ``queen``, ``spad``).
    extra: tuple[str, ...] = ()
    #: A word that says nothing on its own ("does", "what"): kept only for phrases.
    stop: bool = False


#: Words of nearly every rule and question ("can I play", "which cards"): they count for less.
_LIGHT = {stem(w): 0.5 for w in ("play", "card", "game")}
#: Words of any card table, known to every game even where its rules do not use them.
_TABLE_TEXT = """
    game round match hand card deck pile table player turn suit rank value point score win lose draw
    deal dealer shuffle rule move go discard top bottom pass pick seat number count play
    """
TABLE_WORDS = frozenset(stem(w) for w in _TABLE_TEXT.split())
#: Other forms of the longer stop words ("happens", "makes").
_STOP_STEMS = frozenset(stem(w) for w in STOP if len(w) > 3)
_DETERMINER_TEXT = "a an the my your their his her its our this that these those some"
_DETERMINERS = frozenset(_DETERMINER_TEXT.split())
#: How much a card's rank and its suit stand for the card asked about.
_CARD_RANK = 0.8
_CARD_SUIT = 0.5
#: Words kept for phrases that need them ("my own card", "I put down") though stop words alone.
_PHRASE_ONLY = frozenset(["my", "i"])


class Vocabulary:
    """How one game's rule text and questions become terms; built from the game's declarations
    (its deck, ``suit_words`` and ``card_name``) and the shared tables above."""

    def __init__(self, game: Game[Any] | None = None) -> None:
        #: Notation -> (rank term, suit term) for the game's cards ("QS": queen, spad; "SH1": shaman).
        self._notation: dict[str, tuple[str, ...]] = {}
        #: A card's name as the game says it, as stems ("queen of spade") -> notation.
        self._names: dict[tuple[str, ...], str] = {}
        self._known: set[str] = {*map(_rank_term, Rank), *TABLE_WORDS}
        self._game_words: set[str] = set()
        if game is not None:
            self._learn(game)
        phrases: list[tuple[tuple[str, ...], tuple[tuple[str, float], ...], bool]] = []
        for said, means in PLAYER_PHRASES:
            terms = tuple((_plain(t)[0], w) for t, w in means)
            phrases.extend((_plain(p), terms, True) for p in said)
            self._known.update(t for t, _ in terms)
        for said_shared, term in SHARED_PHRASES:
            phrases.append((_plain(said_shared), ((term, 1.0),), False))
            self._known.add(term)
        # Longest phrase first, so "my own card" wins over "own card" and "card".
        phrases.sort(key=lambda item: -len(item[0]))
        self._phrases = [p for p in phrases if p[0]]
        self._shared = [(_plain(p), t) for p, t in SHARED_PHRASES]

    def _learn(self, game: Game[Any]) -> None:
        for card in game.deck.cards:
            notation = game.deck.text_of[card]
            terms: list[str] = []
            if card.rank is not None:
                terms.append(_rank_term(card.rank))
            if card.suit is not None:
                suit = _plain(game.suit_words.get(card.suit, card.suit.value))
                terms.extend(suit)
                self._known.update(suit)
            if card.shaman:
                terms.append("shaman")
            self._notation[notation] = tuple(terms)
            self._names[_plain(game.card_name(card), keep_of=True)] = notation
            self._known.update(_plain(game.card_name(card)))
        for word in (game.name, game.title):
            self._game_words.update(stem(w.lower()) for w in _WORD.findall(word))

    # -- reading text ----------------------------------------------------------------------------
    def _words(self, text: str, *, notation: bool = True) -> list[_Word]:
        out: list[_Word] = []
        text = text.replace("'", "").replace("\u2019", "")
        for match in _WORD.finditer(text):
            word = match.group()
            if word in self._notation and len(word) >= 2 and word != word.lower():
                out.append(
                    _Word(word, f"#{word}", self._notation[word])
                    if notation
                    else _Word(word, word, stop=True)
                )
            elif word in _RANK_LETTERS:
                out.append(_Word(word, _rank_term(_RANK_LETTERS[word])))
            elif word == "A" and _is_ace(text, match):
                out.append(_Word(word, _rank_term(Rank.ACE)))
            else:
                lower = word.lower()
                found = stem(lower)
                stop = lower in STOP or found in _STOP_STEMS or lower in _DETERMINERS
                out.append(_Word(word, found, stop=stop))
        return out

    def _card_spans(self, stems: Sequence[str]) -> list[tuple[int, int, str]]:
        """(start, end, notation) of each card named in words, as ``card_name`` names it."""
        spans = []
        i = 0
        while i < len(stems):
            for length in (3, 2):
                notation = self._names.get(tuple(stems[i : i + length]))
                if notation is not None:
                    spans.append((i, i + length, notation))
                    i += length - 1
                    break
            i += 1
        return spans

    def doc_terms(self, text: str, *, notation: bool = True) -> list[str]:
        """The terms of rule text (a title, a statement, an example's note). Without ``notation``,
        cards in notation are left out (an example's note lists the hands it deals)."""
        words = self._words(text, notation=notation)
        stems = [w.stem for w in words]
        out: list[str] = []
        for i, word in enumerate(words):
            if not word.stop:
                out.append(word.stem)
                out.extend(word.extra)
            for phrase, term in self._shared:
                if tuple(stems[i : i + len(phrase)]) == phrase:
                    out.append(term)
        out.extend(f"#{n}" for _, _, n in self._card_spans(stems))
        return out

    def groups(self, question: str) -> list[Group]:
        """What a question asks about: one group per card, player's phrase or remaining word."""
        words = self._words(self._drop_game_name(question))
        stems = [w.stem for w in words]
        groups: list[Group] = []
        taken: set[int] = set()
        for start, end, notation in self._card_spans(stems):
            terms = self._card_terms(notation)
            groups.append(Group(words=_said(words[start:end]), terms=terms, known=True))
            taken.update(range(start, end))
        # Phrases are matched with determiners left out: "miss a turn", "miss my turn".
        kept = [
            i for i, s in enumerate(stems) if i not in taken and (s not in _DETERMINERS or s in _PHRASE_ONLY)
        ]
        seq = [stems[i] for i in kept]
        j = 0
        while j < len(seq):
            found = next((p for p in self._phrases if tuple(seq[j : j + len(p[0])]) == p[0]), None)
            if found is None:
                j += 1
                continue
            phrase, means, literal = found
            span = [kept[k] for k in range(j, j + len(phrase))]
            if any(k in taken for k in span):
                j += 1
                continue
            # A one-word phrase is also itself ("worth": value, worth); a longer one only what it
            # means ("pick up": draw, not "up").
            own = [(phrase[0], 1.0)] if literal and len(phrase) == 1 and phrase[0] not in STOP else []
            extra = [(t, 0.5) for k in span for t in words[k].extra]
            said = _said(words[span[0] : span[-1] + 1])
            groups.append(Group(words=said, terms=_merge([*means, *own, *extra]), known=True))
            taken.update(span)
            j += len(phrase)
        for i, word in enumerate(words):
            if i in taken or word.stop:
                continue
            if word.stem.startswith("#"):
                groups.append(Group(words=word.said, terms=self._card_terms(word.stem[1:]), known=True))
                continue
            light = _LIGHT.get(word.stem, 0.5 if word.stem in self._game_words else 1.0)
            terms = ((word.stem, light),)
            known = word.stem in self._known or word.stem.isdigit() or word.stem.startswith("#")
            groups.append(Group(words=word.said, terms=_merge(terms), known=known))
        return groups

    def _card_terms(self, notation: str) -> tuple[tuple[str, float], ...]:
        """A card asked about: the card itself; a rule on its rank (all Kings) nearly as well; one
        on its suit less (a Shaman: the Shaman rule)."""
        rank, *suit = self._notation.get(notation, ("",))
        return _merge([(f"#{notation}", 1.0), (rank, _CARD_RANK), *((t, _CARD_SUIT) for t in suit)])

    def _drop_game_name(self, question: str) -> str:
        """ "in 99", "playing dobon" at the end of a question: the game asked about is no term."""
        if not self._game_words:
            return question
        names = "|".join(re.escape(w) for w in sorted(self._game_words, key=len, reverse=True))
        pattern = rf"\b(?:in|of|playing|for)\s+(?:{names})!?(?=\W*$)"
        return re.sub(pattern, " ", question, flags=re.IGNORECASE)


def _said(words: Sequence[_Word]) -> str:
    return " ".join(w.said for w in words)


def _rank_term(rank: Rank) -> str:
    return stem(RANK_WORDS[rank].lower()) if rank in RANK_WORDS else rank.value


def _plain(text: str, *, keep_of: bool = False) -> tuple[str, ...]:
    """A phrase as the stems it is matched on (determiners left out; "of" kept when asked)."""
    words = [w.lower() for w in _WORD.findall(text.replace("'", ""))]
    return tuple(stem(w) for w in words if keep_of or w not in _DETERMINERS or w in _PHRASE_ONLY)


def _is_ace(text: str, match: re.Match[str]) -> bool:
    """Is this uppercase "A" an Ace ("A is 1", "A 14", "(A..K)", "Q, K, A)") or the article?"""
    before = text[: match.start()].rstrip()
    if before.endswith(("..", "K,", "Q,", "J,", "(")):
        return True
    return bool(_ACE_AFTER.match(text, match.end()))


def _merge(terms: Iterable[tuple[str, float]]) -> tuple[tuple[str, float], ...]:
    best: dict[str, float] = {}
    for term, weight in terms:
        if term:
            best[term] = max(best.get(term, 0.0), weight)
    return tuple(sorted(best.items(), key=lambda kv: -kv[1]))
