"""Surface words: predicate names, articles, plurals, and the check that the parser reads a word back.

>>> Word("real number", noun=True).plural(), Word("impus", noun=True).singular()
('real numbers', 'an impus')
>>> reads_back_as_noun("wumpus") is None
True
>>> print(reads_back_as_noun("positive number"))  # "positive" is an adjective of ontologies/lexicon.json
'Fae is a positive number.' is read as positive(Fae) ∧ number(Fae), not positive_number(Fae)
"""

from __future__ import annotations

from dataclasses import dataclass

from prontocheck.errors import UnparseableSentence
from prontocheck.logic.formulas import Const, Formula, X, atom, literal, rule
from prontocheck.syntax.morphology import plural
from prontocheck.syntax.sentences import parse_statement

_AN_EXCEPTIONS = ("uni", "use", "usu", "eu", "one")


def predicate_of(text: str) -> str:
    """The predicate name the parser gives a word: lower case, words joined by ``_``.

    >>> predicate_of("Mersenne prime")
    'mersenne_prime'
    """
    return "_".join(text.lower().split())


def article(text: str) -> str:
    """``a`` or ``an`` before a noun phrase (by spelling; the grammar accepts either).

    >>> [article(w) for w in ["impus", "cat", "eukaryote", "integer", "unit fraction"]]
    ['an', 'a', 'a', 'an', 'a']
    """
    lower = text.lower()
    return "an" if lower[0] in "aeiou" and not lower.startswith(_AN_EXCEPTIONS) else "a"


def capitalised(text: str) -> str:
    """The text with its first letter in upper case."""
    return text[0].upper() + text[1:]


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
        """As the object of "is": "a real number", "warm-blooded"."""
        return f"{article(self.text)} {self.text}" if self.noun else self.text

    def plural(self) -> str:
        """As the object of "are", or a plural subject: "real numbers", "warm-blooded"."""
        if not self.noun:
            return self.text
        *head, last = self.text.split()
        return " ".join([*head, plural(last)])


def _mismatch(sentence: str, expected: Formula) -> str | None:
    try:
        got = parse_statement(sentence)
    except UnparseableSentence as e:
        return f"{sentence!r} does not parse ({e.reason})"
    return None if got == expected else f"{sentence!r} is read as {got}, not {expected}"


def reads_back_as_noun(noun: str) -> str | None:
    """Why the parser would not read ``noun`` back as one concept (singular and plural); ``None`` if it does."""
    w, p, fae = Word(noun, True), predicate_of(noun), Const("Fae")
    return (_mismatch(f"Fae is {w.singular()}.", atom(p, fae))
            or _mismatch(f"{capitalised(w.plural())} are {w.plural()}.", rule(atom(p, X), atom(p, X))))


def reads_back_as_adjective(adjective: str) -> str | None:
    """Why the parser would not read ``adjective`` back as one property; ``None`` if it does."""
    p = predicate_of(adjective)
    return (_mismatch(f"Fae is {adjective}.", atom(p, Const("Fae")))
            or _mismatch(f"Wumpuses are not {adjective}.", rule(atom("wumpus", X), literal(p, X, False))))


def reads_back_as_entity(entity: str) -> str | None:
    """Why the parser would not read ``entity`` back as a constant; ``None`` if it does."""
    return _mismatch(f"{entity} is a wumpus.", atom("wumpus", Const(entity)))
