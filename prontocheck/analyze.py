"""Checking whole input files: read records, check each, stream results (the ``analyze`` job)."""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from collections import deque
from collections.abc import Generator, Iterable, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import AbstractContextManager, suppress
from dataclasses import dataclass
from importlib.resources import as_file
from itertools import islice
from pathlib import Path
from typing import Any

from prontocheck._resources import resource
from prontocheck.errors import BudgetExceeded, UnreadableQuery
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


@dataclass(frozen=True, slots=True)
class QueryError(RecordError):
    """A record read from its file whose question cannot be: the error, and the record itself (the
    compatibility profiles read queries their own way and still check it).

    >>> from prontocheck.prontoqa.problem import Problem
    >>> record = Record(Problem("Fae is a cat.", "What is Fae?"), "Fae is a cat.", "r1", "run.jsonl", 3)
    >>> print(_check_one(record))
    run.jsonl:3: unreadable query: cannot parse 'What is Fae?' at column 1: not a question: expected 'True or \
false: S', 'Prove: S', 'Is the following statement true or false? S', 'Is it true that S?' or 'Determine \
whether S is true or false'
    """

    record: Record | None = None


def error_json(error: RecordError) -> dict[str, Any]:
    """The per-record JSON line of an input record that could not be read or checked."""
    return {"id": error.id, "error": {"file": error.file, "line": error.line, "reason": error.reason}}


def _check_one(item: Record | RecordError) -> Checked | RecordError:
    if isinstance(item, RecordError):
        return item
    try:
        return Checked(item, check(item.problem, item.output, id=item.id, metadata=item.metadata))
    except UnreadableQuery as e:
        return QueryError(item.file, item.line, f"unreadable query: {e}", item.id, item)
    except BudgetExceeded as e:  # a stated verdict for this record; the run goes on
        return RecordError(item.file, item.line, str(e), item.id)


def _check_chunk(items: list[Record | RecordError]) -> list[Checked | RecordError]:
    return [_check_one(item) for item in items]


def check_records(
    items: Iterable[Record | RecordError], *, jobs: int = 1, chunk_size: int = 256
) -> Generator[Checked | RecordError, None, None]:
    """Check each record; errors pass through in place, so every input yields exactly one item.

    A record whose query cannot be read becomes a :class:`QueryError` (a :class:`RecordError`).

    With ``jobs`` > 1 (0: one per CPU) chunks of records are checked in worker processes; the
    output keeps the input order and at most ``2 × jobs`` chunks are in flight, so memory stays
    flat however long the input is. Closing the iterator early cancels the chunks not started and
    waits for the workers to finish the ones in hand: no worker process outlives it.
    """
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1:
        yield from map(_check_one, items)
        return
    pool = ProcessPoolExecutor(jobs, initializer=_worker_init)
    try:
        window: deque[Future[list[Checked | RecordError]]] = deque()
        iterator = iter(items)
        while chunk := list(islice(iterator, chunk_size)):
            window.append(pool.submit(_check_chunk, chunk))
            if len(window) >= 2 * jobs:
                yield from window.popleft().result()
        while window:
            yield from window.popleft().result()
    except BaseException:  # closed early (the consumer stopped, a signal), or a worker died: no worker left
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()


def _worker_init() -> None:
    """Worker processes leave signals to the parent, and never outlive it.

    SIGINT (Ctrl-C reaches the whole process group) and SIGTERM (``timeout`` signals the whole group)
    are ignored: the parent stops after the current record and shuts the pool down, the workers
    finishing the chunk in hand. A worker killed while sending its results would leave the pool's
    reader waiting for the rest of the message forever. On Linux a worker is killed when its parent
    dies, even by SIGKILL, instead of waiting forever for work.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        with suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
            if os.getppid() == 1:  # the parent died before prctl: nobody will send the signal
                os._exit(1)


_PR_SET_PDEATHSIG = 1
"""Linux prctl option: the signal a process gets when its parent dies."""


def analyze_file(
    path: str, *, input_format: str = "auto", fields: Mapping[str, str] | None = None, jobs: int = 1
) -> Generator[Checked | RecordError, None, None]:
    """Read and check one input file (``-`` for standard input), streaming.

    Raises:
        InputError: the file cannot be read at all.
        UsageError: an unknown input format or field name.
    """
    return check_records(read_records(path, input_format=input_format, fields=fields), jobs=jobs)


def demo_input() -> AbstractContextManager[Path]:
    """A context manager giving a filesystem path to the embedded demo input.

    >>> with demo_input() as path:
    ...     path.name
    'demo.jsonl'
    """
    return as_file(resource("fixtures", DEMO_NAME))
