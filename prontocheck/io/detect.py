r"""Choosing a reader: the input format, detected from the content, and :func:`read_records`.

Detection looks at the content, never at the file name. A folder saved by Hugging Face ``datasets`` is
``hf-dataset``; a file starting with the zip magic is an inspect ``.eval`` log, one starting with ``PAR1``
Parquet. Otherwise the decompressed text decides: an object whose first member is ``version``, ``status`` or
``eval`` is an inspect log written as JSON (``inspect-json``); text starting with ``Q:`` (or ``Predicted
answer:``) is an original experiment log; a first line that is a JSON object is JSON Lines, the original JSON when
its keys are ``test_example``, ``example<N>`` or ``question`` + ``query`` + ``chain_of_thought``, OpenAI batch
output when they are ``custom_id`` and ``response``, else native (with a tool's preset when they are its keys:
:func:`prontocheck.io.presets.detect_preset`); text starting with ``{`` or ``[`` is one whole-file JSON value: a
JSON array of records (``json-array``) when it is an array whose first item is not an original example, else the
original JSON. Any line may be a bad record, the first one too, so the first non-blank line and the next
:data:`SNIFF_LINES` decide by majority (:func:`_sniff`): a bad first line never makes a file unreadable or turns
its good records into errors. The lines read ahead are handed on to the reader, so standard input works too.

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     path = os.path.join(d, "run.jsonl")
...     with open(path, "w") as f:
...         _ = f.write('{"context": "Fae is a cat.", "query": "Prove: Fae is a cat.", "output": "Fae is a cat."}\n')
...     fmt = detect_format(path)
...     [record] = read_records(path)
>>> fmt, record.problem.query, record.line
('native', 'Prove: Fae is a cat.', 1)
"""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from itertools import chain
from typing import Any, TextIO

from prontocheck.common.decode import loads, raw_decode
from prontocheck.common.streams import STDIN, LongLine, iter_lines, open_text
from prontocheck.errors import InputError, UsageError
from prontocheck.io.arrays import Rejoined, array_items, long_array, peek_first_line
from prontocheck.io.batch import is_batch_output, parse_batch_output, read_batch_input
from prontocheck.io.inspect_eval import SAMPLE_MEMBER, ZIP_MAGIC, read_eval, read_json_log
from prontocheck.io.native import check_fields, parse_native, record_from_object, show
from prontocheck.io.original import example_record, parse_json, parse_log, parse_whole
from prontocheck.io.presets import PRESETS, detect_preset, preset_fields
from prontocheck.io.records import Origin, Record, RecordError
from prontocheck.io.tables import PARQUET_MAGIC, is_dataset_folder, read_dataset, read_parquet
from prontocheck.limits import RECORD_CHARS

FORMATS = tuple(origin.value for origin in Origin)
"""The input formats (each the :class:`Origin` of its records): ``native`` (JSON Lines), ``prontoqa-log``,
``prontoqa-json``, ``json-array`` (one JSON array of native records), ``inspect-eval``, ``openai-batch``,
``parquet``, ``hf-dataset``."""
_ORIGINAL_KEYS = {"question", "query", "chain_of_thought"}
_EXAMPLE_KEY = re.compile(r"example\d+")
SNIFF_LINES = 16
"""How many non-blank lines after the first detection reads (the first line alone never decides)."""


def _peek(lines: Iterator[str]) -> list[str]:
    """Read lines up to and including the next non-blank one."""
    peeked: list[str] = []
    for line in lines:
        peeked.append(line)
        if line.strip():
            break
    return peeked


def _kind(line: str) -> str:
    """What one line looks like: ``"blank"``, ``"prontoqa-log"`` (a log marker), ``"native"`` or ``"prontoqa-json"``
    (a JSON object of that format), ``"json"`` (another JSON value), ``"open"`` (starts like JSON, is not) or
    ``"text"``.

    >>> [_kind(x) for x in ["", "Q: Fae is a cat.", '{"output": "x"}', '{"test_example": {}}', "[1, 2]", "[1,", "42"]]
    ['blank', 'prontoqa-log', 'native', 'prontoqa-json', 'json', 'open', 'text']
    """
    text = line.strip()
    if not text:
        return "blank"
    if text.startswith(("Q:", "Predicted answer:")):
        return "prontoqa-log"
    if text.startswith(("{", "[")):
        try:
            obj = loads(text) if not isinstance(line, LongLine) else _NOT_JSON
        except json.JSONDecodeError:
            obj = _NOT_JSON
        if isinstance(obj, dict):
            keys = set(obj)
            original = "test_example" in keys or _ORIGINAL_KEYS <= keys or any(_EXAMPLE_KEY.fullmatch(k) for k in keys)
            return "prontoqa-json" if original else "native"
        return "open" if obj is _NOT_JSON else "json"
    return "text"


_NOT_JSON = object()
_OBJECTS = ("native", "prontoqa-json")


def _sniff(lines: Iterator[str], name: str) -> tuple[list[str], str | None, bool]:
    """Peek at the start of an input: the lines read, the format (``None``: empty), whether it is JSON Lines.

    The first non-blank line and up to :data:`SNIFF_LINES` more decide, so that one bad line (any line,
    the first included) never decides for the file. After a first line that starts like JSON (``{``,
    ``[``) but is no JSON object, the input is JSON Lines when most of the next lines are JSON objects,
    else one whole-file JSON value (the original JSON). Otherwise it is JSON Lines when JSON objects
    outnumber log markers (``Q:``, ``Predicted answer:``), a log when there are more log markers (a tie:
    the first line decides). JSON Lines objects vote for native or original JSON (a tie: the first line's
    format, else native).

    Raises:
        InputError: no line read tells the format.

    """
    peeked = _peek(lines)
    first = peeked[-1] if peeked else ""
    kind = _kind(first)
    if kind == "blank":
        return peeked, None, False
    ahead: list[str] = []
    while len(ahead) < SNIFF_LINES and (more := _peek(lines)):
        peeked += more
        if more[-1].strip():
            ahead.append(_kind(more[-1]))
    objects = [k for k in ahead if k in _OBJECTS]
    if kind in ("open", "json"):
        if 2 * len(objects) <= len(ahead):
            return peeked, "prontoqa-json", False
    elif kind in _OBJECTS:
        objects.append(kind)
    native, original = objects.count("native"), objects.count("prontoqa-json")
    vote = kind if native == original and kind in _OBJECTS else "prontoqa-json" if original > native else "native"
    logs = ahead.count("prontoqa-log") + (kind == "prontoqa-log")
    if len(objects) > logs or (objects and len(objects) == logs and kind != "prontoqa-log"):
        return peeked, vote, True
    if logs:
        return peeked, "prontoqa-log", False
    raise InputError(
        name, None, f"cannot detect the input format from its first line {first.strip()[:60]!r} or the "
        f"{len(ahead)} non-blank lines after it: not JSON Lines, JSON or a PrOntoQA log; name the format "
        f"(one of {', '.join(FORMATS)})"
    )


def classify(first: str, name: str) -> str | None:
    """The format of an input whose first non-blank line is ``first``; ``None`` for an empty input.

    >>> classify('{"test_example": {}}', "x"), classify("Q: Fae is a cat.", "x"), classify("{", "x")
    ('prontoqa-json', 'prontoqa-log', 'prontoqa-json')

    Raises:
        InputError: the text is none of the formats.

    """
    return _sniff(iter([first]), name)[1]


def detect_format(path: str) -> str:
    """Detect the format of a file (or of standard input, which this consumes) from its content.

    Args:
        path: a file path, a folder (a saved Hugging Face dataset), or ``-`` for standard input.

    Returns:
        One of :data:`FORMATS`; ``"native"`` for an empty input.

    Raises:
        InputError: the file cannot be read or its format is none of :data:`FORMATS`.

    """
    binary = _binary_format(path)
    if binary is not None:
        return binary
    with open_text(path) as stream:
        first_line, rejoined = peek_first_line(stream, path)
        if _INSPECT_LOG.match(_peek_start(rejoined, path).lstrip()):
            return Origin.INSPECT_JSON.value
        if long_array(first_line):
            first = next(array_items(rejoined, path))[1]
            original = isinstance(first, dict) and _original_shape(first)
            return Origin.ORIGINAL_JSON.value if original else Origin.JSON_ARRAY.value
        found = _detect_text(iter_lines(rejoined, path), path, None)  # type: ignore[arg-type]
    return found[0] if found else "native"


def count_records(path: str, input_format: str = "auto") -> int | None:
    """How many records an input holds, where its format tells it without reading them: the rows of a Parquet
    file (its metadata), the samples of an inspect log (its member names); ``None`` for the other formats.

    >>> count_records("-") is None
    True
    """
    fmt = _binary_format(path) if input_format == "auto" else input_format
    try:
        if fmt == Origin.PARQUET.value:
            import pyarrow.parquet as pq

            return int(pq.ParquetFile(path).metadata.num_rows)
        if fmt == Origin.INSPECT_EVAL.value:
            with zipfile.ZipFile(path) as archive:
                return sum(1 for name in archive.namelist() if SAMPLE_MEMBER.fullmatch(name))
    except Exception:  # noqa: BLE001 - only a hint for a progress bar: reading the input reports its errors
        return None
    return None


def _check_format(input_format: str) -> None:
    if input_format != "auto" and input_format not in FORMATS:
        raise UsageError(f"unknown input format {input_format!r}; valid formats: auto, {', '.join(FORMATS)}")


def _original_shape(obj: Any) -> bool:
    """Whether a decoded object is an original PrOntoQA JSON example (or a set of them)."""
    keys = set(obj)
    return "test_example" in keys or _ORIGINAL_KEYS <= keys or any(_EXAMPLE_KEY.fullmatch(str(k)) for k in keys)


def _first_item(peeked: list[str], lines: Iterator[str]) -> Any:
    """The first item of a whole-file JSON array whose first lines are ``peeked`` (lines read for it are added
    to ``peeked``); :data:`_NOT_JSON` when the text is no array or its first item does not decode within
    ``record_chars``. Decoding is tried when a line may end the item (it starts with ``}`` or ``]``), so an
    indented array is read once, not once a line.
    """
    text = "".join(peeked)
    begin = text.lstrip()
    if not begin.startswith("["):
        return _NOT_JSON
    start = len(text) - len(begin) + 1
    attempt = True
    while True:
        if attempt:
            try:
                return raw_decode(text, len(text) - len(text[start:].lstrip()))[0]
            except json.JSONDecodeError:
                pass
        more = next(lines, None)
        if more is None or isinstance(more, LongLine) or len(text) > RECORD_CHARS:
            if more is not None:
                peeked.append(more)
            return _NOT_JSON
        peeked.append(more)
        text += more
        attempt = more.strip()[:1] in ("}", "]")


def _binary_format(path: str) -> str | None:
    """The format of an input that is not text: a saved dataset (a folder), an inspect log (a zip), Parquet."""
    if path == STDIN:
        return None
    if is_dataset_folder(path):
        return Origin.HF_DATASET.value
    try:
        with open(path, "rb") as f:
            magic = f.read(4)
    except OSError:
        return None  # opening it again reports the error
    if magic == ZIP_MAGIC:
        return Origin.INSPECT_EVAL.value
    if magic == PARQUET_MAGIC:
        return Origin.PARQUET.value
    return None


def read_records(
    path: str, *, input_format: str = "auto", fields: Mapping[str, str] | None = None, preset: str | None = None,
    batch_input: str | None = None,
) -> Iterator[Record | RecordError]:
    """Read an input file (or ``-``, standard input): one record or record error at a time.

    The arguments are checked at once; the file is opened on the first ``next``. A bad record
    is yielded as a :class:`RecordError` and reading goes on.

    Args:
        path: a file path, or ``-`` for standard input; gzip, bzip2 and xz are read transparently. A folder is
            a Hugging Face dataset saved to disk.
        input_format: ``"auto"`` (detect from the content) or one of :data:`FORMATS`.
        fields: a field mapping for the formats of records (all but the original PrOntoQA ones: our name →
            the input's key or dotted path). With ``"auto"``, giving one makes JSON Lines read as native.
        preset: a named field mapping (:data:`prontocheck.io.presets.PRESETS`: ``lm-eval``, ``inspect``,
            ``verl``), with ``fields`` over it. Without either, JSON Lines whose first record has a known tool's
            keys are read with that tool's preset.
        batch_input: the OpenAI batch input file whose requests the batch output (``openai-batch``) is joined to.

    Raises:
        UsageError: an unknown format, preset or field name, ``fields`` with an original PrOntoQA format, or
            batch output without ``batch_input`` (this one on the first ``next``).
        InputError: the file cannot be opened or read, or its format cannot be detected.

    """
    _check_format(input_format)
    mapping = preset_fields(preset, fields)
    check_fields(mapping)
    if mapping and input_format in _ORIGINAL_FORMATS:
        raise UsageError(f"a field mapping or preset does not apply to the original format {input_format!r}")
    if batch_input is not None and input_format not in ("auto", Origin.OPENAI_BATCH.value):
        raise UsageError(f"--batch-input goes with openai-batch input, not {input_format!r}")
    return _read(path, input_format, mapping, batch_input)


_ORIGINAL_FORMATS = (Origin.ORIGINAL_LOG.value, Origin.ORIGINAL_JSON.value)


def _read(path: str, input_format: str, fields: dict[str, str] | None, batch_input: str | None
          ) -> Iterator[Record | RecordError]:
    fmt = input_format
    if fmt == "auto":
        fmt = _binary_format(path) or fmt
    if fmt == Origin.PARQUET.value:
        yield from read_parquet(path, fields)
        return
    if fmt == Origin.HF_DATASET.value:
        yield from read_dataset(path, fields)
        return
    if fmt == Origin.INSPECT_EVAL.value:
        yield from _read_eval(path, fields)
        return
    with open_text(path) as stream:
        first, rejoined = peek_first_line(stream, path)
        if fmt == "auto" and _INSPECT_LOG.match(_peek_start(rejoined, path).lstrip()):
            fmt = Origin.INSPECT_JSON.value
        if fmt == Origin.INSPECT_JSON.value:  # one JSON object: read whole, as inspect itself does
            yield from read_json_log(_read_all(rejoined, path), path, fields)
            return
        if fmt in ("auto", Origin.JSON_ARRAY.value) and long_array(first):
            # json.dump(records) on one line, too long to read as a line: its items one at a time
            yield from _long_array(rejoined, path, fields, fmt == "auto")
            return
        lines: Iterator[str] = iter_lines(rejoined, path)  # type: ignore[arg-type]
        whole = None
        if fmt == "auto":
            found = _detect_text(lines, path, fields)
            if found is None:
                return
            fmt, whole, fields, lines = found
        if fmt == "native":
            yield from parse_native(lines, path, fields)
        elif fmt == Origin.JSON_ARRAY.value:
            yield from _read_array(lines, path, fields)
        elif fmt == Origin.OPENAI_BATCH.value:
            if batch_input is None:
                raise UsageError(f"{path}: OpenAI batch output holds no prompts: give its batch input file with "
                                 "--batch-input FILE (the two are joined on custom_id)")
            yield from parse_batch_output(lines, path, read_batch_input(batch_input), fields,
                                          input_name=batch_input)
        elif fmt == Origin.ORIGINAL_LOG.value:
            yield from parse_log(lines, path)
        elif fmt in (Origin.INSPECT_EVAL.value, Origin.PARQUET.value, Origin.HF_DATASET.value):
            raise InputError(path, None, f"{fmt} input must be a file (or, for hf-dataset, a folder), not a stream")
        else:
            yield from parse_json(lines, path, whole=whole)


def _detect_text(lines: Iterator[str], name: str, fields: dict[str, str] | None
                 ) -> tuple[str, bool, dict[str, str] | None, Iterator[str]] | None:
    """Detect the format of a text input: the format, whether it is one whole-file JSON value, the field mapping
    (a detected preset's, when none is given) and the lines to read (the peeked ones first); ``None``: empty.
    """
    peeked, detected, jsonl = _sniff(lines, name)
    if detected is None:
        return None
    fmt = detected
    if jsonl:
        first = next((o for o in map(_object, peeked) if o is not None), None)
        if is_batch_output(first):
            fmt = Origin.OPENAI_BATCH.value
        elif fields or detected == "native":
            fmt = "native"
            fields = fields or PRESETS.get(detect_preset(first) or "")
    else:
        item = _first_item(peeked, lines)
        if isinstance(item, dict) and not _original_shape(item) or (fields and item is not _NOT_JSON):
            fmt = Origin.JSON_ARRAY.value
            fields = fields or PRESETS.get(detect_preset(item) or "")
    return fmt, not jsonl, fields, chain(peeked, lines)


def _object(line: str) -> dict[str, Any] | None:
    """A line's JSON object, or ``None``."""
    if isinstance(line, LongLine) or not line.strip().startswith("{"):
        return None
    try:
        obj = loads(line)
    except json.JSONDecodeError:
        return None
    return obj if isinstance(obj, dict) else None


def _read_eval(path: str, fields: Mapping[str, str] | None) -> Iterator[Record | RecordError]:
    try:
        source = open(path, "rb")
    except OSError as e:
        raise InputError(path, None, f"cannot open: {e.strerror or e}") from e
    with source:
        yield from read_eval(source, path, fields)


_INSPECT_LOG = re.compile(r'\{\s*"(?:version|status|eval)"\s*:')
"""The start of an inspect log written as JSON (its first member: ``version``, as inspect writes it), matched at the
start of the text with its leading white space stripped (leading white space in the pattern made a search quadratic)."""


def _peek_start(stream: Rejoined, name: str) -> str:
    """The first characters of an input, left to be read (enough for an object's first member)."""
    try:
        return stream.peek(_START_CHARS)
    except (OSError, EOFError, ValueError) as e:
        raise InputError(name, None, f"cannot read: {e}") from e


_START_CHARS = 4096


def _read_all(stream: Rejoined, name: str) -> str:
    try:
        return stream.read()
    except (OSError, EOFError, ValueError) as e:
        raise InputError(name, None, f"cannot read: {e}") from e


def _long_array(stream: TextIO | Rejoined, name: str, fields: dict[str, str] | None, detect: bool
                ) -> Iterator[Record | RecordError]:
    """The items of a JSON array on one over-long line: native records (``json-array``), or, when ``detect`` and
    the first object is an original example, original examples.
    """
    mapping: dict[str, str] | None = None
    original = False
    for count, (line, value, error) in enumerate(array_items(stream, name), start=1):
        if error is not None:
            yield RecordError(name, line, error)
            return
        if mapping is None:
            original = detect and isinstance(value, dict) and _original_shape(value) and not fields
            mapping = check_fields(fields or PRESETS.get(detect_preset(value) or ""))
        if original:
            yield example_record(f"example{count}", value, name, line)
        elif not isinstance(value, dict):
            yield RecordError(name, line, f"not a JSON object: {show(value)}")
        else:
            record = record_from_object(value, name, line, mapping)
            yield record if isinstance(record, RecordError) else replace(record, origin=Origin.JSON_ARRAY)


def _read_array(lines: Iterable[str], name: str, fields: Mapping[str, str] | None) -> Iterator[Record | RecordError]:
    """A whole-file JSON array of records (as ``json.dump(list_of_records)`` writes), each read as native."""
    mapping = check_fields(fields)

    def item(key: str, value: Any, source: str, line: int) -> Record | RecordError:
        if not isinstance(value, dict):
            return RecordError(source, line, f"not a JSON object: {show(value)}")
        record = record_from_object(value, source, line, mapping)
        return record if isinstance(record, RecordError) else replace(record, origin=Origin.JSON_ARRAY)

    yield from parse_whole(lines, name, item)
