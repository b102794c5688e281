"""Aggregate per-example results into a :class:`Summary`, optionally grouped by a metadata value.

:class:`SummaryBuilder` keeps counters only (plus capped lists of distinct unparseable sentences,
bad records and warnings), so the CLI can stream any number of records through it;
:func:`summarize` is the same as a pure function. Builders of consecutive chunks of a run (each
with ``limit=None``) merge into the run's builder exactly (:meth:`SummaryBuilder.merge`): the
``analyze`` job's worker processes count their own chunks. :class:`GroupedSummaryBuilder` and
:func:`summarize_groups` do it per group (``--group-by model``) and keep the overall total too.

Conventions: an accuracy over no examples has value and interval ``None``; a step fraction over no
steps is ``None``; the pseudo-kind ``"none"`` in the first-error counts stands for examples none of
whose steps is non-canonical (empty chains of thought included).
"""

from __future__ import annotations

import dataclasses
import sys
from collections import Counter
from collections.abc import Iterable
from typing import TypeVar

from prontocheck.common.stats import Rate
from prontocheck.io.records import RecordError
from prontocheck.prontoqa.results import (
    METRICS,
    MISLEADING,
    STRICT,
    UNPARSEABLE,
    VALUES,
    ExampleResult,
    SentenceKind,
    Utility,
    Validity,
)
from prontocheck.report.samples import SampleKey, SamplesBuilder
from prontocheck.report.summary import GroupedSummary, StepCounts, StepsToReturn, Summary, Unparseable

DEFAULT_LIMIT = 1000
"""How many distinct unparseable sentences, bad records and warnings a summary lists; the rest are counted."""

NO_GROUP = "(none)"
"""The group of a result whose metadata lacks the grouping key (or holds ``None``)."""

NO_ERROR = "none"
"""The first-error pseudo-kind of an example without a non-canonical step."""

_K = TypeVar("_K")


def _by_key(counts: Counter[str]) -> dict[str, int]:
    return dict(sorted(counts.items()))


def _by_frequency(counts: dict[str, int]) -> dict[str, int]:
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))  # stable: ties stay first-seen


def _admit(mine: dict[_K, int], key: _K, count: int, limit: int) -> int:
    """Add ``count`` to ``key``'s entry if ``mine`` lists it or has room for it (``limit`` entries); return the
    count left out (0, or ``count``): the rule of every capped list of a summary, whether an example is added or
    a chunk's builder merged.
    """
    if key in mine or len(mine) < limit:
        mine[key] = mine.get(key, 0) + count
        return 0
    return count


class SummaryBuilder:
    """Build a :class:`Summary` one result at a time, keeping counters only.

    Args:
        limit: how many distinct unparseable sentences, bad records and warnings to list (the first
            seen; the others are counted); ``None``: all of them.

    >>> from prontocheck import Problem, check
    >>> p = Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is a carnivore.")
    >>> b = SummaryBuilder()
    >>> b.add(check(p, "Fae is a cat. Every cat is a carnivore. Fae is a carnivore. True"))
    >>> b.add(check(p, "Fae is a carnivore. False"))
    >>> s = b.build()
    >>> s.n, s.label.value, s.proof["strict"].value, s.proof["valid"].value, s.steps.total
    (2, 0.5, 0.5, 1.0, 4)

    """

    def __init__(self, *, limit: int | None = DEFAULT_LIMIT) -> None:
        self._limit = sys.maxsize if limit is None else limit
        self._n = 0
        self._label = [0, 0]  # correct, labelled
        self._proof: Counter[str] = Counter()
        self._n_proof = 0
        self._n_incorrect = 0
        self._steps: Counter[str] = Counter()  # total, strict_atomic, strict_non_atomic, redundant
        self._validity: Counter[str] = Counter()
        self._utility: Counter[str] = Counter()
        self._kind: Counter[str] = Counter()
        self._first_error: Counter[str] = Counter()
        self._first_error_incorrect: Counter[str] = Counter()
        self._return: Counter[int] = Counter()
        self._never = 0
        self._unparseable: dict[tuple[str, str], int] = {}
        self._unparseable_omitted = 0
        self._errors: list[RecordError] = []
        self._n_errors = 0
        self._warnings: dict[str, int] = {}
        self._warnings_omitted = 0
        self._gold_source: Counter[str] = Counter()
        self._sentences: Counter[str] = Counter()
        self._no_answer: Counter[str] = Counter()
        self._cut = 0
        self._samples = SamplesBuilder()

    def _add_steps(self, result: ExampleResult) -> bool:
        """Count the steps; return whether one is strict, atomic and misleading."""
        misleading = False
        for s in result.steps:
            self._steps["total"] += 1
            self._validity[VALUES[s.validity]] += 1
            self._kind[s.kind] += 1
            self._steps["redundant"] += s.redundant
            if s.utility is not None:
                self._utility[VALUES[s.utility]] += 1
            if s.validity is STRICT:
                self._steps["strict_atomic" if s.atomic else "strict_non_atomic"] += 1
                misleading = misleading or bool(s.atomic and s.utility is MISLEADING)
            if s.validity is UNPARSEABLE:
                self._unparseable_omitted += _admit(self._unparseable, (s.text, s.reason or ""), 1, self._limit)
        return misleading

    def add(self, result: ExampleResult, sample: SampleKey | None = None) -> None:
        """Count one checked example; ``sample``: the problem it is a sample of (``None``: a problem of its own)."""
        self._n += 1
        if result.label.correct is not None:
            self._label[0] += result.label.correct
            self._label[1] += 1
        kind = NO_ERROR if result.first_error is None else result.first_error.kind
        self._first_error[kind] += 1
        if result.gold.source != "none":
            self._n_proof += 1
            self._proof.update(m for m in METRICS if getattr(result.proof, m))
            if not result.proof.valid:
                self._n_incorrect += 1
                self._first_error_incorrect[kind] += 1
        misleading = self._add_steps(result)
        self._samples.add(result, sample, misleading=misleading)
        if misleading:
            if result.steps_to_return is None:
                self._never += 1
            else:
                self._return[result.steps_to_return] += 1
        for w in result.warnings:
            self._warnings_omitted += _admit(self._warnings, w, 1, self._limit)
        self._gold_source[result.gold.source] += 1
        self._sentences.update([VALUES[s.kind] for s in result.sentences])
        if result.label.predicted is None and result.label.reason is not None:
            self._no_answer[result.label.reason] += 1
        self._cut += result.cut_after_answer > 0

    def add_error(self, error: RecordError) -> None:
        """Count one input record that could not be read."""
        self._n_errors += 1
        if len(self._errors) < self._limit:
            self._errors.append(error)

    def merge(self, other: SummaryBuilder | GroupedSummaryBuilder) -> None:
        """Count everything ``other`` counted, as if its results and errors were added here after this
        builder's own: merging the builders of consecutive chunks in their order gives the figures (and
        the lists, in their first-seen order) of adding every result to one builder.

        Raises:
            ValueError: ``other`` is grouped, or it left entries out of its lists (it reached its
                limit: what it left out cannot be counted exactly here); give it ``limit=None``.

        >>> from prontocheck import Problem, check
        >>> p = Problem("Fae is a cat.", "True or false: Fae is a cat.")
        >>> one, a, b = SummaryBuilder(limit=1), SummaryBuilder(limit=None), SummaryBuilder(limit=None)
        >>> for builder, output in ((a, "Fae is a dog. True"), (b, "Fae is a cow. False")):
        ...     one.add(check(p, output))
        ...     builder.add(check(p, output))
        >>> merged = SummaryBuilder(limit=1)
        >>> merged.merge(a)
        >>> merged.merge(b)
        >>> merged.build() == one.build(), merged.build().label.value
        (True, 0.5)
        """
        if not isinstance(other, SummaryBuilder):
            raise ValueError(f"cannot merge a summary grouped by {other.key!r} into an ungrouped one")
        if other._unparseable_omitted or other._warnings_omitted or len(other._errors) < other._n_errors:
            raise ValueError("cannot merge a summary that left entries out of its lists: build it with limit=None")
        self._n += other._n
        self._label[0] += other._label[0]
        self._label[1] += other._label[1]
        self._n_proof += other._n_proof
        self._n_incorrect += other._n_incorrect
        self._never += other._never
        self._cut += other._cut
        self._samples.merge(other._samples)
        # Counter.update adds the keys new here in ``other``'s order: first-seen order is kept.
        for mine, theirs in ((self._proof, other._proof), (self._steps, other._steps),
                             (self._validity, other._validity), (self._utility, other._utility),
                             (self._kind, other._kind), (self._first_error, other._first_error),
                             (self._first_error_incorrect, other._first_error_incorrect),
                             (self._gold_source, other._gold_source), (self._sentences, other._sentences),
                             (self._no_answer, other._no_answer)):
            mine.update(theirs)
        self._return.update(other._return)
        # A distinct entry is listed if it was seen while the list had room, with all its counts; the
        # others count as omitted. ``other`` lists its entries in first-seen order, so this is exact.
        self._unparseable_omitted += sum(_admit(self._unparseable, key, count, self._limit)
                                         for key, count in other._unparseable.items())
        self._warnings_omitted += sum(_admit(self._warnings, key, count, self._limit)
                                      for key, count in other._warnings.items())
        self._n_errors += other._n_errors
        self._errors.extend(other._errors[: max(0, self._limit - len(self._errors))])

    def build(self) -> Summary:
        """The summary of everything added so far (the builder can go on counting)."""
        steps = StepCounts(
            total=self._steps["total"],
            validity={v.value: self._validity[v.value] for v in Validity},
            strict_atomic=self._steps["strict_atomic"],
            strict_non_atomic=self._steps["strict_non_atomic"],
            utility={u.value: self._utility[u.value] for u in Utility},
            redundant=self._steps["redundant"],
            kind=_by_key(self._kind),
        )
        unparseable = sorted(self._unparseable.items(), key=lambda kv: -kv[1])
        return Summary(
            n=self._n,
            n_errors=self._n_errors,
            label=Rate(*self._label),
            proof={m: Rate(self._proof[m], self._n_proof) for m in METRICS},
            n_incorrect=self._n_incorrect,
            steps=steps,
            first_error=_by_key(self._first_error),
            first_error_incorrect=_by_key(self._first_error_incorrect),
            steps_to_return=StepsToReturn(dict(sorted(self._return.items())), self._never),
            unparseable=tuple(Unparseable(s, r, c) for (s, r), c in unparseable),
            unparseable_omitted=self._unparseable_omitted,
            errors=tuple(self._errors),
            errors_omitted=self._n_errors - len(self._errors),
            warnings=_by_frequency(self._warnings),
            warnings_omitted=self._warnings_omitted,
            gold_source=_by_key(self._gold_source),
            sentences={k.value: self._sentences[k.value] for k in SentenceKind},
            no_answer=_by_frequency(dict(self._no_answer)),
            cut_after_answer=self._cut,
            samples=self._samples.build(),
        )

    @property
    def samples(self) -> SamplesBuilder:
        """The samples collected, problem by problem (:mod:`prontocheck.report.samples`)."""
        return self._samples


def summarize(
    results: Iterable[ExampleResult], errors: Iterable[RecordError] = (), *, limit: int = DEFAULT_LIMIT
) -> Summary:
    """Summarize checked examples and the input records that could not be read.

    Args:
        results: the checked examples.
        errors: the bad input records.
        limit: how many distinct unparseable sentences, bad records and warnings to list.

    >>> s = summarize([])
    >>> s.n, s.label.value, s.proof["valid"].to_json()
    (0, None, {'value': None, 'ci95': None, 'n': 0, 'successes': 0})

    """
    builder = SummaryBuilder(limit=limit)
    for r in results:
        builder.add(r)
    for e in errors:
        builder.add_error(e)
    return builder.build()


def group_key(result: ExampleResult, key: str) -> str:
    """The group of a result: its metadata value under ``key`` as text, or ``"(none)"`` when absent.

    >>> from prontocheck import Problem, check
    >>> r = check(Problem("Fae is a cat.", "True or false: Fae is a cat."), "True", metadata={"model": "m1"})
    >>> group_key(r, "model"), group_key(r, "temperature")
    ('m1', '(none)')
    """
    value = result.metadata.get(key)
    return NO_GROUP if value is None else str(value)


class GroupedSummaryBuilder:
    """Build a :class:`GroupedSummary` one result at a time: one :class:`SummaryBuilder` per group.

    Groups keep their first-seen order. A bad record goes to the total, and to a group only when one
    is named, or when grouping by ``file`` (then its group is the record's file): records that could
    not be read have no other metadata.

    Args:
        key: the metadata key to group by (``model``, ``file``, …).
        limit: how many distinct unparseable sentences, bad records and warnings each summary lists
            (``None``: all of them).

    """

    def __init__(self, key: str, *, limit: int | None = DEFAULT_LIMIT) -> None:
        self.key = key
        self._limit = limit
        self._groups: dict[str, SummaryBuilder] = {}
        self._total = SummaryBuilder(limit=limit)

    def _group(self, name: str) -> SummaryBuilder:
        if name not in self._groups:
            self._groups[name] = SummaryBuilder(limit=self._limit)
        return self._groups[name]

    def add(self, result: ExampleResult, group: str | None = None, sample: SampleKey | None = None) -> None:
        """Count one checked example in its group (by default :func:`group_key`) and in the total; ``sample``:
        the problem it is a sample of, within its group (the total keeps the groups' problems apart).
        """
        name = group_key(result, self.key) if group is None else group
        self._group(name).add(result, sample)
        self._total.add(result, None if sample is None else dataclasses.replace(sample,
                                                                                problem=f"{name}\0{sample.problem}"))

    @property
    def groups(self) -> dict[str, SummaryBuilder]:
        """The builder of each group, in first-seen order."""
        return self._groups

    def add_error(self, error: RecordError, group: str | None = None) -> None:
        """Count one bad input record in the total, and in ``group`` (by default, see the class)."""
        if group is None and self.key == "file":
            group = error.file
        if group is not None:
            self._group(group).add_error(error)
        self._total.add_error(error)

    def merge(self, other: SummaryBuilder | GroupedSummaryBuilder) -> None:
        """Count everything ``other`` counted, as if it was added here after this builder's own (see
        :meth:`SummaryBuilder.merge`); groups new here come after this builder's, in ``other``'s order.

        Raises:
            ValueError: ``other`` is not grouped by the same key, or it left entries out of its lists.
        """
        if not isinstance(other, GroupedSummaryBuilder) or other.key != self.key:
            what = "an ungrouped summary" if isinstance(other, SummaryBuilder) else f"one grouped by {other.key!r}"
            raise ValueError(f"cannot merge {what} into one grouped by {self.key!r}")
        for name, builder in other._groups.items():
            self._group(name).merge(builder)
        self._total.merge(other._total)

    def build(self) -> GroupedSummary:
        """The grouped summary of everything added so far."""
        groups = {name: b.build() for name, b in self._groups.items()}
        return GroupedSummary(self.key, groups, self._total.build())


def summarize_groups(
    pairs: Iterable[tuple[str, ExampleResult]],
    errors: Iterable[RecordError] = (),
    *,
    group_by: str = "group",
    limit: int = DEFAULT_LIMIT,
) -> GroupedSummary:
    """Summarize (group name, result) pairs per group and in total.

    Args:
        pairs: each result with the name of its group.
        errors: the bad input records (counted in the total; per file too when ``group_by == "file"``).
        group_by: what the group names are, for the report.
        limit: how many distinct unparseable sentences, bad records and warnings each summary lists.

    >>> from prontocheck import Problem, check
    >>> p = Problem("Fae is a cat.", "True or false: Fae is a cat.")
    >>> g = summarize_groups([("a", check(p, "True")), ("b", check(p, "False")), ("a", check(p, "False"))])
    >>> list(g.groups), g.groups["a"].label.value, g.total.n
    (['a', 'b'], 0.5, 3)

    """
    builder = GroupedSummaryBuilder(group_by, limit=limit)
    for name, result in pairs:
        builder.add(result, name)
    for e in errors:
        builder.add_error(e)
    return builder.build()


def summarize_by(
    results: Iterable[ExampleResult], key: str, errors: Iterable[RecordError] = (), *, limit: int = DEFAULT_LIMIT
) -> GroupedSummary:
    """Summarize results grouped by their metadata value under ``key`` (``"(none)"`` when absent)."""
    return summarize_groups(((group_key(r, key), r) for r in results), errors, group_by=key, limit=limit)
