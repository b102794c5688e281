"""The exact simplex: optimal vertices are feasible and optimal (checked by weak duality with a dual LP)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prontocheck.modal.simplex import maximize

Q = st.integers(-4, 4).map(Fraction)


@st.composite
def lps(draw: st.DrawFn) -> tuple[list[Fraction], list[list[Fraction]], list[Fraction]]:
    n = draw(st.integers(1, 4))
    m = draw(st.integers(1, 4))
    c = draw(st.lists(Q, min_size=n, max_size=n))
    a = draw(st.lists(st.lists(Q, min_size=n, max_size=n), min_size=m, max_size=m))
    b = draw(st.lists(Q, min_size=m, max_size=m))
    return c, a, b


@settings(max_examples=200, deadline=None)
@given(lps())
def test_primal_and_dual_agree(lp: tuple[list[Fraction], list[list[Fraction]], list[Fraction]]) -> None:
    """max c·x, Ax ≤ b, x ≥ 0 has the dual min b·y, Aᵀy ≥ c, y ≥ 0: equal optima when both are feasible."""
    c, a, b = lp
    primal = maximize(c, a_ub=a, b_ub=b)
    at = [[-a[i][j] for i in range(len(a))] for j in range(len(c))]
    dual = maximize([-x for x in b], a_ub=at, b_ub=[-x for x in c])
    if primal.status == "optimal":
        x = primal.x
        assert all(v >= 0 for v in x)
        assert all(sum(r * v for r, v in zip(row, x)) <= rhs for row, rhs in zip(a, b))
        assert dual.status == "optimal" and dual.value is not None and primal.value == -dual.value
    elif primal.status == "unbounded":
        assert dual.status == "infeasible"
    else:
        assert dual.status in ("infeasible", "unbounded")


def test_equalities_and_degenerate_rows() -> None:
    one = Fraction(1)
    r = maximize([one, one], a_eq=[[one, one], [2 * one, 2 * one]], b_eq=[one, 2 * one])
    assert r.status == "optimal" and r.value == 1
    assert maximize([one], a_eq=[[one]], b_eq=[-one]).status == "infeasible"
    assert maximize([one], a_ub=[[-one]], b_ub=[one]).status == "unbounded"


def test_agrees_with_scipy_on_random_lps() -> None:
    scipy = pytest.importorskip("scipy.optimize")
    import random

    rng = random.Random(7)
    for _ in range(100):
        n, m = rng.randint(1, 5), rng.randint(1, 4)
        c = [Fraction(rng.randint(-4, 4)) for _ in range(n)]
        a = [[Fraction(rng.randint(-4, 4)) for _ in range(n)] for _ in range(m)]
        b = [Fraction(rng.randint(-4, 4)) for _ in range(m)]
        ours = maximize(c, a_ub=a, b_ub=b)
        theirs = scipy.linprog([-float(x) for x in c], A_ub=[[float(v) for v in row] for row in a],
                               b_ub=[float(v) for v in b], bounds=[(0, None)] * n, method="highs")
        assert ours.status == {0: "optimal", 2: "infeasible", 3: "unbounded"}[theirs.status]
        if ours.status == "optimal":
            assert ours.value is not None and abs(float(ours.value) + theirs.fun) < 1e-7
