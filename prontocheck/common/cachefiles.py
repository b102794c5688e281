"""The per-machine cache directory: what one process works out once (parser tables, compiled regular
expressions) for the next to load.

* **Where.** ``$PRONTOCHECK_CACHE_DIR`` if set (``off``: no cache, every process works it out again),
  else ``$XDG_CACHE_HOME/prontocheck``, else ``~/.cache/prontocheck``. A directory that cannot be
  written is not an error: the work is done as without a cache.
* **Safety.** Files hold plain data only and are read with :class:`PlainData`, an unpickler that refuses
  every class and function: a damaged or foreign file is rejected (and written again), never executed.
* **Atomic writes.** :func:`write_atomically` writes a temporary file beside the target and renames it:
  a reader sees a whole file or none, also when two processes write at once.
"""

from __future__ import annotations

import os
import pickle
import tempfile
from contextlib import suppress
from pathlib import Path
from typing import Any

CACHE_ENV = "PRONTOCHECK_CACHE_DIR"
"""The environment variable naming the cache directory (``off``: no cache)."""


def cache_dir() -> Path | None:
    """The cache directory, ``None`` when caching is off.

    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {CACHE_ENV: "off"}):
    ...     cache_dir() is None
    True
    >>> with mock.patch.dict(os.environ, {CACHE_ENV: "/tmp/pc"}):
    ...     str(cache_dir())
    '/tmp/pc'
    """
    chosen = os.environ.get(CACHE_ENV)
    if chosen == "off":
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME")
    return (Path(base) if base else Path.home() / ".cache") / "prontocheck"


LOAD_ERRORS = (OSError, pickle.UnpicklingError, KeyError, TypeError, ValueError, EOFError, AttributeError,
               IndexError)
"""What reading a missing, damaged or foreign cache file can raise: each means "work it out again"."""


def load_plain(path: Path) -> Any:
    """The plain data pickled in ``path`` (raises one of :data:`LOAD_ERRORS` when there is none)."""
    with open(path, "rb") as f:
        return PlainData(f).load()


def write_atomically(path: Path, data: object) -> None:
    """Pickle ``data`` into ``path`` atomically; a directory that cannot be written is ignored."""
    blob = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
    with suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem.split('-')[0]}-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(blob)
            os.replace(temporary, path)
        except OSError:
            os.unlink(temporary)
            raise


class PlainData(pickle.Unpickler):
    """An unpickler of plain data only: any class or function in the stream is refused.

    >>> import io
    >>> PlainData(io.BytesIO(pickle.dumps({"a": [1, (2, "b")]}))).load()
    {'a': [1, (2, 'b')]}
    >>> PlainData(io.BytesIO(pickle.dumps(Path("x")))).load()
    Traceback (most recent call last):
    _pickle.UnpicklingError: not plain data: pathlib.PosixPath
    """

    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"not plain data: {module}.{name}")
