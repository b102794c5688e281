"""The samples a :class:`~prontocheck.report.SamplesBuilder` moved out of memory: a temporary SQLite database.

A :class:`Spill` is a table of sample rows, each with its problem's key (``None``: a problem of its own) and its
place in the order of adding. It gives the problems back in first-seen order, each with its rows in order, so a
summary computed from it is the one computed in memory. The database is a file in a new :mod:`tempfile`
directory (``$TMPDIR``), removed by :meth:`Spill.close`, when the spill is garbage-collected, or at the
interpreter's exit (on an exception or ``KeyboardInterrupt`` too).
"""

from __future__ import annotations

import itertools
import shutil
import sqlite3
import tempfile
import weakref
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

Row = tuple[str, int, bytes, float | None, int | None]
"""A sample as a builder keeps it: its id, its flags, the digest of its logical forms, its log-probability and
its steps to return (see :mod:`prontocheck.report.samples`)."""

_SCHEMA = """
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
PRAGMA temp_store = FILE;
CREATE TABLE samples (ord INTEGER PRIMARY KEY, key BLOB, id BLOB NOT NULL, flags INTEGER NOT NULL,
                      form BLOB NOT NULL, logprob, back INTEGER);
"""
# Keys and ids are stored as UTF-8 bytes (lone surrogates and NULs kept: texts of JSON); a NaN log-probability as
# text (SQLite reads a NaN as NULL).

_PROBLEMS = """
SELECT s.key, s.id, s.flags, s.form, s.logprob, s.back
FROM (SELECT key, MIN(ord) AS first FROM samples WHERE key IS NOT NULL GROUP BY key) AS f
JOIN samples AS s ON s.key = f.key
ORDER BY f.first, s.ord
"""


def _text(data: bytes) -> str:
    return data.decode("utf-8", "surrogatepass")


def _data(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def _remove(db: sqlite3.Connection, directory: str) -> None:
    db.close()
    shutil.rmtree(directory, ignore_errors=True)


class Spill:
    """A temporary SQLite database of sample rows (see the module docstring).

    >>> spill = Spill()
    >>> spill.write([("p", [("r1", 0, b"f", None, None)]), (None, [("r2", 1, b"g", -0.5, 2)]),
    ...              ("p", [("r3", 2, b"f", None, None)])])
    3
    >>> list(spill.problems())
    [('p', [('r1', 0, b'f', None, None), ('r3', 2, b'f', None, None)]), (None, [('r2', 1, b'g', -0.5, 2)])]
    >>> spill.several(), spill.path.exists()
    (True, True)
    >>> spill.close()
    >>> spill.path.exists()
    False
    """

    def __init__(self) -> None:
        directory = tempfile.mkdtemp(prefix="prontocheck-samples-")
        self.path = Path(directory) / "samples.sqlite"
        """The database's file."""
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except BaseException:
            shutil.rmtree(directory, ignore_errors=True)
            raise
        self._finalizer = weakref.finalize(self, _remove, self._db, directory)
        self._db.executescript(_SCHEMA)
        self._indexed = False

    def close(self) -> None:
        """Remove the database (the spill holds nothing after)."""
        self._finalizer()

    def write(self, problems: Iterable[tuple[str | None, Sequence[Row]]]) -> int:
        """Store the rows of problems, after those stored before, in order; return how many."""
        rows: list[tuple[Any, ...]] = []
        for key, samples in problems:
            data = None if key is None else _data(key)
            rows.extend((data, _data(id), flags, form, "nan" if logprob != logprob else logprob, back)
                        for id, flags, form, logprob, back in samples)
        with self._db:  # one transaction
            self._db.execute("BEGIN")
            self._db.executemany("INSERT INTO samples (key, id, flags, form, logprob, back) VALUES (?, ?, ?, ?, ?, ?)",
                                 rows)
        return len(rows)

    def extend(self, other: Spill) -> None:
        """Store every row of ``other`` after those stored here, in their order."""
        self._db.execute("ATTACH DATABASE ? AS other", (str(other.path),))
        try:
            with self._db:
                self._db.execute("BEGIN")
                self._db.execute("INSERT INTO samples (key, id, flags, form, logprob, back) "
                                 "SELECT key, id, flags, form, logprob, back FROM other.samples ORDER BY ord")
        finally:
            self._db.execute("DETACH DATABASE other")

    def _index(self) -> None:
        if not self._indexed:
            self._db.execute("CREATE INDEX by_key ON samples (key, ord)")
            self._indexed = True

    def several(self) -> bool:
        """Whether some problem has more than one row."""
        self._index()
        query = "SELECT 1 FROM samples WHERE key IS NOT NULL GROUP BY key HAVING COUNT(*) > 1 LIMIT 1"
        return self._db.execute(query).fetchone() is not None

    def problems(self) -> Iterator[tuple[str | None, list[Row]]]:
        """Every problem with its rows: the keyed ones in first-seen order, then each row without a key alone."""
        self._index()
        for key, group in itertools.groupby(self._db.execute(_PROBLEMS), key=lambda row: row[0]):
            yield _text(key), [_row(row) for row in group]
        for row in self._db.execute("SELECT NULL, id, flags, form, logprob, back FROM samples WHERE key IS NULL "
                                    "ORDER BY ord"):
            yield None, [_row(row)]


def _row(stored: tuple[Any, ...]) -> Row:
    _, id, flags, form, logprob, back = stored
    return _text(id), flags, form, float(logprob) if isinstance(logprob, str) else logprob, back
