"""Saved runs: the per-record lines ``prontocheck analyze --output`` writes, read back as results.

A line is a checked record (:meth:`~prontocheck.prontoqa.results.ExampleResult.to_json` plus its ``source``) or
a bad one (``{"id", "error": {"file", "line", "reason"}}``). :func:`read_run` gives each as a
:class:`SavedRecord` in file order, so the summaries, groupings and HTML report of the run can be made again
without checking anything: :func:`summarize_run` feeds them to the same builders ``analyze`` uses and gives the
summary ``analyze`` printed, exactly.

>>> import json, os, tempfile
>>> from prontocheck import Problem, check
>>> result = check(Problem("Fae is a cat.", "True or false: Fae is a cat."), "Fae is a cat. True", id="r1")
>>> lines = [{**result.to_json(), "source": {"file": "in.jsonl", "line": 1}},
...          {"id": "in.jsonl:2", "error": {"file": "in.jsonl", "line": 2, "reason": "not JSON"}}]
>>> with tempfile.TemporaryDirectory() as d:
...     path = os.path.join(d, "records.jsonl")
...     _ = open(path, "w").write("".join(json.dumps(line) + "\\n" for line in lines))
...     saved = list(read_run(path))
>>> saved[0].result == result, saved[0].file, saved[0].line, str(saved[1].error)
(True, 'in.jsonl', 1, 'in.jsonl:2: not JSON')
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import count
from typing import Any

from prontocheck.common.decode import loads
from prontocheck.common.streams import LongLine, iter_lines, long_line_error, open_text
from prontocheck.errors import InputError
from prontocheck.io.records import RecordError
from prontocheck.limits import RECORD_CHARS
from prontocheck.prontoqa.results import ExampleResult
from prontocheck.report.aggregate import DEFAULT_LIMIT, GroupedSummaryBuilder, SummaryBuilder
from prontocheck.report.samples import key_of_sample
from prontocheck.report.summary import GroupedSummary, Summary

SAVED_LINE_CHARS = 16 * RECORD_CHARS
"""The longest line of a saved run read: a record's line holds its output's text several times over (its steps and
its sentences), so it may be much longer than the input record (at most ``record_chars``) it was made from."""

RECORDS_NAME = "records.jsonl"
"""The records file of a run directory (``analyze --output-dir``); a directory given as a run is read through it."""

SUMMARY_NAME = "summary.json"
"""The summary of a run directory: what ``analyze --format json`` prints."""

HTML_NAME = "report.html"
"""The HTML report of a run directory."""


@dataclass(frozen=True, slots=True)
class SavedRecord:
    """One line of a saved run: a checked record with where it was read from, or a bad record.

    Attributes:
        result: the record's analysis (``None`` for a bad record).
        error: the bad record (``None`` for a checked one).
        file: the input file the record was read from (``source.file``; for a bad record, its file).
        line: the line of that file where the record starts (``None`` when not known).
        problem: the record's problem key (``problem_key``: :func:`~prontocheck.report.samples.problem_key`;
            ``None`` when not saved): what makes saved records samples of one problem, and pairs them in a comparison.
    """

    result: ExampleResult | None
    error: RecordError | None
    file: str | None
    line: int | None
    problem: str | None = None


def saved_record(obj: Any) -> SavedRecord:
    """The :class:`SavedRecord` of one decoded line of ``analyze --output``.

    Raises:
        KeyError, TypeError, ValueError: ``obj`` is not such a line.

    >>> saved_record({"id": "a", "error": {"file": "in.jsonl", "line": None, "reason": "cannot read"}}).error
    RecordError(file='in.jsonl', line=None, reason='cannot read', id='a')
    >>> saved_record({"id": "a"})
    Traceback (most recent call last):
    ...
    KeyError: 'steps'
    """
    if not isinstance(obj, Mapping):
        raise TypeError(f"expected a JSON object, got {type(obj).__name__}")
    if "error" in obj:
        error = obj["error"]
        line, reason, file = error["line"], error["reason"], error["file"]
        if not isinstance(file, str) or not isinstance(reason, str) or not (line is None or isinstance(line, int)):
            raise TypeError(f"not the error of a record: {error!r}")
        identifier = obj.get("id")
        return SavedRecord(None, RecordError(file, line, reason, None if identifier is None else str(identifier)),
                           file, line)
    result = ExampleResult.from_json(obj)
    source = obj.get("source") or {}
    file, line, problem = source.get("file"), source.get("line"), obj.get("problem_key")
    return SavedRecord(result, None, file if isinstance(file, str) else None, line if isinstance(line, int) else None,
                       problem if isinstance(problem, str) else None)


def run_file(path: str) -> str:
    """The records file of a run: ``path`` itself, or for a directory (``analyze --output-dir``'s run) the
    :data:`RECORDS_NAME` in it.

    >>> run_file("runs/a.jsonl")
    'runs/a.jsonl'
    """
    return os.path.join(path, RECORDS_NAME) if os.path.isdir(path) else path


def parse_run(lines: Iterable[str], name: str) -> Iterator[SavedRecord]:
    """The records of a saved run's lines (the text ``analyze --output`` writes), in order; blank lines are skipped.

    Raises:
        InputError: a line is not one ``analyze --output`` writes (the run could not be summarized as it was: the
            error names the line, and nothing is guessed).

    >>> next(parse_run(['{"id": "a"}'], "run.jsonl"))
    Traceback (most recent call last):
    ...
    prontocheck.errors.InputError: run.jsonl:1: not a record of 'prontocheck analyze --output': missing key 'steps'
    """
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        if isinstance(text, LongLine):
            raise InputError(name, number, str(long_line_error(text)))
        try:
            value = loads(text, max_chars=None)
        except json.JSONDecodeError as e:
            raise InputError(name, number, f"not JSON: {e}") from None
        try:
            yield saved_record(value)
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            what = f"missing key {e}" if isinstance(e, KeyError) else str(e)
            raise InputError(name, number, f"not a record of 'prontocheck analyze --output': {what}") from None


def read_run(path: str) -> Iterator[SavedRecord]:
    """The records of a saved run (``analyze --output``; plain or compressed, ``-`` for standard input; a run
    directory is read through its :data:`RECORDS_NAME`), in file order; see :func:`parse_run`.

    Raises:
        InputError: the file cannot be read, or a line is not one ``analyze --output`` writes.
    """
    path = run_file(path)
    with open_text(path) as stream:
        yield from parse_run(iter_lines(stream, path, max_chars=SAVED_LINE_CHARS), path)


def new_run_directory(parent: str, now: datetime | None = None) -> str:
    """Make and return a new directory for one run under ``parent`` (made too if missing), named by the run's
    time in UTC as lm-eval names its results (``2026-12-02T07-30-12Z``; ``-2``, ``-3``, … added when two runs start
    in the same second).

    Raises:
        OSError: the directory cannot be made.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     when = datetime(2026, 12, 2, 7, 30, 12, tzinfo=UTC)
    ...     [os.path.basename(new_run_directory(d, when)) for _ in range(2)]
    ['2026-12-02T07-30-12Z', '2026-12-02T07-30-12Z-2']
    """
    stamp = (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H-%M-%SZ")
    os.makedirs(parent, exist_ok=True)
    for attempt in count(1):
        path = os.path.join(parent, stamp if attempt == 1 else f"{stamp}-{attempt}")
        try:
            os.mkdir(path)
        except FileExistsError:
            continue
        return path
    raise AssertionError("unreachable")  # pragma: no cover


def summarize_run(
    records: Iterable[SavedRecord], *, group_by: str | None = None, limit: int = DEFAULT_LIMIT,
    sample_key: str | None = None, sample_logprob: str | None = None,
) -> Summary | GroupedSummary:
    """The summary of saved records, grouped by a metadata key (or ``file``) or not: what ``analyze`` printed
    for the records, with the same builders, in the same order (so the same figures and lists). ``sample_key``
    and ``sample_logprob`` are ``analyze``'s options of the same names (which records are samples of one problem;
    by default those saved with the same ``problem_key``).

    >>> from prontocheck import Problem, check
    >>> r = check(Problem("Fae is a cat.", "True or false: Fae is a cat."), "True", metadata={"model": "m"})
    >>> summarize_run([SavedRecord(r, None, "in.jsonl", 1)], group_by="model").groups["m"].label.value
    1.0
    """
    builder = SummaryBuilder(limit=limit) if group_by is None else GroupedSummaryBuilder(group_by, limit=limit)
    for record in records:
        if record.result is not None:
            result = record.result
            builder.add(result, sample=key_of_sample(record.problem, result.id, result.metadata, sample_key,
                                                     sample_logprob))
        elif record.error is not None:
            builder.add_error(record.error)
    return builder.build()
