"""Stopping on a signal: SIGINT (Ctrl-C) and SIGTERM (``timeout``, ``kill``) end a command cleanly.

Only the command line installs these handlers (the library never touches signals). Inside
:func:`graceful` a signal only sets a flag, which a long loop checks after each record (or batch): it stops,
writes what it has and reports it as interrupted. Elsewhere (:func:`exit_on_signal`) a signal exits
with ``128 + signal number`` (130 for SIGINT, 143 for SIGTERM) through the normal unwinding, so that
temporary output files are removed. A second signal inside :func:`graceful` exits at once, the
same way. A signal that the caller ignores (``nohup``, a background job) stays ignored.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType

SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""The signals handled."""

Handler = Callable[[int, FrameType | None], None]


@dataclass(slots=True)
class Stop:
    """Whether (and by which signal) a stop was asked for.

    >>> stop = Stop()
    >>> bool(stop), Stop(signal.SIGTERM).name, Stop(signal.SIGTERM).exit_code
    (False, 'SIGTERM', 143)
    """

    signal: int | None = None

    def __bool__(self) -> bool:
        return self.signal is not None

    @property
    def name(self) -> str | None:
        """The signal's name (``SIGINT``), or ``None``."""
        return None if self.signal is None else signal.Signals(self.signal).name

    @property
    def exit_code(self) -> int:
        """``128 + signal number``, the shell's convention for a command ended by a signal; 0 if none."""
        return 0 if self.signal is None else 128 + self.signal


def _exit(signum: int, _frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


@contextmanager
def _handlers(handler: Handler) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():  # only the main thread may set handlers
        yield
        return
    previous = {}
    for s in SIGNALS:
        if signal.getsignal(s) is not signal.SIG_IGN:
            previous[s] = signal.signal(s, handler)
    try:
        yield
    finally:
        for s, old in previous.items():
            signal.signal(s, old)


@contextmanager
def exit_on_signal() -> Iterator[None]:
    """While active, SIGINT and SIGTERM raise ``SystemExit(128 + signal number)``."""
    with _handlers(_exit):
        yield


@contextmanager
def graceful() -> Iterator[Stop]:
    """While active, the first SIGINT or SIGTERM only sets the yielded :class:`Stop`; a second one exits."""
    stop = Stop()

    def handler(signum: int, frame: FrameType | None) -> None:
        if stop:
            _exit(signum, frame)
        stop.signal = signum

    with _handlers(handler):
        yield stop
