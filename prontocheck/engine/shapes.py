"""Shapes: formulas about one individual, with the individual taken out.

PrOntoQA reasons about one entity at a time with unary predicates, so a ground formula such as
``wumpus(Fae) ∨ yumpus(Fae)`` is a *shape* (``wumpus ∨ yumpus``) applied to a constant, and a rule
``∀x(wumpus(x) ∨ yumpus(x) → dumpus(x))`` is a pair of shapes. Shapes compare conjunctions and
disjunctions as sets, so the order in which a model lists them does not matter.

A shape is a literal :data:`Key` ``(predicate, polarity)`` or ``("and", parts)`` / ``("or", parts)``
with ``parts`` a frozenset of shapes.

>>> from prontocheck.syntax import parse_statement as p
>>> shape, constant = ground_shape(p("Fae is a wumpus or a yumpus."))
>>> shape[0], sorted(shape[1]), constant
('or', [('wumpus', True), ('yumpus', True)], Const(name='Fae'))
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from prontocheck.logic.formulas import And, Atom, Const, ForAll, Formula, Implies, Not, Or, Term, Var, and_, or_

Key = tuple[str, bool]
Shape = Key | tuple[str, frozenset["Shape"]]  # type: ignore[misc]


def _compound(op: str, parts: list[Shape]) -> Shape:
    flat: set[Shape] = set()
    for part in parts:
        if isinstance(part[1], frozenset) and part[0] == op:
            flat.update(part[1])  # type: ignore[arg-type]
        else:
            flat.add(part)
    return next(iter(flat)) if len(flat) == 1 else (op, frozenset(flat))


def _shape(formula: Formula, term: Term | None) -> tuple[Shape, Term] | None:
    match formula:
        case Atom(predicate, (arg,)) if term is None or arg == term:
            return (predicate, True), arg
        case Not(Atom(predicate, (arg,))) if term is None or arg == term:
            return (predicate, False), arg
        case And(operands) | Or(operands):
            parts: list[Shape] = []
            for op in operands:
                sub = _shape(op, term)
                if sub is None or (term is not None and sub[1] != term):
                    return None
                term = sub[1]
                parts.append(sub[0])
            return _compound("and" if isinstance(formula, And) else "or", parts), term  # type: ignore[return-value]
    return None


@lru_cache(maxsize=1 << 14)
def ground_shape(formula: Formula) -> tuple[Shape, Const] | None:
    """The shape and constant of a ground formula about one individual; ``None`` otherwise."""
    found = _shape(formula, None)
    if found is None or not isinstance(found[1], Const):
        return None
    return found[0], found[1]


@lru_cache(maxsize=1 << 14)
def rule_shapes(formula: Formula) -> tuple[Shape, Shape] | None:
    """The antecedent and consequent shapes of ``∀x(A(x) → C(x))``; ``None`` for other formulas.

    >>> from prontocheck.syntax import parse_statement as p
    >>> (op, operands), consequent = rule_shapes(p("Every kind wumpus is a yumpus."))
    >>> op, sorted(operands), consequent
    ('and', [('kind', True), ('wumpus', True)], ('yumpus', True))
    """
    if isinstance(formula, ForAll) and isinstance(formula.body, Implies):
        var = Var(formula.variable)
        ante = _shape(formula.body.antecedent, var)
        cons = _shape(formula.body.consequent, var)
        if ante is not None and cons is not None:
            return ante[0], cons[0]
    return None


def complement(shape: Shape) -> Shape:
    """The shape of the negation, in negation normal form.

    >>> op, operands = complement(("or", frozenset({("a", True), ("b", False)})))
    >>> op, sorted(operands)
    ('and', [('a', False), ('b', True)])
    """
    if isinstance(shape[1], bool):
        return shape[0], not shape[1]  # type: ignore[return-value]
    op = "or" if shape[0] == "and" else "and"
    return _compound(op, [complement(p) for p in shape[1]])  # type: ignore[union-attr]


def sort_key(shape: Shape) -> tuple[object, ...]:
    """A sort key that orders shapes the same way in every process (``repr`` of a frozenset does not).

    >>> sorted([("or", frozenset({("b", True), ("a", False)})), ("c", True)], key=sort_key)[0]
    ('c', True)
    """
    if isinstance(shape[1], bool):
        return (0, shape[0], not shape[1])
    return (1, shape[0], tuple(sorted(sort_key(p) for p in shape[1])))  # type: ignore[union-attr]


def sorted_shapes(shapes: Iterable[Shape]) -> list[Shape]:
    """Shapes in the order of :func:`sort_key`: iterate a set of shapes through this wherever the order can
    reach a result (a tie between derivations, the first conjunct), so that results do not depend on the
    string hash seed.

    >>> sorted_shapes({("b", True), ("a", False)})
    [('a', False), ('b', True)]
    """
    return sorted(shapes, key=sort_key)


def parts(shape: Shape, op: str) -> frozenset[Shape]:
    """The operands of a conjunction (``op="and"``) or disjunction; empty for anything else."""
    return shape[1] if shape[0] == op and isinstance(shape[1], frozenset) else frozenset()  # type: ignore[return-value]


def stable_repr(shape: Shape) -> str:
    """``repr(shape)`` with the parts of a compound in sorted order: the same in every process (``repr`` of a
    frozenset follows the string hash seed).

    >>> stable_repr(("or", frozenset({("b", True), ("a", False)})))
    "('or', frozenset({('a', False), ('b', True)}))"
    """
    if isinstance(shape[1], bool):
        return repr(shape)
    inner = ", ".join(sorted(stable_repr(p) for p in shape[1]))  # type: ignore[union-attr]
    return f"({shape[0]!r}, frozenset({{{inner}}}))"


def to_formula(shape: Shape, term: Term) -> Formula:
    """Apply a shape to a term (operands in a stable, sorted order).

    >>> str(to_formula(("and", frozenset({("kind", True), ("wumpus", False)})), Const("Fae")))
    'kind(Fae) ∧ ¬wumpus(Fae)'
    """
    if isinstance(shape[1], bool):
        a = Atom(shape[0], (term,))  # type: ignore[arg-type]
        return a if shape[1] else Not(a)
    built = [to_formula(p, term) for p in sorted(shape[1], key=stable_repr)]  # type: ignore[union-attr]
    return and_(*built) if shape[0] == "and" else or_(*built)


@dataclass(frozen=True, slots=True)
class ShapeRule:
    """A rule of the context or a stated rule, as shapes."""

    antecedent: Shape
    consequent: Shape
    formula: Formula


@dataclass
class ShapeIndex:
    """The axioms of a context as shapes, indexed for backward chaining.

    Attributes:
        facts: the ground facts, by constant.
        into: rules by consequent shape.
        into_conjunct: rules whose consequent is a conjunction, by each conjunct (Hop + and-elim).
        from_antecedent: rules by antecedent shape.
        rule_keys: the (antecedent, consequent) pairs of the context's rules.
        simple: every axiom is a literal fact or a literal-to-literal rule (the v1 calculus).
    """

    facts: dict[Const, set[Shape]] = field(default_factory=lambda: defaultdict(set))
    into: dict[Shape, list[ShapeRule]] = field(default_factory=lambda: defaultdict(list))
    into_conjunct: dict[Shape, list[ShapeRule]] = field(default_factory=lambda: defaultdict(list))
    from_antecedent: dict[Shape, list[ShapeRule]] = field(default_factory=lambda: defaultdict(list))
    rule_keys: set[tuple[Shape, Shape]] = field(default_factory=set)
    simple: bool = True

    def add_rule(self, ante: Shape, cons: Shape, formula: Formula) -> ShapeRule:
        """Index one rule (used for stated rules too)."""
        r = ShapeRule(ante, cons, formula)
        self.into[cons].append(r)
        for conjunct in parts(cons, "and"):
            self.into_conjunct[conjunct].append(r)
        self.from_antecedent[ante].append(r)
        return r

    @classmethod
    def build(cls, axioms: tuple[Formula, ...]) -> ShapeIndex:
        """Index the axioms of a theory."""
        index = cls()
        for formula in axioms:
            if (g := ground_shape(formula)) is not None:
                index.facts[g[1]].add(g[0])
                index.simple &= isinstance(g[0][1], bool)
            elif (r := rule_shapes(formula)) is not None:
                index.add_rule(r[0], r[1], formula)
                index.rule_keys.add(r)
                index.simple &= isinstance(r[0][1], bool) and isinstance(r[1][1], bool)
            else:
                index.simple = False
        return index

    def successors(self, shape: Shape) -> set[Shape]:
        """One composition step in the rule graph: rules, and-elimination, or-introduction targets."""
        out = {r.consequent for r in self.from_antecedent.get(shape, ())}
        out.update(parts(shape, "and"))
        return out
