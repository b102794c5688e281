"""Worlds and the linear form of statements: each statement becomes a disjunction of systems of
linear (in)equalities in the world probabilities.

A world is a truth assignment to the atoms (a tuple of booleans, one per atom, in the order the
atoms first occur). A row ``c·p + k ⋈ 0`` (``⋈`` one of ``>``, ``>=``, ``=``) constrains the
vector ``p`` of world probabilities; :func:`linearize` turns a statement, or its negation, into a
list of alternatives, each a conjunction of rows (a DNF). Because 0 ≤ p(φ) ≤ 1 holds in every
model, the negation of ``p(φ) = 1`` is the single row ``p(φ) < 1``, with no case split.

Under the ``variably_strict`` reading a conditional is split on whether its antecedent is live: live, it is a
row; dead, a :class:`RankLiteral` (a constraint on the ranking of the worlds, :mod:`prontocheck.modal.ranking`)
beside the row saying so.

The rows are trusted by the certificate checker, so a property test checks them against the
direct evaluator :func:`prontocheck.modal.checker.holds` on random distributions.

>>> from prontocheck.logic.formulas import Atom, Const
>>> from prontocheck.logic.modal import Probably
>>> from prontocheck.modal.semantics import DEFAULT
>>> a = Atom("a", (Const("x"),))
>>> [[r.text for r in case] for case in linearize(Probably(a), DEFAULT, (a,), positive=False)]
[['p(a(x)) ≤ 1/2']]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Literal

from prontocheck.errors import BudgetExceeded, UsageError
from prontocheck.limits import MODAL_ATOMS, MODAL_CASES
from prontocheck.logic.formulas import And, Atom, Exists, ForAll, Formula, Implies, Not, Or
from prontocheck.logic.modal import (
    MODAL_TYPES,
    AtLeastAsLikely,
    Conditional,
    Fact,
    Might,
    ModalAnd,
    ModalFormula,
    ModalNot,
    ModalOr,
    Must,
    Probably,
    flat_consequent,
)
from prontocheck.logic.printing import to_str
from prontocheck.modal.semantics import Semantics

World = tuple[bool, ...]
"""A truth assignment: one boolean per atom, in the order of :func:`atoms_of`."""

Relation = Literal[">", ">=", "="]

MAX_ATOMS = MODAL_ATOMS
"""The largest number of atoms decided (the limit ``modal_atoms``); the dense exact LP is meant for small forms."""

_ZERO = Fraction(0)
_ONE = Fraction(1)


@dataclass(frozen=True, slots=True)
class Row:
    """One linear constraint ``coeffs·p + const ⋈ 0`` on the world probabilities ``p``.

    Attributes:
        coeffs: one coefficient per world (the order of :func:`worlds`).
        const: the constant term.
        relation: ``">"``, ``">="`` or ``"="``.
        text: what the row says, in words of p(·): ``p(a(x)) > 1/2``.
    """

    coeffs: tuple[Fraction, ...]
    const: Fraction
    relation: Relation
    text: str

    def value(self, p: Sequence[Fraction]) -> Fraction:
        """``coeffs·p + const`` at the distribution ``p``."""
        return sum((c * x for c, x in zip(self.coeffs, p, strict=True)), self.const)


@dataclass(frozen=True, slots=True)
class RankLiteral:
    """A constraint on the ranking of the worlds (the ``variably_strict`` conditional,
    :mod:`~prontocheck.modal.ranking`): the lowest-ranked ``antecedent``-worlds are all ``consequent``-worlds
    (vacuous with no ranked antecedent-world), or, when not ``positive``, the negation of that.

    It occurs in a case only beside the row ``p(antecedent) = 0``: where the antecedent is live, the conditional
    is a row (rank 0 is the support of the distribution), and only the ranking of the dead worlds is left.

    Attributes:
        antecedent: the proposition whose lowest-ranked worlds are spoken of.
        consequent: what holds (or, negated, fails somewhere) in them.
        positive: the conditional itself, or its negation.
    """

    antecedent: Formula
    consequent: Formula
    positive: bool

    @property
    def text(self) -> str:
        """``min-rank a(x) ⊨ b(x)`` or ``min-rank a(x) ⊭ b(x)``."""
        return f"min-rank {to_str(self.antecedent)} {'⊨' if self.positive else '⊭'} {to_str(self.consequent)}"


Case = tuple[Row | RankLiteral, ...]
"""A conjunction of rows (and, under the ``variably_strict`` reading, of ranking constraints)."""


def split(case: Case) -> tuple[tuple[Row, ...], tuple[RankLiteral, ...]]:
    """A case's rows and its ranking constraints, apart.

    >>> from prontocheck.logic.formulas import Atom, Const
    >>> a, b = Atom("a", (Const("x"),)), Atom("b", (Const("x"),))
    >>> live, dead = linearize(Conditional(a, b), Semantics(conditional="variably_strict"), (a, b))
    >>> [([r.text for r in rows], [x.text for x in literals]) for rows, literals in (split(live), split(dead))]
    [(['p(a(x)) > 0', 'p(a(x) ∧ ¬b(x)) = 0'], []), (['p(a(x)) = 0'], ['min-rank a(x) ⊨ b(x)'])]
    """
    return (tuple(r for r in case if isinstance(r, Row)), tuple(r for r in case if isinstance(r, RankLiteral)))


def atoms_of(statements: Iterable[ModalFormula | Formula]) -> tuple[Atom, ...]:
    """The distinct atoms of the statements, in order of first occurrence.

    >>> from prontocheck.logic.formulas import Atom, Const
    >>> from prontocheck.logic.modal import Conditional
    >>> a, b = Atom("a", (Const("x"),)), Atom("b", (Const("x"),))
    >>> [str(x) for x in atoms_of([Conditional(b, a), Probably(b)])]
    ['b(x)', 'a(x)']
    """
    seen: dict[Atom, None] = {}

    def walk(node: object) -> None:
        match node:
            case Atom():
                seen.setdefault(node, None)
            case Not(op) | Probably(op) | Might(op) | Must(op) | Fact(op) | ModalNot(op):
                walk(op)
            case And(ops) | Or(ops) | ModalAnd(ops) | ModalOr(ops):
                for op in ops:
                    walk(op)
            case Implies(a, b) | AtLeastAsLikely(a, b) | Conditional(a, b):
                walk(a)
                walk(b)
            case ForAll() | Exists():
                raise UsageError(f"quantified formulas are not supported under probability operators: {node}")
            case _:
                raise UsageError(f"not a statement or formula: {node!r}")

    for statement in statements:
        walk(statement)
    return tuple(seen)


@cache
def worlds(n: int) -> tuple[World, ...]:
    """All ``2**n`` truth assignments, the all-true world first.

    >>> worlds(2)
    ((True, True), (True, False), (False, True), (False, False))

    Raises:
        BudgetExceeded: more atoms than the limit ``modal_atoms``.
    """
    if n > MAX_ATOMS:
        raise BudgetExceeded("modal_atoms", MAX_ATOMS, f"a decision over {n} atoms ({2 ** n} worlds)")
    return tuple(itertools.product((True, False), repeat=n))


def truth(formula: Formula, atoms: Sequence[Atom], world: World) -> bool:
    """The truth value of a propositional formula in a world.

    >>> from prontocheck.logic.formulas import Atom, Const, Implies, Not
    >>> a, b = Atom("a", (Const("x"),)), Atom("b", (Const("x"),))
    >>> truth(Implies(a, Not(b)), (a, b), (True, True))
    False
    """
    match formula:
        case Atom():
            return world[atoms.index(formula)]
        case Not(op):
            return not truth(op, atoms, world)
        case And(ops):
            return all(truth(op, atoms, world) for op in ops)
        case Or(ops):
            return any(truth(op, atoms, world) for op in ops)
        case Implies(a, b):
            return not truth(a, atoms, world) or truth(b, atoms, world)
    raise UsageError(f"not a propositional formula: {formula}")


def indicator(formula: Formula, atoms: Sequence[Atom]) -> tuple[Fraction, ...]:
    """The coefficients of p(φ): 1 on the worlds where φ is true, 0 elsewhere."""
    return tuple(_ONE if truth(formula, atoms, w) else _ZERO for w in worlds(len(atoms)))


def _row(coeffs: Iterable[Fraction], const: Fraction, relation: Relation, text: str) -> Row:
    return Row(tuple(coeffs), const, relation, text)


def _neg(v: Sequence[Fraction]) -> tuple[Fraction, ...]:
    return tuple(-x for x in v)


def _sub(v: Sequence[Fraction], w: Sequence[Fraction]) -> tuple[Fraction, ...]:
    return tuple(x - y for x, y in zip(v, w, strict=True))


def _p(formula: Formula) -> str:
    return f"p({to_str(formula)})"


def _threshold(v: tuple[Fraction, ...], sem: Semantics, positive: bool, what: str) -> Row:
    """``what ⋈ θ`` (positive) or its negation, for the linear form ``v·p`` of ``what``."""
    t = sem.theta
    if positive:
        return _row(v, -t, ">" if sem.strict else ">=", f"{what} {sem.relation} {t}")
    # not (v·p > θ)  is  θ − v·p ≥ 0;   not (v·p ≥ θ)  is  θ − v·p > 0.
    return _row(_neg(v), t, ">=" if sem.strict else ">", f"{what} {'≤' if sem.strict else '<'} {t}")


def _conditional(node: Conditional, sem: Semantics, atoms: Sequence[Atom], positive: bool) -> list[Case]:
    a, c = node.antecedent, flat_consequent(node)
    if sem.conditional == "variably_strict":
        # Live antecedent: its lowest-ranked worlds are the live ones (rank 0), so the certain reading; dead: the
        # ranking of the dead worlds decides.
        pa, bad = indicator(a, atoms), indicator(And((a, Not(c))), atoms)
        live = _row(pa, _ZERO, ">", f"{_p(a)} > 0")
        dead = _row(_neg(pa), _ZERO, ">=", f"{_p(a)} = 0")
        what = _p(And((a, Not(c))))
        inside = _row(bad, _ZERO, "=", f"{what} = 0") if positive else _row(bad, _ZERO, ">", f"{what} > 0")
        return [(live, inside), (dead, RankLiteral(a, c, positive))]
    if sem.conditional == "probable_material":
        return [(_threshold(indicator(Implies(a, c), atoms), sem, positive, _p(Implies(a, c))),)]
    if sem.conditional == "certain_material":
        bad = indicator(And((a, Not(c))), atoms)
        what = _p(And((a, Not(c))))
        if positive:
            return [(_row(bad, _ZERO, "=", f"{what} = 0"),)]
        return [(_row(bad, _ZERO, ">", f"{what} > 0"),)]
    # p(c | a) ⋈ θ, linearised without division as p(a ∧ c) − θ·p(a) ⋈ 0.
    pa = indicator(a, atoms)
    e = _sub(indicator(And((a, c)), atoms), tuple(sem.theta * x for x in pa))
    what = f"p({to_str(c)} | {to_str(a)})"
    holds = _row(e, _ZERO, ">" if sem.strict else ">=", f"{what} {sem.relation} {sem.theta}")
    fails = _row(_neg(e), _ZERO, ">=" if sem.strict else ">", f"{what} {'≤' if sem.strict else '<'} {sem.theta}")
    live = _row(pa, _ZERO, ">", f"{_p(a)} > 0")
    dead = _row(_neg(pa), _ZERO, ">=", f"{_p(a)} = 0")
    if sem.cp_zero == "presuppose":
        return [(holds, live)] if positive else [(fails,), (dead,)]
    return [(holds,), (dead,)] if positive else [(fails, live)]


def linearize(statement: ModalFormula, sem: Semantics, atoms: Sequence[Atom], *, positive: bool = True) -> list[Case]:
    """The statement (or, with ``positive=False``, its negation) as a DNF of row systems.

    Args:
        statement: the statement.
        sem: the semantics.
        atoms: the atoms that index the worlds (see :func:`atoms_of`).
        positive: linearise the statement itself, or its negation.

    Returns:
        Alternatives; a distribution satisfies the statement iff it satisfies every row of some
        alternative.
    """
    match statement:
        case Probably(op):
            return [(_threshold(indicator(op, atoms), sem, positive, _p(op)),)]
        case Might(op):
            v = indicator(op, atoms)
            if positive:
                return [(_row(v, _ZERO, ">", f"{_p(op)} > 0"),)]
            return [(_row(_neg(v), _ZERO, ">=", f"{_p(op)} = 0"),)]
        case Must(op):
            v = indicator(op, atoms)
            if positive:
                return [(_row(v, -_ONE, "=", f"{_p(op)} = 1"),)]
            return [(_row(_neg(v), _ONE, ">", f"{_p(op)} < 1"),)]
        case AtLeastAsLikely(left, right):
            d = _sub(indicator(left, atoms), indicator(right, atoms))
            if positive:
                return [(_row(d, _ZERO, ">=", f"{_p(left)} ≥ {_p(right)}"),)]
            return [(_row(_neg(d), _ZERO, ">", f"{_p(left)} < {_p(right)}"),)]
        case Fact(op):  # a plain statement, read as known
            v = indicator(op, atoms)
            if positive:
                return [(_row(v, -_ONE, "=", f"{_p(op)} = 1"),)]
            return [(_row(_neg(v), _ONE, ">", f"{_p(op)} < 1"),)]
        case Conditional(antecedent, consequent) if isinstance(consequent, MODAL_TYPES):
            return restricted(linearize(consequent, sem, atoms, positive=positive), antecedent, atoms)
        case Conditional():
            return _conditional(statement, sem, atoms, positive)
        case ModalNot(op):
            return linearize(op, sem, atoms, positive=not positive)
        case ModalAnd(ops):
            parts = [linearize(op, sem, atoms, positive=positive) for op in ops]
            return product(parts) if positive else [case for part in parts for case in part]
        case ModalOr(ops) if sem.disjunction == "bounded" and (bounded := bounded_disjunction(statement)):
            plain, rest = bounded
            return restricted(linearize(rest, sem, atoms, positive=positive), Not(plain), atoms)
        case ModalOr(ops):
            parts = [linearize(op, sem, atoms, positive=positive) for op in ops]
            return [case for part in parts for case in part] if positive else product(parts)
    raise UsageError(f"not a statement: {statement!r}")


def restricted(cases: Sequence[Case], domain: Formula, atoms: Sequence[Atom]) -> list[Case]:
    """The cases read in the worlds where ``domain`` holds (the restrictor reading): a row ``c·p + k ⋈ 0`` about
    the distribution p conditioned on the domain is, multiplied out by p(domain), ``(c + k)·[domain]·p ⋈ 0``
    (where p(domain) = 0 the row reads ``0 ⋈ 0``: a *must* holds there, a *might* does not). Negation commutes
    with it (the relation is what flips), so a statement and its negation are restricted alike. A ranking
    constraint is restricted to the domain's worlds: its antecedent becomes ``domain ∧ antecedent``.

    >>> from prontocheck.logic.formulas import Atom, Const
    >>> from prontocheck.modal.semantics import DEFAULT
    >>> a, b = Atom("a", (Const("x"),)), Atom("b", (Const("x"),))
    >>> [[([int(c) for c in r.coeffs], r.const, r.relation, r.text) for r in case]
    ...  for case in restricted(linearize(Must(b), DEFAULT, (a, b)), a, (a, b))]
    [[([0, -1, 0, 0], Fraction(0, 1), '=', 'p(b(x)) = 1 (given a(x))')]]
    """
    inside = indicator(domain, atoms)
    given = f" (given {to_str(domain)})"
    return [tuple(Row(tuple((c + r.const) * i for c, i in zip(r.coeffs, inside, strict=True)), _ZERO, r.relation,
                      r.text + given) if isinstance(r, Row)
                  else RankLiteral(And((domain, r.antecedent)), r.consequent, r.positive)  # the ranking restricted
                  for r in case) for case in cases]


def bounded_disjunction(statement: ModalOr) -> tuple[Formula, ModalFormula] | None:
    """A disjunction of plain statements and modal ones as (the plain ones' proposition, the modal ones), or None
    when it has no plain disjunct or no modal one (the ``bounded`` reading: the modal part holds where the plain
    part fails).

    >>> from prontocheck.modal.parse import parse_modal_formula as f
    >>> [str(x) for x in bounded_disjunction(f("inside(Fido) ∨ □in_garden(Fido)"))]
    ['inside(Fido)', '□in_garden(Fido)']
    """
    plain = [op.operand for op in statement.operands if isinstance(op, Fact)]
    rest = [op for op in statement.operands if not isinstance(op, Fact)]
    if not plain or not rest:
        return None
    return (plain[0] if len(plain) == 1 else Or(tuple(plain))), (rest[0] if len(rest) == 1 else ModalOr(tuple(rest)))


def product(parts: Sequence[Sequence[Case]]) -> list[Case]:
    """The conjunction of DNFs: one case per choice of an alternative from each part.

    Raises:
        BudgetExceeded: more cases than the limit ``modal_cases`` (counted before any is built).
    """
    size = math.prod(len(part) for part in parts)
    if size > MODAL_CASES:
        raise BudgetExceeded("modal_cases", MODAL_CASES, f"a disjunctive normal form of {size} cases")
    return [tuple(row for case in choice for row in case) for choice in itertools.product(*parts)]


def normalization(n_worlds: int) -> Row:
    """The row ``Σ_w p(w) − 1 = 0``."""
    return Row((_ONE,) * n_worlds, -_ONE, "=", "Σ_w p(w) = 1")
