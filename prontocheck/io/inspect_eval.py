r"""inspect_ai ``.eval`` logs: a zip archive of JSON files, read without inspect_ai.

The layout (inspect_ai's eval recorder, log schema version 2): ``header.json`` (the ``eval`` block: task, model,
run id…; ``_journal/start.json`` holds the same while a run is in progress), ``summaries.json``, and one file
per sample and epoch, ``samples/<id>_epoch_<epoch>.json`` (newer writers may store a sample as a folder,
``samples/<id>_epoch_<epoch>/sample.json``: read too). Each sample is an ``EvalSample``: ``id``, ``epoch``,
``input`` (the prompt: a string or a list of chat messages), ``target``, ``output`` (a ``ModelOutput`` whose
``completion`` is the model's text), ``messages``, ``scores``, ``metadata``.

A sample becomes a native record: the output is ``output.completion`` (else the text of the last assistant
message), the question is read from the prompt (the last user message of a chat input; few-shot questions
before it are skipped), the gold label is ``target``, the id ``<id>_epoch_<epoch>`` (the sample's file name, so
the epochs of one sample stay apart; the sample's own id is in the metadata as ``sample_id``). The sample's
``metadata``, its ``epoch``, its scores' values and the log's ``model`` and ``task`` are kept in the record's
metadata, so ``--group-by model`` compares logs. A field mapping applies to these flat keys (``id``, ``prompt``,
``output``, ``gold_label`` and the metadata), as it does to native records.

>>> import io, json, zipfile
>>> data = io.BytesIO()
>>> with zipfile.ZipFile(data, "w") as z:
...     z.writestr("header.json", json.dumps({"version": 2, "eval": {"task": "prontoqa", "model": "m"}}))
...     z.writestr("samples/1_epoch_1.json", json.dumps({"id": 1, "epoch": 1, "target": "True",
...         "input": "Fae is a cat. Every cat is a feline. True or false: Fae is a feline.",
...         "output": {"completion": "Fae is a cat. Every cat is a feline. Fae is a feline. True"}}))
>>> [record] = read_eval(data, "run.eval")
>>> record.id, record.problem.query, record.metadata["model"]
('1_epoch_1', 'True or false: Fae is a feline.', 'm')
"""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import IO, Any

from prontocheck.common.decode import json_id, loads
from prontocheck.errors import InputError
from prontocheck.io.native import check_fields, decode_reason, record_from_object, show
from prontocheck.io.records import Origin, Record, RecordError

ZIP_MAGIC = b"PK\x03\x04"
"""The first bytes of a zip archive (an ``.eval`` log)."""
MAX_SAMPLE_BYTES = 256 << 20
"""The largest sample file read (uncompressed); a larger one is that sample's error."""
SAMPLE_MEMBER = re.compile(r"samples/(?P<name>[^/]+_epoch_\d+)(?:\.json|/sample\.json)")
"""The name of a sample's file in the archive (its ``name`` group: ``<id>_epoch_<epoch>``)."""
_HEADERS = ("header.json", "_journal/start.json")


def message_text(content: Any) -> str | None:
    """The text of a chat message's content: a string, or the ``text`` parts of a list of content parts.

    >>> message_text("Hi."), message_text([{"type": "reasoning", "reasoning": "hmm"}, {"type": "text", "text": "Hi."}])
    ('Hi.', 'Hi.')
    """
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [p.get("text") for p in content if isinstance(p, Mapping) and p.get("type", "text") == "text"]
        texts = [p for p in parts if isinstance(p, str)]
        return "\n".join(texts) if texts else None
    return None


def last_message(messages: Any, role: str) -> str | None:
    """The text of the last message of ``role`` in a list of chat messages (``None``: there is none).

    >>> last_message([{"role": "user", "content": "Q1"}, {"role": "assistant", "content": "A"},
    ...               {"role": "user", "content": "Q2"}], "user")
    'Q2'
    """
    if not isinstance(messages, list):
        return None
    for message in reversed(messages):
        if isinstance(message, Mapping) and message.get("role") == role:
            text = message_text(message.get("content"))
            if text is not None:
                return text
    return None


def sample_fields(sample: Mapping[str, Any], name: str, log: Mapping[str, Any]) -> dict[str, Any]:
    """One ``EvalSample`` as a flat native object (see the module docstring); ``name`` is its file's stem.

    >>> sample_fields({"id": "a", "epoch": 2, "input": [{"role": "user", "content": "Q"}], "target": "False",
    ...                "output": {"completion": ""}, "messages": [{"role": "assistant", "content": "A"}],
    ...                "scores": {"match": {"value": "C"}}}, "a_epoch_2", {"model": "m"})
    {'id': 'a_epoch_2', 'prompt': 'Q', 'output': 'A', 'gold_label': 'False', 'sample_id': 'a', 'epoch': 2, \
'score_match': 'C', 'model': 'm'}
    """
    source = sample.get("input")
    prompt = source if isinstance(source, str) else last_message(source, "user")
    output = sample.get("output")
    text = output.get("completion") if isinstance(output, Mapping) else None
    if not text:
        text = last_message(sample.get("messages"), "assistant")
    flat: dict[str, Any] = {"id": name, "prompt": prompt, "output": text, "gold_label": sample.get("target")}
    if "id" in sample:
        flat["sample_id"] = json_id(sample["id"])
    if "epoch" in sample:
        flat["epoch"] = sample["epoch"]
    scores = sample.get("scores")
    if isinstance(scores, Mapping):
        for scorer, score in scores.items():
            if isinstance(score, Mapping) and "value" in score:
                flat[f"score_{scorer}"] = score["value"]
    metadata = sample.get("metadata")
    if isinstance(metadata, Mapping):
        flat.update((k, v) for k, v in metadata.items() if k not in flat)
    flat.update((k, log[k]) for k in ("model", "task") if k in log and k not in flat)
    return flat


def is_eval_log(names: list[str]) -> bool:
    """Whether a zip archive's member names are those of an inspect ``.eval`` log.

    >>> is_eval_log(["header.json", "samples/1_epoch_1.json"]), is_eval_log(["data.csv"])
    (True, False)
    """
    return any(n in _HEADERS for n in names) or any(SAMPLE_MEMBER.fullmatch(n) for n in names)


def read_eval(source: str | IO[bytes], name: str, fields: Mapping[str, str] | None = None
              ) -> Iterator[Record | RecordError]:
    """Read an inspect ``.eval`` log: one record (or record error) per sample file, in the archive's order.

    A record's ``line`` is the sample's position in the log (1-based); an error names the sample's file.

    Args:
        source: the log's path, or a binary file object.
        name: the input's name (ids of errors, ``metadata["file"]``).
        fields: a field mapping over the flat sample (see the module docstring).

    Raises:
        InputError: not a zip archive, or a zip that is not an inspect log.

    """
    mapping = check_fields(fields)
    try:
        archive = zipfile.ZipFile(source)
    except (OSError, zipfile.BadZipFile) as e:
        raise InputError(name, None, f"cannot read the zip archive of an inspect .eval log: {e}") from e
    with archive:
        names = archive.namelist()
        if not is_eval_log(names):
            raise InputError(name, None, "a zip archive that is not an inspect .eval log (no header.json, "
                                         "_journal/start.json or samples/<id>_epoch_<n>.json); extract the file")
        log = _eval_block(archive, names)
        position = 0
        for member in names:
            match = SAMPLE_MEMBER.fullmatch(member)
            if match is None:
                continue
            position += 1
            sample = _member(archive, member)
            if isinstance(sample, str):
                yield RecordError(name, position, f"{member}: {sample}", f"{name}:{match['name']}")
                continue
            record = record_from_object(sample_fields(sample, match["name"], log), name, position, mapping)
            yield record if isinstance(record, RecordError) else replace(record, origin=Origin.INSPECT_EVAL)


def read_json_log(text: str, name: str, fields: Mapping[str, str] | None = None) -> Iterator[Record | RecordError]:
    """Read an inspect log written as JSON (``--log-format json``: one ``EvalLog`` object whose ``samples`` are
    the same ``EvalSample`` objects as an ``.eval`` log's files), one record per sample; a record's ``line`` is
    the sample's position in ``samples``.

    >>> import json
    >>> log = {"version": 2, "eval": {"model": "m"}, "samples": [{"id": 1, "epoch": 1, "target": "True",
    ...        "input": "Fae is a cat. True or false: Fae is a cat.", "output": {"completion": "True"}}, 5]}
    >>> [str(r) if isinstance(r, RecordError) else r.id for r in read_json_log(json.dumps(log), "log.json")]
    ['1_epoch_1', 'log.json:2: sample 2 is not a JSON object: 5']

    Raises:
        InputError: the text is not a JSON object with a list of ``samples``.

    """
    mapping = check_fields(fields)
    try:
        log = loads(text, max_chars=None)
    except json.JSONDecodeError as e:
        raise InputError(name, None, f"an inspect JSON log that is not JSON: {decode_reason(e)}") from e
    samples = log.get("samples") if isinstance(log, Mapping) else None
    if samples is None:
        samples = []
    if not isinstance(samples, list):
        raise InputError(name, None, f"an inspect JSON log whose samples are not a list: {show(samples)}")
    block = log.get("eval") if isinstance(log.get("eval"), Mapping) else {}
    for position, sample in enumerate(samples, start=1):
        if not isinstance(sample, Mapping):
            yield RecordError(name, position, f"sample {position} is not a JSON object: {show(sample)}")
            continue
        stem = f"{json_id(sample.get('id', position))}_epoch_{json_id(sample.get('epoch', 1))}"
        record = record_from_object(sample_fields(sample, stem, block), name, position, mapping)
        yield record if isinstance(record, RecordError) else replace(record, origin=Origin.INSPECT_JSON)


def _member(archive: zipfile.ZipFile, member: str) -> Mapping[str, Any] | str:
    """A member's JSON object, or why it cannot be read."""
    info = archive.getinfo(member)
    if info.file_size > MAX_SAMPLE_BYTES:
        return f"a sample of {info.file_size} bytes, over {MAX_SAMPLE_BYTES}"
    try:
        value = loads(archive.read(member).decode("utf-8", errors="replace"), max_chars=None)
    except json.JSONDecodeError as e:
        return decode_reason(e)
    except (OSError, zipfile.BadZipFile, EOFError) as e:  # a damaged member: the other samples are still read
        return f"cannot read: {e}"
    return value if isinstance(value, Mapping) else f"not a JSON object: {show(value)}"


def _eval_block(archive: zipfile.ZipFile, names: list[str]) -> Mapping[str, Any]:
    """The log's ``eval`` block (task, model, …) from its header, else from the journal's start; ``{}``."""
    for header in _HEADERS:
        if header in names:
            value = _member(archive, header)
            if isinstance(value, Mapping) and isinstance(value.get("eval"), Mapping):
                return value["eval"]  # type: ignore[no-any-return]
    return {}


__all__ = ["MAX_SAMPLE_BYTES", "SAMPLE_MEMBER", "ZIP_MAGIC", "is_eval_log", "last_message", "message_text", "read_eval",
           "read_json_log", "sample_fields"]
