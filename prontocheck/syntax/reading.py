r"""Reading a model's whole output: every sentence gets a kind, the record gets its committed answer.

Sentence kinds (:class:`SentenceKind`):

- ``step``: asserts something about the problem (a fact, a rule, a cited premise); it makes one or more
  proof steps. A sentence with a step clause and a remark ("Vumpuses are not transparent, but we need to
  determine if Wren is cold.") is a step.
- ``commentary``: questions, plans and self-talk, remarks on relevance or on what cannot be concluded,
  talk about the answer format.
- ``hypothetical``: "If Sam were a rompus, …", "Suppose Sam is a rompus." (in the OOD calculus, where
  proofs assume, "Suppose" opens an assumption and is a step).
- ``answer``: an answer statement (committed or tentative).
- ``backtrack``: a depth-first trace's "Backtrack to φ." / "Start over." line.
- ``unparseable``: asserts something in the problem's vocabulary that cannot be read (with a reason); also any
  sentence longer than :data:`prontocheck.limits.SENTENCE_CHARS`, which is not read (its reason: ``budget_exceeded:
  a sentence of N characters is over the limit sentence_chars = 2000``).

Only steps and unparseable sentences enter step counts, first errors and proof accuracies.

**The committed answer.** The last answer statement wins, except that a bare word or letter ("Yes.",
"B") commits only when no step follows it. Inside a reasoning trace (``<think>…</think>``) nothing
commits: the answer after the closing tag does. Without one, the record's answer is ``None`` with a
reason: ``truncated: the output ends inside the reasoning trace``, ``no answer after the reasoning
trace``, ``truncated: the output ends mid-sentence``, ``no answer statement``.

**A new problem after the answer is cut.** Base models run on into a made-up next question: the text
from a line ``Q:``, ``Question:``, ``Context:``, ``Problem:``, ``------`` (or a new "Is the following
statement true or false?") is cut when an answer came before it or a question follows it (a horizontal
rule only before a question: it is also Markdown's section break), and never read as steps;
``cut_after_answer`` counts the characters cut. (A ``Q:`` anywhere after the start cuts, as in the
original analyzers.)

>>> from prontocheck.syntax.vocabulary import Vocabulary
>>> from prontocheck.syntax import parse_statement as p
>>> ctx = ReadingContext.of([p("Every yumpus is a dumpus."), p("Max is a yumpus.")], {"A": True, "B": False})
>>> out = read_output("<think>Max is a yumpus. Is Max a dumpus? So yes.</think> The correct option is: A", ctx)
>>> [(s.kind.value, s.in_trace) for s in out.sentences]
[('step', True), ('commentary', True), ('answer', True), ('answer', False)]
>>> out.answer, out.answer_sentence
(Answer(label=True, weak=False), 3)
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import NamedTuple, cast

from prontocheck.common import patterns as rx
from prontocheck.errors import UnparseableSentence
from prontocheck.limits import SENTENCE_CHARS
from prontocheck.logic.formulas import Formula, symbols
from prontocheck.logic.negation import negate_inward
from prontocheck.syntax.answers import Answer, AnswerContext, answer_of
from prontocheck.syntax.discourse import (
    Context,
    Part,
    PartKind,
    bracket_says_something,
    compares_words,
    kind_of,
    literal_shaped,
    read_clause,
    read_discourse,
    read_lines,
)
from prontocheck.syntax.forms import proof_lines
from prontocheck.syntax.frontend import over_budget
from prontocheck.syntax.segment import THINK_CLOSE, THINK_OPEN, Segmented, Trace, segment, straighten
from prontocheck.syntax.sentences import parse_sentence, parse_statement
from prontocheck.syntax.vocabulary import Unread, Vocabulary


class SentenceKind(StrEnum):
    """What a sentence of a model's output is (see the module doc)."""

    STEP = "step"
    """Asserts something about the problem: a fact, a rule, a cited premise; makes one or more steps."""
    COMMENTARY = "commentary"
    """A question, a plan, self-talk, a remark on relevance or on what cannot be concluded."""
    HYPOTHETICAL = "hypothetical"
    """"If Sam were a rompus, …", "Suppose Sam is a rompus." (outside the OOD calculus)."""
    ANSWER = "answer"
    """An answer statement, committed or tentative."""
    BACKTRACK = "backtrack"
    """A depth-first trace's "Backtrack to φ." or "Start over." line."""
    UNPARSEABLE = "unparseable"
    """Asserts something in the problem's vocabulary that cannot be read."""


class SentenceReading(NamedTuple):
    """One sentence of an output, read (a named tuple, made once per sentence on the hot path).

    Attributes:
        text: the sentence as read (markup removed).
        start: offset of its first character in the output as written.
        end: offset just after its last character.
        kind: step, commentary, hypothetical, answer, backtrack or unparseable.
        parts: its clauses, each read (steps carry their proof lines).
        in_trace: it lies inside a reasoning trace.
        reason: for a sentence that is not a step, what it is ("a question", "a plan or self-talk", …) or,
            unparseable, where reading stopped.
        backtrack_to: for a backtrack line, the statement it returns to (``None``: start over).
    """

    text: str
    start: int
    end: int
    kind: SentenceKind
    parts: tuple[Part, ...] = ()
    in_trace: bool = False
    reason: str | None = None
    backtrack_to: Formula | None = None


@dataclass(frozen=True, slots=True)
class OutputReading:
    """A whole output, read.

    Attributes:
        sentences: every sentence before the cut, in order.
        answer: the committed answer, or ``None``.
        answer_sentence: the index of the sentence it was read from.
        answer_reason: why there is no committed answer (``None`` when there is one).
        cut_after_answer: characters cut off the end (a new problem after the answer), 0 if none.
        truncated: the output ends mid-sentence without an answer (its last clause may be cut short).
    """

    sentences: tuple[SentenceReading, ...]
    answer: Answer | None
    answer_sentence: int | None
    answer_reason: str | None
    cut_after_answer: int = 0
    truncated: bool = False


@dataclass(frozen=True, eq=False)
class ReadingContext:
    """Everything an output is read against; build one per problem (:meth:`of`) and reuse it.

    Attributes:
        clauses: the vocabulary, answer context and calculus for clauses.
        cache: sentence text → its reading (kind, parts, reason, backtrack target), filled as outputs are read.
    """

    clauses: Context
    cache: dict[str, tuple[SentenceKind, tuple[Part, ...], str | None, Formula | None]] = field(default_factory=dict)

    @classmethod
    def of(cls, axioms: Iterable[Formula], options: Mapping[str, bool | None] | None = None,
           statement: Formula | None = None, assumptions: bool = False, literal_facts: bool = False,
           judged: bool = True) -> ReadingContext:
        """A context from the problem's axioms, its options (letter → label) and its query's statement.

        Args:
            axioms: the context's formulas (the query's statement is added to the vocabulary).
            options: option letter → the label it stands for.
            statement: the query's statement S.
            assumptions: the problem's calculus assumes ("Suppose φ" is an ``Assume`` step).
            literal_facts: the problem is in the v1 calculus (no conjunction or disjunction anywhere).
            judged: the question asks whether S is true (``False`` for "Prove: S": "It is true that S" states S).
        """
        axioms = list(axioms)
        formulas = [*axioms, *([statement] if statement is not None else [])]
        answers = AnswerContext(dict(options or {}), statement, _statement_or_none,
                                negate_inward(statement) if statement is not None else None, judged)
        return cls(Context(Vocabulary.of(formulas), answers, assumptions, frozenset(axioms), literal_facts))

    @property
    def vocabulary(self) -> Vocabulary:
        """The problem's vocabulary."""
        return self.clauses.vocabulary


_CACHE_LIMIT = 1 << 12
_PLAIN_LIMIT = 1 << 15
_BACKTRACK_TO = rx.compile(
    r"^(?:backtrack(?:ing)?|go(?:ing)?\s+back|return(?:ing)?|let'?s\s+(?:go\s+back|backtrack|return))\s+to\s+"
    r"(?:the\s+(?:step|fact|statement)\s+)?(?P<target>.{1,300}?)[.!]?$",
    re.IGNORECASE,
)
_RESTART = rx.compile(
    r"^(?:backtrack(?:ing)?|start(?:ing)?\s+over|try(?:ing)?\s+again|let'?s\s+(?:try\s+(?:again|another\s+\w+)"
    r"|start\s+over)|dead\s+end|restart)\b[^.]{0,60}[.!]?$",
    re.IGNORECASE,
)


def _statement_or_none(text: str) -> Formula | None:
    try:
        return parse_statement(text)
    except UnparseableSentence:
        return None


def _fast(text: str, ctx: ReadingContext) -> tuple[Part, ...] | None:
    """The sentence read whole by the grammar, every word fitting the vocabulary; else ``None``.

    The grammar skips bracketed asides; one that says something ("(so Max is a rompus)") sends the sentence
    to the clause reader instead.
    """
    if bracket_says_something(text) or text.rstrip().endswith("?") or compares_words(text):
        return None  # (a question is never a statement, whatever the grammar makes of its words)
    try:
        sentence = parse_sentence(text)
    except UnparseableSentence:
        return None
    read = read_lines(proof_lines(sentence), text, ctx.clauses)
    return None if isinstance(read, Unread) else (Part(PartKind.STEP, text, read),)


def read_sentence(text: str, ctx: ReadingContext) -> tuple[SentenceKind, tuple[Part, ...], str | None, Formula | None]:
    """Read one sentence: its kind, its clauses, why it is not a step, and a backtrack's target.

    >>> from prontocheck.syntax import parse_statement as p
    >>> ctx = ReadingContext.of([p("Every wumpus is a yumpus."), p("Max is a wumpus.")])
    >>> kind, parts, reason, _ = read_sentence("So, I think wumpuses are irrelevant here.", ctx)
    >>> kind.value, reason
    ('commentary', 'a remark on relevance')
    >>> kind, parts, _, _ = read_sentence("Max, being a wumpus, is a yumpus.", ctx)
    >>> kind.value, [str(line) for part in parts for line in part.lines]
    ('step', ['wumpus(Max)', 'yumpus(Max)'])
    """
    if len(text) > SENTENCE_CHARS:  # not read at all: an unparseable sentence, whatever it says
        reason = over_budget(text).reason
        return SentenceKind.UNPARSEABLE, (Part(PartKind.UNPARSEABLE, text, reason=reason),), reason, None
    entry = _plain_entry(text)
    if entry is not None:
        result, predicates, constants = entry
        vocabulary = ctx.clauses.vocabulary
        if predicates <= vocabulary.predicates and constants <= vocabulary.names or vocabulary.empty:
            return result
    cached = ctx.cache.get(text) or _BARE_READINGS.get(text)
    if cached is not None:
        return cached
    result = _read(text, ctx)
    if len(_BARE_READINGS) < 64 and _BARE_LABEL.fullmatch(text):
        _BARE_READINGS[text] = result  # the same against every problem: shared, not kept per problem
        return result
    if len(ctx.cache) >= _CACHE_LIMIT:
        ctx.cache.clear()
    ctx.cache[text] = result
    return result


Reading = tuple[SentenceKind, tuple[Part, ...], str | None, Formula | None]
"""What :func:`read_sentence` returns: kind, clauses, why it is not a step, a backtrack's target."""
_BARE_LABEL = rx.compile(r"(?:(?<!\*)\*++)?(?:true|false)[.!]?\**+", re.IGNORECASE)
"""A bare label ("True", "**False.**"): read the same against every problem (no option letter, no statement)."""
_BARE_READINGS: dict[str, Reading] = {}
_PLAIN_ENTRIES: dict[str, tuple[Reading, frozenset[str], frozenset[str]] | None] = {}
_MISSING = object()


def _plain_entry(text: str) -> tuple[Reading, frozenset[str], frozenset[str]] | None:
    """A sentence the grammar reads whole into literals and literal-to-literal rules (the generator's sentences):
    its reading and the predicates and names it needs, shared by every problem whose vocabulary has them all.
    Cached for all problems; ``None`` for any other sentence (read against each problem's vocabulary).
    """
    entry = _PLAIN_ENTRIES.get(text, _MISSING)
    if entry is not _MISSING:
        return cast("tuple[Reading, frozenset[str], frozenset[str]] | None", entry)
    made = None
    try:
        sentence = (None if bracket_says_something(text) or _TRUE_THAT.search(text) or text.rstrip().endswith("?")
                    or compares_words(text) else parse_sentence(text))
    except UnparseableSentence:
        sentence = None
    if sentence is not None:
        lines = proof_lines(sentence)
        formulas = [line.formula for line in lines if line.formula is not None]
        if len(formulas) == 1 and literal_shaped(formulas[0]) or all(literal_shaped(f) for f in formulas):
            if len(formulas) == 1:
                predicates, constants = symbols(formulas[0])
            else:
                found = [symbols(f) for f in formulas]
                predicates = frozenset().union(*(p for p, _ in found))
                constants = frozenset().union(*(c for _, c in found))
            made = (SentenceKind.STEP, (Part(PartKind.STEP, text, lines),), None, None), predicates, constants
    if len(_PLAIN_ENTRIES) >= _PLAIN_LIMIT:
        _PLAIN_ENTRIES.clear()
    _PLAIN_ENTRIES[text] = made
    return made


_TRUE_THAT = rx.compile(r"\b(?:true|false|correct|incorrect)\s+that\b", re.IGNORECASE)
"""Words of "it is true that S": an answer when S is the query's statement (else S is a step; the grammar reads
the words as a lead-in), so such a sentence is asked of the answer reader first and shared by no problem."""


def _read(text: str, ctx: ReadingContext) -> tuple[SentenceKind, tuple[Part, ...], str | None, Formula | None]:
    asked_first = _TRUE_THAT.search(text) is not None
    whole = answer_of(text, ctx.clauses.answers) if asked_first else None
    if whole is not None:
        return SentenceKind.ANSWER, (Part(PartKind.ANSWER, text, answer=whole),), None, None
    fast = _fast(text, ctx)
    if fast is not None:
        return SentenceKind.STEP, fast, None, None
    target = _BACKTRACK_TO.match(text)
    if target is not None:
        steps = [line.formula for part in read_clause(target.group("target"), ctx.clauses) for line in part.lines]
        if len(steps) == 1:
            return SentenceKind.BACKTRACK, (), "a backtrack", steps[0]
    if _RESTART.match(text):
        return SentenceKind.BACKTRACK, (), "a backtrack (start over)", None
    if not asked_first:  # (else already asked, and it is not an answer)
        whole = answer_of(text, ctx.clauses.answers)
    if whole is not None:
        return SentenceKind.ANSWER, (Part(PartKind.ANSWER, text, answer=whole),), None, None
    parts = tuple(read_discourse(text, ctx.clauses))
    kind = SentenceKind(kind_of(list(parts)).value)
    reason = None
    if kind is not SentenceKind.STEP:
        reason = next((p.reason for p in parts if p.kind.value == kind.value and p.reason), None)
    return kind, parts, reason, None


# -- the whole output ------------------------------------------------------------------------------------

_Q = rx.compile(r"(?:^|(?<=\s))Q:")
_RULE = r"(?<![ \t\-=])[ \t]*+(?:-{3,}+|={3,}+)[ \t]*+$"
"""A horizontal rule line (``---``, ``===``): one of the line markers, and the one that is also a section break."""
_LINE_MARKER = rx.compile(
    r"(?<![ \t*#>])[ \t*#>]*+(?:question|context|problem|premises|human|user|instruction|example\s+\d{1,3})[ \t*]*+:"
    r"|" + _RULE,
    re.IGNORECASE | re.MULTILINE,
)
_RULE_LINE = rx.compile(_RULE, re.MULTILINE)
_RESTATED = rx.compile(r"\bis\s+the\s+following\s+statement\s+true\s+or\s+false\b", re.IGNORECASE)
_QUESTION_AFTER = rx.compile(
    r"true\s+or\s+false|prove\s*:|\bquestion\s*:|\boptions\s*:|is\s+the\s+following\s+statement", re.IGNORECASE
)
MID_SENTENCE = "truncated: the output ends mid-sentence"
_WRAPPER_END = rx.compile(r"(?:true\s+or\s+false|following\s+statement)\W*+$", re.IGNORECASE)
_FINAL = frozenset('.!?)"\'*:]}>`|$∎□■')
"""What a finished text may end with: punctuation, a closing bracket, quote, emphasis, code fence, table border or
math delimiter, or an end-of-proof mark (∎, □, ■)."""


def _answers(readings: list[SentenceReading]) -> list[tuple[int, Answer]]:
    return [(i, p.answer) for i, r in enumerate(readings) for p in r.parts
            if p.kind is PartKind.ANSWER and p.answer is not None]


def _markers(straight: str, start: int, end: int) -> list[int]:
    """Where a line in ``straight[start:end]`` starts a new problem, and where a new "Is the following statement
    true or false?" starts, in order.
    """
    found = []
    at = straight.find("\n", start, end)
    while at != -1:
        if _LINE_MARKER.match(straight, at + 1, end):
            found.append(at + 1)
        at = straight.find("\n", at + 1, end)
    if "ollowing statement" in straight:
        found.extend(m.start() for m in _RESTATED.finditer(straight, start, end))
    return sorted(found)


def _cut(text: str, ctx: ReadingContext) -> int | None:
    """Where a new problem starts after the answer (see the module doc), or ``None``."""
    q = text.find("Q:")
    if q > 0 and text[q - 1] in " \n" and "ollowing statement" not in text:
        before = text[:q].strip()
        if before and "\n" not in before:
            return q  # one line, then the next "Q:" (few-shot answers): no line can start a new problem before it
    return _cut_at_lines(text, ctx)


def _cut_at_lines(text: str, ctx: ReadingContext) -> int | None:
    """:func:`_cut` the long way: every line that may start a new problem, tried in order.

    Each candidate is judged on the text before it, read once in all: the lines between two candidates are cut into
    sentences and read as the scan reaches them (a sentence never spans a line break), and only the part of a line
    before a candidate inside it is read again; the reasoning trace of each prefix comes from the think tags found
    once. So the scan takes time linear in the text, however many candidates it has.
    """
    straight = straighten(text)
    first = len(straight) - len(straight.lstrip()) + 1
    q = _Q.search(straight, first) if "Q:" in straight else None
    end = len(straight) if q is None else q.start()
    markers = _markers(straight, first, end) if "\n" in straight or "ollowing statement" in straight else []
    if not markers:
        return None if q is None else q.start()
    opens = [m.end() for m in THINK_OPEN.finditer(straight)][:1]
    closes = [(m.end(), m.start()) for m in THINK_CLOSE.finditer(straight)]
    done = 0  # the text before ``done`` (a line start) is read
    previous: SentenceReading | None = None
    has_step = False
    answers: list[int] = []  # where the answer sentences read so far start
    question: int | None = None  # where the last search found a question after a line
    searched = False
    for at in markers:
        if closes and closes[-1][1] > at and (not opens or opens[0] <= at):
            continue  # inside a reasoning trace that closes later: re-reading the question starts no new problem
        if _restates_the_query(straight, at, ctx):
            continue
        line = straight.rfind("\n", 0, at) + 1
        if line > done:
            read = _read_all(segment(text[done:line]), ctx, previous)
            if read:
                previous = read[-1]
                has_step = has_step or any(r.kind is SentenceKind.STEP for r in read)
                answers.extend(done + read[i].start for i, _ in _answers(read))
            done = line
        tail = _read_all(segment(text[line:at]), ctx, previous) if at > line else []
        starts = answers + [line + tail[i].start for i, _ in _answers(tail)]
        trace = _prefix_trace(opens, closes, at)
        has_answer = bool(starts) and (trace is None or starts[0] < trace.start or starts[-1] >= trace.end)
        has_content = has_answer or has_step or any(r.kind is SentenceKind.STEP for r in tail)
        if has_answer and not _RULE_LINE.match(straight, at):
            return at  # (a horizontal rule after the answer is also Markdown's section break: it cuts only before a
            # question, below)
        if has_content:
            if not searched or (question is not None and question < at + 2):
                # searched again only past the last question found: a search that found none finds none later
                found = _QUESTION_AFTER.search(straight, at + 2)
                question, searched = (None if found is None else found.start()), True
            if question is not None:
                return at
    return None if q is None else q.start()


_RESTATED_STATEMENT = rx.compile(r"(?<![\"'\s])[\"'\s]*+(?P<statement>[^.?!\n\"\s][^.?!\n\"]{0,199})")


def _restates_the_query(straight: str, at: int, ctx: ReadingContext) -> bool:
    """The marker at ``at`` is "Is the following statement true or false? S" with S the query's own statement (the
    model re-reads its question; a new problem asks about something else).
    """
    answers = ctx.clauses.answers
    restated = _RESTATED.match(straight, at)
    if restated is None or answers.statement is None or answers.parse is None:
        return False
    after = straight.find("?", restated.end(), restated.end() + 3)
    m = _RESTATED_STATEMENT.match(straight, after + 1) if after != -1 else None
    return m is not None and answers.parse(m.group("statement").strip()) == answers.statement


def _prefix_trace(opens: list[int], closes: list[tuple[int, int]], at: int) -> Trace | None:
    """The reasoning trace of ``text[:at]`` (as :func:`~prontocheck.syntax.segment.segment` finds it), from the end
    of the text's first opening tag and the (end, start) of each closing tag.
    """
    i = bisect_right(closes, (at, at))  # closing tags that end by ``at``
    opened = opens[0] if opens and opens[0] <= at else None
    if i:
        last = closes[i - 1][1]
        return Trace(opened if opened is not None and opened <= last else 0, last, True)  # tags never overlap
    return None if opened is None else Trace(opened, at, False)


def _read_all(seg: Segmented, ctx: ReadingContext, previous: SentenceReading | None = None) -> list[SentenceReading]:
    """Read every sentence of a text; ``previous`` is the sentence read just before the text, if any."""
    out: list[SentenceReading] = [] if previous is None else [previous]
    vocabulary = ctx.clauses.vocabulary
    predicates, names, anything = vocabulary.predicates, vocabulary.names, vocabulary.empty
    plain = _PLAIN_ENTRIES.get
    make = tuple.__new__  # SentenceReading's own constructor, without the keyword handling (many sentences)
    for s in seg.sentences:
        text = s.text
        entry = plain(text)
        if entry is not None and (entry[1] <= predicates and entry[2] <= names or anything):
            # the generator's sentences, read once for all problems (read_sentence's first test, inlined: the
            # hot path of PrOntoQA-style text)
            kind, parts, reason, target = entry[0]
        else:
            kind, parts, reason, target = read_sentence(text, ctx)
        if out and out[-1].reason == "a question" and _WRAPPER_END.search(out[-1].text) and _is_query(parts, ctx):
            # "Is the following statement true or false? Max is sour.": the question restated, not a claim
            kind, parts, reason = SentenceKind.COMMENTARY, (), "the question restated"
        out.append(make(SentenceReading, (text, s.start, s.end, kind, parts, s.in_trace, reason, target)))
    return out if previous is None else out[1:]


def _is_query(parts: tuple[Part, ...], ctx: ReadingContext) -> bool:
    """The parts state the query's statement S (or its negation) and nothing else."""
    answers = ctx.clauses.answers
    lines = [line for p in parts for line in p.lines]
    return len(lines) == 1 and lines[0].formula is not None and lines[0].formula in (answers.statement, answers.negated)


def _choose(readings: list[SentenceReading], text: str = "") -> tuple[int, Answer] | None:
    """The committed answer: the last answer outside the trace; a bare one only if no step follows it, if it opens
    what the model says outside the trace, or if it is set in bold ("**No.** Sally is a mammal, …": the answer, then
    its reasons).
    """
    last_step = -1
    first = next((i for i, r in enumerate(readings) if not r.in_trace), -1)
    step, answer_part = SentenceKind.STEP, PartKind.ANSWER
    for i in range(len(readings) - 1, -1, -1):  # from the end: the answer is usually the last sentence
        reading = readings[i]
        if reading.in_trace:
            continue
        if last_step < 0 and reading.kind is step:
            last_step = i
        for part in reversed(reading.parts):
            answer = part.answer
            if part.kind is answer_part and answer is not None and not (
                    answer.weak and i < last_step and i != first and not _bold(text, reading)):
                return i, answer
    return None


def _bold(text: str, reading: SentenceReading) -> bool:
    """The sentence is set in bold as written ("**No.**", "__B__")."""
    return text[max(0, reading.start - 2):reading.start] in ("**", "__") and text[reading.end:reading.end + 2] in (
        "**", "__") or text[reading.start:reading.start + 2] in ("**", "__")


def _mid_sentence(text: str, readings: list[SentenceReading]) -> bool:
    """The text ends in the middle of a sentence that is not an answer (its last clause may be cut short)."""
    stripped = text.rstrip()
    return (bool(stripped) and stripped[-1] not in _FINAL and bool(readings)
            and readings[-1].kind is not SentenceKind.ANSWER)


def _no_answer(text: str, trace: Trace | None, readings: list[SentenceReading]) -> str:
    if trace is not None and not trace.closed:
        return "truncated: the output ends inside the reasoning trace"
    if _mid_sentence(text, readings):
        return MID_SENTENCE
    if trace is not None and not any(not r.in_trace for r in readings):
        return "no answer after the reasoning trace"
    return "no answer statement"


def read_output(text: str, ctx: ReadingContext) -> OutputReading:
    """Read a model's output: its sentences with kinds and spans, its committed answer, the cut.

    >>> from prontocheck.syntax import parse_statement as p
    >>> ctx = ReadingContext.of([p("Every cat is a feline."), p("Fae is a cat.")])
    >>> out = read_output("Fae is a cat. Every cat is a feline. Fae is a feline. True\\n\\nQ: Rex is a dog.", ctx)
    >>> [s.kind.value for s in out.sentences], out.answer.label, out.cut_after_answer
    (['step', 'step', 'step', 'answer'], True, 16)
    """
    cut = _cut(text, ctx) if ("Q:" in text or "\n" in text or "following statement" in text) else None
    used = text if cut is None else text[:cut]
    seg = segment(used)
    readings = _read_all(seg, ctx)
    chosen = _choose(readings, used)
    if chosen is None:
        reason = _no_answer(used, seg.trace, readings)
        return OutputReading(tuple(readings), None, None, reason, 0 if cut is None else len(text) - cut,
                             _mid_sentence(used, readings))
    index, answer = chosen
    return OutputReading(tuple(readings), answer, index, None, 0 if cut is None else len(text) - cut)


_LEADING_YES_NO = rx.compile(r"(?<![\s*_\"#>])[\s*_\"#>]*+(yes|no)[*_\"]*+[ \t]*+(?:[,.;:!\n]|-\s|$)", re.IGNORECASE)
"""A reply that opens with a bare Yes or No, then a pause ("Yes, it follows.", "**No** - …")."""


@cache
def _no_problem() -> ReadingContext:
    """The context of a reply read for its answer alone (no problem's vocabulary)."""
    return ReadingContext.of([])


def reply_answer(text: str) -> bool | None:
    """The yes/no answer a free-text reply to a yes/no question commits to: its committed answer as outputs are read
    (:func:`read_output`: the last answer statement outside a reasoning trace, "Answer: yes", "So the answer is No.",
    a bolded verdict), else a Yes or No that opens it ("Yes, it follows."); ``None`` when it commits to neither.

    >>> [reply_answer(t) for t in ["Yes, it follows.", "No. Mary was there, so Sue was. So the answer is yes.",
    ...                            "<think>So yes.</think> **No**", "I think so.", "Nobody knows."]]
    [True, True, False, None, None]
    """
    read = read_output(text, _no_problem())
    if read.answer is not None:
        return read.answer.label
    if (m := _LEADING_YES_NO.match(straighten(text))) is not None:
        return m.group(1).lower() == "yes"
    return None
