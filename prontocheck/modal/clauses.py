"""Reading the statements of a conditional/modal inference item (Holliday, Mandelkern & Zhang 2024).

:func:`parse_statements` reads the statements of ONE item together (premises and conclusion, as
the question wrapper cut them), so that a pronoun resolves to a subject mentioned earlier in the
item. Each statement becomes a modal formula of :mod:`prontocheck.logic.modal`: a plain statement is a
:class:`~prontocheck.logic.modal.Fact`; *might*/*may* is ◇, *must* is □, *probably*/*likely* is Pr, *if … ,
(then) …* is ⇒ (its consequent may carry a modal or be a conditional), and *and*/*or*/*not* are the
connectives.

>>> [str(f) for f in parse_statements(["If Mary was at the wedding, then Sue must have been at the wedding",
...                                    "It's not the case that Sue must have been at the wedding"])]
['at_wedding(Mary) ⇒ □at_wedding(Sue)', '¬□at_wedding(Sue)']
>>> [str(f) for f in parse_statements(["The envelope might be upstairs and under a bed"])]
['◇(upstairs(the_envelope) ∧ under_bed(the_envelope))']
>>> [str(f) for f in parse_statements(["Either the flugel must be zargled or it is blimmed"])]
['□zargled(the_flugel) ∨ blimmed(the_flugel)']

**Atoms.** A clause "subject verb-phrase" is the atom *predicate(constant)*, as in
:mod:`prontocheck.modal.transform`: the predicate is the verb phrase's words joined with ``_``, without a
leading *be* and without articles (``at_wedding``, ``mystery_novel``, ``play_tennis``); the constant is a
name as written (``Mary``; several words joined with ``_``) or a description with its article
(``the envelope`` → ``the_envelope``, so it never meets a name; "a bomb goes off": ``go_off(a_bomb)``).

**Tense and aspect are not kept**: the forms of one verb are one atom. The copula (*is, was, were, are,
be, been*, after *will, must, might, has, had*) is dropped, so "Sue was at the wedding" and "Sue must have
been at the wedding" share ``at_wedding(Sue)``; a participle after the copula is kept as written (the
passive "the flugel was blimmed" is ``blimmed(the_flugel)``). An active verb is named by its base form:
as written after *did, will, must, might* ("did not play tennis": ``play_tennis``), a past form or
a participle after *have* or *had (not)* reduced to it (:func:`base_form`: "played" → *play*, "bimmed" → *bim*,
"zargled" → *zargle*, "baked" → *bake*; the common irregular verbs by a table: "hid", "hidden" → *hide*), and a
present tense after the subject too (:func:`present_base`: "the check bounces" → *bounce*, "Amy plays tennis" → *play*).

**Ellipsis.** A conjunct without its verb is read with the first conjunct's verb distributed ("delivered today
or tomorrow", "buy a car or a motorcycle"); a noun phrase after a conjunct that ends in a preposition and a
noun phrase of the same kind (names, or the same article) takes the preposition ("on Monday or Tuesday",
"travel to Kenya or Peru", "in the car or the garage"). A bare conjunct after a verb and its complement may be
the verb's second complement or a verb of its own ("study biology or chemistry", "eat apples or sleep"): the
item's other statements choose (the conclusion "Sarah might study chemistry"); with none, a conjunct whose
second word starts a complement is a verb phrase ("or watch a movie"), and any other is refused.

**Pronouns.** *it*, *they* refer to the one earlier subject that is a description (*it* never to a plural one,
"the streets"; *they* to a plural one when there is one); *he*, *she* to the one earlier name, or with no name to
the one earlier description ("If the baby cried, then she …"). With several,
a pronoun in a clause that repeats an earlier statement's clause word for word refers as that one did (the
conclusion "If the car is in the garage and the garage is flooding, then it is safe" after the premise "If the
car is in the garage, then it is safe"). An *it* with no subject before it is the expletive constant ``it``
("it's raining") when no description was mentioned before it at all, and an *it* said of what an earlier
expletive was said of is the expletive again ("If it rained, …", then "It did not rain").

**What is refused, with a reason** (:class:`~prontocheck.errors.UnparseableSentence`, position and one line):
an ellipsis that neither rule resolves ("at the wedding and a quank": *be* a quank, or *at* one?; "at the party
or Sue"); a verb inside a phrase after the copula ("at the door and mary played tennis"); an attitude verb
or a *that*-clause inside a verb phrase ("believes that …"); text before the subject ("According to a survey,
…", "Also, …"); a pronoun with no antecedent, or with several and no repeated clause to choose by, or an *it*
after an object's description only ("If I water the fern, then it will grow": the fern, or the weather?);
*and* mixed with *or* without *either*; a negation over a coordinated verb phrase; a modal in an antecedent
or under *it might be that*; a conditional under *likely*; a present-tense or past form after the subject
followed by another verb form ("the car keys fell", "the old sports car crashed", "the old painted fence fell":
where the subject ends is unclear); after a third-person subject, a word that is no verb form the reader knows
("Jeff strode home": not one atom with "did not stride home"; "the students leave": a plural present); a
possessive or quantified subject ("Jenna's car broke down", "Nobody came").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from prontocheck.errors import UnparseableSentence
from prontocheck.logic.formulas import And, Atom, Const, Formula, Not, Or
from prontocheck.logic.modal import (
    MODAL_TYPES,
    Conditional,
    Fact,
    Might,
    ModalFormula,
    Must,
    Probably,
    map_atoms,
    statement_and,
    statement_not,
    statement_of,
    statement_or,
)

Node = Formula | ModalFormula

_CONTRACTIONS = {
    "it's": ("it", "is"), "isn't": ("is", "not"), "aren't": ("are", "not"), "wasn't": ("was", "not"),
    "weren't": ("were", "not"), "didn't": ("did", "not"), "doesn't": ("does", "not"), "don't": ("do", "not"),
    "won't": ("will", "not"), "hasn't": ("has", "not"), "hadn't": ("had", "not"), "haven't": ("have", "not"),
    "we'll": ("we", "will"), "i'll": ("I", "will"), "you'll": ("you", "will"), "we're": ("we", "are"),
    "you're": ("you", "are"), "i'm": ("I", "am"), "we've": ("we", "have"), "i've": ("I", "have"),
    "you've": ("you", "have"), "we'd": ("we", "would"), "i'd": ("I", "would"),
}
PERSONS = frozenset({"i", "we", "you"})
"""First- and second-person subjects: each a constant of its own (``I``, ``we``, ``you``), the same throughout an
item; a present-tense verb after one is its base form ("if we go")."""
COPULA = frozenset("is are was were be been am".split())
"""The copula's forms: dropped from the predicate, so every tense of it is one atom."""
HAVE = frozenset("has have had".split())
DO = frozenset("did does do".split())
PRONOUNS = {"it": "description", "they": "description", "he": "name", "she": "name"}
"""Subject pronouns and the kind of subject each refers to."""
ARTICLES = frozenset({"a", "an", "the"})
ATTITUDE = frozenset(
    "believes believe believed thinks think thought knows know knew says say said hopes hope hoped doubts "
    "doubt doubted suspects suspect suspected claims claim claimed".split())
"""Attitude verbs: a statement about a belief is outside the fragment (refused, never a predicate)."""
ELLIPTIC_STARTS = ARTICLES | frozenset(
    "next last soon later today tomorrow yesterday tonight his her their its my your our in on at under over by "
    "for from with to into onto near behind upstairs downstairs".split())
"""Words that cannot start a coordinated verb phrase: a conjunct starting with one lacks its verb."""
STRUCTURAL = COPULA | HAVE | DO | frozenset(
    "might may must will would could should can not and or if then either that probably likely case "
    "it they he she".split())
"""Words that are never part of a predicate."""
_IRREGULAR = {
    "struck": "strike", "went": "go", "gone": "go", "bought": "buy", "made": "make", "took": "take",
    "taken": "take", "came": "come", "saw": "see", "seen": "see", "gave": "give", "given": "give",
    "got": "get",
    "won": "win", "lost": "lose", "left": "leave", "ran": "run", "wrote": "write", "written": "write",
    "ate": "eat", "eaten": "eat", "did": "do", "done": "do", "had": "have", "has": "have", "found": "find",
    "read": "read",
    "sold": "sell", "told": "tell", "met": "meet", "kept": "keep", "slept": "sleep", "drove": "drive",
    "driven": "drive", "flew": "fly", "flown": "fly", "swam": "swim", "sang": "sing", "sung": "sing",
    "taught": "teach", "brought": "bring", "caught": "catch", "fell": "fall", "fallen": "fall",
    # the other common irregular verbs whose past or participle differs from the base form (a few that are
    # mostly nouns or adjectives are left out: "ground", "wound", "drunk", "bound")
    "hid": "hide", "hidden": "hide", "stole": "steal", "stolen": "steal", "broke": "break", "broken": "break",
    "chose": "choose", "chosen": "choose", "froze": "freeze", "frozen": "freeze", "woke": "wake", "woken": "wake",
    "forgot": "forget", "forgotten": "forget", "gotten": "get", "rode": "ride", "ridden": "ride", "bit": "bite",
    "bitten": "bite", "beaten": "beat", "shook": "shake", "shaken": "shake", "rose": "rise", "spoke": "speak",
    "spoken": "speak", "shot": "shoot", "felt": "feel",
    "risen": "rise", "threw": "throw", "thrown": "throw", "grew": "grow", "grown": "grow", "showed": "show",
    "shown": "show", "blew": "blow", "blown": "blow", "drew": "draw", "drawn": "draw", "wore": "wear",
    "worn": "wear", "tore": "tear", "torn": "tear", "began": "begin", "begun": "begin", "drank": "drink",
    "sank": "sink", "sunk": "sink", "rang": "ring", "rung": "ring", "became": "become", "held": "hold",
    "stood": "stand", "understood": "understand", "sat": "sit", "fled": "flee", "paid": "pay", "laid": "lay",
    "heard": "hear", "hung": "hang", "stuck": "stick", "dug": "dig", "spun": "spin", "swung": "swing",
    "wept": "weep", "swept": "sweep", "crept": "creep", "built": "build", "sent": "send", "spent": "spend",
    "lent": "lend", "bent": "bend", "meant": "mean", "dealt": "deal", "fought": "fight", "sought": "seek",
    "fed": "feed", "led": "lead", "lit": "light", "slid": "slide", "forgave": "forgive", "forgiven": "forgive",
    "mistook": "mistake", "mistaken": "mistake", "overcame": "overcome", "withdrew": "withdraw",
    "withdrawn": "withdraw", "swore": "swear", "sworn": "swear", "shone": "shine"
}
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'\-]*|,")
"""A word (a number is one: "at 2 PM" is not "at 3 PM") or a comma."""


@dataclass(frozen=True, slots=True)
class Word:
    """A word (or comma) of a statement and its 0-based offset."""

    text: str
    pos: int

    @property
    def low(self) -> str:
        return self.text.lower()


def base_form(verb: str) -> str:
    """The base form of a past tense or participle (regular *-ed* forms by rule, a few irregular by table).

    >>> [base_form(v) for v in ["played", "studied", "bimmed", "zargled", "visited", "struck", "play"]]
    ['play', 'study', 'bim', 'zargle', 'visit', 'strike', 'play']
    """
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if not _is_past(verb):
        return verb
    stem = verb[:-2]
    if stem.endswith("i"):
        return stem[:-1] + "y"
    if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in "aeioulsfz":
        return stem[:-1]
    if re.search(r"[^aeiou]l$|[cvz]$|[^aeiou]u$", stem) and not stem.endswith(("ll", "zz")):
        return stem + "e"
    if stem.endswith("e"):  # agreed, freed
        return stem
    if re.fullmatch(r"[^aeiou]+[aeiou][^aeiouwxy]", stem) or re.search(r"[^aeiou]at$", stem):
        return stem + "e"  # baked, hoped, timed (hopped, stopped: doubled); operated, created
    return stem


def present_base(verb: str) -> str:
    """The base form of a present-tense verb after a singular subject ("bounces", "goes", "wozzles").

    >>> [present_base(v) for v in ["bounces", "fails", "goes", "watches", "flies", "dies", "wozzles", "has"]]
    ['bounce', 'fail', 'go', 'watch', 'fly', 'die', 'wozzle', 'have']
    """
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zzes", "oes")):
        return verb[:-2]
    return verb[:-1]


def _adverb(word: str) -> bool:
    """An adverb before a participle ("well received", "recently painted")."""
    return word.endswith("ly") or word in ("well", "already", "just", "never", "once", "newly", "freshly")


def _is_past(word: str) -> bool:
    return (len(word) > 4 and word.endswith("ed")) or word in _IRREGULAR


@dataclass(slots=True)
class _Mention:
    statement: int
    pos: int
    kind: str  # "name", "description", "object" (a description inside a verb phrase) or a pronoun
    constant: str
    clause: str = ""  # for a pronoun: its clause's words, from the pronoun on


@dataclass(slots=True)
class _Reader:
    """A recursive-descent reader of one statement (the item's mentions are shared between statements)."""

    text: str
    words: list[Word]
    index: int
    mentions: list[_Mention]
    derived: set[str]
    ambiguous: dict[str, _Choice]
    at: int = 0
    subjects: list[str] = field(default_factory=list)
    present: bool = False
    """Whether the verb phrase being read is in the present tense (its later conjuncts are too)."""
    finite_at: int = -1
    """Where the current clause's subject ends: a verb there has no auxiliary before it (it is finite)."""
    person: bool = False
    """Whether the current clause's subject is *I*, *we*, *you* or *they* (whose present tense is the base form)."""

    # ---------------------------------------------------------------- tokens
    def peek(self, k: int = 0) -> Word | None:
        return self.words[self.at + k] if self.at + k < len(self.words) else None

    def low(self, k: int = 0) -> str:
        w = self.peek(k)
        return w.low if w else ""

    def take(self, *expected: str) -> Word:
        w = self.peek()
        if w is None:
            last = self.words[-1].text if self.words else ""
            raise self.error(f"the sentence ends after {last!r}", len(self.text))
        if expected and w.low not in expected:
            raise self.error(f"unexpected word {w.text!r}", w.pos)
        self.at += 1
        return w

    def accept(self, *expected: str) -> Word | None:
        return self.take() if self.low() in expected and self.peek() is not None else None

    def error(self, reason: str, pos: int | None = None) -> UnparseableSentence:
        if pos is None:
            w = self.peek()
            pos = w.pos if w else len(self.text)
        return UnparseableSentence(self.text, reason, pos=pos)

    # ---------------------------------------------------------------- statements
    def statement(self) -> Node:
        comma = next((w for w in self.words if w.text == ","), None)
        if comma is not None and self.low() not in ("if", "it", "either", "probably"):
            raise self.error(f"text before the statement's subject ({self.text[:comma.pos]!r}) is outside "
                             "the fragment", 0)
        result = self.top()
        if self.peek() is not None:
            raise self.error(f"unexpected word {self.peek().text!r}")  # type: ignore[union-attr]
        return result

    def top(self) -> Node:
        if self.low() == "if":
            return self.conditional()
        return self.coordination()

    def conditional(self) -> Node:
        self.take("if")
        if self.low() == "if":
            raise self.error("a conditional as antecedent ('if if …') is outside the fragment")
        start = self.peek()
        antecedent = self.coordination()
        if isinstance(antecedent, MODAL_TYPES) and not isinstance(antecedent, Fact):
            raise self.error("a modal in the antecedent of a conditional is outside the fragment",
                             start.pos if start else None)
        self.take(",")
        self.accept("then")
        consequent = self.top()
        return Conditional(_proposition_of(antecedent), _consequent(consequent))

    def coordination(self) -> Node:
        either = self.accept("either")
        parts = [self.unit()]
        conj: str | None = None
        while self.low() in ("and", "or"):
            w = self.take()
            if conj is not None and w.low != conj:
                raise self.error("'and' and 'or' mixed without 'either' (the grouping is ambiguous)", w.pos)
            conj = w.low
            parts.append(self.unit())
        if either is not None and conj != "or":
            raise self.error("'either' without 'or'", either.pos)
        if conj is None:
            return parts[0]
        return statement_and(parts) if conj == "and" else statement_or(parts)

    def unit(self) -> Node:
        """A clause, or a clause-level operator ("it is not the case that", "it might be that", "probably")."""
        if self.low() == "it" and self.low(1) == "is" and self.low(2) == "not" and self.low(3) == "the" \
                and self.low(4) == "case" and self.low(5) == "that":
            self.at += 6
            return statement_not(self.top())
        if self.low() == "it" and self.low(1) in ("might", "may", "must") and self.low(2) == "be" \
                and self.low(3) == "that":
            op = self.take().low and self.take().low
            self.at += 2
            start = self.peek()
            inner = self.coordination()
            if isinstance(inner, MODAL_TYPES) and not isinstance(inner, Fact):
                raise self.error(f"a modal under 'it {op} be that' is outside the fragment",
                                 start.pos if start else None)
            return (Must if op == "must" else Might)(_proposition_of(inner))
        if self.low() == "it" and self.low(1) == "is" and self.low(2) in ("likely", "probable"):
            self.at += 3
            self.accept("that")
            self.accept(",")
            if self.low() == "if":
                raise self.error("a conditional under 'likely' is outside the fragment (Pr takes a proposition)")
            start = self.peek()
            inner = self.coordination()
            if isinstance(inner, MODAL_TYPES) and not isinstance(inner, Fact):
                raise self.error("a modal under 'it is likely that' is outside the fragment",
                                 start.pos if start else None)
            return Probably(_proposition_of(inner))
        if self.low() == "probably":
            self.take()
            self.accept(",")
            inner = self.clause()
            return Probably(_proposition_of(inner))
        return self.clause()

    # ---------------------------------------------------------------- clauses
    def subject(self) -> str:
        w = self.peek()
        if w is None:
            raise self.error("the sentence ends where a subject was expected")
        if self.low(1) == ",":
            raise self.error(f"text before the statement's subject ({w.text!r}…) is outside the fragment", w.pos)
        if w.low in PERSONS:
            self.take()
            return "I" if w.low == "i" else w.low
        if w.low in PRONOUNS:
            self.take()
            constant = f"?{w.low}@{self.index}:{w.pos}"
            self.mentions.append(_Mention(self.index, w.pos, w.low, constant))
            return constant
        if w.low in ARTICLES:  # "the envelope"; "a bomb" (goes off): the article is kept in the constant
            self.take()
            parts = [self.take().text]
            if parts[0] in STRUCTURAL or parts[0] == ",":
                raise self.error(f"unexpected word {parts[0]!r} after {w.low!r}", w.pos)
            # (a description ends before a preposition or a number: "the temperature rose above 30 degrees" is
            # not the subject "the temperature rose above 30" of "degrees")
            while (n := self.peek()) is not None and not self._verb_start(0) and n.low not in STRUCTURAL \
                    and n.text != "," and not self._present_verb(0) and n.low not in _PREPOSITIONS \
                    and not n.text[0].isdigit():
                parts.append(self.take().text)
            constant = f"{w.low}_" + "_".join(parts)
            self.mentions.append(_Mention(self.index, w.pos, "description", constant))
            return constant
        if w.low in QUANTIFIERS:
            raise self.error(f"a quantified subject ({w.text!r} …) is outside the fragment", w.pos)
        if w.low.endswith("'s") or w.low.endswith("s'"):
            raise self.error(f"a possessive subject ({w.text!r} …) is outside the fragment", w.pos)
        if w.text[0].isupper() and w.low not in STRUCTURAL:
            parts = [self.take().text]
            while (n := self.peek()) is not None and n.text[0].isupper():
                parts.append(self.take().text)
            constant = "_".join(parts)
            self.mentions.append(_Mention(self.index, w.pos, "name", constant))
            return constant
        raise self.error(f"unexpected word {w.text!r} where a subject was expected", w.pos)

    def _present_verb(self, k: int) -> bool:
        """Whether the word at offset ``k`` (after a subject's first word) is a present-tense verb ("the power
        fails", "a bomb goes off"), not a plural noun of the subject (an auxiliary follows it: "the chocolate
        cookies are"; "the car keys fell" is refused, as "the chef cooks baked beans" would be misread).
        """
        nxt = self.low(k + 1)
        return _present(self.low(k)) and not (nxt in COPULA or nxt in HAVE or nxt in DO or nxt in AUXILIARIES)

    def _verb_start(self, k: int) -> bool:
        low = self.low(k)
        return low in COPULA or low in HAVE or low in DO or low in ("might", "may", "must", "will", "likely",
                                                                    "probably") or _is_past(low)

    def clause(self) -> Node:
        start = self.at
        subject = self.subject()
        self.finite_at = self.at
        self.person = subject in ("I", "we", "you") or subject.startswith("?they@")
        mention = self.mentions[-1] if subject.startswith("?") else None
        make: Callable[[Formula], Node] = Fact
        negated = False
        w = self.peek()
        if w is None:
            raise self.error("the sentence ends after the subject")
        if w.low in ("most", "more") and self.low(1) == "likely":
            raise self.error(f"'{w.low} likely' is outside the fragment", w.pos)
        if w.low in ("likely", "probably") and self.low(1) == "will":  # "X likely will …"
            self.take()
            make = Probably
        low = self.low()
        if low in ("might", "may", "must"):
            self.take()
            make = Must if low == "must" else Might
        elif low == "will":
            self.take()
            if make is Fact and self.low() in ("probably", "likely"):
                self.take()
                make = Probably
        elif low in ("could", "would", "should", "can"):
            raise self.error(f"the modal {low!r} is outside the fragment")
        if self.accept("not"):
            negated = True
        if make is Fact and low not in ("will",) and self.low() in ("probably", "likely") and self.low(1) != "to":
            self.take()
            make = Probably
        activity, aux_negated = self.verb_phrase()
        if mention is not None:
            mention.clause = " ".join(w.low for w in self.words[start:self.at])
        if aux_negated and negated:
            raise self.error("two negations in one clause are outside the fragment", w.pos)
        negated = negated or aux_negated
        prop = _apply(activity, subject)
        if negated:
            if isinstance(prop, And | Or):
                raise self.error("a negation over a coordinated verb phrase is ambiguous", w.pos)
            prop = Not(prop)
        return make(prop)

    def verb_phrase(self) -> tuple[Activity, bool]:
        """The verb group after the subject (and its modal): auxiliaries, then one or more coordinated phrases;
        and whether an auxiliary was negated ("was not", "did not", "has not been").
        """
        negated = False
        low = self.low()
        if low in HAVE and (self.low(1) == "not" or _is_past(self.low(1)) or self.low(1) in COPULA):
            self.take()
            negated = self.accept("not") is not None
        elif low in DO:
            self.take()
            if not self.accept("not"):
                raise self.error(f"{low!r} without 'not' is outside the fragment")
            return self.coordinated(lambda: self.phrase(base=True)), True
        if self.low() in COPULA:
            self.take()
            negated = (self.accept("not") is not None) != negated
            if self.low() in ("likely", "probable", "certain") or self.low() in COPULA:
                raise self.error(f"unexpected word {self.peek().text!r}")  # type: ignore[union-attr]
            return self.coordinated(lambda: self.phrase(copular=True), copular=True), negated
        if negated and not _is_past(self.low()):  # "had not flooded the road" is the perfect, "has not a car" not
            raise self.error("a negated 'have' without a participle is outside the fragment")
        return self.coordinated(lambda: self.phrase(base=True)), negated

    def coordinated(self, one: Callable[[], tuple[str, Word]], copular: bool = False) -> Activity:
        self.present = False
        first, first_word = one()
        first_end = self.at
        preds = [first]
        conj: str | None = None
        while self.low() in ("and", "or") and not self._clause_follows(1):
            w = self.take()
            if conj is not None and w.low != conj:
                raise self.error("'and' and 'or' mixed in a verb phrase (the grouping is ambiguous)", w.pos)
            conj = w.low
            nxt = self.peek()
            if nxt is None:
                raise self.error(f"the sentence ends after {w.text!r}", len(self.text))
            shared = self._preposition_distributed(first, self._conjunct(first_word, first_end), copular)
            if shared is not None:
                preds.append(shared)
                continue
            elliptic = nxt.low in ELLIPTIC_STARTS and not (copular and nxt.low not in ARTICLES
                                                          and not _is_past(first_word.low))
            if elliptic or copular and _is_past(first_word.low) and nxt.low not in COPULA and not _is_past(nxt.low) \
                    and not nxt.low.endswith("ing") and not self._object_follows(1):
                preds.append(self._distributed(first, first_word, nxt))
                continue
            if nxt.text[0].isupper():  # (not a new clause: that was looked for before the conjunction was taken)
                raise self.error(f"ellipsis: {nxt.text!r} continues a phrase without its verb or preposition "
                                 "(write it again)", nxt.pos)
            if nxt.low in COPULA:
                self.take()
                pred, _ = self.phrase(copular=True)
            elif copular and _is_past(nxt.low) and self._takes_object(0):
                # "must have been in the garage and needed repairs": a past form with an object after a copular
                # phrase is a verb of its own (the perfect's "have" is shared, "been" is not); a verb that also
                # takes an object in the passive ("was praised and given a prize") could be either: refused.
                if nxt.low in _DITRANSITIVE:
                    raise self.error(f"{nxt.text!r} after a copular phrase may be passive or active (write the "
                                     "auxiliary again)", nxt.pos)
                pred, _ = self.phrase()
            else:
                start = self.at
                pred, head = one()
                if not copular and len(self._conjunct(first_word, first_end)) > 1 and head.low != first_word.low \
                        and not _is_past(head.low) and not head.low.endswith("ing"):
                    # "study biology or chemistry", "eat apples or sleep": the verb's second object, or a verb of
                    # its own? The item's other statements decide (see parse_statements).
                    rest = self.words[start:self.at]
                    phrase = len(rest) > 1 and rest[1].low in ARTICLES | _PREPOSITIONS | _POSSESSIVES
                    choice = _Choice(pred, _predicate([first.split("_", 1)[0], *(w.text for w in rest)]), head,
                                     self.index, phrase)
                    pred = f"?or{len(self.ambiguous)}"
                    self.ambiguous[pred] = choice
            preds.append(pred)
        return Activity(tuple(preds), conj, self.at)

    def _conjunct(self, head: Word, end: int) -> list[Word]:
        """The words of a conjunct read before: from its head to the word offset ``end``."""
        return [w for w in self.words[:end] if w.pos >= head.pos]

    def _preposition_distributed(self, first: str, conjunct: list[Word], copular: bool) -> str | None:
        """A conjunct that is only a noun phrase after one that ends in a preposition and a noun phrase of the same
        kind (names, or the same article): the preposition, and the words before it, distributed over it ("on
        Thursday or Friday", "travel to Kenya or Peru", "in the car or the garage"). None when this does not
        apply (the conjunct is left to the other rules): "at the wedding and a quank" may be "be a quank".
        """
        where = [i for i, w in enumerate(conjunct) if w.low in _PREPOSITIONS and (copular or i > 0)]
        if not where:
            return None
        np1 = conjunct[where[-1] + 1:]
        np2: list[Word] = []
        k = 0
        while (w := self.peek(k)) is not None and w.low not in ("and", "or", "then", ",", "if"):
            np2.append(w)
            k += 1
        kind = _noun_phrase_kind(np1)
        if kind is None or kind != _noun_phrase_kind(np2):
            return None
        tokens = first.split("_")
        old = [w.text for w in np1 if w.low not in ARTICLES]
        if tokens[-len(old):] != old:
            return None
        self.at += k
        return "_".join([*tokens[:-len(old)], *(w.text for w in np2 if w.low not in ARTICLES)])

    def _distributed(self, first: str, head: Word, start: Word) -> str:
        """A conjunct without its verb ("delivered today or tomorrow", "buy a car or a motorcycle"): read with the
        first conjunct's verb distributed over it, when that conjunct is headed by a verb and this one is only its
        complement (no verb of its own); otherwise refused as an ellipsis the fragment does not resolve.
        """
        words = []
        while (w := self.peek()) is not None and w.low not in ("and", "or", "then", ",", "if"):
            words.append(w)
            self.take()
        # (A word that may be a verb of its own, "a bomb goes off", makes the conjunct a clause, not a complement.)
        if not self._verb_like(head) or not words or any(w.low in STRUCTURAL or w.low in COPULA or _is_past(w.low)
                                               or _present(w.low) or w.text[0].isupper() for w in words):
            raise self.error(f"ellipsis: {start.text!r} continues a phrase without its verb (write the verb again)",
                             start.pos)
        return _predicate([first.split("_", 1)[0], *(w.text for w in words)])

    def _verb_like(self, head: Word) -> bool:
        """Whether a phrase's head is a verb (a base form after an auxiliary, a past form), not a preposition or an
        adjective after the copula.
        """
        return head.low not in _BEFORE_NAME and head.low not in ELLIPTIC_STARTS and (
            _is_past(head.low) or not self._copular_head(head))

    def _copular_head(self, head: Word) -> bool:
        before = [w for w in self.words if w.pos < head.pos]
        return bool(before) and before[-1].low in COPULA

    def _takes_object(self, k: int) -> bool:
        """Whether the verb at offset ``k`` has an object after it (an article or a word that is not a preposition
        or a time word): "had a red cover", "needed repairs", not "signed for", "delivered today".
        """
        after = self.peek(k + 1)
        return after is not None and (after.low in ARTICLES or after.low not in _BEFORE_NAME | _TIME_WORDS | {
            "and", "or", ",", "then", "if", "today", "tomorrow", "yesterday", "out", "up", "down", "off", "away"})

    def _object_follows(self, k: int) -> bool:
        """Whether the word at offset ``k`` has more words of its phrase after it (a verb and its object,
        "feature a famous band"), not a lone word ("tomorrow").
        """
        after = self.peek(k + 1)
        return after is not None and after.low not in ("and", "or", ",", "then", "if") \
            and self.low(k) not in _TIME_WORDS

    def _clause_follows(self, k: int) -> bool:
        """Whether a new clause starts after the conjunction at offset ``k - 1`` (a subject, then a verb)."""
        w = self.peek(k)
        if w is None:
            return False
        if w.low in PRONOUNS or w.low in ("either", "if") or (w.low == "it" and self.low(k + 1) == "is"):
            return True
        j = k + 2 if w.low in ARTICLES else k + 1
        if w.low not in ARTICLES and not w.text[0].isupper():
            return False
        while self.peek(j) is not None and not self._verb_start(j) and self.low(j) not in STRUCTURAL \
                and not self._present_verb(j):
            j += 1
        return self.peek(j) is not None and (self._verb_start(j) or self._present_verb(j))

    def phrase(self, *, base: bool = False, copular: bool = False) -> tuple[str, Word]:
        """One verb phrase: words up to a conjunction, a comma or the end."""
        words: list[Word] = []
        finite = self.at == self.finite_at
        while (w := self.peek()) is not None and w.low not in ("and", "or", "then", ",", "if"):
            if w.low in ("that",) or w.low in ATTITUDE:
                raise self.error(f"an attitude verb or a 'that'-clause ({w.text!r}) is outside the fragment", w.pos)
            if not words and w.low in HAVE and (_is_past(self.low(1)) or self.low(1) in COPULA):
                self.take()  # the perfect: "(and) have had a red cover"
                continue
            if not words and w.low in COPULA:
                self.take()
                copular = True
                continue
            if w.low in STRUCTURAL and w.low not in HAVE | DO \
                    and not (w.low == "be" and words and words[-1].low == "to"):
                raise self.error(f"unexpected word {w.text!r}", w.pos)
            words.append(self.take())
        if not words:
            raise self.error("a verb phrase was expected")
        head = words[0]
        if head.text[0].isupper():
            raise self.error(f"unexpected word {head.text!r} where a verb phrase was expected", head.pos)
        for before, w in zip(words, words[1:]):
            # A name inside the phrase is an object ("visit Mars") or follows a preposition or an article ("written
            # by James", "in New York", "beat the Lakers"); after another word it would be a name or a clause folded
            # into the predicate ("at the wedding Sue").
            if w.text[0].isupper() and before is not head and not before.text[0].isupper() \
                    and before.low not in _BEFORE_NAME and not before.text[0].isdigit():
                raise self.error(f"the name {w.text!r} after {before.text!r} inside a verb phrase (a name or a clause "
                                 "run into it?)", w.pos)
        texts = [w.text for w in words]
        for article, noun in zip(words, words[1:]):  # descriptions inside the phrase: what an "it" could mean
            if article.low == "the":
                self.mentions.append(_Mention(self.index, article.pos, "object", f"the_{noun.text}"))
        if copular:
            for before, w in zip(words, words[1:]):
                if _is_past(w.low) and w.low not in _IRREGULAR and before.low not in ARTICLES \
                        and not (before is head and _adverb(head.low)):
                    raise self.error(f"the verb {w.text!r} inside a phrase after the copula (a clause run into it?)",
                                     w.pos)
            return _predicate(texts), head
        if head.low in COPULA:
            return _predicate(texts[1:] or texts), head
        if finite and not self.person and not (_is_past(head.low) or _present(head.low) or head.low in HAVE):
            raise self.error(f"{head.text!r} after the subject is not a verb form the reader knows (a past form, a "
                             "present in -s, or an irregular verb of its table)", head.pos)
        if finite and (head.low in _PREPOSITIONS or head.low in ARTICLES or head.text[0].isdigit()):
            raise self.error(f"a verb was expected after the subject, not {head.text!r} (a verb the reader does not "
                             "know, taken into the subject?)", head.pos)
        if not base and not _is_past(head.low):
            raise self.error(f"{head.text!r}: a verb form outside the fragment (a past tense, or a base form "
                             "after an auxiliary)", head.pos)
        if base and _present(head.low) and (self.present or finite):
            # A present tense after the subject ("the check bounces", "Amy plays tennis"), or a verb coordinated
            # with one ("quanks and wozzles"): its base form, the atom of its other tenses. Another verb form
            # after it, not in a noun phrase ("the old sports car crashed"), means the subject was cut short.
            if any(_is_past(w.low) or _present(w.low) for before, w in zip(words, words[1:])
                   if before.low not in ARTICLES):
                raise self.error(f"{head.text!r}: a present-tense verb, or a word of the subject, followed by "
                                 "another verb form (the subject's end is unclear)", head.pos)
            self.present = True
            return _predicate([present_base(head.low), *texts[1:]]), head
        if _is_past(head.low):
            if finite and any(_is_past(w.low) for before, w in zip(words, words[1:]) if before.low not in ARTICLES):
                raise self.error(f"{head.text!r}: a past form, or a word of the subject, followed by another past "
                                 "form (the subject's end is unclear)", head.pos)  # "the old painted fence fell"
            self.derived.add(base_form(head.low))
        return _predicate([base_form(head.low), *texts[1:]]), head


@dataclass(frozen=True, slots=True)
class _Choice:
    """A conjunct after a verb and its complement that may be a verb phrase of its own or the verb's second
    complement ("study biology or chemistry"): the two predicates, where it starts, and its statement.
    """

    own: str
    shared: str
    word: Word
    statement: int
    phrase: bool
    """Whether the conjunct's second word starts a complement ("watch a movie", "go to the lecture"): a verb phrase
    of its own, unless the item says otherwise."""


@dataclass(frozen=True, slots=True)
class Activity:
    """One predicate or several joined by *and* / *or* (the subject distributes over them)."""

    predicates: tuple[str, ...]
    conj: str | None
    end: int = field(compare=False)


QUANTIFIERS = frozenset("someone somebody something everyone everybody everything nobody nothing anyone anybody "
                        "anything no none every each all some any many most few several both neither".split())
"""Subjects that quantify ("Nobody came"): never a name, refused."""
AUXILIARIES = frozenset("might may must will likely probably".split())
"""Modal and auxiliary words that follow a subject (besides the copula, *have* and *do*)."""
_TIME_WORDS = frozenset("next last this soon later early before after".split())
_BEFORE_NAME = frozenset("the a an by to in at on with from for of near into onto about over under behind beside "
                         "between through toward towards like than as against without across around past after "
                         "before inside outside".split())
"""Words a name may follow inside a verb phrase (besides the verb itself and another capitalised word)."""
_DITRANSITIVE = frozenset("given sent shown told offered handed paid promised taught asked awarded granted lent "
                          "brought bought sold owed served".split())
"""Participles that take an object in the passive too ("was given a prize")."""


_PREPOSITIONS = _BEFORE_NAME - ARTICLES - {"than", "as", "like"}
_POSSESSIVES = frozenset("his her their its my your our".split())


def _noun_phrase_kind(words: list[Word]) -> str | None:
    """``name`` for a name ("Friday", "New York"), the article for an article and nouns ("the garage"), else None
    (a word that may be a verb, a pronoun or a structural word: not a bare noun phrase).
    """
    if words and all(w.text[0].isupper() for w in words) and words[0].low not in STRUCTURAL:
        return "name"
    if len(words) > 1 and words[0].low in ARTICLES and not any(
            w.text[0].isupper() or w.low in STRUCTURAL or w.low in ARTICLES or _is_past(w.low) or _present(w.low)
            or w.low in _PREPOSITIONS for w in words[1:]):
        return words[0].low
    return None


def _present(word: str) -> bool:
    """A present-tense form after a subject ("bounces", "wozzles"): read as a verb, and refused."""
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))


def _predicate(words: list[str]) -> str:
    if len(words) > 1 and words[0].lower() in ("be", "been"):
        words = words[1:]
    kept = [w for w in words if w.lower() not in ARTICLES] or words
    return "_".join(kept)


def _apply(activity: Activity, subject: str) -> Formula:
    atoms = tuple(Atom(p, (Const(subject),)) for p in activity.predicates)
    if activity.conj is None:
        return atoms[0]
    return And(atoms) if activity.conj == "and" else Or(atoms)


def _proposition_of(node: Node) -> Formula:
    if isinstance(node, Fact):
        return node.operand
    if isinstance(node, MODAL_TYPES):
        raise ValueError(f"not a proposition: {node}")
    return node  # type: ignore[return-value]


def _consequent(node: Node) -> Formula | ModalFormula:
    return node.operand if isinstance(node, Fact) else node


def _words(text: str) -> list[Word]:
    out: list[Word] = []
    for m in _WORD.finditer(text):
        low = m.group().lower()
        if low in _CONTRACTIONS:
            out.extend(Word(part, m.start()) for part in _CONTRACTIONS[low])
        else:
            out.append(Word(m.group(), m.start()))
    return out


_PUNCTUATION = re.compile(r"[^\w\s',\-]")


def _prepare(text: str) -> tuple[str, list[Word]]:
    text = text.replace("’", "'").rstrip()
    if text.endswith("."):
        text = text[:-1]
    if (m := _PUNCTUATION.search(text)) is not None:
        raise UnparseableSentence(text, f"unexpected character {m.group()!r}", pos=m.start())
    words = _words(text)
    if not words:
        raise UnparseableSentence(text, "the sentence is empty", pos=0)
    first = words[0]
    if first.low in STRUCTURAL or first.low in ("the", "either", "if", "it", "probably"):
        words[0] = Word(first.low, first.pos)
    return text, words


def parse_statements(texts: Sequence[str]) -> tuple[ModalFormula, ...]:
    """Read the statements of one item (premises and conclusion, in order) into modal formulas.

    A pronoun (*it*, *they*: a description; *he*, *she*: a name) refers to the one subject of its kind
    mentioned before it in the item; with none, or more than one, the statement is refused.

    Raises:
        UnparseableSentence: a statement outside the fragment; ``sentence`` is that statement's text and
            ``pos`` the offset in it, ``reason`` one line.

    >>> [str(f) for f in parse_statements(["If the match is struck, then it will light"])]
    ['struck(the_match) ⇒ light(the_match)']
    >>> [str(f) for f in parse_statements(["Amy played tennis", "Amy did not play tennis"])]
    ['play_tennis(Amy)', '¬play_tennis(Amy)']
    >>> [str(f) for f in parse_statements(["The package might be delivered today or tomorrow"])]
    ['◇(delivered_today(the_package) ∨ delivered_tomorrow(the_package))']
    >>> parse_statements(["Mary believes that Sue was at the wedding"])
    Traceback (most recent call last):
    ...
    prontocheck.errors.UnparseableSentence: cannot parse 'Mary believes that Sue was at the wedding' \
at column 6: an attitude verb or a 'that'-clause ('believes') is outside the fragment
    """
    mentions: list[_Mention] = []
    derived: set[str] = set()
    ambiguous: dict[str, _Choice] = {}
    read: list[tuple[str, Node]] = []
    for index, raw in enumerate(texts):
        text, words = _prepare(raw)
        read.append((text, _Reader(text, words, index, mentions, derived, ambiguous).statement()))
    said: dict[str, set[str]] = {}  # each pronoun's predicates
    for _, node in read:
        for atom in _atoms(node):
            for arg in atom.args:
                said.setdefault(arg.name, set()).add(atom.predicate)
    names = _resolve(mentions, [t for t, _ in read], said)
    chosen = _choose(ambiguous, [node for _, node in read], names, [t for t, _ in read])
    heads = {a.predicate.split("_")[0] for _, node in read for a in _atoms(node)}
    # A base form recovered from a past tense without its final e ("exercised" → exercis) is the item's
    # base form with it ("did not exercise"), so that the two forms of the verb are one atom.
    verbs = {h: h + "e" for h in derived if h + "e" in heads}
    # The other way round: a base form recovered with an e ("sproked" → sproke) is the item's base form without it
    # ("did not sprok"); and a past form the reader kept ("have contained", the auxiliary left out by a
    # coordination) is its base form where the item has that ("must have contained" → contain).
    for head in heads - verbs.keys():
        if head in derived and head.endswith("e") and head[:-1] in heads:
            verbs[head] = head[:-1]
        elif head.endswith("ed") and head not in derived:
            base = base_form(head)
            found = [b for b in (base, base[:-1] if base.endswith("e") else base + "e") if b != head and b in heads]
            if found:
                verbs[head] = found[0]

    def rename(atom: Atom) -> Atom:
        head, *rest = chosen.get(atom.predicate, atom.predicate).split("_")
        return Atom("_".join([verbs.get(head, head), *rest]),
                    tuple(Const(names.get(a.name, a.name)) for a in atom.args))

    return tuple(statement_of(map_atoms(node, rename)) for _, node in read)


def _atoms(node: Node) -> list[Atom]:
    out: list[Atom] = []

    def keep(atom: Atom) -> Atom:
        out.append(atom)
        return atom

    map_atoms(node, keep)
    return out


def _choose(ambiguous: dict[str, _Choice], nodes: list[Node], names: dict[str, str],
            texts: list[str]) -> dict[str, str]:
    """Each ambiguous conjunct's predicate: the reading that another atom of the item, about the same subject, has
    ("Sarah might study biology or chemistry" before "Sarah might study chemistry": the verb's second object);
    with none, a verb phrase of its own when a complement follows its first word ("or watch a movie"); else
    refused ("order pizza or pasta" alone).
    """
    if not ambiguous:
        return {}
    atoms = [a for node in nodes for a in _atoms(node)]

    def about(atom: Atom) -> tuple[str, ...]:
        return tuple(names.get(c.name, c.name) for c in atom.args)

    known = {(a.predicate, about(a)) for a in atoms if a.predicate not in ambiguous}
    out: dict[str, str] = {}
    for placeholder, c in ambiguous.items():
        subject = next((about(a) for a in atoms if a.predicate == placeholder), ())
        found = [p for p in (c.own, c.shared) if (p, subject) in known]
        if not found and c.phrase:
            found = [c.own]
        if len(found) != 1:
            raise UnparseableSentence(texts[c.statement], f"{c.word.text!r} may start a verb phrase of its own "
                                      f"({c.own}) or continue the verb before it ({c.shared}), and no other "
                                      "statement of the item tells which (write the verb again)", pos=c.word.pos)
        out[placeholder] = found[0]
    return out


def _plural(constant: str) -> bool:
    """Whether a description looks plural (its last word ends in -s: "the_keys", not "the_bus", "the_glass")."""
    return constant.startswith(("the_", "a_")) and _present(constant.rsplit("_", 1)[-1].lower())


def _resolve(mentions: list[_Mention], texts: list[str], said: dict[str, set[str]] | None = None) -> dict[str, str]:
    """Each pronoun's constant: the one earlier subject of its kind (*he*, *she*: a name, or with no name the one
    earlier description, "the baby … she"); among several, the referent of the same pronoun in an earlier
    statement's identical clause (a conclusion repeating a premise's "then it is safe"); an *it* with no subject
    before it is the expletive ("it's raining", and again after that) unless a description was mentioned before it
    (refused: "if I water the fern, then it will grow" is about the fern, not the weather).
    """
    out: dict[str, str] = {}
    for m in mentions:
        if m.kind not in PRONOUNS:
            continue
        wanted = PRONOUNS[m.kind]

        def before(kind: str, m: _Mention = m) -> list[str]:
            return list(dict.fromkeys(c.constant for c in mentions
                                      if c.kind == kind and (c.statement, c.pos) < (m.statement, m.pos)))

        candidates = before(wanted)
        if not candidates and wanted == "name":
            candidates = before("description")
        if m.kind == "it":  # "it" is not "the streets"; "they" is "the keys" rather than "the drawer"
            candidates = [c for c in candidates if not _plural(c)]
        elif m.kind == "they" and any(_plural(c) for c in candidates):
            candidates = [c for c in candidates if _plural(c)]
        if m.kind == "it" and said is not None and any(
                out.get(p.constant) == "it" and said.get(p.constant, set()) & said.get(m.constant, set())
                for p in mentions if p.kind == "it" and (p.statement, p.pos) < (m.statement, m.pos)):
            out[m.constant] = "it"  # "If it rained, …" then "It did not rain": the expletive again
            continue
        if not candidates and m.kind == "it":
            if (objects := before("object")) and "it" not in out.values():
                raise UnparseableSentence(texts[m.statement], f"the pronoun 'it' has no subject before it and may "
                                          f"mean {' or '.join(objects)} (not a subject) or be the expletive",
                                          pos=m.pos)
            out[m.constant] = "it"  # "it's raining": no antecedent at all, the expletive
            continue
        if not candidates:
            raise UnparseableSentence(texts[m.statement], f"the pronoun {m.kind!r} has no antecedent "
                                      f"(no earlier {wanted} in the item)", pos=m.pos)
        if len(candidates) > 1:
            same = [out[p.constant] for p in mentions if p.kind == m.kind and p.statement < m.statement
                    and p.clause == m.clause and out.get(p.constant) in candidates]
            if not same:
                raise UnparseableSentence(texts[m.statement], f"the pronoun {m.kind!r} is ambiguous between "
                                          f"{' and '.join(candidates)}", pos=m.pos)
            candidates = same[:1]
        out[m.constant] = candidates[0]
    return out
