"""Parse templates: one LALR parse per sentence *shape*, the words filled in for every other sentence of
that shape.

Most sentences a checker reads differ from one seen before only in their open-class words: "Every
wumpus is a yumpus" and "Every dumpus is a tumpus" are lexed into the same token types and reduced by
the same rules in the same order. So the front-end (:mod:`prontocheck.syntax.frontend`) parses the first
sentence of each shape with Lark as usual, recording the reductions the parser made (each grammar
rule's callback and where each of its children came from: a token of the text, or an earlier
reduction); a later sentence of the same shape replays those callbacks on its own words. The LALR
automaton and the lexer are skipped; the transformer still runs on the sentence's own words, so
whatever it decides from their values (morphology, lexicon, "facts about one individual") is decided
for this sentence, and whatever it rejects makes the sentence go through the full parse instead.

**The shape.** A word (a run of ``[A-Za-z0-9'-]``) is abstracted when it is ASCII letters only, all
lower case or capitalised (``wumpus``, ``Fae``), and is not one of the grammar's *keywords*: every
alphabetic run in the grammar's text (string literals and terminal patterns alike; comments left
out). Every other character of the text stays as it is. The shape is the text with each abstracted
word replaced by a mark of its class (lower case, capitalised).

**Why a shape decides the parse.** This holds for a grammar whose terminals tell such words apart
only by class, which the grammar states by opting in (:class:`~prontocheck.syntax.frontend.Grammar`
``templates=True``): its keywords are literal in the shape; its open-class terminal (a name) matches a
whole abstracted word whatever its letters; and its pattern terminals test a word only for being a
run of letters, its case class, or one of the keywords. Then the lexer, which sees the same classes
in the same places, gives the same token types, and the LALR automaton, which sees only token types,
makes the same reductions. ``tests/test_templates.py`` (PrOntoQA) and
``tests/relations/test_relations_templates.py`` (relations) check replayed results against full parses on
every sentence of the real data, the fixtures and generated text. A keyword must be spelt out whole in the
grammar's text: an optional letter (``/contains?/``) would leave ``contain`` out of the keywords, so the
relations grammar writes ``/(contains|contain)\b/``.

>>> from prontocheck.syntax.frontend import Grammar
>>> shape, words = Shape.of("Every wumpus is a Yumpus", frozenset({"every", "is", "a"}))
>>> shape.replace("\\x01", "<w>").replace("\\x02", "<W>"), words
('Every <w> is a <W>', ('wumpus', 'Yumpus'))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple

from lark import Lark, Token
from lark.lexer import LexerThread
from lark.parsers.lalr_parser import _Parser

_WORD = re.compile(r"[A-Za-z0-9'\-]+")
_LOWER, _CAPITAL = "\x01", "\x02"
_ASCII_LETTERS = re.compile(r"[a-z]+|[A-Z][a-z]*")

_RESULT, _LITERAL, _WORD_TOKEN, _SPAN = range(4)


def keywords(grammar_text: str) -> frozenset[str]:
    """Every alphabetic run of a grammar's text outside comments, lower-cased: the words a shape keeps.

    >>> sorted(keywords('fact: NAME "is"i "a"i NAME  // Fae is a cat\\nNAME: /[a-z]+/'))
    ['a', 'fact', 'i', 'is', 'name', 'z']
    """
    code = "\n".join(line.split("//", 1)[0] for line in grammar_text.splitlines())
    return frozenset(w.lower() for w in re.findall(r"[A-Za-z]+", code))


class Shape(NamedTuple):
    """A text's shape and its abstracted words, in order."""

    shape: str
    words: tuple[str, ...]

    @staticmethod
    def of(text: str, kept: frozenset[str]) -> Shape:
        """The shape of ``text``, keeping the words in ``kept`` (lower case) as they are."""
        parts: list[str] = []
        words: list[str] = []
        end = 0
        for m in _abstracted(text, kept):
            word = m.group()
            parts.append(text[end:m.start()])
            parts.append(_CAPITAL if word[0].isupper() else _LOWER)
            words.append(word)
            end = m.end()
        parts.append(text[end:])
        return Shape("".join(parts), tuple(words))


def _abstracted(text: str, kept: frozenset[str]) -> Iterator[re.Match[str]]:
    """The words of ``text`` a shape abstracts: ASCII letters, lower case or capitalised, not kept."""
    return (m for m in _WORD.finditer(text) if _ASCII_LETTERS.fullmatch(m.group()) and m.group().lower() not in kept)


class _Box:
    """A reduction's value while a parse is recorded, with the index of the reduction that made it."""

    __slots__ = ("value", "index")

    def __init__(self, value: Any, index: int) -> None:
        self.value = value
        self.index = index


# A recorded reduction: the rule's callback and, for each child, (kind, a, b): an earlier reduction's value
# (_RESULT, index), a token of the text without abstracted words (_LITERAL, token), one abstracted word
# (_WORD_TOKEN, word index, type), or a token spanning several words (_SPAN, (first word, last word), the
# token's text with the words cut out).
_Step = tuple[Callable[[list[Any]], Any], tuple[tuple[int, Any, Any], ...]]


class Templates:
    """The recorded parses of one Lark parser and start rule, by shape (at most ``size`` kept).

    Attributes:
        replayed: how many texts were read by a replay (the others by a full parse).
    """

    def __init__(self, lark: Lark, start: str, kept: frozenset[str], size: int) -> None:
        # Lark's parts: the contextual lexer, the LALR table and the reduction callbacks (rule → callable(children)).
        self._lexer = lark.parser.lexer
        self._table = lark.parser.parser.parser.parse_table
        self._callbacks: Mapping[Any, Callable[[list[Any]], Any]] = lark.parser.parser.parser.callbacks
        if any(isinstance(key, str) for key in self._callbacks):
            raise ValueError("a transformer with terminal callbacks cannot be replayed")
        self._start = start
        self._kept = kept
        self._size = size
        self._plans: dict[str, tuple[_Step, ...]] = {}
        self.replayed = 0

    def parse(self, text: str) -> Any:
        """Parse ``text`` as the parser would (same result, same exceptions), by its shape's recorded
        parse when there is one.
        """
        shape, words = Shape.of(text, self._kept)
        plan = self._plans.get(shape)
        if plan is not None:
            try:
                result = _replay(plan, words)
                self.replayed += 1
                return result
            except Exception:  # noqa: BLE001 - the transformer refused these words: the full parse says how
                pass
        result, plan = self._record(text, words)
        if plan is not None:
            if len(self._plans) >= self._size:
                self._plans.clear()
            self._plans[shape] = plan
        return result

    def _record(self, text: str, words: tuple[str, ...]) -> tuple[Any, tuple[_Step, ...] | None]:
        spans = [m.span() for m in _abstracted(text, self._kept)]
        steps: list[_Step] = []
        reusable = True

        def child(value: Any) -> tuple[int, Any, Any]:
            nonlocal reusable
            if isinstance(value, _Box):
                return (_RESULT, value.index, None)
            if not isinstance(value, Token) or value.start_pos is None or value.end_pos is None:
                reusable = False
                return (_LITERAL, value, None)
            inside = [i for i, (s, e) in enumerate(spans) if value.start_pos < e and s < value.end_pos]
            if not inside:
                return (_LITERAL, value, None)
            first, last = inside[0], inside[-1]
            if spans[first][0] < value.start_pos or spans[last][1] > value.end_pos:
                reusable = False  # a token that starts or ends inside a word
            if first == last and spans[first] == (value.start_pos, value.end_pos):
                return (_WORD_TOKEN, first, value.type)
            cuts = [text[value.start_pos:spans[first][0]]]
            cuts += [text[spans[i][1]:spans[i + 1][0]] for i in range(first, last)]
            cuts.append(text[spans[last][1]:value.end_pos])
            return (_SPAN, (first, last), (value.type, tuple(cuts)))

        def recording(callback: Callable[[list[Any]], Any]) -> Callable[[list[Any]], Any]:
            def record(children: list[Any]) -> _Box:
                refs = tuple(child(c) for c in children)
                value = callback([c.value if isinstance(c, _Box) else c for c in children])
                steps.append((callback, refs))
                return _Box(value, len(steps) - 1)

            return record

        callbacks = {rule: recording(callback) for rule, callback in self._callbacks.items()}
        out = _Parser(self._table, callbacks).parse(LexerThread.from_text(self._lexer, text), self._start)
        result = out.value if isinstance(out, _Box) else out
        if not reusable or not isinstance(out, _Box) or out.index != len(steps) - 1 or len(spans) != len(words):
            return result, None
        return result, tuple(steps)


def _replay(plan: tuple[_Step, ...], words: tuple[str, ...]) -> Any:
    values: list[Any] = []
    for callback, refs in plan:
        children = []
        for kind, a, b in refs:
            if kind == _RESULT:
                children.append(values[a])
            elif kind == _LITERAL:
                children.append(a)
            elif kind == _WORD_TOKEN:
                children.append(Token(b, words[a]))
            else:
                token_type, cuts = b
                pieces = [cuts[0]]
                for i, word in enumerate(words[a[0]:a[1] + 1], 1):
                    pieces += [word, cuts[i]]
                children.append(Token(token_type, "".join(pieces)))
        values.append(callback(children))
    return values[-1]
