"""Shapes: formulas about one individual, with the individual taken out.

PrOntoQA reasons about one entity at a time with unary predicates, so a ground formula such as
``wumpus(Fae) ∨ yumpus(Fae)`` is a *shape* (``wumpus ∨ yumpus``) applied to a constant, and a rule
``∀x(wumpus(x) ∨ yumpus(x) → dumpus(x))`` is a pair of shapes. Shapes compare conjunctions and
disjunctions as sets, so the order in which a model lists them does not matter.

A shape is a literal :class:`Lit` ``(predicate, positive)`` or a :class:`Compound` ``(op, parts)`` with
``op`` :attr:`Op.AND` or :attr:`Op.OR` and ``parts`` a frozenset of shapes (both are named tuples: they hash
and compare as the plain tuples they are, fast).

>>> from prontocheck.syntax import parse_statement as p
>>> shape, constant = ground_shape(p("Fae is a wumpus or a yumpus."))
>>> shape.op, sorted(shape.parts), constant
(<Op.OR: 'or'>, [Lit(predicate='wumpus', positive=True), Lit(predicate='yumpus', positive=True)], Const(name='Fae'))
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache, partial
from typing import Any, NamedTuple

from prontocheck.logic.formulas import And, Atom, Const, ForAll, Formula, Implies, Not, Or, Term, Var, and_, or_


class Op(StrEnum):
    """The connective of a compound shape."""

    AND = "and"
    OR = "or"


class Lit(NamedTuple):
    """A literal about the individual: ``predicate(x)`` or ``¬predicate(x)``."""

    predicate: str
    positive: bool

    def negated(self) -> Lit:
        """The complementary literal.

        >>> Lit("cat", True).negated()
        Lit(predicate='cat', positive=False)
        """
        return Lit(self.predicate, not self.positive)


class Compound(NamedTuple):
    """A conjunction or disjunction of shapes (an unordered set of two or more, none of its own connective)."""

    op: Op
    parts: frozenset[Shape]


Shape = Lit | Compound
Key = Lit
"""A literal without its argument (the v1 calculus' name for it)."""


def compound(op: Op, parts: Iterable[Shape]) -> Shape:
    """The conjunction or disjunction of ``parts``, flattened (one part: itself).

    >>> compound(Op.AND, [Lit("a", True), compound(Op.AND, [Lit("b", True), Lit("c", False)])]).parts == {
    ...     Lit("a", True), Lit("b", True), Lit("c", False)}
    True
    """
    flat: set[Shape] = set()
    for part in parts:
        if isinstance(part, Compound) and part.op == op:
            flat.update(part.parts)
        else:
            flat.add(part)
    return next(iter(flat)) if len(flat) == 1 else Compound(op, frozenset(flat))


def _shape(formula: Formula, term: Term | None) -> tuple[Shape, Term] | None:
    """The shape of a formula about one term (``term``, or any one when ``None``) and that term."""
    positive = True
    if isinstance(formula, Not):  # (explicit tests, not a match statement: every formula read passes here)
        formula, positive = formula.operand, False
        if not isinstance(formula, Atom):
            return None
    if isinstance(formula, Atom):
        args = formula.args
        if len(args) != 1 or term is not None and args[0] != term:
            return None
        return Lit(formula.predicate, positive), args[0]
    if not isinstance(formula, And | Or):
        return None
    parts: list[Shape] = []
    for op in formula.operands:
        sub = _shape(op, term)
        if sub is None:
            return None
        part, term = sub
        parts.append(part)
    if term is None:
        return None
    return compound(Op.AND if isinstance(formula, And) else Op.OR, parts), term


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
    >>> op.value, sorted(operands), tuple(consequent)
    ('and', [Lit(predicate='kind', positive=True), Lit(predicate='wumpus', positive=True)], ('yumpus', True))
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

    >>> op, operands = complement(Compound(Op.OR, frozenset({Lit("a", True), Lit("b", False)})))
    >>> op.value, [tuple(p) for p in sorted(operands)]
    ('and', [('a', False), ('b', True)])
    """
    if isinstance(shape, Lit):
        return shape.negated()
    return compound(Op.OR if shape.op == Op.AND else Op.AND, [complement(p) for p in shape.parts])


def sort_key(shape: Shape) -> tuple[object, ...]:
    """A sort key that orders shapes the same way in every process (``repr`` of a frozenset does not).

    >>> sorted([Compound(Op.OR, frozenset({Lit("b", True), Lit("a", False)})), Lit("c", True)], key=sort_key)[0]
    Lit(predicate='c', positive=True)
    """
    if isinstance(shape, Lit):
        return (0, shape.predicate, not shape.positive)
    return (1, shape.op.value, tuple(sorted(sort_key(p) for p in shape.parts)))


def sorted_shapes(shapes: Iterable[Shape]) -> list[Shape]:
    """Shapes in the order of :func:`sort_key`: iterate a set of shapes through this wherever the order can
    reach a result (a tie between derivations, the first conjunct), so that results do not depend on the
    string hash seed.

    >>> [tuple(s) for s in sorted_shapes({Lit("b", True), Lit("a", False)})]
    [('a', False), ('b', True)]
    """
    return sorted(shapes, key=sort_key)


_NONE: frozenset[Shape] = frozenset()


def parts(shape: Shape, op: str) -> frozenset[Shape]:
    """The operands of a conjunction (``op="and"``) or disjunction; empty for anything else."""
    return shape.parts if isinstance(shape, Compound) and shape.op == op else _NONE


def stable_repr(shape: Shape) -> str:
    """``repr(shape)`` with the parts of a compound in sorted order: the same in every process (``repr`` of a
    frozenset follows the string hash seed).

    >>> stable_repr(Compound(Op.OR, frozenset({Lit("b", True), Lit("a", False)})))
    "('or', frozenset({('a', False), ('b', True)}))"
    """
    if isinstance(shape, Lit):
        return repr(tuple(shape))
    inner = ", ".join(sorted(stable_repr(p) for p in shape.parts))
    return f"({shape.op.value!r}, frozenset({{{inner}}}))"


def to_formula(shape: Shape, term: Term) -> Formula:
    """Apply a shape to a term (operands in a stable, sorted order).

    >>> str(to_formula(Compound(Op.AND, frozenset({Lit("kind", True), Lit("wumpus", False)})), Const("Fae")))
    'kind(Fae) ∧ ¬wumpus(Fae)'
    """
    if isinstance(shape, Lit):
        a = Atom(shape.predicate, (term,))
        return a if shape.positive else Not(a)
    built = [to_formula(p, term) for p in sorted(shape.parts, key=stable_repr)]
    return and_(*built) if shape.op == Op.AND else or_(*built)


class ShapeRule(NamedTuple):
    """A rule of the context or a stated rule, as shapes (a named tuple: every context makes its own)."""

    antecedent: Shape
    consequent: Shape
    formula: Formula


@lru_cache(maxsize=1 << 14)
def _axiom(formula: Formula) -> ShapeRule | tuple[Shape, Const] | None:
    """An axiom as shapes: a rule, a fact (shape and individual), or ``None`` (shared across theories: contexts
    repeat their sentences, and rules are immutable).
    """
    if isinstance(formula, ForAll):
        r = rule_shapes(formula)
        return None if r is None else ShapeRule(r[0], r[1], formula)
    return ground_shape(formula)


@dataclass
class ShapeIndex:
    """The axioms of a context as shapes, indexed for backward chaining.

    Attributes:
        facts: the ground facts, by constant.
        rules: every rule, in order.
        into: rules by consequent shape.
        into_conjunct: rules whose consequent is a conjunction, by each conjunct (Hop + and-elim).
        from_antecedent: rules by antecedent shape.
        rule_keys: the (antecedent, consequent) pairs of the context's rules.
        simple: every axiom is a literal fact or a literal-to-literal rule (the v1 calculus).
    """

    facts: dict[Const, set[Shape]] = field(default_factory=partial(defaultdict, set))
    rules: list[ShapeRule] = field(default_factory=list)
    into: dict[Shape, list[ShapeRule]] = field(default_factory=partial(defaultdict, list))
    into_conjunct: dict[Shape, list[ShapeRule]] = field(default_factory=partial(defaultdict, list))
    from_antecedent: dict[Shape, list[ShapeRule]] = field(default_factory=partial(defaultdict, list))
    rule_keys: set[tuple[Shape, Shape]] = field(default_factory=set)
    simple: bool = True
    _compounds: dict[Const, frozenset[Shape]] = field(default_factory=dict, repr=False)
    memo: dict[Any, Any] = field(default_factory=dict, repr=False)
    """What a caller derived from the rules (:func:`prontocheck.engine.calculus.inferences`: the rule
    applications that conclude a shape), kept until a rule is added."""

    def add_rule(self, ante: Shape, cons: Shape, formula: Formula) -> ShapeRule:
        """Index one rule (used for stated rules too)."""
        self.memo.clear()
        return self._add(ShapeRule(ante, cons, formula))

    def _add(self, r: ShapeRule) -> ShapeRule:
        self.rules.append(r)
        self.into[r.consequent].append(r)
        if isinstance(r.consequent, Compound) and r.consequent.op == Op.AND:
            for conjunct in r.consequent.parts:
                self.into_conjunct[conjunct].append(r)
        self.from_antecedent[r.antecedent].append(r)
        return r

    @classmethod
    def build(cls, axioms: tuple[Formula, ...]) -> ShapeIndex:
        """Index the axioms of a theory."""
        index = cls()
        facts, rules, into, from_antecedent = index.facts, index.rules, index.into, index.from_antecedent
        rule_keys = index.rule_keys
        simple = True
        for formula in axioms:  # (what _add does, written out: every new problem indexes its context here)
            found = _axiom(formula)
            if isinstance(found, ShapeRule):
                ante, cons = found.antecedent, found.consequent
                rules.append(found)
                into[cons].append(found)
                if type(cons) is Compound and cons.op == Op.AND:
                    for conjunct in cons.parts:
                        index.into_conjunct[conjunct].append(found)
                from_antecedent[ante].append(found)
                rule_keys.add((ante, cons))
                simple = simple and type(ante) is Lit and type(cons) is Lit
            elif found is not None:
                facts[found[1]].add(found[0])
                simple = simple and type(found[0]) is Lit
            else:
                simple = False
        index.simple = simple
        return index

    def compounds_of(self, c: Const) -> frozenset[Shape]:
        """The conjunctions and disjunctions among the facts about ``c`` (where and- and or-elimination start)."""
        if self.simple:  # (literals only)
            return _NONE
        found = self._compounds.get(c)
        if found is None:
            found = self._compounds[c] = frozenset(s for s in self.facts.get(c, ()) if isinstance(s, Compound))
        return found

    def successors(self, shape: Shape) -> set[Shape]:
        """One composition step in the rule graph: rules, and-elimination, or-introduction targets."""
        out = {r.consequent for r in self.from_antecedent.get(shape, ())}
        out.update(parts(shape, "and"))
        return out
