r"""The native input format: JSON Lines, one model output on one problem per line.

Each line is a JSON object with ``context`` and ``query`` (strings; the query in any wording of
:mod:`prontocheck.syntax.questions`), ``output`` (a string, or a list of step strings, read as one line
each), and optionally ``gold_cot`` (a string or a list of strings), ``gold_label`` (a boolean, or
``"true"``/``"false"``/``"yes"``/``"no"`` in any case), ``options`` (``["A) True", "B) False"]`` or one
string ``"A) True B) False"``) and ``id`` (a string; any other JSON value is read as its compact JSON text,
``17`` as ``"17"`` and ``{"run": 1}`` as ``'{"run":1}'``; without one, the id is ``<file>:<line>``, as for a
line that is not a record at all).
Each line is decoded within the per-record limits (``record_chars``, ``json_depth``, ``json_number_chars``):
a line over one is that line's ``budget_exceeded`` error.
Every other key is kept in the record's ``metadata``. A ``problem`` field may hold a problem spec
(:mod:`prontocheck.prontoqa.spec`, as RL rollouts carry it) in place of ``context``, ``query`` and
the gold fields, and a ``prompt`` field the prompt the model saw (its last question is read); fields
given on their own take precedence.
A field mapping renames the keys, with dotted paths into nested objects (and integer steps into
lists): ``{"output": "response", "context": "doc.question"}``.

>>> lines = ['{"context": "Fae is a cat.", "query": "Prove: Fae is a cat.", "output": "Fae is a cat.", "n": 3}\n',
...          '\n', 'oops\n']
>>> good, bad = parse_native(lines, "run.jsonl")
>>> good.id, good.output, good.metadata
('run.jsonl:1', 'Fae is a cat.', {'n': 3, 'file': 'run.jsonl'})
>>> print(bad)
run.jsonl:3: not JSON: Expecting value: line 1 column 1 (char 0)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from prontocheck.common.decode import JSONBudgetError, json_id
from prontocheck.common.streams import json_lines
from prontocheck.errors import SpecError, UnreadableOptions, UsageError
from prontocheck.io.presets import hint
from prontocheck.io.records import Record, RecordError
from prontocheck.prontoqa.problem import Problem
from prontocheck.prontoqa.spec import problem_from_prompt, problem_from_spec
from prontocheck.syntax.questions import read_options

FIELDS = ("context", "query", "output", "gold_cot", "gold_label", "id", "problem", "prompt", "options")
REQUIRED = ("output",)
_LABELS = {"true": True, "yes": True, "false": False, "no": False}
_MISSING = object()


class _BadRecord(Exception):
    """A record-level problem; becomes a :class:`RecordError`."""


def show(value: Any, limit: int = 60) -> str:
    """Quote a JSON value for an error message, shortened to about ``limit`` characters.

    >>> show(42), show("abc"), show([1, 2]), len(show("x" * 100))
    ('42', '"abc"', '[1, 2]', 61)
    """
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def decode_reason(error: json.JSONDecodeError) -> str:
    """A record error's reason for a line that did not decode: the budget it is over, or ``not JSON: …``.

    >>> decode_reason(json.JSONDecodeError("Expecting value", "oops", 0))
    'not JSON: Expecting value: line 1 column 1 (char 0)'
    """
    return str(error.budget) if isinstance(error, JSONBudgetError) else f"not JSON: {error}"


def parse_label(value: Any) -> bool | None:
    """Read a gold label: a boolean, or true/false/yes/no in any case; ``None`` stays ``None``.

    >>> parse_label("Yes"), parse_label(False), parse_label(None)
    (True, False, None)

    Raises:
        ValueError: anything else.

    """
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _LABELS:
        return _LABELS[value.strip().lower()]
    raise ValueError(f"must be true/false/yes/no or a boolean, got {show(value)}")


def check_fields(fields: Mapping[str, str] | None) -> dict[str, str]:
    """Validate a field mapping and complete it with the default keys.

    >>> check_fields({"output": "response"})["output"], check_fields(None)["context"]
    ('response', 'context')

    Raises:
        UsageError: a name that is not one of :data:`FIELDS`, or a key that is not a non-empty string.

    """
    mapping = {name: name for name in FIELDS}
    for name, key in (fields or {}).items():
        if name not in FIELDS:
            raise UsageError(f"unknown field name {name!r} in the field mapping; valid names: {', '.join(FIELDS)}")
        if not isinstance(key, str) or not key:
            raise UsageError(f"the key for field {name!r} must be a non-empty string, got {key!r}")
        mapping[name] = key
    return mapping


def lookup(obj: Mapping[str, Any], path: str) -> Any:
    """The value at ``path`` in ``obj``: the key itself if present, else a dotted path; missing → sentinel.

    >>> lookup({"doc": {"q": ["a", "b"]}}, "doc.q.1")
    'b'
    """
    if path in obj:
        return obj[path]
    value: Any = obj
    for step in path.split("."):
        if isinstance(value, Mapping) and step in value:
            value = value[step]
        elif isinstance(value, list) and step.lstrip("-").isdigit() and -len(value) <= int(step) < len(value):
            value = value[int(step)]
        else:
            return _MISSING
    return value


def _field(obj: Mapping[str, Any], mapping: Mapping[str, str], name: str) -> Any:
    value = lookup(obj, mapping[name])
    if value is _MISSING and name in REQUIRED:
        raise _BadRecord(f"missing field {_describe(mapping, name)}")
    return value


def _describe(mapping: Mapping[str, str], name: str) -> str:
    key = mapping[name]
    return repr(name) if key == name else f"{name!r} (key {key!r})"


def _string(obj: Mapping[str, Any], mapping: Mapping[str, str], name: str, default: str | None = None) -> str:
    value = _field(obj, mapping, name)
    if value is _MISSING and default is not None:
        return default
    if value is _MISSING:
        raise _BadRecord(f"missing field {_describe(mapping, name)}")
    if not isinstance(value, str):
        raise _BadRecord(f"field {_describe(mapping, name)} must be a string, got {show(value)}")
    return value


def _text_or_steps(obj: Mapping[str, Any], mapping: Mapping[str, str], name: str) -> Any:
    """A string, a list of strings (as a tuple), or, for an optional field, the missing sentinel or ``None``."""
    value = _field(obj, mapping, name)
    if isinstance(value, list) and all(isinstance(s, str) for s in value):
        return tuple(value)
    if isinstance(value, str) or (name not in REQUIRED and (value is _MISSING or value is None)):
        return value
    raise _BadRecord(f"field {_describe(mapping, name)} must be a string or a list of strings, got {show(value)}")


def _spec(obj: Mapping[str, Any], mapping: Mapping[str, str]) -> Problem | bool | None:
    """The ``problem`` field's spec (a JSON object or its text; ``True``/``False``: a gold label only),
    else the question the ``prompt`` field asks, if the record has either.
    """
    value = _field(obj, mapping, "problem")
    name, read = "problem", problem_from_spec
    if value is _MISSING or value is None:
        value = _field(obj, mapping, "prompt")
        given = all(lookup(obj, mapping[f]) is not _MISSING for f in ("context", "query"))
        if value is _MISSING or value is None or given:
            return None
        if not isinstance(value, str):
            raise _BadRecord(f"field {_describe(mapping, 'prompt')} must be a string, got {show(value)}")
        name, read = "prompt", problem_from_prompt  # type: ignore[assignment]
    try:
        return read(value)
    except SpecError as e:
        raise _BadRecord(f"field {_describe(mapping, name)}: {e}") from None


def _output(obj: Mapping[str, Any], mapping: Mapping[str, str]) -> str:
    value = _text_or_steps(obj, mapping, "output")
    return value if isinstance(value, str) else "\n".join(value)  # a line break ends a sentence


def _options(obj: Mapping[str, Any], mapping: Mapping[str, str]) -> tuple[str, ...] | None:
    """The answer options, each as ``"A) True"``; ``None`` when the record has none."""
    value = _text_or_steps(obj, mapping, "options")
    if value is _MISSING or value is None:
        return None
    try:
        return tuple(str(o) for o in read_options(value))
    except UnreadableOptions as e:
        raise _BadRecord(f"field {_describe(mapping, 'options')}: {e}") from None


def _gold_cot(obj: Mapping[str, Any], mapping: Mapping[str, str]) -> str | tuple[str, ...] | None:
    value = _text_or_steps(obj, mapping, "gold_cot")
    return None if value is _MISSING else value


def record_from_object(
    obj: Mapping[str, Any], name: str, line: int, mapping: Mapping[str, str]
) -> Record | RecordError:
    """Build a record from one decoded JSON object; a bad field gives a :class:`RecordError`.

    Args:
        obj: the decoded object.
        name: the input's name.
        line: the 1-based line of the object.
        mapping: a complete field mapping, from :func:`check_fields`.

    """
    raw_id = _field(obj, mapping, "id")
    rid = f"{name}:{line}" if raw_id is _MISSING or raw_id is None else json_id(raw_id)
    try:
        spec = _spec(obj, mapping)
        base = spec if isinstance(spec, Problem) else Problem("", "", None, spec)  # what the fields do not give
        context = _string(obj, mapping, "context", base.context or None)
        query = _string(obj, mapping, "query", base.query or None)
        output = _output(obj, mapping)
        gold_cot = _gold_cot(obj, mapping)
        options = _options(obj, mapping)
        raw_label = _field(obj, mapping, "gold_label")
        try:
            label = parse_label(None if raw_label is _MISSING else raw_label)
        except ValueError as e:
            raise _BadRecord(f"field {_describe(mapping, 'gold_label')} {e}") from None
    except _BadRecord as e:
        reason = str(e)
        if reason.startswith("missing field"):
            reason += f" ({hint(obj, mapping)})"
        return RecordError(name, line, reason, rid)
    gold_cot = gold_cot if gold_cot is not None else base.gold_cot
    label = label if label is not None else base.gold_label
    options = options if options is not None else base.options
    used = set(mapping.values())
    metadata = {k: v for k, v in obj.items() if k not in used}
    metadata.setdefault("file", name)
    return Record(Problem(context, query, gold_cot, label, options), output, rid, name, line, metadata)


def parse_native(
    lines: Iterable[str], name: str, fields: Mapping[str, str] | None = None
) -> Iterator[Record | RecordError]:
    """Read native JSON Lines: one :class:`Record` or :class:`RecordError` per non-blank line.

    Args:
        lines: the input's lines (from line 1).
        name: the input's name, used in ids, errors and ``metadata["file"]``.
        fields: our field name → the input's key or dotted path; unnamed fields keep their names.

    Raises:
        UsageError: an unknown field name in ``fields`` (raised on the first ``next``).

    """
    return parse_native_numbered(enumerate(lines, start=1), name, fields)


def parse_native_numbered(
    numbered: Iterable[tuple[int, str]], name: str, fields: Mapping[str, str] | None = None
) -> Iterator[Record | RecordError]:
    """:func:`parse_native` over lines that come with their line numbers (``(number, text)``; a blank line
    is skipped), as a slice of a file read elsewhere does (rows of a Ray Data block:
    :mod:`prontocheck.integrations.ray`).

    >>> [str(r) for r in parse_native_numbered([(7, "oops"), (9, "")], "run.jsonl")]
    ['run.jsonl:7: not JSON: Expecting value: line 1 column 1 (char 0)']

    Raises:
        UsageError: an unknown field name in ``fields`` (raised on the first ``next``).

    """
    mapping = check_fields(fields)
    for number, _, obj, error in json_lines(numbered):
        if error is not None:
            yield RecordError(name, number, decode_reason(error))
            continue
        if not isinstance(obj, dict):
            yield RecordError(name, number, f"not a JSON object: {show(obj)}")
            continue
        yield record_from_object(obj, name, number, mapping)
