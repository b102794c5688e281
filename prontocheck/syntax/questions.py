"""Questions as benchmarks ask them, and their answer options.

A query is a wording around one statement S; S itself is read by the statement grammar
(:func:`~prontocheck.syntax.sentences.parse_statement`). The wordings, case-insensitive, with Markdown
emphasis (``**``, ``*``, ``_``, backticks) and quotes around S tolerated:

* ``True or false: S`` (also ``True or false? S``, ``True/False: S``, ``True, false, or unknown? S``)
* ``Prove: S`` / ``Prove that S`` (kind ``prove``: a proof, no label)
* ``Is the following statement true or false? S`` (``Is the following true or false: S``, ``Is this claim …``)
* ``Is it true that S?`` (``Is it the case that S?``, ``Is it true or false that S?``)
* ``Determine whether S is true or false.``, ``Determine whether S.``, ``Determine whether the following
  statement is true or false: S`` (``decide``, ``check``, ``tell``; ``if`` for ``whether``)
* the yes/no inversion ``Is Max sour?`` / ``Are wumpuses yumpuses?``: read as ``Max is sour`` when exactly
  one place for the verb after a subject gives a statement (a place inside a listed compound noun such
  as "real number" does not count; with the context's predicates given, a reading that uses others does
  not either); a question that reads as no statement, or as several, is an error, never a guess.

A label (``Question:``, ``Q:``, ``Query:``) and a short lead-in ending in a comma (``Based on the
context, …``) may come first. S ends at the first ``.``, ``?``, ``!`` or line break; what follows on
the line (``Think step by step.``, ``Answer True or False.``) is an instruction and is not read.

Answer options are written ``A) True``, ``(A) True``, ``A. True`` or ``A: True``, inline or one per
line, after an optional ``Options:`` / ``Choices:`` label. :func:`read_options` reads them from a
value, :func:`cut_options` finds them in a query or prompt text.

>>> read_question("Is the following statement true or false? Max is sour. Think step by step.")
Question(kind='true_or_false', statement='Max is sour', start=42, wording=<Wording.FOLLOWING: 'following'>)
>>> q = read_query("Is Max not sour?")
>>> q.kind, str(q.formula)
('true_or_false', '¬sour(Max)')
>>> [str(o) for o in read_options(["A) True", "B) False"])]
['A) True', 'B) False']
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Literal

from prontocheck.common import patterns as rx
from prontocheck.errors import UnparseableSentence, UnreadableOptions, UnreadableQuery
from prontocheck.logic.formulas import Formula, mentions
from prontocheck.syntax.forms import Query
from prontocheck.syntax.lexicon import compound_nouns
from prontocheck.syntax.morphology import singular
from prontocheck.syntax.sentences import parse_statement

# Markdown emphasis is blanked out (one space per character), so offsets stay those of the text as written.
_MARKUP = rx.compile(r"[*_`]")
_QUOTES = "\"'“”‘’«»"
# Possessive quantifiers (``*+``, ``++``) never backtrack: every pattern here runs in linear time.
_TF = r"true\s*+(?:/\s*+|,?\s*+or\s++|,\s*+)false(?:\s*+,?\s*+or\s++(?:unknown|uncertain|undetermined))?+"
_NOUN = r"(?:\s++(?:statement|claim|sentence|hypothesis|conclusion|proposition))?+"
_VERB = r"(?:determine|decide|check|tell|say)\s++(?:whether|if)\s++"
_LABEL = rx.compile(r"(?:question|query|q)\s*+:\s*+", re.IGNORECASE)
_LEAD_IN = rx.compile(
    r"(?:based\s++on|according\s++to|given|using|from)\s++(?:the\s++|this\s++|these\s++|all\s++)?+"
    r"(?:above\s++|given\s++|following\s++|preceding\s++)?+(?:context|information|premises|facts|text|passage|rules"
    r"|statements|above)(?:\s++(?:above|given))?+\s*+,\s*+", re.IGNORECASE)
_END = rx.compile(r"[.?!\n]")
_DETERMINE_TAIL = rx.compile(rf"(?<!\s)\s++is\s++{_TF}\W*+$", re.IGNORECASE)
_AMBIGUOUS = "reads as more than one statement"
_MAX_YES_NO_WORDS = 24
_LONGEST_COMPOUND = 3
"""Compound nouns checked by the yes/no inversion have at most this many words."""
_OR_NOT = rx.compile(r"(?<!\s)\s*+,?\s*+or\s++not\W*+$", re.IGNORECASE)


class Wording(StrEnum):
    """How a query asks its question (see the module doc)."""

    TRUE_OR_FALSE = "true_or_false"
    """``True or false: S``."""
    PROVE = "prove"
    """``Prove: S``."""
    FOLLOWING = "following"
    """``Is the following statement true or false? S``."""
    IS_IT_TRUE = "is_it_true"
    """``Is it true that S?``."""
    DETERMINE = "determine"
    """``Determine whether S is true or false.``"""
    YES_NO = "yes_no"
    """``Is Max sour?``: the statement with its verb moved to the front."""


_HEADS: tuple[tuple[re.Pattern[str], Wording], ...] = tuple(
    (rx.compile(pattern, re.IGNORECASE), wording) for pattern, wording in (
        (rf"is\s++(?:the\s++following|this|the){_NOUN}\s++{_TF}\s*+[?:.]", Wording.FOLLOWING),
        (rf"{_VERB}the\s++following{_NOUN}\s++is\s++{_TF}\s*+[?:.]", Wording.FOLLOWING),
        (r"is\s++it\s++(?:true|the\s++case)(?:\s++or\s++(?:false|not))?+\s++that\b", Wording.IS_IT_TRUE),
        (rf"{_VERB}(?:the\s++(?:statement|claim|sentence|hypothesis|conclusion|proposition)\b)?+",
         Wording.DETERMINE),
        (rf"{_TF}\s*+[?:]", Wording.TRUE_OR_FALSE),
        (r"prove\s*+:|prove\s++that\b", Wording.PROVE),
        (r"(?:is|are)\b", Wording.YES_NO),
    )
)
_ANY_HEAD = rx.compile("|".join(f"(?:{p.pattern})" for p, w in _HEADS if w is not Wording.YES_NO), re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Question:
    """A query's wording and its statement, before the statement is parsed.

    Attributes:
        kind: ``"prove"`` for ``Prove:``, else ``"true_or_false"`` (a label is expected).
        statement: S as written (quotes and emphasis off); for a yes/no question, S rebuilt as a statement.
        start: the 0-based offset of S in the query text.
        wording: how the question is asked.
    """

    kind: Literal["true_or_false", "prove"]
    statement: str
    start: int
    wording: Wording


def blank_markup(text: str) -> str:
    """The text with Markdown emphasis characters replaced by spaces (offsets unchanged).

    >>> blank_markup("**True** or `false`")
    '  True   or  false '
    """
    return _MARKUP.sub(" ", text)


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos


def question_start(text: str, pos: int = 0) -> int:
    """Where the wording starts: after leading space, a ``Question:`` label and a lead-in ending in a comma.

    >>> question_start("Q: Based on the context, is Max sour?")
    25
    """
    pos = _skip_space(text, pos)
    if (m := _LABEL.match(text, pos)) is not None:
        pos = m.end()
    if (m := _LEAD_IN.match(text, pos)) is not None:
        pos = m.end()
    return pos


def find_questions(text: str) -> list[tuple[int, int]]:
    """The (start, end) spans of every question wording in a longer text (a prompt), in order.

    The yes/no inversion is not searched for: in running text "Is …?" is too often something else.

    >>> text = "Q: Fae is a cat. True or false: Fae is a cat. A: True\\n\\nQ: Rex is a dog. Prove: Rex is a dog."
    >>> [text[s:e] for s, e in find_questions(text)]
    ['True or false:', 'Prove:']
    """
    w = blank_markup(text)
    return [(m.start(), m.end()) for m in _ANY_HEAD.finditer(w)
            if m.start() == 0 or not (w[m.start() - 1].isalnum() or w[m.start() - 1] == "'")]


def _unquote(text: str, start: int, end: int) -> tuple[int, int]:
    """Narrow ``[start, end)`` past surrounding spaces and quotes."""
    while start < end and (text[start].isspace() or text[start] in _QUOTES):
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in _QUOTES):
        end -= 1
    return start, end


def read_question(text: str, known: frozenset[str] = frozenset()) -> Question:
    """Find a query's wording and its statement S (see the module doc); S is not parsed here, except
    to place the verb of a yes/no question (where ``known``, the predicates of the problem's context,
    decides between readings the grammar alone cannot).

    Raises:
        UnreadableQuery: no known wording, no statement after it, or a yes/no question that reads
            as no statement or as more than one.

    >>> read_question("**True or false:** Fae is not kind.").statement
    'Fae is not kind'
    >>> q = read_question('Determine whether "Rex is a dog" is true or false.')
    >>> q.statement, q.start, q.wording.value
    ('Rex is a dog', 19, 'determine')
    """
    w = blank_markup(text)
    pos = question_start(w)
    found = next(((m, wording) for head, wording in _HEADS if (m := head.match(w, pos)) is not None), None)
    if found is None:
        raise UnreadableQuery(text, "not a question: expected 'True or false: S', 'Prove: S', 'Is the following "
                                    "statement true or false? S', 'Is it true that S?' or 'Determine whether S "
                                    "is true or false'", pos=min(pos, max(len(text) - 1, 0)))
    m, wording = found
    start = _skip_space(w, m.end())
    stop = _END.search(w, start)
    end = len(w) if stop is None else stop.start()
    if wording is Wording.DETERMINE and (tail := _DETERMINE_TAIL.search(w, max(start - 1, 0), end)) is not None:
        end = tail.start()
    if wording is Wording.YES_NO:
        if stop is None or stop.group() != "?":
            raise UnreadableQuery(text, f"not a question: {w[m.start():m.end()]!r} opens no question ending in '?'",
                                  pos=m.start())
        if (tail := _OR_NOT.search(w, start, end)) is not None:
            end = tail.start()
    start, end = _unquote(w, start, end)
    if start >= end:
        raise UnreadableQuery(text, f"no statement after {' '.join(w[m.start():m.end()].split())!r}",
                              pos=min(start, max(len(text) - 1, 0)))
    kind: Literal["true_or_false", "prove"] = "prove" if wording is Wording.PROVE else "true_or_false"
    if wording is Wording.YES_NO:
        return Question(kind, _invert(text, w[m.start():m.end()].lower(), w, start, end, known), start, wording)
    return Question(kind, w[start:end], start, wording)


def _splits_compound(words: list[str], i: int) -> bool:
    """Whether a verb before ``words[i]`` would cut a listed compound noun ("real | numbers") in two."""
    compounds = compound_nouns()
    for j in range(max(0, i - _LONGEST_COMPOUND + 1), i):
        for k in range(i + 1, min(len(words), j + _LONGEST_COMPOUND) + 1):
            phrase = [w.lower() for w in words[j:k]]
            if "_".join(phrase) in compounds or "_".join([*phrase[:-1], singular(phrase[-1])]) in compounds:
                return True
    return False


def _invert(text: str, verb: str, w: str, start: int, end: int, known: frozenset[str]) -> str:
    """The statement "X is Y" that the question "Is X Y?" asks: the one place for the verb after a
    subject that gives a statement without cutting a listed compound noun ("Is every real number
    blue?": not "every real is number blue"), else the one whose predicates are all ``known``;
    several readings left are an error, not a guess.
    """
    words = w[start:end].split()
    if len(words) > _MAX_YES_NO_WORDS:  # each place is one parse: keep the work linear in the text
        raise UnreadableQuery(text, f"'{verb.capitalize()} …?' has more than {_MAX_YES_NO_WORDS} words for a "
                                    "yes/no question", pos=start)
    readings: dict[Formula, str] = {}
    for i in range(1, len(words)):
        if _splits_compound(words, i):
            continue
        candidate = " ".join([*words[:i], verb, *words[i:]])
        try:
            readings.setdefault(parse_statement(candidate), candidate)
        except UnparseableSentence:
            continue
    if len(readings) > 1 and known:
        fitting = {f: c for f, c in readings.items() if all(p in known for p, _ in mentions(f))}
        readings = fitting if len(fitting) == 1 else readings
    if len(readings) == 1:
        return next(iter(readings.values()))
    if not readings:
        reason = f"'{verb.capitalize()} …?' reads as no statement with {verb!r} after its subject"
    else:
        shown = " or ".join(repr(c) for c in list(readings.values())[:2])
        reason = f"'{verb.capitalize()} …?' {_AMBIGUOUS}: {shown}"
    raise UnreadableQuery(text, reason, pos=start)


def _raw_offset(raw: str, pos: int) -> int:
    """The offset in ``raw`` of offset ``pos`` of its whitespace-normalised form (words joined by one space)."""
    done = 0
    for m in re.finditer(r"\S++", raw):
        size = m.end() - m.start()
        if pos <= done + size:
            return m.start() + max(0, pos - done)
        done += size + 1
    return len(raw)


@lru_cache(maxsize=1 << 12)
def _read_query(text: str, known: frozenset[str]) -> Query | UnreadableQuery:
    try:
        question = read_question(text, known)
    except UnreadableQuery as e:
        return e
    try:
        formula = parse_statement(question.statement)
    except UnparseableSentence as e:
        offset = question.start if question.wording is Wording.YES_NO or e.pos is None else (
            question.start + _raw_offset(question.statement, e.pos))
        return UnreadableQuery(text, f"the statement does not parse: {e.reason}", pos=offset)
    return Query(question.kind, formula)


def read_query(text: str, known: frozenset[str] | Callable[[], frozenset[str]] = frozenset()) -> Query:
    """Read a query in any wording of the module doc: its kind and the logical form of its statement.

    ``known`` (the predicates of the problem's context, printed names such as ``real_number``) settles
    a yes/no question the grammar alone reads two ways ("Is every cube number blue?"); it may be a function
    that gives them, called only for such a question (most queries do not need them).

    Raises:
        UnreadableQuery: no known wording, or the statement does not parse (``pos`` is inside ``text``).

    >>> str(read_query("Is it true that Fae is a wumpus? Answer True or False.").formula)
    'wumpus(Fae)'
    >>> try:
    ...     read_query("True or false: Fae has a tail.")
    ... except UnreadableQuery as e:
    ...     print(e.column, e.reason)
    24 the statement does not parse: unexpected word 'a'
    """
    result = _read_query(text, frozenset())
    if isinstance(result, UnreadableQuery) and _AMBIGUOUS in result.reason \
            and (words := known() if callable(known) else known):
        result = _read_query(text, words)  # (cached under the context's words only where they matter)
    if isinstance(result, UnreadableQuery):
        raise result.fresh()
    return result


_LABELS = {"true": True, "yes": True, "correct": True, "false": False, "no": False, "incorrect": False}


@dataclass(frozen=True, slots=True)
class Option:
    """One answer option of a multiple-choice question.

    Attributes:
        letter: the option's letter, upper case (``"A"``).
        text: what the option says (``"True"``), emphasis off.
        label: ``True`` for True/Yes/Correct, ``False`` for False/No/Incorrect, ``None`` otherwise ("Unknown").
    """

    letter: str
    text: str
    label: bool | None

    def __str__(self) -> str:
        return f"{self.letter}) {self.text}"

    @classmethod
    def of(cls, letter: str, text: str) -> Option:
        """An option with its letter in upper case and its label read from its text.

        >>> Option.of("b", "False."), Option.of("C", "Unknown").label
        (Option(letter='B', text='False.', label=False), None)
        """
        return cls(letter.upper(), text, _LABELS.get(text.strip(" .!").lower()))


_OPTIONS_LABEL = rx.compile(r"(?<!\w)(?:answer\s++)?(?:options|choices)\s*+:", re.IGNORECASE)
# "(A)", "A)", "A." or "A:", then a space; lower case only with a parenthesis.
_MARKER = rx.compile(r"\(\s*+(?P<p>[A-Za-z])\s*+\)|(?P<c>[A-Za-z])\)|(?P<d>[A-Z])(?P<s>[.:])")
_FIRST = rx.compile(r"(?<!\S)(?:\(\s*+[Aa]\s*+\)|[Aa]\)|A[.:])(?=\s)")


@dataclass(frozen=True, slots=True)
class _Marker:
    start: int
    end: int
    letter: str
    style: str

    def next(self) -> str:
        """The text of the marker of the next letter, in the same style."""
        letter = chr(ord(self.letter) + 1)
        return {"(": f"({letter})", ")": f"{letter})"}.get(self.style, letter + self.style)


def _marker(w: str, pos: int) -> _Marker | None:
    m = _MARKER.match(w, pos)
    if m is None or (m.end() < len(w) and not w[m.end()].isspace()):
        return None
    if m.group("p"):
        return _Marker(m.start(), m.end(), m.group("p"), "(")
    if m.group("c"):
        return _Marker(m.start(), m.end(), m.group("c"), ")")
    return _Marker(m.start(), m.end(), m.group("d"), m.group("s"))


_STANDALONE = rx.compile(r"(?<!\S)(?:\(\s*+[A-Za-z]\s*+\)|[A-Za-z]\)|[A-Z][.:])(?=\s|\Z)")
_NEWLINE = rx.compile(r"\n")
_NONSPACE = rx.compile(r"\S")


class _Scanner:
    """A text's option markers and line ends, indexed once, so that reading options from any number of
    candidate starts stays within O(n log n) of the text's length.
    """

    def __init__(self, w: str) -> None:
        self.w = w
        self.lines = [m.start() for m in _NEWLINE.finditer(w)]
        self.markers: dict[str, list[int]] = {}
        for m in _STANDALONE.finditer(w):
            self.markers.setdefault("".join(m.group().split()), []).append(m.start())
        self._next_text: dict[int, int] = {}

    def eol(self, pos: int) -> int:
        """The end of the line ``pos`` is on."""
        i = bisect.bisect_left(self.lines, pos)
        return self.lines[i] if i < len(self.lines) else len(self.w)

    def find(self, marker: str, start: int, end: int) -> int:
        """The first offset in ``[start, end)`` of ``marker`` standing alone, or -1."""
        positions = self.markers.get(marker, [])
        i = bisect.bisect_left(positions, start)
        return positions[i] if i < len(positions) and positions[i] < end else -1

    def next_text(self, pos: int) -> int:
        """The offset of the first character after ``pos`` that is not a space (the length at the end)."""
        if pos not in self._next_text:
            m = _NONSPACE.search(self.w, pos)
            self._next_text[pos] = len(self.w) if m is None else m.start()
        return self._next_text[pos]


def _items(scan: _Scanner, pos: int, minimum: int = 1) -> tuple[list[Option], int]:
    """The options written from ``pos`` on (each marker, then its text up to the next letter's marker on
    its line or the line's end, the next marker then also on the next line), and where they end; none
    at all when fewer than ``minimum`` can follow (found before any text is read).
    """
    w = scan.w
    options: list[Option] = []
    marker = _marker(w, pos)
    end = pos
    while marker is not None:
        eol = scan.eol(marker.end)
        expected = marker.next()
        at = scan.find(expected, marker.end, eol)
        following = -1
        if at < 0:
            following = scan.next_text(eol)
            following = following if scan.find(expected, following, following + 1) == following else -1
        if at < 0 and following < 0 and len(options) + 1 < minimum:
            return [], pos
        cut = eol if at < 0 else at
        text = " ".join(w[marker.end:cut].split())
        if not text:
            break
        options.append(Option.of(marker.letter, text))
        end = cut
        while end > marker.end and w[end - 1].isspace():
            end -= 1
        at = at if at >= 0 else following
        marker = _marker(w, at) if at >= 0 else None
    return options, end


def cut_options(text: str) -> tuple[str, tuple[Option, ...]]:
    """Find answer options written in a query or prompt text: the text before them, and the options.

    Options follow an ``Options:`` / ``Choices:`` label, or start with an ``A`` option followed by a
    ``B`` option in the same style; without either, the text is returned whole with no options.

    >>> cut_options("Is the following statement true or false? Max is sour.\\n\\nOptions:\\nA) True\\nB) False")
    ('Is the following statement true or false? Max is sour.\\n\\n', (Option(letter='A', text='True', label=True), \
Option(letter='B', text='False', label=False)))
    >>> cut_options("True or false: Max is sour. (A) Yes (B) No")[0]
    'True or false: Max is sour. '
    """
    w = blank_markup(text)
    scan: _Scanner | None = None
    for m in _OPTIONS_LABEL.finditer(w):
        scan = scan or _Scanner(w)
        if options := _items(scan, scan.next_text(m.end()))[0]:
            return text[: m.start()], tuple(options)
    for m in _FIRST.finditer(w):
        scan = scan or _Scanner(w)
        if options := _items(scan, m.start(), minimum=2)[0]:
            return text[: m.start()], tuple(options)
    return text, ()


def _read_option_text(value: str, number: int | None) -> list[Option]:
    where = "" if number is None else f"option {number}: "
    w = blank_markup(value)
    pos = _skip_space(w, 0)
    if (m := _OPTIONS_LABEL.match(w, pos)) is not None:
        pos = _skip_space(w, m.end())
    options, end = _items(_Scanner(w), pos)
    if not options and (marker := _marker(w, pos)) is not None:
        raise UnreadableOptions(value, f"{where}option {marker.letter.upper()} has no text", pos=pos)
    if not options:
        raise UnreadableOptions(value, f"{where}expected an option such as 'A) True'",
                                pos=min(pos, max(len(value) - 1, 0)))
    if (rest := _skip_space(w, end)) < len(w):
        raise UnreadableOptions(value, f"{where}unexpected text after option {options[-1].letter}", pos=rest)
    return options


def read_options(value: str | Sequence[str]) -> tuple[Option, ...]:
    """Read answer options: a list (``["A) True", "B) False"]``), or one string (``"A) True B) False"``,
    one per line, ``Options: (A) True (B) False``); a list without letters gets A, B, … in order.

    Raises:
        UnreadableOptions: not options, text after them, an empty option or a letter given twice
            (positioned in the offending string).

    >>> [str(o) for o in read_options("Options: (A) True (B) False (C) Unknown")]
    ['A) True', 'B) False', 'C) Unknown']
    >>> [o.label for o in read_options(["Yes", "No"])]
    [True, False]
    >>> read_options("True or False")
    Traceback (most recent call last):
    ...
    prontocheck.errors.UnreadableOptions: cannot parse 'True or False' at column 1: expected an option such as 'A) True'
    """
    if isinstance(value, str):
        options = _read_option_text(value, None)
    else:
        items = list(value)
        for n, item in enumerate(items, start=1):
            if not isinstance(item, str):
                raise UnreadableOptions(repr(item), f"option {n} is not a string", pos=0)
        if items and all(isinstance(i, str) and i.strip() and _marker(blank_markup(i), _skip_space(i, 0)) is None
                         for i in items):
            options = [Option.of(chr(ord("A") + n), " ".join(blank_markup(i).split()))
                       for n, i in enumerate(items[:26])]
        else:
            options = [o for n, i in enumerate(items, start=1) for o in _read_option_text(i, n)]
    seen: set[str] = set()
    for o in options:
        if o.letter in seen:
            raise UnreadableOptions(str(value) if isinstance(value, str) else ", ".join(value),
                                    f"option {o.letter} is given twice", pos=0)
        seen.add(o.letter)
    return tuple(options)
