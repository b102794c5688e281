"""Checking whole input files: read records, check each, stream results (the ``analyze`` job).

:func:`check_records` (and :func:`analyze_file` over a file) yields each record's :class:`Checked`
result. :func:`analyze_records` does all of the ``analyze`` job's work per record — the JSON line,
the summary counts, the compatibility verdict — and yields batches (:class:`Batch`) of consecutive
records: with worker processes, that work is done in the workers, and what comes back is small and
cheap to unpickle (the lines as text, a chunk's summary builder to merge), so the parent is free to
read input and write output. Both keep the input order and give the same output whatever ``jobs``.
"""

from __future__ import annotations

import ctypes
import gc
import os
import signal
import stat
import sys
from collections import deque
from collections.abc import Callable, Generator, Iterable, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import AbstractContextManager, suppress
from dataclasses import dataclass
from importlib.resources import as_file
from itertools import islice
from pathlib import Path
from typing import Any, TypeVar

from prontocheck._resources import resource
from prontocheck.compat import CompatExample, Whitelist, compat_check_record
from prontocheck.errors import BudgetExceeded, UnreadableQuery
from prontocheck.io import Record, RecordError, read_records
from prontocheck.io.writing import dumps
from prontocheck.prontoqa.check import check
from prontocheck.prontoqa.results import ExampleResult
from prontocheck.report.aggregate import GroupedSummaryBuilder, SummaryBuilder
from prontocheck.report.samples import key_of_sample, problem_key
from prontocheck.syntax.frontend import parser
from prontocheck.syntax.grammar import PRONTOQA

DEMO_NAME = "demo.jsonl"
"""The embedded default input: real-looking model outputs covering every step kind."""

STDIN = "-"
"""The input name of standard input."""

AUTO_JOBS_BYTES = 1 << 20
"""Under ``jobs=None`` (auto), an input file of this many bytes or more (about 1,000 records) is checked on
every CPU, a smaller one in the calling process: starting worker processes (each reads the grammar) costs
more than it gains there."""

CHUNK_SIZE = 256
"""Records per chunk sent to a worker process: large enough that sending is cheap, small enough to keep the
workers evenly busy to the end and memory small (at most ``2 × jobs`` chunks are in flight)."""

LOCAL_CHUNK_SIZE = 32
"""Records per :class:`Batch` checked in the calling process: a caller stopping between batches (on a
signal) stops soon."""

PAPER = "paper"
"""The profile of the paper's definitions (no compatibility verdict)."""


@dataclass(frozen=True, slots=True)
class Checked:
    """One input record and its analysis."""

    record: Record
    result: ExampleResult

    def to_json(self, problem: str | None = None) -> dict[str, Any]:
        """The per-record JSON line: the result, plus where the record came from and its problem's key (what
        ``prontocheck compare`` matches records of two runs on when their ids differ; ``problem``: that key when
        the caller has it already).
        """
        out = self.result.to_json()
        out["source"] = {"file": self.record.file, "line": self.record.line}
        out["problem_key"] = problem_key(self.record.problem) if problem is None else problem
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
    items: Iterable[Record | RecordError], *, jobs: int = 1, chunk_size: int = CHUNK_SIZE
) -> Generator[Checked | RecordError, None, None]:
    """Check each record; errors pass through in place, so every input yields exactly one item.

    A record whose query cannot be read becomes a :class:`QueryError` (a :class:`RecordError`).

    With ``jobs`` > 1 (0: one per CPU) chunks of records are checked in worker processes; the
    output keeps the input order and at most ``2 × jobs`` chunks are in flight, so memory stays
    flat however long the input is. Closing the iterator early cancels the chunks not started and
    waits for the workers to finish the ones in hand: no worker process outlives it.
    """
    jobs = jobs or cpu_count()
    if jobs == 1:
        yield from map(_check_one, items)
        return
    for chunk in _in_workers(_check_chunk, items, jobs=jobs, chunk_size=chunk_size, analysis=None):
        yield from chunk


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the ``analyze`` job does with each checked record besides its JSON line.

    Attributes:
        group_by: the metadata key the summary is broken down by (``None``: not broken down).
        profile: ``paper``, or a compatibility profile (``prontoqa-v1``, ``prontoqa-ood``): each record
            then also gets the original analyzer's verdict.
        bad_patterns: the original's whitelist of unparseable sentences (compatibility profiles).
        sample_key: what makes records samples of one problem (:func:`~prontocheck.report.samples.sample_key`:
            ``None``, the same context, query and options; ``"id"``, the same id; else a metadata key).
        sample_logprob: the metadata key of a sample's mean token log-probability (the paper's selection).
        lines: whether each record's JSON line is made (``False``: a :class:`Batch`'s ``text`` is empty; for a job
            that only wants the summary, the lines being a good part of its work).
    """

    group_by: str | None = None
    profile: str = PAPER
    bad_patterns: Whitelist | None = None
    sample_key: str | None = None
    sample_logprob: str | None = None
    lines: bool = True

    def summary_builder(self, *, limit: int | None = None) -> SummaryBuilder | GroupedSummaryBuilder:
        """A new builder of the summary (grouped or not); by default one listing everything, to merge."""
        return SummaryBuilder(limit=limit) if self.group_by is None else GroupedSummaryBuilder(self.group_by,
                                                                                                limit=limit)


@dataclass(frozen=True, slots=True)
class Batch:
    """Consecutive input records analysed: what the ``analyze`` job writes and counts for them, compact
    (cheap to send from a worker process).

    Attributes:
        text: the records' JSON lines (as :func:`~prontocheck.io.writing.dumps` writes them, each ending
            in a newline; a bad record's is :func:`error_json`), in input order; empty when the analysis
            makes none (:attr:`Analysis.lines`).
        count: how many records.
        summary: a builder that counted these records only and lists everything (``limit=None``): merge
            it into the run's (:meth:`~prontocheck.report.SummaryBuilder.merge`).
        errors: the records that could not be read or checked, in input order.
        compat: under a compatibility profile, the original analyzer's verdicts, in input order (a
            record whose query cannot be read has one too; other bad records have none).
    """

    text: str
    count: int
    summary: SummaryBuilder | GroupedSummaryBuilder
    errors: tuple[RecordError, ...] = ()
    compat: tuple[CompatExample, ...] = ()


def analyze_records(
    items: Iterable[Record | RecordError],
    analysis: Analysis = Analysis(),
    *,
    jobs: int = 1,
    chunk_size: int | None = None,
) -> Generator[Batch, None, None]:
    """Check each record and do the rest of the ``analyze`` job's work on it (its JSON line, its summary
    counts, its compatibility verdict), yielding batches (:class:`Batch`) of consecutive records in input order.

    With ``jobs`` > 1 (0: one per CPU) the work is done in worker processes, each batch a chunk of
    ``chunk_size`` records (default :data:`CHUNK_SIZE`), as in :func:`check_records` (order, flat
    memory, closing early); the batches are the same whatever ``jobs``, but for their sizes. With
    ``jobs`` = 1 the records are checked here, :data:`LOCAL_CHUNK_SIZE` at a time by default.

    >>> from prontocheck.prontoqa.problem import Problem
    >>> record = Record(Problem("Fae is a cat.", "True or false: Fae is a cat."), "True", "r1", "run.jsonl", 1)
    >>> [batch] = analyze_records([record, RecordError("run.jsonl", 2, "not JSON")])
    >>> batch.count, [str(e) for e in batch.errors], batch.summary.build().n
    (2, ['run.jsonl:2: not JSON'], 1)
    >>> batch.text.splitlines()[1]
    '{"id": "run.jsonl:2", "error": {"file": "run.jsonl", "line": 2, "reason": "not JSON"}}'
    """
    jobs = jobs or cpu_count()
    if jobs == 1:
        iterator = iter(items)
        while chunk := list(islice(iterator, chunk_size or LOCAL_CHUNK_SIZE)):
            yield analyze_batch(chunk, analysis)
        return
    yield from _in_workers(_analyze_chunk, items, jobs=jobs, chunk_size=chunk_size or CHUNK_SIZE, analysis=analysis)


def analyze_batch(items: list[Record | RecordError], analysis: Analysis) -> Batch:
    """The ``analyze`` job's work on consecutive records, here: their :class:`Batch` (what :func:`analyze_records`
    yields, and what a worker anywhere — a process of the pool, a Ray worker — computes for one chunk).
    """
    summary = analysis.summary_builder()
    lines: list[str] = []
    errors: list[RecordError] = []
    verdicts: list[CompatExample] = []
    write = analysis.lines
    for item in items:
        done = _check_one(item)
        if isinstance(done, Checked):
            record_key = problem_key(done.record.problem)  # (a digest of the problem's text: made once a record)
            summary.add(done.result, sample=key_of_sample(record_key, done.record.id, done.record.metadata,
                                                          analysis.sample_key, analysis.sample_logprob))
            line = done.to_json(record_key) if write else None
            record: Record | None = done.record
        else:
            summary.add_error(done)
            errors.append(done)
            line = error_json(done) if write else None
            # The original analyzers read the query their own way: their verdict stands.
            record = done.record if isinstance(done, QueryError) else None
        if analysis.profile != PAPER and record is not None:
            verdict = compat_check_record(record, profile=analysis.profile, bad_patterns=analysis.bad_patterns)
            verdicts.append(verdict)
            if line is not None:
                line["compat"] = verdict.to_json()
        if line is not None:
            lines.append(dumps(line))
            lines.append("\n")
    return Batch("".join(lines), len(items), summary, tuple(errors), tuple(verdicts))


_WORKER_ANALYSIS: Analysis | None = None
"""In a worker process, the analysis its pool was started for."""


def _analyze_chunk(items: list[Record | RecordError]) -> Batch:
    assert _WORKER_ANALYSIS is not None, "a worker of analyze_records is started with its analysis"
    return analyze_batch(items, _WORKER_ANALYSIS)


_T = TypeVar("_T")


def _in_workers(
    function: Callable[[list[Record | RecordError]], _T],
    items: Iterable[Record | RecordError],
    *,
    jobs: int,
    chunk_size: int,
    analysis: Analysis | None,
) -> Generator[_T, None, None]:
    """``function`` of each chunk of ``items``, computed in ``jobs`` worker processes, in order.

    At most ``2 × jobs`` chunks are in flight. Closing the generator early (the consumer stopped, a
    signal), or a worker dying, shuts the pool down: the chunks not started are cancelled, the ones in
    hand finished, and no worker is left.
    """
    pool = ProcessPoolExecutor(jobs, initializer=_worker_init, initargs=(analysis,))
    try:
        yield from in_order(items, chunk_size, lambda chunk: pool.submit(function, chunk), Future.result, 2 * jobs)
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()


_F = TypeVar("_F")


def in_order(
    items: Iterable[Record | RecordError],
    chunk_size: int,
    submit: Callable[[list[Record | RecordError]], _F],
    result: Callable[[_F], _T],
    in_flight: int,
) -> Generator[_T, None, None]:
    """The results of the chunks of ``items`` handed to workers, in input order: each chunk is submitted as it
    is read (``submit`` gives a handle on its future result, ``result`` waits for it), and at most ``in_flight``
    chunks are out at a time, so memory stays flat however long the input is (worker processes here, Ray actors
    in :mod:`prontocheck.integrations.ray`).

    >>> list(in_order(range(5), 2, lambda chunk: sum(chunk), lambda total: total, 2))
    [1, 5, 4]
    """
    window: deque[_F] = deque()
    iterator = iter(items)
    while chunk := list(islice(iterator, chunk_size)):
        window.append(submit(chunk))
        if len(window) >= in_flight:
            yield result(window.popleft())
    while window:
        yield result(window.popleft())


GC_THRESHOLDS = (10_000, 10, 10)
"""The cyclic garbage collector's thresholds in the analyze job's processes (Python's default: 700, 10, 10).

Checking a record allocates thousands of short-lived containers, and the process keeps large caches (parsed
sentences, prepared problems): with the default, a full collection walks those caches again and again as
they grow (about 8% of a 5-hop job's time). The records' objects are freed by reference counting; the few
reference cycles are collected all the same, only in larger batches.
"""


def collect_less_often() -> None:
    """Set :data:`GC_THRESHOLDS` for this process: for the processes the analyze job owns (the command's and
    its workers), not for a library caller's, whose collector is its own business.
    """
    gc.set_threshold(*GC_THRESHOLDS)


def _worker_init(analysis: Analysis | None = None) -> None:
    """A worker process starts warm, leaves signals to the parent, and never outlives it.

    It reads the grammar once, here (its parser and every cache then serve all its chunks), and keeps
    ``analysis`` for :func:`analyze_records`' chunks. SIGINT (Ctrl-C reaches the whole process group)
    and SIGTERM (``timeout`` signals the whole group) are ignored: the parent stops after the current
    batch and shuts the pool down, the workers finishing the chunk in hand. A worker killed while
    sending its results would leave the pool's reader waiting for the rest of the message forever. On
    Linux a worker is killed when its parent dies, even by SIGKILL, instead of waiting forever for work.
    """
    global _WORKER_ANALYSIS
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        with suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
            if os.getppid() == 1:  # the parent died before prctl: nobody will send the signal
                os._exit(1)
    _WORKER_ANALYSIS = analysis
    collect_less_often()
    parser(PRONTOQA)  # cached for the process (a forked worker may have it from its parent already)


def cpu_count() -> int:
    """The CPUs this process may run on (its affinity, where the platform tells it), at least 1."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def auto_jobs(path: str) -> int:
    """The worker processes ``jobs=None`` (auto) gives an input: one per CPU for a regular file of
    :data:`AUTO_JOBS_BYTES` or more, else 1 (standard input, a pipe, a small file, one that cannot be
    read: no pool is started).

    >>> auto_jobs("-"), auto_jobs(__file__)
    (1, 1)
    """
    if path == STDIN:
        return 1
    try:
        info = os.stat(path)
    except OSError:  # reading it reports the error
        return 1
    return cpu_count() if stat.S_ISREG(info.st_mode) and info.st_size >= AUTO_JOBS_BYTES else 1


_PR_SET_PDEATHSIG = 1
"""Linux prctl option: the signal a process gets when its parent dies."""


def analyze_file(
    path: str, *, input_format: str = "auto", fields: Mapping[str, str] | None = None, jobs: int | None = 1
) -> Generator[Checked | RecordError, None, None]:
    """Read and check one input file (``-`` for standard input), streaming; ``jobs=None``: :func:`auto_jobs`.

    Raises:
        InputError: the file cannot be read at all.
        UsageError: an unknown input format or field name.
    """
    jobs = auto_jobs(path) if jobs is None else jobs
    return check_records(read_records(path, input_format=input_format, fields=fields), jobs=jobs)


def analyze_file_batches(
    path: str,
    analysis: Analysis = Analysis(),
    *,
    input_format: str = "auto",
    fields: Mapping[str, str] | None = None,
    preset: str | None = None,
    batch_input: str | None = None,
    limit: int | None = None,
    jobs: int | None = None,
) -> Generator[Batch, None, None]:
    """:func:`analyze_records` over one input file (``-`` for standard input), streaming; ``jobs=None``
    (the default): :func:`auto_jobs`. ``preset`` and ``batch_input`` are :func:`read_records`'s; ``limit``: only
    the first so many records (a bad record counts).

    Raises:
        InputError: the file cannot be read at all.
        UsageError: an unknown input format, field name or preset.
    """
    jobs = auto_jobs(path) if jobs is None else jobs
    items = read_records(path, input_format=input_format, fields=fields, preset=preset, batch_input=batch_input)
    return analyze_records(items if limit is None else islice(items, limit), analysis, jobs=jobs)


def demo_input() -> AbstractContextManager[Path]:
    """A context manager giving a filesystem path to the embedded demo input.

    >>> with demo_input() as path:
    ...     path.name
    'demo.jsonl'
    """
    return as_file(resource("fixtures", DEMO_NAME))
