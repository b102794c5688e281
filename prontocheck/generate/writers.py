"""Writing generated examples: native JSON Lines (what ``analyze`` and ``lint-dataset`` read) and the
original PrOntoQA JSON (``{"example1": {"in_context_example0": …, "test_example": …}}``).

>>> from prontocheck.generate.example import GeneratorConfig, generate
>>> [ex] = generate(GeneratorConfig(hops=1, distractors="none", query="prove"), 1, seed=3)
>>> rec = native_record(ex)
>>> sorted(k for k in rec if k in ("context", "query", "gold_cot", "gold_label", "output", "hops"))
['context', 'gold_cot', 'gold_label', 'hops', 'output', 'query']
>>> rec["gold_label"] is None, rec["output"]
(True, '')
>>> "answer" in original_example(ex)  # Prove: queries have no label
False
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from prontocheck.errors import UsageError
from prontocheck.generate.example import Example
from prontocheck.io.writing import TextSink, dumps

OUTPUT_TEXTS = ("empty", "gold")
"""What a native record's ``output`` holds: empty (fill in the model's text) or the gold answer."""

FORMATS = ("jsonl", "prontoqa-json")
"""Output formats: native JSON Lines, or the original PrOntoQA JSON file."""


def native_record(example: Example, *, output: str = "empty") -> dict[str, Any]:
    """One native JSONL record: the fields ``analyze`` reads, then the metadata (and ``prompt``).

    Args:
        example: the generated example.
        output: ``"empty"`` (the model's text goes there) or ``"gold"`` (the gold answer, so that
            ``prontocheck analyze`` on the file itself scores every figure 1).
    """
    if output not in OUTPUT_TEXTS:
        raise UsageError(f"output must be one of {', '.join(OUTPUT_TEXTS)}; got {output!r}")
    record: dict[str, Any] = {
        "id": example.id,
        "context": example.context_text,
        "query": example.query,
        "gold_cot": list(example.gold_cot),
        "gold_label": example.gold_label,
        "output": example.answer_text if output == "gold" else "",
    }
    record.update(example.metadata)
    if example.prompt is not None:
        record["prompt"] = example.prompt
    return record


def original_example(example: Example) -> dict[str, Any]:
    """One question in the original's shape: ``question``, ``query``, ``chain_of_thought``, ``answer``."""
    out: dict[str, Any] = {"question": example.context_text, "query": example.query,
                           "chain_of_thought": list(example.gold_cot)}
    if example.gold_label is not None:
        out["answer"] = str(example.gold_label)
    return out


def original_record(example: Example) -> dict[str, Any]:
    """One ``exampleN`` value: the in-context examples, the test example, then our metadata."""
    record = {f"in_context_example{j}": original_example(s) for j, s in enumerate(example.in_context)}
    record["test_example"] = original_example(example)
    record.update((k, v) for k, v in example.metadata.items() if k not in record)
    return record


def write_jsonl(examples: Iterable[Example], stream: TextSink, *, output: str = "empty") -> int:
    """Write native JSON Lines, one example per line; return how many were written."""
    count = 0
    for example in examples:
        stream.write(dumps(native_record(example, output=output)) + "\n")
        count += 1
    return count


def write_original_json(examples: Iterable[Example], stream: TextSink) -> int:
    """Write one original-format JSON object ``{"example1": …, "example2": …}``, streamed; return the count."""
    count = 0
    stream.write("{")
    for count, example in enumerate(examples, start=1):
        body = dumps(original_record(example), indent=1).replace("\n", "\n ")
        stream.write(f'{"," if count > 1 else ""}\n "example{count}": {body}')
    stream.write("\n}\n")
    return count
