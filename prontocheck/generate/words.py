"""Surface words: predicate names, and the check that the parser reads a word back (:class:`Word` and
articles live in :mod:`prontocheck.syntax.english`).

>>> Word("real number", noun=True).plural(), Word("impus", noun=True).singular()
('real numbers', 'an impus')
>>> reads_back_as_noun("wumpus") is None
True
>>> print(reads_back_as_noun("positive number"))  # "positive" is an adjective of ontologies/lexicon.json
'Fae is a positive number.' is read as positive(Fae) ∧ number(Fae), not positive_number(Fae)
"""

from __future__ import annotations

from prontocheck.errors import UnparseableSentence
from prontocheck.logic.formulas import Const, Formula, X, atom, literal, rule
from prontocheck.syntax.english import Word
from prontocheck.syntax.sentences import parse_statement


def predicate_of(text: str) -> str:
    """The predicate name the parser gives a word: lower case, words joined by ``_``.

    >>> predicate_of("Mersenne prime")
    'mersenne_prime'
    """
    return "_".join(text.lower().split())


def capitalised(text: str) -> str:
    """The text with its first letter in upper case."""
    return text[0].upper() + text[1:]


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
