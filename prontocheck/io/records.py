"""What readers yield: an input record to check, or an error naming the file, line and reason."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from prontocheck.prontoqa.problem import Problem


class Origin(StrEnum):
    """The format a record was read from, set by its reader (the values are the input format names).

    The original analyzers read a log differently from a JSON file (:func:`prontocheck.compat.compat_check_record`
    asks this, never the record's fields).
    """

    NATIVE = "native"
    ORIGINAL_LOG = "prontoqa-log"
    ORIGINAL_JSON = "prontoqa-json"
    JSON_ARRAY = "json-array"
    INSPECT_EVAL = "inspect-eval"
    INSPECT_JSON = "inspect-json"
    OPENAI_BATCH = "openai-batch"
    PARQUET = "parquet"
    HF_DATASET = "hf-dataset"


@dataclass(frozen=True, slots=True)
class Record:
    """One model output on one problem, read from an input file.

    Attributes:
        problem: the question (context, query, optional gold chain of thought and label).
        output: the model's text.
        id: the record's id (the input's own, else ``<file>:<line>``).
        file: the input's name (``-`` for standard input).
        line: 1-based line where the record starts.
        metadata: the record's other fields, kept as they were (plus ``file``).
        origin: the format it was read from (native JSON Lines unless a reader says otherwise).
    """

    problem: Problem
    output: str
    id: str
    file: str
    line: int
    metadata: dict[str, Any] = field(default_factory=dict)
    origin: Origin = Origin.NATIVE


@dataclass(frozen=True, slots=True)
class RecordError:
    """An input record that could not be read; it is reported and counted, never dropped.

    Attributes:
        file: the input's name.
        line: 1-based line of the record, or ``None`` when the whole file is unreadable.
        reason: what is wrong, quoting the offending value.
        id: the record's id when it could be read, else the id the reader gives a record there
            (``<file>:<line>``, or ``<file>`` for an error of the whole file): every error has one.

    >>> RecordError("run.jsonl", 3, "not JSON").id, RecordError("run.jsonl", None, "cannot read").id
    ('run.jsonl:3', 'run.jsonl')
    """

    file: str
    line: int | None
    reason: str
    id: str | None = None

    def __post_init__(self) -> None:
        if self.id is None:
            object.__setattr__(self, "id", self.file if self.line is None else f"{self.file}:{self.line}")

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.reason}"
