r"""Choosing a reader: the input format, detected from the content, and :func:`read_records`.

Detection looks at the decompressed text, never at the file name: text starting with ``Q:`` (or
``Predicted answer:``) is an original experiment log; a first line that is a JSON object is JSON
Lines, the original JSON when its keys are ``test_example``, ``example<N>`` or ``question`` +
``query`` + ``chain_of_thought``, else native; text starting with ``{`` or ``[`` whose first line
is not JSON is one whole-file JSON value (the original JSON), unless the next line is a JSON object.
Only the first one or two non-blank lines are read ahead, and they are handed on to the reader, so
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
from typing import Any

from prontocheck.errors import InputError, UsageError
from prontocheck.io.native import check_fields, parse_native
from prontocheck.io.original import parse_json, parse_log
from prontocheck.io.records import Record, RecordError
from prontocheck.io.streams import iter_lines, open_text

FORMATS = ("native", "prontoqa-log", "prontoqa-json")
_ORIGINAL_KEYS = {"question", "query", "chain_of_thought"}
_EXAMPLE_KEY = re.compile(r"example\d+")


def _peek(lines: Iterator[str]) -> list[str]:
    """Read lines up to and including the next non-blank one."""
    peeked: list[str] = []
    for line in lines:
        peeked.append(line)
        if line.strip():
            break
    return peeked


def _sniff(lines: Iterator[str], name: str) -> tuple[list[str], str | None, bool]:
    """Peek at the start of an input: the lines read, the format (``None``: empty), whether it is JSON Lines.

    A first line that starts with ``{`` but is not JSON is a whole-file JSON value, unless the next
    non-blank line is a JSON object: then it is JSON Lines with a bad first line.
    """
    peeked = _peek(lines)
    first = peeked[-1] if peeked else ""
    fmt = classify(first, name)
    if fmt == "prontoqa-json" and _json_object(first) is None and first.lstrip().startswith("{"):
        ahead = _peek(lines)
        peeked += ahead
        if ahead and _json_object(ahead[-1]) is not None:
            return peeked, classify(ahead[-1], name), True
    return peeked, fmt, _json_object(first) is not None


def _json_object(text: str) -> dict[str, Any] | None:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError:
        return None
    return obj if isinstance(obj, dict) else None


def classify(first: str, name: str) -> str | None:
    """The format of an input whose first non-blank line is ``first``; ``None`` for an empty input.

    >>> classify('{"test_example": {}}', "x"), classify("Q: Fae is a cat.", "x"), classify("{", "x")
    ('prontoqa-json', 'prontoqa-log', 'prontoqa-json')

    Raises:
        InputError: the text is none of the formats.

    """
    text = first.strip()
    if not text:
        return None
    if text.startswith(("Q:", "Predicted answer:")):
        return "prontoqa-log"
    obj = _json_object(text)
    if obj is not None:
        keys = set(obj)
        if "test_example" in keys or _ORIGINAL_KEYS <= keys or any(_EXAMPLE_KEY.fullmatch(k) for k in keys):
            return "prontoqa-json"
        return "native"
    if text.startswith(("{", "[")):
        return "prontoqa-json"
    raise InputError(
        name, None, f"cannot detect the input format from its first line {text[:60]!r}: not JSON Lines, "
        f"JSON or a PrOntoQA log; name the format (one of {', '.join(FORMATS)})"
    )


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
        lines = iter_lines(stream, path)
        fmt = input_format
        if fmt == "auto":
            peeked, detected, jsonl = _sniff(lines, path)
            if detected is None:
                return
            fmt = "native" if fields and jsonl else detected
            lines = chain(peeked, lines)
        if fmt == "native":
            yield from parse_native(lines, path, fields)
        elif fmt == "prontoqa-log":
            yield from parse_log(lines, path)
        else:
            yield from parse_json(lines, path)
