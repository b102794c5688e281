"""The paper's metrics over scored answers: small pure functions that accept empty input.

Each answer falls into one of four cells, validity × polarity: V.AFF and I.NEG expect Yes, V.NEG
and I.AFF expect No. With the cell accuracies (uncertain answers count as incorrect):

* Acc(Yes) = (V.AFF + I.NEG) / 2, Acc(No) = (V.NEG + I.AFF) / 2;
* Bias = Acc(Yes) − Acc(No) (positive: Yes-biased);
* PS = ((V.AFF + I.AFF) − (V.NEG + I.NEG)) / 2 (positive: negation hurts);
* Floor = min(Acc(Yes), Acc(No)) (the competence floor: 0 for a constant answerer, 0.5 for a coin).

A figure that needs an empty cell is ``None``.

>>> items = [Scored("1", "Yes", "Yes", True, "aff"), Scored("2", "Yes", "No", True, "neg"),
...          Scored("3", "Yes", "No", False, "aff"), Scored("4", "Yes", "Yes", False, "neg")]
>>> s = summarize(items)
>>> s.accuracy.value, s.acc_yes, s.acc_no, s.bias, s.floor, s.polarity_sensitivity
(0.5, 1.0, 0.0, 1.0, 0.0, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from prontocheck.common.stats import Rate
from prontocheck.modal.questions import Answer

CELLS = ("V.AFF", "V.NEG", "I.AFF", "I.NEG")
"""The four validity × polarity cells."""


@dataclass(frozen=True, slots=True)
class Scored:
    """One model answer to one item, with what it is scored against.

    Attributes:
        id: the item id.
        answer: the model's answer read as ``Yes``/``No``, or ``None`` (uncertain: counted incorrect).
        gold: the gold answer.
        valid: the pattern's gold validity.
        polarity: ``aff`` or ``neg``.
        form: the question form.
        negation: how the question's negation is written.
        metadata: grouping fields (``pattern``, ``template``, ``origin``, ``gender``, ``activity``,
            ``group``, ``semantics_sensitive``, ``determinate``).
    """

    id: str
    answer: Answer | None
    gold: Answer
    valid: bool
    polarity: str
    form: str = ""
    negation: str = "none"
    metadata: dict[str, Any] = field(default_factory=dict)

    @property
    def correct(self) -> bool:
        """The answer is the gold answer."""
        return self.answer == self.gold

    @property
    def cell(self) -> str:
        """``V.AFF``, ``V.NEG``, ``I.AFF`` or ``I.NEG``."""
        return f"{'V' if self.valid else 'I'}.{'AFF' if self.polarity == 'aff' else 'NEG'}"


def accuracy(items: Iterable[Scored]) -> Rate:
    """The fraction of correct answers (uncertain counts as incorrect), as a Rate."""
    items = list(items)
    return Rate(sum(x.correct for x in items), len(items))


def uncertain(items: Iterable[Scored]) -> Rate:
    """The fraction of answers that are neither Yes nor No."""
    items = list(items)
    return Rate(sum(x.answer is None for x in items), len(items))


def yes_rate(items: Iterable[Scored]) -> Rate:
    """The fraction of Yes answers."""
    items = list(items)
    return Rate(sum(x.answer == "Yes" for x in items), len(items))


def cells(items: Iterable[Scored]) -> dict[str, Rate]:
    """The accuracy of each validity × polarity cell."""
    items = list(items)
    return {c: accuracy(x for x in items if x.cell == c) for c in CELLS}


def _mean(*values: float | None) -> float | None:
    return None if any(v is None for v in values) else sum(v for v in values if v is not None) / len(values)


@dataclass(frozen=True, slots=True)
class Summary:
    """The paper's figures over a set of answers.

    Attributes:
        n: how many answers.
        accuracy: overall (micro) accuracy.
        uncertain: the share of answers that are neither Yes nor No.
        cells: V.AFF, V.NEG, I.AFF, I.NEG accuracies.
        acc_yes: (V.AFF + I.NEG) / 2.
        acc_no: (V.NEG + I.AFF) / 2.
        bias: Acc(Yes) − Acc(No).
        polarity_sensitivity: ((V.AFF + I.AFF) − (V.NEG + I.NEG)) / 2.
        floor: min(Acc(Yes), Acc(No)), the competence floor.
        yes_rate: the share of Yes answers.
    """

    n: int
    accuracy: Rate
    uncertain: Rate
    cells: dict[str, Rate]
    acc_yes: float | None
    acc_no: float | None
    bias: float | None
    polarity_sensitivity: float | None
    floor: float | None
    yes_rate: Rate

    def to_json(self) -> dict[str, Any]:
        """Rates as ``{"value", "ci95", "n", "successes"}``; the other figures as numbers or ``None``."""
        return {"n": self.n, "accuracy": self.accuracy.to_json(), "uncertain": self.uncertain.to_json(),
                "cells": {c: r.to_json() for c, r in self.cells.items()}, "acc_yes": self.acc_yes,
                "acc_no": self.acc_no, "bias": self.bias, "polarity_sensitivity": self.polarity_sensitivity,
                "floor": self.floor, "yes_rate": self.yes_rate.to_json()}


def summarize(items: Iterable[Scored]) -> Summary:
    """All of the paper's figures over ``items`` (which may be empty)."""
    items = list(items)
    c = cells(items)
    v = {k: r.value for k, r in c.items()}
    acc_yes = _mean(v["V.AFF"], v["I.NEG"])
    acc_no = _mean(v["V.NEG"], v["I.AFF"])
    bias = None if acc_yes is None or acc_no is None else acc_yes - acc_no
    aff, neg = _mean(v["V.AFF"], v["I.AFF"]), _mean(v["V.NEG"], v["I.NEG"])
    ps = None if aff is None or neg is None else aff - neg
    floor = None if acc_yes is None or acc_no is None else min(acc_yes, acc_no)
    return Summary(len(items), accuracy(items), uncertain(items), c, acc_yes, acc_no, bias, ps, floor, yes_rate(items))


WEIGHTINGS = ("micro", "prompt_balanced", "template_balanced", "frame_balanced", "cell_average")
"""The paper's five pooling schemes of overall accuracy (its Table 14), in its order."""


def weightings(items: Iterable[Scored]) -> dict[str, float | None]:
    """Overall accuracy under the paper's five pooling schemes, and their ``spread`` (max − min).

    ``micro``: the mean over every answer; ``prompt_balanced``, ``template_balanced``, ``frame_balanced``: each
    prompt (item id), template (the item's pattern: the paper folds its 15 templates to 13) or question form
    weighs the same, its answers averaged first; ``cell_average``: (V.AFF + V.NEG + I.AFF + I.NEG) / 4, ``None``
    when a cell has no answers. All ``None`` for no answers.

    >>> xs = [Scored("1", "Yes", "Yes", True, "aff", "TRUTH", metadata={"pattern": "p"}),
    ...       Scored("2", "Yes", "No", True, "neg", "TRUTH", metadata={"pattern": "p"}),
    ...       Scored("3", "No", "No", False, "aff", "FOLLOW", metadata={"pattern": "q"})]
    >>> {k: None if v is None else round(v, 3) for k, v in weightings(xs).items()}
    {'micro': 0.667, 'prompt_balanced': 0.667, 'template_balanced': 0.75, 'frame_balanced': 0.75, \
'cell_average': None, 'spread': 0.083}
    """
    items = list(items)

    def balanced(key: Callable[[Scored], Any]) -> float | None:
        groups: dict[Any, list[bool]] = {}
        for x in items:
            groups.setdefault(key(x), []).append(x.correct)
        return sum(sum(g) / len(g) for g in groups.values()) / len(groups) if groups else None

    figures = {"micro": accuracy(items).value, "prompt_balanced": balanced(lambda x: x.id),
               "template_balanced": balanced(lambda x: x.metadata.get("pattern")),
               "frame_balanced": balanced(lambda x: x.form),
               "cell_average": _mean(*(r.value for r in cells(items).values()))}
    defined = [v for v in figures.values() if v is not None]
    return {**figures, "spread": max(defined) - min(defined) if defined else None}


def by(items: Iterable[Scored], key: Callable[[Scored], Any]) -> dict[str, Summary]:
    """:func:`summarize` per value of ``key`` (values in order of first appearance; ``None`` skipped)."""
    groups: dict[str, list[Scored]] = {}
    for x in items:
        k = key(x)
        if k is not None:
            groups.setdefault(str(k), []).append(x)
    return {k: summarize(v) for k, v in groups.items()}


def mcnemar_exact(b: int, c: int) -> float:
    """Two-sided exact McNemar test: the binomial probability of a split at least as uneven as b : c.

    ``b`` and ``c`` count the discordant pairs (first right and second wrong, and the reverse);
    p = min(1, 2 · P[X ≤ min(b, c)]) for X ~ Binomial(b + c, 1/2), and 1.0 when there are none.

    >>> mcnemar_exact(0, 0), mcnemar_exact(5, 0), round(mcnemar_exact(8, 2), 4)
    (1.0, 0.0625, 0.1094)
    """
    if b < 0 or c < 0:
        raise ValueError(f"discordant counts must be non-negative, got b={b}, c={c}")
    n = b + c
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(b, c) + 1))
    return min(1.0, 2 * tail / 2**n)


@dataclass(frozen=True, slots=True)
class PairComparison:
    """Matched negated questions, negation written as a prefix vs with the word *not*.

    Attributes:
        family: ``CORRECT`` (incorrect vs not correct), ``VALID`` (invalid vs not valid) or ``all``.
        pairs: how many matched pairs.
        prefix: accuracy with the prefix form.
        not_: accuracy with the *not* form.
        delta: prefix accuracy − not accuracy (``None`` without pairs).
        prefix_right_not_wrong: discordant pairs, prefix right and *not* wrong (McNemar's b).
        prefix_wrong_not_right: discordant pairs, the reverse (McNemar's c).
        p_value: the exact McNemar p-value.
        prefix_yes_rate: the share of Yes answers with the prefix form.
        not_yes_rate: the share of Yes answers with the *not* form.
    """

    family: str
    pairs: int
    prefix: Rate
    not_: Rate
    delta: float | None
    prefix_right_not_wrong: int
    prefix_wrong_not_right: int
    p_value: float
    prefix_yes_rate: Rate
    not_yes_rate: Rate

    def to_json(self) -> dict[str, Any]:
        """The figures, rates as in :meth:`Summary.to_json`."""
        return {"family": self.family, "pairs": self.pairs, "prefix": self.prefix.to_json(),
                "not": self.not_.to_json(), "delta": self.delta, "b": self.prefix_right_not_wrong,
                "c": self.prefix_wrong_not_right, "p_value": self.p_value,
                "prefix_yes_rate": self.prefix_yes_rate.to_json(), "not_yes_rate": self.not_yes_rate.to_json()}


def compare_pairs(family: str, pairs: Sequence[tuple[Scored, Scored]]) -> PairComparison:
    """Compare matched (prefix, not) answer pairs with McNemar's exact test."""
    prefix, not_ = [p for p, _ in pairs], [q for _, q in pairs]
    b = sum(p.correct and not q.correct for p, q in pairs)
    c = sum(q.correct and not p.correct for p, q in pairs)
    pa, na = accuracy(prefix), accuracy(not_)
    delta = None if pa.value is None or na.value is None else pa.value - na.value
    return PairComparison(family, len(pairs), pa, na, delta, b, c, mcnemar_exact(b, c), yes_rate(prefix),
                          yes_rate(not_))
