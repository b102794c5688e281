"""Exact, certified decisions: is a set of statements satisfiable, and what do premises license?

``judge(premises, C)`` settles two satisfiability questions, *premises ∧ ¬C* and *premises ∧ C*.
Each answer is a certificate (a countermodel, or a proof that there is none) that
:func:`prontocheck.modal.checker.check` verifies before the judgement is returned:

* ``entailed``: premises ∧ ¬C has no model (a proof), and premises ∧ C has one;
* ``refuted``: premises ∧ C has no model, and premises ∧ ¬C has one;
* ``undetermined``: both have a model (two countermodels, one for each side).

(Inconsistent premises entail everything: both sides have proofs and the verdict is ``entailed``,
with :attr:`Judgement.consistent` false.)

Decisions are cached twice: on the form with its atoms renamed ``a(x)``, ``b(x)``, … (the LP
search: the 14,400 benchmark prompts have 15 such forms) and on the concrete form (the cheap
recheck of the certificate with the concrete atoms).

>>> from prontocheck.modal import parse_modal_formula as f
>>> j = judge([f("Pr(a(x))")], f("¬Pr(¬a(x))"))
>>> j.verdict, j.without_conclusion.text()
('entailed', '1/2·[p(a(x)) > 1/2] + 1/2·[p(¬a(x)) > 1/2] − 1/2·[Σ_w p(w) = 1]')
>>> judge([f("Pr(a(x))")], f("¬Pr(¬a(x))"), Semantics(strict=False)).without_conclusion.text()
'a(x): 1/2; ¬a(x): 1/2'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

from prontocheck.logic.formulas import Atom, Const, Formula
from prontocheck.logic.modal import ModalFormula, map_atoms, modal_negate
from prontocheck.modal.certificates import Certificate, Countermodel, NoRanking, Proof, ProofCase
from prontocheck.modal.checker import CertificateError, check
from prontocheck.modal.linear import Row, atoms_of, linearize, normalization, product, split, worlds
from prontocheck.modal.ranking import rank
from prontocheck.modal.semantics import DEFAULT, Semantics
from prontocheck.modal.simplex import Work, maximize

Verdict = Literal["entailed", "refuted", "undetermined"]
"""What premises license about a statement C."""

_ZERO, _ONE = Fraction(0), Fraction(1)


def _model(case: Sequence[Row], n: int, work: Work) -> tuple[Fraction, ...] | None:
    """A distribution satisfying every row, or None. Strict rows ``e > 0`` become ``e ≥ t`` and
    ``t`` is maximised, so the model found is a vertex as far from the boundary as possible.
    """
    a_ub, b_ub, a_eq, b_eq = [], [], [], []
    strict = False
    for row in dict.fromkeys(case):  # a repeated row (a repeated premise) constrains nothing more
        coeffs = [*row.coeffs, _ZERO]
        if row.relation == "=":
            a_eq.append(coeffs)
            b_eq.append(-row.const)
        else:  # c·p + k ≥ t (or ≥ 0):  −c·p + t ≤ k
            neg = [-c for c in row.coeffs]
            strict = strict or row.relation == ">"
            a_ub.append([*neg, _ONE if row.relation == ">" else _ZERO])
            b_ub.append(row.const)
    a_eq.append([_ONE] * n + [_ZERO])
    b_eq.append(_ONE)
    a_ub.append([_ZERO] * n + [_ONE])
    b_ub.append(_ONE)
    # Every row starts artificial: the countermodels stay the vertices they have always been (the model LP
    # is small; the slack basis pays off in the Motzkin LP, one row per world).
    result = maximize([_ZERO] * n + [_ONE], a_ub=a_ub, b_ub=b_ub, a_eq=a_eq, b_eq=b_eq, work=work, slack_basis=False)
    if result.status != "optimal" or (strict and result.x[-1] <= 0):
        return None
    return result.x[:n]


def _motzkin(rows: Sequence[Row], work: Work) -> tuple[Fraction, ...] | None:
    """Small multipliers proving the rows infeasible (minimise their sum), or None."""
    columns: list[tuple[int, int]] = []  # (row index, sign): equations get a + and a − variable
    for i, row in enumerate(rows):
        columns.append((i, 1))
        if row.relation == "=":
            columns.append((i, -1))
    width = len(rows[0].coeffs)
    a_ub = [[sign * rows[i].coeffs[j] for i, sign in columns] for j in range(width)]
    b_ub = [_ZERO] * width
    k = [sign * rows[i].const for i, sign in columns]
    a_ub.append(k)
    b_ub.append(_ZERO)
    a_ub.append([kc - (1 if rows[i].relation == ">" else 0) for kc, (i, _) in zip(k, columns)])
    b_ub.append(-_ONE)
    result = maximize([-_ONE] * len(columns), a_ub=a_ub, b_ub=b_ub, work=work)
    if result.status != "optimal":
        return None
    m = [_ZERO] * len(rows)
    for (i, sign), y in zip(columns, result.x):
        m[i] += sign * y
    return tuple(m)


def satisfiable(statements: Sequence[ModalFormula], semantics: Semantics = DEFAULT,
                atoms: tuple[Atom, ...] | None = None, work: Work | None = None) -> Certificate:
    """A verified certificate for the conjunction of ``statements``: a model, or a proof of none.

    Args:
        statements: the statements.
        semantics: the semantics.
        atoms: the atoms indexing the worlds (default: those of the statements).
        work: the search's work budget (default: a fresh one of the limit ``modal_lp_work``).

    Raises:
        CertificateError: the search produced nothing that the checker accepts (a solver bug).
        BudgetExceeded: the statements are over a limit (``modal_atoms``, ``modal_cases``, ``modal_lp_work``,
            ``modal_antecedents``).
    """
    atoms = atoms_of(statements) if atoms is None else atoms
    work = Work() if work is None else work
    n = len(worlds(len(atoms)))
    ranked = semantics.conditional == "variably_strict"
    proofs: list[ProofCase | NoRanking] = []
    for case in product([linearize(s, semantics, atoms) for s in statements]):
        plain, literals = split(case)  # (ranking constraints occur only under the variably strict reading)
        rows = (*plain, normalization(n))
        p = _model(plain, n, work)
        if p is not None:
            if not ranked:
                certificate: Certificate = Countermodel(atoms, p)
                break
            higher = rank(literals, atoms)  # (ranks above 0, on worlds of antecedents that the rows make dead)
            if higher is not None:
                certificate = Countermodel(atoms, p, tuple(0 if x else r for x, r in zip(p, higher, strict=True)))
                break
            proofs.append(NoRanking(literals))
            continue
        m = _motzkin(rows, work)
        if m is None:
            raise CertificateError(statements, "the LP found neither a model nor a certificate")
        proofs.append(ProofCase(rows, m))
    else:
        certificate = Proof(tuple(proofs))
    check(statements, atoms, semantics, certificate)
    return certificate


@dataclass(frozen=True, slots=True)
class Judgement:
    """What the premises license about a conclusion C, with both verified certificates.

    Attributes:
        premises: the premises.
        conclusion: the statement C.
        semantics: the semantics decided under.
        atoms: the atoms indexing the worlds of the countermodels.
        without_conclusion: the certificate for premises ∧ ¬C (a proof means C is entailed).
        with_conclusion: the certificate for premises ∧ C (a proof means C is refuted).
    """

    premises: tuple[ModalFormula, ...]
    conclusion: ModalFormula
    semantics: Semantics
    atoms: tuple[Atom, ...]
    without_conclusion: Certificate
    with_conclusion: Certificate

    @property
    def entailed(self) -> bool:
        """The premises entail C (premises ∧ ¬C has no model)."""
        return isinstance(self.without_conclusion, Proof)

    @property
    def refuted(self) -> bool:
        """The premises entail ¬C (premises ∧ C has no model)."""
        return isinstance(self.with_conclusion, Proof)

    @property
    def consistent(self) -> bool:
        """The premises have a model."""
        return not (self.entailed and self.refuted)

    @property
    def verdict(self) -> Verdict:
        """``"entailed"``, ``"refuted"`` or ``"undetermined"`` (inconsistent premises: ``"entailed"``)."""
        return "entailed" if self.entailed else "refuted" if self.refuted else "undetermined"

    def to_json(self) -> dict[str, Any]:
        """The verdict, the printed forms and both certificates."""
        return {"verdict": self.verdict, "consistent": self.consistent, "semantics": self.semantics.label,
                "premises": [str(p) for p in self.premises], "conclusion": str(self.conclusion),
                "certificates": {"premises_and_not_conclusion": self.without_conclusion.to_json(),
                                 "premises_and_conclusion": self.with_conclusion.to_json()}}


def canonical_atom(i: int) -> Atom:
    """The i-th atom of an abstract form: ``a(x)``, ``b(x)``, …, ``z(x)``, ``a27(x)``, …"""
    name = chr(ord("a") + i) if i < 26 else f"a{i + 1}"
    return Atom(name, (Const("x"),))


def abstract(statements: Iterable[ModalFormula | Formula]) -> tuple[tuple[Any, ...], tuple[Atom, ...]]:
    """Rename the atoms to ``a(x)``, ``b(x)``, … in order of occurrence; return the renamed forms
    and the original atoms (the i-th original atom became :func:`canonical_atom` ``(i)``).

    >>> from prontocheck.modal import parse_modal_formula as f
    >>> forms, atoms = abstract([f("at(Savir) ⇒ at(Ashwin)"), f("Pr(at(Savir))")])
    >>> [str(s) for s in forms], [str(a) for a in atoms]
    (['a(x) ⇒ b(x)', 'Pr(a(x))'], ['at(Savir)', 'at(Ashwin)'])
    """
    statements = tuple(statements)
    atoms = atoms_of(statements)
    mapping = {atom: canonical_atom(i) for i, atom in enumerate(atoms)}
    return tuple(map_atoms(s, mapping.__getitem__) for s in statements), atoms


@lru_cache(maxsize=4096)
def _abstract_sides(premises: tuple[ModalFormula, ...], conclusion: ModalFormula,
                    semantics: Semantics) -> tuple[Certificate, Certificate]:
    atoms = atoms_of([*premises, conclusion])
    work = Work()  # one budget for the decision, both sides
    return (satisfiable([*premises, modal_negate(conclusion)], semantics, atoms, work),
            satisfiable([*premises, conclusion], semantics, atoms, work))


def _concrete(certificate: Certificate, statements: Sequence[ModalFormula], atoms: tuple[Atom, ...],
              semantics: Semantics) -> Certificate:
    """The abstract certificate restated over the concrete atoms, and checked again."""
    if isinstance(certificate, Countermodel):
        concrete: Certificate = Countermodel(atoms, certificate.probabilities, certificate.ranks)
    else:
        n = len(worlds(len(atoms)))
        cases = [split(case) for case in product([linearize(s, semantics, atoms) for s in statements])]
        concrete = Proof(tuple(NoRanking(literals) if isinstance(proof, NoRanking)
                               else ProofCase((*plain, normalization(n)), proof.multipliers)
                               for (plain, literals), proof in zip(cases, certificate.cases, strict=True)))
    check(statements, atoms, semantics, concrete)
    return concrete


@lru_cache(maxsize=1 << 14)
def _judge(premises: tuple[ModalFormula, ...], conclusion: ModalFormula, semantics: Semantics) -> Judgement:
    forms, atoms = abstract([*premises, conclusion])
    without, with_ = _abstract_sides(forms[:-1], forms[-1], semantics)
    return Judgement(premises, conclusion, semantics, atoms,
                     _concrete(without, [*premises, modal_negate(conclusion)], atoms, semantics),
                     _concrete(with_, [*premises, conclusion], atoms, semantics))


@lru_cache(maxsize=4096)
def decide(forms: tuple[ModalFormula, ...], semantics: Semantics = DEFAULT) -> Judgement:
    """The judgement of an abstract form: premises then conclusion, atoms as :func:`abstract` names them.

    Its certificates are those :func:`judge` restates over the concrete atoms of every problem of this form,
    checked here over ``a(x)``, ``b(x)``, …; its verdict is theirs. (The checker reads atoms only by their
    position among the atoms, so a certificate holds for a form exactly when it holds, renamed, for every
    problem of the form.)

    Raises:
        CertificateError, UsageError, BudgetExceeded: as :func:`judge`.

    >>> from prontocheck.modal import parse_modal_formula as f
    >>> decide((f("Pr(a(x))"), f("◇a(x)"))).verdict
    'entailed'
    """
    premises, conclusion = forms[:-1], forms[-1]
    atoms = tuple(canonical_atom(i) for i in range(len(atoms_of(forms))))
    without, with_ = _abstract_sides(premises, conclusion, semantics)
    return Judgement(premises, conclusion, semantics, atoms, without, with_)


def judge(premises: Iterable[ModalFormula], conclusion: ModalFormula, semantics: Semantics = DEFAULT) -> Judgement:
    """Decide whether the premises entail, refute or leave open the conclusion, with verified certificates.

    Args:
        premises: the premise statements.
        conclusion: the statement C asked about.
        semantics: the semantics (default: θ = 1/2 strict, conditional read as certain).

    Raises:
        CertificateError: a certificate failed its check (no verdict is returned).
        UsageError: a form that is not a statement.
        BudgetExceeded: the decision is over a per-item limit (:mod:`prontocheck.limits`: ``modal_atoms``,
            ``modal_cases``, ``modal_lp_work``, ``modal_antecedents``); the item's verdict is ``budget_exceeded``.
    """
    return _judge(tuple(premises), conclusion, semantics)
