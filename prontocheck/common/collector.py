"""Pausing Python's cyclic garbage collector around a bounded computation.

A computation that builds a large structure of long-lived objects (a closure of 10⁵ facts, their
indexes and derivations) makes the collector run its full, oldest-generation pass again and again as
the heap grows, each pass walking every object: a quarter of ``relations validate``'s time. The
objects it makes have no reference cycles (reference counting frees them), so nothing is lost by
not collecting meanwhile; whatever cycles there are get collected after the pause.

>>> import gc
>>> with collector_paused():
...     gc.isenabled()
False
>>> gc.isenabled()
True
"""

from __future__ import annotations

import atexit
import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Disable the cyclic garbage collector inside the block; re-enable it on leaving if it was on."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def frozen_at_exit() -> None:
    """Freeze the heap (``gc.freeze``) when the interpreter exits, before its final collections: a command that
    built a large heap (a relational closure, its report) would otherwise have it walked once more at exit for
    nothing (a tenth of ``relations validate``'s time), as the process frees it all anyway. Registered once per
    process; in a process that goes on (tests, a notebook), only its own exit is concerned.
    """
    global _REGISTERED
    if not _REGISTERED:
        atexit.register(gc.freeze)
        _REGISTERED = True


_REGISTERED = False
