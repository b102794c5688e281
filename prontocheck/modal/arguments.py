"""Arguments as inference benchmarks ask about them: a question wrapper around premises and a conclusion.

Holliday, Mandelkern & Zhang (2024) ask whether a conclusion follows from premises, the statements quoted
inside one of several wrappers, or written out as sentences before the question:

* ``From 'A' [together with 'B' …], can we [logically] infer | conclude | deduce 'C'?``
* ``Given that 'A' is true and 'B' is true, does it [necessarily] follow that 'C' is true?``
* ``Suppose [that] 'A' is true and 'B' is true. Does it [necessarily] follow that 'C' is true?``
* ``Consider the argument whose [first] premise is 'A'[, whose second premise is 'B',] and whose conclusion
  is 'C'. Is this form of argument logically valid?``
* ``A. Also, B. Can we infer that C?``, ``… Does it follow that C?``, ``… Is it the case that C?``,
  ``Given that A, is it the case that C?`` (unquoted).

:func:`read_argument` finds the statements' texts (:class:`Argument`); their reading is the grammar's. Every
wrapper asks about entailment: the question is FOLLOW (VALID for "Is this form of argument logically valid?"),
affirmative. An answer instruction may follow ("Answer Yes or No."). A quote mark is a straight or curly
single quote that is not an apostrophe (between two letters, "it's"); quotes that do not pair up, or a
quoted prompt in no wrapper, are an error that names the place.

>>> a = read_argument("From 'If Mary was at the wedding, then Sue was at the wedding' together with "
...                   "'Sue was at the wedding', can we infer 'Mary was at the wedding'?")
>>> [s.text for s in a.premises], a.conclusion.text, a.conclusion.start, str(a.form)  # doctest: +NORMALIZE_WHITESPACE
(['If Mary was at the wedding, then Sue was at the wedding', 'Sue was at the wedding'],
 'Mary was at the wedding', 117, 'FOLLOW')
>>> a = read_argument("If Mary was at the wedding, then Sue was at the wedding. Also, Mary was at the wedding. "
...                   "Can we infer that Sue was at the wedding?")
>>> [s.text for s in a.premises], a.conclusion.text
(['If Mary was at the wedding, then Sue was at the wedding', 'Mary was at the wedding'], 'Sue was at the wedding')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from prontocheck.errors import UnparseableSentence
from prontocheck.modal.questions import Form
from prontocheck.syntax.segment import Span, segment, straighten

_QUOTE = re.compile(r"(?<![^\W\d_])'|'(?![^\W\d_])")
"""A quote mark: a straight single quote (curly ones are straightened first) not between two letters."""
_ANSWER_INSTRUCTION = r"(?:please\s+)?(?:answer|respond|reply)\b"
"""An answer instruction ("Answer Yes or No."), allowed after the question."""
_INSTRUCTION = re.compile(_ANSWER_INSTRUCTION, re.IGNORECASE)
_QUOTED: tuple[tuple[re.Pattern[str], Form], ...] = tuple(
    (re.compile(p.replace(" ", r"\s+") + rf"(?:\s+{_ANSWER_INSTRUCTION}.*)?", re.IGNORECASE), form) for p, form in (
    (r"from Q(?:,? together with Q)*,? can (?:we|one) (?:logically )?(?:infer|conclude|deduce)(?: that)? Q[.?]?",
     Form.FOLLOW),
    (r"given that Q is true(?:,? and Q is true)*,? does it (?:necessarily )?follow that Q is true[.?]?", Form.FOLLOW),
    (r"suppose(?: that)? Q is true(?:,? and Q is true)*[.,]? does it (?:necessarily )?follow that Q is true[.?]?",
     Form.FOLLOW),
    (r"consider the argument whose (?:first )?premise is Q(?:,? whose (?:second|third|fourth|fifth|sixth|next) "
     r"premise is Q)*,? and whose conclusion is Q[.,]? is this (?:form of )?argument (?:logically )?valid[.?]?",
     Form.VALID),
))
"""The quoted wrappers, over the prompt with each quotation replaced by ``Q`` (spaces stand for any white space)."""
_QUOTED_START = re.compile(r"(?<!\s)\s*+(?:from|given that|suppose|consider the argument)\b", re.IGNORECASE)
"""How a quoted wrapper starts: a prompt that starts so and is not in one is reported, not read otherwise."""
_QUESTION = re.compile(r"(?:so,?\s+)?(?:(?:can|could) (?:we|one) (?:logically )?(?:infer|conclude|deduce) that"
                       r"|does it (?:necessarily )?follow that|is it (?:then )?the case that)\s+(.+?)\s*\?"
                       .replace(" ", r"\s+"), re.IGNORECASE | re.DOTALL)
_GIVEN = re.compile(r"given that\s+(.+?),\s*is it (?:then\s+)?the case that\s+(.+?)\s*\?", re.IGNORECASE | re.DOTALL)
_LEAD = re.compile(r"(?:also|moreover|furthermore|and|suppose(?: that)?)\s*,?\s+", re.IGNORECASE)
"""Words before a premise sentence that only join it to the argument ("Also, Mary was at the wedding.")."""


@dataclass(frozen=True, slots=True)
class Argument:
    """The statements a wrapper asks about.

    Attributes:
        premises: the premises, in order.
        conclusion: the conclusion.
        form: FOLLOW, or VALID for "Is this form of argument logically valid?".
    """

    premises: tuple[Span, ...]
    conclusion: Span
    form: Form


def quoted(prompt: str) -> bool:
    """Whether a prompt quotes its statements (has a quote mark that is not an apostrophe).

    >>> quoted("From 'A' can we infer 'B'?"), quoted("It's raining. Can we infer that it's wet?")
    (True, False)
    """
    return _QUOTE.search(straighten(prompt)) is not None


def read_argument(prompt: str) -> Argument:
    """The premises and conclusion of an argument prompt (see the module doc).

    Raises:
        UnparseableSentence: the prompt is in no wrapper, or its quotes do not pair up; ``pos`` is the offset
            of the place in the prompt.
    """
    text = straighten(prompt)
    if _QUOTE.search(text):
        return _read_quoted(prompt, text)
    return _read_sentences(prompt, text)


def _read_quoted(prompt: str, text: str) -> Argument:
    marks = [m.start() for m in _QUOTE.finditer(text)]
    _check_pairs(prompt, text, marks)
    spans = [Span(text[a + 1:b].strip(), a + 1 + len(text[a + 1:b]) - len(text[a + 1:b].lstrip()))
             for a, b in zip(marks[::2], marks[1::2], strict=True)]
    frame, last = [], 0
    for a, b in zip(marks[::2], marks[1::2], strict=True):
        frame += [text[last:a], "Q"]
        last = b + 1
    frame.append(text[last:])
    framed = "".join(frame)
    if any(not s.text for s in spans):
        raise UnparseableSentence(prompt, "broken quoting: an empty quotation", pos=marks[0])
    for pattern, form in _QUOTED:
        if pattern.fullmatch(framed.strip()):
            statements = [Span(_unstop(s.text), s.start) for s in spans]
            return Argument(tuple(statements[:-1]), statements[-1], form)
    if _QUOTED_START.match(text):
        raise UnparseableSentence(prompt, "broken quoting: the quotations do not fit the question's wrapper "
                                          f"(read as {framed.strip()!r}, Q a quotation)", pos=marks[0])
    raise UnparseableSentence(prompt, "no inference question around the quoted statements", pos=marks[0])


def _check_pairs(prompt: str, text: str, marks: list[int]) -> None:
    """Raise at the first quote mark that does not pair up: one opens where white space (or nothing) is before it,
    one closes elsewhere, and they alternate.
    """
    open_at = None
    for at in marks:
        opens = at == 0 or text[at - 1].isspace() or text[at - 1] in "(["
        if opens and open_at is not None:
            raise UnparseableSentence(prompt, "broken quoting: a quotation opens before the one opened at column "
                                              f"{open_at + 1} closes", pos=at)
        if not opens and open_at is None:
            raise UnparseableSentence(prompt, "broken quoting: a quote mark closes no quotation", pos=at)
        open_at = at if opens else None
    if open_at is not None:
        raise UnparseableSentence(prompt, "broken quoting: a quotation is never closed", pos=open_at)


def _read_sentences(prompt: str, text: str) -> Argument:
    sentences = segment(text).sentences
    if not sentences:
        raise UnparseableSentence(prompt, "no question", pos=0)
    questions = [i for i, s in enumerate(sentences) if s.text.endswith("?")]
    if not questions:
        raise UnparseableSentence(prompt, "no question (a sentence ending in '?')", pos=len(text.rstrip()))
    last = questions[-1]
    for s in sentences[last + 1:]:
        if not _INSTRUCTION.match(s.text):
            raise UnparseableSentence(prompt, f"text after the question: {s.text!r}", pos=s.start)
    question = sentences[last]
    premises = [_premise(s.text, s.start) for s in sentences[:last]]
    if (m := _GIVEN.fullmatch(question.text)) is not None:
        premises.append(_premise(m.group(1), question.start + m.start(1)))
        return Argument(tuple(premises), Span(m.group(2), question.start + m.start(2)), Form.FOLLOW)
    if (m := _QUESTION.fullmatch(question.text)) is None:
        raise UnparseableSentence(prompt, "not an inference question (\"Can we infer that …?\", \"Does it follow "
                                          "that …?\", \"Is it the case that …?\")", pos=question.start)
    if not premises:
        raise UnparseableSentence(prompt, "no premises before the question", pos=question.start)
    return Argument(tuple(premises), Span(m.group(1), question.start + m.start(1)), Form.FOLLOW)


def _premise(sentence: str, start: int) -> Span:
    """A premise sentence without its joining word and full stop ("Also, B." is B)."""
    lead = _LEAD.match(sentence)
    skip = lead.end() if lead is not None else 0
    return Span(_unstop(sentence[skip:]), start + skip)


def _unstop(text: str) -> str:
    """A statement without its final full stop."""
    return text[:-1].rstrip() if text.endswith(".") else text
