"""The exception hierarchy: one root, positioned subclasses.

Library code raises these and never prints or exits; only :mod:`prontocheck.cli` turns them into
messages and exit codes.
"""

from __future__ import annotations


class ProntocheckError(Exception):
    """Root of every error prontocheck raises on purpose."""


class SentenceParseError(ProntocheckError, ValueError):
    """A sentence (or formula) that the grammar does not accept.

    Attributes:
        sentence: the offending text.
        reason: why it was rejected, in words.
        column: 1-based column of the first offending character, if known.
        pos: 0-based offset of that character, if known.
    """

    def __init__(self, sentence: str, reason: str, *, pos: int | None = None) -> None:
        self.sentence = sentence
        self.reason = reason
        self.pos = pos
        self.column = None if pos is None else pos + 1
        where = "" if pos is None else f" at column {pos + 1}"
        super().__init__(f"cannot parse {sentence!r}{where}: {reason}")

    def fresh(self) -> SentenceParseError:
        """A new, equal error to raise in place of a cached one.

        Parsers cache their failures; raising the cached instance itself would pin the raiser's
        frames (and everything they hold) to the cache through its ``__traceback__``.
        """
        return type(self)(self.sentence, self.reason, pos=self.pos)

    def get_context(self, span: int = 40) -> str:
        """Return the sentence with a caret under the offending position.

        >>> print(SentenceParseError("Fae likes cheese.", "unexpected word 'likes'", pos=4).get_context())
        Fae likes cheese.
            ^
        """
        if self.pos is None:
            return self.sentence
        start = max(0, self.pos - span)
        return f"{self.sentence[start:self.pos + span]}\n{' ' * (self.pos - start)}^"


class UnparseableSentence(SentenceParseError):
    """No parse: the words do not form a sentence of the grammar."""


class UnreadableQuery(UnparseableSentence):
    """A query that cannot be read: no known question wording, or its statement does not parse.

    ``sentence`` is the query text and ``pos`` an offset inside it. :func:`~prontocheck.prontoqa.problem.prepare`
    records it on the prepared problem; :func:`~prontocheck.prontoqa.check.check` raises it (unless the query is
    empty and a gold chain of thought is given), and ``prontocheck analyze`` makes it the record's error.
    """


class UnreadableOptions(UnreadableQuery):
    """Answer options that cannot be read ("A) True B) False" expected); part of an unreadable question."""


class InputError(ProntocheckError):
    """A bad input record: not JSON, a missing field, an unreadable file.

    Attributes:
        file: the input's name (``-`` for standard input).
        line: 1-based line number of the record, if known.
        reason: what is wrong, quoting the offending value.
    """

    def __init__(self, file: str, line: int | None, reason: str) -> None:
        self.file = file
        self.line = line
        self.reason = reason
        where = file if line is None else f"{file}:{line}"
        super().__init__(f"{where}: {reason}")


class UsageError(ProntocheckError, ValueError):
    """A bad argument to a library function (an unknown field name, metric, format)."""


class SpecError(ProntocheckError, ValueError):
    """A problem spec for a reward function that cannot be read (see :mod:`prontocheck.rewards`)."""


class BudgetExceeded(ProntocheckError):
    """A per-record limit was hit (sentence length, atoms, search steps, closure size): the record gets the
    stated verdict ``budget_exceeded`` naming the limit, never a hang (the limits: :mod:`prontocheck.limits`).

    Attributes:
        limit: the limit's name (``"sentence_chars"``, ``"modal_atoms"``, …), a key of ``prontocheck.limits.LIMITS``.
        value: the limit's value.
        what: what exceeded it, in words.

    >>> str(BudgetExceeded("sentence_chars", 2000, "a sentence of 5000 characters"))
    'budget_exceeded: a sentence of 5000 characters is over the limit sentence_chars = 2000'
    """

    def __init__(self, limit: str, value: int, what: str) -> None:
        self.limit = limit
        self.value = value
        self.what = what
        super().__init__(f"budget_exceeded: {what} is over the limit {limit} = {value}")
