"""Predicates in the words a context uses for them: nouns or adjectives, with articles and plurals.

A predicate name (``real_number``) does not say how a context writes it: a noun takes an article
and a plural ("a real number", "real numbers"), an adjective neither ("warm-blooded"). A
:class:`Wording` reads that from the context's own text (an article or quantifier before the
word, or its plural; a listed adjective of ``ontologies/lexicon.json`` is always an adjective).
Whole facts and rules are written from these words by :mod:`prontocheck.prontoqa.phrasing`; the
generator writes its sentences with :class:`Word`, :func:`article` and :func:`coordinate`.

>>> w = Wording("Jompuses are not shy. Max is a jompus. Every real number is a number.")
>>> w.word("real_number").singular(), w.word("shy").singular(), coordinate(["a", "b", "c"], "or")
('a real number', 'shy', 'a, b, or c')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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
