"""Progress bars on standard error: totals and the time left where the size is known, a count where it is not.

Shown only on a terminal (standard error a TTY) and never with ``-q``; transient (gone when the work ends), so
nothing is left in a log or between the lines of the report.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeVar

from prontocheck.common.streams import STDIN, iter_lines, open_text
from prontocheck.errors import InputError

if TYPE_CHECKING:
    from rich.progress import Progress

T = TypeVar("T")


def wanted(quiet: bool) -> bool:
    """Whether to show progress: not ``-q``, and standard error is a terminal."""
    return not quiet and sys.stderr.isatty()


def progress_bar() -> Progress:
    """A rich progress display on standard error: description, bar, done/total, elapsed and remaining time."""
    # rich is imported here, when a bar is shown: a command run with -q or into a pipe does not pay for it.
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress(SpinnerColumn(), TextColumn("{task.description}", markup=False), BarColumn(),
                    MofNCompleteColumn(), TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                    console=Console(stderr=True), transient=True)


@contextmanager
def optional_progress(enabled: bool) -> Iterator[Progress | None]:
    """:func:`progress_bar` while the block runs, when ``enabled``; else ``None``."""
    if not enabled:
        yield None
        return
    with progress_bar() as progress:
        yield progress


def tracked(items: Iterable[T], description: str, total: int | None, enabled: bool) -> Iterator[T]:
    """``items``, advancing a progress bar (of ``total`` items, if known) as each is taken, when ``enabled``.

    >>> list(tracked([1, 2], "items", 2, enabled=False))
    [1, 2]
    """
    if not enabled:
        yield from items
        return
    with progress_bar() as progress:
        task = progress.add_task(description, total=total)
        for item in items:
            yield item
            progress.advance(task)


@contextmanager
def reporting(description: str, enabled: bool) -> Iterator[Callable[[int, int], None] | None]:
    """A ``(done, total)`` callback that draws a progress bar while the block runs, when ``enabled``; else ``None``.

    >>> with reporting("items", enabled=False) as report:
    ...     report is None
    True
    """
    if not enabled:
        yield None
        return
    with progress_bar() as progress:
        task = progress.add_task(description, total=None)

        def report(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        yield report


def count_lines(path: str) -> int | None:
    """The non-blank lines of a regular file (decompressed), or ``None`` (standard input, a pipe, unreadable).

    >>> count_lines("-") is None
    True
    """
    if path == STDIN:
        return None
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open_text(path) as stream:
            return sum(1 for line in iter_lines(stream, path) if line.strip())
    except (OSError, InputError):
        return None


__all__ = ["count_lines", "optional_progress", "progress_bar", "reporting", "tracked", "wanted"]
