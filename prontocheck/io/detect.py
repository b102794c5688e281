r"""Choosing a reader: the input format, detected from the content, and :func:`read_records`.

Detection looks at the decompressed text, never at the file name: text starting with ``Q:`` (or
``Predicted answer:``) is an original experiment log; a first line that is a JSON object is JSON
Lines, the original JSON when its keys are ``test_example``, ``example<N>`` or ``question`` +
``query`` + ``chain_of_thought``, else native; text starting with ``{`` or ``[`` is one whole-file JSON
value (the original JSON). Any line may be a bad record, the first one too, so the first non-blank line
and the next :data:`SNIFF_LINES` decide by majority (:func:`_sniff`): a bad first line never makes a file
unreadable or turns its good records into errors. The lines read ahead are handed on to the reader, so
standard input works too.

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     path = os.path.join(d, "run.jsonl")
...     with open(path, "w") as f:
...         _ = f.write('{"context": "Fae is a cat.", "query": "Prove: Fae is a cat.", "output": "Fae is a cat."}\n')
...     fmt = detect_format(path)
...     [record] = read_records(path)
>>> fmt, record.problem.query, record.line
('native', 'Prove: Fae is a cat.', 1)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from itertools import chain

from prontocheck.common.decode import loads
from prontocheck.common.streams import LongLine, iter_lines, open_text
from prontocheck.errors import InputError, UsageError
from prontocheck.io.native import check_fields, parse_native
from prontocheck.io.original import parse_json, parse_log
from prontocheck.io.records import Origin, Record, RecordError

FORMATS = tuple(origin.value for origin in Origin)
"""The input formats: ``native``, ``prontoqa-log``, ``prontoqa-json`` (each the :class:`Origin` of its records)."""
_ORIGINAL_KEYS = {"question", "query", "chain_of_thought"}
_EXAMPLE_KEY = re.compile(r"example\d+")
SNIFF_LINES = 16
"""How many non-blank lines after the first detection reads (the first line alone never decides)."""


def _peek(lines: Iterator[str]) -> list[str]:
    """Read lines up to and including the next non-blank one."""
    peeked: list[str] = []
    for line in lines:
        peeked.append(line)
        if line.strip():
            break
    return peeked


def _kind(line: str) -> str:
    """What one line looks like: ``"blank"``, ``"prontoqa-log"`` (a log marker), ``"native"`` or ``"prontoqa-json"``
    (a JSON object of that format), ``"json"`` (another JSON value), ``"open"`` (starts like JSON, is not) or
    ``"text"``.

    >>> [_kind(x) for x in ["", "Q: Fae is a cat.", '{"output": "x"}', '{"test_example": {}}', "[1, 2]", "[1,", "42"]]
    ['blank', 'prontoqa-log', 'native', 'prontoqa-json', 'json', 'open', 'text']
    """
    text = line.strip()
    if not text:
        return "blank"
    if text.startswith(("Q:", "Predicted answer:")):
        return "prontoqa-log"
    if text.startswith(("{", "[")):
        try:
            obj = loads(text) if not isinstance(line, LongLine) else _NOT_JSON
        except json.JSONDecodeError:
            obj = _NOT_JSON
        if isinstance(obj, dict):
            keys = set(obj)
            original = "test_example" in keys or _ORIGINAL_KEYS <= keys or any(_EXAMPLE_KEY.fullmatch(k) for k in keys)
            return "prontoqa-json" if original else "native"
        return "open" if obj is _NOT_JSON else "json"
    return "text"


_NOT_JSON = object()
_OBJECTS = ("native", "prontoqa-json")


def _sniff(lines: Iterator[str], name: str) -> tuple[list[str], str | None, bool]:
    """Peek at the start of an input: the lines read, the format (``None``: empty), whether it is JSON Lines.

    The first non-blank line and up to :data:`SNIFF_LINES` more decide, so that one bad line (any line,
    the first included) never decides for the file. After a first line that starts like JSON (``{``,
    ``[``) but is no JSON object, the input is JSON Lines when most of the next lines are JSON objects,
    else one whole-file JSON value (the original JSON). Otherwise it is JSON Lines when JSON objects
    outnumber log markers (``Q:``, ``Predicted answer:``), a log when there are more log markers (a tie:
    the first line decides). JSON Lines objects vote for native or original JSON (a tie: the first line's
    format, else native).

    Raises:
        InputError: no line read tells the format.

    """
    peeked = _peek(lines)
    first = peeked[-1] if peeked else ""
    kind = _kind(first)
    if kind == "blank":
        return peeked, None, False
    ahead: list[str] = []
    while len(ahead) < SNIFF_LINES and (more := _peek(lines)):
        peeked += more
        if more[-1].strip():
            ahead.append(_kind(more[-1]))
    objects = [k for k in ahead if k in _OBJECTS]
    if kind in ("open", "json"):
        if 2 * len(objects) <= len(ahead):
            return peeked, "prontoqa-json", False
    elif kind in _OBJECTS:
        objects.append(kind)
    native, original = objects.count("native"), objects.count("prontoqa-json")
    vote = kind if native == original and kind in _OBJECTS else "prontoqa-json" if original > native else "native"
    logs = ahead.count("prontoqa-log") + (kind == "prontoqa-log")
    if len(objects) > logs or (objects and len(objects) == logs and kind != "prontoqa-log"):
        return peeked, vote, True
    if logs:
        return peeked, "prontoqa-log", False
    raise InputError(
        name, None, f"cannot detect the input format from its first line {first.strip()[:60]!r} or the "
        f"{len(ahead)} non-blank lines after it: not JSON Lines, JSON or a PrOntoQA log; name the format "
        f"(one of {', '.join(FORMATS)})"
    )


def classify(first: str, name: str) -> str | None:
    """The format of an input whose first non-blank line is ``first``; ``None`` for an empty input.

    >>> classify('{"test_example": {}}', "x"), classify("Q: Fae is a cat.", "x"), classify("{", "x")
    ('prontoqa-json', 'prontoqa-log', 'prontoqa-json')

    Raises:
        InputError: the text is none of the formats.

    """
    return _sniff(iter([first]), name)[1]


def detect_format(path: str) -> str:
    """Detect the format of a file (or of standard input, which this consumes) from its content.

    Args:
        path: a file path, or ``-`` for standard input.

    Returns:
        One of :data:`FORMATS`; ``"native"`` for an empty input.

    Raises:
        InputError: the file cannot be read or its format is none of :data:`FORMATS`.

    """
    with open_text(path) as stream:
        fmt = _sniff(iter_lines(stream, path), path)[1]
    return fmt or "native"


def _check_format(input_format: str) -> None:
    if input_format != "auto" and input_format not in FORMATS:
        raise UsageError(f"unknown input format {input_format!r}; valid formats: auto, {', '.join(FORMATS)}")


def read_records(
    path: str, *, input_format: str = "auto", fields: Mapping[str, str] | None = None
) -> Iterator[Record | RecordError]:
    """Read an input file (or ``-``, standard input): one record or record error at a time.

    The arguments are checked at once; the file is opened on the first ``next``. A bad record
    is yielded as a :class:`RecordError` and reading goes on.

    Args:
        path: a file path, or ``-`` for standard input; gzip, bzip2 and xz are read transparently.
        input_format: ``"auto"`` (detect from the content) or one of :data:`FORMATS`.
        fields: a field mapping for the native format (our name → the input's key or dotted path).
            With ``"auto"``, giving one makes JSON Lines read as native.

    Raises:
        UsageError: an unknown format or field name, or ``fields`` with a non-native format.
        InputError: the file cannot be opened or read, or its format cannot be detected.

    """
    _check_format(input_format)
    mapping = check_fields(fields)
    if fields and input_format not in ("auto", "native"):
        raise UsageError(f"a field mapping applies to the native format only, not to {input_format!r}")
    return _read(path, input_format, mapping if fields else None)


def _read(path: str, input_format: str, fields: Mapping[str, str] | None) -> Iterator[Record | RecordError]:
    with open_text(path) as stream:
        lines: Iterator[str] = iter_lines(stream, path)
        fmt, whole = input_format, None
        if fmt == "auto":
            peeked, detected, jsonl = _sniff(lines, path)
            if detected is None:
                return
            fmt = "native" if fields and jsonl else detected
            lines, whole = chain(peeked, lines), not jsonl
        if fmt == "native":
            yield from parse_native(lines, path, fields)
        elif fmt == "prontoqa-log":
            yield from parse_log(lines, path)
        else:
            yield from parse_json(lines, path, whole=whole)
