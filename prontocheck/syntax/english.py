"""Formulas in the PrOntoQA generator's English, in the words a context uses for its predicates.

A predicate name (``real_number``) does not say how a context writes it: a noun takes an article
and a plural ("a real number", "real numbers"), an adjective neither ("warm-blooded"). A
:class:`Wording` reads that from the context's own text (an article or quantifier before the
word, or its plural; a listed adjective of ``ontologies/lexicon.json`` is always an adjective),
so :func:`sentence` writes a formula the way the generator would: "Max is a jompus", "every jompus
is not shy", "everything that is orange and a brimpus is a tumpus". Rules are written with a
lower-case "every" (they are quoted inside a longer line); :func:`phrase` gives a shape's bare
words ("not dull", "orange and brimpus").

>>> from prontocheck.syntax.sentences import parse_statement as p
>>> w = Wording("Jompuses are not shy. Max is a jompus. Every real number is a number.")
>>> sentence(p("Every jompus is not shy."), w), sentence(p("Max is a real number."), w)
('every jompus is not shy', 'Max is a real number')
>>> sentence(p("Everything that is shy or a jompus is not a number."), w)
'everything that is shy or a jompus is not a number'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from prontocheck.engine.shapes import Shape, ground_shape, rule_shapes, sort_key
from prontocheck.logic.formulas import Const, Formula
from prontocheck.syntax.lexicon import adjectives
from prontocheck.syntax.morphology import plural

_AN_EXCEPTIONS = ("uni", "use", "usu", "eu", "one")
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9'\-]*|[.!?;:,]")
_SENTENCE_ENDS = frozenset(".!?;:")
_PHRASE_ENDS = frozenset({*".!?;:,", "is", "are", "was", "were", "and", "or"})
_DETERMINERS = frozenset({"a", "an", "every", "each", "no", "all", "any"})


def article(text: str) -> str:
    """``a`` or ``an`` before a noun phrase (by spelling; the grammar accepts either).

    >>> [article(w) for w in ["impus", "cat", "eukaryote", "integer", "unit fraction"]]
    ['an', 'a', 'a', 'an', 'a']
    """
    lower = text.lower()
    return "an" if lower[0] in "aeiou" and not lower.startswith(_AN_EXCEPTIONS) else "a"


def coordinate(parts: list[str], conjunction: str) -> str:
    """``A and B``, ``A, B, and C`` (the Oxford comma, as the original writes lists).

    >>> coordinate(["a wumpus", "kind", "a yumpus"], "or")
    'a wumpus, kind, or a yumpus'
    """
    if len(parts) <= 2:
        return f" {conjunction} ".join(parts)
    return ", ".join(parts[:-1]) + f", {conjunction} {parts[-1]}"


@dataclass(frozen=True, slots=True)
class Word:
    """The surface form of a predicate.

    Attributes:
        text: the words as written ("real number", "Mersenne prime", "warm-blooded").
        noun: a noun (takes an article, has a plural) or an adjective.
    """

    text: str
    noun: bool

    def singular(self) -> str:
        """As the object of "is": "a real number", "warm-blooded".

        >>> Word("impus", noun=True).singular(), Word("kind", noun=False).singular()
        ('an impus', 'kind')
        """
        return f"{article(self.text)} {self.text}" if self.noun else self.text

    def plural(self) -> str:
        """As the object of "are", or a plural subject: "real numbers", "warm-blooded".

        >>> Word("real number", noun=True).plural()
        'real numbers'
        """
        if not self.noun:
            return self.text
        *head, last = self.text.split()
        return " ".join([*head, plural(last)])


class Wording:
    """How a text (a problem's context) writes each predicate: noun or adjective, and its words.

    A predicate is a noun where the text uses its plural ("jompuses") or puts an article or a
    quantifier before it, its noun phrase ending there ("a prime." is a noun, "a prime number" is
    not; adjectives listed in ``ontologies/lexicon.json`` may come between: "an angry vumpus").
    Otherwise it is an adjective ("Fae is kind"). A predicate the text does not mention is a noun
    unless it is a listed adjective. The words keep the text's capitals ("Mersenne prime"). Each
    predicate is looked up once, when first asked for.

    >>> w = Wording("Each impus is kind. Wumpuses are warm-blooded. Fae is a Mersenne prime. 7 is a prime.")
    >>> [(w.word(p).text, w.word(p).noun) for p in ("impus", "wumpus", "warm-blooded", "kind", "mersenne_prime")]
    [('impus', True), ('wumpus', True), ('warm-blooded', False), ('kind', False), ('Mersenne prime', True)]
    >>> w.word("prime").noun, Wording("Fae is a prime number.").word("prime").noun, Wording().word("prime").noun
    (True, False, False)
    """

    __slots__ = ("_text", "_words")

    def __init__(self, text: str = "") -> None:
        self._text = text
        self._words: dict[str, Word] = {}

    def word(self, predicate: str) -> Word:
        """The surface word of a predicate (``real_number`` → "real number", a noun)."""
        found = self._words.get(predicate)
        if found is None:
            found = self._words[predicate] = self._read(predicate)
        return found

    def _read(self, predicate: str) -> Word:
        # The text is tokenised afresh for each new predicate: few are asked for (the words of a
        # reason), and a problem kept in a cache keeps no token lists.
        tokens = _TOKEN.findall(self._text)
        lower = [t.lower() for t in tokens]
        parts = predicate.split("_")
        plural_parts = [*parts[:-1], plural(parts[-1])]
        singular_at = _occurrences(lower, parts)
        plural_at = _occurrences(lower, plural_parts) if plural_parts != parts else []
        if singular_at or plural_at:
            noun = bool(plural_at) or any(_after_determiner(lower, i) and _ends_phrase(lower, i + len(parts))
                                          for i in singular_at)
        else:  # not in the text: most concepts are nouns
            noun = predicate not in adjectives()
        return Word(_written(tokens, parts, singular_at, plural_at), noun)


def _occurrences(lower: list[str], forms: list[str]) -> list[int]:
    n, first = len(forms), forms[0]
    return [i for i, t in enumerate(lower) if t == first and (n == 1 or lower[i:i + n] == forms)]


def _ends_phrase(lower: list[str], end: int) -> bool:
    return end >= len(lower) or lower[end] in _PHRASE_ENDS


def _after_determiner(lower: list[str], start: int) -> bool:
    listed = adjectives()
    i = start - 1
    while i >= 0 and lower[i] in listed:
        i -= 1
    return i >= 0 and lower[i] in _DETERMINERS


def _written(tokens: list[str], parts: list[str], singular_at: list[int], plural_at: list[int]) -> str:
    """The words with the text's capitals, from an occurrence that does not start a sentence."""
    n = len(parts)
    for at in (singular_at, plural_at):
        for i in at:
            if i > 0 and tokens[i - 1] not in _SENTENCE_ENDS:
                last = parts[-1] if at is plural_at else tokens[i + n - 1]
                return " ".join([*tokens[i:i + n - 1], last])
    return " ".join(parts)


def _literals(shape: Shape) -> list[tuple[str, bool]] | None:
    """The literals of a literal, conjunction or disjunction of literals; ``None`` for deeper shapes."""
    if isinstance(shape[1], bool):
        return [shape]  # type: ignore[list-item]
    lits = [(str(lit[0]), lit[1]) for lit in shape[1] if isinstance(lit[1], bool)]  # type: ignore[union-attr]
    return lits if len(lits) == len(shape[1]) else None


def _ordered(lits: list[tuple[str, bool]], wording: Wording) -> list[tuple[str, bool]]:
    """Positive before negative (a later item carries its own "not"), adjectives before nouns, then by name."""
    return sorted(lits, key=lambda lit: (not lit[1], wording.word(lit[0]).noun, lit[0]))


def _predicate(shape: Shape, wording: Wording) -> str | None:
    """A shape as the object of "is": "a jompus", "not shy", "kind and not a wumpus", "an angry vumpus"."""
    lits = _literals(shape)
    if lits is None:
        return None
    lits = _ordered(lits, wording)
    words = [wording.word(p) for p, _ in lits]
    if shape[0] == "and" and all(pos for _, pos in lits) and words[-1].noun and not any(w.noun for w in words[:-1]):
        adjectives_ = " ".join(w.text for w in words[:-1])
        return f"{article(adjectives_)} {adjectives_} {words[-1].text}"  # "an angry vumpus"
    items = [("" if pos else "not ") + w.singular() for (_, pos), w in zip(lits, words)]
    return items[0] if len(items) == 1 else coordinate(items, str(shape[0]))


def fact_sentence(shape: Shape, constant: Const, wording: Wording) -> str | None:
    """A ground shape as the generator writes it: "Max is a jompus", "Fae is not a lempus and Fae is not
    an impus"; ``None`` for a shape nested deeper than a conjunction or disjunction of literals.

    >>> fact_sentence(("and", frozenset({("impus", False), ("lempus", False)})), Const("Fae"), Wording())
    'Fae is not an impus and Fae is not a lempus'
    """
    lits = _literals(shape)
    if lits is not None and shape[0] == "and" and not any(pos for _, pos in lits):
        clauses = [f"{constant.name} is not {wording.word(p).singular()}" for p, _ in _ordered(lits, wording)]
        return coordinate(clauses, "and")
    predicate = _predicate(shape, wording)
    return None if predicate is None else f"{constant.name} is {predicate}"


def rule_sentence(antecedent: Shape, consequent: Shape, wording: Wording) -> str | None:
    """A rule as the generator writes it, with a lower-case "every": "every jompus is not shy",
    "everything that is orange and a brimpus is a tumpus"; ``None`` for deeper shapes.

    >>> rule_sentence(("cat", True), ("carnivore", True), Wording())
    'every cat is a carnivore'
    """
    consequent_text = _predicate(consequent, wording)
    lits = _literals(antecedent)
    if consequent_text is None or lits is None:
        return None
    words = [wording.word(p) for p, _ in _ordered(lits, wording)]
    if all(pos for _, pos in lits) and words[-1].noun and not any(w.noun for w in words[:-1]) and (
            len(lits) == 1 or antecedent[0] == "and"):
        subject = " ".join(w.text for w in words)  # "every jompus", "every angry vumpus"
        return f"every {subject} is {consequent_text}"
    return f"everything that is {_predicate(antecedent, wording)} is {consequent_text}"


def sentence(formula: Formula, wording: Wording) -> str:
    """A fact or rule in the generator's English, or the formula in the paper's notation when it has
    no such wording (a formula about two individuals, say).

    >>> from prontocheck.syntax.sentences import parse_statement as p
    >>> sentence(p("Fae is kind or not a wumpus."), Wording("Fae is a wumpus."))
    'Fae is kind or not a wumpus'
    """
    g = ground_shape(formula)
    text = None
    if g is not None:
        text = fact_sentence(g[0], g[1], wording)
    elif (r := rule_shapes(formula)) is not None:
        text = rule_sentence(r[0], r[1], wording)
    return text if text is not None else str(formula)


def phrase(shape: Shape, wording: Wording) -> str:
    """A shape's bare words, as in "no rule leads from wumpus to not dull".

    >>> phrase(("real_number", False), Wording()), phrase(("or", frozenset({("a", True), ("b", True)})), Wording())
    ('not real number', 'a or b')
    """
    if isinstance(shape[1], bool):
        return ("" if shape[1] else "not ") + wording.word(str(shape[0])).text
    parts = sorted(shape[1], key=sort_key)  # type: ignore[arg-type]
    return coordinate([phrase(p, wording) for p in parts], str(shape[0]))
