r"""Answer statements: the label a sentence (or a clause) commits to, as models write it.

Forms read (any case, Markdown already removed, a leading "So,"/"Therefore," allowed):

- option letters, through the question's options: ``B``, ``(A)``, ``Option A``, ``A) True``,
  ``The correct option is: A``, ``Answer: B``, ``\boxed{A}``;
- option letters named as right: ``B) False is correct``, ``Option A is the correct answer``;
- words: ``True``, ``False.``, ``Yes``, ``No``, ``Yes, it is true``, ``The answer is true``, ``Therefore, the answer
  should be False``, ``Final answer: True``, ``Answer - True``, ``Result: True``, ``\boxed{True}``;
- the statement judged: ``The statement is false``, ``That statement is true``, ``It is true that S``, ``The
  statement "S" is false``, ``'S' is false``, ``S is true`` (S the query's statement, or its negation), ``The
  statement cannot be determined`` (an answer with no label).

A label ("Conclusion:", "Result:", "Answer:"), a "Yes," or an arrow ("→") may lead any of them.

A match is *weak* when it is a bare word or letter ("Yes.", "B"): it commits only where nothing but
commentary follows it. Which match is the record's answer is decided for the whole output
(:mod:`prontocheck.syntax.reading`).

>>> ctx = AnswerContext({"A": True, "B": False})
>>> [answer_of(s, ctx) for s in ["The correct option is: B", "**Answer: A**", "So yes.", "Fae is kind."]]
[Answer(label=False, weak=False), Answer(label=True, weak=False), Answer(label=True, weak=True), None]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from prontocheck.common import patterns as rx
from prontocheck.logic.formulas import Formula

_WORDS: dict[str, bool | None] = {
    "true": True, "yes": True, "correct": True, "right": True, "valid": True,
    "false": False, "no": False, "incorrect": False, "wrong": False, "invalid": False,
    "unknown": None, "uncertain": None, "undetermined": None, "undecidable": None,
}
_BARE_WORDS = frozenset({"true", "false", "yes", "no", "a", "b", "c", "d", "e"})
_LEAD = (
    r"^(?:(?:so|thus|therefore|hence|then|overall|finally|consequently|accordingly|and|in\s+conclusion"
    r"|in\s+summary|to\s+conclude|to\s+summarize|as\s+a\s+result|based\s+on\s+(?:this|that|the\s+above|the"
    r"\s+(?:reasoning|analysis|context|information)(?:\s+provided)?)|given\s+(?:this|that)|this\s+means"
    r"(?:\s+that)?|we\s+can\s+conclude\s+that|it\s+follows\s+that|conclusion|result|summary)(?:\s*+[,:])?\s++"
    r"|(?:→|⇒|=>|->)\s*+|(?:yes|yeah|no)\s*+[,:\-]\s*+|(?:final\s+)?answer\s*+:\s*+)*"
)
_VALUE = r"(?P<value>true|false|yes|no|correct|incorrect|unknown|uncertain|[a-e])"
_OPTION_TEXT = r"(?:\s*+(?:[).:]\s*+\(?|\(\s*+)(?P<text>true|false|yes|no|unknown|uncertain)\b\)?)?"
_ECHO = r"(?:\s*+,\s*+(?:it|this|that)(?:'s|\s+is)\s+(?P<echo>true|false|correct|incorrect))?"
"""A value said again: "Yes, it is true" (the two must agree)."""
_END = r"\s*+[.!]*+$"
"""The end of an answer: spaces and full stops taken whole (possessive), so that a long run of them is scanned once."""
_BOXED = rx.compile(r"\\boxed\s*+\{\s*+(?:\\text\s*+\{\s*+)?([^{}]{1,40}?)\s*+\}?\s*+\}")
_ANSWER = rx.compile(
    _LEAD + r"(?:the\s+)?(?:final\s+|correct\s+|right\s+|best\s+|my\s+)?"
    r"(?:answer|option|choice|label|verdict|response|result)(?:\s++(?:is|would\s+be|should\s+be|must\s+be|will\s+be|=))?(?:\s++(?:therefore|thus|clearly))?\s*+[:=–—-]?"
    r"\s*+(?:option\s+|choice\s+)?\(?" + _VALUE + r"\)?" + _OPTION_TEXT + _ECHO + _END,
    re.IGNORECASE,
)
_BARE = rx.compile(
    _LEAD + r"(?:(?:option|choice)\s+)?\(?" + _VALUE + r"\)?" + _OPTION_TEXT + _ECHO + _END, re.IGNORECASE
)
_IS_CORRECT = rx.compile(
    _LEAD + r"(?:(?:the\s+)?(?:option|choice|answer)\s+)?\(?" + _VALUE + r"\)?" + _OPTION_TEXT
    + r"\s++is\s++(?:the\s++)?(?:correct|right)(?:\s++(?:answer|option|choice|one))?" + _END,
    re.IGNORECASE,
)
"""An option named as the right one: "B) False is correct", "Option A is the correct answer"."""
_CHOOSE = rx.compile(
    _LEAD + r"(?:i|we)\s+(?:would\s+|will\s+)?(?:choose|select|pick|go\s+with|answer)\s+(?:option\s+)?\(?"
    + _VALUE + r"\)?" + _OPTION_TEXT + _END,
    re.IGNORECASE,
)
_JUDGED = rx.compile(
    _LEAD + r"(?:(?:the|this|that)\s+)?(?:given\s+|original\s+|above\s+|final\s+)?(?:statement|claim|query|hypothesis"
    r"|proposition|assertion|conclusion|sentence)(?P<quoted>\s*+:?\s*+(?:\"[^\"]{1,200}\"|'[^']{1,200}')(?:\s*+,)?"
    r"|\s+that\s+[^\"]{0,199}?[^\"\s])?"
    r"\s++(?:is|must\s+be"
    r"|would\s+be|should\s+be)\s+(?:therefore\s+|thus\s+|hence\s+|indeed\s+|definitely\s+|clearly\s+|actually\s+"
    r"|also\s+|likely\s+|probably\s+)?(?P<neg>not\s+)?(?P<value>true|false|correct|incorrect|valid|invalid|right|wrong)"
    r"\b[^.]{0,60}[.!]*$",
    re.IGNORECASE,
)
_TRUE_THAT = rx.compile(
    _LEAD + r"(?:it\s+is|it's|it\s+was)\s+(?:(?:indeed|definitely|clearly|therefore|thus|then)\s+)?(?P<neg>not\s+)?"
    r"(?P<value>true|false|correct|incorrect)\s+that\s+(?P<statement>[^\"]{1,200}?)" + _END,
    re.IGNORECASE,
)
"""'It is true that S', 'Yes, it's true that S' (S the query's statement, or its negation)."""
_UNDECIDED = rx.compile(
    _LEAD + r"(?:the\s+)?(?:statement|claim|answer|truth\s+value)\b[^.]{0,120}\b(?:cannot|can\s*not|can't|could\s+not)"
    r"\s+be\s+(?:definitively\s+|definitely\s+|clearly\s+)?(?:determined|decided|established|confirmed)\b[^.]{0,80}"
    r"[.!]*$",
    re.IGNORECASE,
)
_SAID = rx.compile(r"^(?P<statement>\"[^\"]{1,200}\"|'[^']{1,200}'|[^\"]{0,199}?[^\"\s])(?:\s*+,)?\s++is\s+"
                   r"(?P<neg>not\s+)?(?P<value>true|false)" + _END, re.IGNORECASE)
_ARROW_ANSWER = rx.compile(r"^(?P<head>.{1,200}?)\s*+(?:→|=>|->)\s*+(?P<tail>\(?[A-Ea-e]\)?|true|false)\W*$",
                          re.IGNORECASE)
SELF_CORRECTION = rx.compile(r"^\W*(?:wait|hmm+|hm+|hold\s+on|oh|ah|uh|um)\W*(?:no|nope|not\s+quite)\W*$",
                             re.IGNORECASE)
""""Wait, no.", "Hmm, no": the reasoning corrects itself; no answer is given."""
_HOLDS = rx.compile(r"\b((?:statement|claim|hypothesis|proposition|assertion)(?:\s*+:?\s*+\"[^\"]{1,200}\")?)\s++"
                    r"(?:(does(?:n't|\s+not)\s+hold)|holds)\b", re.IGNORECASE)
_STRIP_LEAD = rx.compile(_LEAD, re.IGNORECASE)
_CUE = rx.compile(
    r"\b(?:true|false|yes|no|correct|incorrect|right|wrong|valid|invalid|unknown|uncertain|undetermined|undecidable|holds?"
    r"|answer|option|choice|label|verdict|response|boxed|determined|decided|established|confirmed|choose|select|pick"
    r"|go\s+with)\b|^\W*\(?[a-e]\)?\W*$|\b[a-e]\)",
    re.IGNORECASE,
)
"""A word every answer statement has: without one, a sentence is not an answer (checked first, cheaply)."""
_EXPLAINED = rx.compile(r"(?<!\s)\s++[-:]\s++|(?:(?<!\s)\s*+[,;]|[,;])?(?<!\s)\s++(?:because|since|as)\s++",
                        re.IGNORECASE)
"""What separates an answer from the explanation after it: "B (False) - Alex is blue", "A, because …"."""


@dataclass(frozen=True, slots=True)
class Answer:
    """An answer statement.

    Attributes:
        label: the label it gives: ``True``, ``False``, or ``None`` (undetermined, or an option that is
            neither true nor false).
        weak: a bare word or letter ("Yes.", "B"), which commits only at the end of the reasoning.
    """

    label: bool | None
    weak: bool = False


@dataclass(frozen=True, eq=False)
class AnswerContext:
    """What answers are read against.

    Attributes:
        options: option letter (upper case) → the label it stands for (``None``: neither, e.g. "Unknown").
        statement: the query's statement S, to read "S is true" and 'The statement "S" is false'.
        parse: reads a statement to a formula (``None`` if it does not parse), for comparing with S.
    """

    options: Mapping[str, bool | None] = field(default_factory=dict)
    statement: Formula | None = None
    parse: Callable[[str], Formula | None] | None = None
    negated: Formula | None = None
    judged: bool = True
    """The question asks whether S is true (not "Prove: S"): "It is true that S" answers it (else it states S)."""


def _value(word: str, option_text: str | None, ctx: AnswerContext) -> tuple[bool, bool | None]:
    """(readable, label) of an answer value: a word, or an option letter through the options."""
    lower = word.lower()
    if len(lower) == 1 and lower not in ("y", "n"):
        letter = lower.upper()
        if letter not in ctx.options:
            return False, None
        label = ctx.options[letter]
        if option_text is not None and _WORDS.get(option_text.lower()) != label:
            return True, None  # "A) False" where A is True: the letter and its text disagree
        return True, label
    return lower in _WORDS, _WORDS.get(lower)


def _matches_statement(text: str, ctx: AnswerContext) -> bool | None:
    """True if the text states S, False if it states not-S, ``None`` if neither (or unknown)."""
    if ctx.statement is None or ctx.parse is None:
        return None
    text = text.strip()
    if len(text) > 1 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1]
    formula = ctx.parse(text.strip())
    if formula is None:
        return None
    if formula == ctx.statement:
        return True
    if ctx.negated is not None and formula == ctx.negated:
        return False
    return None


def answer_of(text: str, ctx: AnswerContext | None = None) -> Answer | None:
    """The answer a sentence or clause states, or ``None`` if it is not an answer statement.

    >>> answer_of("Therefore, the answer should be False."), answer_of("Final answer: True")
    (Answer(label=False, weak=False), Answer(label=True, weak=False))
    >>> answer_of("The statement is false."), answer_of("So the statement holds.")
    (Answer(label=False, weak=False), Answer(label=True, weak=False))
    """
    ctx = ctx or AnswerContext()
    text = " ".join(text.replace("*", " ").split())
    if not text or not _CUE.search(text) or SELF_CORRECTION.match(text) or text.endswith("?"):
        return None  # ("Wait, no." corrects the reasoning, "So the statement is true?" asks: neither answers)
    boxed = _BOXED.search(text)
    if boxed is not None:
        inner = boxed.group(1).strip().strip("()")
        found = _BARE.match(inner)
        if found is not None:
            readable, label = _value(found.group("value"), found.group("text"), ctx)
            if readable:
                return Answer(label)
    arrow = _ARROW_ANSWER.match(text) if "→" in text or ">" in text else None
    if arrow is not None:  # 'So "S" is false → B': the letter, if what leads to it does not say otherwise
        before, after = answer_of(arrow.group("head"), ctx), answer_of("answer: " + arrow.group("tail"), ctx)
        return after if after is not None and (before is None or before.label == after.label) else None
    if "hold" in text:  # "the statement holds": "the statement is true"
        text = _HOLDS.sub(lambda m: f"{m.group(1)} is {'false' if m.group(2) else 'true'}", text)
    head = _EXPLAINED.split(text, maxsplit=1)[0]
    for pattern, weak in ((_ANSWER, False), (_CHOOSE, False), (_IS_CORRECT, False), (_BARE, True)):
        m = pattern.match(text) or (pattern.match(head) if head != text and not weak else None)
        if m is not None and (not weak or m.group("value").lower() in _BARE_WORDS):
            readable, label = _value(m.group("value"), m.group("text"), ctx)
            echo = m.groupdict().get("echo")
            if echo is not None and _WORDS[echo.lower()] != label:
                return None  # "Yes, it is false": the two words disagree
            if readable:
                return Answer(label, weak and echo is None)  # "Yes, it is true": said twice, not tentative
    m = _JUDGED.match(text)
    if m is not None:
        quoted = m.group("quoted")
        value = _WORDS[m.group("value").lower()] is not False
        value = value != bool(m.group("neg"))
        if quoted:
            about = _matches_statement(quoted.strip().removeprefix(":").strip(" ,").removeprefix("that "), ctx)
            if about is None and ctx.statement is not None:
                return None  # a statement other than the query's
            if about is False:
                value = not value
        return Answer(value)
    m = _TRUE_THAT.match(text) if ctx.judged else None
    if m is not None:
        about = _matches_statement(m.group("statement"), ctx)
        if about is not None:
            value = (_WORDS[m.group("value").lower()] is True) != bool(m.group("neg"))
            return Answer(value if about else not value)
    if _UNDECIDED.match(text):
        return Answer(None)
    m = _SAID.match(_STRIP_LEAD.sub("", text))
    if m is not None:
        about = _matches_statement(m.group("statement"), ctx)
        if about is not None:
            value = (m.group("value").lower() == "true") != bool(m.group("neg"))
            return Answer(value if about else not value)
    return None
