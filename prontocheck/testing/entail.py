"""Semantic entailment for PrOntoQA contexts, for the soundness checks of OOD questions.

A PrOntoQA context is a set of ground formulas about named individuals and universally quantified
rules over unary predicates; it entails a ground formula iff its instances over the named
individuals (the Herbrand theorem: no function symbols, no existentials) together with the
formula's negation are unsatisfiable, a propositional question that a small DPLL decides in well
under a millisecond at PrOntoQA sizes. The checks use it where the modus-ponens path search of
:func:`prontocheck.prontoqa.problem.derive_gold` does not reach: compound facts and rules, proofs
by cases and by contradiction.

>>> from prontocheck.syntax import parse_statement as p
>>> e = Entailment([p("Everything that is a wumpus or a yumpus is a dumpus."), p("Fae is not a dumpus.")])
>>> e.entails(p("Fae is not a wumpus and Fae is not a yumpus.")), e.entails(p("Fae is a wumpus."))
(True, False)
>>> e.entails(p("Fae is not a yumpus."), without=1)  # without the premise
False
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from prontocheck.logic.formulas import (
    And,
    Atom,
    Const,
    Exists,
    ForAll,
    Formula,
    Implies,
    Not,
    Or,
    Var,
    constants_of,
    substitute,
)

Clause = frozenset[int]


class _Atoms:
    def __init__(self) -> None:
        self.ids: dict[Atom, int] = {}

    def id(self, atom: Atom) -> int:
        return self.ids.setdefault(atom, len(self.ids) + 1)


def _nnf(formula: Formula, positive: bool, constants: Sequence[Const]) -> Formula | None:
    """Ground negation normal form over the constants; ``None`` for what is not handled (∃ under ∀…)."""
    match formula:
        case Atom():
            return formula if positive else Not(formula)
        case Not(operand):
            return _nnf(operand, not positive, constants)
        case And(operands) | Or(operands):
            parts = [_nnf(o, positive, constants) for o in operands]
            if any(p is None for p in parts):
                return None
            conjunctive = isinstance(formula, And) == positive
            return (And if conjunctive else Or)(tuple(p for p in parts if p is not None))
        case Implies(antecedent, consequent):
            return _nnf(Or((Not(antecedent), consequent)), positive, constants)
        case ForAll(variable, body) | Exists(variable, body):
            universal = isinstance(formula, ForAll) == positive
            if not universal or not constants:
                return None  # an existential would need a new individual; PrOntoQA has none
            parts = [_nnf(substitute(body, variable, c), positive, constants) for c in constants]
            if any(p is None for p in parts):
                return None
            return And(tuple(p for p in parts if p is not None))
    return None


def _cnf(formula: Formula, atoms: _Atoms) -> list[Clause]:
    """Clauses of a ground formula in negation normal form (by distribution; PrOntoQA's are small)."""
    match formula:
        case Atom():
            if any(isinstance(a, Var) for a in formula.args):
                raise ValueError(f"free variable in {formula}")
            return [frozenset({atoms.id(formula)})]
        case Not(Atom() as a):
            return [frozenset({-atoms.id(a)})]
        case And(operands):
            return [c for o in operands for c in _cnf(o, atoms)]
        case Or(operands):
            clauses: list[Clause] = [frozenset()]
            for o in operands:
                clauses = [c | d for c in clauses for d in _cnf(o, atoms)]
            return [c for c in clauses if not any(-lit in c for lit in c)]  # drop tautologies
    raise ValueError(f"not in negation normal form: {formula}")


def satisfiable(clauses: Iterable[Clause]) -> bool:
    """DPLL with unit propagation.

    >>> satisfiable([frozenset({1, 2}), frozenset({-1}), frozenset({-2})])
    False
    """
    return _dpll(list(clauses))


def _dpll(clauses: list[Clause]) -> bool:
    while True:
        if any(not c for c in clauses):
            return False
        if not clauses:
            return True
        unit = next((c for c in clauses if len(c) == 1), None)
        if unit is None:
            break
        (lit,) = unit
        clauses = _assign(clauses, lit)
    shortest = min(clauses, key=len)
    lit = next(iter(shortest))
    return _dpll(_assign(clauses, lit)) or _dpll(_assign(clauses, -lit))


def _assign(clauses: list[Clause], lit: int) -> list[Clause]:
    return [c - {-lit} if -lit in c else c for c in clauses if lit not in c]


class Entailment:
    """What a context entails, decided by satisfiability of its ground instances.

    Args:
        axioms: the context's formulas.
        constants: more individuals to instantiate the rules for (those of the formulas asked
            about are added as needed).

    Axioms that cannot be grounded (an existential claim) are left out and listed in ``skipped``.
    """

    def __init__(self, axioms: Sequence[Formula], constants: Iterable[Const] = ()) -> None:
        self.axioms = tuple(axioms)
        self.constants = sorted(set(constants).union(*(constants_of(a) for a in self.axioms)), key=lambda c: c.name)
        self.atoms = _Atoms()
        self.skipped: list[Formula] = []
        self.clauses: list[list[Clause]] = []
        for axiom in self.axioms:
            ground = _nnf(axiom, True, self.constants)
            if ground is None:
                self.skipped.append(axiom)
                self.clauses.append([])
            else:
                self.clauses.append(_cnf(ground, self.atoms))

    def entails(self, formula: Formula, *, without: int | Iterable[int] | None = None) -> bool:
        """Whether the context (less the axioms at the indices ``without``) entails a ground formula.

        Raises:
            ValueError: the formula mentions an individual the context does not (such a formula
                is entailed only if the context is contradictory, which is decided anyway), or
                cannot be grounded.
        """
        if not constants_of(formula) <= set(self.constants):
            extended = Entailment(self.axioms, constants_of(formula) | set(self.constants))
            return extended.entails(formula, without=without)
        negated = _nnf(formula, False, self.constants)
        if negated is None:
            raise ValueError(f"cannot decide {formula}")
        left_out = {without} if isinstance(without, int) else set(without or ())
        clauses = [c for i, cs in enumerate(self.clauses) if i not in left_out for c in cs]
        return not satisfiable(clauses + _cnf(negated, self.atoms))

    def consistent(self) -> bool:
        """Whether the context has a model at all."""
        return satisfiable(c for cs in self.clauses for c in cs)
