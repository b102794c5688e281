r"""Tables of records: Parquet files and Hugging Face ``datasets`` saved to disk, read with pyarrow.

Needs pyarrow (``pip install 'prontocheck[parquet]'``); ``datasets`` itself is not needed. Each row is a record
with the native fields (a field mapping, or a preset, renames them: ``--field output=response``); a row's
``line`` is its 1-based position in the table. Rows are read a batch at a time. Without a field mapping, a first
row with the keys of a known tool's dump (lm-eval, inspect, verl) is read with that tool's preset.

A dataset saved with ``Dataset.save_to_disk`` is a folder with ``state.json`` (its ``_data_files``: the Arrow
files, in order), ``dataset_info.json`` and the Arrow files (Arrow IPC streams); a ``DatasetDict`` is a folder
with ``dataset_dict.json`` (its ``splits``) and one such folder per split, read one split after the other with
the split's name in each record's metadata (``split``).
"""

from __future__ import annotations

import datetime
import decimal
import json
import os
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from prontocheck.errors import InputError, UsageError
from prontocheck.io.native import check_fields, record_from_object, show
from prontocheck.io.presets import PRESETS, detect_preset
from prontocheck.io.records import Origin, Record, RecordError

PARQUET_MAGIC = b"PAR1"
"""The first (and last) bytes of a Parquet file."""
BATCH_ROWS = 1024
"""Rows read at a time."""
DATASET_FILES = ("state.json", "dataset_info.json", "dataset_dict.json")
"""The files that make a folder a dataset saved by ``datasets``."""


def _pyarrow() -> Any:
    try:
        import pyarrow  # noqa: F401
        import pyarrow.ipc
        import pyarrow.parquet
    except ImportError as e:
        raise UsageError(f"reading Parquet and Hugging Face datasets needs pyarrow: pip install "
                         f"'prontocheck[parquet]' ({e})") from None
    return pyarrow


def plain(value: Any) -> Any:
    """A table cell as JSON data: dates, times and decimals as text, bytes as UTF-8 text, the rest unchanged.

    >>> plain({"when": datetime.date(2026, 1, 2), "n": [decimal.Decimal("1.5")]})
    {'when': '2026-01-02', 'n': ['1.5']}
    """
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, datetime.date | datetime.time | decimal.Decimal | datetime.timedelta):
        return str(value)
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    return value


def _rows(batches: Iterator[tuple[Any, Mapping[str, Any]]], name: str, mapping: dict[str, str] | None,
          origin: Origin) -> Iterator[Record | RecordError]:
    """The records of ``(batch, extra fields)`` pairs; ``mapping=None``: a preset if the first row has a tool's
    keys, else the native names.
    """
    number = 0
    for batch, extra in batches:
        for row in batch.to_pylist():
            number += 1
            obj = {**plain(row), **extra}
            if mapping is None:
                mapping = check_fields(PRESETS.get(detect_preset(obj) or ""))
            record = record_from_object(obj, name, number, mapping)
            yield record if isinstance(record, RecordError) else replace(record, origin=origin)


def read_parquet(path: str, fields: Mapping[str, str] | None = None) -> Iterator[Record | RecordError]:
    """Read a Parquet file, one record (or record error) per row.

    Raises:
        UsageError: pyarrow is not installed.
        InputError: the file cannot be read as Parquet.

    """
    pa = _pyarrow()
    mapping = check_fields(fields) if fields else None
    try:
        table = pa.parquet.ParquetFile(path)
    except (OSError, pa.ArrowException) as e:
        raise InputError(path, None, f"cannot read as Parquet: {e}") from e
    try:
        yield from _rows(((b, {}) for b in table.iter_batches(batch_size=BATCH_ROWS)), path, mapping, Origin.PARQUET)
    except (OSError, pa.ArrowException) as e:
        raise InputError(path, None, f"cannot read as Parquet: {e}") from e
    finally:
        table.close()


def is_dataset_folder(path: str) -> bool:
    """Whether ``path`` is a folder saved by ``datasets`` (``save_to_disk``)."""
    return os.path.isdir(path) and any(os.path.isfile(os.path.join(path, f)) for f in DATASET_FILES)


def _json_file(path: str, name: str) -> Any:
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        raise InputError(name, None, f"cannot read {os.path.basename(path)}: {e}") from e


def read_dataset(path: str, fields: Mapping[str, str] | None = None) -> Iterator[Record | RecordError]:
    """Read a Hugging Face dataset saved to disk (a ``Dataset`` or a ``DatasetDict`` folder), one record per row.

    Raises:
        UsageError: pyarrow is not installed.
        InputError: not a saved dataset, or one whose files cannot be read.

    """
    pa = _pyarrow()
    mapping = check_fields(fields) if fields else None
    splits_file = os.path.join(path, "dataset_dict.json")
    if os.path.isfile(splits_file):
        splits = _json_file(splits_file, path).get("splits")
        if not isinstance(splits, list) or not all(isinstance(s, str) for s in splits):
            raise InputError(path, None, f"dataset_dict.json has no list of splits: {show(splits)}")
        parts = [(os.path.join(path, s), {"split": s}) for s in splits]
    else:
        parts = [(path, {})]
    yield from _rows(_dataset_batches(pa, path, parts), path, mapping, Origin.HF_DATASET)


def _dataset_batches(pa: Any, path: str, parts: list[tuple[str, dict[str, Any]]]
                     ) -> Iterator[tuple[Any, Mapping[str, Any]]]:
    """The record batches of each part (a split's folder) with the part's extra fields, in order."""
    for folder, extra in parts:
        for arrow in _arrow_files(folder, path):
            try:
                with pa.memory_map(arrow) as source:
                    try:
                        reader = pa.ipc.open_stream(source)
                    except pa.ArrowInvalid:  # an Arrow file, not a stream
                        source.seek(0)
                        file_reader = pa.ipc.open_file(source)
                        batches: Any = (file_reader.get_batch(i) for i in range(file_reader.num_record_batches))
                    else:
                        batches = iter(reader)
                    for batch in batches:
                        yield batch, extra
            except (OSError, pa.ArrowException) as e:
                raise InputError(path, None, f"cannot read {os.path.relpath(arrow, path)}: {e}") from e


def _arrow_files(folder: str, name: str) -> list[str]:
    """The Arrow files of one saved dataset folder, in the order its ``state.json`` lists them."""
    state_file = os.path.join(folder, "state.json")
    if os.path.isfile(state_file):
        files = _json_file(state_file, name).get("_data_files")
        if isinstance(files, list) and all(isinstance(f, Mapping) and isinstance(f.get("filename"), str)
                                           for f in files):
            return [os.path.join(folder, f["filename"]) for f in files]
        raise InputError(name, None, f"state.json lists no _data_files: {show(files)}")
    found = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".arrow"))
    if not found:
        raise InputError(name, None, "a folder without state.json, dataset_dict.json or .arrow files: not a dataset "
                                     "saved by datasets (save_to_disk)")
    return found


__all__ = ["BATCH_ROWS", "DATASET_FILES", "PARQUET_MAGIC", "is_dataset_folder", "plain", "read_dataset",
           "read_parquet"]
