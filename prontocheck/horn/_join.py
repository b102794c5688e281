"""Joins for the Horn closure: rules compiled to numbered variables and static join plans, and
views of a fact set (the closure, less removed facts, plus added ones).

A join plan orders the remaining body atoms so that the most bound come first, and marks the atoms
that are fully bound by then: those are looked up (one dictionary probe), not scanned.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import partial
from typing import Any

from prontocheck.logic.formulas import Atom, Const, Var

Code = int | Const
"""An argument of a compiled atom: a variable number or a constant."""
Pattern = tuple[str, tuple[Code, ...]]
Plan = tuple[tuple[int, bool], ...]
"""Body positions in join order, each with whether it is fully bound when reached."""
Binding = list[Const | None]


def _score(body: tuple[Pattern, ...], bound: frozenset[int], j: int) -> tuple[int, int]:
    codes = body[j][1]
    free = {c for c in codes if type(c) is int and c not in bound}
    return len(free), -(len(codes) - len(free))


def _plan(body: tuple[Pattern, ...], bound: set[int], todo: list[int]) -> Plan:
    bound = set(bound)
    plan = []
    while todo:
        j = min(todo, key=partial(_score, body, frozenset(bound)))
        todo.remove(j)
        variables = {c for c in body[j][1] if type(c) is int}
        plan.append((j, variables <= bound))
        bound |= variables
    return tuple(plan)


class Compiled:
    """A rule with numbered variables and a join plan per trigger position (and one from the head)."""

    __slots__ = ("rule", "strength", "nvars", "body", "head", "distinct", "plans", "back", "transitive", "converse",
                 "irreflexive", "others")

    def __init__(self, rule: Any) -> None:
        index: dict[Var, int] = {}

        def pattern(a: Atom) -> Pattern:
            return a.predicate, tuple(index.setdefault(t, len(index)) if isinstance(t, Var) else t for t in a.args)

        self.rule = rule
        self.strength = rule.strength
        self.body = tuple(pattern(a) for a in rule.body)
        self.head = pattern(rule.head) if rule.head is not None else None
        self.nvars = len(index)
        self.distinct = tuple((index[x], index[y]) for x, y in rule.distinct)
        self.plans = tuple(
            _plan(self.body, {c for c in self.body[k][1] if type(c) is int},
                  [j for j in range(len(self.body)) if j != k])
            for k in range(len(self.body)))
        head_vars = {c for c in self.head[1] if type(c) is int} if self.head else set()
        self.back = _plan(self.body, head_vars, list(range(len(self.body))))
        # p(X, Y), p(Y, Z) -> p(X, Z), with or without X ≠ Z: the closure joins it on adjacency sets.
        p = self.head[0] if self.head else None
        self.transitive = (self.body == ((p, (0, 1)), (p, (1, 2))) and self.head == (p, (0, 2))
                           and self.distinct in ((), ((0, 2),)))
        # ¬(p(X, Y) ∧ p(Y, X)), with or without X ≠ Y: the closure looks the converse fact up.
        q = self.body[0][0]
        self.converse = (self.head is None and self.body == ((q, (0, 1)), (q, (1, 0)))
                         and self.distinct in ((), ((0, 1),)))
        # ¬p(X, X): the closure compares the two arguments.
        self.irreflexive = self.head is None and self.body == ((q, (0, 0)),) and not self.distinct
        # The predicates of the other body atoms, per trigger position: no instance while one has no facts.
        self.others = tuple(tuple({a[0] for j, a in enumerate(self.body) if j != k}) for k in range(len(self.body)))


def unify(pattern: Pattern, fact: Atom, binding: Binding) -> bool:
    """Extend ``binding`` so that ``pattern`` matches ``fact``; ``False`` (binding spoilt) if it cannot."""
    predicate, codes = pattern
    if fact.predicate != predicate or len(fact.args) != len(codes):
        return False
    for code, value in zip(codes, fact.args):
        if type(code) is int:
            current = binding[code]
            if current is None:
                binding[code] = value  # type: ignore[assignment]
            elif current != value:
                return False
        elif code != value:
            return False
    return True


def instantiate(pattern: Pattern, binding: Binding) -> Atom:
    """The atom of a pattern whose variables are all bound."""
    predicate, codes = pattern
    return Atom(predicate, tuple(binding[c] if type(c) is int else c for c in codes))  # type: ignore[misc]


def pair(atom: Atom) -> tuple[Const, Const]:
    """The two arguments of a ground binary atom."""
    return atom.args  # type: ignore[return-value]  # (not typing.cast: its type argument is built at each call)


Adjacency = Mapping[str, Mapping[Const, set[Const]]]
"""Binary facts by predicate: each first argument with its set of second arguments (or conversely)."""


class View:
    """The facts a join reads: a base fact set less ``removed`` facts, plus ``added`` ones.

    With the base's adjacency (``succ``, ``pred``) and the removed facts as a collection (not only
    a predicate), it also answers :meth:`successors` and :meth:`predecessors` with set operations.
    """

    __slots__ = ("facts", "by_pred", "by_arg", "removed", "added", "_index", "_unindexed", "succ", "pred", "added_succ",
                 "added_pred", "removed_succ", "removed_pred", "adjacent", "added_predicates")

    def __init__(self, facts: Mapping[Atom, Any], by_pred: Mapping[str, list[Atom]],
                 by_arg: Mapping[tuple[str, int, Const], list[Atom]],
                 removed: Callable[[Atom], bool] | None = None, succ: Adjacency | None = None,
                 pred: Adjacency | None = None, removed_atoms: Iterable[Atom] | None = None) -> None:
        self.facts, self.by_pred, self.by_arg, self.removed = facts, by_pred, by_arg, removed
        self.succ, self.pred = succ, pred
        self.added: dict[Atom, Any] = {}
        self.added_predicates: set[str] = set()
        self._index: dict[tuple[str, int, Const], list[Atom]] = defaultdict(list)
        self._unindexed: list[Atom] = []  # added facts not in _index yet (it is brought up to date when read)
        self.added_succ: dict[tuple[str, Const], set[Const]] = defaultdict(set)
        self.added_pred: dict[tuple[str, Const], set[Const]] = defaultdict(set)
        self.removed_succ: dict[tuple[str, Const], set[Const]] = defaultdict(set)
        self.removed_pred: dict[tuple[str, Const], set[Const]] = defaultdict(set)
        self.adjacent = succ is not None and pred is not None and (removed is None or removed_atoms is not None)
        for atom in removed_atoms or ():
            if len(atom.args) == 2:
                a, b = pair(atom)
                self.removed_succ[(atom.predicate, a)].add(b)
                self.removed_pred[(atom.predicate, b)].add(a)

    def _adjacent(self, base: Adjacency | None, removed: dict[tuple[str, Const], set[Const]],
                  added: dict[tuple[str, Const], set[Const]], predicate: str, x: Const) -> set[Const]:
        assert self.adjacent and base is not None
        found = base.get(predicate, {}).get(x, set())
        gone = removed.get((predicate, x))
        extra = added.get((predicate, x))
        if gone:
            found = found - gone
        return found | extra if extra else found

    def successors(self, predicate: str, x: Const) -> set[Const]:
        """Every ``y`` with ``predicate(x, y)`` in the view (needs the adjacency, see the class)."""
        return self._adjacent(self.succ, self.removed_succ, self.added_succ, predicate, x)

    def predecessors(self, predicate: str, y: Const) -> set[Const]:
        """Every ``x`` with ``predicate(x, y)`` in the view (needs the adjacency, see the class)."""
        return self._adjacent(self.pred, self.removed_pred, self.added_pred, predicate, y)

    def has(self, atom: Atom) -> bool:
        if atom in self.added:
            return True
        return atom in self.facts and not (self.removed is not None and self.removed(atom))

    def may_have(self, predicate: str) -> bool:
        """Whether the view may hold a fact of ``predicate`` (``False``: it surely holds none)."""
        return bool(self.by_pred.get(predicate)) or predicate in self.added_predicates

    def add(self, atom: Atom, value: Any) -> None:
        self.added[atom] = value
        self._unindexed.append(atom)
        self.added_predicates.add(atom.predicate)
        if len(atom.args) == 2:
            a, b = pair(atom)
            self.added_succ[(atom.predicate, a)].add(b)
            self.added_pred[(atom.predicate, b)].add(a)

    @property
    def index(self) -> dict[tuple[str, int, Const], list[Atom]]:
        """The added facts by ``(predicate, position, argument)``."""
        if self._unindexed:
            index = self._index
            for atom in self._unindexed:
                for pos, arg in enumerate(atom.args):
                    index[(atom.predicate, pos, arg)].append(atom)  # type: ignore[index]
            self._unindexed.clear()
        return self._index

    def get(self, atom: Atom) -> Any:
        found = self.added.get(atom)
        return found if found is not None else self.facts[atom]

    def candidates(self, pattern: Pattern, binding: Binding) -> Iterable[Atom]:
        predicate, codes = pattern
        key: tuple[str, int, Const] | None = None
        for pos, code in enumerate(codes):
            value = binding[code] if isinstance(code, int) else code
            if value is not None:
                key = (predicate, pos, value)
                break
        base: Iterable[Atom] = self.by_pred.get(predicate, ()) if key is None else self.by_arg.get(key, ())
        if self.removed is not None:
            removed = self.removed
            base = [a for a in base if not removed(a)]
        if not self.added:
            return base
        extra = [a for a in self.added if a.predicate == predicate] if key is None else self.index.get(key, [])
        return [*base, *extra]


def join(c: Compiled, plan: Plan, i: int, binding: Binding, premises: list[Atom | None],
         view: View) -> Iterator[tuple[Binding, tuple[Atom, ...]]]:
    """Every way of matching the body atoms ``plan[i:]`` against ``view`` under ``binding``."""
    if i == len(plan):
        if all(binding[x] != binding[y] for x, y in c.distinct):
            yield binding, tuple(premises)  # type: ignore[arg-type]
        return
    j, full = plan[i]
    if full:
        atom = instantiate(c.body[j], binding)
        if view.has(atom):
            premises[j] = atom
            yield from join(c, plan, i + 1, binding, premises, view)
        return
    for candidate in view.candidates(c.body[j], binding):
        extended = binding.copy()
        if unify(c.body[j], candidate, extended):
            premises[j] = candidate
            yield from join(c, plan, i + 1, extended, premises, view)


def triggered(c: Compiled, k: int, atom: Atom, view: View) -> Iterator[tuple[Binding, tuple[Atom, ...]]]:
    """Every instance of ``c``'s body with ``atom`` at position ``k``."""
    binding: Binding = [None] * c.nvars
    if unify(c.body[k], atom, binding):
        premises: list[Atom | None] = [None] * len(c.body)
        premises[k] = atom
        yield from join(c, c.plans[k], 0, binding, premises, view)


def deriving(c: Compiled, atom: Atom, view: View) -> Iterator[tuple[Binding, tuple[Atom, ...]]]:
    """Every instance of ``c`` whose head is ``atom`` and whose body holds in ``view``."""
    binding: Binding = [None] * c.nvars
    if c.head is not None and unify(c.head, atom, binding):
        yield from join(c, c.back, 0, binding, [None] * len(c.body), view)


def name_of(c: Const) -> str:
    """A constant's name (a sort key)."""
    return c.name


def transitive_instances(c: Compiled, k: int, atom: Atom, view: View) -> list[tuple[Atom, tuple[Atom, ...]]]:
    """``(head, premises)`` of a transitive rule (``c.transitive``) with ``atom`` at body position
    ``k``, for heads not in ``view`` yet: the generic join's new instances, found on adjacency sets.
    """
    if len(atom.args) != 2:
        return []
    p, (a, b) = atom.predicate, pair(atom)
    # Sorted, because set order follows the string-hash seed, and the derivations recorded (so the
    # explanations reported) must not.
    if k == 0:  # atom is p(X, Y): X = a, Y = b; each Z with p(b, Z) and no p(a, Z) yet
        zs = sorted(view.successors(p, b) - view.successors(p, a), key=name_of)
        found = [(Atom(p, (a, z)), (atom, Atom(p, (b, z)))) for z in zs]
    else:  # atom is p(Y, Z): Y = a, Z = b; each X with p(X, a) and no p(X, b) yet
        xs = sorted(view.predecessors(p, a) - view.predecessors(p, b), key=name_of)
        found = [(Atom(p, (x, b)), (Atom(p, (x, a)), atom)) for x in xs]
    return [(h, ps) for h, ps in found if not (c.distinct and h.args[0] == h.args[1])]


def transitive_premises(c: Compiled, atom: Atom, view: View) -> tuple[Atom, Atom] | None:
    """Premises ``p(x, y), p(y, z)`` in ``view`` that derive ``atom = p(x, z)`` by a transitive rule
    (``c.transitive``), on adjacency sets; the first ``y`` by name, or ``None``.
    """
    if len(atom.args) != 2 or atom.predicate != (c.head[0] if c.head else None):
        return None
    p, (x, z) = atom.predicate, pair(atom)
    if c.distinct and x == z:
        return None
    ys = view.successors(p, x) & view.predecessors(p, z)
    if not ys:
        return None
    y = min(ys, key=name_of)
    return Atom(p, (x, y)), Atom(p, (y, z))
