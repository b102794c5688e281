"""Check one chain of thought as an original analyzer would: :func:`compat_check`.

The result, :class:`CompatExample`, holds the original's verdict for the example: each step's
categories (the original's step lists), the three ``found_conclusion`` flags behind its four
proof accuracies, the label's correctness, the sentences the original would have refused (it
stops the whole file on them; here they are dropped, as in the shipped ``.out`` files), and any
place where the original program itself would crash.

The four proof accuracies use prontocheck's JSON names; what the original calls them:

========== ============================================================================
strict     "strictly correct" (``found_conclusion``)
broad      "correct if 'skip steps' are considered correct" (code's skip = broadly valid)
non_atomic "correct if 'non-atomic steps' are considered correct" (the paper's "skip")
valid      "correct if both 'skip steps' and 'non-atomic steps' are considered correct"
========== ============================================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from prontocheck.compat import evaluate_main, evaluate_v1
from prontocheck.compat.forms import Node, to_tptp
from prontocheck.compat.morphology import Version
from prontocheck.compat.sentences import (
    ACCEPTABLE_ANSWERS,
    Sentence,
    Whitelist,
    load_bad_patterns,
    parse_reasoning,
    parse_response,
)
from prontocheck.errors import UsageError
from prontocheck.io.records import Origin, Record
from prontocheck.prontoqa.problem import Problem

PROFILES = ("prontoqa-v1", "prontoqa-ood")
"""The compatibility profiles: v1 @ 066f73f (ICLR 2023) and main @ 0a6412b (PrOntoQA-OOD)."""

VERSIONS: dict[str, Version] = {"prontoqa-v1": "v1", "prontoqa-ood": "main"}

LISTS = ("correct", "correct_and_useful", "redundant", "unparseable", "wrong_branch", "skip", "useful_skip",
         "wrong_skip", "non_atomic", "useful_non_atomic", "wrong_non_atomic", "invalid", "incorrect")
"""The original's per-example step lists, by their names in the original code (``<name>_steps``).

``redundant`` is filled by v1 only; v1 has no ``non_atomic`` list (its non-atomic steps are in
``useful_non_atomic``/``wrong_non_atomic``); main's ``redundant`` is always empty.
"""

TOO_LONG = "CONTEXT_TOO_LONG_ERROR"


@dataclass(frozen=True, slots=True)
class CompatStep:
    """One step as the original classified it.

    Attributes:
        index: 0-based position among the original's steps (dropped sentences are not steps; a
            ``Since φ, ψ`` sentence is two).
        sentence: the sentence it comes from (tokens joined by spaces).
        formula: its logical form in the original's TPTP notation; ``None`` if unparseable.
        categories: the original's lists that hold this index (see :data:`LISTS`); empty for a
            step the original leaves uncategorised (a ``CONTRADICTS`` step, a step valid only
            through a non-atomic or skip premise is in ``non_atomic``/``skip`` only, ...).
    """

    index: int
    sentence: str
    formula: str | None
    categories: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "sentence": self.sentence, "formula": self.formula,
                "categories": list(self.categories)}


@dataclass(frozen=True, slots=True)
class DroppedSentence:
    """A sentence the original would have stopped on (here left out, as in the ``.out`` files).

    Attributes:
        part: ``"output"``, ``"context"`` or ``"gold"``.
        sentence: the sentence (tokens joined by spaces).
        reason: why it was refused.
    """

    part: Literal["output", "context", "gold"]
    sentence: str
    reason: str

    def to_json(self) -> dict[str, str]:
        return {"part": self.part, "sentence": self.sentence, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class CompatExample:
    """The original's verdict on one example (see the module docstring for the metric names).

    Attributes:
        profile: ``prontoqa-v1`` or ``prontoqa-ood``.
        id: the record's id, if known.
        counted: ``False`` when the original leaves the example out of its figures (a log entry
            whose output is ``CONTEXT_TOO_LONG_ERROR``).
        steps: the steps with their categories.
        lists: the original's step lists (:data:`LISTS`), as tuples of step indices.
        found: ``found_conclusion`` (strict).
        found_with_skip: ``found_conclusion_with_skip_steps``.
        found_with_non_atomic: ``found_conclusion_with_non_atomic_steps``.
        predicted_label: the label as the original read it (``"true."`` keeps its period).
        gold_label: the gold label; ``None`` for ``Prove:`` questions.
        label_correct: whether the original counts the label correct; ``None`` for ``Prove:``.
        dropped: sentences the original refuses (it would stop the file on each).
        crash: the error the original program itself raises on this example, if any (it would
            stop the whole run); the lists then hold what was classified before it.
    """

    profile: str
    id: str | None
    counted: bool
    steps: tuple[CompatStep, ...]
    lists: Mapping[str, tuple[int, ...]]
    found: bool
    found_with_skip: bool
    found_with_non_atomic: bool
    predicted_label: str
    gold_label: bool | None
    label_correct: bool | None
    dropped: tuple[DroppedSentence, ...] = ()
    crash: str | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def proof(self) -> dict[str, bool]:
        """The four proof accuracies of this example, by prontocheck's metric names."""
        return {
            "strict": self.found,
            "non_atomic": self.found or self.found_with_non_atomic,
            "broad": self.found or self.found_with_skip,
            "valid": self.found or self.found_with_skip or self.found_with_non_atomic,
        }

    @property
    def would_abort(self) -> bool:
        """Whether the original would have stopped on this example (a refused sentence, a crash)."""
        return bool(self.dropped) or self.crash is not None

    def to_json(self) -> dict[str, Any]:
        """The ``"compat"`` object of a per-record ``--output`` line."""
        return {
            "profile": self.profile,
            "counted": self.counted,
            "proof": self.proof,
            "found_conclusion": {"strict": self.found, "with_skip_steps": self.found_with_skip,
                                 "with_non_atomic_steps": self.found_with_non_atomic},
            "label": {"predicted": self.predicted_label, "gold": self.gold_label, "correct": self.label_correct},
            "steps": [s.to_json() for s in self.steps],
            "lists": {name: list(self.lists[name]) for name in LISTS},
            "would_abort": self.would_abort,
            "dropped": [d.to_json() for d in self.dropped],
            "crash": self.crash,
            "notes": list(self.notes),
        }


@lru_cache(maxsize=16)
def _cached_whitelist(path: str) -> Whitelist:
    return load_bad_patterns(path)


def resolve_whitelist(bad_patterns: Whitelist | str | Path | None) -> Whitelist | None:
    """A whitelist from a path (read once per path) or as given."""
    if bad_patterns is None or isinstance(bad_patterns, Whitelist):
        return bad_patterns
    return _cached_whitelist(str(bad_patterns))


def _kept(sentences: list[Sentence], part: Literal["output", "context", "gold"],
          dropped: list[DroppedSentence]) -> list[Sentence]:
    dropped.extend(DroppedSentence(part, s.text, s.reason or "") for s in sentences if s.status == "dropped")
    return [s for s in sentences if s.status != "dropped"]


def _steps(sentences: list[Sentence], version: Version) -> tuple[list[Node | None], list[str]]:
    formulas: list[Node | None] = []
    texts: list[str] = []
    for s in sentences:
        parts = evaluate_main.split_since([s.formula]) if version == "main" else [s.formula]
        formulas.extend(parts)
        texts.extend([s.text] * len(parts))
    return formulas, texts


def compat_check(
    problem: Problem, output: str, *, profile: str, bad_patterns: Whitelist | str | Path | None = None,
    example_id: str | None = None, from_log: bool = False,
) -> CompatExample:
    """Classify one model output as the original analyzer of ``profile`` does.

    Args:
        problem: the question; its context, query and gold chain of thought (and gold label for
            ``True or false:`` questions) are what the original reads.
        output: the model's text, as in the input.
        profile: one of :data:`PROFILES`.
        bad_patterns: the original's whitelist of unparseable sentences (a path to the user's copy
            of ``bad_patterns.txt``, or a loaded :class:`Whitelist`); ``None``: no sentence is
            whitelisted (every unparseable sentence is then refused).
        example_id: the record's id, kept in the result.
        from_log: the output was read from a ``.log`` (the original then also sees the space
            after ``Predicted answer:``, and skips ``CONTEXT_TOO_LONG_ERROR`` entries).

    Raises:
        UsageError: an unknown profile.
        InputError: the whitelist file cannot be read or has a bad pattern.
    """
    if profile not in VERSIONS:
        raise UsageError(f"unknown compatibility profile {profile!r}; expected one of {', '.join(PROFILES)}")
    version = VERSIONS[profile]
    whitelist = resolve_whitelist(bad_patterns)
    notes: list[str] = []
    counted = not (from_log and TOO_LONG in output)
    text, predicted = parse_response(" " + output if from_log else output)
    labelled = "True or false:" in f"{problem.context} {problem.query}"
    if not labelled and "Prove:" not in problem.query:
        notes.append("the query has neither 'True or false:' nor 'Prove:' (the original fails on it)")
    dropped: list[DroppedSentence] = []
    output_sentences = _kept(parse_reasoning(text, version, whitelist), "output", dropped)
    context = [s.formula for s in _kept(parse_reasoning(problem.context, version, whitelist), "context", dropped)]
    gold_text = problem.gold_cot if isinstance(problem.gold_cot, str) else " ".join(problem.gold_cot or ())
    gold, _ = _steps(_kept(parse_reasoning(gold_text, version, whitelist), "gold", dropped), version)
    proof, texts = _steps(output_sentences, version)
    printed = [None if f is None else to_tptp(f) for f in proof]  # before the evaluation unwraps ASSUME
    crash = None
    lists = evaluate_main.Lists()
    try:
        (evaluate_main.evaluate if version == "main" else evaluate_v1.evaluate)(proof, gold, context, lists)
    except Exception as e:  # noqa: BLE001 - the original's own failures are reported, never raised
        crash = f"{type(e).__name__}: {e}"
    label_correct: bool | None = None
    if labelled:
        if problem.gold_label is None:
            notes.append("no gold label (the original reads it from the expected answer)")
        else:
            label_correct = predicted in ACCEPTABLE_ANSWERS[problem.gold_label]
    by_list = {name: tuple(getattr(lists, name)) for name in LISTS}
    steps = tuple(
        CompatStep(k, texts[k], printed[k], tuple(n for n in LISTS if k in by_list[n]))
        for k in range(len(proof))
    )
    return CompatExample(
        profile, example_id, counted, steps, by_list, lists.found, lists.found_with_skip,
        lists.found_with_non_atomic, predicted, problem.gold_label if labelled else None, label_correct,
        tuple(dropped), crash, tuple(notes),
    )


def compat_check_record(
    record: Record, *, profile: str, bad_patterns: Whitelist | str | Path | None = None
) -> CompatExample:
    """:func:`compat_check` on a record from :func:`prontocheck.io.read_records`.

    A record its reader marked as read from an original ``.log`` (:attr:`Origin.ORIGINAL_LOG`) is
    checked as the original's log reader sees it.
    """
    from_log = record.origin is Origin.ORIGINAL_LOG
    return compat_check(record.problem, record.output, profile=profile, bad_patterns=bad_patterns,
                        example_id=record.id, from_log=from_log)
