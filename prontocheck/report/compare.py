"""Comparing two runs on the same questions: per metric, the difference, McNemar's paired test, the flips.

A *run* is a list of per-example :class:`Outcome` s: a saved ``--output`` file (:func:`read_outcomes`) or one group of
an ``analyze --group-by KEY --paired`` run (:func:`outcomes_of`). :func:`pair` matches the examples of two runs on
their record id, and those left on their problem (the problem key of :mod:`prontocheck.report.samples`, where the
run knows it), each only where the match is one to one; every example that finds no partner is counted and listed
(never dropped silently), as are ids that occur more than once in a run. :func:`compare` gives, for label
accuracy and the four proof accuracies, the accuracy of each run on the pairs where both have the figure, the
difference (B − A), McNemar's test on the discordant pairs and the examples that flip.

McNemar's test (:func:`mcnemar`) with ``b`` pairs right in A only and ``c`` right in B only: below
:data:`EXACT_BELOW` discordant pairs the exact two-sided binomial test, ``p = min(1, 2·Σ_{i ≤ min(b, c)} C(b+c, i)
/ 2^(b+c))``, computed in exact rational arithmetic; from it on the chi-square test with continuity correction,
``χ² = max(0, |b − c| − 1)² / (b + c)`` on one degree of freedom (``p = erfc(√(χ²/2))``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from prontocheck.prontoqa.results import METRICS
from prontocheck.report.aggregate import SummaryBuilder
from prontocheck.report.runs import read_run

EXACT_BELOW = 25
"""McNemar's test is exact (binomial) below this many discordant pairs, and the chi-square test with continuity
correction from it on (the usual rule: the chi-square approximation is good once ``b + c`` reaches about 25)."""

COMPARED = ("label_accuracy", *METRICS)
"""The figures compared: label accuracy and the four proof accuracies."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One example of a run, as a comparison needs it.

    Attributes:
        id: the record's id.
        problem: its problem key (``None``: not known; it can then be matched on its id only).
        label: whether its answer is correct (``None``: no gold label).
        proof: the four proof accuracies in :data:`METRICS` order (``None``: no gold proof).
    """

    id: str
    problem: str | None
    label: bool | None
    proof: tuple[bool, ...] | None

    def figure(self, name: str) -> bool | None:
        """Whether the example is right under ``name`` (one of :data:`COMPARED`); ``None``: not measured.

        >>> o = Outcome("q1", None, True, (False, True, False, True))
        >>> o.figure("label_accuracy"), o.figure("non_atomic"), Outcome("q2", None, None, None).figure("valid")
        (True, True, None)
        """
        if name == "label_accuracy":
            return self.label
        return None if self.proof is None else self.proof[METRICS.index(name)]


@dataclass(frozen=True, slots=True)
class Run:
    """The examples of one run.

    Attributes:
        name: how the run is named in reports (its file, or its group).
        outcomes: its checked examples, in order.
        errors: the ids of its records that could not be read or checked (never paired), in order.
        errors_omitted: such records not listed in ``errors`` (a summary lists a limited number).
    """

    name: str
    outcomes: tuple[Outcome, ...]
    errors: tuple[str, ...] = ()
    errors_omitted: int = 0

    @property
    def n_errors(self) -> int:
        """Its records that could not be read or checked."""
        return len(self.errors) + self.errors_omitted


def read_outcomes(path: str) -> Run:
    """The outcomes of a saved run (``prontocheck analyze -o``, read by :func:`~prontocheck.report.runs.read_run`:
    compressed or not, ``-`` for standard input, a run directory): a bad record is listed in ``errors`` by its id
    (else its file and line); a record saved with its ``problem_key`` can be matched on it.

    Raises:
        InputError: the file cannot be read, or a line is not a record of ``analyze -o``.

    >>> import os, tempfile
    >>> from prontocheck import Problem, check
    >>> from prontocheck.io.writing import dumps
    >>> r = check(Problem("Fae is a cat.", "True or false: Fae is a cat."), "Fae is a cat. True", id="q1")
    >>> with tempfile.TemporaryDirectory() as d:
    ...     path = os.path.join(d, "a.jsonl")
    ...     with open(path, "w") as f:
    ...         _ = f.write(dumps(r.to_json()) + "\\n"
    ...                     '{"id": "q2", "error": {"file": "in.jsonl", "line": 2, "reason": "not JSON"}}\\n')
    ...     run = read_outcomes(path)
    >>> run.outcomes, run.errors
    ((Outcome(id='q1', problem=None, label=True, proof=(True, True, True, True)),), ('q2',))
    """
    outcomes: list[Outcome] = []
    errors: list[str] = []
    for saved in read_run(path):
        if saved.result is None:
            error = saved.error
            errors.append("?" if error is None else error.id or f"{error.file}:{error.line}")
            continue
        r = saved.result
        proof = None if r.gold.source == "none" else tuple(bool(getattr(r.proof, m)) for m in METRICS)
        outcomes.append(Outcome(r.id, saved.problem, r.label.correct, proof))
    return Run(path, tuple(outcomes), tuple(errors))


def outcomes_of(builder: SummaryBuilder, name: str) -> Run:
    """The run of one summary builder (a group of ``analyze --group-by KEY --paired``): its examples, each with
    its problem key, from the samples it collected (:mod:`prontocheck.report.samples`).

    >>> from prontocheck import Problem, check
    >>> from prontocheck.report.samples import SampleKey
    >>> b = SummaryBuilder()
    >>> b.add(check(Problem("Fae is a cat.", "True or false: Fae is a cat."), "Fae is a cat. True", id="q1"),
    ...       SampleKey("p1"))
    >>> outcomes_of(b, "m1").outcomes
    (Outcome(id='q1', problem='p1', label=True, proof=(True, True, True, True)),)
    """
    outcomes = (Outcome(s.id, problem, s.correct, s.proof) for problem, s in builder.samples.samples())
    built = builder.build()
    return Run(name, tuple(outcomes), tuple(e.id or f"{e.file}:{e.line}" for e in built.errors), built.errors_omitted)


class Match(StrEnum):
    """What a pair of examples was matched on."""

    ID = "id"
    PROBLEM = "problem"


@dataclass(frozen=True, slots=True)
class Pairing:
    """The examples of two runs matched one to one.

    Attributes:
        pairs: (A's example, B's example, what they were matched on), in A's order.
        only_a: A's examples without a partner in B, in order.
        only_b: B's examples without a partner in A, in order.
        repeated_ids: per run (``"a"``, ``"b"``), the ids that occur more than once (not matched on their id).
        shared_problem: per run, its unmatched examples whose problem another of its unmatched examples has too
            (several samples of one problem: not matched on it).
    """

    pairs: tuple[tuple[Outcome, Outcome, Match], ...]
    only_a: tuple[Outcome, ...]
    only_b: tuple[Outcome, ...]
    repeated_ids: dict[str, tuple[str, ...]]
    shared_problem: dict[str, int]


def _unique(items: Iterable[tuple[str | None, Outcome]]) -> dict[str, Outcome]:
    """The outcomes whose key is known and occurs once."""
    pairs = [(k, o) for k, o in items if k is not None]
    counts = Counter(k for k, _ in pairs)
    return {k: o for k, o in pairs if counts[k] == 1}


def pair(a: Sequence[Outcome], b: Sequence[Outcome]) -> Pairing:
    """Match the examples of two runs: on their id where it occurs once in each run, then the others on their
    problem where it occurs once among each run's unmatched examples.

    >>> a = [Outcome("q1", "p1", True, None), Outcome("x:1", "p2", True, None), Outcome("q3", "p3", False, None)]
    >>> b = [Outcome("q1", "p1", False, None), Outcome("y:1", "p2", True, None), Outcome("q9", "p9", True, None)]
    >>> p = pair(a, b)
    >>> [(x.id, y.id, m.value) for x, y, m in p.pairs], [o.id for o in p.only_a], [o.id for o in p.only_b]
    ([('q1', 'q1', 'id'), ('x:1', 'y:1', 'problem')], ['q3'], ['q9'])
    """
    ids_a, ids_b = _unique((o.id, o) for o in a), _unique((o.id, o) for o in b)
    by_id = {i: ids_b[i] for i in ids_a if i in ids_b}
    matched_b = {id(o) for o in by_id.values()}
    rest_a = [o for o in a if o.id not in by_id or ids_a.get(o.id) is not o]
    rest_b = [o for o in b if id(o) not in matched_b]
    problems_a, problems_b = _unique((o.problem, o) for o in rest_a), _unique((o.problem, o) for o in rest_b)
    by_problem = {id(o): problems_b[k] for k, o in problems_a.items() if k in problems_b}
    matched_b |= {id(o) for o in by_problem.values()}
    pairs: list[tuple[Outcome, Outcome, Match]] = []
    only_a: list[Outcome] = []
    for o in a:
        if o.id in by_id and ids_a.get(o.id) is o:
            pairs.append((o, by_id[o.id], Match.ID))
        elif id(o) in by_problem:
            pairs.append((o, by_problem[id(o)], Match.PROBLEM))
        else:
            only_a.append(o)
    repeated = {name: tuple(sorted(i for i, c in Counter(o.id for o in run).items() if c > 1))
                for name, run in (("a", a), ("b", b))}
    only_b = [o for o in b if id(o) not in matched_b]
    shared = {name: sum(o.problem is not None and o.problem not in unique for o in only)
              for name, only, unique in (("a", only_a, problems_a), ("b", only_b, problems_b))}
    return Pairing(tuple(pairs), tuple(only_a), tuple(only_b), repeated, shared)


class Method(StrEnum):
    """How McNemar's p-value was computed."""

    EXACT = "exact"
    CHI2 = "chi2"


@dataclass(frozen=True, slots=True)
class McNemar:
    """McNemar's test on the discordant pairs of a paired comparison.

    Attributes:
        b: pairs right in A only.
        c: pairs right in B only.
        method: exact binomial (below :data:`EXACT_BELOW` discordant pairs) or chi-square.
        statistic: ``min(b, c)`` for the exact test, χ² (continuity-corrected) for the other.
        p_value: two-sided.
    """

    b: int
    c: int
    method: Method
    statistic: float
    p_value: float


def mcnemar(b: int, c: int) -> McNemar:
    """McNemar's test of ``b`` pairs right in A only against ``c`` right in B only (see the module docstring).

    >>> mcnemar(1, 6)
    McNemar(b=1, c=6, method=<Method.EXACT: 'exact'>, statistic=1, p_value=0.125)
    >>> t = mcnemar(121, 59)
    >>> t.method.value, round(t.statistic, 3), f"{t.p_value:.3e}"
    ('chi2', 20.672, '5.450e-06')
    >>> mcnemar(0, 0).p_value
    1.0
    """
    n = b + c
    if n < EXACT_BELOW:
        low = min(b, c)
        tail = Fraction(sum(math.comb(n, i) for i in range(low + 1)), 2**n)
        return McNemar(b, c, Method.EXACT, low, float(min(Fraction(1), 2 * tail)))
    statistic = max(0, abs(b - c) - 1) ** 2 / n
    return McNemar(b, c, Method.CHI2, statistic, math.erfc(math.sqrt(statistic / 2)))


@dataclass(frozen=True, slots=True)
class Flip:
    """A pair whose verdict differs between the runs: its ids in A and in B."""

    a: str
    b: str

    def __str__(self) -> str:
        return self.a if self.a == self.b else f"{self.a} ~ {self.b}"


@dataclass(frozen=True, slots=True)
class MetricComparison:
    """One figure compared on the pairs where both runs have it.

    Attributes:
        name: the figure (one of :data:`COMPARED`).
        n: pairs where both runs have the figure.
        a: A's successes among them.
        b: B's successes among them.
        test: McNemar's test.
        worse: pairs right in A and wrong in B.
        better: pairs wrong in A and right in B.
    """

    name: str
    n: int
    a: int
    b: int
    test: McNemar
    worse: tuple[Flip, ...]
    better: tuple[Flip, ...]

    @property
    def difference(self) -> float | None:
        """B's accuracy minus A's (``None`` without pairs)."""
        return (self.b - self.a) / self.n if self.n else None

    def to_json(self) -> dict[str, Any]:
        """The figure's comparison as JSON-ready data (no test without pairs: ``test`` and ``p_value`` ``None``)."""
        return {
            "n": self.n,
            "a": self.a / self.n if self.n else None,
            "b": self.b / self.n if self.n else None,
            "a_successes": self.a,
            "b_successes": self.b,
            "difference": self.difference,
            "a_correct_b_incorrect": self.test.b,
            "a_incorrect_b_correct": self.test.c,
            "test": self.test.method.value if self.n else None,
            "statistic": self.test.statistic if self.n else None,
            "p_value": self.test.p_value if self.n else None,
            "flips": {"a_correct_b_incorrect": [str(f) for f in self.worse],
                      "a_incorrect_b_correct": [str(f) for f in self.better]},
        }


@dataclass(frozen=True, slots=True)
class Comparison:
    """Two runs compared example by example.

    Attributes:
        a: the first run's name, records and errors.
        b: the second run's.
        pairing: how their examples were matched.
        metrics: per figure of :data:`COMPARED`, its comparison.
    """

    a: Run
    b: Run
    pairing: Pairing
    metrics: dict[str, MetricComparison]

    def to_json(self) -> dict[str, Any]:
        """The comparison as JSON-ready data (every flip and every unmatched id listed)."""
        p = self.pairing

        def run(r: Run, only: tuple[Outcome, ...], key: str) -> dict[str, Any]:
            return {"name": r.name, "records": len(r.outcomes),
                    "errors": {"n": r.n_errors, "ids": list(r.errors)},
                    "unmatched": {"n": len(only), "ids": [o.id for o in only]},
                    "repeated_ids": list(p.repeated_ids[key]), "shared_problem": p.shared_problem[key]}

        return {
            "a": run(self.a, p.only_a, "a"),
            "b": run(self.b, p.only_b, "b"),
            "pairs": {"n": len(p.pairs), "by_id": sum(m is Match.ID for *_, m in p.pairs),
                      "by_problem": sum(m is Match.PROBLEM for *_, m in p.pairs)},
            "exact_below": EXACT_BELOW,
            "metrics": {name: m.to_json() for name, m in self.metrics.items()},
        }


def compare(a: Run, b: Run) -> Comparison:
    """Compare two runs on the examples both have (see the module docstring).

    >>> def run(name, *labels):
    ...     return Run(name, tuple(Outcome(i, None, label, None) for i, label in labels))
    >>> ra = run("a", ("q1", True), ("q2", True), ("q3", False))
    >>> rb = run("b", ("q1", False), ("q2", True), ("q4", True))
    >>> c = compare(ra, rb)
    >>> m = c.metrics["label_accuracy"]
    >>> m.n, m.difference, [str(f) for f in m.worse], m.test.p_value, c.metrics["valid"].n
    (2, -0.5, ['q1'], 1.0, 0)
    """
    pairing = pair(a.outcomes, b.outcomes)
    metrics = {}
    for name in COMPARED:
        both = [(x, y, x.figure(name), y.figure(name)) for x, y, _ in pairing.pairs]
        both = [t for t in both if t[2] is not None and t[3] is not None]
        worse = tuple(Flip(x.id, y.id) for x, y, fx, fy in both if fx and not fy)
        better = tuple(Flip(x.id, y.id) for x, y, fx, fy in both if fy and not fx)
        metrics[name] = MetricComparison(name, len(both), sum(bool(t[2]) for t in both), sum(bool(t[3]) for t in both),
                                         mcnemar(len(worse), len(better)), worse, better)
    return Comparison(a, b, pairing, metrics)
