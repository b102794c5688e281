"""A small exact linear-programming solver: two-phase tableau simplex over ``Fraction`` with
Bland's rule (which cannot cycle).

It is a *search* procedure and is not trusted: every answer it helps find is turned into a
certificate that :mod:`prontocheck.modal.checker` verifies with plain arithmetic. (sympy 1.14's
``linprog`` returns infeasible points on these problems, upstream sympy issue 28089; a float
solver cannot settle the boundary cases p = 1/2 exactly.)

>>> from fractions import Fraction as F
>>> r = maximize([F(1), F(1)], a_ub=[[F(1), F(2)], [F(3), F(1)]], b_ub=[F(4), F(6)])
>>> r.status, r.value, r.x
('optimal', Fraction(14, 5), (Fraction(8, 5), Fraction(6, 5)))
>>> maximize([F(1)], a_ub=[[F(1)]], b_ub=[F(-1)]).status
'infeasible'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from prontocheck.errors import BudgetExceeded
from prontocheck.limits import MODAL_LP_WORK

_ZERO = Fraction(0)


@dataclass(slots=True)
class Work:
    """The work budget of a search: tableau entries computed (rows × width for the first reduced costs of a
    phase, rows × nonzero entries of the pivot row for each pivot), summed over a decision's LPs. Spending past
    the limit raises :class:`~prontocheck.errors.BudgetExceeded`.

    >>> w = Work(limit=10)
    >>> w.spend(8); w.used
    8
    >>> w.spend(8)
    Traceback (most recent call last):
    prontocheck.errors.BudgetExceeded: budget_exceeded: the LP search (16 tableau entries) is over the limit ...
    """

    limit: int = MODAL_LP_WORK
    used: int = field(default=0)

    def spend(self, amount: int) -> None:
        """Count ``amount`` more work.

        Raises:
            BudgetExceeded: the total is over the limit (``modal_lp_work``).
        """
        self.used += amount
        if self.used > self.limit:
            raise BudgetExceeded("modal_lp_work", self.limit, f"the LP search ({self.used} tableau entries)")


@dataclass(frozen=True, slots=True)
class LPResult:
    """The outcome of :func:`maximize`.

    Attributes:
        status: ``"optimal"``, ``"infeasible"`` or ``"unbounded"``.
        x: an optimal vertex (``()`` unless optimal).
        value: the optimal objective value (``None`` unless optimal).
    """

    status: Literal["optimal", "infeasible", "unbounded"]
    x: tuple[Fraction, ...] = ()
    value: Fraction | None = None


def _reduced_costs(tableau: list[list[Fraction]], basis: list[int], objective: Sequence[Fraction]) -> list[Fraction]:
    width = len(objective)
    costs = list(objective)
    for i, b in enumerate(basis):
        cb = objective[b]
        if cb:
            row = tableau[i]
            for j in range(width):
                if row[j]:
                    costs[j] -= cb * row[j]
    return costs


def _pivot(tableau: list[list[Fraction]], basis: list[int], r: int, j: int, work: Work) -> None:
    pivot_row = tableau[r]
    p = pivot_row[j]
    if p != 1:
        tableau[r] = pivot_row = [x / p for x in pivot_row]
    nonzero = [(k, y) for k, y in enumerate(pivot_row) if y]  # the tableau is sparse: touch only these columns
    work.spend(len(tableau) * len(nonzero))
    for i, row in enumerate(tableau):
        if i != r and row[j]:
            f = row[j]
            for k, y in nonzero:
                row[k] -= f * y
    basis[r] = j


def _optimize(tableau: list[list[Fraction]], basis: list[int], objective: Sequence[Fraction], allowed: int,
              work: Work) -> bool:
    """Pivot to an optimum of ``objective`` (maximised) using columns ``< allowed``; False if unbounded."""
    work.spend(len(tableau) * len(objective))  # the reduced costs, computed once ...
    costs = _reduced_costs(tableau, basis, objective)
    while True:
        entering = next((j for j in range(allowed) if costs[j] > 0), None)  # Bland: lowest index
        if entering is None:
            return True
        best: tuple[Fraction, int, int] | None = None
        for i, row in enumerate(tableau):
            if row[entering] > 0:
                key = (row[-1] / row[entering], basis[i], i)  # Bland: ties to the lowest basic index
                if best is None or key[:2] < best[:2]:
                    best = key
        if best is None:
            return False
        _pivot(tableau, basis, best[2], entering, work)
        f = costs[entering]  # ... then kept up to date like a row of the tableau (exact: the same values)
        costs = [c - f * y if y else c for c, y in zip(costs, tableau[best[2]])]


def maximize(
    c: Sequence[Fraction],
    *,
    a_ub: Sequence[Sequence[Fraction]] = (),
    b_ub: Sequence[Fraction] = (),
    a_eq: Sequence[Sequence[Fraction]] = (),
    b_eq: Sequence[Fraction] = (),
    work: Work | None = None,
    slack_basis: bool = True,
) -> LPResult:
    """Maximise ``c·x`` subject to ``a_ub·x ≤ b_ub``, ``a_eq·x = b_eq`` and ``x ≥ 0``, exactly.

    Args:
        c: the objective coefficients (one per variable).
        a_ub: the rows of the ``≤`` constraints.
        b_ub: their right-hand sides.
        a_eq: the rows of the ``=`` constraints.
        b_eq: their right-hand sides.
        work: the budget to spend the pivots from (default: a fresh one of ``modal_lp_work``).
        slack_basis: start from the slack of each ``≤`` row whose right-hand side is ≥ 0 (fewer artificial
            variables, far fewer pivots); ``False`` gives every row an artificial variable (another start,
            so possibly another optimal vertex).

    Returns:
        The status, and an optimal vertex with its value when there is one.

    Raises:
        BudgetExceeded: the pivots cost more than the work budget.
    """
    work = Work() if work is None else work
    n = len(c)
    m_ub = len(a_ub)
    rows = [*zip(a_ub, b_ub, strict=True), *zip(a_eq, b_eq, strict=True)]
    # A ≤ row with a right-hand side ≥ 0 starts with its slack basic; the others need an artificial variable.
    artificial = [i >= m_ub or Fraction(rhs) < 0 or not slack_basis for i, (_, rhs) in enumerate(rows)]
    m = sum(artificial)
    width = n + m_ub + m  # variables, then slacks, then artificials
    tableau: list[list[Fraction]] = []
    basis: list[int] = []
    for i, (coeffs, rhs) in enumerate(rows):
        row = [Fraction(x) for x in coeffs] + [_ZERO] * (width - n) + [Fraction(rhs)]
        if i < m_ub:
            row[n + i] = Fraction(1)
        if row[-1] < 0:
            row = [-x for x in row]
        if artificial[i]:
            row[n + m_ub + sum(artificial[:i])] = Fraction(1)
            basis.append(n + m_ub + sum(artificial[:i]))
        else:
            basis.append(n + i)
        tableau.append(row)

    # Phase 1: drive the artificial variables to zero.
    phase1 = [_ZERO] * (n + m_ub) + [Fraction(-1)] * m
    _optimize(tableau, basis, phase1, width, work)
    if any(tableau[i][-1] != 0 for i, b in enumerate(basis) if b >= n + m_ub):
        return LPResult("infeasible")
    for i in reversed(range(len(basis))):
        if basis[i] >= n + m_ub:  # a degenerate artificial still basic: pivot it out, or drop its redundant row
            j = next((j for j in range(n + m_ub) if tableau[i][j] != 0), None)
            if j is None:
                del tableau[i], basis[i]
            else:
                _pivot(tableau, basis, i, j, work)

    # Phase 2: the real objective, artificial columns excluded.
    objective = [Fraction(x) for x in c] + [_ZERO] * (width - n)
    if not _optimize(tableau, basis, objective, n + m_ub, work):
        return LPResult("unbounded")
    x = [_ZERO] * n
    for i, b in enumerate(basis):
        if b < n:
            x[b] = tableau[i][-1]
    value = sum((ci * xi for ci, xi in zip(objective, x)), _ZERO)
    return LPResult("optimal", tuple(x), value)
