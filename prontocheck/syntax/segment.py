r"""Cutting a model's text into sentences, each with its character span in the text as written.

Models write Markdown, reasoning traces, quotes and brackets; this module reads all of it into plain
sentences without moving a character: markup, list markers, chat tokens and think tags are blanked in
place (replaced by spaces of the same length), curly quotes are straightened one for one, and the
sentences are cut from that copy, so every sentence's ``start``/``end`` index the original text
(``text[start:end]`` is the sentence as the model wrote it, markup included).

A sentence ends at ``.``, ``!``, ``?`` or ``;`` followed by a space, at a line break, at a cell border outside
a table row (a row of a Markdown table is one sentence, its inner borders written ``¦``) and at a think tag; not
inside brackets or double quotes (``(so Max is a rompus.)``, ``"Yumpuses are vumpuses."``), in a decimal number
or after ``e.g.``. A piece with no letter or digit
(``)``, ``"``, ``---``) is not a sentence.

>>> seg = segment("<think>Max is a yumpus. So yes.</think>\n**Answer:** B) False")
>>> [(s.text, s.in_trace) for s in seg.sentences]
[('Max is a yumpus.', True), ('So yes.', True), ('Answer: B) False', False)]
>>> seg.trace
Trace(start=7, end=31, closed=True)
>>> s = seg.sentences[2]; (s.start, s.end)
(42, 60)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import NamedTuple

from prontocheck.common import patterns as rx

_STRAIGHT = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u00b4": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"', "\u00ab": '"', "\u00bb": '"',
    "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2007": " ", "\u200b": " ", "\u200c": " ", "\u200d": " ",
    "\ufeff": " ", "\t": " ", "\r": " ", "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "\u27f9": "→", "\u21d2": "→", "\u27f6": "→", "\u2192": "→", "\u27f8": " ", "\u2026": ".",
    "\uff08": "(", "\uff09": ")", "\uff0c": ",", "\uff1a": ":", "\uff1b": ";", "\u3002": ".", "\uff01": "!",
    "\uff1f": "?", "\u3001": ",",
})
"""One-for-one replacements: curly quotes and apostrophes, odd spaces, dashes, arrows (``⇒`` ``⟹`` ``→``), full-width
punctuation (``（`` ``，`` ``。``)."""

_PLAIN = rx.compile(r"[A-Za-z0-9 ,.;:!?'\-\n]*")
"""Text with nothing to blank or track: the generator's style, read by one regular expression."""

_STARTS_ODDLY = r"\s*+(?:[-,:'\d]|[Ss]tep|[ivx]{1,4}(?:[:.;!?]|[ ]*+(?:\n|\Z)))"
"""A piece that starts with a list or step marker, an enumerator, or no word at all (the full path blanks or drops
them)."""
_ABBREVIATIONS = ("e.g", "i.e", "etc", "vs", "cf", "mr", "mrs", "ms", "dr")
"""Words whose full stop ends no sentence (in any case): :data:`_ABBREVIATION` and :data:`_TRICKY` read them."""
_AFTER_ABBREVIATION = "|".join(  # one look-behind per length (a look-behind has a fixed width)
    r"(?<=\b(?i:" + "|".join(re.escape(a) for a in _ABBREVIATIONS if len(a) == n) + r")\.)"
    for n in sorted({len(a) for a in _ABBREVIATIONS}))
_TRICKY = rx.compile(r"\.(?:[^\s.;!?]|" + _STARTS_ODDLY + "|" + _AFTER_ABBREVIATION + ")")
"""After a full stop: a word or number goes on ("e.g.", "3.5"), the next piece starts oddly, or it ends an
abbreviation ("Dr."), which ends no sentence on the full path."""
_TRICKY_SPACING = rx.compile(r" [ ,.;:!?]")
"""Spaces the full path collapses or drops ("is  a", "cat .")."""
_TRICKY_MARK = rx.compile(r"[;!?](?:[^\s.;!?]|" + _STARTS_ODDLY + r")|\n(?![ ]*+\n)" + _STARTS_ODDLY)
"""After ``;``, ``!``, ``?`` or a line break: a word goes on ("cat;dog") or the next piece starts oddly (from the
last line break of a run, so that a run is scanned once)."""
_TRICKY_START = rx.compile(r"\A" + _STARTS_ODDLY)
_PLAIN_SENTENCE = rx.compile(r"(?<!\s)\s*+([^.;!?\n]*[^.;!?\s][.;!?]*+)")
"""One sentence of plain text. White space before it is taken whole (possessive) and never from inside a run, so
trailing spaces are scanned once (they were scanned once per space: quadratic)."""

THINK_OPEN = rx.compile(r"<(?:think|thinking|reasoning|reflection)>", re.IGNORECASE)
THINK_CLOSE = rx.compile(r"</(?:think|thinking|reasoning|reflection)>", re.IGNORECASE)

# Markup blanked in place (same length): each alternative is replaced by spaces, or by a line break
# and spaces where it also ends a sentence (tags, table borders).
_BREAKING = rx.compile(
    r"</?(?:think|thinking|reasoning|reflection|answer|output|final_answer|solution)>"
    r"|<\|[^|<>\n]{1,40}\|>|</?s>|\[/?INST\]|\|",
    re.IGNORECASE,
)
CELL = "\u00a6"
"""What a Markdown table row's inner cell borders become (one character for one): a row is one sentence, its cells
read together (:func:`~prontocheck.syntax.discourse.read_discourse`)."""
_TABLE_ROW = rx.compile(r"^[ \t]*+\|[^\n]*\|[ \t]*+$", re.MULTILINE)
"""A Markdown table row: a line that starts and ends with a cell border."""
_INLINE = rx.compile(r"\*\*+|__+|`+|\*|~~|\$+|\\[()\[\]]")
"""Emphasis, code and LaTeX math delimiters, blanked first."""
_MARKERS = (r"(?:(?:[-+\u2022\u25e6\u25aa\u2023\u2219\u00b7]|\d{1,3}[.)]|\(\d{1,3}\)"  # list markers
            r"|[Ss]tep[ ]*\d{1,3}[ ]*[:.)\-]?)(?=[ ])[ ]*+)+")  # step numbers; several in a row ("1. - ")
_LINE_START = rx.compile(
    r"^[ ]*#{1,6}(?=[ ]|$)"  # headers
    r"|^[ ]*>+"  # block quotes
    r"|^[ ]*" + _MARKERS +
    r"|^[ ]*(?:-{3,}|={3,}|_{3,})[ ]*$",  # horizontal rules
    re.MULTILINE,
)
"""Markers at the start of a line (after the inline markup is blanked): headers, lists, step numbers, rules."""
_MARKERS_AFTER_END = rx.compile(r"(?<=[.;!?][ ])[ ]*" + _MARKERS)
"""List and step markers after a sentence's end on the same line ("Fae is a cat. - Every cat is a feline.")."""
_LATEX_TEXT = rx.compile(r"\\(?:text|textbf|textit|mathrm|mathbf|mathit|emph)\{([^{}\n]{0,80})\}")
_LATEX_WORD = rx.compile(r"\\(therefore|because|neg|lnot|land|wedge|lor|vee|in)\b|\\[,;:! ]")
_LATEX_WORDS = {"therefore": "therefore", "because": "because", "neg": "not", "lnot": "not", "land": "and",
                "wedge": "and", "lor": "or", "vee": "or", "in": "is"}
"""LaTeX words read as the words they stand for (``\\therefore`` is "therefore", ``\\neg`` is "not"); spacing macros
(``\\,``) blanked."""
_LATEX_ARROW = rx.compile(r"\\(?:rightarrow|Rightarrow|implies|longrightarrow|Longrightarrow|to)\b|->|=>")

_JSON_STRING = rx.compile(r'"((?:[^"\\\n]|\\.)*+)"(\s*+:)?')
"""A JSON string; a key when a colon follows."""
_JSON_ESCAPE = rx.compile(r"\\(?:u[0-9a-fA-F]{4}|.)")
_JSON_SYNTAX = rx.compile(r"[{}\[\],]|```(?:json)?")
_ANSWER_KEYS = frozenset({"answer", "final answer", "prediction", "predicted", "predicted answer", "label", "choice",
                          "option", "verdict", "result", "correct option", "correct answer", "final"})
"""The keys of a JSON answer whose value is the committed answer (``"final_answer"`` is "final answer")."""
_EVENTS = rx.compile(r'[()\[\]"\n]|[.!?;]+')
_ABBREVIATION = rx.compile(r"\b(?:" + "|".join(re.escape(a) for a in _ABBREVIATIONS) + ")$", re.IGNORECASE)
_ENUMERATOR = rx.compile(r"\(?(?:\d{1,3}|[ivx]{1,4})[.):]?")
_HAS_WORD = rx.compile(r"[A-Za-z0-9]")
_SPACES = rx.compile(r"\s+")
_SPACE_BEFORE_PUNCTUATION = rx.compile(r" (?=[.,;:!?)\]])|(?<=[(\[]) ")


class Sentence(NamedTuple):
    """One sentence of a text (a named tuple: outputs have many, and they are made on the hot path).

    Attributes:
        text: the sentence as read: markup removed, quotes straightened, white space collapsed.
        start: offset of its first character in the text as written.
        end: offset just after its last character (``text_as_written[start:end]``).
        in_trace: it lies inside a reasoning trace (``<think>…</think>``).
    """

    text: str
    start: int
    end: int
    in_trace: bool = False


@dataclass(frozen=True, slots=True)
class Span:
    """One sentence of a text, as read, with its 0-based character offset in the text (re-exported by
    :mod:`prontocheck.syntax.text`; defined here so that readers that only cut text do not import the answer
    readers).
    """

    text: str
    start: int


@dataclass(frozen=True, slots=True)
class Trace:
    """Where a reasoning trace lies: ``[start, end)``; ``closed`` is false when the text ends inside it."""

    start: int
    end: int
    closed: bool


@dataclass(frozen=True, slots=True)
class Segmented:
    """A text cut into sentences.

    Attributes:
        sentences: the sentences, in order.
        trace: the reasoning trace, if the text has one (an opening tag, a closing tag, or both).
        cleaned: the text with markup blanked (same length as the original): what later readers scan.
    """

    sentences: tuple[Sentence, ...]
    trace: Trace | None
    cleaned: str


def straighten(text: str) -> str:
    """Curly quotes, apostrophes, odd spaces and arrows replaced one for one (offsets are kept).

    >>> straighten("Max\u2019s \u201cwumpus\u201d \u21d2 yumpus")
    'Max\\'s "wumpus" → yumpus'
    """
    if text.isascii() and "\t" not in text and "\r" not in text:
        return text  # nothing to replace (the common case: a check in constant time, then two scans)
    if _TO_STRAIGHTEN.search(text) is None:
        return text  # other letters only ("Élodie"): one scan, where translate looks each character up
    return text.translate(_STRAIGHT)


_TO_STRAIGHTEN = rx.compile("[" + re.escape("".join(chr(c) for c in _STRAIGHT)) + "]")


def _json_escape(m: re.Match[str]) -> str:
    e = m.group()
    if e[1] == "u":
        return chr(int(e[2:], 16)) + " " * 5
    return {"n": " \n", "r": " \n", "t": "  ", '"': ' "'}.get(e[1], " " + e[1])


def _json_value(m: re.Match[str]) -> str:
    """A JSON string blanked in place: a key is gone, unless it names the answer (``answer:``); a value keeps its
    text (escapes read, same length) and ends a sentence.
    """
    if m.group(2) is not None:
        key = re.sub(r"[_\-\s]+", " ", m.group(1)).strip().lower()
        if key in _ANSWER_KEYS:
            return " " + m.group(1).replace("_", " ") + " " + m.group(2)
        return " " * (m.end() - m.start())
    return " " + _JSON_ESCAPE.sub(_json_escape, m.group(1)) + "\n"


def _json_object(text: str) -> str | None:
    """The text of a JSON object (JSON-mode answers, perhaps in a code fence) read as text: its syntax blanked,
    each value a sentence of its own (a line), an answer field as ``answer: B``; ``None`` if the text is not one.

    >>> _json_object('{"reasoning": "Rex is an impus.\\\\nSo Rex is a tumpus.", "answer": "A"}').split()
    ['Rex', 'is', 'an', 'impus.', 'So', 'Rex', 'is', 'a', 'tumpus.', 'answer', ':', 'A']
    """
    start, end = text.find("{"), text.rfind("}") + 1
    if start < 0 or text[:start].strip() not in ("", "```json", "```") or text[end:].strip() not in ("", "```"):
        return None
    try:
        if not isinstance(json.loads(text[start:end]), dict):
            return None
    except ValueError:
        return None
    pieces, at = [], 0
    for m in _JSON_STRING.finditer(text):
        pieces.append(_JSON_SYNTAX.sub(_blank_break, text[at:m.start()]))
        pieces.append(_json_value(m))
        at = m.end()
    pieces.append(_JSON_SYNTAX.sub(_blank_break, text[at:]))
    return "".join(pieces)


def _blank(m: re.Match[str]) -> str:
    return " " * (m.end() - m.start())


def _blank_break(m: re.Match[str]) -> str:
    return "\n" + " " * (m.end() - m.start() - 1)


def _latex_text(m: re.Match[str]) -> str:
    inner = m.group(1)
    return " " * (m.start(1) - m.start()) + inner + " "


def _latex_word(m: re.Match[str]) -> str:
    word = _LATEX_WORDS.get(m.group(1) or "", "")
    return word + " " * (m.end() - m.start() - len(word))


def _arrow(m: re.Match[str]) -> str:
    return "→" + " " * (m.end() - m.start() - 1)


def _table_row(m: re.Match[str]) -> str:
    row = m.group()
    first, last = row.index("|"), row.rindex("|")
    return row[:first] + " " + row[first + 1:last].replace("|", CELL) + " " + row[last + 1:]


def clean(text: str) -> str:
    """The text with markup blanked in place: the same length, so offsets carry over.

    >>> clean("1. **Max** is a `yumpus`.\\n### Step 2")
    '     Max   is a  yumpus .\\n    Step 2'
    >>> clean("Sally -> vumpus, \\\\boxed{B}")
    'Sally →  vumpus, \\\\boxed{B}'
    >>> clean("| Max | wumpus |")
    '  Max ¦ wumpus  '
    """
    text = straighten(text)
    if _PLAIN.fullmatch(text):
        return _markers(text)  # nothing else of the markup can be there
    if text.lstrip()[:1] in ("{", "`"):
        text = _json_object(text) or text
    if "|" in text:
        text = _TABLE_ROW.sub(_table_row, text)
    text = _BREAKING.sub(_blank_break, text)
    text = _LATEX_ARROW.sub(_arrow, _LATEX_TEXT.sub(_latex_text, text))
    if "\\" in text:
        text = _LATEX_WORD.sub(_latex_word, text)
    return _markers(_INLINE.sub(_blank, text))


def _markers(text: str) -> str:
    """List and step markers blanked at the start of a line and after a sentence's end (not after an
    abbreviation: "e.g. 2) …").
    """
    return _LINE_START.sub(_blank, _MARKERS_AFTER_END.sub(_blank_marker, text))


def _blank_marker(m: re.Match[str]) -> str:
    if _ABBREVIATION.search(m.string, max(0, m.start() - 8), m.start() - 2):
        return m.group()
    return _blank(m)


def _trace(text: str) -> Trace | None:
    closes = list(THINK_CLOSE.finditer(text))
    opening = THINK_OPEN.search(text)
    if closes:
        start = opening.end() if opening is not None and opening.start() < closes[-1].start() else 0
        return Trace(start, closes[-1].start(), True)
    if opening is not None:
        return Trace(opening.end(), len(text), False)
    return None


def _pieces(cleaned: str) -> list[tuple[int, int]]:
    """``[start, end)`` of each sentence of a cleaned text, tracking brackets and double quotes per line."""
    cuts: list[tuple[int, int]] = []
    start = 0
    depth = 0
    quoted = False
    for m in _EVENTS.finditer(cleaned):
        c = m.group()
        if c == "\n":
            cuts.append((start, m.start()))
            start, depth, quoted = m.end(), 0, False
        elif c in "([":
            depth += 1
        elif c in ")]":
            if depth:
                depth -= 1
                if depth == 0 and not quoted and _ends_after_closing(cleaned, m.start(), m.end()):
                    cuts.append((start, m.end()))
                    start = m.end()
        elif c == '"':
            quoted = not quoted
            if not quoted and depth == 0 and _ends_after_closing(cleaned, m.start(), m.end()):
                cuts.append((start, m.end()))
                start = m.end()
        elif depth == 0 and not quoted:
            end = m.end()
            if end < len(cleaned) and not cleaned[end].isspace():
                continue  # "3.5", "e.g.x", "wumpus.Yumpus": not an end
            if c == "." and _ABBREVIATION.search(cleaned, max(0, m.start() - 6), m.start()):
                continue
            cuts.append((start, end))
            start = end
    cuts.append((start, len(cleaned)))
    return cuts


def _ends_after_closing(text: str, close_start: int, close_end: int) -> bool:
    """A closing bracket or quote right after ``.``/``!``/``?``, then a capital or a line end, ends a sentence."""
    if close_start == 0 or text[close_start - 1] not in ".!?":
        return False
    rest = text[close_end:close_end + 3].lstrip(" ")
    return not rest or rest[0] == "\n" or rest[0].isupper()


def _sentence(cleaned: str, start: int, end: int, trace: Trace | None) -> Sentence | None:
    piece = cleaned[start:end]
    if not _HAS_WORD.search(piece) or _ENUMERATOR.fullmatch(piece.strip()):
        return None
    lead = len(piece) - len(piece.lstrip())
    trail = len(piece) - len(piece.rstrip())
    s, e = start + lead, end - trail
    text = _SPACE_BEFORE_PUNCTUATION.sub("", _SPACES.sub(" ", cleaned[s:e]))
    inside = trace is not None and trace.start <= s < trace.end
    return Sentence(text, s, e, inside)


def plain(straight: str) -> bool:
    """Whether straightened text (:func:`straighten`) takes the plain path of :func:`segment`: the generator's
    style, cut by one regular expression (:data:`_PLAIN_SENTENCE`) into the sentences the full path would read
    (a property test, ``tests/test_segment.py``, holds the two paths to the same sentences and spans). Other text
    (markup, brackets, abbreviations, list markers, doubled spaces…) takes the full path.

    >>> plain("Fae is a cat. Every cat is a feline."), plain("Fae is a cat, e.g. a tabby."), plain("**Fae**")
    (True, False, False)
    >>> plain("Dr. Fae is a cat."), plain("Fae is  a cat."), plain("- Fae is a cat."), plain("Fae;cat.")
    (False, False, False, False)
    """
    return (_PLAIN.fullmatch(straight) is not None and _TRICKY.search(straight) is None
            and _TRICKY_SPACING.search(straight) is None and _TRICKY_START.match(straight) is None
            and not (("\n" in straight or ";" in straight or "!" in straight or "?" in straight)
                     and _TRICKY_MARK.search(straight) is not None))


def sentence_texts(text: str) -> list[str]:
    """The sentences of a text, as :func:`segment` reads them, without spans (the quick way for plain text).

    >>> sentence_texts("Fae is a cat. Every cat is a feline.")
    ['Fae is a cat.', 'Every cat is a feline.']
    """
    straight = straighten(text)
    if plain(straight):
        return _PLAIN_SENTENCE.findall(straight)
    return [s.text for s in segment(text).sentences]


def segment(text: str) -> Segmented:
    """Cut a model's text into sentences with their spans (see the module doc).

    >>> for s in segment('Statement 9 says "Yumpuses are vumpuses." Dumpuses are rompuses (so Max is a '
    ...                  'rompus.)\\n- Every cat is a **feline**.\\n)').sentences:
    ...     print(s.text)
    Statement 9 says "Yumpuses are vumpuses."
    Dumpuses are rompuses (so Max is a rompus.)
    Every cat is a feline.
    """
    straight = straighten(text)
    if plain(straight):
        make = tuple.__new__  # Sentence's own constructor, without the keyword handling (many sentences)
        return Segmented(tuple([make(Sentence, (m.group(1), *m.span(1), False))
                                for m in _PLAIN_SENTENCE.finditer(straight)]), None, straight)
    return _in_full(straight)


def segment_in_full(text: str) -> Segmented:
    """:func:`segment` without its plain path: every text cleaned, cut by its events and filtered. On text that
    :func:`plain` accepts, both paths give the same sentences (a property test holds them to it).

    >>> [s.text for s in segment_in_full("- Fae is a cat. 2. Every cat is a feline.").sentences]
    ['Fae is a cat.', 'Every cat is a feline.']
    """
    return _in_full(straighten(text))


def _in_full(straight: str) -> Segmented:
    trace = _trace(straight)
    cleaned = clean(straight)
    found = (_sentence(cleaned, s, e, trace) for s, e in _pieces(cleaned))
    return Segmented(tuple(s for s in found if s is not None), trace, cleaned)
