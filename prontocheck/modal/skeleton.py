r"""Skeletons: sentences that differ only in their names and activity words are read once.

The benchmark's 14,400 prompts come from about two hundred prompt patterns filled with names and
activities. A sentence's *runs* are its maximal stretches of word characters, apostrophes and
hyphens. A run is *open* when its lower-case form is not a kept word (:data:`KEPT`: every alphabetic
run of the grammar's text, and every word the transformer looks at by value) and it is either ASCII
lower-case letters (an activity word, ``party``: the lexer can read it only as a ``WORD`` or a keyword)
or letters of any script whose first is not a–z (a name, ``Savir``, ``Élodie``, ``X``: only ``NAME``
can read it). The *shape* of a sentence is the sentence with each open run replaced by the mark of its
class; the *skeleton* of a prompt is the shapes of its sentences (as the parser reads them) and the
pattern of equal open words across them; the *words* are the open runs in order.

**Why the prompts of one skeleton read alike, up to renaming their words.** Take two prompts of one
skeleton, and σ the map from the first's words to the second's (one to one: the pattern of equal
words is part of the skeleton). Suppose that no sentence holds ``_`` and that in the first prompt's
parse every run is one whole token (checked on its sentences by :func:`whole_tokens`, once per
skeleton). The LALR parser's state depends only on the token types read before it, so by induction
along a sentence both texts are read in the same states: where the first has an open run, read as one
token of type ``NAME`` or ``WORD`` (the two classes are told apart by their first letter, and an open
run is no keyword), the second has an open run of the same class, which the contextual lexer of that
state, which accepts that type, reads as one token of the same type (``NAME`` is the only terminal
that matches a run starting with a letter other than a–z; ``WORD``, the widest terminal, is matched
before the keywords it contains and an open run is none of them); elsewhere the two texts are the
same characters in the same state. So the token types, and with them the reductions, are the same.
The transformer (:mod:`prontocheck.modal.transform`) builds constants and predicates by joining the
tokens' text with ``_`` and tests words only against kept words (*be*, the articles, the grammar
words), so the second prompt's forms are the first's with σ applied to each ``_``-separated part of
every name (:func:`rename_statement`): the parts are whole runs, and an open word is never equal to a
kept or other literal run. The front-end's length limit is checked on every sentence (:func:`shape`
refuses longer ones), and a prompt that does not meet these conditions is read on its own.
``tests/modal/test_modal_reuse.py`` compares reused and own readings on the grid, the paraphrase
fixture and the real items.

**Prompts of one shape cut alike.** Cutting a prompt into sentences costs more than looking its
skeleton up, so a prompt's own :func:`prompt_shape` (the straightened prompt with its *prompt-open*
runs marked, and their pattern of equal words) is looked up first. A run is prompt-open when it is
open and also not one of the words the cutting tests by value (:data:`PROMPT_KEPT`: the list marker
"Step 3:", the answer instruction after the question) and not a capitalised run that starts with a
sentence-initial keyword followed by a capital ("ItX", whose "It" the parser's preparation lowers).
Only plain prompts (:func:`~prontocheck.syntax.segment.plain`: ASCII, cut by one regular expression)
within the sentence length limit have one. Renaming prompt-open runs within their class keeps a plain
prompt plain and changes no character the cutting looks at (full stops, question marks, white space,
the words of :data:`PROMPT_KEPT`, a keyword at a sentence's start), so two prompts of one prompt shape
are cut at the same places, their sentences are prepared alike (a prompt-open run is never lowered),
every sentence stays within the length limit, and the open runs of their sentences are the same runs:
prompt-open ones, renamed, and others (prompt-kept but open in a sentence, such as "Answer" inside a
premise), the same in both. So their skeletons are equal, and the second prompt's words follow from its
prompt-open words by the *plan* taken from the first (:func:`word_plan`). A prompt is first matched against the
shape of the prompt shaped before it (in a grid, prompts of one shape mostly come one after another): the text
between the shape's marks found in place, and each word in between marked as the shape marks it, give the shape
and the words without marking every piece of the prompt (``_Shape.words`` says why the two agree).

>>> s1, words1 = skeleton(["Savir might be at the party", "is it true that Savir will be at the party"])
>>> s2, words2 = skeleton(["Élodie might be at the event", "is it true that Élodie will be at the event"])
>>> s1 == s2, words1, words2
(True, ('Savir', 'party', 'Savir', 'party'), ('Élodie', 'event', 'Élodie', 'event'))
>>> skeleton(["Savir might be at the party", "is it true that Ashwin will be at the party"]) == (s1, words1)
False
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from prontocheck.limits import SENTENCE_CHARS
from prontocheck.logic.formulas import Atom, Const
from prontocheck.logic.modal import ModalFormula, map_atoms
from prontocheck.modal.parse import KEYWORDS_FIRST, MODAL
from prontocheck.modal.questions import Question
from prontocheck.modal.transform import STRUCTURAL_WORDS
from prontocheck.syntax.frontend import grammar_text, parser
from prontocheck.syntax.segment import plain, straighten
from prontocheck.syntax.templates import keywords

KEPT: frozenset[str] = keywords(grammar_text("modal")) | STRUCTURAL_WORDS | {"a", "an", "the", "be"}
"""Words that stay in a shape (compared in lower case): the grammar's keywords (every alphabetic run of
``grammars/modal.lark``) and the words the transformer tests by value (*be*, the articles, the grammar words)."""

_RUN = re.compile(r"[\w'\-]+")
_RUNS = re.compile(r"([\w'\-]+)")
_LOWER = re.compile(r"[a-z]+")
"""An open lower-case run: ASCII letters, which the lexer can read only as a ``WORD`` (or a keyword)."""
_CAPITAL = re.compile(r"[^\W\d_a-z][^\W\d_]*")
"""An open capitalised run: letters of any script, the first not a-z, which the lexer can read only as a ``NAME``."""
_LOWER_MARK, _CAPITAL_MARK = "\x01", "\x02"
CACHE_SIZE = 1 << 14
"""How many entries each store of this module remembers (sentences' shapes, prompt pieces, sentences' whole-token
answers; a store's entries are all forgotten when it is full)."""


class Skeleton(NamedTuple):
    """The shapes of a prompt's sentences and the pattern of equal open words across them (a named tuple: one is
    made and looked up per prompt, hashed and compared in C).

    Attributes:
        shapes: each sentence with its open runs replaced by the mark of their class.
        pattern: for each open word, the index of its first occurrence among the distinct open words.
    """

    shapes: tuple[str, ...]
    pattern: tuple[int, ...]


def shape(text: str) -> tuple[str, tuple[str, ...]] | None:
    """A sentence's shape and open words, or None when it holds ``_`` or is over the front-end's length limit
    (such text is read on its own).

    >>> sh, words = shape("If Ann will be at the party, then Bob will be at the party")
    >>> sh.replace("\x01", "<w>").replace("\x02", "<W>"), words
    ('If <W> will be at the <w>, then <W> will be at the <w>', ('Ann', 'party', 'Bob', 'party'))
    >>> shape("Ann_B might be there") is None
    True
    """
    found = _SHAPES.get(text, ...)
    if found is not ...:
        return found
    found = None if "_" in text or len(text) > SENTENCE_CHARS else _marked(text, _mark)
    if len(_SHAPES) >= CACHE_SIZE:
        _SHAPES.clear()
    _SHAPES[text] = found
    return found


_SHAPES: dict[str, tuple[str, tuple[str, ...]] | None] = {}


def skeleton(texts: Sequence[str]) -> tuple[Skeleton, tuple[str, ...]] | None:
    """The skeleton of the sentences ``texts`` (as the parser reads them) and their open words, or None when a
    sentence has no :func:`shape`.

    >>> sk, words = skeleton(["Ann might go", "is it true that Ann will go"])
    >>> sk.pattern, words
    ((0, 1, 0, 1), ('Ann', 'go', 'Ann', 'go'))
    """
    shapes = []
    words: list[str] = []
    for text in texts:
        found = shape(text)
        if found is None:
            return None
        shapes.append(found[0])
        words += found[1]
    first: dict[str, int] = {}
    pattern = tuple([first.setdefault(w, len(first)) for w in words])
    return Skeleton(tuple(shapes), pattern), tuple(words)


PROMPT_KEPT: frozenset[str] = KEPT | {"step", "please", "answer", "respond", "reply"}
"""Words that stay in a prompt's shape: :data:`KEPT`, and the words the cutting of a prompt tests by value (the
list marker "Step 3:" and the answer instruction after the question)."""
_LEAD = re.compile(r"[A-Z][a-z]*")


def _mark(run: str) -> str | None:
    """The mark of an open run's class, or None for a run that stays in a sentence's shape."""
    if run.lower() in KEPT:
        return None
    return _LOWER_MARK if _LOWER.fullmatch(run) else _CAPITAL_MARK if _CAPITAL.fullmatch(run) else None


def _prompt_mark(run: str) -> str | None:
    """The mark of a prompt-open run, or None for a run that stays in a prompt's shape."""
    if run.lower() in PROMPT_KEPT:
        return None
    mark = _mark(run)
    if mark is _CAPITAL_MARK:
        lead = _LEAD.match(run)
        if lead is not None and lead.end() < len(run) and lead.group().lower() in KEYWORDS_FIRST:
            return None
    return mark


def _marked(text: str, mark: Callable[[str], str | None]) -> tuple[str, tuple[str, ...]]:
    """``text`` with each run that ``mark`` marks replaced by its mark, and those runs in order."""
    parts = _RUNS.split(text)  # text between runs, run, text between runs, …
    words = []
    for i in range(1, len(parts), 2):
        found = mark(parts[i])
        if found is not None:
            words.append(parts[i])
            parts[i] = found
    return "".join(parts), tuple(words)


class PromptShape(NamedTuple):
    """A plain prompt with its prompt-open runs marked, and the pattern of equal prompt-open words (a named tuple:
    one is made and looked up per prompt, hashed and compared in C).
    """

    text: str
    pattern: tuple[int, ...]


def prompt_shape(prompt: str) -> tuple[PromptShape, tuple[str, ...]] | None:
    """A prompt's shape and prompt-open words, or None when it is not plain or is over the length limit.

    >>> s1, words = prompt_shape("Ann might go. Is it true that Ann must go? Answer Yes or No.")
    >>> s2, _ = prompt_shape("Bob might stay. Is it true that Bob must stay? Answer Yes or No.")
    >>> s1 == s2, words
    (True, ('Ann', 'go', 'Ann', 'go', 'Yes'))
    >>> prompt_shape("Élodie might go. Is it true that Élodie must go?") is None
    True
    """
    global _last
    straight = straighten(prompt)
    if len(straight) > SENTENCE_CHARS or not plain(straight):
        return None
    # The previous prompt's shape first: in a grid, prompts of one shape mostly come one after another.
    last = _last
    words = last.words(straight) if last is not None else None
    if last is None or words is None:
        # Shaped piece by piece between spaces (no run holds one), each piece once: most recur from prompt to prompt.
        get = _PIECES.get
        shaped = [get(piece) or _piece(piece) for piece in straight.split(" ")]
        words = tuple([w for _, found in shaped for w in found])
        last = _last = _Shape.of(" ".join([text for text, _ in shaped]))
    first: dict[str, int] = {}
    pattern = tuple([first.setdefault(w, len(first)) for w in words])
    return PromptShape(last.text, pattern), words


def _piece(piece: str) -> tuple[str, tuple[str, ...]]:
    """A piece of a prompt without spaces, with its prompt-open runs marked, and those runs (remembered)."""
    if len(_PIECES) >= CACHE_SIZE:
        _PIECES.clear()
    found = _PIECES[piece] = _marked(piece, _prompt_mark)
    return found


_PIECES: dict[str, tuple[str, tuple[str, ...]]] = {}
_MARK_SPLIT = re.compile(f"([{_LOWER_MARK}{_CAPITAL_MARK}])")


@dataclass(frozen=True, slots=True)
class _Shape:
    """A prompt shape's text taken apart at its marks, to tell whether another prompt has that shape without
    shaping it.

    Attributes:
        text: the shape's text.
        first: the text before its first mark (the whole text when it has none).
        between: each mark but the last, with the text after it.
        last_mark: the last mark (``None`` when it has none).
        last: the text after the last mark.
    """

    text: str
    first: str
    between: tuple[tuple[str, str], ...]
    last_mark: str | None
    last: str

    @classmethod
    def of(cls, text: str) -> _Shape:
        parts = _MARK_SPLIT.split(text)  # text, mark, text, …, mark, text
        if len(parts) == 1:
            return cls(text, text, (), None, "")
        return cls(text, parts[0], tuple(zip(parts[1:-2:2], parts[2:-2:2], strict=True)), parts[-2], parts[-1])

    def words(self, straight: str) -> tuple[str, ...] | None:
        """The prompt-open words of a plain, straightened prompt of this shape; None when it is not of it.

        A mark in a shape stands for a whole run, so the text on each side of it is a character that is no run's
        (or the end): the text between two marks is not empty and starts with such a character, and in a prompt
        of the shape each word ends where the next text between marks is first found. The prompt is of the
        shape when it is the shape's texts with a word in place of each mark, each word's own mark (looked up
        as a piece) being that mark: each word is then one whole run (nothing but a single run is marked), the
        runs of the texts are those of the shape (left unmarked there), and marking the prompt gives the shape.

        >>> shape = _Shape.of(prompt_shape("Ann might go. Is it true that Ann must go?")[0].text)
        >>> shape.words("Bob might stay. Is it true that Bob must stay?"), shape.words("Bob might stay.")
        (('Bob', 'stay', 'Bob', 'stay'), None)
        >>> shape.words("Bob might stay. Is it true that Is must stay?")  # a kept word is not a name
        """
        first, last = self.first, self.last
        if self.last_mark is None:
            return () if straight == first else None
        if not (straight.startswith(first) and straight.endswith(last)):
            return None
        stop = len(straight) - len(last)
        at, words, get = len(first), [], _PIECES.get
        for mark, text in self.between:
            end = straight.find(text, at, stop)
            word = straight[at:end] if end >= 0 else ""
            if (get(word) or _piece(word))[0] != mark:
                return None
            words.append(word)
            at = end + len(text)
        word = straight[at:stop] if at <= stop else ""
        if (get(word) or _piece(word))[0] != self.last_mark:
            return None
        words.append(word)
        return tuple(words)


_last: _Shape | None = None
"""The shape of the last plain prompt shaped (see :func:`prompt_shape`)."""


def word_plan(prompt: str, sentences: Sequence[tuple[str, int]], words: Sequence[str]) -> tuple[int | str, ...] | None:
    """How a plain prompt's sentence words (the open runs of its prepared sentences, in order) follow from its
    prompt-open words: for each, the index of its prompt-open run, or the word itself where the run stays in the
    prompt's shape. None when the sentences are not where the prompt has them (not a plain prompt's cut).

    Args:
        prompt: the prompt.
        sentences: its prepared sentences with their offsets in the prompt.
        words: the open words of those sentences, in order (as :func:`skeleton` gives them).

    >>> word_plan("Step 1: Ann might go. Is it true?", [("Ann might go", 8), ("is it true", 22)], ["Ann", "go"])
    (0, 1)
    """
    straight = straighten(prompt)
    index: dict[int, int | None] = {}
    count = 0
    for m in _RUN.finditer(straight):
        if _prompt_mark(m.group()) is not None:
            index[m.start()] = count
            count += 1
        else:
            index[m.start()] = None
    plan: list[int | str] = []
    pending = iter(words)
    expected = next(pending, None)
    for text, start in sentences:
        for m in _RUN.finditer(text):
            if m.group() != expected:
                continue
            at = start + m.start()
            if at not in index or straight[at:at + len(expected)] != expected:
                return None
            found = index[at]
            plan.append(expected if found is None else found)
            expected = next(pending, None)
    return tuple(plan) if expected is None and len(plan) == len(words) else None


def whole_tokens(text: str, start: str) -> bool:
    """Whether the parser, reading ``text`` from ``start``, makes every run one whole token (the condition
    under which the text's reading can be reused for its skeleton); False when the text does not parse.

    >>> whole_tokens("Savir might be at the party", "statement"), whole_tokens("Savir isnot likely to go", "statement")
    (True, False)
    """
    # Remembered per sentence: a skeleton's first prompt often repeats a sentence of another skeleton's (the grid's
    # question variants share their premises), and the answer depends on the text and start rule alone.
    found = _WHOLE.get((text, start))
    if found is None:
        if len(_WHOLE) >= CACHE_SIZE:
            _WHOLE.clear()
        found = _WHOLE[text, start] = _whole_tokens(text, start)
    return found


_WHOLE: dict[tuple[str, str], bool] = {}


def _whole_tokens(text: str, start: str) -> bool:
    """:func:`whole_tokens`, worked out."""
    runs = {m.span() for m in _RUN.finditer(text)}
    inside = bytearray(len(text))
    for s, e in runs:
        inside[s:e] = b"\x01" * (e - s)
    try:
        tokens = list(parser(MODAL, start).parse_interactive(text, start=start).iter_parse())
    except Exception:  # noqa: BLE001 - any failure: the text is not reused
        return False
    for token in tokens:
        first, end = token.start_pos, token.end_pos
        if first is None or end is None:
            return False
        if (first, end) not in runs and any(inside[first:end]):
            return False  # a token that is part of a run, or more than one
    return True


def rename_name(name: str, mapping: Mapping[str, str]) -> str:
    """A constant's or predicate's name with each ``_``-separated part renamed by ``mapping``.

    >>> rename_name("at_party", {"party": "event"}), rename_name("Mary_Ann", {"Ann": "Jo"})
    ('at_event', 'Mary_Jo')
    """
    if "_" not in name:
        return mapping.get(name, name)
    return "_".join(mapping.get(part, part) for part in name.split("_"))


def rename_statement(statement: ModalFormula, mapping: Mapping[str, str]) -> ModalFormula:
    """A statement with every constant and predicate renamed by :func:`rename_name`.

    >>> from prontocheck.modal import parse_modal_formula as f
    >>> str(rename_statement(f("Pr(at_party(Savir) ∧ ¬x(Ann))"), {"Savir": "Bob", "party": "event"}))
    'Pr(at_event(Bob) ∧ ¬x(Ann))'
    """
    renamed: ModalFormula = map_atoms(statement, lambda a: Atom(
        rename_name(a.predicate, mapping),
        tuple(Const(rename_name(t.name, mapping)) if isinstance(t, Const) else t for t in a.args)))
    return renamed


def rename_question(question: Question, mapping: Mapping[str, str]) -> Question:
    """A question with its embedded statement renamed (form, polarity and negation kept)."""
    return Question(question.form, question.polarity, question.negation, rename_statement(question.embedded, mapping))
