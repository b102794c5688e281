r"""Writing outputs: strict JSON text, and output files that never destroy data.

Every JSON text the commands write (``--output`` lines, summaries) goes through :func:`dumps`, which
always produces RFC 8259 JSON:

* a non-finite number (``NaN``, ``Infinity``, e.g. read from ``1e999`` in a record's metadata) is
  written as ``null``;
* a lone surrogate in a string (read from a ``\ud800`` escape) is written as the same ``\ud800``
  escape, so nothing is lost and the text is still encodable as UTF-8;
* everything else is written as is (``ensure_ascii=False``: UTF-8 text).

>>> dumps({"x": float("nan"), "y": [float("inf")], "s": "a" + chr(0xD800), "t": "é"})
'{"x": null, "y": [null], "s": "a\\ud800", "t": "é"}'

:func:`output_file` opens an ``--output`` file safely: it refuses a path that is one of the inputs
(the same file, also through links), writes to a temporary file beside the target and renames it
over the target only when the run ends (also when it ends early on a signal, with the whole lines
written so far), so that a failed run leaves the previous file untouched. A write failure (a full
disk, a missing directory) raises :class:`OutputError` with a one-line message.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any, Protocol, TextIO

from prontocheck.errors import ProntocheckError
from prontocheck.io.indented import dumps_indented

STDOUT = "-"
_SURROGATE = re.compile("[\ud800-\udfff]")


class OutputError(ProntocheckError):
    """An output cannot be written: the same file as an input, a missing directory, a full disk.

    >>> str(OutputError("out.jsonl", "No space left on device"))
    'cannot write out.jsonl: No space left on device'
    """

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"cannot write {path}: {reason}")


def _finite(value: Any) -> Any:
    """``value`` with every non-finite float replaced by ``None``, recursively."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def dumps(value: Any, *, indent: int | None = None) -> str:
    """``value`` as strict JSON text (RFC 8259): non-finite numbers as ``null``, lone surrogates escaped.

    >>> dumps([1.5, float("-inf"), {"k": chr(0xDFFF)}])
    '[1.5, null, {"k": "\\\\udfff"}]'
    """
    # With an indent, json.dumps encodes in pure Python; dumps_indented writes the same text faster.
    encode = json.dumps if indent is None else partial(dumps_indented, indent=indent)
    try:
        text = encode(value, ensure_ascii=False, allow_nan=False)
    except ValueError:  # a NaN or an infinity somewhere: rare, so the walk is paid only then
        text = encode(_finite(value), ensure_ascii=False, allow_nan=False)
    if text.isascii():  # (a flag of the string, not a scan: no surrogate, nothing to escape)
        return text
    # Outside strings json.dumps writes only ASCII, so a surrogate here is inside a string.
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class TextSink(Protocol):
    """Anything text can be written to: an open text file, an :class:`Output`."""

    def write(self, text: str, /) -> int:
        """Write ``text``; return the number of characters written."""
        ...


class Output:
    """A text output whose write failures are :class:`OutputError` (one line, no traceback).

    Use :meth:`write_json` for one JSON line, :meth:`write` for text (e.g. as a writer's stream).
    """

    def __init__(self, stream: TextIO, name: str) -> None:
        self._stream = stream
        self.name = name

    def write(self, text: str) -> int:
        """Write text; raise :class:`OutputError` if it cannot be written."""
        try:
            return self._stream.write(text)
        except (OSError, UnicodeEncodeError) as e:
            raise _error(self.name, e) from e

    def write_json(self, value: Any) -> None:
        """Write ``value`` as one line of strict JSON."""
        self.write(dumps(value) + "\n")

    def write_lines(self, values: Iterable[Any]) -> None:
        """Write each value as one line of strict JSON."""
        for value in values:
            self.write_json(value)

    def flush(self) -> None:
        """Flush; raise :class:`OutputError` if the data cannot be written."""
        try:
            self._stream.flush()
        except OSError as e:
            raise _error(self.name, e) from e


def _error(path: str, e: BaseException) -> OutputError:
    reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
    return OutputError(path, reason)


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist (yet): not the same file
        return False


def check_not_input(path: str, inputs: Iterable[str]) -> None:
    """Raise :class:`OutputError` if ``path`` is the same file as one of ``inputs`` (links followed).

    >>> check_not_input(__file__, ["-", __file__])
    Traceback (most recent call last):
    ...
    prontocheck.io.writing.OutputError: cannot write ...: it is also an input (the input would be destroyed)
    """
    if path == STDOUT:
        return
    for name in inputs:
        if name != STDOUT and _same_file(path, name):
            raise OutputError(path, "it is also an input (the input would be destroyed)")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def output_file(path: str, *, inputs: Iterable[str] = ()) -> Iterator[Output]:
    """Open ``path`` (``-``: standard output) for writing, safely; see the module docstring.

    The file is complete (renamed into place) when the ``with`` block ends normally; if the block
    raises, the temporary file (``.NAME.*.part`` beside it) is removed and ``path`` is left as it
    was. A file replaced keeps its permissions, and a link keeps pointing to the new file. A path
    that exists and is not a regular file (``/dev/null``, ``/dev/full``, a pipe) is written directly.

    Raises:
        OutputError: ``path`` is one of ``inputs``, or it cannot be created or written.

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     target = os.path.join(d, "out.jsonl")
    ...     with output_file(target) as out:
    ...         out.write_json({"a": 1})
    ...         os.listdir(d) != ["out.jsonl"]  # not there yet: written beside it
    ...     open(target).read(), os.listdir(d)
    True
    ('{"a": 1}\\n', ['out.jsonl'])
    """
    if path == STDOUT:
        out = Output(sys.stdout, "standard output")
        yield out
        out.flush()
        return
    check_not_input(path, inputs)
    mode = 0o666 & ~_umask()
    try:
        info = os.stat(path)
    except FileNotFoundError:
        pass
    except OSError as e:
        raise _error(path, e) from e
    else:
        if not stat.S_ISREG(info.st_mode):
            yield from _direct(path)
            return
        mode = stat.S_IMODE(info.st_mode)  # a file replaced keeps its permissions
    # Through a link, the file it names is replaced (the link stays).
    directory, name = os.path.split(os.path.realpath(path))
    target = os.path.join(directory, name)
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=directory)
    except OSError as e:
        raise _error(path, e) from e
    try:
        with open(fd, "w", encoding="utf-8", newline="\n") as stream:
            out = Output(stream, path)
            yield out
            out.flush()
    except BaseException:
        _remove(temporary)
        raise
    try:
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except OSError as e:
        _remove(temporary)
        raise _error(path, e) from e


def _direct(path: str) -> Iterator[Output]:
    try:
        stream = open(path, "w", encoding="utf-8", newline="\n")
    except OSError as e:
        raise _error(path, e) from e
    try:
        out = Output(stream, path)
        yield out
        out.flush()
    finally:
        try:
            stream.close()
        except OSError:
            pass  # the flush above already reported it, or the block is raising


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


@contextmanager
def optional_output(path: str | None, *, inputs: Iterable[str] = ()) -> Iterator[Output | None]:
    """:func:`output_file` for ``path``, or ``None`` when there is no path."""
    if path is None:
        yield None
        return
    with output_file(path, inputs=inputs) as out:
        yield out
