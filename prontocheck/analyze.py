"""Checking whole input files: read records, check each, stream results (the ``analyze`` job)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from importlib.resources import as_file
from pathlib import Path
from typing import Any

from prontocheck._resources import resource
from prontocheck.io import Record, RecordError, read_records
from prontocheck.prontoqa.check import check
from prontocheck.prontoqa.results import ExampleResult

DEMO_NAME = "demo.jsonl"
"""The embedded default input: real-looking model outputs covering every step kind."""


@dataclass(frozen=True, slots=True)
class Checked:
    """One input record and its analysis."""

    record: Record
    result: ExampleResult

    def to_json(self) -> dict[str, Any]:
        """The per-record JSON line: the result, plus where the record came from."""
        out = self.result.to_json()
        out["source"] = {"file": self.record.file, "line": self.record.line}
        return out


def error_json(error: RecordError) -> dict[str, Any]:
    """The per-record JSON line of an input record that could not be read."""
    return {"id": error.id, "error": {"file": error.file, "line": error.line, "reason": error.reason}}


def check_records(items: Iterable[Record | RecordError]) -> Iterator[Checked | RecordError]:
    """Check each record; errors pass through in place, so every input yields exactly one item."""
    for item in items:
        if isinstance(item, RecordError):
            yield item
        else:
            result = check(item.problem, item.output, id=item.id, metadata=item.metadata)
            yield Checked(item, result)


def analyze_file(
    path: str, *, input_format: str = "auto", fields: Mapping[str, str] | None = None
) -> Iterator[Checked | RecordError]:
    """Read and check one input file (``-`` for standard input), streaming.

    Raises:
        InputError: the file cannot be read at all.
        UsageError: an unknown input format or field name.
    """
    return check_records(read_records(path, input_format=input_format, fields=fields))


def demo_input() -> AbstractContextManager[Path]:
    """A context manager giving a filesystem path to the embedded demo input.

    >>> with demo_input() as path:
    ...     path.name
    'demo.jsonl'
    """
    return as_file(resource("fixtures", DEMO_NAME))
