"""What the evaluator integrations (:mod:`.inspect_scorer`, :mod:`.lm_eval`) share: the problem of a sample, the
prompt a problem is asked with, and a checked output as metric values and step verdicts.

A sample carries its problem as a spec (:mod:`prontocheck.prontoqa.spec`): its fields ``context`` and ``query``
(and ``gold_cot``, ``gold_label``, ``options``), as ``prontocheck generate`` writes them, or one field ``problem``
holding a spec; else the problem is the prompt's last question. The gold label is the spec's, else the sample's
target read as an answer (``"True"``, ``"false"``).

>>> fields = {"context": "Every cat is a feline. Fae is a cat.", "query": "True or false: Fae is a feline."}
>>> prompt_of(fields)
'Q: Every cat is a feline. Fae is a cat. True or false: Fae is a feline.\\nA:'
>>> from prontocheck import check
>>> problem = problem_of(fields, target="True")
>>> values(check(problem, "Fae is a cat. Fae is a feline. True"))
{'proof_strict': 0.0, 'proof_non_atomic': 1.0, 'proof_broad': 0.0, 'proof_valid': 1.0, 'label_accuracy': 1.0}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from prontocheck.errors import SpecError
from prontocheck.prontoqa import ExampleResult, Problem
from prontocheck.prontoqa.results import METRICS
from prontocheck.prontoqa.spec import problem_from_prompt, problem_from_spec
from prontocheck.syntax.text import answer_of

__all__ = ["LABEL_METRIC", "METRIC_NAMES", "PROOF_METRICS", "answer_text", "problem_of", "prompt_of", "values",
           "verdicts"]

PROOF_METRICS = tuple(f"proof_{m}" for m in METRICS)
"""The four proof accuracies as metric names: ``proof_strict``, ``proof_non_atomic``, ``proof_broad``,
``proof_valid`` (the paper's "skip" accuracy is ``proof_non_atomic``)."""
LABEL_METRIC = "label_accuracy"
"""The label accuracy's metric name: the answer is the gold label (problems with one only)."""
METRIC_NAMES = (*PROOF_METRICS, LABEL_METRIC)
"""Every metric an evaluator integration reports, in this order."""

_SPEC_FIELDS = ("context", "query", "gold_cot", "gold_label", "answer", "options")


def problem_of(fields: Mapping[str, Any] | None, prompt: str | None = None, target: str | None = None) -> Problem:
    """The problem of a sample: the spec in its fields (``context`` and ``query``, or ``problem``), else the
    prompt's last question; the gold label is the spec's, else ``target`` read as an answer (else none).

    >>> problem_of({"problem": '{"context": "Fae is a cat.", "query": "Prove: Fae is a cat."}'}).query
    'Prove: Fae is a cat.'
    >>> p = problem_of({}, "Q: Every cat is a feline. Fae is a cat. True or false: Fae is a feline.\\nA:", "True")
    >>> p.context, p.gold_label
    ('Every cat is a feline. Fae is a cat.', True)

    Raises:
        SpecError: the fields hold no readable spec and the prompt asks no question.
    """
    fields = fields or {}
    if "problem" in fields and fields["problem"] is not None:
        spec = problem_from_spec(fields["problem"])
    elif fields.get("context") is not None and fields.get("query") is not None:
        spec = problem_from_spec({k: fields[k] for k in _SPEC_FIELDS if fields.get(k) is not None})
    elif prompt is not None:
        spec = problem_from_prompt(prompt)
    else:
        raise SpecError("a sample needs a problem: 'context' and 'query' fields, a 'problem' field, or a prompt")
    if isinstance(spec, bool):
        raise SpecError("a 'problem' field holding only a label: the sample needs 'context' and 'query'")
    gold = answer_of(target.strip()) if spec.gold_label is None and target else None
    return spec if gold is None else dataclasses.replace(spec, gold_label=gold)


def prompt_of(fields: Mapping[str, Any]) -> str:
    """The prompt of a problem's fields: its ``prompt`` (``prontocheck generate --few-shot`` writes one), else the
    question in PrOntoQA's format, ``Q: CONTEXT QUERY`` then ``A:``.

    Raises:
        SpecError: no prompt, and no readable ``context`` and ``query``.
    """
    prompt = fields.get("prompt")
    if isinstance(prompt, str) and prompt.strip():
        return prompt
    problem = problem_of({k: fields.get(k) for k in ("problem", *_SPEC_FIELDS)})
    return f"Q: {' '.join(problem.context.split())} {problem.query}\nA:"


def answer_text(fields: Mapping[str, Any]) -> str:
    """The gold answer as a model should write it (a few-shot example's answer): the gold chain of thought, then
    the label; ``""`` without either.

    >>> answer_text({"context": "Fae is a cat.", "query": "True or false: Fae is a cat.",
    ...              "gold_cot": ["Fae is a cat."], "gold_label": True})
    'Fae is a cat. True'
    """
    problem = problem_of({k: fields.get(k) for k in ("problem", *_SPEC_FIELDS)})
    cot = problem.gold_cot
    text = " ".join(cot) if isinstance(cot, tuple) else (cot or "")
    label = "" if problem.gold_label is None else str(problem.gold_label)
    return " ".join(part for part in (text.strip(), label) if part)


def values(result: ExampleResult) -> dict[str, float]:
    """A checked output's metric values (1.0 or 0.0): the four proof accuracies, and the label accuracy where the
    problem has a gold label (the key is absent otherwise).
    """
    out = {f"proof_{m}": float(getattr(result.proof, m)) for m in METRICS}
    if result.label.gold is not None:
        out[LABEL_METRIC] = float(bool(result.label.correct))
    return out


def verdicts(result: ExampleResult) -> dict[str, Any]:
    """A checked output's verdicts as JSON: the per-record JSON of ``prontocheck analyze --output`` (label,
    proof, steps, sentences, first error, gold proof, warnings) without its ``id`` and ``metadata``, each step
    with its ``kind`` (``strict-atomic-useful``, ``invalid``, …).

    >>> from prontocheck import Problem, check
    >>> problem = Problem("Every cat is a feline. Fae is a cat.", "True or false: Fae is a feline.")
    >>> [(s["text"], s["kind"]) for s in verdicts(check(problem, "Fae is a feline. True"))["steps"]]
    [('Fae is a feline.', 'strict-non-atomic-useful')]
    """
    out = result.to_json()
    del out["id"], out["metadata"]
    for step, json_step in zip(result.steps, out["steps"], strict=True):
        json_step["kind"] = step.kind
    return out
