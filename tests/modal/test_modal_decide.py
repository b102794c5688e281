"""The design study's validity table (13 patterns × 6 semantics), certificates, and the checker."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prontocheck.errors import UsageError
from prontocheck.logic import And, Atom, Const, Formula, Not, Or
from prontocheck.logic.modal import (
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
    modal_negate,
)
from prontocheck.modal import COLUMNS, DEFAULT, Semantics, judge, parse_modal_formula, satisfiable
from prontocheck.modal.benchmark import patterns
from prontocheck.modal.certificates import Countermodel, Proof, ProofCase
from prontocheck.modal.checker import CertificateError, check, holds
from prontocheck.modal.linear import Row, atoms_of, linearize, worlds

V, X = True, False
# The design study's table (reference/modal-probability-operators.md §1.3). Columns, in order:
# >1/2 cert, >1/2 Pr(->), >1/2 cprob, >=1/2 cert, >=1/2 Pr(->), >=1/2 cprob.
TABLE = {
    "probably_might": (V, V, V, V, V, V),
    "must_probably": (V, V, V, V, V, V),
    "chancy_modus_ponens": (V, X, X, V, X, X),
    "chancy_modus_tollens": (V, X, X, V, X, X),
    "distribution_over_conjunction": (V, V, V, V, V, V),
    "conditional_to_comparative": (V, X, X, V, X, X),
    "chancy_disjunction_introduction": (V, V, V, V, V, V),
    "positive_form_transfer": (V, V, V, V, V, V),
    "probably_not_probably_not": (V, V, V, X, X, X),
    "complement_transfer": (V, V, V, V, V, V),
    "conjunctivitis": (X, X, X, X, X, X),
    "might_probably": (X, X, X, X, X, X),
    "probably_certain": (X, X, X, X, X, X),
}
CELLS = [(p, i) for p in TABLE for i in range(6)]


def test_the_columns_are_the_design_studys() -> None:
    assert [s.label for s in COLUMNS] == [">1/2 cert", ">1/2 Pr(->)", ">1/2 cprob", ">=1/2 cert", ">=1/2 Pr(->)",
                                          ">=1/2 cprob"]
    assert set(TABLE) == set(patterns())


@pytest.mark.parametrize(("pattern", "column"), CELLS, ids=[f"{p}-[{COLUMNS[i].label}]" for p, i in CELLS])
def test_validity_table_cell(pattern: str, column: int) -> None:
    p, sem = patterns()[pattern], COLUMNS[column]
    j = judge(p.premises, p.conclusion, sem)
    assert j.entailed == TABLE[pattern][column]
    # Both certificates, checked again here with the independent checker.
    check([*p.premises, modal_negate(p.conclusion)], j.atoms, sem, j.without_conclusion)
    check([*p.premises, p.conclusion], j.atoms, sem, j.with_conclusion)
    if j.entailed:
        assert isinstance(j.without_conclusion, Proof)
    else:
        model = j.without_conclusion
        assert isinstance(model, Countermodel)
        assert all(holds(s, j.atoms, model.probabilities, sem) for s in p.premises)
        assert not holds(p.conclusion, j.atoms, model.probabilities, sem)
    assert j.consistent  # every pattern's premises have a model


def _grid(n_worlds: int, denominator: int) -> list[tuple[Fraction, ...]]:
    """All distributions over n worlds whose probabilities are multiples of 1/denominator."""
    out = []
    for cuts in itertools.combinations(range(denominator + n_worlds - 1), n_worlds - 1):
        parts, last = [], -1
        for c in (*cuts, denominator + n_worlds - 1):
            parts.append(Fraction(c - last - 1, denominator))
            last = c
        out.append(tuple(parts))
    return out


@pytest.mark.parametrize("pattern", list(TABLE))
def test_brute_force_oracle_agrees(pattern: str) -> None:
    """A search over every distribution with denominator 12 (direct evaluation, no LP) agrees on all 6 cells."""
    p = patterns()[pattern]
    atoms = atoms_of([*p.premises, p.conclusion])
    grid = _grid(len(worlds(len(atoms))), 12)
    for column, sem in enumerate(COLUMNS):
        counter = any(all(holds(s, atoms, d, sem) for s in p.premises) and not holds(p.conclusion, atoms, d, sem)
                      for d in grid)
        assert counter == (not TABLE[pattern][column]), sem.label


def test_default_semantics_reproduces_all_13_gold_labels_and_the_sensitivity_tags() -> None:
    assert len(patterns()) == 13
    for p in patterns().values():
        assert judge(p.premises, p.conclusion).entailed == p.valid, p.id
        verdicts = {judge(p.premises, p.conclusion, s).entailed for s in COLUMNS}
        assert (len(verdicts) > 1) == p.semantics_sensitive, p.id


def test_known_countermodels() -> None:
    pnpn = patterns()["probably_not_probably_not"]
    model = judge(pnpn.premises, pnpn.conclusion, Semantics(strict=False)).without_conclusion
    assert isinstance(model, Countermodel) and model.text() == "a(x): 1/2; ¬a(x): 1/2"


@pytest.mark.parametrize(("pattern", "theta", "strict", "reading", "valid"), [
    ("probably_not_probably_not", "2/5", True, "certain_material", False),
    ("probably_not_probably_not", "3/5", False, "certain_material", True),
    ("chancy_modus_ponens", "1/4", True, "probable_material", False),
    ("chancy_modus_ponens", "3/4", True, "conditional_probability", False),
    ("chancy_modus_ponens", "1/4", False, "certain_material", True),
    ("chancy_modus_tollens", "9/10", True, "certain_material", True),
    ("might_probably", "0", True, "certain_material", True),
    ("must_probably", "1", True, "certain_material", False),
    ("must_probably", "1", False, "certain_material", True),
    ("conjunctivitis", "1", False, "certain_material", True),
])
def test_threshold_sweep_points(pattern: str, theta: str, strict: bool, reading: str, valid: bool) -> None:
    p = patterns()[pattern]
    sem = Semantics(Fraction(theta), strict, reading)  # type: ignore[arg-type]
    assert judge(p.premises, p.conclusion, sem).entailed == valid


def test_vacuous_conditional_probability_changes_no_verdict() -> None:
    for p in patterns().values():
        for strict in (True, False):
            base = Semantics(strict=strict, conditional="conditional_probability")
            vacuous = Semantics(strict=strict, conditional="conditional_probability", cp_zero="vacuous")
            assert judge(p.premises, p.conclusion, base).entailed == judge(p.premises, p.conclusion, vacuous).entailed


def test_inconsistent_premises_entail_everything() -> None:
    f = parse_modal_formula
    j = judge([f("Pr(a(x))"), f("Pr(¬a(x))")], f("□b(x)"))
    assert j.verdict == "entailed" and j.refuted and not j.consistent


def test_tampered_certificates_are_rejected() -> None:
    p = patterns()["chancy_modus_ponens"]
    statements = [*p.premises, modal_negate(p.conclusion)]
    proof = judge(p.premises, p.conclusion).without_conclusion
    atoms = atoms_of(statements)
    assert isinstance(proof, Proof)
    [case] = proof.cases
    for i, m in enumerate(case.multipliers):
        bad = list(case.multipliers)
        bad[i] = m + Fraction(1, 3)
        with pytest.raises(CertificateError):
            check(statements, atoms, DEFAULT, Proof((ProofCase(case.rows, tuple(bad)),)))
    lying_row = Row(case.rows[0].coeffs, case.rows[0].const - 1, case.rows[0].relation, case.rows[0].text)
    with pytest.raises(CertificateError, match="rows"):
        check(statements, atoms, DEFAULT, Proof((ProofCase((lying_row, *case.rows[1:]), case.multipliers),)))
    with pytest.raises(CertificateError, match="cases"):
        check(statements, atoms, DEFAULT, Proof(()))
    model = judge(p.premises, p.conclusion, COLUMNS[1]).without_conclusion
    assert isinstance(model, Countermodel)
    with pytest.raises(CertificateError):  # premises ∧ ¬C is unsatisfiable under the default semantics
        check(statements, atoms, DEFAULT, model)
    with pytest.raises(CertificateError, match="distribution"):
        check(statements, atoms, COLUMNS[1], Countermodel(atoms, tuple(x * 2 for x in model.probabilities)))


def test_satisfiable_gives_a_model_or_a_proof() -> None:
    f = parse_modal_formula
    assert isinstance(satisfiable([f("Pr(a(x))"), f("◇¬a(x)")]), Countermodel)
    assert isinstance(satisfiable([f("□a(x)"), f("◇¬a(x)")]), Proof)
    assert isinstance(satisfiable([f("(Pr(a(x)) ∨ □b(x)) ∧ ¬◇b(x) ∧ ¬Pr(a(x))")]), Proof)


# ---------------------------------------------------------------- the linear form against direct evaluation

A, B = Atom("a", (Const("x"),)), Atom("b", (Const("x"),))
SEMANTICS = [*COLUMNS, Semantics(conditional="conditional_probability", cp_zero="vacuous"),
             Semantics(Fraction(1, 3), True, "conditional_probability", "vacuous"), Semantics(Fraction(0)),
             Semantics(Fraction(1), strict=False), Semantics(disjunction="bounded"),
             Semantics(Fraction(1, 3), False, "conditional_probability", "vacuous", "bounded")]


def _props() -> st.SearchStrategy[Formula]:
    return st.recursive(st.sampled_from([A, B]), lambda c: st.one_of(
        c.map(Not), st.tuples(c, c).map(lambda t: And(t)), st.tuples(c, c).map(lambda t: Or(t))), max_leaves=3)


def _statements() -> st.SearchStrategy[ModalFormula]:
    p = _props()
    base = st.one_of(p.map(Probably), p.map(Might), p.map(Must), st.builds(AtLeastAsLikely, p, p),
                     st.builds(Conditional, p, p), p.map(Fact))
    # (A statement as a conditional's consequent: the restrictor reading, nested as deep as it goes.)
    return st.recursive(base, lambda c: st.one_of(
        c.map(ModalNot), st.tuples(c, c).map(lambda t: ModalAnd(t)), st.tuples(c, c).map(lambda t: ModalOr(t)),
        st.builds(Conditional, p, c)), max_leaves=3)


def _satisfied(row: Row, p: tuple[Fraction, ...]) -> bool:
    v = row.value(p)
    return v > 0 if row.relation == ">" else v >= 0 if row.relation == ">=" else v == 0


@settings(max_examples=300, deadline=None)
@given(_statements(), st.lists(st.integers(0, 4), min_size=4, max_size=4).filter(any), st.sampled_from(SEMANTICS))
def test_linear_form_agrees_with_direct_evaluation(s: ModalFormula, weights: list[int], sem: Semantics) -> None:
    p = tuple(Fraction(w, sum(weights)) for w in weights)
    atoms = (A, B)
    for positive in (True, False):
        cases = linearize(s, sem, atoms, positive=positive)
        assert any(all(_satisfied(r, p) for r in case) for case in cases) == (holds(s, atoms, p, sem) == positive)


def test_semantics_options() -> None:
    assert Semantics.parse("default") == DEFAULT
    assert Semantics.parse(">=0.6, pr") == Semantics(Fraction(3, 5), False, "probable_material")
    assert Semantics.parse("cprob,vacuous").label == ">1/2 cprob,vacuous"
    assert Semantics(theta="2/3").theta == Fraction(2, 3)  # type: ignore[arg-type]
    for bad in ("theta=2", "theta=x", "sometimes", ">1/0"):
        with pytest.raises(UsageError, match="theta|rational|setting"):
            Semantics.parse(bad)
    with pytest.raises(UsageError, match="exact"):
        Semantics(theta=0.5)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="reading"):
        Semantics(conditional="strict")  # type: ignore[arg-type]
    assert DEFAULT.to_json() == {"label": ">1/2 cert", "theta": "1/2", "strict": True,
                                 "conditional": "certain_material", "cp_zero": "presuppose",
                                 "disjunction": "flat"}


def test_semantics_hash_is_its_fields_and_is_remade_when_unpickled() -> None:
    import os
    import pickle
    import subprocess
    import sys

    assert hash(Semantics.parse(">=0.6, pr")) == hash(Semantics(Fraction(3, 5), False, "probable_material"))
    assert len({hash(s) for s in COLUMNS}) == len(COLUMNS)
    # Another process hashes the strings otherwise: an unpickled semantics must find its equal in a dict there.
    code = ("import pickle, sys; from prontocheck.modal.semantics import Semantics; "
            "s = pickle.loads(sys.stdin.buffer.read()); print({Semantics.parse('>=0.6, pr'): 1}.get(s))")
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(Semantics.parse(">=0.6, pr")),
                         capture_output=True, check=True, env={**os.environ, "PYTHONHASHSEED": "12345"})
    assert out.stdout.strip() == b"1"
