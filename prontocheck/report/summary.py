"""The typed records of a report: :class:`Summary` (one set of examples) and :class:`GroupedSummary`.

They are built by :mod:`prontocheck.report.aggregate`; ``to_json()`` gives the JSON of
``prontocheck analyze --format json``. Floats are kept exact; rounding is for rendered text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from prontocheck.common.stats import Rate, proportion
from prontocheck.io.records import RecordError
from prontocheck.prontoqa.results import METRICS

if TYPE_CHECKING:
    from prontocheck.report.samples import SamplesSummary


@dataclass(frozen=True, slots=True)
class StepCounts:
    """Counts of steps over all examples; every fraction in ``to_json`` is over ``total``.

    Attributes:
        total: steps in all.
        validity: steps by validity, every :class:`Validity` value present.
        strict_atomic: strict steps that are atomic.
        strict_non_atomic: strict steps that are not.
        utility: valid steps by utility, every :class:`Utility` value present.
        redundant: repeats of an earlier valid step.
        kind: steps by :attr:`StepResult.kind`, sorted by kind.

    """

    total: int
    validity: dict[str, int]
    strict_atomic: int
    strict_non_atomic: int
    utility: dict[str, int]
    redundant: int
    kind: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        """The counts, plus ``"fractions"`` of ``total`` mirroring them (``None`` when there are no steps)."""

        def frac(count: int) -> float | None:
            return proportion(count, self.total)

        counts: dict[str, Any] = {
            "total": self.total,
            "validity": dict(self.validity),
            "strict_atomic": self.strict_atomic,
            "strict_non_atomic": self.strict_non_atomic,
            "utility": dict(self.utility),
            "redundant": self.redundant,
            "kind": dict(self.kind),
        }
        counts["fractions"] = {
            "validity": {k: frac(c) for k, c in self.validity.items()},
            "strict_atomic": frac(self.strict_atomic),
            "strict_non_atomic": frac(self.strict_non_atomic),
            "utility": {k: frac(c) for k, c in self.utility.items()},
            "redundant": frac(self.redundant),
        }
        return counts


@dataclass(frozen=True, slots=True)
class StepsToReturn:
    """The paper's Figure 10: examples with a strict atomic misleading step, by steps to return.

    Attributes:
        histogram: steps until the next useful step → number of examples, by increasing steps.
        never: examples with such a step and no useful step after it.

    """

    histogram: dict[int, int]
    never: int

    @property
    def n(self) -> int:
        """Examples with a strict atomic misleading step."""
        return sum(self.histogram.values()) + self.never

    def to_json(self) -> dict[str, Any]:
        """``{"n", "histogram": {"<steps>": count}, "never"}`` (JSON object keys are strings)."""
        return {"n": self.n, "histogram": {str(k): c for k, c in self.histogram.items()}, "never": self.never}


@dataclass(frozen=True, slots=True)
class Unparseable:
    """A distinct unparseable step sentence.

    Attributes:
        sentence: the step as the model wrote it.
        reason: why the grammar rejected it.
        count: how many steps had this sentence and reason.

    """

    sentence: str
    reason: str
    count: int

    def to_json(self) -> dict[str, Any]:
        """``{"sentence", "reason", "count"}``."""
        return {"sentence": self.sentence, "reason": self.reason, "count": self.count}


@dataclass(frozen=True, slots=True)
class Summary:
    """Aggregate figures over a set of checked examples (``to_json`` gives the JSON shape).

    Attributes:
        n: examples analysed.
        n_errors: input records that could not be read (all of them, listed or not).
        label: label accuracy over the examples that have a gold label (``label.n`` of them).
        proof: the four proof accuracies, keyed by :data:`METRICS`, over the examples whose gold proof
            exists (``gold.source != "none"``).
        n_incorrect: examples with a gold proof whose proof is incorrect under ``valid``.
        steps: step counts by validity, atomicity, utility, redundancy and kind.
        first_error: examples by the kind of their first non-canonical step (``"none"``: no such step).
        first_error_incorrect: the same over the ``n_incorrect`` examples (the paper's Figure 5).
        steps_to_return: after a strict atomic misleading step, steps until the next useful one.
        unparseable: distinct unparseable steps with their reasons and counts, most frequent first.
        unparseable_omitted: unparseable steps not listed because of the cap.
        errors: the bad input records, in input order, up to the cap.
        errors_omitted: bad records not listed.
        warnings: distinct warning strings by number of occurrences, most frequent first.
        warnings_omitted: warning occurrences not listed.
        gold_source: examples by where their gold chain came from (``given``, ``derived``, ``none``).
        sentences: the outputs' sentences by kind (every :class:`SentenceKind` value present); only ``step``
            and ``unparseable`` sentences make steps.
        no_answer: examples without a committed answer, by reason ("no answer statement", "truncated: …").
        cut_after_answer: examples whose output ran on into a new problem after the answer (the text cut).
        samples: pass@k, majority vote, agreement and the paper's selection when some problem has more than one
            sample (:mod:`prontocheck.report.samples`); ``None`` otherwise (and no ``"samples"`` in the JSON).

    """

    n: int
    n_errors: int
    label: Rate
    proof: dict[str, Rate]
    n_incorrect: int
    steps: StepCounts
    first_error: dict[str, int]
    first_error_incorrect: dict[str, int]
    steps_to_return: StepsToReturn
    unparseable: tuple[Unparseable, ...] = ()
    unparseable_omitted: int = 0
    errors: tuple[RecordError, ...] = ()
    errors_omitted: int = 0
    warnings: dict[str, int] = field(default_factory=dict)
    warnings_omitted: int = 0
    gold_source: dict[str, int] = field(default_factory=dict)
    sentences: dict[str, int] = field(default_factory=dict)
    no_answer: dict[str, int] = field(default_factory=dict)
    cut_after_answer: int = 0
    samples: SamplesSummary | None = None

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON-ready data; floats are kept exact (rounding is for rendered text)."""
        out: dict[str, Any] = {
            "n": self.n,
            "n_errors": self.n_errors,
            "label_accuracy": self.label.to_json(),
            "proof_accuracy": {m: self.proof[m].to_json() for m in METRICS},
            "n_incorrect": self.n_incorrect,
            "steps": self.steps.to_json(),
            "first_error": dict(self.first_error),
            "first_error_incorrect": dict(self.first_error_incorrect),
            "steps_to_return": self.steps_to_return.to_json(),
            "unparseable": [u.to_json() for u in self.unparseable],
            "unparseable_omitted": self.unparseable_omitted,
            "errors": [{"file": e.file, "line": e.line, "reason": e.reason} for e in self.errors],
            "errors_omitted": self.errors_omitted,
            "warnings": dict(self.warnings),
            "warnings_omitted": self.warnings_omitted,
            "gold_source": dict(self.gold_source),
            "sentences": dict(self.sentences),
            "no_answer": {"n": sum(self.no_answer.values()), "reasons": dict(self.no_answer)},
            "cut_after_answer": self.cut_after_answer,
        }
        if self.samples is not None:
            out["samples"] = self.samples.to_json()
        return out


@dataclass(frozen=True, slots=True)
class GroupedSummary:
    """Summaries per group of examples (by a metadata value), and over all of them.

    Attributes:
        group_by: the metadata key the examples were grouped by.
        groups: the summary of each group, in first-seen order.
        total: the summary over all examples (and all bad records, grouped or not).

    """

    group_by: str
    groups: dict[str, Summary]
    total: Summary

    def to_json(self) -> dict[str, Any]:
        """``{"groups": {name: summary}, "total": summary, "group_by": key}``."""
        return {
            "groups": {name: s.to_json() for name, s in self.groups.items()},
            "total": self.total.to_json(),
            "group_by": self.group_by,
        }
