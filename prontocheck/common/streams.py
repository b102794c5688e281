r"""Opening inputs: a file or ``-`` (standard input), compressed or not, as streamed text.

Compression is recognised by its magic bytes, never by the file name: gzip (``1f 8b``), bzip2
(``BZh``) and xz (``fd 37 7a 58 5a 00``) are decompressed on the fly; zstd and zip are recognised
and refused with a clear reason. Text is decoded as UTF-8 with ``errors="replace"``: an invalid byte
becomes U+FFFD instead of stopping the file, and a leading byte-order mark is dropped. Line ends are
normalised (``\r\n`` and ``\r`` read as ``\n``).

>>> import tempfile, gzip, os
>>> with tempfile.TemporaryDirectory() as d:
...     path = os.path.join(d, "x.txt")  # any name: gzip is found by its magic bytes
...     with gzip.open(path, "wt") as f:
...         _ = f.write('{"a": 1}\n')
...     with open_text(path) as text:
...         list(iter_lines(text, path))
['{"a": 1}\n']
"""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, BinaryIO, TextIO

from prontocheck.common.decode import JSONBudgetError, loads
from prontocheck.errors import BudgetExceeded, InputError
from prontocheck.limits import RECORD_CHARS

STDIN = "-"
_MAGIC_LEN = 6
_REFUSED = {
    b"\x28\xb5\x2f\xfd": "zstd-compressed input is not supported; decompress it first (zstd -dc FILE | ... -)",
    b"PK\x03\x04": "zip archives are not supported; extract the file first",
}
_HEAD_CHARS = 200  # what is kept of an over-long line
_SKIP_CHARS = 1 << 16  # how much of an over-long line is read at a time
# What a damaged compressed stream raises while being read.
_READ_ERRORS = (OSError, EOFError, lzma.LZMAError, zlib.error)


class _Prefixed(io.RawIOBase):
    """A raw binary stream that yields ``prefix`` and then the rest of ``source``.

    Closing it does not close ``source`` (standard input must stay open).
    """

    def __init__(self, prefix: bytes, source: BinaryIO) -> None:
        super().__init__()
        self._prefix = prefix
        self._source = source

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        view = memoryview(buffer).cast("B")
        if self._prefix:
            n = min(len(view), len(self._prefix))
            view[:n] = self._prefix[:n]
            self._prefix = self._prefix[n:]
            return n
        data = self._source.read(len(view))
        if not data:
            return 0
        view[: len(data)] = data
        return len(data)


class _Decompressing(io.RawIOBase):
    """A bzip2 or xz stream decompressed on the fly (concatenated streams read as one).

    The standard library's readers lose what the decoder already holds when the file is cut short
    (``bz2.BZ2File`` reports needing input while a whole decoded block is still pending, and raises at
    once); here every decoded byte is handed out first, then :class:`EOFError` is raised, so the
    lines before the break are read as usual.
    """

    _CHUNK = 1 << 16

    def __init__(self, source: BinaryIO, make: Callable[[], Any], trailing: type[Exception]) -> None:
        super().__init__()
        self._source = source
        self._make = make
        self._trailing = trailing  # what decoding junk after a finished stream raises: the end
        self._decoder = make()
        self._finished = False

    def readable(self) -> bool:
        return True

    def _next(self, size: int) -> bytes:
        decoder = self._decoder
        if decoder.eof:  # a further stream, or the end (trailing junk ignored, as the standard library does)
            rest = decoder.unused_data or self._source.read(self._CHUNK)
            if not rest:
                self._finished = True
                return b""
            self._decoder = self._make()
            try:
                return bytes(self._decoder.decompress(rest, size))
            except self._trailing:
                self._finished = True
                return b""
        block = self._source.read(self._CHUNK) if decoder.needs_input else b""
        data = bytes(decoder.decompress(block, size))
        if not data and not block and decoder.needs_input and not decoder.eof:
            raise EOFError("Compressed file ended before the end-of-stream marker was reached")
        return data

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        view = memoryview(buffer).cast("B")
        while not self._finished:
            data = self._next(len(view))
            if data:
                view[: len(data)] = data
                return len(data)
        return 0


def _read_prefix(source: BinaryIO, size: int) -> bytes:
    """Read up to ``size`` bytes, looping over short reads (pipes deliver what they have)."""
    chunks: list[bytes] = []
    got = 0
    while got < size:
        chunk = source.read(size - got)
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def _decompressed(raw: BinaryIO, name: str) -> BinaryIO:
    """Peek at the magic bytes of ``raw`` and return the (decompressed) byte stream, prefix restored."""
    prefix = _read_prefix(raw, _MAGIC_LEN)
    stream: BinaryIO = io.BufferedReader(_Prefixed(prefix, raw))
    for magic, reason in _REFUSED.items():
        if prefix.startswith(magic):
            raise InputError(name, None, reason)
    if prefix.startswith(b"\x1f\x8b"):
        return gzip.GzipFile(fileobj=stream, mode="rb")  # type: ignore[return-value]
    if prefix.startswith(b"BZh"):
        return io.BufferedReader(_Decompressing(stream, bz2.BZ2Decompressor, OSError))  # type: ignore[return-value]
    if prefix.startswith(b"\xfd7zXZ\x00"):
        return io.BufferedReader(_Decompressing(stream, lzma.LZMADecompressor, lzma.LZMAError))  # type: ignore[return-value]
    return stream


@contextmanager
def open_text(path: str) -> Iterator[TextIO]:
    """Open a file, or standard input for ``-``, as decompressed, decoded, streamed text.

    Nothing is read ahead beyond a few bytes to recognise the compression, so files of any size
    can be iterated line by line. Standard input is never closed.

    Args:
        path: a file path, or ``-`` for standard input.

    Yields:
        A text stream (UTF-8, ``errors="replace"``, universal newlines).

    Raises:
        InputError: the file is missing or unreadable, or its compression is not supported.

    """
    if path == STDIN:
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is None:  # stdin replaced by a text stream (tests, embedding): use it as is
            yield sys.stdin
            return
        try:
            binary = _decompressed(buffer, path)
        except _READ_ERRORS as e:
            raise InputError(path, None, f"cannot read standard input: {e}") from e
        text = io.TextIOWrapper(binary, encoding="utf-8-sig", errors="replace")
        try:
            yield text
        finally:
            text.detach()  # leave sys.stdin.buffer open
        return
    try:
        raw = open(path, "rb")
    except OSError as e:
        raise InputError(path, None, f"cannot open: {e.strerror or e}") from e
    with raw:
        try:
            binary = _decompressed(raw, path)
        except _READ_ERRORS as e:
            raise InputError(path, None, f"cannot read: {e}") from e
        with io.TextIOWrapper(binary, encoding="utf-8-sig", errors="replace") as text:
            yield text


class LongLine(str):
    """A line over ``record_chars``, read past in bounded memory: its text is the line's first characters
    (enough to see how it starts) and ``chars`` its full length. Readers make it that line's
    ``budget_exceeded`` error (:func:`long_line_error`); decoding its text as JSON fails.
    """

    chars: int

    def __new__(cls, head: str, chars: int) -> LongLine:
        line = super().__new__(cls, head)
        line.chars = chars
        return line


def long_line_error(line: LongLine) -> BudgetExceeded:
    """The budget error of an over-long line.

    >>> str(long_line_error(LongLine("{", 2_000_000)))
    'budget_exceeded: a line of 2000000 characters is over the limit record_chars = 1000000'
    """
    return BudgetExceeded("record_chars", RECORD_CHARS, f"a line of {line.chars} characters")


def iter_lines(stream: TextIO, name: str, max_chars: int = RECORD_CHARS) -> Iterator[str]:
    """Iterate over the lines of ``stream`` (newlines kept), turning read failures into InputError.

    A line longer than ``max_chars`` (``record_chars``) comes out as a :class:`LongLine` in its place: it is
    read past in chunks, so one huge line costs linear time and bounded memory, and the next line is
    read as usual. The stream is never closed here.

    >>> [type(x).__name__ for x in iter_lines(io.StringIO("ab\\n" + "x" * 50 + "\\ncd"), "s", max_chars=10)]
    ['str', 'LongLine', 'str']

    Args:
        stream: an open text stream, e.g. from :func:`open_text`.
        name: the input's name, for the error.
        max_chars: the longest line yielded whole (its newline not counted).

    Raises:
        InputError: the stream broke off, e.g. a truncated or corrupt compressed file.

    """
    read = stream.readline
    try:
        while line := read(max_chars + 1):
            if len(line) <= max_chars or line[max_chars] == "\n":
                yield line
                continue
            head, chars = line[:_HEAD_CHARS], len(line)
            while (chunk := read(_SKIP_CHARS)) and not chunk.endswith("\n"):
                chars += len(chunk)
            chars += len(chunk.rstrip("\n"))
            yield LongLine(head, chars)
    except _READ_ERRORS as e:
        raise InputError(name, None, f"cannot read: {e}") from e


def json_lines(numbered: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str, Any, json.JSONDecodeError | None]]:
    """Decode JSON Lines: ``(line, text, value, None)`` per non-blank line, ``(line, text, None, error)``
    where it is not JSON.

    Each line is decoded within the per-record limits (:func:`prontocheck.common.decode.loads`): a line over one,
    including a :class:`LongLine`, gives a :class:`~prontocheck.common.decode.JSONBudgetError` (a
    ``JSONDecodeError`` whose ``budget`` names the limit).

    >>> [(n, v, e is None) for n, _, v, e in json_lines(enumerate(['{"a": 1}', "", "oops", "[" * 200], start=1))]
    [(1, {'a': 1}, True), (3, None, False), (4, None, False)]
    """
    for number, text in numbered:
        if not text.strip():
            continue
        if isinstance(text, LongLine):
            yield number, text, None, JSONBudgetError(long_line_error(text), text)
            continue
        try:
            yield number, text, loads(text), None
        except json.JSONDecodeError as e:
            yield number, text, None, e
