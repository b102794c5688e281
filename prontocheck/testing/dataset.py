"""Reading data sets to lint: native JSON Lines (``output`` not needed), the original PrOntoQA JSON,
and the original experiment log (its questions and expected answers).

Unlike :func:`prontocheck.io.read_records`, which reads model outputs to analyse, this reads the
questions themselves: a record needs ``context`` and ``query``; ``gold_cot``, ``gold_label`` and
any metadata are optional. In the original JSON format every in-context example is linted too.

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     path = os.path.join(d, "set.jsonl")
...     with open(path, "w") as f:
...         _ = f.write('{"context": "Fae is a cat.", "query": "Prove: Fae is a cat.", "id": "a"}\\n')
...     [item] = read_dataset(path)
>>> item.id, item.line, item.record["query"]
('a', 1, 'Prove: Fae is a cat.')
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from prontocheck.common.streams import iter_lines, json_lines, open_text
from prontocheck.errors import InputError
from prontocheck.io.original import parse_log
from prontocheck.io.records import RecordError
from prontocheck.testing.checks import Finding, check_names, lint_record

_EXAMPLE_KEY = re.compile(r'^[ \t]*+"(example\d+)"\s*+:', re.MULTILINE)
_CONTAINERS = ("in_context_example", "test_example")


@dataclass(frozen=True, slots=True)
class DatasetRecord:
    """One question of a data set, in the native schema, with where it came from."""

    record: dict[str, Any]
    id: str
    file: str
    line: int


@dataclass
class LintReport:
    """The result of linting files: how many records, and every finding.

    Attributes:
        records: the number of questions read.
        findings: every failed check, in file order.
    """

    records: int = 0
    findings: list[Finding] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """Findings per check."""
        out: dict[str, int] = {}
        for f in self.findings:
            out[f.check] = out.get(f.check, 0) + 1
        return out


def _from_original(example: Mapping[str, Any], key: str, name: str, line: int) -> Iterator[DatasetRecord]:
    extra = {k: v for k, v in example.items() if not k.startswith(_CONTAINERS)}
    for part, value in example.items():
        if not part.startswith(_CONTAINERS) or not isinstance(value, dict):
            continue
        record = {"context": value.get("question"), "query": value.get("query"),
                  "gold_cot": value.get("chain_of_thought"), "gold_label": value.get("answer")}
        if part == "test_example":
            record.update(extra)
        rid = key if part == "test_example" else f"{key}/{part}"
        record["id"] = rid
        yield DatasetRecord(record, rid, name, line)


def _json_lines(lines: Iterator[tuple[int, str]], name: str) -> Iterator[DatasetRecord | Finding]:
    count = 0
    for number, text, obj, error in json_lines(lines):
        if error is not None:
            yield Finding("record", f"not JSON: {error}", None, name, number)
            continue
        count += 1
        if not isinstance(obj, dict):
            yield Finding("record", f"not a JSON object: {text.strip()[:60]}", None, name, number)
        elif "context" in obj or "query" in obj:
            rid = str(obj["id"]) if obj.get("id") is not None else f"{name}:{number}"
            yield DatasetRecord({**obj, "id": rid}, rid, name, number)
        elif "test_example" in obj or "question" in obj:
            yield from _from_original(obj if "test_example" in obj else {"test_example": obj}, f"example{count}",
                                      name, number)
        else:
            for key, example in obj.items():
                if isinstance(example, dict):
                    yield from _from_original(example, key, name, number)


def _log(lines: Iterable[str], name: str) -> Iterator[DatasetRecord | Finding]:
    for item in parse_log(lines, name):
        if isinstance(item, RecordError):
            yield Finding("record", item.reason, item.id, name, item.line)
            continue
        p = item.problem
        record = {"context": p.context, "query": p.query, "gold_cot": p.gold_cot, "gold_label": p.gold_label,
                  "id": item.id}
        yield DatasetRecord(record, item.id, name, item.line)


def _whole_file(text: str, name: str) -> Iterator[DatasetRecord | Finding]:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        yield Finding("record", f"not JSON: {e}", None, name, e.lineno)
        return
    lines = {m.group(1): text.count("\n", 0, m.start()) + 1 for m in _EXAMPLE_KEY.finditer(text)}
    items = obj.items() if isinstance(obj, dict) else ((f"example{i}", v) for i, v in enumerate(obj, start=1))
    for key, example in items:
        if isinstance(example, dict):
            yield from _from_original(example, key, name, lines.get(key, 1))
        else:
            yield Finding("record", f"example {key!r} is not a JSON object", key, name, lines.get(key))


def read_dataset(path: str) -> Iterator[DatasetRecord | Finding]:
    """Read the questions of a data set (``-``: standard input; gzip, bz2, xz decompressed).

    Yields:
        One :class:`DatasetRecord` per question, or a ``record`` :class:`Finding` for a line that
        cannot be read.

    Raises:
        InputError: the file cannot be opened, or it is text without a question (not a data set).
    """
    with open_text(path) as stream:
        numbered = enumerate(iter_lines(stream, path), start=1)
        head: list[tuple[int, str]] = []
        for item in numbered:
            head.append(item)
            if item[1].strip():
                break
        first = head[-1][1].strip() if head else ""
        try:
            whole = not isinstance(json.loads(first), dict) if first else False
        except json.JSONDecodeError:
            whole = first.startswith(("{", "["))
        if whole:
            yield from _whole_file("".join(t for _, t in head) + "".join(t for _, t in numbered), path)
        elif first and not first.startswith(("{", "[")):  # not JSON: the experiment log
            found = False
            for question in _log((t for _, t in [*head, *numbered]), path):
                found = True
                yield question
            if not found:  # text, but not a single question of a log: not a data set at all
                raise InputError(path, None, f"no question found: the first line {first[:80]!r} is not JSON Lines, "
                                             "JSON or a PrOntoQA log")
        else:
            yield from _json_lines(iter([*head, *numbered]), path)


def lint_file(path: str, *, ignore: Collection[str] = (), report: LintReport | None = None) -> LintReport:
    """Lint every question of one file, adding to ``report`` (a new one by default).

    Raises:
        InputError: the file cannot be opened.
        UsageError: an unknown check name in ``ignore``.
    """
    ignored = check_names(ignore)
    report = report if report is not None else LintReport()
    for item in read_dataset(path):
        if isinstance(item, Finding):
            report.findings.append(item)
            continue
        report.records += 1
        report.findings.extend(lint_record(item.record, ignore=ignored, file=item.file, line=item.line))
    return report
