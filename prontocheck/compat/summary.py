"""The originals' file-level figures (``analyze_log``) and their printed report (``__main__``).

Build with :class:`OriginalSummary` (``add`` each :class:`~prontocheck.compat.check.CompatExample`,
then ``build``) and print with :func:`render_original`, which gives the same text as the
original: for ``prontoqa-ood``, the report of main's ``analyze_results.py`` as in the shipped
``.out`` files (the variant that prints the step counts, "Number of correct proof" and the lists
of incorrect proof ids); for ``prontoqa-v1``, v1's report. The counters follow the original:
8-slot arrays ``[strict F/T, broad F/T, "skip" F/T, valid F/T]`` read with ``get_count`` at offset 6
(valid) for the "correct proofs" breakdowns, "first error" counted with ``<=`` (ties count for
every tied category), exclusive error combinations.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from prontocheck.compat.check import CompatExample

ERRORS = ("wrong_branch", "useful_skip", "wrong_skip", "useful_non_atomic", "wrong_non_atomic", "incorrect")
"""The error categories of the breakdowns, in the original's order."""

_ONLY = {  # exclusive combinations that are printed: counter name -> the categories present
    "wrong_branch": {"wrong_branch"}, "useful_skip": {"useful_skip"}, "wrong_skip": {"wrong_skip"},
    "useful_non_atomic": {"useful_non_atomic"}, "wrong_non_atomic": {"wrong_non_atomic"}, "invalid": {"incorrect"},
    "wrong_branch+useful_non_atomic": {"wrong_branch", "useful_non_atomic"},
    "wrong_branch+wrong_non_atomic": {"wrong_branch", "wrong_non_atomic"},
    "wrong_branch+invalid": {"wrong_branch", "incorrect"},
    "wrong_branch+useful_non_atomic+invalid": {"wrong_branch", "useful_non_atomic", "incorrect"},
}


def _new_counters() -> dict[str, list[int]]:
    names = [*_ONLY, "any", "expected_label_true", *(f"first:{c}" for c in ERRORS)]
    return {name: [0] * 8 for name in names}


@dataclass(slots=True)
class OriginalSummary:
    """Accumulates examples the way ``analyze_log`` does.

    Attributes:
        profile: ``prontoqa-ood`` or ``prontoqa-v1``.
        source: the input's name as the original was given it (printed in its error header).
    """

    profile: str
    source: str = "<input>"
    _examples: list[CompatExample] = field(default_factory=list)

    def add(self, example: CompatExample) -> None:
        """Add one example (examples the original does not count are remembered, not counted)."""
        self._examples.append(example)

    def to_json(self) -> dict[str, Any]:
        """The JSON of the figures so far (see :meth:`OriginalFigures.to_json`)."""
        return self.build().to_json()

    def build(self) -> OriginalFigures:
        """The figures over the examples added so far."""
        counted = [e for e in self._examples if e.counted]
        counters = _new_counters()
        per_example: list[tuple[bool, bool, bool]] = []
        totals = dict.fromkeys(("correct", "non_atomic", "skip", "incorrect", "correct_and_useful", "redundant",
                                "unparseable", "fully_correct"), 0)
        proof_lengths: list[int] = []
        wrong_branch_lengths: list[int] = []
        labels: list[float] = []
        has_none_label = False
        for e in counted:
            lists = e.lists
            found, fs, fna = e.found, e.found_with_skip, e.found_with_non_atomic
            per_example.append((found, fs, fna))
            totals["correct"] += len(lists["correct"])
            totals["non_atomic"] += len(lists["useful_non_atomic"]) + len(lists["wrong_non_atomic"])
            totals["skip"] += len(lists["useful_skip"]) + len(lists["wrong_skip"])
            for name in ("incorrect", "correct_and_useful", "redundant", "unparseable"):
                totals[name] += len(lists[name])

            def increment(name: str, found: bool = found, fs: bool = fs, fna: bool = fna) -> None:
                counters[name][int(found)] += 1
                counters[name][2 + int(fs and not found)] += 1
                counters[name][4 + int(fna and not found)] += 1
                counters[name][6 + int((fs or fna) and not found)] += 1

            if e.gold_label:
                increment("expected_label_true")
            present = {c for c in ERRORS if lists[c]}
            first = min((k for c in ERRORS for k in lists[c]), default=None)
            for c in ERRORS:
                if lists[c] and min(lists[c]) <= first:  # type: ignore[operator]
                    increment(f"first:{c}")
            for name, wanted in _ONLY.items():
                if present == wanted:
                    increment(name)
            if present:
                increment("any")
            ends = [*lists["correct"], *lists["redundant"], *lists["incorrect"]]
            proof_lengths.append(max(ends) + 1 if ends else 0)
            if sum(len(lists[c]) for c in ("correct", "useful_non_atomic", "wrong_non_atomic", "useful_skip",
                                           "wrong_skip")) == proof_lengths[-1]:
                totals["fully_correct"] += 1
            if (fs or fna) and lists["wrong_branch"]:
                start = lists["wrong_branch"][0]
                later = [k - start for c in ("useful_skip", "useful_non_atomic", "correct_and_useful")
                         for k in lists[c] if k > start]
                if later:
                    wrong_branch_lengths.append(min(later))
            if e.label_correct is None:
                has_none_label = True
            else:
                labels.append(1.0 if e.label_correct else 0.0)
        errors = [(e.id, d.part, d.sentence, d.reason) for e in counted for d in e.dropped]
        crashes = [(e.id, e.crash) for e in counted if e.crash is not None]
        return OriginalFigures(
            profile=self.profile, source=self.source, examples=len(counted),
            not_counted=len(self._examples) - len(counted), proof_lengths=tuple(proof_lengths),
            totals=totals, counters={k: tuple(v) for k, v in counters.items()}, per_example=tuple(per_example),
            correct_labels=None if has_none_label or not counted else math.fsum(labels),
            wrong_branch_lengths=tuple(wrong_branch_lengths),
            refused=tuple(errors), crashes=tuple(crashes),  # type: ignore[arg-type]
        )


@dataclass(frozen=True, slots=True)
class OriginalFigures:
    """What ``analyze_log`` computes for one file (all counts; ratios are computed when printed).

    Attributes:
        profile: the compatibility profile.
        source: the input's name.
        examples: examples counted (``CONTEXT_TOO_LONG_ERROR`` log entries are not).
        not_counted: examples left out.
        proof_lengths: per example, the last correct/redundant/incorrect index + 1 (the original's
            denominator for step fractions, which ignores non-atomic and skip steps).
        totals: step counts (correct, non_atomic, skip, incorrect, correct_and_useful, redundant,
            unparseable) and ``fully_correct`` proofs.
        counters: the original's 8-slot counters by name.
        per_example: ``(found, found_with_skip, found_with_non_atomic)`` per counted example.
        correct_labels: the sum of label correctness; ``None`` for ``Prove:`` data.
        wrong_branch_lengths: the original's "steps to return after a misleading step", for the
            proofs correct under a looser metric but not strictly (not printed by the original).
        refused: ``(example id, part, sentence, reason)`` for every sentence the original would
            have stopped on (dropped here).
        crashes: ``(example id, error)`` where the original program fails.
    """

    profile: str
    source: str
    examples: int
    not_counted: int
    proof_lengths: tuple[int, ...]
    totals: dict[str, int]
    counters: dict[str, tuple[int, ...]]
    per_example: tuple[tuple[bool, bool, bool], ...]
    correct_labels: float | None
    wrong_branch_lengths: tuple[int, ...]
    refused: tuple[tuple[str | None, str, str, str], ...]
    crashes: tuple[tuple[str | None, str], ...]

    @property
    def would_abort(self) -> bool:
        """Whether the original would have stopped on this input instead of printing figures."""
        return bool(self.refused or self.crashes)

    def count(self, name: str, index: int) -> int:
        """The original's ``get_count``: odd index, correct proofs; even index, incorrect ones."""
        arr = self.counters[name]
        if index < 2:
            return arr[index]
        return arr[1] + arr[index] if index % 2 else arr[index] - arr[1]

    @property
    def proof_counts(self) -> dict[str, int]:
        """Proofs counted correct under each metric (prontocheck's names)."""
        strict = sum(1 for f, _, _ in self.per_example if f)
        return {
            "strict": strict,
            "broad": strict + sum(1 for f, s, _ in self.per_example if s and not f),
            "non_atomic": strict + sum(1 for f, _, n in self.per_example if n and not f),
            "valid": strict + sum(1 for f, s, n in self.per_example if (s or n) and not f),
        }

    def abort_notice(self) -> str | None:
        """A message saying that (and why) the original would have stopped, or ``None``."""
        if not self.would_abort:
            return None
        parts = []
        if self.refused:
            eid, part, sentence, reason = self.refused[0]
            parts.append(f"{len(self.refused)} sentence(s) it refuses (first: {sentence!r} in the {part} of "
                         f"example {eid}: {reason})")
        if self.crashes:
            parts.append(f"{len(self.crashes)} example(s) on which it fails (first: {self.crashes[0][0]}: "
                         f"{self.crashes[0][1]})")
        return (f"The original analyzer would have stopped on {self.source}: " + "; ".join(parts)
                + ". These figures leave the refused sentences out (as the original does with its stop "
                "switched off).")

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON (counts and the proof accuracies under prontocheck's metric names)."""
        n = self.examples
        return {
            "profile": self.profile,
            "source": self.source,
            "examples": n,
            "not_counted": self.not_counted,
            "total_steps": sum(self.proof_lengths),
            "steps": dict(self.totals),
            "proof": {k: (v / n if n else None) for k, v in self.proof_counts.items()},
            "proof_counts": self.proof_counts,
            "label_accuracy": None if self.correct_labels is None or not n else self.correct_labels / n,
            "wrong_branch_lengths": list(self.wrong_branch_lengths),
            "counters": {k: list(v) for k, v in self.counters.items()},
            "would_abort": self.would_abort,
            "refused": [{"id": i, "part": p, "sentence": s, "reason": r} for i, p, s, r in self.refused],
            "crashes": [{"id": i, "error": e} for i, e in self.crashes],
        }
