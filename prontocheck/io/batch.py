r"""OpenAI Batch API output (and vLLM ``run-batch`` output, the same schema), joined to its input on ``custom_id``.

An output line is ``{"id", "custom_id", "response": {"status_code", "request_id", "body"}, "error"}``; the body
is a chat completion (``choices[0].message.content``; a reasoning model's ``reasoning_content`` or ``reasoning``
when the content is empty), a text completion (``choices[0].text``) or a Responses API object
(``output[].content[]`` parts of type ``output_text``). The output holds no prompt: it is read from the batch
*input* file (``--batch-input``), whose lines are ``{"custom_id", "method", "url", "body"}`` with the prompt in
``body.messages`` (its last user message), ``body.input`` or ``body.prompt``; the question is the prompt's last
one (few-shot questions before it are skipped). Keys of the request's ``body.metadata`` are kept as the record's
fields (a ``problem`` key there is read as a problem spec, so a gold label can travel with the request).

A line whose request failed (``error`` set, or a status other than 200) is that line's error ("generation
error"), as is an output whose ``custom_id`` the input file lacks. The input file's prompts are held in memory
(its outputs are not).

>>> import json
>>> inputs = {"r1": {"prompt": "Fae is a cat. Every cat is a feline. True or false: Fae is a feline."}}
>>> line = json.dumps({"custom_id": "r1", "error": None, "response": {"status_code": 200, "body": {
...     "model": "gpt-x", "choices": [{"message": {"role": "assistant",
...     "content": "Fae is a cat. Every cat is a feline. Fae is a feline. True"}}]}}})
>>> [record] = parse_batch_output([line], "out.jsonl", inputs)
>>> record.id, record.problem.query, record.metadata["model"]
('r1', 'True or false: Fae is a feline.', 'gpt-x')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from typing import Any

from prontocheck.common.decode import json_id
from prontocheck.common.streams import iter_lines, json_lines, open_text
from prontocheck.errors import InputError
from prontocheck.io.inspect_eval import last_message, message_text
from prontocheck.io.native import check_fields, decode_reason, record_from_object, show
from prontocheck.io.records import Origin, Record, RecordError


def is_batch_output(obj: Any) -> bool:
    """Whether a decoded line is a batch *output* line (``custom_id`` and a ``response`` or ``error``).

    >>> is_batch_output({"custom_id": "r1", "response": {"body": {}}, "error": None})
    True
    >>> is_batch_output({"custom_id": "r1", "method": "POST", "url": "/v1/chat/completions", "body": {}})
    False
    """
    return isinstance(obj, Mapping) and "custom_id" in obj and ("response" in obj or "error" in obj) \
        and "method" not in obj


def request_prompt(body: Any) -> str | None:
    """The prompt of a batch request's body: its last user message, its ``input`` or its ``prompt``.

    >>> request_prompt({"messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Q"}]})
    'Q'
    >>> request_prompt({"input": [{"role": "user", "content": [{"type": "input_text", "text": "Q"}]}]})
    'Q'
    """
    if not isinstance(body, Mapping):
        return None
    for key in ("messages", "input", "prompt"):
        value = body.get(key)
        if isinstance(value, str):
            return value
        if isinstance(value, list):
            if all(isinstance(v, str) for v in value) and value:
                return value[-1]
            text = last_message([_as_text_message(m) for m in value], "user")
            if text is not None:
                return text
    return None


def _as_text_message(message: Any) -> Any:
    """A Responses API message (``input_text`` parts) as a chat message (``text`` parts)."""
    if isinstance(message, Mapping) and isinstance(message.get("content"), list):
        parts = [{"type": "text", "text": p.get("text")} if isinstance(p, Mapping) and p.get("type") == "input_text"
                 else p for p in message["content"]]
        return {**message, "content": parts}
    return message


def response_text(body: Any) -> str | None:
    """The model's text in a response body (chat completion, text completion or Responses API object).

    >>> response_text({"choices": [{"message": {"content": None, "reasoning_content": "R"}}]})
    'R'
    >>> response_text({"output": [{"type": "message", "content": [{"type": "output_text", "text": "T"}]}]})
    'T'
    """
    if not isinstance(body, Mapping):
        return None
    choices = body.get("choices")
    if isinstance(choices, list) and choices and isinstance(choices[0], Mapping):
        choice = choices[0]
        message = choice.get("message")
        if isinstance(message, Mapping):
            text = message_text(message.get("content"))
            if not text:
                text = next((message[k] for k in ("reasoning_content", "reasoning")
                             if isinstance(message.get(k), str) and message[k]), text)
            return text
        return choice.get("text") if isinstance(choice.get("text"), str) else None
    output = body.get("output")
    if isinstance(output, list):
        texts = [p["text"] for item in output if isinstance(item, Mapping) and isinstance(item.get("content"), list)
                 for p in item["content"] if isinstance(p, Mapping) and p.get("type") == "output_text"
                 and isinstance(p.get("text"), str)]
        return "\n".join(texts) if texts else None
    return None


def read_batch_input(path: str) -> dict[str, dict[str, Any]]:
    """The requests of a batch input file: ``custom_id`` → ``{"prompt": …, **body.metadata}`` (first wins).

    Raises:
        InputError: the file cannot be read, or holds no request with a ``custom_id``.

    """
    requests: dict[str, dict[str, Any]] = {}
    with open_text(path) as stream:
        for _, _, obj, error in json_lines(enumerate(iter_lines(stream, path), start=1)):
            if error is not None or not isinstance(obj, Mapping) or "custom_id" not in obj:
                continue
            body = obj.get("body")
            fields: dict[str, Any] = {"prompt": request_prompt(body)}
            metadata = body.get("metadata") if isinstance(body, Mapping) else None
            if isinstance(metadata, Mapping):
                fields.update((k, v) for k, v in metadata.items() if k not in fields)
            requests.setdefault(json_id(obj["custom_id"]), fields)
    if not requests:
        raise InputError(path, None, "no batch request (a JSON line with custom_id) in the batch input file")
    return requests


def _failure(obj: Mapping[str, Any]) -> str | None:
    """Why a batch line has no output, or ``None``."""
    error = obj.get("error")
    if error:
        if isinstance(error, Mapping):
            return f"generation error: {error.get('code') or 'error'}: {error.get('message') or show(error)}"
        return f"generation error: {show(error)}"
    response = obj.get("response")
    if not isinstance(response, Mapping):
        return f"generation error: no response: {show(response)}"
    status = response.get("status_code", 200)
    if status != 200:
        return f"generation error: the request failed with status {status}: {show(response.get('body'))}"
    return None


def parse_batch_output(lines: Iterable[str], name: str, requests: Mapping[str, Mapping[str, Any]],
                       fields: Mapping[str, str] | None = None, *, input_name: str = "the batch input"
                       ) -> Iterator[Record | RecordError]:
    """Read batch output lines, each joined to its request in ``requests`` (from :func:`read_batch_input`).

    Args:
        lines: the output file's lines.
        name: the output file's name.
        requests: ``custom_id`` → the request's fields.
        fields: a field mapping over the flat record (``id``, ``prompt``, ``output``, ``model`` and the
            request's metadata keys).
        input_name: the input file's name, for errors.

    """
    mapping = check_fields(fields)
    for number, _, obj, error in json_lines(enumerate(lines, start=1)):
        if error is not None:
            yield RecordError(name, number, decode_reason(error))
            continue
        if not isinstance(obj, Mapping) or "custom_id" not in obj:
            yield RecordError(name, number, f"not a batch output line (no custom_id): {show(obj)}")
            continue
        rid = json_id(obj["custom_id"])
        failure = _failure(obj)
        if failure is not None:
            yield RecordError(name, number, failure, rid)
            continue
        request = requests.get(rid)
        if request is None:
            yield RecordError(name, number, f"custom_id {rid!r} is not in {input_name}", rid)
            continue
        body = obj["response"].get("body")
        flat = {"id": rid, **request, "output": response_text(body)}
        if isinstance(body, Mapping) and isinstance(body.get("model"), str):
            flat.setdefault("model", body["model"])
        record = record_from_object(flat, name, number, mapping)
        yield record if isinstance(record, RecordError) else replace(record, origin=Origin.OPENAI_BATCH)


__all__ = ["is_batch_output", "parse_batch_output", "read_batch_input", "request_prompt", "response_text"]
