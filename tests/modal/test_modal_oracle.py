"""The modal checker's certificates and verdicts against an independent oracle (prontocheck.testing.oracle):
countermodels re-evaluated by a separate evaluator (exact fractions), Motzkin proofs re-added in exact
rationals without the project's checker, and every satisfiability question decided again by Fourier–Motzkin
elimination over the truth assignments of the statements' modal parts (no simplex).
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prontocheck.logic import Atom, Const, Not, Or
from prontocheck.logic.modal import (
    AtLeastAsLikely,
    Conditional,
    Fact,
    Might,
    ModalAnd,
    ModalNot,
    ModalOr,
    Must,
    Probably,
)
from prontocheck.modal import COLUMNS, DEFAULT, Semantics, judge, parse_modal_formula, satisfiable
from prontocheck.modal.benchmark import generate
from prontocheck.modal.certificates import Countermodel, Proof
from prontocheck.modal.items import ModalItem, parse_item
from prontocheck.modal.linear import worlds
from prontocheck.testing import oracle

FIXTURES = Path(__file__).parents[2] / "fixtures" / "modal" / "items.jsonl"


def _verify(statements, certificate, sem) -> None:
    """A certificate about the conjunction of ``statements``, checked without the project's checker."""
    if isinstance(certificate, Countermodel):
        n = len(certificate.atoms)
        ws = worlds(n)
        assert sorted(ws) == sorted(itertools.product((True, False), repeat=n))  # every world, once
        probabilities = certificate.probabilities
        assert all(isinstance(x, Fraction) and x >= 0 for x in probabilities) and sum(probabilities) == 1
        dist = [(dict(zip(certificate.atoms, w)), x) for w, x in zip(ws, probabilities, strict=True)]
        for s in statements:
            assert oracle.modal_holds(s, dist, sem), f"countermodel {certificate.text()} falsifies {s} ({sem.label})"
    else:
        assert isinstance(certificate, Proof) and certificate.cases
        for case in certificate.cases:
            rows = [(row.coeffs, row.const, row.relation) for row in case.rows]
            assert oracle.motzkin_refutes(rows, case.multipliers), f"not a refutation: {case.text()}"
    assert oracle.modal_satisfiable(statements, sem) == isinstance(certificate, Countermodel), (
        f"Fourier–Motzkin and the certificate disagree on {[str(s) for s in statements]} ({sem.label})")


def _judge_and_verify(premises, conclusion, sem) -> str:
    j = judge(premises, conclusion, sem)
    _verify([*premises, ModalNot(conclusion)], j.without_conclusion, sem)
    _verify([*premises, conclusion], j.with_conclusion, sem)
    return j.verdict


@lru_cache(maxsize=1)
def _grid_problems():
    """The distinct (premises, conclusion) pairs of the benchmark's prompts (parsed from their English), one
    name group and activity (names and activities vary the wording only)."""
    seen = {}
    for item in generate(groups=["indian-f"], activities=["party"]):
        premises, question = parse_item(ModalItem(item.id, item.prompt))
        seen.setdefault((premises, question.embedded), item.template)
    return tuple(seen)


@pytest.mark.parametrize("sem", COLUMNS, ids=[s.label for s in COLUMNS])
def test_benchmark_prompts_certificates_and_verdicts(sem):
    verdicts = [_judge_and_verify(premises, conclusion, sem) for premises, conclusion in _grid_problems()]
    assert {"entailed", "undetermined"} <= set(verdicts)


def test_tampered_certificates_are_caught():
    """The oracle is not a rubber stamp: a countermodel moved off its worlds, or a proof with a multiplier
    changed, is rejected."""
    premises, conclusion = _grid_problems()[0]
    j = judge(premises, conclusion, DEFAULT)
    proof, model = (j.without_conclusion, j.with_conclusion) if j.entailed else (j.with_conclusion,
                                                                                 j.without_conclusion)
    assert isinstance(proof, Proof) and isinstance(model, Countermodel)
    shifted = Countermodel(model.atoms, (*model.probabilities[1:], model.probabilities[0]))
    statements = [*premises, conclusion] if model is j.with_conclusion else [*premises, ModalNot(conclusion)]
    with pytest.raises(AssertionError):
        _verify(statements, shifted, DEFAULT)
    case = proof.cases[0]
    first = next(i for i, m in enumerate(case.multipliers) if m)
    bad = [Fraction(0) if i == first else m for i, m in enumerate(case.multipliers)]  # one row left out
    assert not oracle.motzkin_refutes([(r.coeffs, r.const, r.relation) for r in case.rows], bad)


def test_feasible_where_sympys_lp_fails():
    """The program on which sympy 1.14's lpmax returns a point breaking its constraints (sympy/sympy#28089):
    p ≥ 0, Σp = 1, p2 + p3 − p0 − p1 > 0, p1 ≥ p2, p0 + p2 ≥ p1 + p3 is infeasible (add the last two twice)."""
    one, zero = Fraction(1), Fraction(0)

    def v(*xs):
        return tuple(Fraction(x) for x in xs)

    rows = [(">=", v(*(1 if i == j else 0 for i in range(4))), zero) for j in range(4)]
    rows += [("=", v(1, 1, 1, 1), -one), (">", v(-1, -1, 1, 1), zero), (">=", v(0, 1, -1, 0), zero)]
    assert oracle.feasible(rows, 4)
    assert not oracle.feasible([*rows, (">=", v(1, -1, 1, -1), zero)], 4)


def test_fixture_items():
    checked = 0
    for line in FIXTURES.read_text().splitlines():
        record = json.loads(line)
        if "prompt" not in record and "question" not in record:
            continue  # the fixture's deliberately incomplete record
        try:
            premises, question = parse_item(ModalItem.from_json(record))
        except Exception:  # the fixture's deliberately unparseable record
            continue
        _judge_and_verify(premises, question.embedded, DEFAULT)
        checked += 1
    assert checked >= 3


_A, _B = (Atom(n, (Const("x"),)) for n in "ab")
# Two atoms (four worlds): Fourier–Motzkin elimination is exponential, and three atoms can take minutes.
_PROPS = st.sampled_from([_A, _B, Not(_A), Not(_B), Or((_A, _B)), Or((Not(_A), _B))])
_LEAVES = st.one_of(_PROPS.map(Probably), _PROPS.map(Might), _PROPS.map(Must),
                    st.builds(AtLeastAsLikely, _PROPS, _PROPS), st.builds(Conditional, _PROPS, _PROPS),
                    _PROPS.map(Fact))
_STATEMENTS = st.recursive(_LEAVES, lambda s: st.one_of(
    s.map(ModalNot), st.lists(s, min_size=2, max_size=2).map(lambda xs: ModalAnd(tuple(xs))),
    st.lists(s, min_size=2, max_size=2).map(lambda xs: ModalOr(tuple(xs))), st.builds(Conditional, _PROPS, s)),
    max_leaves=3)
_READINGS = [*COLUMNS, Semantics(disjunction="bounded"), Semantics(conditional="conditional_probability",
                                                                   cp_zero="vacuous", disjunction="bounded")]


@settings(max_examples=60, deadline=None)
@given(st.lists(_STATEMENTS, min_size=1, max_size=3), st.sampled_from(_READINGS))
def test_random_statements_certificates_and_satisfiability(statements, sem):
    _verify(statements, satisfiable(statements, sem), sem)


def test_oracle_rejects_bad_certificates():
    f = parse_modal_formula
    assert not oracle.motzkin_refutes([((Fraction(1),), Fraction(0), ">=")], [Fraction(1)])
    assert not oracle.motzkin_refutes([((Fraction(1),), Fraction(-1), ">")], [Fraction(-1)])  # sign on ≥/>
    a = [({_A: True}, Fraction(1, 2)), ({_A: False}, Fraction(1, 2))]
    assert oracle.modal_holds(f("◇a(x)"), a, DEFAULT) and not oracle.modal_holds(f("Pr(a(x))"), a, DEFAULT)
    assert oracle.modal_holds(f("Pr(a(x))"), a, COLUMNS[3])  # ≥ 1/2
