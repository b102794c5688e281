"""The one reading front-end of every shipped grammar: how a parser is built, how text is parsed, how a
failure is worded, and what is cached.

* **Building.** A :class:`Grammar` names a file of ``grammars/`` and the transformer of each start rule
  it is read from; :func:`parser` builds ``Lark(text, parser="lalr", strict=True, start=…,
  transformer=…)`` once per grammar and transformer (for all the start rules that share it), and once per
  machine: the built tables are kept on disk between processes (:mod:`prontocheck.syntax.parsers`).
  ``strict=True`` refuses a grammar with a shift/reduce conflict or with two terminals that can match
  the same text, instead of resolving them silently. The transformer is applied while parsing, so no
  parse tree is built.
* **Parsing.** :func:`parse` returns the transformer's result or raises
  :class:`~prontocheck.errors.UnparseableSentence` (a :class:`~prontocheck.errors.SentenceParseError`)
  with the position where reading stopped; :func:`read` returns that error as a value instead.
* **Reasons.** Every failure is worded in one line that names the word or place where reading stopped,
  never a list of expected tokens (:func:`unparseable`): ``unexpected word 'likes'``, ``unexpected
  symbol ','``, ``unexpected character '"'``, ``the sentence ends after 'is'``, ``the sentence is
  empty``. A transformer that finds a parse the grammar allows but the language does not raises
  :class:`RejectedSentence` with its own reason and position.
* **Caching.** Each distinct (grammar, text, start) is parsed once per process, failures included
  (models repeat their unparseable sentences as much as the rest): the :data:`CACHE_SIZE` most recently
  used results of each grammar and start rule are kept, and equal results of different texts are one
  object. A cached failure is raised as a fresh copy, so no caller's frames stay pinned to the cache
  through a traceback.
* **Templates.** A grammar built with ``templates=True`` (the PrOntoQA sentences, the relational questions and
  statements) parses one sentence of each *shape* with Lark and replays the recorded reductions on the words of
  every other sentence of that shape (:mod:`prontocheck.syntax.templates`): same results, same failures,
  without the lexer and the LALR automaton.
* **Budget.** A text longer than :data:`prontocheck.limits.SENTENCE_CHARS` is not parsed (nor cached): it is
  unparseable, and its reason is the :class:`~prontocheck.errors.BudgetExceeded` message (``budget_exceeded:
  a sentence of N characters is over the limit sentence_chars = …``). Every grammar of sentences is protected
  here, so that no text, however long, costs more than a bounded parse; formulas in the paper's notation
  (``parse_formula``, a library call, never a record's text) are read at any length, so that
  ``parse(str(f)) == f`` holds for every formula.

Adding a grammar: put ``NAME.lark`` in ``grammars/``, define ``Grammar("NAME", {start: Transformer})``
beside its transformer, and call :func:`parse` with it.

>>> from prontocheck.syntax.grammar import PRONTOQA
>>> str(parse(PRONTOQA, "Fae is not a wumpus"))
'¬wumpus(Fae)'
>>> read(PRONTOQA, "Fae is kind and is a cat").reason
"unexpected word 'is'"
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from functools import cache, lru_cache, partial
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from prontocheck._resources import read_text
from prontocheck.errors import BudgetExceeded, ProntocheckError, UnparseableSentence, UsageError
from prontocheck.limits import SENTENCE_CHARS
from prontocheck.syntax.parsers import build
from prontocheck.syntax.templates import Templates, keywords

CACHE_SIZE = 1 << 14
"""How many parse results (successes and failures) are kept per grammar and start rule, the least recently
used dropped first."""


@dataclass(frozen=True, slots=True)
class Grammar:
    """A shipped grammar and the transformer of each start rule it is read from.

    Attributes:
        name: the stem of the grammar's file, ``grammars/NAME.lark``; it identifies the grammar in the
            caches (define one :class:`Grammar` per file).
        transformers: start rule → a callable making the transformer applied while parsing from it.
        max_chars: the longest text read (``None``: any); the sentence grammars read what models and benchmarks
            write and keep the per-record limit ``sentence_chars``.
        templates: sentences of one shape are parsed once and replayed
            (:mod:`prontocheck.syntax.templates`); only for a grammar whose terminals tell open-class words
            apart by their case class and keywords alone, as that module says.
    """

    name: str
    transformers: Mapping[str, Callable[[], Transformer[Any, Any]]] = field(compare=False, hash=False)
    max_chars: int | None = field(default=SENTENCE_CHARS, compare=False, hash=False)
    templates: bool = field(default=False, compare=False, hash=False)

    @property
    def starts(self) -> tuple[str, ...]:
        """The start rules this grammar is read from.

        >>> from lark import Transformer
        >>> Grammar("formula", {"start": Transformer}).starts
        ('start',)
        """
        return tuple(self.transformers)


class RejectedSentence(ProntocheckError):
    """Raised by a transformer for a parse the grammar allows but the language does not.

    The front-end turns it into an :class:`~prontocheck.errors.UnparseableSentence` with the same reason
    and position; it never reaches the caller of :func:`parse`.

    Attributes:
        reason: what is wrong, in one line.
        pos: the 0-based offset in the parsed text where reading stopped, if known.
    """

    def __init__(self, reason: str, pos: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.pos = pos

    @classmethod
    def word(cls, token: Token) -> RejectedSentence:
        """The rejection of a word that may not stand where the parser let it through.

        >>> e = RejectedSentence.word(Token("NAME", "is", start_pos=4))
        >>> e.reason, e.pos
        ("unexpected word 'is'", 4)
        """
        return cls(f"unexpected word {str(token)!r}", token.start_pos)


def grammar_text(name: str) -> str:
    """Return the text of a shipped grammar (``"prontoqa"``, ``"formula"``, ``"modal"``, ``"relations"``).

    >>> grammar_text("formula").startswith("//")
    True
    """
    return read_text("grammars", f"{name}.lark")


def parser(grammar: Grammar, start: str = "start") -> Lark:
    """Return the strict LALR parser of ``grammar`` that reads from ``start``, with its transformer built in.

    It is built once per process, and is one parser for all the start rules that share a transformer
    (pass ``start=`` to its ``parse``).

    Raises:
        UsageError: ``grammar`` is not read from ``start``.

    >>> from prontocheck.syntax.grammar import FORMULA
    >>> parser(FORMULA).options.strict
    True
    """
    if start not in grammar.transformers:
        raise UsageError(f"grammar {grammar.name!r} has no start rule {start!r}; expected one of {grammar.starts}")
    return _parser(grammar, grammar.transformers[start])


@cache
def _parser(grammar: Grammar, transformer: Callable[[], Transformer[Any, Any]]) -> Lark:
    starts = [s for s, t in grammar.transformers.items() if t is transformer]
    return build(grammar_text(grammar.name), starts, transformer())


def parse(grammar: Grammar, text: str, start: str = "start") -> Any:
    """Parse ``text`` from ``start`` to its transformer's result (cached).

    Raises:
        UnparseableSentence: ``text`` is not in the grammar; ``reason`` names the word or place where
            reading stopped and ``pos`` is its offset in ``text``.

    >>> from prontocheck.syntax.grammar import FORMULA
    >>> str(parse(FORMULA, "∀x(cat(x) → animal(x))"))
    '∀x(cat(x) → animal(x))'
    >>> parse(FORMULA, "cat(x) ∧")
    Traceback (most recent call last):
    prontocheck.errors.UnparseableSentence: cannot parse 'cat(x) ∧' at column 8: the sentence ends after '∧'
    """
    result = read(grammar, text, start)
    if isinstance(result, UnparseableSentence):
        raise result.fresh()
    return result


def read(grammar: Grammar, text: str, start: str = "start") -> Any:
    """Parse ``text`` from ``start`` like :func:`parse`, returning a failure as its (cached)
    :class:`~prontocheck.errors.UnparseableSentence` instead of raising it.

    A cached failure is never to be raised itself (its traceback would pin the raiser's frames to the
    cache): raise ``error.fresh()``.

    Raises:
        UsageError: ``grammar`` is not read from ``start``.

    >>> from prontocheck.syntax.grammar import FORMULA
    >>> read(FORMULA, "cat(Fae").reason
    "the sentence ends after 'Fae'"
    >>> read(FORMULA, "cat(Fae)") is read(FORMULA, "cat(Fae)")
    True
    >>> from prontocheck.syntax.grammar import PRONTOQA
    >>> read(PRONTOQA, "Fae is a cat and " * 200 + "Fae is a cat.").reason
    'budget_exceeded: a sentence of 3413 characters is over the limit sentence_chars = 2000'
    """
    reader = _reader(grammar, start)  # a bad start rule is a usage error, whatever the text
    if grammar.max_chars is not None and len(text) > grammar.max_chars:
        return over_budget(text)
    return reader(text)


def over_budget(text: str) -> UnparseableSentence:
    """The failure of a text too long to read: its reason is the :class:`~prontocheck.errors.BudgetExceeded`
    message, and it points just past the limit.

    >>> over_budget("x" * 2001).reason
    'budget_exceeded: a sentence of 2001 characters is over the limit sentence_chars = 2000'
    """
    budget = BudgetExceeded("sentence_chars", SENTENCE_CHARS, f"a sentence of {len(text)} characters")
    return UnparseableSentence(text, str(budget), pos=SENTENCE_CHARS)


_INTERNED: dict[object, object] = {}
_MAX_INTERNED = 2 * CACHE_SIZE


def _interned(result: Any) -> Any:
    # Equal results of different texts ("Cats are carnivores", "Every cat is a carnivore") are one object:
    # the caches hold no duplicates, and lookups succeed on identity without a structural comparison.
    try:
        if len(_INTERNED) > _MAX_INTERNED:
            _INTERNED.clear()
        return _INTERNED.setdefault(result, result)
    except TypeError:  # an unhashable result is kept as it is
        return result


@cache
def _reader(grammar: Grammar, start: str) -> Callable[[str], Any]:
    """The cached reader of one grammar and start rule (one cache each, keyed on the text alone)."""
    lark = parser(grammar, start)  # a bad start rule is a usage error, raised here and not cached
    parse_text: Callable[[str], Any] = partial(lark.parse, start=start)
    if grammar.templates:
        with suppress(AttributeError, ValueError):  # a Lark without the parts replayed: every text parsed in full
            parse_text = Templates(lark, start, keywords(grammar_text(grammar.name)), CACHE_SIZE).parse

    @lru_cache(maxsize=CACHE_SIZE)
    def read_text(text: str) -> Any:
        try:
            return _interned(parse_text(text))
        except UnexpectedInput as e:
            return unparseable(text, e)
        except RejectedSentence as e:
            return UnparseableSentence(text, e.reason, pos=e.pos)
        except VisitError as e:  # a transformer run over a tree (not while parsing) wraps what it raises
            if isinstance(e.orig_exc, RejectedSentence):
                return UnparseableSentence(text, e.orig_exc.reason, pos=e.orig_exc.pos)
            raise

    return read_text


def unparseable(text: str, error: UnexpectedInput) -> UnparseableSentence:
    """Word a Lark failure on ``text`` in one line that names the word or place where reading stopped.

    An unexpected token is a word, or a symbol when it has no letter or digit; at the end of the text the
    reason names the last word read. The position is that of the word or character named.

    >>> from lark.exceptions import UnexpectedCharacters, UnexpectedToken
    >>> e = unparseable("Fae likes cheese", UnexpectedToken(Token("NAME", "likes", start_pos=4), {"IS"}))
    >>> e.reason, e.pos
    ("unexpected word 'likes'", 4)
    >>> e = unparseable("Fae is", UnexpectedToken(Token("$END", "", 4, end_pos=6), {"NAME"}))
    >>> e.reason, e.pos
    ("the sentence ends after 'is'", 4)
    >>> unparseable('Fae is "kind"', UnexpectedCharacters('Fae is "kind"', 7, 1, 8)).reason
    'unexpected character \\'"\\''
    """
    if isinstance(error, UnexpectedToken) and error.token.type != "$END":
        token = error.token
        end = token.end_pos
        if end is not None and token and token[-1].isalnum():  # a keyword lexed from a longer word: "at" of "ate"
            rest = _WORD_REST.match(text, end)
            end = end if rest is None else rest.end()
        start, shown = _shown(text, token.start_pos, end, str(token))
        kind = "word" if any(c.isalnum() for c in shown) else "symbol"
        return UnparseableSentence(text, f"unexpected {kind} {shown!r}", pos=start)
    if isinstance(error, UnexpectedCharacters):
        return UnparseableSentence(text, f"unexpected character {error.char!r}", pos=error.pos_in_stream)
    if isinstance(error, UnexpectedToken | UnexpectedEOF):
        return _ended(text, getattr(error, "token", None))
    return UnparseableSentence(text, "no parse", pos=error.pos_in_stream)  # pragma: no cover - other lark errors


_WORD_REST = re.compile(r"[^\W_]*")


def _ended(text: str, end: Token | None) -> UnparseableSentence:
    """The text ended too early: name the last word read (the end token borrows its position) and point
    at it.
    """
    if end is not None and end.start_pos is not None and end.end_pos is not None:
        pos, shown = _shown(text, end.start_pos, end.end_pos, text[end.start_pos:end.end_pos])
        return UnparseableSentence(text, f"the sentence ends after {shown!r}", pos=pos)
    words = text.split()
    if not words:
        return UnparseableSentence(text, "the sentence is empty", pos=0)
    if end is None:  # no token to go by (not raised by LALR parsers): the text's own last word
        return UnparseableSentence(text, f"the sentence ends after {words[-1]!r}",
                                   pos=len(text.rstrip()) - len(words[-1]))
    return UnparseableSentence(text, "the sentence has no words", pos=0)  # an aside alone: "(given)"


def _shown(text: str, start: int | None, end: int | None, value: str) -> tuple[int | None, str]:
    """A token as the reason quotes it: whitespace collapsed, a leading comma or space left out (a
    terminal such as ", so" quotes as 'so'), and the offset of what is quoted.
    """
    raw = text[start:end] if start is not None and end is not None else value
    kept = raw.lstrip(", \t\n")
    if not kept.strip():
        return start, " ".join(raw.split()) or raw
    return (None if start is None else start + len(raw) - len(kept)), " ".join(kept.split())
