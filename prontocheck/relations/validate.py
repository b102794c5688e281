"""Validating relational gold labels: the closure of the Yes labels and the background, every
conflict with its severity and derivation, labels to re-check, leave-one-out implied labels, and
the labels of argument-reversed questions the set lacks.

>>> from prontocheck.relations.items import item_from_record
>>> from prontocheck.relations.loading import shipped_schema
>>> s = shipped_schema()
>>> records = [{"id": "a", "question": "Is Iran joined to Pakistan?", "gold": True},
...            {"id": "b", "question": "Is Pakistan joined to Iran?", "gold": False}]
>>> report = validate([item_from_record(r, s) for r in records], s)
>>> [(c.severity.value, c.constraint, c.items) for c in report.conflicts]
[('error', 'denied by item b', ('a', 'b'))]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from prontocheck.common.collector import collector_paused
from prontocheck.common.slots import slot_init
from prontocheck.errors import BudgetExceeded
from prontocheck.horn.closure import Closure
from prontocheck.logic.formulas import Atom, Const
from prontocheck.relations.conflicts import Conflict, Recheck, Severity, find_conflicts, recheck_order
from prontocheck.relations.cycles import ConflictGroup, conflict_groups
from prontocheck.relations.errors import ItemError, quoted
from prontocheck.relations.implied import Implied, Reversal, implied_item, reversals
from prontocheck.relations.items import Item
from prontocheck.relations.loading import shipped_schema
from prontocheck.relations.schema import Schema, reverse


@slot_init
@dataclass(frozen=True, slots=True)
class ItemResult:
    """The verdict on one item.

    Attributes:
        item: the item.
        status: ``"conflict"`` if it takes part in a conflict, else ``"consistent"``; ``"budget_exceeded"``
            when the set's closure or conflicts exceeded a limit (then nothing else is computed).
        severity: the severity of the worst conflict it takes part in, or ``None``.
        implied: the label the other items imply for its question (leave-one-out), or ``None`` if
            they do not decide it (also ``None`` when not computed).
        implied_by: the items that implication rests on.
        conflicts: the conflicts it takes part in.
        implied_skipped: the leave-one-out exceeded its work budget and was not computed.
        reason: why the status is ``budget_exceeded`` (the limit's message), else ``None``.
        group: the conflict group (a cycle of an order relation's labels) its label lies in, or ``None``.
    """

    item: Item
    status: str
    severity: Severity | None
    implied: bool | None
    implied_by: tuple[str, ...]
    conflicts: tuple[Conflict, ...]
    implied_skipped: bool = False
    reason: str | None = None
    group: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The ``--output`` line: id, atom, gold, status, severity, implied, conflicts and more."""
        item = self.item
        out: dict[str, Any] = {"id": item.id, "line": item.line, "question": item.text, "category": item.category,
                               "atom": str(item.atom), "negated": item.negated, "gold": item.gold,
                               "status": self.status,
                               "severity": None if self.severity is None else self.severity.value,
                               "implied": self.implied, "implied_by": list(self.implied_by),
                               "conflicts": [c.to_json(steps=False) for c in self.conflicts]}
        if item.reverse_of is not None:
            out["reverse_of"] = item.reverse_of
        if self.implied_skipped:
            out["implied_skipped"] = True
        if self.reason is not None:
            out["error"] = self.reason
        if self.group is not None:
            out["group"] = self.group
        return out


@dataclass(frozen=True, slots=True)
class Validation:
    """The result of :func:`validate`.

    Attributes:
        results: one verdict per valid item, in input order.
        conflicts: every conflict, most severe first.
        recheck: labels to re-check first (a greedy hitting set of errors, then warnings).
        reversals: argument-reversed questions absent from the set, with their implied labels.
        errors: the records that could not be used, each naming its item.
        closure_size: how many facts the closure holds.
        budget_exceeded: the limit the set exceeded (its closure's size, or the work of finding its
            conflicts), or ``None``; when set, every item's status is ``budget_exceeded`` and nothing
            else is computed.
        groups: the conflict groups: one per strongly connected component of an order relation's labels that
            holds a cycle, with a shortest cycle as its certificate (:mod:`prontocheck.relations.cycles`).
    """

    results: tuple[ItemResult, ...]
    conflicts: tuple[Conflict, ...]
    recheck: tuple[Recheck, ...]
    reversals: tuple[Reversal, ...]
    errors: tuple[ItemError, ...]
    closure_size: int = 0
    budget_exceeded: BudgetExceeded | None = None
    groups: tuple[ConflictGroup, ...] = ()

    @property
    def consistent(self) -> bool:
        """No error-severity conflict (warnings and exceptions allowed), and the check was done in full."""
        return self.budget_exceeded is None and not any(c.severity is Severity.ERROR for c in self.conflicts)

    def summary(self) -> dict[str, Any]:
        """The ``--format json`` summary."""
        by_severity = {s.value: sum(c.severity is s for c in self.conflicts) for s in Severity}
        items_by_severity = {s.value: sum(r.severity is s for r in self.results) for s in Severity}
        implied = [r for r in self.results if r.item.gold is not None and r.implied is not None]
        return {
            "n_items": len(self.results), "n_errors": len(self.errors), "n_conflicts": len(self.conflicts),
            "n_conflict_groups": len(self.groups), "conflicts_by_severity": by_severity,
            "items_in_conflict": items_by_severity,
            "consistent": self.consistent, "closure_size": self.closure_size,
            "budget_exceeded": None if self.budget_exceeded is None else str(self.budget_exceeded),
            "implied": {"decided": len(implied), "agree": sum(r.implied == r.item.gold for r in implied),
                        "disagree": sum(r.implied != r.item.gold for r in implied),
                        "unlabelled_decided": sum(r.item.gold is None and r.implied is not None for r in self.results),
                        "skipped": sum(r.implied_skipped for r in self.results)},
            "recheck": [r.to_json() for r in self.recheck],
            "conflict_groups": [g.to_json() for g in self.groups],
            "conflicts": [c.to_json() for c in self.conflicts],
            "reversals": [r.to_json() for r in self.reversals],
            "errors": [e.to_json() for e in self.errors],
        }

    def lines(self) -> Iterator[dict[str, Any]]:
        """One JSON-ready record per input record: item verdicts, then the bad records (``status: "error"``)."""
        for r in self.results:
            yield r.to_json()
        for e in self.errors:
            yield {"id": e.item, "file": e.file, "line": e.line, "status": "error", "error": e.reason}


def _check_links(items: list[Item], errors: list[ItemError]) -> list[Item]:
    """Drop items with a duplicate id or a ``reverse_of`` that names no item or not its reversal."""
    seen: dict[str, Item] = {}
    unique = []
    for item in items:
        if item.id in seen:
            errors.append(ItemError(item.id, item.line, f"duplicate id (first used on line {seen[item.id].line})"))
        else:
            seen[item.id] = item
            unique.append(item)
    kept = []
    for item in unique:
        other = seen.get(item.reverse_of) if item.reverse_of is not None else None
        if item.reverse_of is not None and other is None:
            errors.append(ItemError(item.id, item.line, f"reverse_of names no item: {quoted(item.reverse_of)}"))
        elif other is not None and item.atom != reverse(other.atom):
            errors.append(ItemError(item.id, item.line, f"reverse_of {quoted(other.id)}, but {item.atom} is not the "
                                                        f"argument reversal of {other.atom}"))
        else:
            kept.append(item)
    return kept


class Constants:
    """One :class:`~prontocheck.logic.formulas.Const` object per name, shared by the atoms given to a
    closure: its set operations then find equal constants by identity, without calling ``__eq__``.

    >>> from prontocheck.logic.formulas import Const
    >>> table = Constants()
    >>> a = table.atom(Atom("p", (Const("x"), Const("y"))))
    >>> table.atom(Atom("q", (Const("x"),))).args[0] is a.args[0]
    True
    """

    __slots__ = ("_by_name",)

    def __init__(self) -> None:
        self._by_name: dict[str, Const] = {}

    def atom(self, atom: Atom) -> Atom:
        """``atom`` with its constants replaced by the shared ones (itself when they are already)."""
        by_name = self._by_name
        args = tuple(by_name.setdefault(c.name, c) if type(c) is Const else c for c in atom.args)
        if all(x is y for x, y in zip(args, atom.args)):
            return atom
        return Atom(atom.predicate, args)

    def item(self, item: Item) -> Item:
        """``item`` with its atom's constants shared."""
        atom = self.atom(item.atom)
        return item if atom is item.atom else replace(item, atom=atom)


def build_closure(items: Iterable[Item], schema: Schema, constants: Constants | None = None) -> Closure:
    """The closure of the items' labels: Yes labels and background facts as facts, No labels as denials
    (the background's constants shared through ``constants``, with the items' when they went through it).
    """
    facts: dict[Atom, list[Hashable]] = defaultdict(list)
    denials: dict[Atom, list[Hashable]] = defaultdict(list)
    constants = constants or Constants()
    for bg in schema.background:
        facts[constants.atom(bg.atom)].append(bg)
    predicates = {bg.atom.predicate for bg in schema.background}
    for item in items:
        predicates.add(item.atom.predicate)
        if item.value is True:
            facts[item.atom].append(item.id)
        elif item.value is False:
            denials[item.atom].append(item.id)
    return Closure(schema.compile(predicates), facts, denials)


IMPLIED_BUDGET = 5000
"""The default work budget of one leave-one-out: derived facts re-examined (see :func:`implied_item`)."""


def validate(items: Iterable[Item | ItemError], schema: Schema | None = None, *, implied: bool = True,
             with_reversals: bool = True, implied_budget: int | None = IMPLIED_BUDGET,
             shortcuts: bool = True, progress: Callable[[int, int], None] | None = None) -> Validation:
    """Check a set of relational gold labels for consistency.

    Args:
        items: resolved items; :class:`ItemError` records among them are passed through to ``errors``.
        schema: the relation schema (default: the shipped ``art`` and ``spatial`` schemas).
        implied: compute each item's leave-one-out implied label.
        with_reversals: list the argument-reversed questions the set lacks, with implied labels.
        implied_budget: skip an item's leave-one-out (``implied_skipped``) when more derived facts
            than this rest on it, as in a large cycle of contradictory labels; ``None``: no limit.
        shortcuts: decide implied labels by a look-up or on reachability where :mod:`prontocheck.horn.orders` can
            (the same labels; ``False`` runs the general what-if and delete and re-derive for each).
        progress: called with (items decided, items to decide) as each item's result is made (a progress bar).

    A set whose closure holds more than :data:`~prontocheck.limits.CLOSURE_FACTS` facts and violations,
    or whose conflicts take more than :data:`~prontocheck.limits.CONFLICT_STEPS` derivation steps to
    find, is not checked: :attr:`Validation.budget_exceeded` names the limit, and every item's status
    is ``budget_exceeded``.
    """
    with collector_paused():  # the closure's objects have no cycles: see prontocheck.common.collector
        return _validate(items, schema or shipped_schema(), implied, with_reversals, implied_budget, shortcuts,
                         progress)


def _validate(items: Iterable[Item | ItemError], schema: Schema, implied: bool, with_reversals: bool,
              implied_budget: int | None, shortcuts: bool,
              progress: Callable[[int, int], None] | None = None) -> Validation:
    errors: list[ItemError] = []
    good: list[Item] = []
    for entry in items:
        (errors if isinstance(entry, ItemError) else good).append(entry)  # type: ignore[arg-type]
    constants = Constants()
    good = [constants.item(item) for item in _check_links(good, errors)]
    order = {item.id: n for n, item in enumerate(good)}
    try:
        closure = build_closure(good, schema, constants)
        conflicts = find_conflicts(closure, order)
    except BudgetExceeded as e:
        undecided = tuple(ItemResult(item, "budget_exceeded", None, None, (), (), reason=str(e)) for item in good)
        return Validation(undecided, (), (), (), tuple(errors), budget_exceeded=e)
    groups = conflict_groups(closure, schema, order, conflicts)
    group_of = {i: g.id for g in groups for i in g.items}
    if groups:
        in_group = {cid: g.id for g in groups for cid in g.conflicts}
        conflicts = tuple(replace(c, group=in_group.get(c.id)) for c in conflicts)
    member: dict[str, list[Conflict]] = defaultdict(list)
    for c in conflicts:
        for i in c.items:
            member[i].append(c)
    results = []
    for item in good:
        mine = tuple(member.get(item.id, ()))
        severity = min((c.severity for c in mine), key=lambda s: s.rank) if mine else None
        found = (implied_item(closure, item, order, budget=implied_budget, shortcuts=shortcuts) if implied
                 else Implied(None))
        results.append(ItemResult(item, "conflict" if mine else "consistent", severity, found.value, found.by,
                                  mine, found.skipped, group=group_of.get(item.id)))
        if progress is not None:
            progress(len(results), len(good))
    suspect = {i for c in conflicts if c.severity is not Severity.EXCEPTION for i in c.items}
    reversed_ = tuple(replace(r, in_conflict=True) if suspect and not suspect.isdisjoint(r.implied.by) else r
                      for r in (reversals(closure, schema, good, order, shortcuts=shortcuts) if with_reversals else ()))
    return Validation(tuple(results), conflicts, recheck_order(conflicts, order), reversed_, tuple(errors),
                      len(closure), groups=groups)
