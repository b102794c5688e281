"""Regular expressions compiled once per machine, not at the start of every process.

Python compiles a regular expression with a parser and a code generator written in Python: the reader's
few hundred patterns (:mod:`prontocheck.syntax.discourse` and its neighbours) took about 0.1 s of every
command's start, a quarter of it. What the compiler makes is plain data (the pattern's flags, its
code as a list of numbers, its groups), which :func:`compile` keeps in the cache directory
(:mod:`prontocheck.common.cachefiles`) and hands, in later processes, straight to the regular expression
engine's constructor (``_sre.compile``, what :func:`re.compile` itself calls last).

* **Same objects.** The pattern made from the kept data is equal to :func:`re.compile`'s (patterns compare
  by their source, flags *and* code; ``tests/test_patterns.py`` checks every kept pattern).
* **When it is used.** One file holds the patterns of one engine: it is named by a digest of Python's
  version, the engine's code format (``_sre.MAGIC``, ``CODESIZE``) and the byte order; a table grown past
  :data:`MAX_KEPT` is started over. Patterns compiled anew are added when the process ends.
* **Any doubt, the standard way.** Without a cache directory, with a damaged file, or where Python's
  compiler has changed its private parts, :func:`compile` is :func:`re.compile`.

>>> p = compile(r"(?P<name>[A-Z][a-z]+) is (?:a|an) (?P<kind>\\w+)", re.IGNORECASE)
>>> p == re.compile(r"(?P<name>[A-Z][a-z]+) is (?:a|an) (?P<kind>\\w+)", re.IGNORECASE)
True
>>> p.match("Fae is a wumpus").group("kind")
'wumpus'
"""

from __future__ import annotations

import atexit
import hashlib
import re
import sys
from array import array
from contextlib import suppress
from pathlib import Path
from typing import Any

from prontocheck.common.cachefiles import LOAD_ERRORS, cache_dir, load_plain, write_atomically

try:  # (the compiler's private parts, as re.compile uses them; absent or changed: no cache)
    import _sre
    from re import _compiler, _parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - another Python
    _sre = None

MAX_KEPT = 4096
"""The most patterns one cache file keeps (a table grown past it, by patterns of many versions, starts over)."""
_FORMAT = "1"

_Compiled = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]
"""What the engine's constructor takes besides the source: flags, code (as 32-bit numbers), groups, names."""

_kept: dict[tuple[str, int], _Compiled] | None = None  # (the table, read at the first call)
_used: dict[tuple[str, int], _Compiled] = {}  # (what this process compiled or loaded)
_added = False


def compile(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:  # noqa: A001 - re's own name
    """:func:`re.compile`, from the kept code when this machine compiled ``pattern`` before."""
    global _added
    key = (pattern, int(flags))
    kept = _table()
    found = kept.get(key)
    if found is not None:
        with suppress(Exception):  # (data that does not fit the engine: compiled below as usual)
            made: re.Pattern[str] = _sre.compile(pattern, found[0], array("I", found[1]).tolist(), *found[2:])
            _used[key] = found
            return made
    compiled = _compile(pattern, key[1])
    if compiled is None:
        return re.compile(pattern, flags)
    made, parts = compiled
    _used[key] = kept[key] = parts
    if not _added:
        _added = True
        atexit.register(_save)
    return made


def _compile(pattern: str, flags: int) -> tuple[re.Pattern[str], _Compiled] | None:
    """The pattern compiled as :func:`re.compile` does it, with the parts kept; ``None`` if that fails."""
    if _sre is None:
        return None
    try:
        parsed = _parser.parse(pattern, flags)
        code = _compiler._code(parsed, flags)
        names = parsed.state.groupdict
        index: list[str | None] = [None] * parsed.state.groups
        for name, i in names.items():
            index[i] = name
        parts: _Compiled = (flags | parsed.state.flags, array("I", code).tobytes(), parsed.state.groups - 1,
                            dict(names), tuple(index))
        made: re.Pattern[str] = _sre.compile(pattern, parts[0], code, *parts[2:])
    except Exception:  # noqa: BLE001 - the private parts changed: re.compile as usual
        return None
    return made, parts


def _digest() -> str | None:
    if _sre is None:
        return None
    key = "\0".join([_FORMAT, sys.version, str(_sre.MAGIC), str(_sre.CODESIZE), sys.byteorder])
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def _path() -> Path | None:
    where, digest = cache_dir(), _digest()
    return None if where is None or digest is None else where / f"patterns-{digest}.pickle"


def _table() -> dict[tuple[str, int], _Compiled]:
    global _kept
    if _kept is None:
        _kept = {}
        path = _path()
        if path is not None:
            with suppress(*LOAD_ERRORS):
                stored: Any = load_plain(path)
                if isinstance(stored, dict):
                    _kept = stored
    return _kept


def _save() -> None:
    """Add this process's new patterns to the file (only what it used, when the table has grown too big)."""
    path = _path()
    if path is None or _kept is None:
        return
    table = _kept
    with suppress(*LOAD_ERRORS):  # (what other processes added meanwhile)
        stored = load_plain(path)
        if isinstance(stored, dict):
            table = {**stored, **_kept}
    write_atomically(path, table if len(table) <= MAX_KEPT else dict(_used))
