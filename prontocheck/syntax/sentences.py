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

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from prontocheck.errors import UnparseableSentence
from prontocheck.logic.formulas import Formula
from prontocheck.syntax.forms import Assumption, Contradiction, Query, Sentence, Since, Statements
from prontocheck.syntax.grammar import parser
from prontocheck.syntax.transform import RejectedSentence

_SPACES = re.compile(r"\s+")
_INTERNED: dict[Sentence | Query, Sentence | Query] = {}
_MAX_INTERNED = 1 << 15
_FINAL_PUNCTUATION = " \t\n.;!?"


def normalize(sentence: str) -> str:
    """Collapse whitespace and drop the final full stop: the form sentences are cached under.

    >>> normalize("  Fae is\\n a cat. ")
    'Fae is a cat'
    """
    return _SPACES.sub(" ", sentence).strip(_FINAL_PUNCTUATION)


_TERMINALS = {"NAME": "a word", "NUMBER": "a number", "COMMA": "','", "COLON": "':'"}


def _expected(names: set[str]) -> str:
    shown = sorted({_TERMINALS.get(n, repr(n.lower().replace("_", " "))) for n in names if not n.startswith("_")})
    return ", ".join(shown[:-1]) + f" or {shown[-1]}" if len(shown) > 1 else "".join(shown)


def _reason(error: UnexpectedInput) -> str:
    if isinstance(error, UnexpectedToken) and error.token.type == "$END":
        expected = _expected(set(error.expected))
        return "the sentence ends before it is complete" + (f" (expected {expected})" if expected else "")
    if isinstance(error, UnexpectedEOF):
        return "the sentence ends before it is complete"
    if isinstance(error, UnexpectedToken):
        return f"unexpected word {error.token.value!r}"
    if isinstance(error, UnexpectedCharacters):
        return f"unexpected character {error.char!r}"
    return "no parse"


@lru_cache(maxsize=1 << 14)
def _parse(text: str) -> Sentence | Query | UnparseableSentence:
    # Failures are cached too: models repeat their unparseable sentences as much as the rest.
    try:
        result: Sentence | Query = parser("prontoqa").parse(text)  # type: ignore[assignment]
    except UnexpectedInput as e:
        pos = e.pos_in_stream if isinstance(e.pos_in_stream, int) else None
        return UnparseableSentence(text, _reason(e), pos=pos)
    except RejectedSentence as e:
        return UnparseableSentence(text, e.reason, pos=e.pos)
    # "Cats are carnivores" and "Every cat is a carnivore" share one object: lookups then
    # succeed on identity without a structural comparison.
    if len(_INTERNED) > _MAX_INTERNED:
        _INTERNED.clear()
    return _INTERNED.setdefault(result, result)  # type: ignore[return-value]


@lru_cache(maxsize=1 << 14)
def _parse_raw(sentence: str) -> tuple[str, Sentence | Query | UnparseableSentence]:
    # Keyed on the text as written, so a repeated sentence skips normalisation too.
    text = normalize(sentence)
    return text, _parse(text)


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
    result = parse_sentence(sentence)
    if isinstance(result, Assumption | Contradiction | Since | Statements):
        text = normalize(sentence)
        raise UnparseableSentence(text, f"{type(result).__name__.lower()} where a statement was expected", pos=0)
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


@lru_cache(maxsize=1 << 12)
def _parse_formula(text: str) -> Formula | UnparseableSentence:
    try:
        return parser("formula").parse(text)  # type: ignore[return-value]
    except UnexpectedInput as e:
        pos = e.pos_in_stream if isinstance(e.pos_in_stream, int) else None
        return UnparseableSentence(text, _reason(e).replace("word", "symbol"), pos=pos)


def parse_formula(text: str) -> Formula:
    """Parse a formula written in the paper's notation (the inverse of ``str``).

    >>> str(parse_formula("∀x(cat(x) → ¬herbivorous(x))"))
    '∀x(cat(x) → ¬herbivorous(x))'
    """
    result = _parse_formula(text.strip())
    if isinstance(result, UnparseableSentence):
        raise result.fresh()
    return result
