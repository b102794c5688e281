"""prontocheck inside inspect_ai (the optional extra: ``pip install 'prontocheck[inspect]'``): a scorer, and the
samples of a PrOntoQA data set.

* :func:`proof_scorer` is an inspect ``@scorer``: each sample's output is checked (:func:`prontocheck.check`) and
  scored with five values, the four proof accuracies and the label accuracy (:data:`.verdicts.METRIC_NAMES`:
  ``proof_strict``, ``proof_non_atomic``, ``proof_broad``, ``proof_valid``, ``label_accuracy``), each reported with
  inspect's ``accuracy`` and ``stderr`` metrics. The score's ``answer`` is the label the output commits to, its
  ``explanation`` the steps' kinds and the first error, and its ``metadata`` the verdicts:
  :func:`.verdicts.verdicts`, the per-record JSON of ``prontocheck analyze --output`` (each step with its
  ``kind``, validity, formula, premises and reason; the label; the first error; the gold proof). A problem
  without a gold label (``Prove:``) has no label accuracy: its ``label_accuracy`` is NaN, which inspect leaves out
  of that metric only.
* :func:`record_to_sample` reads a problem record (``prontocheck generate`` writes them: ``context``, ``query``,
  ``gold_cot``, ``gold_label``, and ``prompt`` with ``--few-shot``) as a ``Sample``, for
  ``json_dataset(path, record_to_sample)``; :func:`prontoqa_task` is the task of such a file: the prompt, one
  generation, :func:`proof_scorer`.
* Installed, prontocheck is an inspect extension package (its ``inspect_ai`` entry point,
  :mod:`.inspect_registry`): ``inspect eval prontocheck/prontoqa -T problems=FILE --model …`` runs that task, and
  ``inspect score LOG --scorer prontocheck/proof_scorer`` scores a log again.

The scorer reads each sample's problem from its metadata (the spec fields, or ``problem``), else from its input
(the last question; the target read as the gold label): :func:`.verdicts.problem_of`. A sample whose problem
cannot be read raises (:class:`~prontocheck.errors.SpecError`, :class:`~prontocheck.errors.UnreadableQuery`):
inspect records it as the sample's error (the data set is wrong, not the model). An output too costly to check
(:mod:`prontocheck.limits`) is left unscored (``Score.unscored``, the limit as its reason), as ``prontocheck
analyze`` counts it among its errors and not in its accuracies.

inspect_ai is imported only when these functions run: without it, they raise a
:class:`~prontocheck.errors.UsageError` saying how to install it (:func:`require`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from prontocheck.errors import BudgetExceeded, UsageError
from prontocheck.integrations.verdicts import LABEL_METRIC, METRIC_NAMES, problem_of, prompt_of, values, verdicts
from prontocheck.prontoqa import ExampleResult, check

if TYPE_CHECKING:
    from inspect_ai import Task
    from inspect_ai.dataset import Sample
    from inspect_ai.scorer import Scorer

__all__ = ["INSTALL", "explanation", "prontoqa_task", "proof_scorer", "record_to_sample", "register", "require"]

INSTALL = "pip install 'prontocheck[inspect]'"
"""How to install what this module needs."""


def require() -> ModuleType:
    """The ``inspect_ai`` module, imported now.

    Raises:
        UsageError: inspect_ai is not installed; the message says how to install it.
    """
    try:
        import inspect_ai
    except ImportError as e:
        raise UsageError(f"the inspect scorer needs inspect_ai, which cannot be imported ({e}): {INSTALL}") from None
    return inspect_ai


def proof_scorer() -> Scorer:
    """The inspect scorer of PrOntoQA outputs (see the module doc): five values per sample, each with inspect's
    ``accuracy`` and ``stderr``, the step verdicts in the score's metadata.

    Raises:
        UsageError: inspect_ai is not installed.
    """
    return _scorer_factory()()


@cache
def _scorer_factory() -> Callable[[], Scorer]:
    """The ``@scorer``-decorated factory, made (and registered with inspect) once, on first use."""
    require()
    from inspect_ai.scorer import Score, Target, accuracy, scorer, stderr
    from inspect_ai.solver import TaskState

    @scorer(metrics={name: [accuracy(), stderr()] for name in METRIC_NAMES})
    def proof_scorer() -> Scorer:
        async def score(state: TaskState, target: Target) -> Score:
            problem = problem_of(state.metadata, state.input_text, target.text)
            try:
                result = check(problem, state.output.completion, id=str(state.sample_id))
            except BudgetExceeded as e:
                return Score.unscored(reason=str(e), explanation=f"not checked: {e}")
            value: dict[str, float] = {LABEL_METRIC: math.nan, **values(result)}
            predicted = result.label.predicted
            return Score(value={name: value[name] for name in METRIC_NAMES},
                         answer=None if predicted is None else str(predicted),
                         explanation=explanation(result), metadata=verdicts(result))

        return score

    return proof_scorer


def register() -> None:
    """Register the scorer (``proof_scorer``) and the task (``prontoqa``, taking ``problems``: a file of problem
    records, and ``limit``) with inspect; installed, their names are ``prontocheck/proof_scorer`` and
    ``prontocheck/prontoqa``. Idempotent.

    Raises:
        UsageError: inspect_ai is not installed.
    """
    _scorer_factory()
    _task_factory()


@cache
def _task_factory() -> Callable[..., Task]:
    """The ``@task``-decorated ``prontoqa``, made (and registered with inspect) once, on first use."""
    require()
    from inspect_ai import task

    @task
    def prontoqa(problems: str, limit: int | None = None) -> Task:
        return prontoqa_task(problems, limit=limit)

    return prontoqa


def explanation(result: ExampleResult) -> str:
    """A checked output in one line: its steps' kinds, its first error (with the reason), its answer.

    >>> from prontocheck import Problem, check
    >>> problem = Problem("Every cat is a feline. Fae is a cat.", "True or false: Fae is a feline.", gold_label=True)
    >>> print(explanation(check(problem, "Fae is a cat. Fae is a dog. False")))
    2 steps: 1 strict-atomic-useful, 1 invalid; first error: step 1 (invalid: not derivable: 'dog' is not a concept \
or property of the context); answer False, gold True
    """
    kinds = Counter(step.kind for step in result.steps)
    steps = f"{len(result.steps)} step{'s' if len(result.steps) != 1 else ''}"
    parts = [f"{steps}: {', '.join(f'{n} {kind}' for kind, n in kinds.items())}" if kinds else steps]
    error = result.first_error
    if error is not None:
        reason = result.steps[error.index].reason
        parts.append(f"first error: step {error.index} ({error.kind}{f': {reason}' if reason else ''})")
    label = result.label
    if label.predicted is None:
        parts.append(f"no answer ({label.reason})" if label.reason else "no answer")
    else:
        parts.append(f"answer {label.predicted}" + ("" if label.gold is None else f", gold {label.gold}"))
    return "; ".join(parts)


def record_to_sample(record: Mapping[str, Any]) -> Sample:
    """A problem record as an inspect ``Sample``: input its ``prompt`` (else ``Q: CONTEXT QUERY`` / ``A:``),
    target its gold label (``"True"``/``"False"``; ``""`` without one), id its ``id``, metadata the record's other
    fields (the spec the scorer reads; ``output`` and ``prompt`` left out).

    Raises:
        UsageError: inspect_ai is not installed.
        SpecError: the record holds no readable problem.
    """
    require()
    from inspect_ai.dataset import Sample

    problem = problem_of(record)
    metadata = {k: v for k, v in record.items() if k not in ("id", "prompt", "output")}
    rid = record.get("id")
    return Sample(input=prompt_of(record), target="" if problem.gold_label is None else str(problem.gold_label),
                  id=rid if isinstance(rid, int | str) else None, metadata=metadata)


def prontoqa_task(problems: str, *, limit: int | None = None, name: str | None = None) -> Task:
    """The inspect task of a file of problem records (JSON Lines or a JSON array, as ``json_dataset`` reads them;
    ``prontocheck generate -o FILE`` writes one): each record's prompt (:func:`record_to_sample`), one generation,
    :func:`proof_scorer`.

    Raises:
        UsageError: inspect_ai is not installed.
    """
    require()
    from inspect_ai import Task
    from inspect_ai.dataset import json_dataset
    from inspect_ai.solver import generate

    return Task(dataset=json_dataset(problems, record_to_sample, limit=limit), solver=generate(),
                scorer=proof_scorer(), name=name)
