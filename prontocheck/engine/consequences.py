"""What follows about one individual, and how: a forward closure of its facts under a theory's rules.

The step classifiers decide derivability backwards, goal by goal; explaining why a step does *not*
follow needs the other direction: everything the facts about an individual lead to, each with the
rule and premise that first gave it. :class:`Consequences` saturates the facts given about one
individual (as shapes, :mod:`.shapes`) under the rules of a :class:`RuleIndex`: modus ponens (a
compound antecedent is satisfied by all its conjuncts, or by one disjunct), and-elimination, and
modus tollens (whose result is not split again, as in the natural-deduction calculus). Or-elimination
is left to the caller, which can suppose each case as an extra seed.

>>> from prontocheck.syntax import parse_statement as p
>>> t = Theory.from_axioms([p(s) for s in ["Every cat is a carnivore.", "Every carnivore is not herbivorous."]])
>>> known = Consequences([(Lit("cat", True), Why(How.GIVEN, frozenset()))], [RuleIndex.of(t).triggers]).known
>>> [tuple(k) for k in known], known[Lit("herbivorous", False)].how
([('cat', True), ('carnivore', True), ('herbivorous', False)], <How.HOP: 'hop'>)
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from prontocheck.engine.calculus import Rule, uses_of
from prontocheck.engine.shapes import Compound, Lit, Op, Shape, ShapeRule, complement, parts, sorted_shapes
from prontocheck.engine.theory import Theory
from prontocheck.logic.formulas import And, Atom, Const, Exists, ForAll, Formula, Implies, Not, Or

Hyps = frozenset[int]
"""The assumption steps a fact rests on."""


class How(StrEnum):
    """How a shape was first reached."""

    GIVEN = "given"
    """A seed: a context fact or a stated step."""
    AND_ELIM = "and-elim"
    """A conjunct of a conjunction reached before."""
    HOP = "hop"
    """Modus ponens."""
    TOLLENS = "tollens"
    """Modus tollens (its conjunction is not split)."""
    CASE = "case"
    """A seed that a proof by cases or by contradiction would assume."""


@dataclass(frozen=True, slots=True)
class Why:
    """How a shape about the individual was first reached.

    Attributes:
        how: the kind of step.
        hyps: the assumptions it rests on.
        premises: the shapes it came from (a hop's support, the conjunction of a conjunct).
        rule: the rule a hop applied.
    """

    how: How
    hyps: Hyps
    premises: tuple[Shape, ...] = ()
    rule: Formula | None = None


@dataclass(frozen=True, slots=True)
class Edge:
    """A rule, or its contrapositive (modus tollens), as an edge from what satisfies it to what it gives."""

    source: Shape
    target: Shape
    rule: Formula
    how: How


Triggers = dict[Shape, list[Edge]]
"""Edges by the shapes whose arrival may satisfy their source (the source and each of its literals)."""


def _literals(shape: Shape) -> Iterator[Shape]:
    if isinstance(shape, Lit):
        yield shape
        return
    for part in sorted_shapes(shape.parts):  # the same order under every hash seed
        yield from _literals(part)


@lru_cache(maxsize=1 << 12)
def rule_edges(antecedent: Shape, consequent: Shape, rule: Formula) -> tuple[tuple[Shape, Edge], ...]:
    """A rule as its two edges, its two uses in the calculus (:func:`~.calculus.uses_of`: modus ponens and
    modus tollens), each under the shapes that trigger it (its source and the source's literals); cached, as
    contexts share their rules.

    >>> edges = rule_edges(Lit("cat", True), Lit("furry", True), None)
    >>> [(tuple(key), tuple(e.target), e.how.value) for key, e in edges]
    [(('cat', True), ('furry', True), 'hop'), (('furry', False), ('cat', False), 'tollens')]
    """
    edges = [Edge(use.premises[0], conclusion, rule, How.HOP if use.rule is Rule.HOP else How.TOLLENS)
             for conclusion, use in uses_of(ShapeRule(antecedent, consequent, rule))]
    return tuple((key, e) for e in edges for key in dict.fromkeys((e.source, *_literals(e.source))))


def index_edges(keyed: Iterable[tuple[Shape, Edge]], into: Triggers) -> Triggers:
    """Add edges (as :func:`rule_edges` gives them) to an index; returns it.

    >>> len(index_edges(rule_edges(Lit("cat", True), Lit("furry", True), None), {}))
    2
    """
    for key, e in keyed:
        into.setdefault(key, []).append(e)
    return into


def predicates(formula: Formula) -> list[str]:
    """The predicates a formula uses, in order of appearance.

    >>> from prontocheck.syntax import parse_statement as p
    >>> predicates(p("Everything that is a wumpus or kind is not a yumpus."))
    ['wumpus', 'kind', 'yumpus']
    """
    match formula:
        case Atom(predicate, _):
            return [predicate]
        case Not(operand) | ForAll(_, operand) | Exists(_, operand):
            return predicates(operand)
        case And(operands) | Or(operands):
            return list(dict.fromkeys(p for o in operands for p in predicates(o)))
        case Implies(antecedent, consequent):
            return list(dict.fromkeys([*predicates(antecedent), *predicates(consequent)]))
    return []


@dataclass(frozen=True, slots=True)
class RuleIndex:
    """A theory's rules and facts as the closure reads them.

    Attributes:
        triggers: its rules as edges (:data:`Triggers`).
        after: the consequents of its rules, by antecedent (rule composition).
        facts: its facts as shapes, by constant.
        predicates: the predicates it uses.
    """

    triggers: Triggers
    after: dict[Shape, set[Shape]]
    facts: Mapping[Const, AbstractSet[Shape]]
    predicates: frozenset[str]

    @classmethod
    def of(cls, theory: Theory) -> RuleIndex:
        """Index a theory's shapes (once per theory: every output checked against a problem with an invalid
        step asks for it).

        >>> from prontocheck.syntax import parse_statement as p
        >>> index = RuleIndex.of(Theory.from_axioms([p("Every cat is a carnivore."), p("Fae is a cat.")]))
        >>> {tuple(k): [tuple(c) for c in v] for k, v in index.after.items()}, sorted(index.predicates)
        ({('cat', True): [('carnivore', True)]}, ['carnivore', 'cat'])
        """
        memo = theory.shapes.memo  # (kept with the theory: it lives as long as the theory does)
        found: RuleIndex | None = memo.get(RuleIndex)
        if found is None:
            found = memo[RuleIndex] = _rule_index(theory)
        return found


def _rule_index(theory: Theory) -> RuleIndex:
    rules = [(r.antecedent, r.consequent, r.formula) for rs in theory.shapes.from_antecedent.values() for r in rs]
    after: dict[Shape, set[Shape]] = defaultdict(set)
    for antecedent, consequent, _ in rules:
        after[antecedent].add(consequent)
    facts: Mapping[Const, AbstractSet[Shape]] = theory.shapes.facts
    if theory.simple:  # (every shape a literal: its predicate at hand, no formula walked)
        used = frozenset(k.predicate for k in (*after, *(c for cs in after.values() for c in cs),
                                               *(k for ks in facts.values() for k in ks)) if isinstance(k, Lit))
    else:
        used = frozenset(p for f in theory.axioms for p in predicates(f))
    return RuleIndex(index_edges((p for r in rules for p in rule_edges(*r)), {}), dict(after), facts, used)


class Consequences:
    """Every shape the seeds (facts about one individual) lead to, each with how it was first reached.

    Args:
        seeds: the facts, with how each is given (their assumptions included), in order.
        triggers: the rules as edges (a theory's, and the stated rules').
    """

    def __init__(self, seeds: Sequence[tuple[Shape, Why]], triggers: Sequence[Triggers]) -> None:
        self.known: dict[Shape, Why] = {}
        queue: deque[Shape] = deque()
        for shape, why in seeds:
            self._add(shape, why, queue)
        known = self.known
        while queue:
            shape = queue.popleft()
            for t in triggers:
                for e in t.get(shape, ()):
                    if e.target in known:
                        continue
                    support = [shape] if e.source == shape else self.support(e.source)
                    if support is not None:
                        self._add(e.target, Why(e.how, self.hyps(support), tuple(support), e.rule), queue)

    def _add(self, shape: Shape, why: Why, queue: deque[Shape]) -> None:
        if shape in self.known:
            return
        self.known[shape] = why
        queue.append(shape)
        if why.how is How.TOLLENS or not isinstance(shape, Compound) or shape.op != Op.AND:
            return  # the calculus does not split what modus tollens gives (engine/calculus.py)
        for part in sorted_shapes(parts(shape, "and")):
            self._add(part, Why(How.AND_ELIM, why.hyps, (shape,)), queue)

    def support(self, shape: Shape) -> list[Shape] | None:
        """The known shapes that establish ``shape`` (a disjunction by one disjunct); ``None`` if none do."""
        if shape in self.known:
            return [shape]
        if isinstance(shape, Compound) and shape.op == Op.AND:
            found: list[Shape] = []
            for part in sorted_shapes(shape.parts):
                sub = self.support(part)
                if sub is None:
                    return None
                found += sub
            return found
        if isinstance(shape, Compound) and shape.op == Op.OR:
            for part in sorted_shapes(shape.parts):
                if (sub := self.support(part)) is not None:
                    return sub
        return None

    def hyps(self, support: list[Shape]) -> Hyps:
        """The assumptions the supporting shapes rest on."""
        return frozenset().union(*(self.known[s].hyps for s in support))

    def clash(self) -> Shape | None:
        """A shape that follows together with its negation, or ``None``."""
        return next((s for s in self.known if self.support(complement(s)) is not None), None)
