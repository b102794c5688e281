"""Several samples per question: pass@k, the majority vote, agreement and the paper's self-consistency selection.

Records that share a problem (by default the same context, query and options; with ``--sample-key KEY`` the
same metadata value, or the same record id for ``--sample-key id``) are the *samples* of that problem, as the k
rollouts of one prompt in RL or the 40 samples per question of the PrOntoQA paper's self-consistency experiment
(Saparov & He, ICLR 2023, Appendix A.7.1). :class:`SamplesBuilder` keeps one small row per record (at most
:data:`SPILL_LIMIT` in memory, the others in a temporary SQLite database: :mod:`prontocheck.report.spill`), merges
exactly across the chunks of a run (as :class:`~prontocheck.report.SummaryBuilder` does) and builds a
:class:`SamplesSummary` only when some problem has more than one sample:

- **pass@k** of a correct proof, per metric: the unbiased estimator of Chen et al. (2021),
  ``1 - C(n-c, k) / C(n, k)`` for a problem with ``n`` samples of which ``c`` are correct, averaged over the
  problems with at least ``k`` samples (and a gold proof), in exact rational arithmetic (:func:`pass_at_k`);
- the **majority-vote** label accuracy: a problem's answer is the most common committed answer of its samples
  (a tie, or no committed answer, is no answer: incorrect);
- **agreement** between samples: the chance that two distinct samples give the same answer (no answer counts as
  an answer of its own), the share of samples giving their problem's most common answer, the unanimous problems;
- the paper's **selection** (Appendix A.7.1): the samples of a problem are grouped by their sequence of logical
  forms (the formulas of their steps, in order, and their answer); each group's score is the sum over its
  samples of ``exp(mean token log-probability)``, and the group with the highest score is the problem's final
  prediction, whose label and proof accuracies are reported. Without log-probabilities (``--sample-logprob
  KEY`` names the metadata key holding a sample's mean token log-probability) every sample weighs 1: the
  largest group wins. A problem one of whose samples lacks the value is selected by count (and counted in
  ``selection.by_count``). Ties go to the group seen first;
- the data of two of the paper's figures, as plain data: the steps-to-return histogram (Figure 10) of the
  selected predictions, and label vs proof accuracy across problems (Figure 3: one point per problem, the
  fractions of its samples with a correct label and a correct proof).
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from prontocheck.common.decode import json_id
from prontocheck.common.stats import Rate
from prontocheck.errors import UsageError
from prontocheck.io.records import Record
from prontocheck.prontoqa.problem import Problem
from prontocheck.prontoqa.results import METRICS, ExampleResult
from prontocheck.report.spill import Row, Spill
from prontocheck.report.summary import StepsToReturn

SPILL_LIMIT = 50_000
"""How many samples a :class:`SamplesBuilder` keeps in memory (about 10 MB); when it holds more, it moves them all
to a temporary SQLite database (:class:`~prontocheck.report.spill.Spill`), so a run's memory stays flat in its
records however many problems it has. The summary is the same either way."""

ID_KEY = "id"
"""The ``--sample-key`` that groups records by their id."""


@dataclass(frozen=True, slots=True)
class SampleKey:
    """Which problem a checked record is a sample of, and its weight in the paper's selection.

    Attributes:
        problem: the problem's key (records with equal keys are samples of one problem).
        logprob: the sample's mean token log-probability (``None``: not known; the sample weighs 1).
    """

    problem: str
    logprob: float | None = None


def _hash(parts: Iterable[str]) -> hashlib.blake2b:
    h = hashlib.blake2b(digest_size=12)
    for part in parts:
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\x00")
    return h


def _digest(parts: Iterable[str]) -> str:
    """A short stable digest of texts (equal texts, equal digest; no text is kept)."""
    return _hash(parts).hexdigest()


def problem_key(problem: Problem) -> str:
    """A problem's key: a digest of its context, query and options (hexadecimal; equal problems, equal keys).

    >>> problem_key(Problem("Fae is a cat.", "True or false: Fae is a cat."))
    'aadfb275b90d716314ce287e'
    """
    return _digest([problem.context, problem.query, *problem.options])


def sample_key(record: Record, key: str | None = None, logprob: str | None = None) -> SampleKey | None:
    """The :class:`SampleKey` of a record read from a file (``None``: the record is a problem of its own).

    Args:
        record: the record.
        key: ``None``: the problem is the record's context, query and options; ``"id"``: its id; else the
            metadata value under ``key`` (a record without it is a problem of its own: ``None``).
        logprob: the metadata key of the sample's mean token log-probability (``None``: no weights).

    >>> a = Record(Problem("Fae is a cat.", "True or false: Fae is a cat."), "True", "r1", "x.jsonl", 1,
    ...            {"prompt_id": 7, "lp": -0.5})
    >>> b = Record(Problem("Fae is a cat.", "True or false: Fae is a cat."), "False", "r2", "x.jsonl", 2)
    >>> sample_key(a).problem == sample_key(b).problem, sample_key(a, "id").problem
    (True, 'id:r1')
    >>> sample_key(a, "prompt_id", "lp"), sample_key(b, "prompt_id")
    (SampleKey(problem='key:7', logprob=-0.5), None)
    """
    return key_of_sample(problem_key(record.problem), record.id, record.metadata, key, logprob)


def key_of_sample(problem: str | None, id: str, metadata: Mapping[str, Any], key: str | None = None,
                  logprob: str | None = None) -> SampleKey | None:
    """The :class:`SampleKey` of a checked record known by its problem key (``None``: not known), id and metadata,
    under the rule of :func:`sample_key` (a saved run's records are grouped as ``analyze`` grouped them).

    >>> key_of_sample("k1", "r1", {"lp": -0.5}, logprob="lp"), key_of_sample(None, "r1", {})
    (SampleKey(problem='k1', logprob=-0.5), None)
    """
    weight = None
    if logprob is not None:
        value = metadata.get(logprob)
        if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
            weight = float(value)
    if key is None:
        return None if problem is None else SampleKey(problem, weight)
    if key == ID_KEY:
        return SampleKey(f"id:{id}", weight)
    value = metadata.get(key)
    if value is None:
        return None
    return SampleKey(f"key:{json_id(value)}", weight)


@dataclass(frozen=True, slots=True)
class Sample:
    """What the samples' figures need of one checked record.

    Attributes:
        id: the record's id.
        predicted: its committed answer (``None``: none).
        gold: the gold label (``None``: none).
        proof: the four proof accuracies in :data:`METRICS` order, ``None`` without a gold proof.
        form: a digest of its logical forms (each step's formula, or its text when unparseable) and answer.
        logprob: its mean token log-probability, if known.
        misleading: it has a strict atomic misleading step (the paper's Figure 10 counts these).
        steps_to_return: after that step, steps until the next useful one (``None``: never).
    """

    id: str
    predicted: bool | None
    gold: bool | None
    proof: tuple[bool, ...] | None
    form: str
    logprob: float | None = None
    misleading: bool = False
    steps_to_return: int | None = None

    @property
    def correct(self) -> bool | None:
        """Whether the answer is the gold label (``None`` without a gold label)."""
        return None if self.gold is None else self.predicted == self.gold

    @staticmethod
    def of(result: ExampleResult, *, logprob: float | None = None, misleading: bool = False) -> Sample:
        """The sample of a checked example.

        >>> from prontocheck import Problem, check
        >>> p = Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is a carnivore.")
        >>> a = Sample.of(check(p, "Fae is a cat. Fae is a carnivore. True"))
        >>> b = Sample.of(check(p, "Fae is a cat.  Fae is a carnivore.  True."))
        >>> a.form == b.form, a.correct, a.proof
        (True, True, (False, True, False, True))
        """
        return _sample(_row(result, logprob, misleading))


# A builder keeps a sample as a Row (prontocheck.report.spill): its id, its flags (predicted answer, gold label,
# proof accuracies and misleading step in one small int, made once: shared by every row), the 12 bytes of its
# logical forms' digest, its log-probability and its steps to return.

_ANSWERS = (None, False, True)
_PROOFS: tuple[tuple[bool, ...] | None, ...] = (None, *(tuple(bool(bits >> i & 1) for i in range(len(METRICS)))
                                                        for bits in range(1 << len(METRICS))))
_FLAGS = tuple(itertools.product((False, True), _PROOFS, _ANSWERS, _ANSWERS))  # misleading, proof, gold, predicted
_FLAG = tuple(range(len(_FLAGS)))
_CODE = {None: 0, False: 1, True: 2}


def _row(result: ExampleResult, logprob: float | None, misleading: bool) -> Row:
    """The row of a checked example."""
    forms = [s.formula if s.formula is not None else f"?{s.text}" for s in result.steps]
    proof = 0
    if result.gold.source != "none":
        proof = 1 + sum(1 << i for i, m in enumerate(METRICS) if getattr(result.proof, m))
    flags = _CODE[result.label.predicted] + 3 * _CODE[result.label.gold] + 9 * proof + 9 * len(_PROOFS) * misleading
    return (result.id, _FLAG[flags], _hash([*forms, f"answer={result.label.predicted}"]).digest(), logprob,
            result.steps_to_return)


def _sample(row: Row) -> Sample:
    """The sample of a row."""
    id, flags, form, logprob, back = row
    misleading, proof, gold, predicted = _FLAGS[flags]
    return Sample(id, predicted, gold, proof, form.hex(), logprob, misleading, back)


def pass_at_k(n: int, c: int, k: int) -> Fraction:
    """The unbiased estimator of pass@k (Chen et al., 2021): the chance that at least one of ``k`` samples drawn
    without replacement from ``n``, of which ``c`` are correct, is correct: ``1 - C(n-c, k) / C(n, k)``, exact.

    Raises:
        UsageError: unless ``0 <= c <= n`` and ``1 <= k <= n``.

    >>> pass_at_k(10, 3, 1), pass_at_k(10, 3, 2), pass_at_k(10, 0, 5), pass_at_k(10, 8, 3)
    (Fraction(3, 10), Fraction(8, 15), Fraction(0, 1), Fraction(1, 1))
    """
    if not 0 <= c <= n or not 1 <= k <= n:
        raise UsageError(f"pass@k needs 0 <= c <= n and 1 <= k <= n, got n={n}, c={c}, k={k}")
    return 1 - Fraction(math.comb(n - c, k), math.comb(n, k))


def mean_pass_at_k(counts: Sequence[tuple[int, int]], k: int) -> Fraction | None:
    """pass@k averaged over the problems with at least ``k`` samples, each given as ``(n, c)``; ``None`` when
    there are none.

    >>> mean_pass_at_k([(4, 1), (4, 0), (2, 2)], 1), mean_pass_at_k([(4, 1), (4, 0), (2, 2)], 4)
    (Fraction(5, 12), Fraction(1, 2))
    >>> mean_pass_at_k([(1, 1)], 2) is None
    True
    """
    return _mean_pass(Counter(counts), k)  # each distinct (n, c) computed once


def _mean_pass(counts: Counter[tuple[int, int]], k: int) -> Fraction | None:
    """:func:`mean_pass_at_k` of problems given as how many have each ``(n, c)``."""
    problems = {(n, c): m for (n, c), m in counts.items() if n >= k}
    total = sum(problems.values())
    return sum((m * pass_at_k(n, c, k) for (n, c), m in problems.items()), Fraction(0)) / total if total else None


def k_values(largest: int) -> list[int]:
    """The k reported: 1, 2, 4, … up to ``largest``, and ``largest`` itself.

    >>> k_values(1), k_values(5), k_values(8)
    ([1], [1, 2, 4, 5], [1, 2, 4, 8])
    """
    ks = [1 << i for i in range(largest.bit_length()) if 1 << i <= largest]
    return ks if ks[-1] == largest else [*ks, largest]


def _float(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


@dataclass(frozen=True, slots=True)
class PassAtK:
    """pass@k of a correct proof for one k, per metric.

    Attributes:
        k: samples drawn.
        n: problems with a gold proof and at least ``k`` samples (those the mean is over).
        value: per metric, the mean pass@k (``None`` when ``n == 0``).
    """

    k: int
    n: int
    value: dict[str, float | None]

    def to_json(self) -> dict[str, Any]:
        """``{"k", "n", "strict", "non_atomic", "broad", "valid"}``."""
        return {"k": self.k, "n": self.n, **self.value}


@dataclass(frozen=True, slots=True)
class Point:
    """One problem of the label-vs-proof data (the paper's Figure 3, one point per problem).

    Attributes:
        id: the id of its first sample.
        k: its samples.
        label: the fraction of its samples (with a gold label) whose answer is correct.
        proof: per metric, the fraction of its samples (with a gold proof) whose proof is correct.
    """

    id: str
    k: int
    label: float | None
    proof: dict[str, float | None]

    def to_json(self) -> dict[str, Any]:
        """``{"id", "k", "label", "proof": {metric: fraction}}``."""
        return {"id": self.id, "k": self.k, "label": self.label, "proof": dict(self.proof)}


@dataclass(frozen=True, slots=True)
class SamplesSummary:
    """The figures of a set of problems with several samples each (see the module docstring).

    Attributes:
        problems: problems in all (one sample or more).
        samples: samples in all.
        several: problems with more than one sample.
        per_problem: the fewest and the most samples of a problem.
        pass_at_k: pass@k for each k of :func:`k_values`.
        majority: label accuracy of the majority vote, over the problems with a gold label.
        selected_label: label accuracy of the paper's selection, over the problems with a gold label.
        selected_proof: per metric, the proof accuracy of the paper's selection, over the problems with a gold proof.
        by_count: problems whose selection counted samples (some sample had no log-probability).
        agreement: mean chance that two distinct samples of a problem give the same answer (problems with
            more than one sample).
        majority_share: mean share of a problem's samples giving its most common answer (same problems).
        unanimous: problems with more than one sample all giving the same answer.
        logical_forms: mean number of distinct logical-form sequences of a problem (same problems).
        steps_to_return: the paper's Figure 10 over the selected predictions.
        points: the paper's Figure 3 data, one point per problem, in first-seen order.
    """

    problems: int
    samples: int
    several: int
    per_problem: tuple[int, int]
    pass_at_k: tuple[PassAtK, ...]
    majority: Rate
    selected_label: Rate
    selected_proof: dict[str, Rate]
    by_count: int
    agreement: float | None
    majority_share: float | None
    unanimous: int
    logical_forms: float | None
    steps_to_return: StepsToReturn
    points: tuple[Point, ...]

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON-ready data."""
        return {
            "problems": self.problems,
            "samples": self.samples,
            "with_several_samples": self.several,
            "samples_per_problem": {"min": self.per_problem[0], "max": self.per_problem[1]},
            "pass_at_k": [p.to_json() for p in self.pass_at_k],
            "majority_vote": {"label_accuracy": self.majority.to_json()},
            "selection": {
                "label_accuracy": self.selected_label.to_json(),
                "proof_accuracy": {m: self.selected_proof[m].to_json() for m in METRICS},
                "by_count": self.by_count,
            },
            "agreement": {"n": self.several, "pairwise": self.agreement, "majority_share": self.majority_share,
                          "unanimous": self.unanimous, "logical_forms": self.logical_forms},
            "steps_to_return": self.steps_to_return.to_json(),
            "label_vs_proof": [p.to_json() for p in self.points],
        }


def _majority(samples: Sequence[Sample]) -> bool | None:
    """The most common committed answer; ``None`` on a tie or when no sample committed to one."""
    votes = Counter(s.predicted for s in samples if s.predicted is not None)
    ranked = votes.most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


_EXP_SAFE = 700.0
"""The largest log-probability weighed as it is (``math.exp`` overflows a little above 709)."""


def _selected(samples: Sequence[Sample]) -> tuple[Sample, bool]:
    """The paper's selection: the first sample of the logical-form group of highest score, and whether it was
    weighted by log-probabilities (``False``: by count).
    """
    weighted = all(s.logprob is not None for s in samples)
    # A mean token log-probability is at most 0; a larger one (not a log-probability, but data) must not overflow
    # exp: then every weight is scaled by the same exp(-largest), which keeps their order.
    top = max((s.logprob for s in samples if s.logprob is not None), default=0.0) if weighted else 0.0
    shift = top if top > _EXP_SAFE else 0.0
    groups: dict[str, list[float]] = {}
    first: dict[str, Sample] = {}
    for s in samples:
        groups.setdefault(s.form, []).append(math.exp(s.logprob - shift) if weighted and s.logprob is not None
                                             else 1.0)
        first.setdefault(s.form, s)
    best = max(groups, key=lambda form: math.fsum(groups[form]))  # max keeps the first of equal scores
    return first[best], weighted


def _fraction(count: int, n: int) -> float | None:
    return count / n if n else None


def _point(samples: Sequence[Sample]) -> Point:
    labelled = [s.correct for s in samples if s.correct is not None]
    proofs = [s.proof for s in samples if s.proof is not None]
    return Point(samples[0].id, len(samples), _fraction(sum(labelled), len(labelled)),
                 {m: _fraction(sum(p[i] for p in proofs), len(proofs)) for i, m in enumerate(METRICS)})


def _agreement(samples: Sequence[Sample]) -> tuple[tuple[int, int], tuple[int, int]]:
    """Pairwise agreement and the majority share of one problem's answers (no answer is an answer), each as a
    numerator and a denominator.
    """
    n = len(samples)
    counts = Counter(s.predicted for s in samples).values()
    return (sum(c * (c - 1) for c in counts), n * (n - 1)), (max(counts), n)


def _mean(distinct: Counter[tuple[int, int]], n: int) -> float | None:
    """The exact mean of ``n`` fractions given as how many there are of each (numerator, denominator), as a float;
    ``None`` for none (each distinct fraction is made once: fast on many problems of few sizes).
    """
    return float(sum((m * Fraction(*f) for f, m in distinct.items()), Fraction(0)) / n) if n else None


class _Tally:
    """The figures of a :class:`SamplesSummary`, counted one problem at a time (problems need not be kept)."""

    def __init__(self) -> None:
        self.problems = self.samples = self.several = 0
        self.sizes: tuple[int, int] | None = None
        self.proof_counts: list[Counter[tuple[int, int]]] = [Counter() for _ in METRICS]  # (n, c): problems
        self.majority = [0, 0]
        self.label = [0, 0]
        self.proof: Counter[str] = Counter()
        self.n_proof = self.by_count = self.never = self.unanimous = 0
        self.back: Counter[int] = Counter()
        self.agreement: Counter[tuple[int, int]] = Counter()
        self.share: Counter[tuple[int, int]] = Counter()
        self.forms: Counter[tuple[int, int]] = Counter()
        self.points: list[Point] = []

    def add(self, p: Sequence[Sample]) -> None:
        """Count one problem's samples."""
        n = len(p)
        self.problems += 1
        self.samples += n
        self.sizes = (n, n) if self.sizes is None else (min(self.sizes[0], n), max(self.sizes[1], n))
        proofs = [s.proof for s in p if s.proof is not None]
        if proofs:
            for i, counts in enumerate(self.proof_counts):
                counts[len(proofs), sum(q[i] for q in proofs)] += 1
        chosen, weighted = _selected(p)
        self.by_count += not weighted
        gold = next((s.gold for s in p if s.gold is not None), None)
        if gold is not None:
            self.majority[0] += _majority(p) == gold
            self.majority[1] += 1
            self.label[0] += chosen.predicted == gold
            self.label[1] += 1
        if chosen.proof is not None:
            self.n_proof += 1
            self.proof.update(m for m, ok in zip(METRICS, chosen.proof) if ok)
        if chosen.misleading:
            if chosen.steps_to_return is None:
                self.never += 1
            else:
                self.back[chosen.steps_to_return] += 1
        if n > 1:
            self.several += 1
            agreement, share = _agreement(p)
            self.agreement[agreement] += 1
            self.share[share] += 1
            self.unanimous += agreement[0] == agreement[1]
            self.forms[len({s.form for s in p}), 1] += 1
        self.points.append(_point(p))

    def summary(self) -> SamplesSummary | None:
        """The figures counted, or ``None`` when no problem had more than one sample."""
        if not self.several or self.sizes is None:
            return None
        largest = max((n for n, _ in self.proof_counts[0]), default=0)
        pass_k = tuple(
            PassAtK(k, sum(m for (n, _), m in self.proof_counts[0].items() if n >= k),
                    {m: _float(_mean_pass(self.proof_counts[i], k)) for i, m in enumerate(METRICS)})
            for k in (k_values(largest) if largest else [])
        )
        return SamplesSummary(
            problems=self.problems,
            samples=self.samples,
            several=self.several,
            per_problem=self.sizes,
            pass_at_k=pass_k,
            majority=Rate(*self.majority),
            selected_label=Rate(*self.label),
            selected_proof={m: Rate(self.proof[m], self.n_proof) for m in METRICS},
            by_count=self.by_count,
            agreement=_mean(self.agreement, self.several),
            majority_share=_mean(self.share, self.several),
            unanimous=self.unanimous,
            logical_forms=_mean(self.forms, self.several),
            steps_to_return=StepsToReturn(dict(sorted(self.back.items())), self.never),
            points=tuple(self.points),
        )


def summarize_samples(problems: Iterable[Sequence[Sample]]) -> SamplesSummary | None:
    """The figures of problems given as their samples; ``None`` when no problem has more than one.

    >>> def s(predicted, proof, form="f"):
    ...     return Sample("x", predicted, True, (proof,) * 4, form)
    >>> out = summarize_samples([[s(True, True), s(False, False, "g"), s(True, True)], [s(False, False)]])
    >>> [(p.k, p.n, p.value["valid"]) for p in out.pass_at_k]
    [(1, 2, 0.3333333333333333), (2, 1, 1.0), (3, 1, 1.0)]
    >>> out.majority.value, out.selected_proof["strict"].value, out.agreement
    (0.5, 0.5, 0.3333333333333333)
    >>> summarize_samples([[s(True, True)], [s(False, False)]]) is None
    True
    """
    tally = _Tally()
    for p in problems:
        tally.add(p)
    return tally.summary()


class SamplesBuilder:
    """Collect the samples of a run, problem by problem, and build their :class:`SamplesSummary`.

    A result added without a :class:`SampleKey` is a problem of its own. Builders of consecutive chunks merge
    exactly (:meth:`merge`): problems keep their first-seen order and each its samples' order. At most ``limit``
    samples are kept in memory (default :data:`SPILL_LIMIT`); beyond, they go to a temporary SQLite database
    (:class:`~prontocheck.report.spill.Spill`, removed by :meth:`close`, when the builder is garbage-collected,
    or at exit), and the summary is the same. A builder pickles with every sample it holds (a spilled one too).

    >>> from prontocheck import Problem, check
    >>> p = Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is a carnivore.")
    >>> a, b = SamplesBuilder(), SamplesBuilder(limit=0)
    >>> a.add(check(p, "Fae is a carnivore. True"), SampleKey("q1"))
    >>> b.add(check(p, "False"), SampleKey("q1"))
    >>> a.merge(b)
    >>> s = a.build()
    >>> s.several, s.pass_at_k[-1].k, s.pass_at_k[-1].value["valid"], s.majority.value
    (1, 2, 1.0, 0.0)
    >>> a.spilled, b.spilled
    (True, True)
    >>> a.close()
    >>> a.spilled, a.build() is None
    (False, True)
    """

    def __init__(self, *, limit: int | None = None) -> None:
        self._limit = SPILL_LIMIT if limit is None else limit
        self._empty()

    def _empty(self) -> None:
        self._problems: dict[str, list[Row]] = {}
        self._single: list[Row] = []
        self._held = 0  # rows in memory
        self._spill: Spill | None = None

    def add(self, result: ExampleResult, key: SampleKey | None = None, *, misleading: bool = False) -> None:
        """Count one checked example as a sample of ``key``'s problem (``None``: a problem of its own)."""
        if key is None:
            self._single.append(_row(result, None, misleading))
        else:
            row = _row(result, key.logprob, misleading)
            rows = self._problems.get(key.problem)
            if rows is None:
                self._problems[key.problem] = [row]
            else:
                rows.append(row)
        self._held += 1
        if self._held > self._limit:
            self._flush()

    def _flush(self) -> None:
        """Move the samples held in memory to the database, after those there."""
        if not self._held:
            return
        if self._spill is None:
            self._spill = Spill()
        self._spill.write(itertools.chain(self._problems.items(), ((None, [row]) for row in self._single)))
        self._problems, self._single, self._held = {}, [], 0

    @property
    def spilled(self) -> bool:
        """Whether some samples are in the temporary database."""
        return self._spill is not None

    def close(self) -> None:
        """Forget every sample and remove the temporary database, if any (the builder can be used again)."""
        if self._spill is not None:
            self._spill.close()
        self._empty()

    def merge(self, other: SamplesBuilder) -> None:
        """Add everything ``other`` collected, as if it had been added here after this builder's own."""
        if other._spill is not None:
            self._flush()
            if self._spill is None:
                self._spill = Spill()
            self._spill.extend(other._spill)
        for problem, samples in other._problems.items():
            rows = self._problems.get(problem)
            if rows is None:
                self._problems[problem] = list(samples)
            else:
                rows.extend(samples)
        self._single.extend(other._single)
        self._held += other._held
        if self._held > self._limit:
            self._flush()

    def _rows(self) -> Iterator[tuple[str | None, list[Row]]]:
        """Every problem with its rows: the keyed ones in first-seen order, then the others one by one."""
        if self._spill is not None:
            self._flush()
            yield from self._spill.problems()
            return
        yield from self._problems.items()
        for row in self._single:
            yield None, [row]

    def samples(self) -> Iterator[tuple[str | None, Sample]]:
        """Every sample with its problem's key: the keyed problems' in first-seen order, then the others (key
        ``None``) in order.
        """
        for problem, rows in self._rows():
            for row in rows:
                yield problem, _sample(row)

    def build(self) -> SamplesSummary | None:
        """The summary, or ``None`` when no problem has more than one sample."""
        if self._spill is not None:
            self._flush()
            several = self._spill.several()
        else:
            several = any(len(rows) > 1 for rows in self._problems.values())
        if not several:
            return None
        tally = _Tally()
        for _, rows in self._rows():
            tally.add([_sample(row) for row in rows])
        return tally.summary()

    def __getstate__(self) -> tuple[int, dict[str, list[Row]], list[Row]]:
        if self._spill is None:
            return self._limit, self._problems, self._single
        problems: dict[str, list[Row]] = {}
        single: list[Row] = []
        for problem, rows in self._rows():
            if problem is None:
                single.extend(rows)
            else:
                problems[problem] = rows
        return self._limit, problems, single

    def __setstate__(self, state: tuple[int, dict[str, list[Row]], list[Row]]) -> None:
        limit, problems, single = state
        self._limit = limit
        self._empty()
        self._problems, self._single = problems, single
        self._held = sum(map(len, problems.values())) + len(single)
        if self._held > self._limit:
            self._flush()
