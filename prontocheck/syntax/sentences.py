"""Sentences to logical forms, each distinct sentence parsed once per process.

>>> str(parse_statement("Every cat is not herbivorous."))
'∀x(cat(x) → ¬herbivorous(x))'
>>> str(parse_statement("Wumpuses are yumpuses"))
'∀x(wumpus(x) → yumpus(x))'
>>> parse_query("True or false: Fae is not herbivorous.").kind
'true_or_false'
"""

from __future__ import annotations

import re
from functools import lru_cache

from prontocheck.errors import UnparseableSentence
from prontocheck.logic.formulas import Formula
from prontocheck.syntax.forms import Assumption, Contradiction, Query, Sentence, Since, Statements
from prontocheck.syntax.frontend import CACHE_SIZE, parse, read
from prontocheck.syntax.grammar import FORMULA, PRONTOQA

_SPACES = re.compile(r"\s+")
_FINAL_PUNCTUATION = " \t\n.;!?"


def normalize(sentence: str) -> str:
    """Collapse whitespace and drop the final full stop: the form sentences are cached under.

    >>> normalize("  Fae is\\n a cat. ")
    'Fae is a cat'
    """
    return _SPACES.sub(" ", sentence).strip(_FINAL_PUNCTUATION)


@lru_cache(maxsize=CACHE_SIZE)
def _parse_raw(sentence: str) -> tuple[str, Sentence | Query | UnparseableSentence]:
    # Keyed on the text as written, so a repeated sentence skips normalisation too; failures are
    # values here as in the front-end's cache.
    text = normalize(sentence)
    return text, read(PRONTOQA, text)


def parse_sentence(sentence: str) -> Sentence:
    """Parse one chain-of-thought sentence: a statement, an assumption, a contradiction, or a
    "since" sentence (two statements).

    Raises:
        UnparseableSentence: the sentence is not in the grammar (a query counts as such).

    >>> parse_sentence("Assume Fae is a wumpus.")
    Assumption(formula=Atom(predicate='wumpus', args=(Const(name='Fae'),)))
    """
    text, result = _parse_raw(sentence)
    if isinstance(result, UnparseableSentence):
        raise result.fresh()
    if isinstance(result, Query):
        raise UnparseableSentence(text, "a query where a statement was expected", pos=0)
    return result


def parse_statement(sentence: str) -> Formula:
    """Parse one statement (a context sentence, say) to its logical form.

    Raises:
        UnparseableSentence: the sentence is not a plain statement of the grammar.

    >>> str(parse_statement("So, 127 is a Mersenne prime."))
    'mersenne_prime(127)'
    >>> str(parse_statement("Everything that is a wumpus or a yumpus is not kind."))
    '∀x(wumpus(x) ∨ yumpus(x) → ¬kind(x))'
    """
    result = _statement(sentence)
    if isinstance(result, UnparseableSentence):
        raise result.fresh()
    return result


@lru_cache(maxsize=CACHE_SIZE)
def _statement(sentence: str) -> Formula | UnparseableSentence:
    # parse_statement's result, a failure as a value: every new problem reads its context's statements here, and
    # contexts repeat them, so a repeat is one lookup.
    text, result = _parse_raw(sentence)
    if isinstance(result, UnparseableSentence):
        return result
    if isinstance(result, Query):
        return UnparseableSentence(text, "a query where a statement was expected", pos=0)
    if isinstance(result, Assumption | Contradiction | Since | Statements):
        return UnparseableSentence(text, f"{type(result).__name__.lower()} where a statement was expected", pos=0)
    return result


def parse_query(sentence: str) -> Query:
    """Parse a query in any wording benchmarks use (:mod:`prontocheck.syntax.questions`): ``True or
    false: S``, ``Prove: S``, ``Is the following statement true or false? S``, ``Is it true that S?``,
    ``Determine whether S is true or false.``, ``Is Max sour?``.

    Raises:
        UnreadableQuery: (an :class:`UnparseableSentence`) no known wording, or S does not parse; its
            ``pos`` is an offset in ``sentence``.

    >>> str(parse_query("Prove: Fae is a dax.").formula)
    'dax(Fae)'
    >>> parse_query("Is the following statement true or false? Max is sour. Think step by step.").kind
    'true_or_false'
    """
    from prontocheck.syntax.questions import read_query  # it reads S with this module's parse_statement

    return read_query(sentence)


def parse_formula(text: str) -> Formula:
    """Parse a formula written in the paper's notation (the inverse of ``str``).

    >>> str(parse_formula("∀x(cat(x) → ¬herbivorous(x))"))
    '∀x(cat(x) → ¬herbivorous(x))'
    """
    return parse(FORMULA, text.strip())
