"""Conflicts: the closure's violations as records with a severity and the derivation behind them,
one per minimal support, and the greedy order in which to re-check labels.

A violation's *support* is what its derivation rests on: gold items and background facts.
Violations with the same support are one conflict. A conflict whose support contains the support
of an at least as severe conflict adds nothing and is dropped.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from prontocheck.errors import BudgetExceeded
from prontocheck.horn.closure import Closure, Derivation, Strength, Violation
from prontocheck.limits import CONFLICT_STEPS
from prontocheck.logic.formulas import Atom
from prontocheck.relations.schema import BackgroundFact


class Severity(StrEnum):
    """How serious a conflict is; the value is what JSON output holds."""

    ERROR = "error"
    """A strict rule is violated: the labels are logically inconsistent."""
    WARNING = "warning"
    """Only a soft rule is involved (near-synonymy or parthood transitivity, causal asymmetry)."""
    EXCEPTION = "exception"
    """Only a default rule is involved: an exception to inheritance (penguins do not fly), for information."""

    @classmethod
    def of(cls, level: Strength) -> Severity:
        """The severity of a violation first found at ``level``."""
        return (cls.ERROR, cls.WARNING, cls.EXCEPTION)[level]

    @property
    def rank(self) -> int:
        """0 for the most serious (error), 2 for the least (exception)."""
        return ("error", "warning", "exception").index(self.value)


@dataclass(frozen=True, slots=True)
class Step:
    """One line of a derivation: a fact and why it holds.

    Attributes:
        atom: the fact.
        by: ``"item ID[, ID…]"`` for a gold label, ``"background"``, or the name of the rule applied.
        premises: the facts the rule was applied to (empty for a given fact).
    """

    atom: Atom
    by: str
    premises: tuple[Atom, ...] = ()

    def __str__(self) -> str:
        return f"{self.atom}  [{self.by}{' ← ' + ', '.join(map(str, self.premises)) if self.premises else ''}]"

    def to_json(self) -> dict[str, Any]:
        """``{"atom", "by", "from"}`` with atoms printed."""
        return {"atom": str(self.atom), "by": self.by, "from": [str(p) for p in self.premises]}


@dataclass(frozen=True, slots=True)
class Conflict:
    """A set of labels (and background facts) that violates a constraint.

    Attributes:
        id: ``c1``, ``c2``, … in report order (most severe first).
        severity: error, warning or exception.
        constraint: the violated constraint (``asymmetric(part_of)``) or ``denied by item ID`` for a No label.
        atoms: the violated constraint's ground body (for a No label, the denied atom).
        items: the ids of every gold item the conflict rests on, in input order.
        background: the background facts it rests on.
        rules: every rule used, the violated constraint last.
        steps: the derivation, premises before conclusions.
        group: the conflict group (a cycle of an order relation's labels, :mod:`prontocheck.relations.cycles`)
            it belongs to, or ``None``.
    """

    id: str
    severity: Severity
    constraint: str
    atoms: tuple[Atom, ...]
    items: tuple[str, ...]
    background: tuple[Atom, ...]
    rules: tuple[str, ...]
    steps: tuple[Step, ...]
    group: str | None = None

    def __str__(self) -> str:
        return f"{self.id} {self.severity.value}: {self.constraint} on {', '.join(map(str, self.atoms))} " \
               f"(items {', '.join(self.items)})"

    def to_json(self, *, steps: bool = True) -> dict[str, Any]:
        """The conflict as JSON; ``steps=False`` leaves out the derivation."""
        out: dict[str, Any] = {"id": self.id, "severity": self.severity.value, "constraint": self.constraint,
                               "atoms": [str(a) for a in self.atoms], "items": list(self.items),
                               "background": [str(a) for a in self.background], "rules": list(self.rules)}
        if steps:
            out["derivation"] = [s.to_json() for s in self.steps]
        if self.group is not None:
            out["group"] = self.group
        return out


@dataclass(frozen=True, slots=True)
class Recheck:
    """A label to re-check, in the greedy order that resolves the most conflicts first.

    Attributes:
        id: the item's id.
        severity: the severity of the conflicts it was picked for.
        conflicts: the ids of the conflicts (of that severity, not yet covered) it takes part in.
    """

    id: str
    severity: Severity
    conflicts: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"id", "severity", "conflicts"}``."""
        return {"id": self.id, "severity": self.severity.value, "conflicts": list(self.conflicts)}


def _by(derivation: Derivation) -> str:
    if derivation.rule is not None:
        return derivation.rule.name
    ids = [str(s) for s in derivation.sources if not isinstance(s, BackgroundFact)]
    if ids:
        return "item " + ", ".join(ids)
    return "background" if derivation.sources else "hypothesis"


def explanation(closure: Closure, atoms: Iterable[Atom],
                derivations: Mapping[Atom, Derivation] | None = None) -> tuple[Step, ...]:
    """The derivation of ``atoms`` as :class:`Step` records."""
    return tuple(Step(a, _by(d), d.premises) for a, d in closure.explain(atoms, derivations))


def item_ids(sources: Iterable[Hashable], order: Mapping[str, int]) -> tuple[str, ...]:
    """The item ids among derivation sources, in input order."""
    return tuple(sorted((s for s in sources if isinstance(s, str)), key=lambda i: order.get(i, len(order))))


def split_sources(sources: Iterable[Hashable], order: Mapping[str, int]) -> tuple[tuple[str, ...], tuple[Atom, ...]]:
    """Item ids (in input order) and background atoms among derivation sources."""
    sources = tuple(sources)
    background = sorted((s.atom for s in sources if isinstance(s, BackgroundFact)), key=str)
    return item_ids(sources, order), tuple(background)


class _Steps:
    """The derivation steps walked so far, against the budget ``conflict_steps``."""

    def __init__(self, budget: int | None) -> None:
        self.budget, self.spent = budget, 0

    def spend(self, steps: int) -> None:
        self.spent += steps
        if self.budget is not None and self.spent > self.budget:
            raise BudgetExceeded("conflict_steps", self.budget, "the derivation steps walked to find the conflicts")


def find_conflicts(closure: Closure, order: Mapping[str, int], *,
                   budget: int | None = CONFLICT_STEPS) -> tuple[Conflict, ...]:
    """The closure's violations as conflicts: one per minimal support, most severe first.

    Args:
        closure: a saturated closure whose sources are item ids and :class:`BackgroundFact` records.
        order: each item id's position in the input, for stable output.
        budget: the most derivation steps to walk (each violation's support); ``None``: no limit.

    Raises:
        BudgetExceeded: more derivation steps than ``budget`` (the limit ``conflict_steps``).
    """
    spent = _Steps(budget)
    best: dict[frozenset[Hashable], tuple[Violation, int]] = {}
    for v in closure.violations:
        support = closure.support(v.facts)
        spent.spend(support.steps)
        key = support.sources | frozenset(v.denied_by)
        kept_v = best.get(key)
        # Of the violations with one support, keep the most severe, then the most direct one
        # (the fewest steps: a support walks each fact of the explanation once).
        if kept_v is None or (v.level, support.steps) < (kept_v[0].level, kept_v[1]):
            best[key] = (v, support.steps)
    # Smallest supports first, so that a conflict is only compared with the smaller ones kept. Each
    # kept support is filed under its rarest element; a subset of a support has its anchor in it.
    frequency: dict[Hashable, int] = defaultdict(int)
    for key in best:
        for s in key:
            frequency[s] += 1
    kept: dict[frozenset[Hashable], Violation] = {}
    anchored: dict[Hashable, list[frozenset[Hashable]]] = defaultdict(list)
    for key, (v, _) in sorted(best.items(), key=lambda kv: len(kv[0])):
        if not any(len(k) < len(key) and k <= key and kept[k].level <= v.level
                   for s in key for k in anchored.get(s, ())):
            kept[key] = v
            anchored[min(key, key=lambda s: (frequency[s], str(s)))].append(key)
    minimal = list(kept.items())

    def rank(entry: tuple[frozenset[Hashable], Violation]) -> tuple[int, int, str]:
        ids = item_ids(entry[0], order)
        return entry[1].level, min((order.get(i, len(order)) for i in ids), default=len(order)), entry[1].constraint

    conflicts = []
    for n, (key, v) in enumerate(sorted(minimal, key=rank), 1):
        support = closure.support(v.facts)
        spent.spend(2 * support.steps)  # the support and the explanation
        ids, background = split_sources(key, order)
        if v.rule is not None:
            constraint = v.rule.name
            rules = (*sorted(support.rules), constraint)
        else:
            constraint = "denied by item " + ", ".join(item_ids(v.denied_by, order))
            rules = tuple(sorted(support.rules))
        conflicts.append(Conflict(f"c{n}", Severity.of(v.level), constraint, v.facts, ids, background, rules,
                                  explanation(closure, v.facts)))
    return tuple(conflicts)


def recheck_order(conflicts: Iterable[Conflict], order: Mapping[str, int]) -> tuple[Recheck, ...]:
    """Which labels to re-check first: a greedy hitting set of the errors, then of the warnings.

    Each pick is the item in the most conflicts not yet covered (ties: input order). Exceptions are
    left out: they are expected exceptions to defaults, not mistakes. The greedy set is *a* small
    repair, not necessarily the intended one.
    """
    out: list[Recheck] = []
    conflicts = list(conflicts)
    for severity in (Severity.ERROR, Severity.WARNING):
        open_: dict[str, Conflict] = {c.id: c for c in conflicts if c.severity is severity and c.items}
        members: dict[str, list[str]] = defaultdict(list)
        for conflict in open_.values():
            for i in conflict.items:
                members[i].append(conflict.id)
        heap = [(-len(cs), order.get(i, len(order)), i) for i, cs in members.items()]
        heapq.heapify(heap)
        while heap and open_:
            neg, _, item = heapq.heappop(heap)
            hit = [cid for cid in members[item] if cid in open_]
            if not hit:
                continue
            if len(hit) < -neg:  # stale count: push back with the current one
                heapq.heappush(heap, (-len(hit), order.get(item, len(order)), item))
                continue
            out.append(Recheck(item, severity, tuple(hit)))
            for cid in hit:
                del open_[cid]
    return tuple(out)
