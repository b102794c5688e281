"""Decoding one JSON record within limits: a hostile record is an error for that record, never for the run.

:func:`loads` is :func:`json.loads` with the per-record limits of :mod:`prontocheck.limits`: a record longer than
``record_chars``, nested deeper than ``json_depth`` or holding a number literal longer than ``json_number_chars``
raises :class:`JSONBudgetError` (a :class:`json.JSONDecodeError` whose message starts ``budget_exceeded:``), and
anything else the decoder cannot take (a ``RecursionError``, an integer over Python's digit limit) a
:class:`json.JSONDecodeError`. Decoding stays linear in the record's length.

>>> loads('{"a": [1, 2]}')
{'a': [1, 2]}
>>> try:
...     loads("[" * 5000 + "]" * 5000)
... except JSONBudgetError as e:
...     print(e.budget)
budget_exceeded: JSON nested more than 100 deep is over the limit json_depth = 100
"""

from __future__ import annotations

import json
from typing import Any

from prontocheck.errors import BudgetExceeded, UsageError
from prontocheck.limits import JSON_DEPTH, JSON_NUMBER_CHARS, RECORD_CHARS


class JSONBudgetError(json.JSONDecodeError):
    """A JSON record over a decoding limit; ``budget`` is the :class:`~prontocheck.errors.BudgetExceeded`.

    It is a :class:`json.JSONDecodeError` (``msg`` is the budget message), so code that reports decoding errors
    reports it too.
    """

    def __init__(self, budget: BudgetExceeded, doc: str, pos: int = 0) -> None:
        super().__init__(str(budget), doc, pos)
        self.budget = budget

    def __reduce__(self) -> tuple[Any, ...]:  # picklable, like every exception
        b = self.budget
        return _rebuild, (b.limit, b.value, b.what, self.doc, self.pos)


def _rebuild(limit: str, value: int, what: str, doc: str, pos: int) -> JSONBudgetError:
    return JSONBudgetError(BudgetExceeded(limit, value, what), doc, pos)


class _LongNumber(Exception):
    def __init__(self, chars: int) -> None:
        super().__init__(chars)
        self.chars = chars


def _number(convert: type) -> Any:
    def parse(text: str) -> Any:
        if len(text) > JSON_NUMBER_CHARS:
            raise _LongNumber(len(text))
        return convert(text)
    return parse


DECODER = json.JSONDecoder(parse_int=_number(int), parse_float=_number(float))
"""A decoder that refuses number literals longer than ``json_number_chars`` (used by :func:`raw_decode`)."""


def _too_deep(text: str, pos: int) -> JSONBudgetError:
    budget = BudgetExceeded("json_depth", JSON_DEPTH, f"JSON nested more than {JSON_DEPTH} deep")
    return JSONBudgetError(budget, text, pos)


def depth(value: Any) -> int:
    """How deeply arrays and objects nest in a decoded JSON value (walked without recursion).

    >>> depth(1), depth([]), depth({"a": [1, {"b": []}]})
    (0, 1, 4)
    """
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is not None:
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


def raw_decode(text: str, pos: int = 0) -> tuple[Any, int]:
    """Decode one JSON value starting at ``pos`` (as :meth:`json.JSONDecoder.raw_decode`), within the limits
    on depth and numbers (not on length: whole-file JSON holds many records).

    Raises:
        JSONBudgetError: the value nests too deep or holds too long a number.
        json.JSONDecodeError: the text there is not JSON, or the decoder cannot take it.

    """
    return _checked(DECODER.raw_decode, text, pos)  # type: ignore[no-any-return]


def _checked(decode: Any, text: str, pos: int | None = None) -> Any:
    """``decode(text, pos)`` (or ``decode(text)``) with its failures turned into decoding errors and the depth
    checked; returns what ``decode`` returns.
    """
    try:
        result = decode(text) if pos is None else decode(text, pos)
    except RecursionError:
        raise _too_deep(text, pos or 0) from None
    except _LongNumber as e:
        budget = BudgetExceeded("json_number_chars", JSON_NUMBER_CHARS, f"a number of {e.chars} characters")
        raise JSONBudgetError(budget, text, pos or 0) from None
    except json.JSONDecodeError:
        raise
    except ValueError as e:  # e.g. a number the decoder cannot convert
        raise json.JSONDecodeError(str(e), text, pos or 0) from None
    start, end = (0, len(text)) if pos is None else (pos, result[1])
    # The cheap count first: records rarely hold more arrays and objects than the depth limit.
    if text.count("[", start, end) + text.count("{", start, end) > JSON_DEPTH:
        if depth(result if pos is None else result[0]) > JSON_DEPTH:
            raise _too_deep(text, pos or 0)
    return result


def loads(text: str, *, max_chars: int | None = RECORD_CHARS) -> Any:
    """Decode one JSON record (surrounding whitespace allowed) within every per-record limit.

    ``max_chars=None`` lifts the length limit (a whole document read on purpose, e.g. a schema file), not the
    limits on depth and numbers.

    Raises:
        JSONBudgetError: the record is longer than ``record_chars``, nests too deep or holds too long a number.
        json.JSONDecodeError: the text is not one JSON value.

    """
    if max_chars is not None and len(text) > max_chars:
        raise JSONBudgetError(BudgetExceeded("record_chars", max_chars, f"a record of {len(text)} characters"), "")
    return _checked(DECODER.decode, text)


def json_id(value: Any) -> str:
    """A record id as a string: a string as it is, any other JSON value as its compact JSON text.

    So an id is always JSON-safe and reads back the same in every run (never a Python ``repr``).

    >>> json_id("a1"), json_id(17), json_id({"run": 1, "k": [2, True]}), json_id(1.5)
    ('a1', '17', '{"run":1,"k":[2,true]}', '1.5')
    """
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=True)
    except (TypeError, ValueError):  # not a JSON value (a caller's own object)
        return str(value)


def option_document(text: str, source: str) -> Any:
    """A whole JSON document a user gives a command (a data file of an option), within the limits on depth and
    numbers; not JSON is a usage error naming ``source``, the line and the column.

    >>> option_document('{"a": [1]}', "f.json")
    {'a': [1]}
    >>> option_document("[", "f.json")
    Traceback (most recent call last):
    ...
    prontocheck.errors.UsageError: f.json: not JSON (Expecting value at line 1, column 2)
    """
    try:
        return loads(text, max_chars=None)
    except json.JSONDecodeError as e:
        raise UsageError(f"{source}: not JSON ({e.msg} at line {e.lineno}, column {e.colno})") from None
