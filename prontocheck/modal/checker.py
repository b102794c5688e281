"""The certificate checker: the only code a verdict has to trust.

It uses no solver. A :class:`~prontocheck.modal.certificates.Countermodel` is checked by
evaluating every statement *directly* on the distribution (:func:`holds`, which does not use
the linear form at all). A :class:`~prontocheck.modal.certificates.Proof` is checked by
recomputing the linear form of the statements and adding up the rows with the certificate's
multipliers in exact arithmetic. (The linear form itself is checked against :func:`holds` by a
property test, and the validity table against a brute-force search over distributions.)

>>> from fractions import Fraction as F
>>> from prontocheck.logic.formulas import Atom, Const, Not
>>> from prontocheck.logic.modal import Probably
>>> from prontocheck.modal.semantics import DEFAULT
>>> a = Atom("a", (Const("x"),))
>>> holds(Probably(a), (a,), (F(1, 2), F(1, 2)), DEFAULT), holds(Probably(Not(a)), (a,), (F(1, 4), F(3, 4)), DEFAULT)
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from prontocheck.errors import ProntocheckError
from prontocheck.logic.formulas import And, Atom, Formula, Implies, Not
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
from prontocheck.modal.certificates import Certificate, Countermodel, NoRanking
from prontocheck.modal.linear import Row, bounded_disjunction, linearize, normalization, product, split, truth, worlds
from prontocheck.modal.ranking import rank
from prontocheck.modal.semantics import Semantics


class CertificateError(ProntocheckError):
    """A certificate failed its check: a solver (or compiler) bug was caught; no verdict is given.

    Attributes:
        statements: the printed statements the certificate was about.
        reason: what failed.
    """

    def __init__(self, statements: Sequence[ModalFormula], reason: str) -> None:
        self.statements = [str(s) for s in statements]
        self.reason = reason
        super().__init__(f"certificate rejected for {'; '.join(self.statements)}: {reason}")


def probability(formula: Formula, atoms: Sequence[Atom], p: Sequence[Fraction]) -> Fraction:
    """p(φ): the total probability of the worlds where φ is true."""
    return sum((pw for w, pw in zip(worlds(len(atoms)), p, strict=True) if truth(formula, atoms, w)), Fraction(0))


def _above(value: Fraction, scale: Fraction, sem: Semantics) -> bool:
    """``value`` above θ·``scale`` (θ times the mass of the worlds spoken of)."""
    return value > sem.theta * scale if sem.strict else value >= sem.theta * scale


def holds(statement: ModalFormula, atoms: Sequence[Atom], p: Sequence[Fraction], sem: Semantics,
          ranks: Sequence[int | None] | None = None) -> bool:
    """Whether a statement is true at the distribution ``p`` (one probability per world).

    This is the semantics written out directly (no linear form), e.g. ``p(ψ | φ)`` is a division. A modal
    in a conditional's consequent (and the modal part of a ``bounded`` disjunction) is evaluated on the worlds
    of its domain alone: ``p`` zeroed elsewhere, compared with the domain's mass instead of 1 (where that mass
    is 0, "p(ψ) = 1" holds and "p(ψ) > 0" does not). Under the variably strict reading ``ranks`` ranks the
    worlds (one rank or ``None`` per world; default: rank 0 on the support, nothing else ranked), "if φ, ψ" holds
    when ψ is true in every lowest-ranked φ-world, and a domain keeps its own worlds' ranks.
    """
    if ranks is None:
        ranks = [0 if x else None for x in p]
    return _holds(statement, atoms, p, Fraction(1), sem, ranks)


def _within(domain: Formula, atoms: Sequence[Atom], p: Sequence[Fraction]) -> list[Fraction]:
    """``p`` on the worlds where ``domain`` holds, 0 elsewhere."""
    return [pw if truth(domain, atoms, w) else Fraction(0) for w, pw in zip(worlds(len(atoms)), p, strict=True)]


def _ranked_within(domain: Formula, atoms: Sequence[Atom], ranks: Sequence[int | None]) -> list[int | None]:
    """The ranks of the worlds where ``domain`` holds; the others are not ranked."""
    return [r if truth(domain, atoms, w) else None for w, r in zip(worlds(len(atoms)), ranks, strict=True)]


def _variably_strict(antecedent: Formula, consequent: Formula, atoms: Sequence[Atom],
                     ranks: Sequence[int | None]) -> bool:
    """ψ holds in every lowest-ranked φ-world (vacuously when no φ-world is ranked)."""
    ranked = [(r, w) for w, r in zip(worlds(len(atoms)), ranks, strict=True)
              if r is not None and truth(antecedent, atoms, w)]
    if not ranked:
        return True
    low = min(r for r, _ in ranked)
    return all(truth(consequent, atoms, w) for r, w in ranked if r == low)


def _holds(statement: ModalFormula, atoms: Sequence[Atom], p: Sequence[Fraction], mass: Fraction,
           sem: Semantics, ranks: Sequence[int | None]) -> bool:
    match statement:
        case Probably(op):
            return _above(probability(op, atoms, p), mass, sem)
        case Might(op):
            return probability(op, atoms, p) > 0
        case Must(op) | Fact(op):  # (a plain statement is read as known)
            return probability(op, atoms, p) == mass
        case AtLeastAsLikely(left, right):
            return probability(left, atoms, p) >= probability(right, atoms, p)
        case Conditional(a, c) if isinstance(c, MODAL_TYPES):  # the restrictor reading
            return _holds(c, atoms, _within(a, atoms, p), probability(a, atoms, p), sem,
                          _ranked_within(a, atoms, ranks))
        case Conditional(a):
            c = flat_consequent(statement)
            if sem.conditional == "variably_strict":
                return _variably_strict(a, c, atoms, ranks)
            if sem.conditional == "certain_material":
                return probability(And((a, Not(c))), atoms, p) == 0
            if sem.conditional == "probable_material":
                return _above(probability(Implies(a, c), atoms, p), mass, sem)
            pa = probability(a, atoms, p)
            if pa == 0:
                return sem.cp_zero == "vacuous"
            return _above(probability(And((a, c)), atoms, p) / pa, Fraction(1), sem)
        case ModalNot(op):
            return not _holds(op, atoms, p, mass, sem, ranks)
        case ModalAnd(ops):
            return all(_holds(op, atoms, p, mass, sem, ranks) for op in ops)
        case ModalOr(ops) if sem.disjunction == "bounded" and (bounded := bounded_disjunction(statement)):
            plain, rest = bounded
            return _holds(rest, atoms, _within(Not(plain), atoms, p), probability(Not(plain), atoms, p), sem,
                          _ranked_within(Not(plain), atoms, ranks))
        case ModalOr(ops):
            return any(_holds(op, atoms, p, mass, sem, ranks) for op in ops)
    raise CertificateError([], f"not a statement: {statement!r}")


def motzkin_holds(rows: Sequence[Row], multipliers: Sequence[Fraction]) -> str | None:
    """Check one Motzkin certificate; return ``None`` if it proves the rows infeasible, else why not.

    With multipliers ``m`` (≥ 0 on inequality rows, free on equations), if ``Σ m_i c_i ≤ 0`` in
    every coordinate then any ``p ≥ 0`` gives ``Σ m_i (c_i·p + k_i) ≤ Σ m_i k_i``; the rows force the
    left side ≥ 0 (> 0 when a strict row has ``m_i > 0``), a contradiction when ``Σ m_i k_i < 0`` or
    when ``Σ m_i k_i ≤ 0`` and a strict row is used.
    """
    if len(rows) != len(multipliers):
        return f"{len(multipliers)} multipliers for {len(rows)} rows"
    for m, row in zip(multipliers, rows):
        if row.relation != "=" and m < 0:
            return f"negative multiplier {m} on the inequality [{row.text}]"
    width = len(rows[0].coeffs)
    for j in range(width):
        total = sum((m * row.coeffs[j] for m, row in zip(multipliers, rows)), Fraction(0))
        if total > 0:
            return f"the combination has the positive coefficient {total} on world {j}"
    k = sum((m * row.const for m, row in zip(multipliers, rows)), Fraction(0))
    strict_used = any(m > 0 and row.relation == ">" for m, row in zip(multipliers, rows))
    if k < 0 or (k <= 0 and strict_used):
        return None
    return f"the combination's constant is {k}{' with a strict row' if strict_used else ''}: no contradiction"


def check(statements: Sequence[ModalFormula], atoms: tuple[Atom, ...], sem: Semantics,
          certificate: Certificate) -> None:
    """Verify a certificate about the conjunction of ``statements``; raise if it does not hold.

    A :class:`Countermodel` must be a distribution over the worlds of ``atoms`` at which every
    statement is true. A :class:`Proof` must have one valid Motzkin certificate for each
    alternative of the statements' linear form, recomputed here (the proof's own rows are not
    trusted).

    Raises:
        CertificateError: the certificate does not establish its claim.
    """
    n = len(worlds(len(atoms)))
    if isinstance(certificate, Countermodel):
        p = certificate.probabilities
        if certificate.atoms != atoms or len(p) != n:
            raise CertificateError(statements, "the model is over other worlds")
        if any(x < 0 for x in p) or sum(p, Fraction(0)) != 1:
            raise CertificateError(statements, f"not a probability distribution: {[str(x) for x in p]}")
        ranks = certificate.ranks
        if ranks is not None and (len(ranks) != n or not all(
                (r == 0) == (x > 0) and (r is None or (isinstance(r, int) and r >= 0)) for r, x in zip(ranks, p))):
            raise CertificateError(statements, f"not a ranking whose rank 0 is the support: {list(ranks)}")
        for s in statements:
            if not holds(s, atoms, p, sem, ranks):
                raise CertificateError(statements, f"{s} is false in the model {certificate.text()}")
        return
    cases = product([linearize(s, sem, atoms) for s in statements])
    if len(cases) != len(certificate.cases):
        raise CertificateError(statements, f"{len(certificate.cases)} certificates for {len(cases)} cases")
    for i, (case, proof) in enumerate(zip(cases, certificate.cases, strict=True)):
        plain, literals = split(case)
        if isinstance(proof, NoRanking):
            if proof.literals != literals:
                raise CertificateError(statements, f"case {i + 1}: the ranking constraints are not the statements'")
            if rank(literals, atoms) is not None:
                raise CertificateError(statements, f"case {i + 1}: a ranking satisfies {proof.text()}")
            continue
        rows = (*plain, normalization(n))
        trusted = [(r.coeffs, r.const, r.relation) for r in rows]
        if trusted != [(r.coeffs, r.const, r.relation) for r in proof.rows]:
            raise CertificateError(statements, f"case {i + 1}: the proof's rows are not the statements' rows")
        why = motzkin_holds(rows, proof.multipliers)
        if why is not None:
            raise CertificateError(statements, f"case {i + 1}: {why}")

