"""An independent oracle for the PrOntoQA checker: entailment by sympy, and the paper's v1 relation written again.

Two questions are kept apart, as paper-semantics.md keeps them:

* **Entailment** (semantic): does a theory entail a formula? A PrOntoQA context has no function
  symbols and no existentials, so (Herbrand) it entails a formula iff the theory's ground instances
  over its individuals, with the formula's negation, are unsatisfiable. The formulas are grounded
  here into :mod:`sympy.logic` expressions and :func:`sympy.logic.inference.satisfiable` decides.
  A universal conclusion ∀x φ(x) is grounded at a fresh individual (entailed iff entailed there).
  This shares no code with the checker's engine nor with :mod:`prontocheck.testing.entail` (a
  small DPLL used by the dataset checks), so it can be set against both.
* **The paper's step relation** (syntactic): the v1 calculus (Ax, Hop) with its cost, and the broad
  rule (composition along a rule path), exactly as paper-semantics.md states them, written from that
  text alone (:class:`PaperV1`). Every step it calls strict or broad is entailed; a step it calls
  invalid may still be entailed, and :func:`why_invalid_but_entailed` names the reason.

>>> from prontocheck.syntax import parse_statement as p
>>> axioms = [p("Every cat is a carnivore."), p("Every carnivore is not herbivorous."), p("Fae is a cat.")]
>>> entails(axioms, p("Fae is not herbivorous.")), entails(axioms, p("Every cat is not herbivorous."))
(True, True)
>>> entails(axioms, p("Every carnivore is a cat."))
False
>>> v1 = PaperV1(axioms)
>>> v1.validity(p("Fae is not herbivorous."), []), v1.cost(p("Fae is not herbivorous."), [])
('strict', 5)
>>> v1.validity(p("Every cat is not herbivorous."), []), v1.validity(p("Fae is a carnivore."), [p("Fae is a cat.")])
('broad', 'strict')
>>> v1.validity(p("Fae is not a cat."), [])
'invalid'
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import sympy
from sympy.logic import boolalg
from sympy.logic.inference import satisfiable

from prontocheck.logic.formulas import And, Atom, Const, Exists, ForAll, Formula, Implies, Not, Or, Var
from prontocheck.logic.modal import (
    MODAL_TYPES,
    AtLeastAsLikely,
    Conditional,
    Fact,
    Might,
    ModalAnd,
    ModalNot,
    ModalOr,
    Must,
    Probably,
    flat_consequent,
)
from prontocheck.modal.semantics import DEFAULT, Semantics

FRESH = Const("oracle·fresh")
"""The individual a universal conclusion is grounded at (no context can name it)."""

STRICT, BROAD, INVALID = "strict", "broad", "invalid"


class NotGroundable(ValueError):
    """A formula the oracle cannot ground: an existential claim, or a free variable."""


def individuals(formulas: Iterable[Formula]) -> frozenset[Const]:
    """The constants the formulas mention (walked here, not with the project's helpers)."""
    out: set[Const] = set()

    def walk(f: Formula) -> None:
        match f:
            case Atom(_, args):
                out.update(a for a in args if isinstance(a, Const))
            case Not(g):
                walk(g)
            case And(gs) | Or(gs):
                for g in gs:
                    walk(g)
            case Implies(a, b):
                walk(a)
                walk(b)
            case ForAll(_, g) | Exists(_, g):
                walk(g)

    for formula in formulas:
        walk(formula)
    return frozenset(out)


@lru_cache(maxsize=1 << 12)
def _symbol(predicate: str, args: tuple[str, ...]) -> sympy.Symbol:
    return sympy.Symbol(f"{predicate}({','.join(args)})")


def ground(formula: Formula, domain: Sequence[Const], env: dict[str, Const] | None = None) -> boolalg.Boolean:
    """The formula as a sympy propositional formula over the individuals of ``domain``.

    ∀ becomes a conjunction over the domain; ∃ is refused (:class:`NotGroundable`), since a PrOntoQA
    existential would need an individual the context does not name.

    >>> from prontocheck.syntax import parse_statement as p
    >>> ground(p("Every cat is a carnivore."), [Const("Fae"), Const("Rex")])
    (Implies(cat(Fae), carnivore(Fae))) & (Implies(cat(Rex), carnivore(Rex)))
    """
    env = env or {}
    match formula:
        case Atom(predicate, args):
            names = []
            for a in args:
                if isinstance(a, Var):
                    if a.name not in env:
                        raise NotGroundable(f"free variable {a.name} in {formula}")
                    names.append(env[a.name].name)
                else:
                    names.append(a.name)
            return _symbol(predicate, tuple(names))
        case Not(g):
            return boolalg.Not(ground(g, domain, env))
        case And(gs):
            return boolalg.And(*(ground(g, domain, env) for g in gs))
        case Or(gs):
            return boolalg.Or(*(ground(g, domain, env) for g in gs))
        case Implies(a, b):
            return boolalg.Implies(ground(a, domain, env), ground(b, domain, env))
        case ForAll(v, body):
            return boolalg.And(*(ground(body, domain, {**env, v: c}) for c in domain))
    raise NotGroundable(f"cannot ground {formula}")


def _open_universal(formula: Formula) -> tuple[Formula, dict[str, Const]]:
    """A universal conclusion's body and the fresh individual its variable(s) stand for."""
    env: dict[str, Const] = {}
    while isinstance(formula, ForAll):
        env[formula.variable] = Const(f"{FRESH.name}{len(env)}")
        formula = formula.body
    return formula, env


def consistent(premises: Iterable[Formula], extra: Iterable[Const] = ()) -> bool:
    """Whether the premises have a model (grounded over their individuals and ``extra``)."""
    premises = tuple(premises)
    domain = sorted(individuals(premises) | set(extra), key=lambda c: c.name) or [FRESH]
    return bool(satisfiable(boolalg.And(*(ground(p, domain) for p in premises))))


def entails(premises: Iterable[Formula], conclusion: Formula) -> bool:
    """Whether the premises entail the conclusion: ``satisfiable(And(premises, Not(conclusion)))`` is False.

    >>> from prontocheck.syntax import parse_statement as p
    >>> entails([p("Fae is a cat."), p("Fae is a dog.")], p("Fae is a cat and Fae is a dog."))
    True
    >>> entails([p("Fae is a cat.")], p("Every cat is a dog."))
    False
    """
    premises = tuple(premises)
    body, env = _open_universal(conclusion)
    domain = sorted(individuals((*premises, conclusion)) | set(env.values()), key=lambda c: c.name) or [FRESH]
    theory = [ground(p, domain) for p in premises]
    negated = boolalg.Not(ground(body, domain, env))
    return not satisfiable(boolalg.And(*theory, negated))


# ---------------------------------------------------------------------------------------------------
# The paper's v1 relation (paper-semantics.md, "Validity and atomicity"), written from the text alone.

Lit = tuple[str, bool]
"""A unary literal's predicate and polarity: ("carnivore", True), ("herbivorous", False)."""


def _lit(formula: Formula, variable: str | None) -> tuple[Lit, Const | None] | None:
    positive = True
    if isinstance(formula, Not):
        formula, positive = formula.operand, False
    if not isinstance(formula, Atom) or len(formula.args) != 1:
        return None
    (arg,) = formula.args
    if variable is None:
        return ((formula.predicate, positive), arg) if isinstance(arg, Const) else None
    return ((formula.predicate, positive), None) if arg == Var(variable) else None


def fact_of(formula: Formula) -> tuple[Lit, Const] | None:
    """``g(c)`` or ``¬g(c)`` as (literal, individual); ``None`` for anything else."""
    found = _lit(formula, None)
    return None if found is None else (found[0], found[1])  # type: ignore[return-value]


def rule_of(formula: Formula) -> tuple[Lit, Lit] | None:
    """``∀x(f(x) → g(x))`` (either side possibly negated) as (antecedent, consequent); else ``None``."""
    if not isinstance(formula, ForAll) or not isinstance(formula.body, Implies):
        return None
    a, b = _lit(formula.body.antecedent, formula.variable), _lit(formula.body.consequent, formula.variable)
    return None if a is None or b is None else (a[0], b[0])


def in_v1(formula: Formula) -> bool:
    """A formula of the v1 calculus: a ground literal or a literal-to-literal rule."""
    return fact_of(formula) is not None or rule_of(formula) is not None


@dataclass(frozen=True, slots=True)
class PaperV1:
    """The v1 calculus of paper-semantics.md over a context's axioms A.

    cost(φ) = 0 if φ ∈ S; 1 if φ ∈ A; for a ground literal g(c), the least
    cost(r) + cost(f(c)) + 1 over rules r = ∀x(f(x) → g(x)) in A ∪ S (cost(r) = 0 if r ∈ S, 1 if it
    must be restated from A). Strict iff cost is finite; broad iff not strict and φ = ∀x(f → h) with a
    path f ⇝ h (length 0 included) in the rule graph of A ∪ S; invalid otherwise.
    """

    axioms: tuple[Formula, ...]

    def __init__(self, axioms: Iterable[Formula]) -> None:
        object.__setattr__(self, "axioms", tuple(axioms))

    def _rules(self, stated: Sequence[Formula]) -> dict[tuple[Lit, Lit], int]:
        costs: dict[tuple[Lit, Lit], int] = {}
        for f, c in [(a, 1) for a in self.axioms] + [(s, 0) for s in stated]:
            if (r := rule_of(f)) is not None:
                costs[r] = min(c, costs.get(r, c))
        return costs

    def cost(self, phi: Formula, stated: Sequence[Formula]) -> float:
        """The cost of φ given the stated set S (``inf`` when not derivable)."""
        if phi in stated:
            return 0
        if phi in self.axioms:
            return 1
        target = fact_of(phi)
        if target is None:
            return float("inf")
        known: dict[tuple[Lit, Const], float] = {}
        for f, price in [(a, 1) for a in self.axioms] + [(s, 0) for s in stated]:
            if (g := fact_of(f)) is not None:
                known[g] = min(price, known.get(g, price))
        rules = self._rules(stated)
        changed = True
        while changed:  # Bellman–Ford: costs only fall, and every cost is a non-negative integer
            changed = False
            for (ante, cons), rc in rules.items():
                for (lit, c), fc in list(known.items()):
                    if lit == ante and known.get((cons, c), float("inf")) > rc + fc + 1:
                        known[(cons, c)] = rc + fc + 1
                        changed = True
        return known.get(target, float("inf"))

    def reaches(self, source: Lit, target: Lit, stated: Sequence[Formula]) -> bool:
        """A path source ⇝ target (length 0 included) in the rule graph of A ∪ S."""
        edges = self._rules(stated)
        seen, todo = {source}, [source]
        while todo:
            node = todo.pop()
            for ante, cons in edges:
                if ante == node and cons not in seen:
                    seen.add(cons)
                    todo.append(cons)
        return target in seen

    def validity(self, phi: Formula, stated: Sequence[Formula], *, modus_tollens: bool = False) -> str:
        """``strict``, ``broad`` or ``invalid`` (φ a formula of the v1 calculus).

        With ``modus_tollens``, a ground literal derivable once every rule of A ∪ S also works backwards
        (∀x(f → g) and ¬g(c) give ¬f(c)) is ``broad`` too: not in paper-semantics.md, which makes only
        composed rules broad, but what the checker does (its OOD calculus counts modus tollens as broad).
        """
        if self.cost(phi, stated) < float("inf"):
            return STRICT
        r = rule_of(phi)
        if r is not None:
            return BROAD if self.reaches(r[0], r[1], stated) else INVALID
        if modus_tollens and self.with_contrapositives(stated).cost(phi, stated) < float("inf"):
            return BROAD
        return INVALID

    def with_contrapositives(self, stated: Sequence[Formula] = ()) -> PaperV1:
        """The calculus with the contrapositive of every rule of A ∪ S added to A (Hop then does modus tollens)."""
        extra = []
        for a in (*self.axioms, *stated):
            if (r := rule_of(a)) is not None:
                (f, fp), (g, gp) = r
                antecedent = Atom(g, (Var("x"),)) if not gp else Not(Atom(g, (Var("x"),)))
                consequent = Atom(f, (Var("x"),)) if not fp else Not(Atom(f, (Var("x"),)))
                extra.append(ForAll("x", Implies(antecedent, consequent)))
        return PaperV1((*self.axioms, *extra))


def why_invalid_but_entailed(axioms: Sequence[Formula], stated: Sequence[Formula], phi: Formula) -> str | None:
    """Why a step the v1 calculus calls invalid is nonetheless entailed by A ∪ S, or ``None`` if not entailed.

    The reasons, each a way the paper's calculus is stricter than entailment:

    * ``inconsistent``: A ∪ S has no model (it entails everything; the calculus derives only along rules);
    * ``modus-tollens``: derivable once each rule's contrapositive is a rule (v1 has no modus tollens);
    * ``rule-entailed``: a rule ∀x(f → h) that holds in every model without a rule path f ⇝ h;
    * ``other``: none of these (a case the paper's definitions do not explain: to be investigated).
    """
    premises = (*axioms, *stated)
    if not entails(premises, phi):
        return None
    if not consistent(premises):
        return "inconsistent"
    if PaperV1(axioms).with_contrapositives(stated).validity(phi, list(stated)) != INVALID:
        return "modus-tollens"
    if rule_of(phi) is not None:
        return "rule-entailed"
    return "other"


# ---------------------------------------------------------------------------------------------------
# Modal certificates (docs/modal.md, prontocheck.modal.semantics), checked again with exact rationals.
# A model is a distribution over the worlds (truth assignments to the atoms); written without the
# project's linear forms, checker or simplex.


def _true_in(formula: Formula, world: dict[Atom, bool]) -> bool:
    match formula:
        case Atom():
            return world[formula]
        case Not(g):
            return not _true_in(g, world)
        case And(gs):
            return all(_true_in(g, world) for g in gs)
        case Or(gs):
            return any(_true_in(g, world) for g in gs)
        case Implies(a, b):
            return not _true_in(a, world) or _true_in(b, world)
    raise NotGroundable(f"not propositional: {formula}")


def _prob(formula: Formula, dist: Sequence[tuple[dict[Atom, bool], Fraction]]) -> Fraction:
    return sum((pw for w, pw in dist if _true_in(formula, w)), Fraction(0))


def modal_holds(statement: object, dist: Sequence[tuple[dict[Atom, bool], Fraction]], sem: Semantics,
                ranks: Sequence[int | None] | None = None) -> bool:
    """Whether a modal statement is true under a distribution given as (world, probability) pairs.

    A plain statement is certain; a modal in a conditional's consequent (or the modal part of a ``bounded``
    disjunction) is judged on its domain's worlds alone, against the domain's mass. Under the variably strict
    reading, ``ranks`` (aligned with ``dist``; default: 0 on the support, the rest unranked) ranks the worlds and
    "if φ, ψ" holds when ψ is true in all the lowest-ranked φ-worlds of the domain (or there are none).

    >>> from prontocheck.modal import parse_modal_formula as f
    >>> a = Atom("a", (Const("x"),))
    >>> modal_holds(f("Pr(a(x))"), [({a: True}, Fraction(1, 2)), ({a: False}, Fraction(1, 2))], DEFAULT)
    False
    """
    if ranks is None:
        ranks = [0 if pw else None for _, pw in dist]
    return _holds_in(statement, dist, Fraction(1), sem, list(ranks))


Distribution = Sequence[tuple[dict[Atom, bool], Fraction]]


def _only(domain: Formula, dist: Distribution) -> list[tuple[dict[Atom, bool], Fraction]]:
    return [(w, pw if _true_in(domain, w) else Fraction(0)) for w, pw in dist]


def _split_bounded(statement: ModalOr, sem: Semantics) -> tuple[Formula, object] | None:
    """A ``bounded`` disjunction's plain part (one proposition) and modal part, or None (read flat)."""
    plain = [op.operand for op in statement.operands if isinstance(op, Fact)]
    modal = [op for op in statement.operands if not isinstance(op, Fact)]
    if sem.disjunction != "bounded" or not plain or not modal:
        return None
    return Or(tuple(plain)) if len(plain) > 1 else plain[0], ModalOr(tuple(modal)) if len(modal) > 1 else modal[0]


def _ranks_only(domain: Formula, dist: Distribution, ranks: list[int | None]) -> list[int | None]:
    return [r if _true_in(domain, w) else None for (w, _), r in zip(dist, ranks)]


def _holds_in(statement: object, dist: Sequence[tuple[dict[Atom, bool], Fraction]], mass: Fraction,
              sem: Semantics, ranks: list[int | None]) -> bool:
    above = (lambda v: v > sem.theta * mass) if sem.strict else (lambda v: v >= sem.theta * mass)
    match statement:
        case Probably(op):
            return above(_prob(op, dist))
        case Might(op):
            return _prob(op, dist) > 0
        case Must(op) | Fact(op):
            return _prob(op, dist) == mass
        case AtLeastAsLikely(left, right):
            return _prob(left, dist) >= _prob(right, dist)
        case Conditional(a, c) if isinstance(c, MODAL_TYPES):
            return _holds_in(c, _only(a, dist), _prob(a, dist), sem, _ranks_only(a, dist, ranks))
        case Conditional(a):
            c = flat_consequent(statement)
            if sem.conditional == "variably_strict":
                ranked = [(r, w) for (w, _), r in zip(dist, ranks) if r is not None and _true_in(a, w)]
                return not ranked or all(_true_in(c, w) for r, w in ranked if r == min(x for x, _ in ranked))
            if sem.conditional == "certain_material":
                return _prob(And((a, Not(c))), dist) == 0
            if sem.conditional == "probable_material":
                return above(_prob(Or((Not(a), c)), dist))
            pa = _prob(a, dist)
            if pa == 0:
                return sem.cp_zero == "vacuous"
            ratio = _prob(And((a, c)), dist) / pa
            return ratio > sem.theta if sem.strict else ratio >= sem.theta
        case ModalNot(op):
            return not _holds_in(op, dist, mass, sem, ranks)
        case ModalAnd(ops):
            return all(_holds_in(op, dist, mass, sem, ranks) for op in ops)
        case ModalOr(ops):
            bounded = _split_bounded(statement, sem)
            if bounded is not None:
                plain, modal = bounded
                return _holds_in(modal, _only(Not(plain), dist), _prob(Not(plain), dist), sem,
                                 _ranks_only(Not(plain), dist, ranks))
            return any(_holds_in(op, dist, mass, sem, ranks) for op in ops)
    return _prob(statement, dist) == mass  # type: ignore[arg-type]  # a plain statement: certain


def motzkin_refutes(rows: Sequence[tuple[Sequence[Fraction], Fraction, str]], multipliers: Sequence[Fraction]) -> bool:
    """Whether multipliers prove ``{c·p + k ⋈ 0}`` (⋈ in ``>``, ``>=``, ``=``) infeasible over p ≥ 0.

    Sound because for any p ≥ 0 meeting every row, Σ m_i (c_i·p + k_i) ≥ 0 (> 0 if a strict row has
    m_i > 0), while Σ m_i c_i ≤ 0 coordinatewise bounds it by Σ m_i k_i.

    >>> motzkin_refutes([((Fraction(1),), Fraction(-1), ">"), ((Fraction(-1),), Fraction(0), ">=")], [1, 1])
    True
    """
    if len(rows) != len(multipliers) or any(rel != "=" and m < 0 for (_, _, rel), m in zip(rows, multipliers)):
        return False
    width = {len(c) for c, _, _ in rows}
    if len(width) != 1:
        return False
    for j in range(width.pop()):
        if sum((Fraction(m) * c[j] for (c, _, _), m in zip(rows, multipliers)), Fraction(0)) > 0:
            return False
    k = sum((Fraction(m) * const for (_, const, _), m in zip(rows, multipliers)), Fraction(0))
    strict = any(m > 0 and rel == ">" for (_, _, rel), m in zip(rows, multipliers))
    return k < 0 or (k == 0 and strict)


Linear = tuple[str, tuple[Fraction, ...], Fraction]
"""``(rel, c, k)``: the constraint ``c·p + k rel 0`` with ``rel`` one of ``>``, ``>=``, ``=``."""


def feasible(constraints: Sequence[Linear], n: int) -> bool:
    """Whether some p ∈ ℚⁿ meets every constraint, by Fourier–Motzkin elimination in exact fractions.

    (Written apart from the project's simplex; sympy's ``lpmax`` cannot serve: sympy/sympy#28089, its
    phase 1 returns points that break the constraints on some infeasible programs, as in
    ``test_modal_oracle.py``.) Elimination is exponential in the worst case: meant for the few worlds of
    one- and two-atom items (three atoms, eight worlds, can take minutes).

    >>> F = Fraction
    >>> feasible([(">", (F(1),), F(-1)), (">=", (F(-1),), F(1))], 1)  # p > 1 and p ≤ 1
    False
    >>> feasible([(">=", (F(1),), F(-1)), (">=", (F(-1),), F(1))], 1)  # p ≥ 1 and p ≤ 1
    True
    """
    rows: set[tuple[tuple[Fraction, ...], Fraction, bool]] = set()  # c·p + k ≥ 0 (> 0 when strict)
    for rel, c, k in constraints:
        rows.add(_normal(tuple(c), k, rel == ">"))
        if rel == "=":
            rows.add(_normal(tuple(-x for x in c), -k, False))
    for j in range(n):
        pos = [r for r in rows if r[0][j] > 0]
        neg = [r for r in rows if r[0][j] < 0]
        rows = {r for r in rows if r[0][j] == 0}
        for cp, kp, sp in pos:
            for cn, kn, sn in neg:
                a, b = -cn[j], cp[j]  # a·(row p) + b·(row n) cancels p_j
                rows.add(_normal(tuple(a * x + b * y for x, y in zip(cp, cn)), a * kp + b * kn, sp or sn))
    return all(k > 0 or (k == 0 and not strict) for _, k, strict in rows)


def _normal(c: tuple[Fraction, ...], k: Fraction, strict: bool) -> tuple[tuple[Fraction, ...], Fraction, bool]:
    """The row scaled so that its largest absolute coefficient is 1 (so that repeats coincide)."""
    top = max((abs(x) for x in (*c, k)), default=Fraction(0))
    if top == 0:
        return c, k, strict
    return tuple(x / top for x in c), k / top, strict


def _modal_nodes(statement: object, out: list[object], sem: Semantics) -> None:
    match statement:
        case ModalNot(op):
            _modal_nodes(op, out, sem)
        case ModalAnd(ops):
            for op in ops:
                _modal_nodes(op, out, sem)
        case ModalOr(ops) if _split_bounded(statement, sem) is None:
            for op in ops:
                _modal_nodes(op, out, sem)
        case _:  # (a bounded disjunction, and a conditional with a modal consequent, are one part each)
            if statement not in out:
                out.append(statement)


def _value(statement: object, truth: dict[object, bool]) -> bool:
    if statement in truth:
        return truth[statement]
    match statement:
        case ModalNot(op):
            return not _value(op, truth)
        case ModalAnd(ops):
            return all(_value(op, truth) for op in ops)
        case ModalOr(ops):
            return any(_value(op, truth) for op in ops)
    return truth[statement]


def _formulas_of(node: object) -> tuple[Formula, ...]:
    match node:
        case Probably(op) | Might(op) | Must(op) | Fact(op):
            return (op,)
        case AtLeastAsLikely(x, y):
            return (x, y)
        case Conditional(x, c) if isinstance(c, MODAL_TYPES):
            return (x, *_formulas_of(c))
        case Conditional(x):
            return (x, flat_consequent(node))
        case ModalNot(op):
            return _formulas_of(op)
        case ModalAnd(ops) | ModalOr(ops):
            return tuple(f for op in ops for f in _formulas_of(op))
    return (node,)  # type: ignore[return-value]


def _atoms_into(formula: Formula, out: list[Atom]) -> None:
    match formula:
        case Atom():
            if formula not in out:
                out.append(formula)
        case Not(g):
            _atoms_into(g, out)
        case And(gs) | Or(gs):
            for g in gs:
                _atoms_into(g, out)
        case Implies(a, b):
            _atoms_into(a, out)
            _atoms_into(b, out)


def _assignments(n: int) -> list[tuple[bool, ...]]:
    out: list[tuple[bool, ...]] = [()]
    for _ in range(n):
        out = [(*w, b) for w in out for b in (True, False)]
    return out


def modal_satisfiable(statements: Sequence[object], sem: Semantics = DEFAULT) -> bool:
    """Whether some distribution over the worlds makes every statement true (decided exactly).

    Each truth assignment to the statements' modal parts (Pr, ◇, □, ⪰, ⇒, plain formulas) that makes
    the statements true gives linear constraints on the world probabilities (with p ≥ 0, Σ p = 1);
    :func:`feasible` decides them. Under the variably strict reading the search also runs over every support
    and every ranking of the worlds outside it (``(m + 1)**m`` for m worlds outside: meant for two atoms), which
    fix the conditionals' truth values.

    >>> from prontocheck.modal import parse_modal_formula as f
    >>> modal_satisfiable([f("Pr(a(x))"), f("Pr(¬a(x))")]), modal_satisfiable([f("◇a(x)"), f("□¬a(x)")])
    (False, False)
    >>> modal_satisfiable([f("Pr(a(x))"), f("¬□a(x)")])
    True
    """
    nodes: list[object] = []
    for s in statements:
        _modal_nodes(s, nodes, sem)
    atoms: list[Atom] = []
    for node in nodes:
        for part in _formulas_of(node):
            _atoms_into(part, atoms)
    worlds = [dict(zip(atoms, bits)) for bits in _assignments(len(atoms))]
    n = len(worlds)
    one, zero = Fraction(1), Fraction(0)
    simplex: list[Linear] = [(">=", tuple(one if i == j else zero for i in range(n)), zero) for j in range(n)]
    simplex.append(("=", (one,) * n, -one))

    def prob(f: Formula) -> tuple[Fraction, ...]:
        return tuple(one if _true_in(f, w) else zero for w in worlds)

    def unit(i: int) -> tuple[Fraction, ...]:
        return tuple(one if i == j else zero for j in range(n))

    # Under the variably strict reading: every support (rank 0) and every ranking of the other worlds, each world
    # unranked or at a rank 1…m (gaps allowed); the support is fixed by constraints on p.
    models: list[tuple[list[Linear], tuple[int | None, ...] | None]] = [([], None)]
    if sem.conditional == "variably_strict":
        models = []
        for support in _assignments(n):
            if not any(support):
                continue
            rest = [i for i in range(n) if not support[i]]
            fixed = [(">" if support[i] else "=", unit(i), zero) for i in range(n)]
            for levels in itertools.product(range(len(rest) + 1), repeat=len(rest)):
                ranks: list[int | None] = [0 if support[i] else None for i in range(n)]
                for i, level in zip(rest, levels):
                    ranks[i] = level or None
                models.append((fixed, tuple(ranks)))
    tried: set[tuple[Linear, ...]] = set()  # (rankings that fix the same truth values give the same systems)
    for fixed, ranking in models:
        for values in _assignments(len(nodes)):
            truth = dict(zip(nodes, values))
            if not all(_value(s, truth) for s in statements):
                continue
            for parts in itertools.product(*(_constraints(x, v, prob, sem, ranking) for x, v in truth.items())):
                system = (*fixed, *(c for part in parts for c in part))
                if system in tried:
                    continue
                tried.add(system)
                if feasible([*simplex, *system], n):
                    return True
    return False


def _constraints(node: object, value: bool, prob: Callable[[Formula], tuple[Fraction, ...]],
                 sem: Semantics, ranking: tuple[int | None, ...] | None = None) -> list[list[Linear]]:
    """The alternatives (each a conjunction of linear constraints) saying that a modal part has a truth value."""
    P = prob  # noqa: N806
    hi, lo = (">", ">=") if sem.strict else (">=", ">")  # above θ / not above θ
    theta, zero = sem.theta, Fraction(0)

    def minus(u: tuple[Fraction, ...], v: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
        return tuple(x - y for x, y in zip(u, v))

    def above(v: tuple[Fraction, ...]) -> list[list[Linear]]:
        return [[(hi, v, -theta)]] if value else [[(lo, tuple(-x for x in v), theta)]]

    match node:
        case Conditional(a, c) if isinstance(c, MODAL_TYPES):  # judged on the antecedent's worlds
            return _alternatives(c, value, lambda f: P(And((a, f))), P(a), sem, ranking)
        case ModalOr() if (bounded := _split_bounded(node, sem)) is not None:
            plain, modal = bounded
            return _alternatives(modal, value, lambda f: P(And((Not(plain), f))), P(Not(plain)), sem, ranking)
        case Fact(op):
            return [[("=" if value else ">", tuple(-x for x in P(op)), Fraction(1))]]
        case Probably(op):
            return above(P(op))
        case Might(op):
            return [[(">" if value else "=", P(op), zero)]]
        case Must(op):
            return [[("=" if value else ">", tuple(-x for x in P(op)), Fraction(1))]]
        case AtLeastAsLikely(left, right):
            d = minus(P(left), P(right))
            return [[(">=", d, zero)]] if value else [[(">", tuple(-x for x in d), zero)]]
        case Conditional(a) if sem.conditional == "variably_strict" and ranking is not None:
            # A truth value fixed by the ranking: the domain's antecedent-worlds are those where P(a) is 1.
            inside, bad = P(a), P(And((a, Not(flat_consequent(node)))))
            ranked = [(r, i) for i, r in enumerate(ranking) if r is not None and inside[i]]
            low = min((r for r, _ in ranked), default=None)
            true = all(not bad[i] for r, i in ranked if r == low)
            return [[]] if true == value else []
        case Conditional(a) if sem.conditional == "certain_material":
            return [[("=" if value else ">", P(And((a, Not(flat_consequent(node))))), zero)]]
        case Conditional(a) if sem.conditional == "probable_material":
            return above(P(Or((Not(a), flat_consequent(node)))))
        case Conditional(a):  # p(c | a) against θ, multiplied out by p(a) > 0; p(a) = 0 per cp_zero
            c = flat_consequent(node)
            pa, pac = P(a), P(And((a, c)))
            quotient = minus(pac, tuple(theta * x for x in pa))
            live = [(">", pa, zero), (hi, quotient, zero) if value else (lo, tuple(-x for x in quotient), zero)]
            dead_holds = sem.cp_zero == "vacuous"
            return [live, [("=", pa, zero)]] if value == dead_holds else [live]
    return [[("=" if value else ">", tuple(-x for x in P(node)), Fraction(1))]]  # type: ignore[arg-type]


def _alternatives(node: object, value: bool, prob: Callable[[Formula], tuple[Fraction, ...]],
                  mass: tuple[Fraction, ...], sem: Semantics,
                  ranking: tuple[int | None, ...] | None = None) -> list[list[Linear]]:
    """The alternatives saying a statement has a truth value on a domain's worlds: ``prob`` gives p(φ ∧ domain),
    ``mass`` p(domain); each constraint ``v·p + k ⋈ 0`` about the domain is ``(v + k·mass)·p ⋈ 0``.
    """
    match node:
        case ModalNot(op):
            return _alternatives(op, not value, prob, mass, sem, ranking)
        case ModalAnd(ops) | ModalOr(ops) if isinstance(node, ModalAnd) or _split_bounded(node, sem) is None:
            parts = [_alternatives(op, value, prob, mass, sem, ranking) for op in ops]
            if value == isinstance(node, ModalAnd):  # all of them (true ∧, false ∨)
                return [[c for alt in choice for c in alt] for choice in itertools.product(*parts)]
            return [alt for part in parts for alt in part]
    return [[(rel, tuple(x + k * m for x, m in zip(v, mass)), Fraction(0)) for rel, v, k in alt]
            for alt in _constraints(node, value, prob, sem, ranking)]


__all__ = ["BROAD", "FRESH", "INVALID", "STRICT", "NotGroundable", "PaperV1", "consistent", "entails", "fact_of",
           "feasible", "ground", "in_v1", "individuals", "modal_holds", "modal_satisfiable", "motzkin_refutes",
           "rule_of", "why_invalid_but_entailed"]
