"""Typed result records of a PrOntoQA check; ``to_json()`` gives the per-record JSON of ``--output``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from prontocheck.syntax.reading import SentenceKind

__all__ = ["SentenceKind"]  # re-exported: the kind of a SentenceResult


class Validity(StrEnum):
    """Validity of a step (paper-semantics.md)."""

    STRICT = "strict"
    """Derivable by Ax and Hop (modus ponens) from the context and the earlier valid steps."""
    BROAD = "broad"
    """Not strict, but derivable once rule composition ∀x(f→g), ∀x(g→h) ⊢ ∀x(f→h) is added."""
    INVALID = "invalid"
    """Parsed, but not derivable."""
    UNPARSEABLE = "unparseable"
    """The sentence is not in the grammar."""


class Utility(StrEnum):
    """Utility of a valid step with respect to the gold proof."""

    USEFUL = "useful"
    """In the gold proof, or a shortcut along it."""
    MISLEADING = "misleading"
    """Departs from the gold proof directly from a gold fact (a branch point taken the wrong way)."""
    OFF_PATH = "off_path"
    """Continues from something already off the gold proof."""


# Plain names: enum attribute access is a descriptor call, and these are read per step.
STRICT, BROAD, INVALID, UNPARSEABLE = Validity.STRICT, Validity.BROAD, Validity.INVALID, Validity.UNPARSEABLE
USEFUL, MISLEADING, OFF_PATH = Utility.USEFUL, Utility.MISLEADING, Utility.OFF_PATH

VALUES: dict[StrEnum, str] = {m: m.value for m in (*Validity, *Utility, *SentenceKind)}
"""The value of each validity, utility and sentence kind as a plain string: a lookup, where ``member.value`` is a
descriptor call (the per-record JSON and the summary read them for every step and sentence)."""

_KINDS: dict[tuple[Validity, bool | None, Utility | None], str] = {}

METRICS = ("strict", "non_atomic", "broad", "valid")
"""The four proof accuracies, by JSON key. The paper's "skip" accuracy is ``non_atomic``."""


@dataclass(frozen=True, slots=True)
class StepResult:
    """One step of a chain of thought, classified on the three axes.

    Attributes:
        index: 0-based position among the steps.
        text: the sentence as the model wrote it.
        formula: its logical form in the paper's notation; ``None`` if unparseable.
        validity: strict, broad, invalid or unparseable.
        atomic: one rule application (strict steps); ``False`` for broad; ``None`` otherwise.
        utility: useful, misleading or off_path for valid steps; ``None`` otherwise.
        redundant: a repeat of an earlier valid step.
        premises: indices of the earlier steps its cheapest derivation uses.
        reason: for an unparseable step, why the parser rejected it; for an invalid step, why it does not
            follow, in one line of the problem's own words ("contradicts the context: every jompus is not
            shy, and Max is a jompus", "not derivable: no rule leads from wumpus to dull"; see
            :mod:`prontocheck.prontoqa.reasons`); ``None`` for valid steps.
        rule: the last rule of its cheapest derivation (``Ax``, ``Hop``, ``Repeat``, ``Composition``,
            ``AndIntro``, ``AndElim``, ``OrIntro``, ``OrElim``, ``Assume``, ``Contradiction``,
            ``ModusTollens``, …); ``None`` for invalid and unparseable steps.
        assumptions: indices of the ``Assume`` steps it depends on (empty outside proofs by cases
            or by contradiction).
    """

    index: int
    text: str
    formula: str | None
    validity: Validity
    atomic: bool | None
    utility: Utility | None
    redundant: bool
    premises: tuple[int, ...]
    reason: str | None = None
    rule: str | None = None
    assumptions: tuple[int, ...] = ()

    @property
    def canonical(self) -> bool:
        """Strictly valid, atomic and useful (the paper's canonical step)."""
        return self.validity is STRICT and bool(self.atomic) and self.utility is USEFUL

    @property
    def kind(self) -> str:
        """The step kind combining the three axes: ``strict-atomic-misleading``, ``broad-useful``, …

        >>> StepResult(0, "", "", Validity.BROAD, False, Utility.OFF_PATH, False, ()).kind
        'broad-off-path'
        """
        axes = (self.validity, self.atomic, self.utility)
        kind = _KINDS.get(axes)  # (a handful of combinations, each worded once)
        if kind is None:
            kind = _KINDS[axes] = _kind(*axes)
        return kind

    def to_json(self) -> dict[str, Any]:
        """The step as in the per-record JSON."""
        return {
            "index": self.index,
            "text": self.text,
            "formula": self.formula,
            "validity": VALUES[self.validity],
            "atomic": self.atomic,
            "utility": None if self.utility is None else VALUES[self.utility],
            "redundant": self.redundant,
            "premises": list(self.premises),
            "reason": self.reason,
            "rule": self.rule,
            "assumptions": list(self.assumptions),
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> StepResult:
        """The step :meth:`to_json` wrote (keys it does not write are ignored).

        Raises:
            KeyError, TypeError, ValueError: ``obj`` is not such a step.

        >>> step = StepResult(2, "Fae is a cat.", "cat(Fae)", Validity.STRICT, True, Utility.USEFUL, False, (0, 1))
        >>> StepResult.from_json(step.to_json()) == step
        True
        """
        utility = obj["utility"]
        return cls(_int(obj["index"]), _str(obj["text"]), _optional_str(obj["formula"]), Validity(obj["validity"]),
                   _optional_bool(obj["atomic"]), None if utility is None else Utility(utility),
                   _bool(obj["redundant"]), _ints(obj["premises"]), _optional_str(obj["reason"]),
                   _optional_str(obj["rule"]), _ints(obj["assumptions"]))


def _kind(validity: Validity, atomic: bool | None, utility: Utility | None) -> str:
    if validity in (INVALID, UNPARSEABLE):
        return validity.value
    shown = utility.value.replace("_", "-") if utility else "unknown"
    if validity is BROAD:
        return f"broad-{shown}"
    return f"strict-{'atomic' if atomic else 'non-atomic'}-{shown}"


@dataclass(frozen=True, slots=True)
class LabelResult:
    """The answer: predicted and gold labels (``None`` when absent, e.g. for ``Prove:`` queries).

    Attributes:
        predicted: the answer the output commits to (see the README's answer rules), or ``None``.
        gold: the gold label, or ``None``.
        reason: why there is no predicted label ("truncated: the output ends mid-sentence", "no answer
            statement", …); ``None`` when there is one.
        sentence: the index (in :attr:`ExampleResult.sentences`) of the sentence the answer was read from.
    """

    predicted: bool | None
    gold: bool | None
    reason: str | None = None
    sentence: int | None = None

    @property
    def correct(self) -> bool | None:
        """Whether the predicted label equals the gold one; ``None`` when there is no gold label."""
        if self.gold is None:
            return None
        return self.predicted is not None and self.predicted == self.gold

    def to_json(self) -> dict[str, Any]:
        """The label block of the per-record JSON."""
        return {"predicted": self.predicted, "gold": self.gold, "correct": self.correct, "reason": self.reason,
                "sentence": self.sentence}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> LabelResult:
        """The label block :meth:`to_json` wrote (``correct`` is recomputed, not read).

        >>> LabelResult.from_json(LabelResult(True, False, None, 3).to_json())
        LabelResult(predicted=True, gold=False, reason=None, sentence=3)
        """
        return cls(_optional_bool(obj["predicted"]), _optional_bool(obj["gold"]), _optional_str(obj["reason"]),
                   _optional_int(obj["sentence"]))


@dataclass(frozen=True, slots=True)
class ProofResult:
    """Whether the chain of thought contains a proof of the goal, under each proof accuracy."""

    strict: bool
    non_atomic: bool
    broad: bool
    valid: bool

    def to_json(self) -> dict[str, bool]:
        """The proof block of the per-record JSON."""
        return {m: getattr(self, m) for m in METRICS}


@dataclass(frozen=True, slots=True)
class FirstError:
    """The first step that is not canonical, and its kind (see :attr:`StepResult.kind`)."""

    index: int
    kind: str


@dataclass(frozen=True, slots=True)
class GoldInfo:
    """Where the gold chain of thought came from.

    Attributes:
        source: ``"given"`` (the record's), ``"derived"`` (shortest strict proof of the query or its
            negation, derived from the context), or ``"none"`` (neither was possible).
        chain: the gold formulas in the paper's notation, goal last.
    """

    source: str
    chain: tuple[str, ...]


class SentenceResult(NamedTuple):
    """One sentence of a model's output and what it was read as (an immutable named tuple: outputs have many
    sentences, and a frozen dataclass costs several times more to make).

    Attributes:
        index: 0-based position among the output's sentences.
        text: the sentence as read (Markdown and tags removed, quotes straightened).
        span: ``(start, end)`` character offsets in the output as written (``output[start:end]``).
        kind: step, commentary, hypothetical, answer, backtrack or unparseable.
        steps: the indices of the steps it makes (steps and unparseable sentences only).
        reason: for any other kind, what it is ("a question", "a plan or self-talk", …).
        in_trace: it lies inside a reasoning trace (``<think>…</think>``).
    """

    index: int  # type: ignore[assignment]  # the field shadows tuple.index, as the JSON key needs
    text: str
    span: tuple[int, int]
    kind: SentenceKind
    steps: tuple[int, ...] = ()
    reason: str | None = None
    in_trace: bool = False

    def to_json(self) -> dict[str, Any]:
        """The sentence as in the per-record JSON."""
        return {"index": self.index, "text": self.text, "span": list(self.span), "kind": VALUES[self.kind],
                "steps": list(self.steps), "reason": self.reason, "in_trace": self.in_trace}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> SentenceResult:
        """The sentence :meth:`to_json` wrote.

        >>> sentence = SentenceResult(0, "Wait.", (0, 5), SentenceKind.COMMENTARY, (), "a plan or self-talk")
        >>> SentenceResult.from_json(sentence.to_json()) == sentence
        True
        """
        start, end = _ints(obj["span"])
        return cls(_int(obj["index"]), _str(obj["text"]), (start, end), SentenceKind(obj["kind"]), _ints(obj["steps"]),
                   _optional_str(obj["reason"]), _bool(obj["in_trace"]))


@dataclass(frozen=True, slots=True)
class ExampleResult:
    """The full analysis of one model output on one problem.

    Attributes:
        id: the record's id.
        label: predicted and gold labels.
        proof: the four proof accuracies for this example.
        steps: every step of the chain of thought, classified.
        first_error: the first non-canonical step, or ``None``.
        steps_to_return: after the first strict atomic misleading step, the number of steps until
            the next useful one; ``None`` if there is no such step or no return.
        gold: where the gold chain of thought came from.
        warnings: problems with the record that did not stop the analysis (an unparseable context
            sentence, a gold sentence that does not parse, a query that proves both ways, …).
        metadata: the record's other fields, kept as they were.
        sentences: every sentence of the output with its span and kind; ``steps`` hold the steps of the
            ``step`` and ``unparseable`` ones.
        step_sentences: for each step, the index of the sentence that makes it.
        abandoned: the steps of a depth-first trace on a branch it backtracked from (not judged for
            first errors and proof accuracies).
        cut_after_answer: characters cut off the output's end (a new problem after the answer).
    """

    id: str
    label: LabelResult
    proof: ProofResult
    steps: tuple[StepResult, ...]
    first_error: FirstError | None
    steps_to_return: int | None
    gold: GoldInfo
    warnings: tuple[str, ...] = ()
    metadata: dict[str, Any] = field(default_factory=dict)
    sentences: tuple[SentenceResult, ...] = ()
    step_sentences: tuple[int, ...] = ()
    abandoned: frozenset[int] = frozenset()
    cut_after_answer: int = 0

    def _step_json(self, step: StepResult) -> dict[str, Any]:
        out = step.to_json()
        if step.index < len(self.step_sentences):
            sentence = self.sentences[self.step_sentences[step.index]]
            out["sentence"], out["span"] = sentence.index, list(sentence.span)
        else:
            out["sentence"], out["span"] = None, None
        out["abandoned"] = step.index in self.abandoned
        return out

    def to_json(self) -> dict[str, Any]:
        """The per-record JSON object written by ``prontocheck analyze --output``."""
        return {
            "id": self.id,
            "label": self.label.to_json(),
            "proof": self.proof.to_json(),
            "steps": [self._step_json(s) for s in self.steps],
            "sentences": [s.to_json() for s in self.sentences],
            "cut_after_answer": self.cut_after_answer,
            "first_error": None
            if self.first_error is None
            else {"index": self.first_error.index, "kind": self.first_error.kind},
            "steps_to_return": self.steps_to_return,
            "gold": {"source": self.gold.source, "chain": list(self.gold.chain)},
            "warnings": list(self.warnings),
            "metadata": self.metadata,
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> ExampleResult:
        """The result :meth:`to_json` wrote (a line of ``prontocheck analyze --output``; other keys, such as
        ``source`` and ``compat``, are ignored): equal to the result written, so a saved run can be summarized
        again without checking it again.

        Raises:
            KeyError, TypeError, ValueError: ``obj`` is not such a result.

        >>> from prontocheck import Problem, check
        >>> p = Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is a carnivore.")
        >>> result = check(p, "Fae is a cat. So Fae is a carnivore. True", id="r1", metadata={"model": "m"})
        >>> ExampleResult.from_json(result.to_json()) == result
        True
        """
        steps = obj["steps"]
        if not isinstance(steps, list):
            raise TypeError(f"steps: expected a list, got {type(steps).__name__}")
        first, gold, warnings, metadata = obj["first_error"], obj["gold"], obj["warnings"], obj["metadata"]
        if not isinstance(warnings, list) or not isinstance(metadata, dict):
            raise TypeError("warnings: expected a list; metadata: expected an object")
        step_sentences = []
        for step in steps:  # every step has its sentence, or (a result made without sentences) none has
            if step.get("sentence") is None:
                break
            step_sentences.append(_int(step["sentence"]))
        return cls(
            id=_str(obj["id"]),
            label=LabelResult.from_json(obj["label"]),
            proof=ProofResult(*(_bool(obj["proof"][m]) for m in METRICS)),
            steps=tuple(StepResult.from_json(step) for step in steps),
            first_error=None if first is None else FirstError(_int(first["index"]), _str(first["kind"])),
            steps_to_return=_optional_int(obj["steps_to_return"]),
            gold=GoldInfo(_str(gold["source"]), tuple(_str(f) for f in gold["chain"])),
            warnings=tuple(_str(w) for w in warnings),
            metadata=metadata,
            sentences=tuple(SentenceResult.from_json(s) for s in obj["sentences"]),
            step_sentences=tuple(step_sentences),
            abandoned=frozenset(_int(step["index"]) for step in steps if step.get("abandoned")),
            cut_after_answer=_int(obj["cut_after_answer"]),
        )


def _typed(value: Any, kind: type | tuple[type, ...], name: str) -> Any:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TypeError(f"expected {name}, got {value!r}")
    return value


def _int(value: Any) -> int:
    return int(_typed(value, int, "an integer"))


def _optional_int(value: Any) -> int | None:
    return None if value is None else _int(value)


def _str(value: Any) -> str:
    return str(_typed(value, str, "a string"))


def _optional_str(value: Any) -> str | None:
    return None if value is None else _str(value)


def _bool(value: Any) -> bool:
    return bool(_typed(value, bool, "true or false"))


def _optional_bool(value: Any) -> bool | None:
    return None if value is None else _bool(value)


def _ints(value: Any) -> tuple[int, ...]:
    return tuple(_int(v) for v in _typed(value, list, "a list"))
