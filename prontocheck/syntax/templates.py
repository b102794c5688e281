"""Parse templates: one LALR parse per sentence *shape*, the words filled in for every other sentence of
that shape.

Most sentences a checker reads differ from one seen before only in their open-class words: "Every
wumpus is a yumpus" and "Every dumpus is a tumpus" are lexed into the same token types and reduced by
the same rules in the same order. So the front-end (:mod:`prontocheck.syntax.frontend`) parses the first
sentence of each shape with Lark as usual, recording the calls of the transformer's methods that the
reductions made (each method and where each of its children came from: a token of the text, or an earlier
call; Lark's child filters and inlined ``_rules`` are seen through); a later sentence of the same shape
makes those calls on its own words. The LALR automaton, the lexer and Lark's callback wrappers are skipped;
the transformer still runs on the sentence's own words, so
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
import threading
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from lark import Lark, Token, Tree
from lark.lexer import LexerThread
from lark.parsers.lalr_parser import _Parser
from lark.visitors import Transformer_InPlace, _vargs_inline

_WORD = re.compile(r"[A-Za-z0-9'\-]+")
_WORD_SPLIT = re.compile(f"({_WORD.pattern})")
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
        marks = _MARKS.get(kept)
        if marks is None:
            marks = _MARKS[kept] = _Marks(kept)
        pieces = _WORD_SPLIT.split(text)  # (text between words, word, text, …, word, text)
        words: list[str] = []
        for i in range(1, len(pieces), 2):
            mark = marks[pieces[i]]
            if mark:
                words.append(pieces[i])
                pieces[i] = mark
        return Shape("".join(pieces), tuple(words))


class _Marks(dict[str, str]):
    """Word → its mark in a shape (``""``: kept as it is), worked out once per word (a bounded number kept)."""

    def __init__(self, kept: frozenset[str]) -> None:
        super().__init__()
        self.kept = kept

    def __missing__(self, word: str) -> str:
        if not _ASCII_LETTERS.fullmatch(word) or word.lower() in self.kept:
            mark = ""
        else:
            mark = _CAPITAL if word[0].isupper() else _LOWER
        if len(self) >= 1 << 16:
            self.clear()
        self[word] = mark
        return mark


_MARKS: dict[frozenset[str], _Marks] = {}


def _abstracted(text: str, kept: frozenset[str]) -> Iterator[re.Match[str]]:
    """The words of ``text`` a shape abstracts: ASCII letters, lower case or capitalised, not kept."""
    return (m for m in _WORD.finditer(text) if _ASCII_LETTERS.fullmatch(m.group()) and m.group().lower() not in kept)


class _Box:
    """A transformer method's value while a parse is recorded, with the index of the step that made it."""

    __slots__ = ("value", "index")

    def __init__(self, value: Any, index: int) -> None:
        self.value = value
        self.index = index


# A recorded step: a transformer method, whether it takes its children inline (``@v_args(inline=True)``) or as
# one list, and for each child (kind, a, b): an earlier step's value (_RESULT, index), a token of the text
# without abstracted words (_LITERAL, token; also a placeholder ``None``), one abstracted word (_WORD_TOKEN,
# word index, type), or a token spanning several words (_SPAN, (first word, last word), the token's text with
# the words cut out).
_Step = tuple[Callable[..., Any], bool, tuple[tuple[int, Any, Any], ...]]
_Plan = tuple[tuple[_Step, ...], int]
"""The steps of a shape's parse and the index of the one whose value is the result."""


class _Unreplayable(Exception):
    """A parse the recording cannot replay (a tree reaches a transformer method, a wrapper other than inline)."""


class _Recorder:
    """The transformer seen through a recording: Lark's own callbacks (child filters, inlined ``_rules``,
    single-child expansion) run as usual, and each call of a transformer method is recorded with where its
    children came from, so that a replay calls the methods alone.
    """

    def __init__(self, transformer: Any) -> None:
        self._transformer = transformer
        self.child: Callable[[Any], tuple[int, Any, Any]] = lambda value: (_LITERAL, value, None)
        """Where a child came from (set for each text recorded)."""
        self.steps: list[_Step] = []
        """The steps recorded so far (set for each text recorded)."""

    def __getattr__(self, name: str) -> Callable[[list[Any]], _Box]:
        method = getattr(self._transformer, name)  # (none: Lark builds a tree, through __default__)
        wrapper = getattr(method, "visit_wrapper", None)
        if wrapper is _vargs_inline:
            function, inline = method.base_func, True
        elif wrapper is None and not isinstance(self._transformer, Transformer_InPlace):
            function, inline = method, False
        else:
            return _refuse  # (another wrapper: texts whose parse calls this method are parsed in full)

        def record(children: list[Any]) -> _Box:
            refs = tuple(self.child(c) for c in children)
            values = [c.value if isinstance(c, _Box) else c for c in children]
            value = function(*values) if inline else function(values)
            self.steps.append((function, inline, refs))
            return _Box(value, len(self.steps) - 1)

        return record

    def __default__(self, data: str, children: list[Any], meta: Any) -> Tree[Any]:
        # An inlined rule's tree: its children are spliced into the parent's by Lark, so only they are seen.
        return Tree(data, children, meta)


def _refuse(children: list[Any]) -> _Box:
    raise _Unreplayable("a transformer method not called as a plain or inline callback")


class Templates:
    """The recorded parses of one Lark parser and start rule, by shape (at most ``size`` kept).

    Attributes:
        replayed: how many texts were read by a replay (the others by a full parse).
    """

    def __init__(self, lark: Lark, start: str, kept: frozenset[str], size: int) -> None:
        # Lark's parts: the contextual lexer, the LALR table, the builder of the reduction callbacks and the
        # transformer they call.
        self._lexer = lark.parser.lexer
        self._table = lark.parser.parser.parser.parse_table
        if any(isinstance(key, str) for key in lark.parser.parser.parser.callbacks):
            raise ValueError("a transformer with terminal callbacks cannot be replayed")
        self._recorder = _Recorder(lark.options.transformer)
        self._recording = lark._parse_tree_builder.create_callback(self._recorder)
        self._lock = threading.Lock()
        self._full = lark.parse
        self._start = start
        self._kept = kept
        self._size = size
        self._plans: dict[str, Callable[[tuple[str, ...]], Any]] = {}
        self.replayed = 0

    def parse(self, text: str) -> Any:
        """Parse ``text`` as the parser would (same result, same exceptions), by its shape's recorded
        parse when there is one.
        """
        shape, words = Shape.of(text, self._kept)
        replay = self._plans.get(shape)
        if replay is not None:
            try:
                result = replay(words)
                self.replayed += 1
                return result
            except Exception:  # noqa: BLE001 - the transformer refused these words: the full parse says how
                pass
        result, plan = self._record(text, words)
        if plan is not None:
            if len(self._plans) >= self._size:
                self._plans.clear()
            self._plans[shape] = _compiled(plan)
        return result

    def _record(self, text: str, words: tuple[str, ...]) -> tuple[Any, _Plan | None]:
        spans = [m.span() for m in _abstracted(text, self._kept)]
        reusable = len(spans) == len(words)

        def child(value: Any) -> tuple[int, Any, Any]:
            nonlocal reusable
            if isinstance(value, _Box):
                return (_RESULT, value.index, None)
            if value is None:  # a placeholder of an absent optional part ([x])
                return (_LITERAL, None, None)
            if not isinstance(value, Token) or value.start_pos is None or value.end_pos is None:
                raise _Unreplayable(type(value).__name__)  # a tree, or a token without its place
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

        recorder = self._recorder
        if not self._lock.acquire(blocking=False):  # (one recorder: while it records a text, others are parsed in full)
            return self._full(text, start=self._start), None
        try:
            recorder.child, recorder.steps = child, []
            out = _Parser(self._table, self._recording).parse(LexerThread.from_text(self._lexer, text), self._start)
            steps = tuple(recorder.steps)
        except _Unreplayable:
            return self._full(text, start=self._start), None
        finally:
            self._lock.release()
        if not isinstance(out, _Box):
            return self._full(text, start=self._start), None
        if not reusable:
            return out.value, None
        return out.value, (steps, out.index)


_token = getattr(Token, "_future_new", Token)
"""``Token(type, value)`` without Lark's ``Token.__new__``, which checks for a deprecated keyword and calls this."""


def _compiled(plan: _Plan) -> Callable[[tuple[str, ...]], Any]:
    """The replay of ``plan`` as a function of the words: its steps written out as Python code, each the recorded
    call with its children (an earlier step's value, a literal token, a word's token, a token of several words
    with its cuts), so that a replay does not read the plan at each sentence.

    >>> steps = ((str.upper, True, ((_WORD_TOKEN, 1, "NAME"),)),
    ...          (max, True, ((_RESULT, 0, None), (_LITERAL, "b", None), (_SPAN, (0, 1), ("NAME", ("<", "-", ">"))))))
    >>> _compiled((steps, 1))(("x", "a")) == max("A", "b", "<x-a>")
    True
    """
    steps, result = plan
    scope: dict[str, Any] = {"token": _token}
    lines = ["def replay(words):"]
    for n, (function, inline, refs) in enumerate(steps):
        scope[f"f{n}"] = function
        children = []
        for m, (kind, a, b) in enumerate(refs):
            name = f"c{n}_{m}"
            if kind == _RESULT:
                children.append(f"v{a}")
            elif kind == _LITERAL:
                scope[name] = a
                children.append(name)
            elif kind == _WORD_TOKEN:
                scope[name] = b
                children.append(f"token({name}, words[{int(a)}])")
            else:
                token_type, cuts = b
                scope[name] = token_type
                pieces = [f"{name}_0"]
                scope[f"{name}_0"] = cuts[0]
                for i, w in enumerate(range(a[0], a[1] + 1), 1):
                    scope[f"{name}_{i}"] = cuts[i]
                    pieces += [f"words[{int(w)}]", f"{name}_{i}"]
                children.append(f"token({name}, ''.join(({', '.join(pieces)},)))")
        arguments = ", ".join(children)
        lines.append(f"    v{n} = f{n}({arguments})" if inline else f"    v{n} = f{n}([{arguments}])")
    lines.append(f"    return v{int(result)}")
    exec("\n".join(lines), scope)  # noqa: S102 - names and integer indexes only; every value is in scope
    return scope["replay"]  # type: ignore[no-any-return]
