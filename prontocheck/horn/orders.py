"""Shortcuts for *order* predicates: the what-if and the leave-one-out of one binary fact decided on
reachability, where the general procedures re-run the rules.

A predicate ``p`` is an order of a closure when every rule that ``p``'s facts trigger is
``transitive(p)`` (with or without ``X ≠ Z``), the converse constraint ``¬(p(X, Y) ∧ p(Y, X))`` (with
or without ``X ≠ Y``) or irreflexivity ``¬p(X, X)``, with ``transitive(p)`` among them; and, for
retractions, when ``transitive(p)`` is the only rule that derives ``p``'s facts. ``more[size]``,
``part_of`` and ``above`` are orders of the shipped schemas. A rule with a body predicate (other
than ``p``) that has no facts is inert and left out: it derives nothing, before or after. Then
``p``'s facts are the transitive closure of its given facts, nothing else rests on them, and:

* adding ``p(a, b)`` adds ``p(x, y)`` for each ``x`` that is ``a`` or reaches it and each ``y`` that
  is ``b`` or is reached from it. When the two sets are disjoint, that violates something new iff
  one of these facts is new and denied (by a source that counts) or its converse holds
  (:meth:`Orders.harmless`, one set intersection per ``x``);
* without the only source of ``p(a, b)``, a fact ``p(x, y)`` still holds iff a path of given facts
  other than ``p(a, b)`` leads from ``x`` to ``y``; so whether ``p(a, b)`` is lost, and which
  violation is the first (in the closure's order) that no longer holds, are searches in the graph
  of given facts (:meth:`Orders.lost`), pruned to the nodes that reach the target in the closure;
* when ``p(a, b)`` does follow without its source, delete and re-derive brings it back first from
  ``p(a, y), p(y, b)`` with the first ``y`` by name whose facts do not rest on ``p(a, b)``; that is
  found by walking each candidate's recorded derivation (:meth:`Orders.rederived`), without
  listing first every fact that rests on ``p(a, b)``.

And for any predicate with the converse constraint ``¬(p(X, Y) ∧ p(Y, X))``, order or not: adding
``p(a, b)`` when ``p(b, a)`` holds violates that constraint first, when no other constraint comes before
it and no denial of ``p(a, b)`` counts (:meth:`Orders.converse_violation`, one look-up).

Each answers only when it is sure and otherwise returns ``None``, leaving the question to
:meth:`~prontocheck.horn.closure.Closure.what_if` and :meth:`~prontocheck.horn.closure.Closure.without`,
whose answers they equal (``tests/relations/test_relations_orders.py`` compares them).

>>> from prontocheck.horn.closure import Closure, Rule
>>> from prontocheck.logic.formulas import Atom, Const, Var
>>> X, Y, Z = Var("X"), Var("Y"), Var("Z")
>>> def p(x, y): return Atom("p", (Const(x), Const(y)))
>>> rules = [Rule("transitive(p)", (Atom("p", (X, Y)), Atom("p", (Y, Z))), Atom("p", (X, Z))),
...          Rule("asymmetric(p)", (Atom("p", (X, Y)), Atom("p", (Y, X))), distinct=((X, Y),))]
>>> cl = Closure(rules, {p("a", "b"): ["i1"], p("b", "c"): ["i2"], p("c", "d"): ["i3"]},
...              denials={p("a", "d"): ["i4"]})
>>> orders = Orders(cl)
>>> orders.harmless(p("d", "e"), ()), orders.harmless(p("d", "e"), ()) == (not cl.what_if(p("d", "e")).violations)
(True, True)
>>> orders.harmless(p("d", "a"), ())  # not decided here (a cycle: surely a violation): None
>>> orders.lost("i2", None).violation.constraint  # without i2, p(a, d) no longer holds, nor its denial
'denied'
>>> orders.converse_violation(p("b", "a"), ()) == cl.what_if(p("b", "a"), limit=1).violations[0]
True
"""

from __future__ import annotations

import weakref
from collections import defaultdict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from prontocheck.common.slots import slot_init
from prontocheck.horn._join import Compiled, name_of, pair
from prontocheck.horn.records import Derivation, Retraction, Violation
from prontocheck.logic.formulas import Atom, Const

if TYPE_CHECKING:
    from prontocheck.horn.closure import Closure

_NONE: frozenset[Const] = frozenset()


@slot_init
@dataclass(frozen=True, slots=True)
class Lost:
    """The leave-one-out of a source whose one fact no longer follows without it.

    Attributes:
        violation: the first violation of the closure (in its order) that no longer holds, or ``None``.
    """

    violation: Violation | None


class Orders:
    """The order predicates of a closure, with the indexes that :meth:`harmless` and :meth:`lost` read.

    Args:
        closure: a saturated closure (not changed); held by a weak proxy, so the caller keeps it alive.
    """

    def __init__(self, closure: Closure) -> None:
        # Weakly: the closure caches its Orders (Closure.orders), and a strong reference back would be a
        # reference cycle, which keeps the whole closure (10⁵ facts and their indexes) alive after its last
        # use until the cyclic collector's next full pass, and makes that pass walk it.
        self.closure: Closure = weakref.proxy(closure)

    def _inert(self, c: Compiled, predicate: str) -> bool:
        """Whether ``c`` has a body predicate other than ``predicate`` without facts: it derives and
        violates nothing, before or after ``predicate``'s facts are added or retracted.
        """
        by_pred = self.closure._by_pred
        return any(a[0] != predicate and not by_pred.get(a[0]) for a in c.body)

    @cached_property
    def predicates(self) -> frozenset[str]:
        """The predicates whose triggered rules are all order rules (or inert), a transitive one among them."""
        found = set()
        for predicate, triggers in self.closure._triggers.items():
            live = [c for c, _ in triggers if not self._inert(c, predicate)]
            if any(c.transitive for c in live) and all(
                    (c.transitive or c.converse or c.irreflexive) and all(a[0] == predicate for a in c.body)
                    for c in live):
                found.add(predicate)
        return frozenset(found)

    @cached_property
    def derived_only_by_transitivity(self) -> frozenset[str]:
        """The order predicates whose facts no rule derives but their transitivity (the others inert)."""
        by_head = self.closure._by_head
        return frozenset(p for p in self.predicates
                         if all(c.transitive or self._inert(c, p) for c in by_head.get(p, ())))

    @cached_property
    def _denied(self) -> dict[tuple[str, Const], set[Const]]:
        """``(p, x)`` to each ``y`` with ``p(x, y)`` denied, for the order predicates."""
        index: dict[tuple[str, Const], set[Const]] = defaultdict(set)
        for atom in self.closure.denials:
            if atom.predicate in self.predicates and len(atom.args) == 2:
                x, y = pair(atom)
                index[(atom.predicate, x)].add(y)
        return index

    @cached_property
    def _violations_from(self) -> dict[tuple[str, Const], dict[Const, tuple[int, Violation]]]:
        """``(p, x)`` to each ``y`` with the first violation (and its rank) that has the order fact ``p(x, y)``.

        The first violation that no longer holds is the first of a fact that no longer holds.
        """
        index: dict[tuple[str, Const], dict[Const, tuple[int, Violation]]] = defaultdict(dict)
        for rank, v in enumerate(self.closure.violations):
            for f in v.facts:
                if f.predicate in self.predicates and len(f.args) == 2:
                    x, y = pair(f)
                    index[(f.predicate, x)].setdefault(y, (rank, v))
        return index

    def _ends(self, atom: Atom, *, disjoint: bool) -> tuple[frozenset[Const] | set[Const],
                                                             frozenset[Const] | set[Const]] | None:
        """``a`` and what reaches it, ``b`` and what it reaches, for ``atom = p(a, b)`` of an order; or
        ``None`` (also when ``disjoint`` asks for two disjoint sets and they are not).
        """
        if atom.predicate not in self.predicates or len(atom.args) != 2:
            return None
        a, b = pair(atom)
        closure = self.closure
        before = closure._pred[atom.predicate].get(a, _NONE) | {a}
        after = closure._succ[atom.predicate].get(b, _NONE) | {b}
        return (before, after) if not disjoint or before.isdisjoint(after) else None

    def harmless(self, atom: Atom, ignoring: Iterable[Hashable]) -> bool | None:
        """``True`` if adding ``atom`` (not a fact of the closure) surely violates nothing new,
        disregarding the denials of ``ignoring``; ``None`` if not decided here.

        ``None`` too when the addition could exceed the closure's ``max_facts`` (the what-if decides).
        """
        closure = self.closure
        if atom in closure or (len(atom.args) == 2 and Atom(atom.predicate, atom.args[::-1]) in closure):
            return None  # a fact, or its converse is one (then b reaches a: a cycle, not decided here)
        ends = self._ends(atom, disjoint=True)
        if ends is None:
            return None
        before, after = ends
        if closure.max_facts is not None and \
                len(before) * len(after) >= closure.max_facts - len(closure) - len(closure.violations):
            return None
        p = atom.predicate
        succ, pred, denied = closure._succ[p], closure._pred[p], self._denied
        ignored = set(ignoring)
        for x in before:
            known = succ.get(x, _NONE)
            if (pred.get(x, _NONE) & after) - known:
                return None  # a new p(x, y) whose converse p(y, x) holds
            refused = denied.get((p, x))
            if refused:
                for y in (refused & after) - known:
                    if any(s not in ignored for s in closure.denials[Atom(p, (x, y))]):
                        return None  # a new p(x, y) denied
        return True

    def converse_violation(self, atom: Atom, ignoring: Iterable[Hashable]) -> Violation | None:
        """The violation ``what_if(atom, ignoring=ignoring, limit=1)`` finds when the first constraint that
        ``atom = p(a, b)`` triggers is the converse one, ``¬(p(X, Y) ∧ p(Y, X))``, and ``p(b, a)`` is a fact:
        looked up, without the what-if's view of the closure; ``None`` when not decided here.

        For any predicate with that constraint (not only orders): the what-if's first violation is the denial
        of ``atom`` when a source that counts denies it, and otherwise the first instance of a constraint (they
        are tried before the rules) that ``atom`` triggers. Irreflexivity, which needs ``a = b``, is passed
        over; any other constraint first leaves the question to the what-if.
        """
        closure = self.closure
        facts = closure._facts
        if len(atom.args) != 2 or atom in facts:
            return None
        denials = closure.denials.get(atom)
        if denials and not set(denials) <= set(ignoring):
            return None  # the denial is the first violation
        a, b = pair(atom)
        if a.name == b.name:  # (ground: constants, equal iff their names are)
            return None
        other = Atom(atom.predicate, (b, a))
        found = facts.get(other)
        if found is None:
            return None
        for c, k in closure._triggers.get(atom.predicate, ()):
            if c.irreflexive:
                continue
            if not c.converse:
                return None
            # The level of the what-if's violation: the weakest of the constraint and its facts (``atom`` strict).
            return Violation(c.rule, (atom, other) if k == 0 else (other, atom), max(c.strength, found.level))
        return None

    def lost(self, source: Hashable, budget: int | None, *, seeds: list[Atom] | None = None,
             denials: tuple[Violation, ...] | None = None) -> Lost | None:
        """The leave-one-out of ``source`` when its only fact is an order fact that no longer follows
        without it; ``None`` otherwise (or when ``without`` would exceed ``budget``, or is not decided here).
        ``seeds`` and ``denials``: ``closure.seeds(source)`` and ``closure.lost_denials(source)`` when known.
        """
        closure = self.closure
        seeds = closure.seeds(source) if seeds is None else seeds
        if len(seeds) != 1 or (closure.lost_denials(source) if denials is None else denials):
            return None
        q = seeds[0]
        if q.predicate not in self.derived_only_by_transitivity:
            return None
        ends = self._ends(q, disjoint=False)
        if ends is None:
            return None
        before, after = ends
        if not self._within(q, len(before) * len(after), budget):
            return None
        p, (a, b) = q.predicate, pair(q)
        from_a = self._reached(p, a, (a, b))
        if b in from_a:
            return None  # q still follows: the re-derivation (and its explanation) is without's
        # Each x of ``before`` reaches a without q (a simple path to a does not leave it), so
        # p(x, y) still follows for every y that a reaches without q.
        found: list[tuple[int, Const, Const, Violation]] = []
        for x in before:
            violated = self._violations_from.get((p, x))
            if violated:
                for y in (violated.keys() & after) - from_a:
                    rank, v = violated[y]
                    found.append((rank, x, y, v))
        found.sort(key=lambda entry: entry[0])
        for _, x, y, v in found:
            if Atom(p, (x, y)) == q or not self._holds_without(p, x, y, (a, b)):
                return Lost(v)
        return Lost(None)

    def rederived(self, source: Hashable, budget: int | None, *, seeds: list[Atom] | None = None,
                  denials: tuple[Violation, ...] | None = None) -> Retraction | None:
        """:meth:`~prontocheck.horn.closure.Closure.without` of ``source`` when its only fact is an order
        fact ``p(x, z)`` that its quick try or its first re-derivation brings back; ``None`` otherwise.

        The first re-derivation is ``p(x, y), p(y, z)`` with the first ``y`` by name whose two facts
        do not rest on ``p(x, z)``, as delete and re-derive finds it; here each candidate's recorded
        derivation is walked instead of listing every fact that rests on ``p(x, z)`` first. ``seeds`` and
        ``denials``: as in :meth:`lost`.
        """
        closure = self.closure
        seeds = closure.seeds(source) if seeds is None else seeds
        if len(seeds) != 1 or seeds[0].predicate not in self.derived_only_by_transitivity:
            return None
        denials = closure.lost_denials(source) if denials is None else denials
        quick = closure.quick_retraction(source, seeds, denials)
        if quick is not None:
            return quick
        q = seeds[0]
        ends = self._ends(q, disjoint=False)
        if ends is None or not self._within(q, len(ends[0]) * len(ends[1]), budget):
            return None
        p, (x, z) = q.predicate, pair(q)
        rule = next(c for c in closure._by_head[p] if c.transitive)
        if rule.distinct and x == z:
            return None
        clean: set[Atom] = set()
        facts = closure._facts
        for y in sorted(closure._succ[p].get(x, _NONE) & closure._pred[p].get(z, _NONE), key=name_of):
            first, second = Atom(p, (x, y)), Atom(p, (y, z))
            if self._rests_on(first, q, clean) or self._rests_on(second, q, clean):
                continue
            level = max(rule.strength, facts[first].level, facts[second].level)
            return Retraction(source, frozenset(), {q: Derivation(rule.rule, (first, second), (), level)}, denials)
        return None

    def _within(self, q: Atom, bound: int, budget: int | None) -> bool:
        """Whether at most ``budget`` facts rest on ``q`` (``without`` then goes on): surely when
        ``bound`` (the size of a set that holds them) is within it, else by counting them.
        """
        if budget is None or bound <= budget:
            return True
        used_by = self.closure._used_by
        seen = {q}
        stack = [q]
        while stack:
            for conclusion in used_by.get(stack.pop(), ()):
                if conclusion not in seen:
                    seen.add(conclusion)
                    if len(seen) > budget:
                        return False
                    stack.append(conclusion)
        return True

    def _rests_on(self, atom: Atom, q: Atom, clean: set[Atom]) -> bool:
        """Whether the recorded derivation of ``atom`` uses ``q``; ``clean`` gathers the facts found not to."""
        facts = self.closure._facts
        seen: set[Atom] = set()
        stack = [atom]
        while stack:
            a = stack.pop()
            if a == q:
                return True
            if a not in seen and a not in clean:
                seen.add(a)
                stack.extend(facts[a].premises)
        clean |= seen
        return False

    def _holds_without(self, p: str, x: Const, y: Const, edge: tuple[Const, Const]) -> bool:
        """Whether ``p(x, y)`` (a fact of the closure) follows from the given facts less ``edge``."""
        closure = self.closure
        atom = Atom(p, (x, y))
        d = closure._facts[atom]
        if d.rule is None and (x, y) != edge:
            return True  # given (by another source)
        return self._reaches(p, x, y, edge)

    def _reached(self, p: str, x: Const, edge: tuple[Const, Const]) -> set[Const]:
        """Every node to which a path of one or more given ``p`` facts other than ``edge`` leads from ``x``."""
        given, (start, end) = self.closure._given_succ[p], edge
        found: set[Const] = set()
        stack = [x]
        while stack:
            node = stack.pop()
            nexts = given.get(node, _NONE)
            if node.name == start.name:  # (names: equal constants without the call to __eq__)
                nexts = nexts - {end}
            for z in nexts:
                if z not in found:
                    found.add(z)
                    stack.append(z)
        return found

    def _reaches(self, p: str, x: Const, y: Const, edge: tuple[Const, Const]) -> bool:
        """Whether a path of one or more given ``p`` facts other than ``edge`` leads from ``x`` to ``y``;
        searched among the nodes that reach ``y`` in the closure.
        """
        closure = self.closure
        given, towards, (start, end) = closure._given_succ[p], closure._pred[p].get(y, _NONE), edge
        seen: set[Const] = set()
        stack = [x]
        while stack:
            node = stack.pop()
            nexts = given.get(node, _NONE)
            if node.name == start.name:
                nexts = nexts - {end}
            if y in nexts:
                return True
            for z in nexts & towards:
                if z not in seen:
                    seen.add(z)
                    stack.append(z)
        return False
