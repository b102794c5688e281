r"""A JSON array of any size read item by item, for arrays on lines too long to read as lines.

``json.dump(records, f)`` writes a whole array on one line: past ``record_chars`` (a million characters, a few
hundred records) that line cannot be read as a line. :func:`long_array` says whether an input starts with such a
line (:func:`peek_first_line`) that opens an array, and :func:`array_items` then reads the items one at a time
from the text stream, in bounded memory: each item within the per-record limits, with the line it starts on.

>>> import io
>>> [(line, value) for line, value, error in array_items(io.StringIO('[{"a": 1},\n {"b": 2}]'), "x")]
[(1, {'a': 1}), (2, {'b': 2})]
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any, TextIO

from prontocheck.common.decode import JSONBudgetError, raw_decode
from prontocheck.errors import BudgetExceeded, InputError
from prontocheck.limits import RECORD_CHARS

CHUNK_CHARS = 1 << 16
"""Characters read at a time."""
_SPACE = re.compile(r"[ \t\n\r]*")


class Rejoined:
    r"""A text stream whose first characters were read already: ``prefix``, then the rest of ``stream``.

    >>> import io
    >>> r = Rejoined("ab", io.StringIO("c\nd"))
    >>> r.peek(3), r.readline(10), r.read(5)
    ('abc', 'abc\n', 'd')
    """

    def __init__(self, prefix: str, stream: TextIO) -> None:
        self._prefix = prefix
        self._stream = stream

    def peek(self, size: int) -> str:
        """The next ``size`` characters (fewer at the end), left to be read."""
        if len(self._prefix) < size:
            self._prefix += self._stream.read(size - len(self._prefix))
        return self._prefix[:size]

    def read(self, size: int = -1) -> str:
        """Up to ``size`` characters (all with a negative size)."""
        if not self._prefix:
            return self._stream.read(size)
        if size < 0:
            text, self._prefix = self._prefix + self._stream.read(), ""
            return text
        text, self._prefix = self._prefix[:size], self._prefix[size:]
        return text

    def readline(self, size: int = -1) -> str:
        """The next line, of at most ``size`` characters (any length with a negative size)."""
        if not self._prefix:
            return self._stream.readline(size)
        end = self._prefix.find("\n")
        cut = len(self._prefix) if end < 0 else end + 1
        if size >= 0:
            cut = min(cut, size)
        line, self._prefix = self._prefix[:cut], self._prefix[cut:]
        if line.endswith("\n") or self._prefix or (0 <= size <= len(line)):
            return line
        return line + self._stream.readline(-1 if size < 0 else size - len(line))


def peek_first_line(stream: TextIO, name: str) -> tuple[str, Rejoined]:
    """The input's first non-blank line (up to ``record_chars`` + 1 characters of it) and the stream to read
    from now (the characters looked at put back).

    Raises:
        InputError: the stream cannot be read.

    """
    read: list[str] = []
    try:
        while line := stream.readline(RECORD_CHARS + 1):
            read.append(line)
            if line.strip():
                break
    except (OSError, EOFError, ValueError) as e:
        raise InputError(name, None, f"cannot read: {e}") from e
    return (read[-1] if read else ""), Rejoined("".join(read), stream)


def long_array(first: str) -> bool:
    r"""Whether a first line (from :func:`peek_first_line`) opens a JSON array and is longer than ``record_chars``.

    >>> long_array("[" + " " * RECORD_CHARS), long_array("[1, 2]\n")
    (True, False)
    """
    return len(first) > RECORD_CHARS and not first.endswith("\n") and first.lstrip().startswith("[")


def array_items(stream: TextIO | Rejoined, name: str) -> Iterator[tuple[int, Any, str | None]]:
    """The items of the JSON array a stream holds: ``(line, value, None)`` each, in order, then
    ``(line, None, reason)`` where the text stops being the array (a bad item, an item over ``record_chars``,
    text after the array) and nothing after it.

    Raises:
        InputError: the stream cannot be read.

    """
    buffer, pos, line, done = "", 0, 1, False

    def more() -> bool:
        nonlocal buffer, pos, done
        if done:
            return False
        try:
            chunk = stream.read(CHUNK_CHARS)
        except (OSError, EOFError, ValueError) as e:
            raise InputError(name, None, f"cannot read: {e}") from e
        buffer, pos, done = buffer[pos:] + chunk, 0, not chunk
        return bool(chunk)

    def skip_space() -> None:
        nonlocal pos, line
        while True:
            end = _SPACE.match(buffer, pos).end()  # type: ignore[union-attr]
            line += buffer.count("\n", pos, end)
            pos = end
            if pos < len(buffer) or not more():
                return

    skip_space()
    if buffer[pos:pos + 1] != "[":
        yield line, None, "not a JSON array"
        return
    pos += 1
    first = True
    while True:
        skip_space()
        if buffer[pos:pos + 1] == "]":
            pos += 1
            skip_space()
            if pos < len(buffer):
                yield line, None, "text after the JSON array"
            return
        if not first:
            if buffer[pos:pos + 1] != ",":
                yield line, None, "not JSON: Expecting ',' or ']'" if pos < len(buffer) else \
                    "not JSON: the array is not closed (truncated?)"
                return
            pos += 1
            skip_space()
        first = False
        while True:
            try:
                value, end = raw_decode(buffer, pos)
            except JSONBudgetError as e:
                yield line, None, str(e.budget)
                return
            except json.JSONDecodeError as e:
                if len(buffer) - pos > RECORD_CHARS:
                    yield line, None, str(BudgetExceeded("record_chars", RECORD_CHARS,
                                                         f"an array item of over {RECORD_CHARS} characters"))
                    return
                if more():
                    continue
                yield line, None, f"not JSON: {e.msg}"
                return
            if end == len(buffer) and more():  # a number may go on in the next chunk: decode it again
                continue
            break
        yield line, value, None
        line += buffer.count("\n", pos, end)
        pos = end


__all__ = ["CHUNK_CHARS", "Rejoined", "array_items", "long_array", "peek_first_line"]
