r"""Named field mappings for the dumps of known tools, their detection, and hints for records of unknown shape.

A preset is a field mapping (:func:`prontocheck.io.native.check_fields`) for the records one tool writes:

- ``lm-eval``: lm-evaluation-harness ``--log_samples`` files (``samples_<task>_<date>.jsonl``): the output is the
  raw response ``resps[0][0]``, the question is read from the prompt ``arguments.gen_args_0.arg_0`` (its last
  question: few-shot examples before it are skipped), the gold label is ``target``, the id ``doc_id``.
- ``inspect``: inspect_ai samples (one ``EvalSample`` object per line, e.g. ``samples/*.json`` of an ``.eval``
  log): ``output.completion``, the prompt ``input``, the label ``target``, the id ``id``.
- ``verl``: verl's rollout and validation dumps (``<dir>/<global_step>.jsonl``): ``output``, the prompt
  ``input``, the problem spec (or the bare label) ``gts``.

With ``--input-format auto`` and no field mapping, JSON Lines whose first record has a preset's keys are read
with that preset (:func:`detect_preset`). A record without a field the mapping needs gets a :func:`hint`: the
keys it has and the ``--field`` or ``--preset`` that would read it.

>>> PRESETS["lm-eval"]["output"]
'resps.0.0'
>>> detect_preset({"doc_id": 0, "doc": {}, "arguments": {}, "resps": [["x"]], "filtered_resps": ["x"]})
'lm-eval'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from prontocheck.errors import UsageError

PRESETS: dict[str, dict[str, str]] = {
    "lm-eval": {"output": "resps.0.0", "prompt": "arguments.gen_args_0.arg_0", "gold_label": "target",
                "id": "doc_id"},
    "inspect": {"output": "output.completion", "prompt": "input", "gold_label": "target", "id": "id"},
    "verl": {"output": "output", "prompt": "input", "problem": "gts"},
}
"""The presets: name → field mapping (our field name → the tool's key or dotted path)."""

_SIGNATURES: dict[str, frozenset[str]] = {
    "lm-eval": frozenset({"doc_id", "doc", "arguments", "resps"}),
    "inspect": frozenset({"id", "epoch", "input", "target", "output"}),
    "verl": frozenset({"input", "output", "gts"}),
}
"""The keys a record of each preset has (all of them)."""

_NATIVE_QUESTION = ("context", "query", "problem", "prompt")

OUTPUT_KEYS = ("response", "completion", "generated_text", "model_output", "prediction", "predicted_reasoning",
               "answer", "text", "generation", "model_answer", "full_model_response", "cot", "reasoning")
"""Keys that often hold the model's text, in the order a hint suggests them."""
PROMPT_KEYS = ("input", "question", "instruction", "prompt_text", "problem_text", "messages")
"""Keys that often hold the prompt (the question is read from its last ``Q:``)."""


def preset_fields(name: str | None, fields: Mapping[str, str] | None = None) -> dict[str, str] | None:
    """A preset's mapping with ``fields`` over it (``None`` and no fields: ``None``).

    >>> preset_fields("verl", {"id": "uid"})["id"], preset_fields(None, None)
    ('uid', None)

    Raises:
        UsageError: an unknown preset name.

    """
    if name is None:
        return dict(fields) if fields else None
    if name not in PRESETS:
        raise UsageError(f"unknown preset {name!r}; valid presets: {', '.join(PRESETS)}")
    return {**PRESETS[name], **(fields or {})}


def detect_preset(obj: Any) -> str | None:
    """The preset whose keys a decoded record has, if it has no native question fields; else ``None``.

    >>> detect_preset({"input": "Q: ...", "output": "...", "gts": "True", "score": 1.0, "step": 3})
    'verl'
    >>> detect_preset({"context": "...", "query": "...", "output": "..."}) is None
    True
    """
    if not isinstance(obj, Mapping) or any(k in obj for k in _NATIVE_QUESTION):
        return None
    keys = set(obj)
    for name, signature in _SIGNATURES.items():
        if signature <= keys and (name != "inspect" or isinstance(obj.get("output"), Mapping)):
            return name
    return None


def hint(obj: Mapping[str, Any], mapping: Mapping[str, str]) -> str:
    """What to pass to read a record the mapping misses: the keys it has, and a ``--preset`` or ``--field``.

    >>> hint({"prompt": "Q: ...", "response": "..."}, {"output": "output", "context": "context"})
    'keys seen: prompt, response; try --field output=response'
    >>> hint({"doc_id": 1, "doc": {}, "arguments": {}, "resps": []}, {"output": "output"})
    'keys seen: arguments, doc, doc_id, resps; try --preset lm-eval'
    """
    seen = sorted(str(k) for k in obj)
    shown = ", ".join(seen[:20]) + (f", … ({len(seen)} keys)" if len(seen) > 20 else "")
    preset = detect_preset(obj)
    if preset is not None:
        return f"keys seen: {shown}; try --preset {preset}"
    tries = []
    if mapping.get("output", "output") not in obj and (key := next((k for k in OUTPUT_KEYS if k in obj), None)):
        tries.append(f"--field output={key}")
    has_question = any(mapping.get(k, k) in obj for k in _NATIVE_QUESTION)
    if not has_question and (key := next((k for k in PROMPT_KEYS if k in obj and k != "messages"), None)):
        tries.append(f"--field prompt={key}")
    advice = f"try {' '.join(tries)}" if tries else "map them with --field NAME=KEY (dotted for nested keys)"
    return f"keys seen: {shown}; {advice}"


__all__ = ["OUTPUT_KEYS", "PRESETS", "PROMPT_KEYS", "detect_preset", "hint", "preset_fields"]
