"""Bounded time on any input: every regular expression of the package, and every terminal of every grammar,
runs on 10⁵-character adversarial texts in well under a second (issue 11: no catastrophic backtracking, no
quadratic search).

The patterns are found, not listed: every module of ``prontocheck`` is imported and its module-level
compiled patterns collected, and every ``re`` call written in its source whose pattern can be evaluated in
the module's namespace (patterns compiled inside functions, ``re.sub(r"...", ...)``); the terminals of every
grammar in ``grammars/`` come from Lark itself. A new pattern is checked as soon as it is written.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import prontocheck
from prontocheck.syntax.frontend import Grammar, parser

N = 100_000
"""Length of each adversarial text."""
BUDGET_S = 0.5
"""Time allowed to one search or full match of one pattern on one adversarial text."""
ROOT = Path(prontocheck.__file__).resolve().parent


def _runs() -> dict[str, str]:
    """The adversarial texts, by name: long runs of one kind of character, of short words, and of both."""
    def rep(unit: str) -> str:
        return (unit * (N // len(unit) + 1))[:N]

    return {
        "letters": rep("a"),
        "capitals": rep("A"),
        "spaces": rep(" "),
        "newlines": rep("\n"),
        "blank lines": rep(" \n"),
        "tabs": rep("\t"),
        "a-space": rep("a "),
        "words": rep("Wumpus "),
        "digits": rep("7"),
        "numbered": rep("1. "),
        "full stops": rep("."),
        "commas": rep(","),
        "punctuation": rep(".,;:!?-'\"()[]*#|<>"),
        "quotes": rep('"'),
        "brackets": rep("("),
        "asterisks": rep("*"),
        "words with commas": rep("Fae, wumpus, "),
        "letters then comma": rep("a")[: N - 20] + ", Fae is a wumpus.",
        "letters then spaces": rep("a")[: N // 2] + rep(" ")[: N // 2],
        "sentence then spaces": "Fae is a wumpus." + rep(" ")[: N - 16],
        "label then spaces": "True" + rep(" ")[: N - 4],
        "answer then spaces": "The answer is" + rep(" ")[: N - 13],
        "clauses": rep("Fae is a wumpus and "),
        "so clauses": rep("so Fae is "),
        "unicode letters": rep("é"),
        "cyrillic": rep("ж"),
    }


RUNS = _runs()


def _modules() -> list[object]:
    names = [m.name for m in pkgutil.walk_packages(prontocheck.__path__, "prontocheck.")]
    return [prontocheck, *(importlib.import_module(n) for n in sorted(names))]


def _written(module: object) -> Iterator[tuple[int, re.Pattern[str]]]:
    """The patterns of the ``re`` calls written in a module's source, where the pattern (and its flags) can be
    evaluated in the module's namespace."""
    try:
        source = inspect.getsource(module)  # type: ignore[arg-type]
    except (OSError, TypeError):
        return
    namespace = dict(vars(module))
    namespace.setdefault("re", re)
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and node.args):
            continue
        flags_node = next((k.value for k in node.keywords if k.arg == "flags"), None)
        if flags_node is None:
            position = {"compile": 1, "match": 2, "search": 2, "fullmatch": 2, "findall": 2, "finditer": 2,
                        "split": 3, "sub": 4, "subn": 4}.get(node.func.attr)
            if position is None:
                continue
            if len(node.args) > position:
                flags_node = node.args[position]
        try:
            pattern = eval(compile(ast.Expression(node.args[0]), "<pattern>", "eval"), namespace)
            flags = 0 if flags_node is None else eval(compile(ast.Expression(flags_node), "<flags>", "eval"), namespace)
        except Exception:
            continue  # built from a function's locals: not checkable here
        if isinstance(pattern, str):
            yield node.lineno, re.compile(pattern, flags)


def package_patterns() -> dict[str, re.Pattern[str]]:
    """Every pattern of the package, by a name that says where it is (``module.NAME`` or ``module:line``)."""
    found: dict[str, re.Pattern[str]] = {}
    seen: set[tuple[str, int]] = set()
    for module in _modules():
        name = module.__name__  # type: ignore[attr-defined]
        candidates = []
        for key, value in sorted(vars(module).items()):
            items = value if isinstance(value, list | tuple) else [value]  # tables of patterns, too
            for i, item in enumerate(items):
                item = item[0] if isinstance(item, tuple) and item else item
                if isinstance(item, re.Pattern):
                    candidates.append((f"{name}.{key}" if item is value else f"{name}.{key}[{i}]", item))
        candidates += [(f"{name}:{line}", p) for line, p in _written(module)]
        for label, pattern in candidates:
            if not isinstance(pattern.pattern, str):
                continue
            key = (pattern.pattern, pattern.flags)
            if key not in seen:
                seen.add(key)
                found[label] = pattern
    return found


def grammars() -> list[Grammar]:
    """Every grammar the package defines (each :class:`~prontocheck.syntax.frontend.Grammar` of its modules)."""
    found = {v.name: v for m in _modules() for v in vars(m).values() if isinstance(v, Grammar)}
    return [found[k] for k in sorted(found)]


def grammar_terminals() -> dict[str, re.Pattern[str]]:
    """Every terminal of every grammar, as Lark compiles it for the lexer, by ``grammar.TERMINAL``."""
    found: dict[str, re.Pattern[str]] = {}
    for grammar in grammars():
        for start in grammar.starts:
            for terminal in parser(grammar, start).terminals:
                flags = 0
                for flag in terminal.pattern.flags:
                    flags |= getattr(re, flag.upper())
                found[f"{grammar.name}.{terminal.name}"] = re.compile(terminal.pattern.to_regexp(), flags)
    return found


def all_patterns() -> dict[str, re.Pattern[str]]:
    return {**package_patterns(), **grammar_terminals()}


PACKAGE = package_patterns()
TERMINALS = grammar_terminals()


class _Stopped(Exception):
    """A call cut off at :data:`STOP_S` (a quadratic pattern would otherwise run for minutes)."""


STOP_S = 10 * BUDGET_S
"""When one call is stopped and reported as over the budget (where signals allow it)."""


def _stop(signum: int, frame: object) -> None:
    raise _Stopped


def _timed(call: object, *args: object) -> float:
    alarm = hasattr(signal, "setitimer")
    if alarm:
        previous = signal.signal(signal.SIGALRM, _stop)
        signal.setitimer(signal.ITIMER_REAL, STOP_S)
    start = time.perf_counter()
    try:
        call(*args)  # type: ignore[operator]
    except _Stopped:
        return STOP_S
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    return time.perf_counter() - start


def _slow(pattern: re.Pattern[str], methods: tuple[str, ...]) -> list[str]:
    slow = []
    for name, text in RUNS.items():
        for method in methods:
            took = _timed(getattr(pattern, method), text)
            if took > BUDGET_S:
                slow.append(f"{method} on {name}: {took:.2f} s")
    return slow


@pytest.mark.parametrize("label", sorted(PACKAGE))
def test_package_pattern_is_linear(label: str) -> None:
    """Searched anywhere (every start position: ``search``, ``sub``, ``split``, ``finditer``) or matched whole,
    a pattern of the package takes linear time on every adversarial text."""
    assert _slow(PACKAGE[label], ("search", "fullmatch")) == []


@pytest.mark.parametrize("label", sorted(TERMINALS))
def test_grammar_terminal_is_linear(label: str) -> None:
    """A terminal is matched where a token starts (Lark's lexer never searches): linear there, and matched
    whole."""
    assert _slow(TERMINALS[label], ("match", "fullmatch")) == []


def test_every_pattern_is_found() -> None:
    """The collection finds the patterns this test is about: module constants, patterns written inline in a
    call, and the terminals of every grammar."""
    assert {"prontocheck.syntax.answers._ANSWER", "prontocheck.prontoqa.spec._ROLE_LINE"} <= set(PACKAGE)
    assert any(label.startswith("prontocheck.syntax.discourse:") for label in PACKAGE)
    assert {"prontoqa._INTRO", "formula.IDENT", "modal.NAME", "relations.WORD"} <= set(TERMINALS)
    assert len(PACKAGE) > 100


# -- the cases named in issue 11 ---------------------------------------------------------------------------------


def _fast(call: object, *args: object, within: float = BUDGET_S) -> object:
    start = time.perf_counter()
    result = call(*args)  # type: ignore[operator]
    took = time.perf_counter() - start
    assert took < within, f"took {took:.2f} s"
    return result


def test_intro_terminal_on_a_long_word_run() -> None:
    """The grammar's lead-in terminal ("From the context, ...") on a sentence that starts with a long run of letters:
    60 letters took over 20 s, 100 several minutes (a run tried split into up to six words in every way)."""
    from prontocheck.syntax.frontend import read
    from prontocheck.syntax.grammar import PRONTOQA

    assert str(_fast(read, PRONTOQA, "a" * 1_500 + " is a wumpus")) == f"wumpus({'a' * 1_500})"
    assert _fast(read, PRONTOQA, "a" * 1_500 + ", b").reason == "unexpected symbol ','"
    assert str(_fast(read, PRONTOQA, "From the context, Fae is a wumpus")) == "wumpus(Fae)"


def test_sentences_and_answers_before_long_trailing_white_space() -> None:
    """Sentence and answer reading on text that ends in a long run of spaces (800 spaces took ~10 s, 3,000 ~100 s)."""
    from prontocheck.syntax.answers import Answer, answer_of
    from prontocheck.syntax.text import split_output, split_sentences

    spaces = " " * N
    assert [s.text for s in _fast(split_sentences, "Fae is a wumpus. True" + spaces)] == ["Fae is a wumpus.", "True"]
    assert _fast(split_output, "Fae is a wumpus.\n\tTrue" + spaces).answer is True
    assert _fast(answer_of, "The answer is" + spaces + "true") == Answer(label=True, weak=False)


def test_prompt_reader_on_many_blank_lines() -> None:
    """The prompt reader's role-line pattern on many blank lines (it was quadratic)."""
    from prontocheck.prontoqa.spec import problem_from_prompt

    prompt = "user\n" + "\n" * N + "Q: Fae is a cat. True or false: Fae is a cat.\nA:"
    assert _fast(problem_from_prompt, prompt).query == "True or false: Fae is a cat."


# -- the sentence budget ------------------------------------------------------------------------------------------


def test_over_long_sentence_is_unparseable_with_a_budget_reason() -> None:
    """A sentence over ``limits.SENTENCE_CHARS`` is not read: it is an unparseable sentence whose reason is the
    BudgetExceeded message; one at the limit is read as usual."""
    from prontocheck.limits import SENTENCE_CHARS
    from prontocheck.syntax import parse_statement
    from prontocheck.syntax.reading import ReadingContext, SentenceKind, read_output

    ctx = ReadingContext.of([parse_statement("Every wumpus is a yumpus."), parse_statement("Fae is a wumpus.")])
    at_limit = "Fae is a " + "w" * (SENTENCE_CHARS - 10) + "."
    over = "Fae is a " + "w" * (SENTENCE_CHARS - 9) + "."
    assert len(at_limit) == SENTENCE_CHARS and len(over) == SENTENCE_CHARS + 1
    out = _fast(read_output, f"Fae is a wumpus. {at_limit} {over} Fae is a yumpus. True", ctx)
    kinds = [(s.kind, s.reason) for s in out.sentences]  # type: ignore[attr-defined]
    assert kinds[1] == (SentenceKind.STEP, None)
    assert kinds[2] == (SentenceKind.UNPARSEABLE, f"budget_exceeded: a sentence of {SENTENCE_CHARS + 1} characters"
                        f" is over the limit sentence_chars = {SENTENCE_CHARS}")
    assert kinds[3] == (SentenceKind.STEP, None) and out.answer.label is True  # type: ignore[attr-defined]


@pytest.mark.parametrize("grammar", [g for g in grammars() if g.max_chars is not None], ids=lambda g: g.name)
def test_every_grammar_refuses_an_over_long_text(grammar: Grammar) -> None:
    """The parse front-end refuses a text over the limit for every grammar of sentences and start rule, without
    parsing it (formulas in the paper's notation are a library call, read at any length: the next test)."""
    from prontocheck.errors import UnparseableSentence
    from prontocheck.limits import SENTENCE_CHARS
    from prontocheck.syntax.frontend import parse, read

    text = "a" * N
    for start in grammar.starts:
        failure = _fast(read, grammar, text, start)
        assert isinstance(failure, UnparseableSentence)
        assert failure.reason.startswith("budget_exceeded: ") and "sentence_chars" in failure.reason
        assert failure.pos == SENTENCE_CHARS
        with pytest.raises(UnparseableSentence, match="budget_exceeded"):
            parse(grammar, text, start)


@pytest.mark.parametrize("grammar", grammars(), ids=lambda g: g.name)
def test_every_grammar_parses_adversarial_text_in_linear_time(grammar: Grammar) -> None:
    """Lark itself (lexer and parser, no budget in front) on every adversarial text, from every start rule: linear
    (up to 10⁵ tokens at Lark's few microseconds each; a lexer that backtracked would take minutes)."""
    from lark.exceptions import LarkError

    for start in grammar.starts:
        lark = parser(grammar, start)
        for name, text in RUNS.items():
            began = time.perf_counter()
            try:
                lark.parse(text, start=start)
            except (LarkError, prontocheck.ProntocheckError):
                pass
            took = time.perf_counter() - began
            assert took < 6 * BUDGET_S, f"{grammar.name} from {start} on {name}: {took:.2f} s"


# -- whole outputs ------------------------------------------------------------------------------------------------

OUTPUTS = {
    **{name: RUNS[name] for name in ("letters", "spaces", "newlines", "a-space", "punctuation", "letters then comma")},
    "sentences": (("Fae is a cat. " * N)[:N]),
    "one long sentence": ("Fae is a cat and " * N)[:N],
    "problem lines": ("Question: Fae is a cat.\n" * N)[:N],
    "dashes": ("Fae is a cat. True\n---\n" * N)[:N],
    "restated questions": ("Is the following statement true or false? Fae is a cat.\n" * N)[:N],
    "think": "<think>" + ("Fae is a cat. " * N)[:N],
    "markdown": ("**Fae** is a `cat`.\n- " * N)[:N],
    "answer then spaces": "The answer is" + " " * N,
}


@pytest.mark.parametrize("name", sorted(OUTPUTS))
def test_whole_output_in_bounded_time(name: str) -> None:
    """``read_output`` and ``prontocheck.check`` on 10⁵-character adversarial outputs take well under seconds (time
    linear in the output: twice the text takes about twice the time)."""
    from prontocheck.syntax import parse_statement
    from prontocheck.syntax.reading import ReadingContext, read_output

    problem = prontocheck.Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is a carnivore.")
    ctx = ReadingContext.of([parse_statement("Every cat is a carnivore."), parse_statement("Fae is a cat.")])
    text = OUTPUTS[name]
    _fast(read_output, text, ctx, within=4 * BUDGET_S)
    _fast(prontocheck.check, problem, text, within=4 * BUDGET_S)
    double = text + text
    _fast(read_output, double, ctx, within=8 * BUDGET_S)
