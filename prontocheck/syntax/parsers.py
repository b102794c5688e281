"""Built parsers kept between processes: a grammar's LALR tables are computed once per machine, not at the
start of every command and every worker.

Building a strict LALR parser takes Lark about 0.6 s for the sentence grammar (reading the grammar, the
tables, and ``strict``'s check that no two terminals can match the same text). What it builds is plain
data (Lark's own serialisation: dicts, lists, strings, numbers), so the first build is written to the
cache directory and later processes load it in a few milliseconds.

* **Where.** The cache directory of :mod:`prontocheck.common.cachefiles` (``$PRONTOCHECK_CACHE_DIR``,
  ``off`` for none); a directory that cannot be written is not an error.
* **When it is used.** A file is named by a digest of everything the tables depend on: the grammar's text,
  the start rules, Lark's version, Python's version and this module's format. Any change makes a new
  name, so a stale file is never read.
* **Safety.** The file is read with an unpickler that refuses every class and function, so it can hold
  nothing but plain data: a damaged or foreign file is rejected (and rebuilt), never executed. The
  transformer is not stored; it is given to the loaded parser.

This is what Lark's own ``cache=True`` does, except that Lark keeps its file in the shared temporary
directory and unpickles it without restriction.

>>> from prontocheck.syntax.transform import FormulaTransformer
>>> from prontocheck.syntax.frontend import grammar_text
>>> lark = build(grammar_text("formula"), ["start"], FormulaTransformer())
>>> lark.options.strict, str(lark.parse("¬cat(Fae)"))
(True, '¬cat(Fae)')
"""

from __future__ import annotations

import hashlib
import sys
from contextlib import suppress
from pathlib import Path
from typing import Any

import lark as lark_module
from lark import Lark, Transformer
from lark.grammar import Rule
from lark.lexer import TerminalDef

from prontocheck.common.cachefiles import CACHE_ENV, LOAD_ERRORS, cache_dir, load_plain, write_atomically

_FORMAT = "1"

__all__ = ["CACHE_ENV", "build", "cache_dir"]


def build(text: str, starts: list[str], transformer: Transformer[Any, Any]) -> Lark:
    """The strict LALR parser of the grammar ``text`` from ``starts``, with ``transformer`` applied while
    parsing: loaded from the cache when it is there, else built (and written there).
    """
    where = cache_dir()
    path = None if where is None else where / f"parser-{_digest(text, starts)}.pickle"
    if path is not None:
        with suppress(*LOAD_ERRORS):
            stored = load_plain(path)
            return Lark._load_from_dict(stored["data"], stored["memo"], transformer=transformer)
    built = Lark(text, parser="lalr", strict=True, start=starts, transformer=transformer)
    if path is not None:
        _write(path, built)
    return built


def _digest(text: str, starts: list[str]) -> str:
    key = "\0".join([_FORMAT, lark_module.__version__, sys.version, repr(starts), text])
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def _write(path: Path, built: Lark) -> None:
    """Write the parser's tables as plain data (atomically: a reader sees the whole file or none)."""
    data, memo = built.memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k != "transformer"}
    write_atomically(path, {"data": data, "memo": memo})
