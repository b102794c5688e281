"""The library entry point: check one model output (or many) against a PrOntoQA problem."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from prontocheck.logic.formulas import Const, Formula, replace_term, symbols
from prontocheck.prontoqa.accuracy import natural_accuracies
from prontocheck.prontoqa.problem import PreparedProblem, Problem, prepare
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
    SentenceResult,
    StepResult,
)
from prontocheck.prontoqa.steps import StepInput, classify_steps
from prontocheck.syntax.discourse import PartKind
from prontocheck.syntax.forms import ProofLine
from prontocheck.syntax.reading import MID_SENTENCE, OutputReading, SentenceKind, read_output
from prontocheck.syntax.vocabulary import PRONOUNS

_Names = tuple[tuple[str, ...], str | None]
"""The pronouns a step uses, and the one individual it names alone (``None``: none, or several)."""
_INPUTS: dict[str, tuple[tuple[ProofLine, ...], tuple[StepInput, ...], tuple[_Names, ...]]] = {}


def _inputs_of(text: str, lines: tuple[ProofLine, ...]) -> tuple[tuple[StepInput, ...], tuple[_Names, ...]]:
    """The step inputs of a sentence's lines, with the individuals each mentions. Readings are shared (the
    reader's caches hand out the same ``lines`` object for a sentence each time), so the inputs are kept by
    sentence and reused while the lines are that same object: no formula is hashed or compared.
    """
    kept = _INPUTS.get(text)
    if kept is not None and kept[0] is lines:
        return kept[1], kept[2]
    if len(lines) == 1:  # (most sentences)
        inputs: tuple[StepInput, ...] = (StepInput(text, lines[0].formula, None, lines[0].kind),)
        names: tuple[_Names, ...] = (_names(lines[0].formula),)
    else:
        inputs = tuple([StepInput(text, line.formula, None, line.kind) for line in lines])
        names = tuple([_names(line.formula) for line in lines])
    if len(_INPUTS) >= 1 << 15:
        _INPUTS.clear()
    _INPUTS[text] = (lines, inputs, names)
    return inputs, names


def _names(formula: Formula | None) -> _Names:
    if formula is None:
        return _UNREAD
    names = symbols(formula)[1]  # (cached: the reader asked for it first)
    pronouns = [n for n in names if n.lower() in PRONOUNS]
    if not pronouns:
        return (), next(iter(names)) if len(names) == 1 else None
    named = names.difference(pronouns)
    return tuple(sorted(pronouns)), next(iter(named)) if len(named) == 1 else None


_UNREAD: _Names = ((), None)


def _step_inputs(reading: OutputReading) -> tuple[list[StepInput], list[_Names], list[int], list[SentenceResult]]:
    """The steps the output's step and unparseable sentences make, the individuals each mentions, the sentence
    of each step, and the sentences with their kinds.
    """
    inputs: list[StepInput] = []
    names: list[_Names] = []
    where: list[int] = []
    sentences: list[SentenceResult] = []
    step, unparseable = SentenceKind.STEP, SentenceKind.UNPARSEABLE
    step_part, unparseable_part = PartKind.STEP, PartKind.UNPARSEABLE
    make = tuple.__new__  # SentenceResult's own constructor, without the keyword handling (many sentences)
    for index, (text, start, end, kind, parts, in_trace, reason, _) in enumerate(reading.sentences):
        first = len(inputs)
        if kind is step or kind is unparseable:
            for part in parts:
                if part.kind is step_part:
                    made, mentioned = _inputs_of(text, part.lines)
                    inputs.extend(made)
                    names.extend(mentioned)
                elif part.kind is unparseable_part:
                    why = part.reason or "no parse"
                    if part.text.rstrip(".!?;") != text.rstrip(".!?;"):
                        why = f"in {part.text!r}: {why}"
                    inputs.append(StepInput(text, None, why))
                    names.append(_UNREAD)
            where.extend([index] * (len(inputs) - first))
        sentences.append(make(SentenceResult, (index, text, (start, end), kind, tuple(range(first, len(inputs))),
                                               reason, in_trace)))
    return inputs, names, where, sentences


def _abandoned(reading: OutputReading, inputs: list[StepInput], where: list[int]) -> frozenset[int]:
    """The steps a depth-first trace backtracked from: after the last statement of the target, up to the
    backtrack line ("Start over." abandons everything before it).
    """
    if not any(sentence.kind is SentenceKind.BACKTRACK for sentence in reading.sentences):
        return frozenset()  # (most outputs)
    out: set[int] = set()
    step = 0
    for index, sentence in enumerate(reading.sentences):
        while step < len(where) and where[step] < index:
            step += 1
        if sentence.kind is not SentenceKind.BACKTRACK:
            continue
        if sentence.backtrack_to is None:
            out.update(range(step))
            continue
        target = next((i for i in range(step - 1, -1, -1) if inputs[i].formula == sentence.backtrack_to), None)
        if target is not None:
            out.update(range(target + 1, step))
    return frozenset(out)


def _resolve_pronouns(inputs: list[StepInput], names: list[_Names], default: Const | None) -> list[StepInput]:
    """Read a pronoun as the individual the chain last named alone (at first, the query's)."""
    last = default
    for i, (pronouns, alone) in enumerate(names):
        if pronouns and last is not None:
            step = inputs[i]
            f = step.formula
            assert f is not None  # (only a formula mentions pronouns)
            for pronoun in pronouns:
                f = replace_term(f, Const(pronoun), last)
            inputs[i] = dataclasses.replace(step, formula=f)
        if alone is not None:
            last = Const(alone)
    return inputs


def _first_error(steps: tuple[StepResult, ...], abandoned: frozenset[int]) -> FirstError | None:
    for s in steps:
        if not s.canonical and s.index not in abandoned:
            return FirstError(s.index, s.kind)
    return None


def _steps_to_return(steps: tuple[StepResult, ...], abandoned: frozenset[int]) -> int | None:
    kept = [s for s in steps if s.index not in abandoned]
    for n, s in enumerate(kept):
        if s.validity is STRICT and s.atomic and s.utility is MISLEADING:
            for later in kept[n + 1 :]:
                if later.utility is USEFUL:
                    return later.index - s.index
            return None
    return None


def _all_atomic_proof(steps: tuple[StepResult, ...], inputs: list[StepInput], offered: list[bool],
                      goal: Formula | None) -> ProofResult | None:
    """The proof accuracies when every step up to the goal is invalid, or a plain statement, strict and atomic,
    on no open assumption (most outputs).

    Then each step is established under every metric (its premises are earlier steps of the same kind; a step
    of a branch a depth-first trace abandoned still counts as established, as it serves as a premise), so the
    proof is correct under all four exactly when an offered step states the goal.
    Otherwise ``None``: the accuracies need the full computation.
    """
    if goal is None:
        return None
    last = next((i for i in range(len(inputs) - 1, -1, -1) if offered[i] and inputs[i].formula == goal), None)
    if last is None:
        return None
    for s, i in zip(steps[: last + 1], inputs):
        if s.validity is BROAD or (s.validity is STRICT and (not s.atomic or s.assumptions or i.kind != "statement")):
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

    Raises:
        UnreadableQuery: the problem's query (or its options) cannot be read (``prepare`` records why).

    >>> p = Problem("Every cat is a carnivore. Every carnivore is not herbivorous. Fae is a cat.",
    ...             "True or false: Fae is not herbivorous.")
    >>> r = check(p, "Fae is a cat. Fae is a carnivore. Every carnivore is not herbivorous. "
    ...              "Fae is not herbivorous. True")
    >>> r.label.correct, r.proof.strict, r.proof.non_atomic, r.first_error.kind
    (True, False, True, 'strict-non-atomic-useful')
    """
    prepared = prepare(problem)
    if prepared.query_error is not None:
        raise prepared.query_error.fresh()
    reading = read_output(output, prepared.reading)
    inputs, where, sentences = _inputs(reading, prepared)
    if reading.truncated and prepared.query is not None and prepared.query.kind == "true_or_false" and where \
            and where[-1] == len(reading.sentences) - 1:
        # The last clause was cut short (no answer follows): not a claim the model made.
        inputs[-1] = StepInput(inputs[-1].text, None, MID_SENTENCE)
    abandoned = _abandoned(reading, inputs, where)
    steps = classify_steps(prepared.theory, prepared.gold, inputs, gold_assumptions=prepared.gold_assumptions,
                           wording=prepared.wording)
    # Invalid, unparseable and abandoned steps can never be established: only valid steps are offered.
    offered = [s.validity in (STRICT, BROAD) and s.index not in abandoned for s in steps]
    proof = _all_atomic_proof(steps, inputs, offered, prepared.goal) or \
        natural_accuracies(prepared.theory, inputs, offered, prepared.goal, results=steps)
    answer = reading.answer
    return ExampleResult(
        id=id,
        label=LabelResult(None if answer is None else answer.label, prepared.gold_label,
                          _label_reason(reading, prepared), reading.answer_sentence),
        proof=proof,
        steps=steps,
        first_error=_first_error(steps, abandoned),
        steps_to_return=_steps_to_return(steps, abandoned),
        gold=GoldInfo(prepared.gold_source, prepared.gold_shown),
        warnings=prepared.warnings,
        metadata=dict(metadata or {}),
        sentences=tuple(sentences),
        step_sentences=tuple(where),
        abandoned=abandoned,
        cut_after_answer=reading.cut_after_answer,
    )


def _inputs(
    reading: OutputReading, prepared: PreparedProblem
) -> tuple[list[StepInput], list[int], list[SentenceResult]]:
    raw, names, where, sentences = _step_inputs(reading)
    if not any(pronouns for pronouns, _ in names):
        return raw, where, sentences  # (most outputs)
    alone = _names(prepared.query.formula)[1] if prepared.query is not None else None
    return _resolve_pronouns(raw, names, None if alone is None else Const(alone)), where, sentences


def read_steps(problem: Problem, output: str) -> list[StepInput]:
    """The steps an output makes, as :func:`check` reads them (pronouns resolved), before classification.

    >>> p = Problem("Every cat is a feline. Fae is a cat.", "True or false: Fae is a feline.")
    >>> [str(s.formula) for s in read_steps(p, "Fae is a cat, so she is a feline. Is that all? True")]
    ['cat(Fae)', 'feline(Fae)']
    """
    prepared = prepare(problem)
    return _inputs(read_output(output, prepared.reading), prepared)[0]


def _label_reason(reading: OutputReading, prepared: PreparedProblem) -> str | None:
    if reading.answer is None:
        return reading.answer_reason
    if reading.answer.label is None:
        return "the answer is neither true nor false"
    return None


def check_batch(items: Iterable[tuple[Problem, str]]) -> list[ExampleResult]:
    """Check many (problem, output) pairs; results in input order.

    Raises:
        UnreadableQuery: a problem's query cannot be read (see :func:`check`).

    >>> p = Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is a carnivore.")
    >>> [r.proof.strict for r in check_batch([(p, "Fae is a cat. Every cat is a carnivore. Fae is a carnivore. True"),
    ...                                        (p, "False")])]
    [True, False]
    """
    return [check(problem, output, id=str(i)) for i, (problem, output) in enumerate(items)]
