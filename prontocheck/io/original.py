"""The original PrOntoQA formats: the experiment log of ``run_experiment.py`` and its JSON files.

The log is read as the original ``parse_log`` reads it, one block at a time: the test question is
the last ``Q: `` line (with any continuation lines before ``A:``) before ``Predicted answer:``; the
output runs to the ``Expected answer:`` line, the gold answer to the ``n:`` line. A malformed block
becomes a :class:`RecordError` and reading goes on with the next block.

>>> log = '''Q: Fae is a cat. Every cat is a feline. True or false: Fae is a feline.
... A:
...
... Predicted answer: Fae is a cat. Every cat is a feline. Fae is a feline. True
...
... Expected answer: Fae is a cat. Every cat is a feline. Fae is a feline.
...  True
... n: 1, (beta prior) mean: 0.5
... '''
>>> [r] = parse_log(log.splitlines(keepends=True), "run.log")
>>> r.id, r.line, r.problem.query, r.problem.gold_label
('run.log:1', 4, 'True or false: Fae is a feline.', True)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from typing import Any

from prontocheck.common.decode import loads, raw_decode
from prontocheck.common.streams import LongLine, json_lines, long_line_error
from prontocheck.errors import BudgetExceeded, InputError
from prontocheck.io.native import decode_reason, parse_label, show
from prontocheck.io.records import Origin, Record, RecordError
from prontocheck.limits import RECORD_CHARS
from prontocheck.prontoqa.problem import Problem

_Q, _A, _PREDICTED, _EXPECTED, _N = "Q: ", "A:", "Predicted answer:", "Expected answer:", "n: "
_MARKERS = ("True or false:", "Prove:")
_GOLD_LABEL = re.compile(r"(?:^|\s)(True|False)\s*$")
_EXAMPLE_KEY = re.compile(r"example\d+")
_TEST_KEYS = ("question", "query", "chain_of_thought", "answer", "model_output", "output")
_CONTAINER_KEYS = ("test_example", "in_context_example")
_NOT_JSON = object()


def _split_question(question: str) -> tuple[str, str] | None:
    for marker in _MARKERS:
        index = question.find(marker)
        if index != -1:
            return question[:index].strip(), question[index:].strip()
    return None


class _Gathered:
    """The lines of one part of a log record, up to ``record_chars``: past it they are only counted, so a
    huge block costs bounded memory and becomes its record's ``budget_exceeded`` error.
    """

    __slots__ = ("chars", "over", "parts")

    def __init__(self, line: str, skip: int = 0) -> None:
        self.parts: list[str] = []
        self.chars = 0
        self.over = False
        self.add(line, skip)

    def add(self, line: str, skip: int = 0) -> None:
        """Add ``line`` without its first ``skip`` characters (a marker such as ``Q: ``)."""
        self.chars += line.chars if isinstance(line, LongLine) else len(line)
        if isinstance(line, LongLine) or self.chars > RECORD_CHARS:
            self.over = True
            self.parts.clear()
        else:
            self.parts.append(line[skip:])

    def text(self) -> str:
        return "".join(self.parts)


def _log_record(
    name: str, line: int, question: _Gathered | None, predicted: _Gathered, expected: _Gathered, n_line: str
) -> Record | RecordError:
    try:
        n = int(n_line[len(_N) :].split(",", 1)[0])
    except ValueError:
        return RecordError(name, line, f"bad trial line {show(n_line.rstrip())}: expected 'n: <number>, ...'",
                           f"{name}:line{line}")
    rid = f"{name}:{n}"
    if question is None:
        return RecordError(name, line, "no 'Q: ' question before 'Predicted answer:'", rid)
    parts = (question, predicted, expected)
    if any(p.over for p in parts) or sum(p.chars for p in parts) > RECORD_CHARS:
        chars = sum(p.chars for p in parts)
        return RecordError(name, line, str(BudgetExceeded("record_chars", RECORD_CHARS,
                                                          f"a log block of {chars} characters")), rid)
    split = _split_question(question.text().strip())
    if split is None:
        return RecordError(name, line, f"the question has no 'True or false:' or 'Prove:': "
                                       f"{show(question.text().strip())}", rid)
    gold = expected.text().strip()
    label: bool | None = None
    if (m := _GOLD_LABEL.search(gold)) is not None:
        label, gold = m.group(1) == "True", gold[: m.start()].strip()
    problem = Problem(split[0], split[1], gold or None, label)
    return Record(problem, predicted.text().strip(), rid, name, line, {"file": name, "n": n}, Origin.ORIGINAL_LOG)


def parse_log(lines: Iterable[str], name: str) -> Iterator[Record | RecordError]:
    """Read an experiment log block by block (streamed: one block in memory at a time).

    Each record's line is that of its ``Predicted answer:``, its id ``<name>:<n>`` with ``n`` the
    trial number, its metadata ``{"file": name, "n": n}``. The gold label (the last word of the
    expected answer, ``True``/``False``) goes to ``gold_label`` and the rest to ``gold_cot``.
    A block without a trial number is an error with the id ``<name>:line<L>`` (never a trial's id).
    A block (its question, predicted and expected answers) longer than ``record_chars`` is that
    record's ``budget_exceeded`` error.

    Args:
        lines: the log's lines, newlines kept (from line 1).
        name: the input's name.

    """
    question: _Gathered | None = None
    pending: tuple[int, str] | None = None  # a line to read again in the outer state
    numbered = enumerate(lines, start=1)
    while True:
        if pending is not None:
            (number, text), pending = pending, None
        elif (item := next(numbered, None)) is None:
            return
        else:
            number, text = item
        if text.startswith(_Q):
            question = _Gathered(text, len(_Q))
            for number, text in numbered:
                if text.startswith((_A, _Q, _PREDICTED)):
                    pending = (number, text)
                    break
                question.add(text)
            continue
        if text.startswith(_EXPECTED):
            yield RecordError(name, number, "'Expected answer:' without a 'Predicted answer:' before it",
                              f"{name}:line{number}")
            continue
        if not text.startswith(_PREDICTED):
            continue
        # One block: the predicted answer, the expected answer, the trial line.
        start, predicted, ended = number, _Gathered(text, len(_PREDICTED)), False
        expected: _Gathered | None = None
        seen_q: _Gathered | None = None
        try:
            for number, text in numbered:
                if expected is None:
                    if text.startswith(_EXPECTED):
                        expected = _Gathered(text, len(_EXPECTED))
                    elif text.startswith(_PREDICTED):
                        pending = (number, text)
                        break
                    else:
                        seen_q = _Gathered(text, len(_Q)) if text.startswith(_Q) else seen_q
                        predicted.add(text)
                elif text.startswith(_N):
                    yield _log_record(name, start, question, predicted, expected, text)
                    break
                elif text.startswith((_Q, _PREDICTED)):
                    pending = (number, text)
                    break
                else:
                    expected.add(text)
            else:
                ended = True
        except InputError as e:  # the file breaks off inside this block: the block's own error, then the file's
            yield RecordError(name, start, f"incomplete block: the file breaks off inside it ({e.reason})",
                              f"{name}:line{start}")
            raise
        if ended or pending is not None:
            where = "the file ends" if pending is None else f"line {pending[0]} starts a new block"
            missing = "'Expected answer:'" if expected is None else "'n:' trial"
            yield RecordError(name, start, f"incomplete block: no {missing} line before {where} (truncated?)",
                              f"{name}:line{start}")
            if expected is None and pending is not None and seen_q is not None:
                question = seen_q


def _members(text: str) -> Iterator[tuple[str, Any, int]]:
    """The top-level members of a JSON object (or the items of an array) with their 1-based lines.

    Raises:
        json.JSONDecodeError: the text is not one JSON object or array.

    """
    ws = re.compile(r"[ \t\n\r]*")
    pos = ws.match(text, 0).end()  # type: ignore[union-attr]
    closer = {"{": "}", "[": "]"}.get(text[pos : pos + 1])
    if closer is None:
        raise json.JSONDecodeError("Expecting '{' or '['", text, pos)
    line, counted, index = 1, 0, 0
    pos = ws.match(text, pos + 1).end()  # type: ignore[union-attr]
    while text[pos : pos + 1] != closer:
        if index:
            if text[pos : pos + 1] != ",":
                raise json.JSONDecodeError(f"Expecting ',' or '{closer}'", text, pos)
            pos = ws.match(text, pos + 1).end()  # type: ignore[union-attr]
        line, counted, index = line + text.count("\n", counted, pos), pos, index + 1
        key = f"example{index}"
        if closer == "}":
            if text[pos : pos + 1] != '"':
                raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, pos)
            key, pos = raw_decode(text, pos)
            pos = ws.match(text, pos).end()  # type: ignore[union-attr]
            if text[pos : pos + 1] != ":":
                raise json.JSONDecodeError("Expecting ':' delimiter", text, pos)
            pos = ws.match(text, pos + 1).end()  # type: ignore[union-attr]
        value, pos = raw_decode(text, pos)
        yield key, value, line
        pos = ws.match(text, pos).end()  # type: ignore[union-attr]
    end = ws.match(text, pos + 1).end()  # type: ignore[union-attr]
    if end != len(text):
        raise json.JSONDecodeError("Extra data", text, end)


def _example_record(key: str, example: Any, name: str, line: int) -> Record | RecordError:
    """One example (``{"test_example": {...}}`` or the test example itself) as a record."""
    if not isinstance(example, dict):
        return RecordError(name, line, f"example {key!r} is not a JSON object: {show(example)}", key)
    test = example.get("test_example", example)
    if not isinstance(test, dict):
        return RecordError(name, line, f"example {key!r}: test_example is not a JSON object: {show(test)}", key)
    output = next((v for v in (test.get("model_output"), example.get("model_output"), example.get("output"),
                               test.get("output")) if v is not None), None)
    if isinstance(output, list) and len(output) == 1:
        output = output[0]
    if output is None:
        return RecordError(name, line, f"example {key!r} has no model output (model_output or output)", key)
    context, query, cot = test.get("question"), test.get("query"), test.get("chain_of_thought")
    problems = [f"{field} must be a string, got {show(value)}" for field, value in
                (("model output", output), ("question", context), ("query", query)) if not isinstance(value, str)]
    if not (cot is None or isinstance(cot, str) or (isinstance(cot, list) and all(isinstance(s, str) for s in cot))):
        problems.append(f"chain_of_thought must be a string or a list of strings, got {show(cot)}")
    try:
        label = parse_label(test.get("answer"))
    except ValueError as e:
        problems.append(f"answer {e}")
    if problems:
        return RecordError(name, line, f"example {key!r}: " + "; ".join(problems), key)
    assert isinstance(output, str) and isinstance(context, str) and isinstance(query, str)
    output = output.removeprefix("Output: ")
    gold = tuple(cot) if isinstance(cot, list) else cot
    metadata = {k: v for k, v in example.items() if k not in _TEST_KEYS and not k.startswith(_CONTAINER_KEYS)}
    metadata.update((k, v) for k, v in test.items() if k not in _TEST_KEYS)
    metadata.setdefault("file", name)
    return Record(Problem(context, query, gold, label), output, key, name, line, metadata, Origin.ORIGINAL_JSON)


def example_record(key: str, example: Any, name: str, line: int) -> Record | RecordError:
    """One original example (``{"test_example": {...}}`` or the test example itself) named ``key`` as a record.

    >>> example_record("example1", 7, "x.json", 3).reason
    "example 'example1' is not a JSON object: 7"
    """
    return _example_record(key, example, name, line)


def _is_keyed(obj: dict[str, Any]) -> bool:
    return "test_example" not in obj and "question" not in obj and any(_EXAMPLE_KEY.fullmatch(k) for k in obj)


def parse_json(lines: Iterable[str], name: str, *, whole: bool | None = None) -> Iterator[Record | RecordError]:
    """Read the original JSON: a whole-file object ``{"example1": {...}, ...}``, or JSON Lines.

    A JSON Lines line is ``{"exampleN": {...}}``, ``{"test_example": {...}}`` or the test example
    itself; unkeyed lines are named ``example<k>`` by their order, as the original does. The
    output comes from ``test_example.model_output``, else ``model_output``, else ``output``; a
    one-element list is unwrapped and a leading ``"Output: "`` removed. Whole-file JSON is loaded
    into memory (a line of it over ``record_chars`` ends it there, with that limit's error); JSON Lines
    are streamed, each line decoded within the per-record limits. A line that is not an example (not
    JSON, not an object, over a limit) is an error with the id ``<file>:<line>``.

    Args:
        lines: the input's lines (from line 1).
        name: the input's name.
        whole: whether the input is one whole-file JSON value (``None``: decide from the first lines,
            as :func:`prontocheck.io.detect_format` does).

    """
    numbered = enumerate(lines, start=1)
    head = _until_nonblank(numbered)
    if whole is None:
        first = _loads(head[-1][1]) if head else None
        whole = bool(head) and (isinstance(first, list) or first is _NOT_JSON)
        if whole and first is _NOT_JSON:  # JSON Lines with a bad first line, if the next line is an object
            ahead = _until_nonblank(numbered)
            head += ahead
            whole = not (ahead and isinstance(_loads(ahead[-1][1]), dict))
    if whole:
        yield from _whole_file(chain(head, numbered), name)
        return
    yield from _examples_by_line(chain(head, numbered), name)


Item = Callable[[str, Any, str, int], Record | RecordError]
"""Makes one member of a whole-file JSON value a record: ``(key, value, input name, line) → record or error``."""


def parse_whole(lines: Iterable[str], name: str, item: Item) -> Iterator[Record | RecordError]:
    r"""Read one whole-file JSON array (or object), each item (member) made a record by ``item``; the lines after
    the value are read as JSON Lines of original examples, as :func:`parse_json` does.

    >>> from prontocheck.io.records import RecordError
    >>> [str(r) for r in parse_whole(['[1,\n', '2]'], "x.json", lambda k, v, n, line: RecordError(n, line, k))]
    ['x.json:1: example1', 'x.json:2: example2']
    """
    yield from _whole_file(enumerate(lines, start=1), name, item)


def _examples_by_line(numbered: Iterable[tuple[int, str]], name: str) -> Iterator[Record | RecordError]:
    """The examples of JSON Lines, one per line (or one per key of a keyed line)."""
    count = 0
    for number, _, obj, error in json_lines(numbered):
        if error is not None:
            yield RecordError(name, number, decode_reason(error))
            continue
        count += 1
        if not isinstance(obj, dict):
            yield RecordError(name, number, f"not a JSON object: {show(obj)}")
        elif _is_keyed(obj):
            for key, example in obj.items():
                yield _example_record(key, example, name, number)
        else:
            yield _example_record(f"example{count}", obj, name, number)


def _until_nonblank(numbered: Iterator[tuple[int, str]]) -> list[tuple[int, str]]:
    head: list[tuple[int, str]] = []
    for item in numbered:
        head.append(item)
        if item[1].strip():
            break
    return head


def _loads(text: str) -> Any:
    try:
        return loads(text)
    except json.JSONDecodeError:
        return _NOT_JSON


def _one_line_value(read: list[tuple[int, str]]) -> bool:
    """Whether the first non-blank line holds one whole JSON array or object, by its brackets alone (strings
    skipped; nothing decoded, so no limit applies), and a non-blank line follows it.

    >>> _one_line_value([(1, '[[1], "]"]'), (2, '{"a": 1}')]), _one_line_value([(1, '[[1],'), (2, '2]')])
    (True, False)
    """
    lines = [text for _, text in read if text.strip()]
    if len(lines) < 2:
        return False
    first = lines[0].strip()
    depth, in_string, escaped = 0, False, False
    for i, ch in enumerate(first):
        if in_string:
            escaped, in_string = (False, True) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
            if depth == 0:
                return i == len(first) - 1
        elif depth == 0:
            return False
    return False


def _whole_file(numbered: Iterable[tuple[int, str]], name: str, item: Item | None = None
                ) -> Iterator[Record | RecordError]:
    """The examples of one whole-file JSON value, up to its end, its first error or its first over-long line;
    ``item`` makes each member's record (default: an original example).
    """
    item = item or _example_record
    read: list[tuple[int, str]] = []
    cut: RecordError | None = None
    for number, text in numbered:
        if isinstance(text, LongLine):
            cut = RecordError(name, number, str(long_line_error(text)))
            break
        read.append((number, text))
    members = 0
    try:
        for key, example, line in _members("".join(text for _, text in read)):
            members += 1
            yield item(key, example, name, line)
    except json.JSONDecodeError as e:
        if cut is None and e.msg == "Extra data" and e.colno == 1:
            # One JSON value on the first lines, then more lines: JSON Lines after all; the lines after the
            # value are read one by one, none left unread.
            if not members:
                yield RecordError(name, read[0][0], "an empty JSON value before JSON Lines")
            yield from _examples_by_line(read[e.lineno - 1:], name)
            return
        if cut is None and not members and _one_line_value(read):
            # The first line is a whole JSON value the decoder refused (over a limit: too deep, a number too long)
            # and lines follow: JSON Lines too, each line its own record or error.
            yield from _examples_by_line(read, name)
            return
        yield cut or RecordError(name, e.lineno, decode_reason(e))
        return
    if cut is not None:
        yield cut
