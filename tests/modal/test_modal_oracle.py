"""The modal checker's certificates and verdicts against an independent oracle (prontocheck.testing.oracle):
countermodels re-evaluated by a separate evaluator (exact fractions), Motzkin proofs re-added in exact
rationals without the project's checker.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prontocheck.logic import Atom, Const, Not, Or
from prontocheck.logic.modal import AtLeastAsLikely, Conditional, Might, ModalAnd, ModalNot, ModalOr, Must, Probably
from prontocheck.modal import COLUMNS, DEFAULT, judge, parse_modal_formula, satisfiable
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


def _judge_and_verify(premises, conclusion, sem) -> str:
    j = judge(premises, conclusion, sem)
    _verify([*premises, ModalNot(conclusion)], j.without_conclusion, sem)
    _verify([*premises, conclusion], j.with_conclusion, sem)
    return j.verdict


def _grid_items():
    # One prompt per template and question form (names and activities vary the wording only).
    seen, out = set(), []
    for item in generate(groups=["indian-f"], activities=["party"]):
        if (item.template, item.form) not in seen:
            seen.add((item.template, item.form))
            out.append(item)
    return out


@pytest.mark.parametrize("sem", COLUMNS, ids=[s.label for s in COLUMNS])
def test_benchmark_prompts_certificates_and_verdicts(sem):
    verdicts = set()
    for item in _grid_items():
        premises, question = parse_item(ModalItem(item.id, item.prompt))
        verdicts.add(_judge_and_verify(premises, question.embedded, sem))
    assert verdicts == {"entailed", "undetermined"} or verdicts >= {"entailed", "undetermined"}


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


_A, _B = Atom("a", (Const("x"),)), Atom("b", (Const("x"),))
_PROPS = st.sampled_from([_A, _B, Not(_A), Not(_B), Or((_A, _B))])
_LEAVES = st.one_of(_PROPS.map(Probably), _PROPS.map(Might), _PROPS.map(Must),
                    st.builds(AtLeastAsLikely, _PROPS, _PROPS), st.builds(Conditional, _PROPS, _PROPS))
_STATEMENTS = st.recursive(_LEAVES, lambda s: st.one_of(
    s.map(ModalNot), st.lists(s, min_size=2, max_size=2).map(lambda xs: ModalAnd(tuple(xs))),
    st.lists(s, min_size=2, max_size=2).map(lambda xs: ModalOr(tuple(xs)))), max_leaves=3)


@settings(max_examples=40, deadline=None)
@given(st.lists(_STATEMENTS, min_size=1, max_size=3), st.sampled_from(COLUMNS))
def test_random_statements_certificates_and_satisfiability(statements, sem):
    _verify(statements, satisfiable(statements, sem), sem)


def test_oracle_rejects_bad_certificates():
    f = parse_modal_formula
    assert not oracle.motzkin_refutes([((Fraction(1),), Fraction(0), ">=")], [Fraction(1)])
    assert not oracle.motzkin_refutes([((Fraction(1),), Fraction(-1), ">")], [Fraction(-1)])  # sign on ≥/>
    a = [({_A: True}, Fraction(1, 2)), ({_A: False}, Fraction(1, 2))]
    assert oracle.modal_holds(f("◇a(x)"), a, DEFAULT) and not oracle.modal_holds(f("Pr(a(x))"), a, DEFAULT)
    assert oracle.modal_holds(f("Pr(a(x))"), a, COLUMNS[3])  # ≥ 1/2
