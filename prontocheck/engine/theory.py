"""A theory: the axioms of a context, indexed for rule chaining, and its rule graph.

The v1 PrOntoQA calculus works on *literals* ``p(c)`` / ``¬p(c)`` and *simple rules*
``∀x(ℓ₁(x) → ℓ₂(x))``. A literal's predicate and polarity form its :data:`Key`; the rule graph
has an edge ``ℓ₁ → ℓ₂`` per simple rule (networkx, built on first use). A negated consequent
ends a path, because ``(p, False)`` and ``(p, True)`` are different nodes.

>>> from prontocheck.syntax import parse_statement as p
>>> t = Theory.from_axioms([p("Every cat is a carnivore."), p("Fae is a cat.")])
>>> t.reachable(Lit("cat", True), Lit("carnivore", True))
True
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

from prontocheck.engine.graphs import reach, shortest_path
from prontocheck.engine.shapes import Key, Lit, ShapeIndex
from prontocheck.logic.formulas import Atom, Const, ForAll, Formula, Implies, Not, Var, literal

if TYPE_CHECKING:
    import networkx as nx


@lru_cache(maxsize=1 << 14)
def as_ground_literal(formula: Formula) -> tuple[Key, Const] | None:
    """Split ``p(c)`` / ``¬p(c)`` into its key and constant; ``None`` for anything else.

    >>> as_ground_literal(Not(Atom("kind", (Const("Fae"),))))
    (Lit(predicate='kind', positive=False), Const(name='Fae'))
    """
    positive = not isinstance(formula, Not)
    atom = formula.operand if isinstance(formula, Not) else formula
    if isinstance(atom, Atom) and len(atom.args) == 1 and isinstance(atom.args[0], Const):
        return Lit(atom.predicate, positive), atom.args[0]
    return None


def _open_literal(formula: Formula, variable: str) -> Key | None:
    positive = not isinstance(formula, Not)
    atom = formula.operand if isinstance(formula, Not) else formula
    if isinstance(atom, Atom) and atom.args == (Var(variable),):
        return Lit(atom.predicate, positive)
    return None


@lru_cache(maxsize=1 << 14)
def as_simple_rule(formula: Formula) -> tuple[Key, Key] | None:
    """Split ``∀x(ℓ₁(x) → ℓ₂(x))`` into its antecedent and consequent keys; ``None`` otherwise.

    >>> from prontocheck.syntax import parse_statement as p
    >>> as_simple_rule(p("Every carnivore is not herbivorous."))
    (Lit(predicate='carnivore', positive=True), Lit(predicate='herbivorous', positive=False))
    """
    if isinstance(formula, ForAll) and isinstance(formula.body, Implies):
        ante = _open_literal(formula.body.antecedent, formula.variable)
        cons = _open_literal(formula.body.consequent, formula.variable)
        if ante is not None and cons is not None:
            return ante, cons
    return None


@lru_cache(maxsize=1 << 14)
def ground(key: Key, constant: Const) -> Formula:
    """Rebuild the ground literal of a key.

    >>> str(ground(Lit("herbivorous", False), Const("Fae")))
    '¬herbivorous(Fae)'
    """
    return literal(key.predicate, constant, key.positive)


@dataclass(frozen=True, slots=True)
class RuleEdge:
    """A simple rule as an edge of the rule graph."""

    antecedent: Key
    consequent: Key
    formula: Formula


@dataclass(eq=False)
class Theory:
    """The axioms A of a context, indexed.

    Attributes:
        axioms: every axiom, in context order (duplicates removed).
        shapes: the axioms as shapes, indexed (what the derivation engine reads).
        simple: every axiom is a ground literal or a simple rule (the v1 calculus suffices).
    """

    axioms: tuple[Formula, ...]
    axiom_set: frozenset[Formula]
    shapes: ShapeIndex
    _reach: dict[Key, frozenset[Key]] = field(default_factory=dict, repr=False)

    @classmethod
    def from_axioms(cls, axioms: Iterable[Formula]) -> Theory:
        """Index a list of axioms."""
        unique = tuple(dict.fromkeys(axioms))
        return cls(unique, frozenset(unique), ShapeIndex.build(unique))

    @property
    def simple(self) -> bool:
        return self.shapes.simple

    @cached_property
    def facts(self) -> dict[Const, set[Key]]:
        """The ground literals of A, by constant."""
        return {c: {s for s in shapes if isinstance(s, Lit)} for c, shapes in self.shapes.facts.items()}

    @cached_property
    def rules_into(self) -> dict[Key, list[RuleEdge]]:
        """The simple rules of A, by consequent."""
        into: dict[Key, list[RuleEdge]] = defaultdict(list)
        for edge in self._edges:
            into[edge.consequent].append(edge)
        return dict(into)

    @cached_property
    def rules_from(self) -> dict[Key, list[RuleEdge]]:
        """The simple rules of A, by antecedent."""
        out: dict[Key, list[RuleEdge]] = defaultdict(list)
        for edge in self._edges:
            out[edge.antecedent].append(edge)
        return dict(out)

    @cached_property
    def _edges(self) -> list[RuleEdge]:
        return [RuleEdge(r.antecedent, r.consequent, r.formula) for r in self.shapes.rules
                if isinstance(r.antecedent, Lit) and isinstance(r.consequent, Lit)]

    def __contains__(self, formula: object) -> bool:
        return formula in self.axiom_set

    @cached_property
    def graph(self) -> nx.DiGraph:
        """The rule graph: an edge ``ℓ₁ → ℓ₂`` (attribute ``formula``) per simple rule."""
        import networkx as nx  # (on first use: most runs never build a graph, and networkx takes long to import)

        g = nx.DiGraph()
        for edges in self.rules_into.values():
            for e in edges:
                g.add_edge(e.antecedent, e.consequent, formula=e.formula)
        return g

    def descendants(self, source: Key) -> frozenset[Key]:
        """Every key a path of rules (of length ≥ 1) leads to from ``source``; memoised."""
        found = self._reach.get(source)
        if found is None:
            found = self._reach[source] = frozenset(
                reach(lambda k: [e.consequent for e in self.rules_from.get(k, ())], source)
            )
        return found

    def reachable(self, source: Key, target: Key) -> bool:
        """Whether a path of rules leads from ``source`` to ``target`` (length 0 included)."""
        return source == target or target in self.descendants(source)

    def shortest_path(self, sources: Iterable[Key], target: Key) -> list[Key] | None:
        """The shortest rule path from any of ``sources`` to ``target`` (ties: first source; among paths of one
        source as short, the one ``networkx.shortest_path`` picks on :attr:`graph`).
        """
        best: list[Key] | None = None
        successors, predecessors = self._adjacency
        for s in sources:
            if s == target:
                return [s]
            if self.reachable(s, target):
                path = shortest_path(successors, predecessors, s, target)
                if path is not None and (best is None or len(path) < len(best)):
                    best = path
        return best

    def rule_formula(self, antecedent: Key, consequent: Key) -> Formula:
        """The formula of the rule edge ``antecedent → consequent`` (of several rules with that edge, the last,
        as :attr:`graph` keeps it).
        """
        return self._adjacency[0][antecedent][consequent]

    @cached_property
    def _adjacency(self) -> tuple[dict[Key, dict[Key, Formula]], dict[Key, dict[Key, None]]]:
        """The rule graph as plain dicts (every new problem searches it): each key's successors, with the edge's
        formula, and its predecessors, in the order :attr:`graph` adds the edges.
        """
        successors: dict[Key, dict[Key, Formula]] = {}
        predecessors: dict[Key, dict[Key, None]] = {}
        for edges in self.rules_into.values():
            for e in edges:
                successors.setdefault(e.antecedent, {})[e.consequent] = e.formula
                predecessors.setdefault(e.consequent, {})[e.antecedent] = None
        return successors, predecessors
