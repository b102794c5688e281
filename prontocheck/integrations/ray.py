"""The ``analyze`` job on a Ray cluster (the optional extra: ``pip install 'prontocheck[ray]'``).

Each entry point does per record exactly what :func:`prontocheck.analyze.analyze_records` does (the same JSON
line, the same summary counts, the same compatibility verdict: :func:`~prontocheck.analyze.analyze_batch`),
in Ray workers, each of which reads the grammar once and keeps its process's caches (parsed problems, parsers)
warm for every batch it is given:

* :func:`analyze` maps a Ray Data ``Dataset`` of records through the callable class :class:`Analyzer` (an actor
  pool) and returns, lazily, a ``Dataset`` of per-record results in input order: ``id`` and ``json`` (the line
  ``prontocheck analyze --output`` writes, without its newline). Write it wherever Ray Data writes.
* :func:`analyze_batches` does the same work and brings each batch (a :class:`~prontocheck.analyze.Batch`: the
  lines as text, a summary builder of its records, its errors) back to the driver, in input order;
  :func:`summarize` merges those builders into the run's summary, exactly the figures one process counts.
* :func:`analyze_records` checks records read on the driver (any input format:
  :func:`~prontocheck.io.read_records`) in Ray actors, a bounded number of chunks in flight, and yields the
  batches in input order: ``prontocheck analyze --ray``.

The rows of a Dataset are either records, a native record's fields as columns (read as the native JSON Lines
reader reads an object: :func:`~prontocheck.io.native.record_from_object`; a null reads as an absent key, since
Arrow gives every row every column, and the metadata's keys come in the block's column order), or, with
``text_column``, native JSON lines, one per row (as ``ray.data.read_text`` gives them), read by the native reader
itself: limits, errors and all. Ray Data does not
tell a batch where its rows are: ``line_column`` names a column holding each row's line in its input (its
``source.line``, its error's position, its id when it has none); without one, that line is 0.

Order: Ray Data may finish blocks in any order. :func:`analyze` (and so :func:`analyze_batches` and
:func:`summarize`) sets ``preserve_order`` in the result's ``DataContext``, which it shares with the dataset it
was derived from, so the rows, and the batches merged, come in input order. :func:`analyze_records` takes its
actors' results in the order it submitted the chunks.

Ray is imported only inside these functions: without it, they raise a :class:`~prontocheck.errors.UsageError`
saying how to install it (:func:`require`).
"""

from __future__ import annotations

import logging
import pickle
from collections.abc import Generator, Iterable, Iterator, Mapping
from contextlib import contextmanager
from functools import partial
from itertools import cycle
from types import ModuleType
from typing import TYPE_CHECKING, Any

from prontocheck.analyze import CHUNK_SIZE, Analysis, Batch, analyze_batch, in_order
from prontocheck.errors import ProntocheckError, UsageError
from prontocheck.io.native import check_fields, parse_native_numbered, record_from_object
from prontocheck.io.records import Record, RecordError
from prontocheck.report.aggregate import DEFAULT_LIMIT, GroupedSummary, Summary
from prontocheck.syntax.frontend import parser
from prontocheck.syntax.grammar import PRONTOQA

if TYPE_CHECKING:
    import pyarrow
    from ray.data import Dataset

INSTALL = "pip install 'prontocheck[ray]'"
"""How to install what this module needs."""


class WorkerDied(ProntocheckError):
    """A Ray worker died (out of memory, its node lost) with records in hand: the batches stop at the last one
    returned.
    """


def require(*, data: bool = False) -> ModuleType:
    """The ``ray`` module (with Ray Data, ``data=True``), imported now.

    Raises:
        UsageError: Ray (or Ray Data) is not installed; the message says how to install it.
    """
    try:
        import ray

        if data:
            import ray.data  # noqa: F401
    except ImportError as e:
        raise UsageError(f"running on Ray needs Ray{' Data' if data else ''}, which cannot be imported ({e}): "
                         f"{INSTALL}") from None
    return ray


@contextmanager
def session(address: str | None = None) -> Iterator[None]:
    """Ray connected for the duration: to ``address`` (as ``ray.init`` reads it: ``None`` the cluster
    ``RAY_ADDRESS`` names, else the one last started on this machine, else a new local one; ``auto``, ``local``,
    ``HOST:PORT``, ``ray://HOST:PORT``), and disconnected after (a local Ray started here is stopped). Where Ray is
    already initialized (a driver of its own), that connection is used and left open.

    Raises:
        UsageError: Ray is not installed, or cannot start or reach the cluster.
    """
    ray = require()
    if ray.is_initialized():
        yield
        return
    try:
        ray.init(address=address, include_dashboard=False, logging_level=logging.WARNING, log_to_driver=False)
    except (ConnectionError, RuntimeError, ValueError) as e:
        raise UsageError(f"cannot start or reach Ray{f' at {address}' if address else ''}: {e}") from e
    try:
        yield
    finally:
        ray.shutdown()


class Analyzer:
    """The callable class a Ray Data ``map_batches`` runs (an actor per worker), and the actor of
    :func:`analyze_records`: made once per worker, it reads the grammar then, and its process's caches serve
    every batch it is given.

    Called with a batch of rows (a ``pyarrow.Table``), it returns the per-record results (``id``, ``json``), or,
    with ``per_record=False``, one row holding the pickled :class:`~prontocheck.analyze.Batch`.

    >>> analyzer = Analyzer(name="run.jsonl", text_column="text", line_column="line")
    >>> [str(e) for e in analyzer.records([{"line": 3, "text": "oops"}, {"line": 4, "text": " "}])]
    ['run.jsonl:3: not JSON: Expecting value: line 1 column 1 (char 0)']
    """

    def __init__(
        self,
        analysis: Analysis = Analysis(),
        *,
        name: str = "dataset",
        fields: Mapping[str, str] | None = None,
        line_column: str | None = None,
        text_column: str | None = None,
        per_record: bool = True,
    ) -> None:
        self.analysis = analysis
        self.name = name
        self.fields = dict(fields) if fields else None
        self.mapping = check_fields(fields)
        self.line_column = line_column
        self.text_column = text_column
        self.per_record = per_record
        parser(PRONTOQA)  # cached for the process

    def records(self, rows: Iterable[Mapping[str, Any]]) -> list[Record | RecordError]:
        """The records of some rows (a row of JSON text that is blank gives none)."""
        if self.text_column is not None:
            column = self.text_column
            numbered = ((self._line(row), row.get(column) or "") for row in rows)
            return list(parse_native_numbered(numbered, self.name, self.fields))
        return [record_from_object({k: v for k, v in row.items() if v is not None and k != self.line_column},
                                   self.name, self._line(row), self.mapping) for row in rows]

    def _line(self, row: Mapping[str, Any]) -> int:
        value = row.get(self.line_column) if self.line_column is not None else None
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def analyze(self, items: list[Record | RecordError]) -> Batch:
        """The :class:`~prontocheck.analyze.Batch` of some records (an actor's method)."""
        return analyze_batch(items, self.analysis)

    def __call__(self, table: pyarrow.Table) -> pyarrow.Table:
        import pyarrow as pa

        items = self.records(table.to_pylist())
        batch = self.analyze(items)
        if not self.per_record:
            return pa.table({"batch": pa.array([pickle.dumps(batch, protocol=pickle.HIGHEST_PROTOCOL)],
                                               pa.binary())})
        lines = batch.text.split("\n")[:-1]  # each line ends in "\n", and JSON text has no other
        return pa.table({"id": pa.array([item.id for item in items], pa.string()),
                         "json": pa.array(lines, pa.string())})


def analyze(
    dataset: Dataset,
    analysis: Analysis = Analysis(),
    *,
    name: str = "dataset",
    fields: Mapping[str, str] | None = None,
    line_column: str | None = None,
    text_column: str | None = None,
    batch_size: int = CHUNK_SIZE,
    concurrency: int | tuple[int, int] | None = None,
    **ray_remote_args: Any,
) -> Dataset:
    """The per-record results of a ``Dataset`` of records, as a ``Dataset`` (lazy; in input order): one row per
    record, ``id`` (the record's id) and ``json`` (its JSON line, as ``analyze --output`` writes it).

    Args:
        dataset: rows of records, or of JSON lines with ``text_column`` (see the module docstring).
        analysis: what is done with each record besides its line (group-by, compatibility profile).
        name: the input's name: in ids of records without one, errors and ``metadata["file"]``.
        fields: our field name → the rows' key or dotted path, as ``--field`` (native records).
        line_column: the column of each row's line in its input (else 0).
        text_column: the column of each row's JSON line (``"text"`` for ``ray.data.read_text``).
        batch_size: rows per batch given to a worker.
        concurrency: the workers: a number, or ``(min, max)`` to autoscale (an ``ActorPoolStrategy``); by
            default Ray Data's own choice. A pool of one worker per CPU leaves no CPU to the dataset's read and
            write tasks, and it stalls: leave some.
        ray_remote_args: passed to ``map_batches`` (``num_cpus=…``, ``memory=…``).

    Raises:
        UsageError: Ray Data is not installed, or an unknown field name in ``fields``.
    """
    return _mapped(dataset, analysis, per_record=True, name=name, fields=fields, line_column=line_column,
                   text_column=text_column, batch_size=batch_size, concurrency=concurrency, **ray_remote_args)


def analyze_batches(dataset: Dataset, analysis: Analysis = Analysis(), **options: Any) -> Iterator[Batch]:
    """The batches of :func:`analyze`'s work (:class:`~prontocheck.analyze.Batch`: lines as text, a summary builder
    to merge, errors, compatibility verdicts), brought back to the driver in input order as Ray Data streams them;
    ``options`` are :func:`analyze`'s.
    """
    mapped = _mapped(dataset, analysis, per_record=False, **options)
    for row in mapped.iter_rows():
        yield pickle.loads(row["batch"])  # written by Analyzer, one of ours


def summarize(
    dataset: Dataset, analysis: Analysis = Analysis(), *, limit: int | None = DEFAULT_LIMIT, **options: Any
) -> Summary | GroupedSummary:
    """The summary of a ``Dataset`` of records (what ``prontocheck analyze`` prints), computed on the cluster and
    merged here in input order: the same figures as one process counting every record (``limit``: how many
    examples each list keeps; ``None``: all). ``options`` are :func:`analyze`'s.
    """
    builder = analysis.summary_builder(limit=limit)
    for batch in analyze_batches(dataset, analysis, **options):
        builder.merge(batch.summary)
    return builder.build()


def _mapped(
    dataset: Dataset,
    analysis: Analysis,
    *,
    per_record: bool,
    name: str = "dataset",
    fields: Mapping[str, str] | None = None,
    line_column: str | None = None,
    text_column: str | None = None,
    batch_size: int = CHUNK_SIZE,
    concurrency: int | tuple[int, int] | None = None,
    **ray_remote_args: Any,
) -> Dataset:
    ray = require(data=True)
    check_fields(fields)  # a bad field name is the caller's error, raised here and not in a worker
    if isinstance(concurrency, int):
        ray_remote_args["compute"] = ray.data.ActorPoolStrategy(size=concurrency)
    elif concurrency is not None:
        ray_remote_args["compute"] = ray.data.ActorPoolStrategy(min_size=concurrency[0], max_size=concurrency[1])
    mapped = dataset.map_batches(
        Analyzer,
        fn_constructor_args=(analysis,),
        fn_constructor_kwargs={"name": name, "fields": dict(fields) if fields else None, "line_column": line_column,
                               "text_column": text_column, "per_record": per_record},
        batch_size=batch_size,
        batch_format="pyarrow",
        **ray_remote_args,
    )
    mapped.context.execution_options.preserve_order = True
    return mapped


def analyze_records(
    items: Iterable[Record | RecordError],
    analysis: Analysis = Analysis(),
    *,
    workers: int | None = None,
    chunk_size: int = CHUNK_SIZE,
) -> Generator[Batch, None, None]:
    """:func:`prontocheck.analyze.analyze_records` with the work done by Ray actors (``--ray``): the records are
    read here, sent in chunks of ``chunk_size``, and the batches come back in input order, the same batches as
    with ``jobs`` worker processes.

    ``workers`` actors (default, and at most: one per CPU of the cluster as it is when the run starts; more would
    wait for CPUs that may never come) each take their chunks in turn; at most ``2 × workers`` chunks are in
    flight, so memory stays flat however long the input is. Closing the generator early kills the actors (the
    chunks in hand are dropped). Ray is initialized as ``ray.init()`` does if it is not yet (see :func:`session`).

    Raises:
        UsageError: Ray is not installed.
        WorkerDied: an actor died (its node lost, out of memory).
    """
    ray = require()
    if not ray.is_initialized():
        ray.init(include_dashboard=False, logging_level=logging.WARNING, log_to_driver=False)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    workers = min(workers or cpus, cpus)
    remote = ray.remote(num_cpus=1)(Analyzer)
    actors = [remote.remote(analysis) for _ in range(workers)]
    turns = cycle(actors)  # each actor takes its chunks in turn
    try:
        yield from in_order(items, chunk_size, lambda chunk: next(turns).analyze.remote(chunk),
                            partial(_result, ray), 2 * workers)
    finally:
        for actor in actors:
            ray.kill(actor)


def _result(ray: ModuleType, ref: Any) -> Batch:
    try:
        batch: Batch = ray.get(ref)
    except (ray.exceptions.RayActorError, ray.exceptions.WorkerCrashedError, ray.exceptions.ObjectLostError) as e:
        raise WorkerDied(f"a Ray worker died: {e}") from e
    return batch
