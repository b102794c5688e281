"""The library entry point: check one model output (or many) against a PrOntoQA problem."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from prontocheck.errors import UnparseableSentence
from prontocheck.logic.formulas import Const, Formula, constants_of, replace_term
from prontocheck.prontoqa.accuracy import natural_accuracies, proof_accuracies
from prontocheck.prontoqa.natural import classify_natural
from prontocheck.prontoqa.problem import Problem, prepare
from prontocheck.prontoqa.results import (
    BROAD,
    MISLEADING,
    STRICT,
    USEFUL,
    ExampleResult,
    FirstError,
    GoldInfo,
    LabelResult,
    ProofResult,
    StepResult,
)
from prontocheck.prontoqa.steps import StepInput, classify_steps
from prontocheck.syntax.forms import proof_lines
from prontocheck.syntax.sentences import parse_sentence
from prontocheck.syntax.text import split_output


def _step_inputs(text: str) -> tuple[StepInput, ...]:
    """The steps one sentence makes (:func:`~prontocheck.syntax.forms.proof_lines`), or one unparseable step."""
    try:
        sentence = parse_sentence(text)
    except UnparseableSentence as e:
        return (StepInput(text, None, e.reason),)
    return tuple(StepInput(text, line.formula, kind=line.kind) for line in proof_lines(sentence))


PRONOUNS = frozenset({"he", "she", "it", "they", "him", "her", "them"})
"""Words that stand for an individual named earlier ("Since Fae is a wumpus, she is a yumpus")."""


@lru_cache(maxsize=1 << 14)
def _individuals(formula: Formula) -> tuple[frozenset[Const], frozenset[Const]]:
    """The pronouns and the named individuals a formula mentions (cached: formulas recur)."""
    names = constants_of(formula)
    pronouns = frozenset(c for c in names if c.name.lower() in PRONOUNS)
    return pronouns, frozenset(names - pronouns)


def _resolve_pronouns(inputs: list[StepInput], default: Const | None) -> list[StepInput]:
    """Read a pronoun as the individual the chain last named alone (at first, the query's)."""
    last = default
    for i, step in enumerate(inputs):
        if step.formula is None:
            continue
        pronouns, named = _individuals(step.formula)
        if pronouns and last is not None:
            f = step.formula
            for pronoun in pronouns:
                f = replace_term(f, pronoun, last)
            inputs[i] = dataclasses.replace(step, formula=f)
        if len(named) == 1:
            last = next(iter(named))
    return inputs


def _first_error(steps: tuple[StepResult, ...]) -> FirstError | None:
    for s in steps:
        if not s.canonical:
            return FirstError(s.index, s.kind)
    return None


def _steps_to_return(steps: tuple[StepResult, ...]) -> int | None:
    for s in steps:
        if s.validity is STRICT and s.atomic and s.utility is MISLEADING:
            for later in steps[s.index + 1 :]:
                if later.utility is USEFUL:
                    return later.index - s.index
            return None
    return None


def _all_atomic_proof(
    steps: tuple[StepResult, ...], valid: list[Formula | None], goal: Formula | None
) -> ProofResult | None:
    """The proof accuracies when every valid step up to the goal is strict and atomic (most outputs).

    Then each such step is established under every metric (its premises are earlier steps of the
    same kind), so the proof is correct under all four exactly when a valid step states the goal.
    Otherwise ``None``: the accuracies need the full computation.
    """
    if goal is None or goal not in valid:
        return None
    last = max(i for i, phi in enumerate(valid) if phi == goal)
    for s in steps[: last + 1]:
        if s.validity is BROAD or (s.validity is STRICT and not s.atomic):
            return None
    return ProofResult(True, True, True, True)


def check(problem: Problem, output: str, *, id: str = "", metadata: Mapping[str, Any] | None = None) -> ExampleResult:
    """Check one model output against a problem under the paper profile.

    The problem is parsed once and cached, so checking many outputs of the same problem (for
    example the rollouts of one RL prompt) costs only the output's own sentences.

    Args:
        problem: the question (context, query, optional gold chain of thought and label).
        output: the model's text: chain of thought, then the answer ("True", "The answer is false.").
        id: an identifier copied into the result.
        metadata: extra fields copied into the result.

    >>> p = Problem("Every cat is a carnivore. Every carnivore is not herbivorous. Fae is a cat.",
    ...             "True or false: Fae is not herbivorous.")
    >>> r = check(p, "Fae is a cat. Fae is a carnivore. Every carnivore is not herbivorous. "
    ...              "Fae is not herbivorous. True")
    >>> r.label.correct, r.proof.strict, r.proof.non_atomic, r.first_error.kind
    (True, False, True, 'strict-non-atomic-useful')
    """
    prepared = prepare(problem)
    split = split_output(output)
    named = _individuals(prepared.query.formula)[1] if prepared.query is not None else frozenset()
    inputs = _resolve_pronouns([step for s in split.steps for step in _step_inputs(s.text)],
                               next(iter(named)) if len(named) == 1 else None)
    theory = prepared.theory
    if theory.simple and not prepared.gold_assumptions and all(i.simple for i in inputs):
        # The v1 calculus (modus ponens and composition) suffices: the fast path.
        steps = classify_steps(theory, prepared.gold, inputs, wording=prepared.wording)
        # Invalid and unparseable steps can never be established: only valid steps are offered.
        valid = [i.formula if s.validity in (STRICT, BROAD) else None for i, s in zip(inputs, steps)]
        proof = _all_atomic_proof(steps, valid, prepared.goal) or proof_accuracies(theory, valid, prepared.goal)
    else:
        steps = classify_natural(theory, prepared.gold, prepared.gold_assumptions, inputs, wording=prepared.wording)
        proof = natural_accuracies(theory, inputs, [s.validity in (STRICT, BROAD) for s in steps], prepared.goal)
    return ExampleResult(
        id=id,
        label=LabelResult(split.answer, prepared.gold_label),
        proof=proof,
        steps=steps,
        first_error=_first_error(steps),
        steps_to_return=_steps_to_return(steps),
        gold=GoldInfo(prepared.gold_source, prepared.gold_shown),
        warnings=prepared.warnings,
        metadata=dict(metadata or {}),
    )


def check_batch(items: Iterable[tuple[Problem, str]]) -> list[ExampleResult]:
    """Check many (problem, output) pairs; results in input order.

    >>> p = Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is a carnivore.")
    >>> [r.proof.strict for r in check_batch([(p, "Fae is a cat. Every cat is a carnivore. Fae is a carnivore. True"),
    ...                                        (p, "False")])]
    [True, False]
    """
    return [check(problem, output, id=str(i)) for i, (problem, output) in enumerate(items)]
