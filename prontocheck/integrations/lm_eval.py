"""prontocheck inside lm-evaluation-harness (the optional extra: ``pip install 'prontocheck[lm-eval]'``): a PrOntoQA
task whose metric is prontocheck's check, and that metric for tasks of one's own.

* The task ``prontocheck_prontoqa`` is the YAML in :data:`TASKS_DIR` (package data; give the folder to lm-eval's
  ``--include_path``, or use :func:`task_manager`). Its problems are a JSON Lines file of problem records
  (``prontocheck generate -o FILE`` writes one) named by ``--metadata '{"problems": "FILE"}'``
  (:func:`load_problems`); each is asked with its ``prompt`` (``generate --few-shot K`` writes few-shot prompts),
  else as ``Q: CONTEXT QUERY`` then ``A:``, and generated greedily until the next ``Q:``.
* :func:`process_results` is the metric (lm-eval's ``process_results: !function
  prontocheck.integrations.lm_eval.process_results``): the output is checked (:func:`prontocheck.check`) and
  scored 1.0 or 0.0 on the four proof accuracies and the label accuracy (:data:`.verdicts.METRIC_NAMES`), each
  aggregated by ``mean``; ``label_accuracy`` only for problems with a gold label. ``unchecked`` is 1.0 for an
  output over prontocheck's limits (:mod:`prontocheck.limits`), which has no other value (``prontocheck analyze``
  counts it among its errors, not in its accuracies), else 0.0. A task of one's own uses it with documents that
  hold a problem spec: ``context`` and ``query`` fields (``gold_cot``, ``gold_label``, ``options``), or a
  ``problem`` field (:func:`.verdicts.problem_of`).

The step verdicts are not lm-eval metrics (its metrics are numbers, aggregated): the samples ``--log_samples``
writes keep each document and output, which ``prontocheck analyze`` reads.

lm-eval is imported only where it is needed (:func:`load_problems` uses its ``datasets``, :func:`task_manager` its
``TaskManager``): without it, they raise a :class:`~prontocheck.errors.UsageError` saying how to install it;
:func:`process_results` needs nothing but prontocheck.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from prontocheck.common.streams import iter_lines, json_lines, open_text
from prontocheck.errors import BudgetExceeded, InputError, SpecError, UsageError
from prontocheck.integrations.verdicts import answer_text, problem_of, prompt_of, values
from prontocheck.prontoqa import check

if TYPE_CHECKING:
    from datasets import Dataset
    from lm_eval.tasks import TaskManager

__all__ = ["INSTALL", "TASK", "TASKS_DIR", "UNCHECKED", "doc_of", "load_problems", "process_results", "require",
           "task_manager"]

INSTALL = "pip install 'prontocheck[lm-eval]'"
"""How to install what this module needs."""
TASKS_DIR = Path(__file__).resolve().parent / "lm_eval_tasks"
"""The folder of prontocheck's lm-eval task YAML (for ``--include_path``)."""
TASK = "prontocheck_prontoqa"
"""The task's name."""
UNCHECKED = "unchecked"
"""The metric of outputs over prontocheck's limits (1.0 each; they have no other value)."""

_SPEC_KEYS = ("context", "query", "gold_cot", "gold_label", "options")


def require() -> ModuleType:
    """The ``lm_eval`` module, imported now.

    Raises:
        UsageError: lm-eval is not installed; the message says how to install it.
    """
    try:
        import lm_eval
    except ImportError as e:
        raise UsageError(f"the lm-eval task needs lm-eval, which cannot be imported ({e}): {INSTALL}") from None
    return lm_eval


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, float]:
    """The metric values of one document's output (lm-eval's ``process_results``; see the module doc).

    >>> doc = {"context": "Every cat is a feline. Fae is a cat.", "query": "True or false: Fae is a feline.",
    ...        "gold_label": True}
    >>> process_results(doc, [" Fae is a cat. Every cat is a feline. Fae is a feline. True"])
    {'proof_strict': 1.0, 'proof_non_atomic': 1.0, 'proof_broad': 1.0, 'proof_valid': 1.0, 'label_accuracy': 1.0, \
'unchecked': 0.0}

    Raises:
        SpecError: the document holds no readable problem spec.
        UnreadableQuery: its query cannot be read.
    """
    problem = problem_of(doc)
    try:
        result = check(problem, results[0] if results else "")
    except BudgetExceeded:
        return {UNCHECKED: 1.0}
    return {**values(result), UNCHECKED: 0.0}


def doc_of(record: Any, name: str = "problems", line: int | None = None) -> dict[str, str]:
    """A problem record as a document of the task: ``id``, ``prompt`` (:func:`.verdicts.prompt_of`), ``target``
    (the gold chain of thought and label, for few-shot examples) and ``problem`` (its spec as JSON text), all
    strings, so that any records make one table.

    >>> doc = doc_of({"id": "ex-0", "context": "Fae is a cat.", "query": "True or false: Fae is a cat.",
    ...               "gold_label": True, "hops": 1})
    >>> doc["prompt"], doc["target"], json.loads(doc["problem"])["gold_label"]
    ('Q: Fae is a cat. True or false: Fae is a cat.\\nA:', 'True', True)

    Raises:
        InputError: the record is not an object holding a readable problem (``name:line``: where it is).
    """
    if not isinstance(record, dict):
        raise InputError(name, line, f"a problem record is a JSON object, got {type(record).__name__}")
    try:
        problem_of(record)
        doc = {"prompt": prompt_of(record), "target": answer_text(record)}
    except SpecError as e:
        raise InputError(name, line, str(e)) from None
    spec = record["problem"] if "problem" in record else {k: record[k] for k in _SPEC_KEYS if k in record}
    rid = record.get("id")
    return {"id": str(rid) if rid is not None else str(line or ""), **doc,
            "problem": spec if isinstance(spec, str) else json.dumps(spec, ensure_ascii=False)}


def load_problems(problems: str | None = None, **_: Any) -> dict[str, Dataset]:
    """The task's documents (its ``custom_dataset``): the problem records of the JSON Lines file ``problems`` (plain
    or compressed), as the ``test`` split of a ``datasets.Dataset`` (:func:`doc_of`). lm-eval passes the task's
    metadata (``--metadata``) and ``dataset_kwargs`` as keyword arguments; the others are ignored.

    Raises:
        UsageError: no ``problems`` given, or lm-eval (and so ``datasets``) is not installed.
        InputError: the file cannot be read, or a line is not a problem record (with its line number).
    """
    if not problems:
        raise UsageError(f"the {TASK} task needs a file of problems: --metadata '{{\"problems\": \"FILE.jsonl\"}}' "
                         "(prontocheck generate -o FILE.jsonl writes one)")
    require()
    import datasets

    docs = []
    with open_text(problems) as stream:
        for line, _text, value, error in json_lines(enumerate(iter_lines(stream, problems), start=1)):
            if error is not None:
                raise InputError(problems, line, f"not JSON: {error.msg}")
            docs.append(doc_of(value, problems, line))
    if not docs:
        raise InputError(problems, None, "no problem records")
    return {"test": datasets.Dataset.from_list(docs)}


def task_manager(**kwargs: Any) -> TaskManager:
    """An lm-eval ``TaskManager`` that knows the ``prontocheck_prontoqa`` task (``include_path`` is
    :data:`TASKS_DIR`; ``kwargs`` are ``TaskManager``'s, e.g. ``metadata={"problems": "FILE.jsonl"}``).

    Raises:
        UsageError: lm-eval is not installed.
    """
    require()
    from lm_eval.tasks import TaskManager

    return TaskManager(include_path=str(TASKS_DIR), **kwargs)
