"""The calculus: its rules, what a step can state, one derivation record, and the one derivation function.

Every analysis of PrOntoQA reasoning asks the same question: what is the cheapest derivation of a
formula from the context and what has been stated so far, and under which open assumptions? The
step classifier (:mod:`prontocheck.prontoqa.steps`) asks it for each step against the stated set S,
the proof accuracies (:mod:`prontocheck.prontoqa.accuracy`) against each metric's established set
E_M. Both ask a :class:`View`, whose :meth:`View.derive` applies the rules of :class:`Rule`, each
written once below, and returns a :class:`Derivation`.

cost(φ) is the least number of rule applications that derive φ when every stated step is free
(paper-semantics.md): a context fact or rule costs one ``Ax``, a stated one nothing.

>>> from prontocheck.engine.theory import Theory
>>> from prontocheck.syntax import parse_statement as p
>>> t = Theory.from_axioms([p("Every cat is a carnivore."), p("Fae is a cat.")])
>>> view = View(t.shapes, [], {})
>>> d = view.derive(Lit("carnivore", True), Const("Fae"), broad=False)
>>> d.rule, d.cost, d.uses == (p("Every cat is a carnivore."),)
(<Rule.HOP: 'Hop'>, 3, True)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from functools import lru_cache, partial
from itertools import islice, repeat
from typing import NamedTuple

from prontocheck.engine.graphs import descend, path_exists, reach
from prontocheck.engine.shapes import (
    Compound,
    Lit,
    Shape,
    ShapeIndex,
    ShapeRule,
    complement,
    ground_shape,
    parts,
    rule_shapes,
    sorted_shapes,
)
from prontocheck.errors import BudgetExceeded
from prontocheck.limits import DERIVE_WORK
from prontocheck.logic.formulas import Const, Formula


class Rule(StrEnum):
    """The rules of the calculus (a step's ``rule`` is the last one its cheapest derivation applies)."""

    AX = "Ax"
    """A context sentence, restated."""
    REPEAT = "Repeat"
    """A stated step, restated (cost 0)."""
    ASSUME = "Assume"
    """An assumption (its own open assumption)."""
    HOP = "Hop"
    """Modus ponens: ∀x(A(x) → C(x)) and A(c) give C(c) (compound A and C too)."""
    HOP_AND_ELIM = "Hop+AndElim"
    """Modus ponens, then one conjunct of its conjunctive consequent."""
    AND_INTRO = "AndIntro"
    AND_ELIM = "AndElim"
    OR_INTRO = "OrIntro"
    OR_ELIM = "OrElim"
    """Proof by cases: the goal stated under the assumption of each disjunct of an established disjunction."""
    CONTRADICTION = "Contradiction"
    """⊥ from χ and ¬χ; and proof by contradiction, ¬α from a ⊥ that rests on the assumption α."""
    MODUS_TOLLENS = "ModusTollens"
    """Broad: ∀x(A(x) → C(x)) and ¬C(c) give ¬A(c)."""
    COMPOSITION = "Composition"
    """Broad: rules ∀x(f → g), ∀x(g → h) give ∀x(f → h)."""


# -- what a step can state ------------------------------------------------------------------------------


class Fact(NamedTuple):
    """A ground formula about one individual: its shape and the individual."""

    shape: Shape
    constant: Const


class RuleKey(NamedTuple):
    """A rule ∀x(A(x) → C(x)): its antecedent and consequent shapes."""

    antecedent: Shape
    consequent: Shape


class Other(NamedTuple):
    """Any other formula, as itself."""

    formula: Formula


class Falsum(NamedTuple):
    """⊥: what "This contradicts with χ" states."""


FALSUM = Falsum()
StatementKey = Fact | RuleKey | Other | Falsum
"""The order-insensitive identity of what a step states (conjunctions and disjunctions compare as sets)."""


@lru_cache(maxsize=1 << 14)
def statement_key(formula: Formula) -> StatementKey:
    """What ``formula`` states.

    >>> from prontocheck.syntax import parse_statement as p
    >>> statement_key(p("Fae is a cat or a dog.")) == statement_key(p("Fae is a dog or a cat."))
    True
    >>> type(statement_key(p("Every cat is a feline."))).__name__
    'RuleKey'
    """
    if (g := ground_shape(formula)) is not None:
        return Fact(*g)
    if (r := rule_shapes(formula)) is not None:
        return RuleKey(*r)
    return Other(formula)


Hyps = frozenset[int]
"""The open assumptions (indices of ``Assume`` steps) a derivation rests on."""
NO_HYPS: Hyps = frozenset()


class Derivation(NamedTuple):
    """A cheapest derivation (a named tuple: the searches make many, and it is made fast).

    Attributes:
        rule: the last rule applied.
        cost: rule applications (0: already stated).
        premises: indices of the stated steps used, most recent first.
        hyps: the assumption steps it rests on.
        all_useful: every premise is a useful step.
        root: what the chain starts from (a stated step's or a context fact's key).
        uses: the context or stated rules (formulas) it applies, in order.
        broad: it needs a broad rule (modus tollens).
    """

    rule: Rule
    cost: int
    premises: tuple[int, ...] = ()
    hyps: Hyps = NO_HYPS
    all_useful: bool = True
    root: StatementKey | None = None
    uses: tuple[Formula, ...] = ()
    broad: bool = False

    def rank(self) -> tuple[int, int, bool, tuple[int, ...]]:
        """Cheapest, then fewest assumptions, then useful premises, then the most recent premises (a context
        fact, with none, wins a tie with a derivation from stated steps).
        """
        return (self.cost, len(self.hyps), not self.all_useful, tuple(-p for p in self.premises))

    def then(self, rule: Rule, *, cost: int = 1, rule_step: int | None = None, useful: bool = True,
             uses: Formula | None = None, broad: bool = False) -> Derivation:
        """This derivation followed by one more rule application (``cost`` more), which may use a stated
        rule (step ``rule_step``, then cited as a premise; else the context's, one ``Ax`` more).
        """
        premises = self.premises
        if rule_step is not None:
            premises = merge(premises, (rule_step,)) if premises else (rule_step,)
        elif uses is not None:
            cost += 1
        return _new(Derivation, (rule, self.cost + cost, premises, self.hyps, self.all_useful and useful, self.root,
                                 self.uses if uses is None else (*self.uses, uses), self.broad or broad))


COST: dict[Rule, int] = {
    Rule.AX: 1, Rule.REPEAT: 0, Rule.ASSUME: 0, Rule.HOP: 1, Rule.HOP_AND_ELIM: 2, Rule.AND_INTRO: 1,
    Rule.AND_ELIM: 1, Rule.OR_INTRO: 1, Rule.OR_ELIM: 1, Rule.CONTRADICTION: 1, Rule.MODUS_TOLLENS: 1,
    Rule.COMPOSITION: 1,
}
"""What one application of each rule costs (a context rule it applies costs one ``Ax`` more)."""

_AX, _REPEAT, _HOP, _AND_INTRO, _OR_ELIM, _CONTRADICTION, _MODUS_TOLLENS = (
    Rule.AX, Rule.REPEAT, Rule.HOP, Rule.AND_INTRO, Rule.OR_ELIM, Rule.CONTRADICTION, Rule.MODUS_TOLLENS)
# (the derivation's inner loop compares rules with these: a module global is read faster than an enum member)

_new = tuple.__new__
"""Make a named tuple without the keyword handling of its own constructor (the inner loops make many)."""


class Inference(NamedTuple):
    """One way a rule of the calculus concludes a goal about an individual, read backwards.

    Attributes:
        rule: the rule.
        premises: what must be derived first, under the same assumptions (every conjunct for and-introduction;
            the disjunction for or-elimination).
        applies: the context's or a stated rule it applies (Hop, Hop+AndElim, modus tollens), and ``key``
            its :class:`RuleKey`.
        cases: what is assumed in turn: each disjunct for or-elimination (the goal is shown under each), the
            goal's complement for proof by contradiction (⊥ is shown under it).
    """

    rule: Rule
    premises: tuple[Shape, ...] = ()
    applies: ShapeRule | None = None
    cases: tuple[Shape, ...] = ()
    key: RuleKey | None = None
    """The key of the rule it applies (how a stated copy of that rule is found)."""


def inferences(shape: Shape, indexes: tuple[ShapeIndex, ...], known: Sequence[Shape], *,
               broad: bool) -> tuple[Inference, ...]:
    """The calculus's rule table: every rule application that concludes ``shape``, with what it needs.

    Every derivation of the project applies the rules through this table: the step classifier and the proof
    accuracies (:meth:`View.derive`, which adds Ax and Repeat: what is given or stated) and the gold-proof
    search (:mod:`prontocheck.prontoqa.derive`). ``indexes`` hold the rules that may be applied (the context's,
    the stated ones); ``known`` the conjunctions and disjunctions known of the individual, where and- and
    or-elimination start; modus tollens, a broad rule, only with ``broad``. With one index and nothing
    compound known (most goals) the table is kept in the index's memo: a context's rules serve every output
    checked against it.

    >>> from prontocheck.engine.theory import Theory
    >>> from prontocheck.syntax import parse_statement as p
    >>> t = Theory.from_axioms([p("Every cat is a carnivore and a mammal."), p("Every dog is a mammal.")])
    >>> table = inferences(Lit("mammal", True), (t.shapes,), (), broad=False)
    >>> [(i.rule.value, [tuple(s) for s in i.premises]) for i in table]
    [('Hop', [('dog', True)]), ('Hop+AndElim', [('cat', True)]), ('Contradiction', [])]
    """
    if known or len(indexes) != 1:
        return tuple(_table(shape, indexes, known, broad))
    memo = indexes[0].memo
    if (found := memo.get((shape, broad))) is None:
        found = memo[shape, broad] = tuple(_table(shape, indexes, (), broad))
    return found


def _table(shape: Shape, indexes: tuple[ShapeIndex, ...], known: Sequence[Shape], broad: bool) -> Iterator[Inference]:
    """:func:`inferences`, each rule once."""
    for ix in indexes:  # modus ponens (a rule's first use)
        for r in ix.into.get(shape, ()):
            yield uses_of(r)[0][1]
    for ix in indexes:  # the same, then one conjunct of its consequent
        for r in ix.into_conjunct.get(shape, ()):
            yield Inference(Rule.HOP_AND_ELIM, (r.antecedent,), r, key=RuleKey(r.antecedent, r.consequent))
    for k in known:
        if shape in parts(k, "and"):
            yield Inference(Rule.AND_ELIM, (k,))
    if conjuncts := parts(shape, "and"):
        yield Inference(Rule.AND_INTRO, tuple(sorted_shapes(conjuncts)))
    for disjunct in sorted_shapes(parts(shape, "or")):
        yield Inference(Rule.OR_INTRO, (disjunct,))
    for k in known:  # proof by cases: the goal under each disjunct of a known disjunction
        if cases := parts(k, "or"):
            yield Inference(Rule.OR_ELIM, (k,), cases=tuple(sorted_shapes(cases)))
    negated = complement(shape)
    yield Inference(Rule.CONTRADICTION, cases=(negated,))  # ⊥ under the assumption of the complement
    if broad:  # modus tollens (a rule's second use)
        for ix in indexes:
            for r in ix.from_antecedent.get(negated, ()):
                yield uses_of(r)[1][1]


@lru_cache(maxsize=1 << 14)
def uses_of(r: ShapeRule) -> tuple[tuple[Shape, Inference], tuple[Shape, Inference]]:
    """A rule's two uses, each with what it concludes: modus ponens (∀x(A(x) → C(x)) and A(c) give C(c)) and
    modus tollens, a broad rule (∀x(A(x) → C(x)) and ¬C(c) give ¬A(c)). The rule table reads them backwards,
    the forward consequences (:mod:`.consequences`) forwards.

    >>> from prontocheck.engine.shapes import ShapeRule
    >>> uses = uses_of(ShapeRule(Lit("cat", True), Lit("furry", True), None))
    >>> [(tuple(c), i.rule.value, [tuple(p) for p in i.premises]) for c, i in uses]
    [(('furry', True), 'Hop', [('cat', True)]), (('cat', False), 'ModusTollens', [('furry', False)])]
    """
    key = RuleKey(r.antecedent, r.consequent)
    return ((r.consequent, Inference(Rule.HOP, (r.antecedent,), r, key=key)),
            (complement(r.antecedent), Inference(Rule.MODUS_TOLLENS, (complement(r.consequent),), r, key=key)))


def _better(a: Derivation, b: Derivation, closed: bool) -> bool:
    """``a`` ranks before ``b`` (:meth:`Derivation.rank`; with ``closed``, resting on no assumption first)."""
    if closed and bool(a.hyps) != bool(b.hyps):
        return not a.hyps
    if a.cost != b.cost:
        return a.cost < b.cost
    return a.rank() < b.rank()


def merge(*groups: tuple[int, ...]) -> tuple[int, ...]:
    """Premise indices of several derivations, most recent first, each once.

    >>> merge((4, 1), (3, 1))
    (4, 3, 1)
    """
    return tuple(sorted({p for g in groups for p in g}, reverse=True))


SHORTCUTS = True
"""Take the shortcuts (:meth:`View._shortcut`: one Ax, the canonical Hop; the proof accuracies' own) that give
what the general search would give, faster. Off, every derivation is searched in full (the tests compare every
field both ways)."""

MAX_PATHS = 256
"""How many rule paths are compared when choosing a composed rule's premises."""


class _Unsure(Enum):
    UNSURE = "unsure"


UNSURE = _Unsure.UNSURE
"""What :meth:`View._shortcut` answers when only the search can tell."""

_NO_RULES = ShapeIndex()
"""The stated rules of a view that states none (never changed)."""


@dataclass
class View:
    """A set of stated (or established) steps over a theory's shapes, able to derive.

    The step classifier keeps one view (the stated set S); each proof accuracy keeps its own (E_M).

    Attributes:
        index: the context's facts and rules.
        useful: for each step index, whether it is useful (premises' ``all_useful``).
        assumptions: the ``Assume`` steps made so far, by index.
        stated: every stated copy of each key, in order, with its assumptions.
        best_stated: for each key, the copy a repeat cites: fewest assumptions, the latest among those
            (kept as steps are added: a statement repeated thousands of times is not scanned at each repeat).
        stated_under: the stated copies that rest on assumptions (what a proof by cases looks for).
        compounds: the conjunctions and disjunctions stated of each individual (where and- and
            or-elimination start).
        extra: the stated rules that are not context rules.
        work: derivation work done so far, against ``limits.DERIVE_WORK``.
    """

    index: ShapeIndex
    useful: list[bool]
    assumptions: dict[int, StatementKey]
    stated: dict[StatementKey, list[tuple[int, Hyps]]] = field(default_factory=partial(defaultdict, list))
    best_stated: dict[StatementKey, tuple[int, Hyps]] = field(default_factory=dict)
    stated_under: dict[StatementKey, list[tuple[int, Hyps]]] = field(default_factory=partial(defaultdict, list))
    compounds: dict[Const, set[Shape]] = field(default_factory=partial(defaultdict, set))
    extra: ShapeIndex = field(default_factory=repeat(_NO_RULES).__next__)  # (the shared empty index, made fast)
    work: int = 0
    _version: int = 0
    _memo_state: tuple[int, int] = (-1, -1)
    _memos: dict[tuple[object, ...], dict[tuple[Shape, int | None], Derivation | None]] = field(default_factory=dict)
    """The derivations found since the view last changed (a step added, an assumption made), for each
    constant, calculus, mask and preference: the next step's derivation reuses them instead of walking the
    same rule chains again (without it, a proof's steps take time quadratic in its length)."""
    _closed: bool = False

    def add(self, key: StatementKey, index: int, hyps: Hyps, formula: Formula | None, in_context: bool) -> None:
        """Record a step as stated."""
        self._version += 1
        self.stated[key].append((index, hyps))
        best = self.best_stated.get(key)
        if best is None or len(hyps) <= len(best[1]):  # (steps are added in order: the latest wins a tie)
            self.best_stated[key] = (index, hyps)
        if hyps:
            self.stated_under[key].append((index, hyps))
        if isinstance(key, Fact):
            if isinstance(key.shape, Compound):
                self.compounds[key.constant].add(key.shape)
        elif isinstance(key, RuleKey) and not in_context and formula is not None and len(self.stated[key]) == 1:
            if self.extra is _NO_RULES:  # (most views state no rule of their own: they share one empty index)
                self.extra = ShapeIndex()
            self.extra.add_rule(key.antecedent, key.consequent, formula)

    def stated_index(self, key: StatementKey) -> int | None:
        """The latest stated copy of ``key``."""
        occurrences = self.stated.get(key)
        return occurrences[-1][0] if occurrences else None

    # -- rules ----------------------------------------------------------------------------------------------

    def reaches(self, source: Shape, target: Shape) -> bool:
        """Rule composition over the context's and the stated rules (with and-elimination)."""
        return source == target or path_exists(
            lambda node: self.index.successors(node) | self.extra.successors(node), source, target
        )

    def composition(self, key: RuleKey) -> Derivation | None:
        """A rule by composition, citing the stated rules of a path from its antecedent to its consequent
        (among the first :data:`MAX_PATHS` paths, the one that uses the most stated rules, then the shortest);
        ``None`` when no path leads there.
        """
        ante, cons = key
        if ante == cons:
            return Derivation(Rule.COMPOSITION, 1, root=key)
        if not self.reaches(ante, cons):
            return None
        best: tuple[tuple[int, int], tuple[int, ...]] | None = None
        for path in islice(self._paths(ante, cons), MAX_PATHS):
            used = (self.stated_index(k) for k in path if k is not None)
            cited = tuple(sorted((i for i in used if i is not None), reverse=True))
            rank = (-len(cited), len(path) + 1)
            if best is None or rank < best[0]:
                best = (rank, cited)
        cited = () if best is None else best[1]
        return Derivation(Rule.COMPOSITION, 1, cited, NO_HYPS, all(self.useful[i] for i in cited), key)

    def _steps_from(self, node: Shape) -> list[tuple[Shape, RuleKey | None]]:
        """One composition step: each rule from ``node`` (with its key), then each conjunct of it (no rule)."""
        out: list[tuple[Shape, RuleKey | None]] = [
            (r.consequent, RuleKey(r.antecedent, r.consequent))
            for ix in (self.index, self.extra) for r in ix.from_antecedent.get(node, ())]
        return out + [(p, None) for p in sorted_shapes(parts(node, "and"))]

    def _paths(self, source: Shape, target: Shape) -> Iterator[list[RuleKey | None]]:
        """The simple paths from ``source`` to ``target`` in the rule graph, as their edges (depth first, only
        through nodes from which ``target`` can be reached).
        """
        into: dict[Shape, list[Shape]] = defaultdict(list)
        for node in reach(lambda n: [t for t, _ in self._steps_from(n)], source) | {source}:
            for t, _ in self._steps_from(node):
                into[t].append(node)
        useful = reach(into.get, target) | {target}
        path: list[RuleKey | None] = []
        nodes = [source]  # the path's nodes (its edges are ``path``)
        stack = [iter(self._steps_from(source))]
        while stack:
            for node, edge in stack[-1]:
                if node == target:
                    yield [*path, edge]
                elif node in useful and node not in nodes:
                    path.append(edge)
                    nodes.append(node)
                    stack.append(iter(self._steps_from(node)))
                    break
            else:
                stack.pop()
                nodes.pop()
                if path:
                    path.pop()

    def derive(self, shape: Shape, c: Const, *, broad: bool, mask: StatementKey | None = None,
               closed: bool = False, max_cost: int | None = None) -> Derivation | None:
        """The cheapest derivation of ``shape(c)``; ``mask`` hides the stated copies of one key.

        With ``closed``, a derivation free of assumptions is preferred to a cheaper one that rests
        on an assumption (proof accuracies ask whether the goal is established without any). With
        ``max_cost``, only derivations of at most that cost are sought (the one-step proof accuracies:
        the search stops where a branch would cost more).

        Raises:
            BudgetExceeded: the view's derivations have done more than ``limits.DERIVE_WORK`` work.
        """
        self._closed = closed
        if mask is not None and not self.stated.get(mask):
            mask = None  # nothing to hide: the same derivations as without a mask
        state = (self._version, len(self.assumptions))
        if state != self._memo_state:  # the view changed: every derivation may have
            self._memos.clear()
            self._memo_state = state
        if SHORTCUTS and (max_cost is None or max_cost >= 1) \
                and (found := self._shortcut(shape, c, broad, mask, max_cost)) is not UNSURE:
            return found
        memo = self._memos.setdefault((c, broad, mask, closed), {})
        visiting: set[Shape] = set()
        in_context, stated_here = self.index.compounds_of(c), self.compounds.get(c)
        known = sorted_shapes(in_context | stated_here if stated_here else in_context) if in_context or stated_here \
            else []  # the conjunctions and disjunctions known of c
        facts = self.index.facts.get(c, ())
        indexes = (self.index, self.extra) if self.extra.rules else (self.index,)
        return descend(self._derive(shape, max_cost, c, broad, mask, memo, visiting, facts, known, indexes),
                       lambda goal: self._derive(goal[0], goal[1], c, broad, mask, memo, visiting, facts, known,
                                                 indexes))[0]

    def _shortcut(self, shape: Shape, c: Const, broad: bool, mask: StatementKey | None,
                  max_cost: int | None) -> Derivation | None | _Unsure:
        """The derivation :meth:`derive` finds (``None``: it finds none), where that is plain without a search
        (most steps); :data:`UNSURE` when it is not plain, or not sure.

        * One ``Ax``: the fact is in the context and not stated (or masked). Only a repeat beats one Ax.
        * A literal that is not stated (or masked) and not a context fact, with no assumption open and nothing
          compound known of the individual (no and- or or-elimination): a derivation of cost 1 is a Hop (or,
          broad, a modus tollens) whose rule and premise are both stated (a context rule not stated costs one
          Ax more). Within ``max_cost`` 1, none such means no derivation. The canonical Hop (strict): exactly
          one rule leads to the literal, and it and its antecedent fact are stated, on no assumption; then the
          cheapest derivation costs 1 and this is the only one of that cost.
        """
        key = _new(Fact, (shape, c))
        best_stated = self.best_stated
        if key in best_stated and key != mask:
            return UNSURE
        index = self.index
        if (facts := index.facts.get(c)) and shape in facts:
            self.work += 1
            return Derivation(_AX, 1, root=key)
        if self.assumptions or not isinstance(shape, Lit) or self.compounds and self.compounds.get(c) \
                or not index.simple and (index.into_conjunct.get(shape) or index.compounds_of(c)):
            return UNSURE
        rules = index.into.get(shape, ())
        if (extra := self.extra) is not _NO_RULES:
            if extra.into_conjunct.get(shape):
                return UNSURE
            if more := extra.into.get(shape):
                rules = [*rules, *more]
        stated = self.stated
        if max_cost == 1:  # a Hop (or, broad, a modus tollens) of cost 1, from a stated rule and a stated premise?
            uses = [(r, r.antecedent) for r in rules]
            if broad:
                negated = complement(shape)
                uses += [(r, complement(r.consequent))
                         for ix in (index, extra) for r in ix.from_antecedent.get(negated, ())]
            if not any(premise != shape and stated.get(RuleKey(r.antecedent, r.consequent))
                       and Fact(premise, c) in best_stated for r, premise in uses):
                return None
        if broad or len(rules) != 1:
            return UNSURE
        rule = rules[0]
        occurrences = stated.get(_new(RuleKey, (rule.antecedent, rule.consequent)))
        if not occurrences:
            return UNSURE
        premise = _new(Fact, (rule.antecedent, c))
        found = best_stated.get(premise) if premise != mask else None
        if found is None or found[1]:
            return UNSURE
        self.work += 1
        fact_step, rule_step = found[0], occurrences[-1][0]
        return Derivation(_HOP, 1, (rule_step, fact_step) if rule_step > fact_step else (fact_step, rule_step),
                          NO_HYPS, self.useful[fact_step] and self.useful[rule_step], premise, (rule.formula,))

    def _derive(
        self, shape: Shape, bound: int | None, c: Const, broad: bool, mask: StatementKey | None,
        memo: dict[tuple[Shape, int | None], Derivation | None], visiting: set[Shape],
        facts: set[Shape] | tuple[()], known: list[Shape], indexes: tuple[ShapeIndex, ...],
    ) -> Generator[tuple[Shape, int | None], tuple[Derivation | None, bool], tuple[Derivation | None, bool]]:
        """The cheapest derivation of ``shape(c)`` that costs at most ``bound`` (``None``: any), and whether
        the cycle guard cut it short; it yields each (shape, bound) it needs derived first (run by
        :func:`~prontocheck.engine.graphs.descend`, any depth). The rules are those of :func:`inferences`,
        each with its :data:`COST`; Ax and Repeat are read off the context and the stated steps.
        """
        key = _new(Fact, (shape, c))
        repeat = None
        assumptions = self.assumptions
        self.work += 1 + len(assumptions)
        if self.work > DERIVE_WORK:
            raise BudgetExceeded("derive_work", DERIVE_WORK, "the derivations this output's steps need")
        closed = self._closed
        if (best_stated := self.best_stated.get(key)) is not None and key != mask:
            idx, hyps = best_stated
            repeat = Derivation(_REPEAT, 0, (idx,), hyps, self.useful[idx], key)
            if not (closed and hyps):
                return repeat, False
        if bound == 0:  # only a repeat costs nothing
            return repeat, False
        if (shape, bound) in memo:
            return memo[shape, bound], False
        best: Derivation | None = repeat
        candidates: list[Derivation] = []
        if shape in facts:  # Ax
            candidates.append(Derivation(_AX, 1, root=key))
        visiting.add(shape)
        cyclic = False
        d: Derivation | None
        cy: bool
        self.work += len(known)
        stated = self.stated
        for step in inferences(shape, indexes, known, broad=broad):
            rule, cost = step.rule, COST[step.rule]
            if rule is _AND_INTRO:
                subs = []
                for p in step.premises:
                    d, cy = (None, True) if p in visiting else (yield p, None if bound is None else bound - cost)
                    cyclic |= cy
                    subs.append(d)
                ds = [s for s in subs if s is not None]
                if len(ds) == len(subs):
                    candidates.append(Derivation(
                        rule, cost + sum(s.cost for s in ds), merge(*(s.premises for s in ds)),
                        frozenset().union(*(s.hyps for s in ds)), all(s.all_useful for s in ds), ds[0].root,
                        tuple(r for s in ds for r in s.uses), any(s.broad for s in ds),
                    ))
                continue
            if rule is _CONTRADICTION:  # ¬α from a ⊥ that rests on the assumption α
                if assumptions:
                    assumed = Fact(step.cases[0], c)
                    for a in [a for a, k in assumptions.items() if k == assumed]:
                        contradictions = self.stated.get(FALSUM, ())
                        self.work += len(contradictions)
                        candidates.extend(Derivation(rule, cost, (idx,), hyps - {a}, self.useful[idx], FALSUM)
                                          for idx, hyps in contradictions if a in hyps)
                continue
            by_cases = None
            if rule is _OR_ELIM and (by_cases := self._by_cases(key, c, step.cases)) is None:
                continue
            rule_step = None
            if step.key is not None:  # a rule of the context or a stated one: cite the stated copy if any
                self.work += 1
                occurrences = stated.get(step.key)
                rule_step = occurrences[-1][0] if occurrences else None
                cost += rule_step is None  # the context's rule: one Ax more
                if bound is not None and bound - cost < 0:
                    continue
            premise = step.premises[0]
            d, cy = (None, True) if premise in visiting else (yield premise, None if bound is None else bound - cost)
            cyclic |= cy
            if d is None:
                continue
            if by_cases is not None:
                premises, hyps = by_cases
                candidates.append(Derivation(rule, d.cost + cost, merge(d.premises, premises), d.hyps | hyps,
                                             d.all_useful, d.root, d.uses, d.broad))
            else:
                candidates.append(d.then(
                    rule, cost=COST[rule], rule_step=rule_step,
                    useful=rule_step is None or self.useful[rule_step],
                    uses=None if step.applies is None else step.applies.formula, broad=rule is _MODUS_TOLLENS))
        for candidate in candidates:
            if (bound is None or candidate.cost <= bound) and (best is None or _better(candidate, best, closed)):
                best = candidate
        visiting.discard(shape)
        if not cyclic:  # a result cut short by the cycle guard may not be reused elsewhere
            memo[shape, bound] = best
        return best, cyclic

    def _by_cases(self, key: Fact, c: Const, cases: tuple[Shape, ...]) -> tuple[tuple[int, ...], Hyps] | None:
        """Or-elimination: ``key`` stated under the assumption of every case; the discharged result."""
        premises: list[int] = []
        hyps: set[int] = set()
        occurrences = self.stated_under.get(key, ())  # (a copy on no assumption discharges none)
        self.work += len(cases) * len(occurrences)
        for case in cases:  # (in the table's order)
            found = None
            for idx, h in reversed(occurrences):
                a = next((a for a in h if self.assumptions.get(a) == Fact(case, c)), None)
                if a is not None:
                    found = (idx, h - {a})
                    break
            if found is None:
                return None
            premises.append(found[0])
            hyps |= found[1]
        return tuple(premises), frozenset(hyps)

    def best_for_step(self, key: Fact, *, broad: bool, closed: bool = False,
                      max_cost: int | None = None) -> tuple[Derivation | None, bool]:
        """A stated fact's derivation and whether it is a mere repeat: a restatement is a repeat unless it is
        derived afresh under assumptions the earlier statements lacked (the second case of a proof by cases).
        """
        fresh = self.derive(key.shape, key.constant, broad=broad, mask=key, closed=closed, max_cost=max_cost)
        best = self.best_stated.get(key)
        if best is not None and (fresh is None or not best[1] or self._stated_within(key, fresh.hyps)):
            idx, hyps = best
            return Derivation(Rule.REPEAT, 0, (idx,), hyps, self.useful[idx], key), True
        return fresh, False

    def _stated_within(self, key: StatementKey, hyps: Hyps) -> bool:
        """Some stated copy of ``key`` rests only on assumptions among ``hyps``."""
        existing = self.stated.get(key, ())
        self.work += len(existing)
        return any(h <= hyps for _, h in existing)

    def contradiction(self, chi: Formula | None, *, broad: bool, max_cost: int | None = None) -> Derivation | None:
        """⊥ from χ and its negation (χ given), or from the latest stated fact and its negation."""
        candidates: list[Fact]
        if chi is not None:
            g = ground_shape(chi)
            candidates = [] if g is None else [Fact(*g)]
        else:  # "This is a contradiction.": the most recent stated fact against its negation
            latest = [(max(i for i, _ in occ), k) for k, occ in self.stated.items() if isinstance(k, Fact)]
            candidates = [k for _, k in sorted(latest, key=lambda t: -t[0])]
        for shape, c in candidates:
            d1 = self.derive(shape, c, broad=broad, max_cost=max_cost)
            d2 = self.derive(complement(shape), c, broad=broad, max_cost=max_cost)
            if d1 is not None and d2 is not None:
                return Derivation(Rule.CONTRADICTION, max(1, d1.cost + d2.cost), merge(d1.premises, d2.premises),
                                  d1.hyps | d2.hyps, d1.all_useful and d2.all_useful, d1.root,
                                  (*d1.uses, *d2.uses), d1.broad or d2.broad)
        return None
