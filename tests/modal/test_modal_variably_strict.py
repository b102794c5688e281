"""The variably strict reading of the conditional (``-s vs``, prontocheck.modal.ranking): the classic patterns,
its certificates (countermodels with a ranking, proofs with ranking cases) checked by the project's checker and
by the independent oracle, the ranking search against a brute force over every ranking, and the command line.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from prontocheck.cli.modal import modal
from prontocheck.errors import BudgetExceeded
from prontocheck.limits import LIMITS, MODAL_ANTECEDENTS
from prontocheck.logic import And, Atom, Const, Not, Or
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
from prontocheck.modal import COLUMNS, DEFAULT, READINGS, Semantics, judge, parse_modal_formula, satisfiable
from prontocheck.modal.benchmark import patterns
from prontocheck.modal.certificates import Countermodel, NoRanking, Proof, ProofCase
from prontocheck.modal.checker import CertificateError, check, holds
from prontocheck.modal.items import ModalItem
from prontocheck.modal.linear import RankLiteral, Row, atoms_of, linearize, normalization, split, truth, worlds
from prontocheck.modal.ranking import rank
from prontocheck.modal.validate import validate_items
from prontocheck.testing import oracle

VS = Semantics(conditional="variably_strict")
VS_BOUNDED = Semantics(conditional="variably_strict", disjunction="bounded")
f = parse_modal_formula

# The classic patterns of conditional logic (Lewis 1973, ch. 1.8), with their verdicts under the variably strict
# reading and, for contrast, under the certain (strict) one.
CLASSIC = {
    "modus ponens": (["a(x) ⇒ b(x)", "a(x)"], "b(x)", "entailed", "entailed"),
    "modus tollens": (["a(x) ⇒ b(x)", "¬b(x)"], "¬a(x)", "entailed", "entailed"),
    "contraposition": (["a(x) ⇒ b(x)"], "¬b(x) ⇒ ¬a(x)", "undetermined", "entailed"),
    "antecedent strengthening": (["a(x) ⇒ b(x)"], "(a(x) ∧ c(x)) ⇒ b(x)", "undetermined", "entailed"),
    "hypothetical syllogism": (["a(x) ⇒ b(x)", "b(x) ⇒ c(x)"], "a(x) ⇒ c(x)", "undetermined", "entailed"),
    "conditional excluded middle": ([], "(a(x) ⇒ b(x)) ∨ (a(x) ⇒ ¬b(x))", "undetermined", "undetermined"),
    "identity": ([], "a(x) ⇒ a(x)", "entailed", "entailed"),
    "weakening the consequent": (["a(x) ⇒ b(x)"], "a(x) ⇒ (b(x) ∨ c(x))", "entailed", "entailed"),
    "conjunction of consequents": (["a(x) ⇒ b(x)", "a(x) ⇒ c(x)"], "a(x) ⇒ (b(x) ∧ c(x))", "entailed", "entailed"),
    "cautious monotony": (["a(x) ⇒ b(x)", "a(x) ⇒ c(x)"], "(a(x) ∧ b(x)) ⇒ c(x)", "entailed", "entailed"),
    "disjunction of antecedents": (["a(x) ⇒ c(x)", "b(x) ⇒ c(x)"], "(a(x) ∨ b(x)) ⇒ c(x)", "entailed", "entailed"),
    "rational monotony": (["a(x) ⇒ c(x)", "¬(a(x) ⇒ ¬b(x))"], "(a(x) ∧ b(x)) ⇒ c(x)", "entailed", "entailed"),
    "import-export": (["a(x) ⇒ (b(x) ⇒ c(x))"], "(a(x) ∧ b(x)) ⇒ c(x)", "entailed", "entailed"),
    # (Stalnaker 1975: a reasonable inference, not a valid one; it fails where a is known and ¬a is not live.)
    "or-to-if": (["a(x) ∨ b(x)"], "¬a(x) ⇒ b(x)", "undetermined", "entailed"),
    "or-to-if, with ¬a live": (["a(x) ∨ b(x)", "◇¬a(x)"], "¬a(x) ⇒ b(x)", "entailed", "entailed"),
    "if-to-or": (["¬a(x) ⇒ b(x)"], "a(x) ∨ b(x)", "entailed", "entailed"),
    "chancy modus ponens": (["a(x) ⇒ b(x)", "Pr(a(x))"], "Pr(b(x))", "entailed", "entailed"),
    "might-to-might": (["a(x) ⇒ b(x)", "◇a(x)"], "◇b(x)", "entailed", "entailed"),
}


@pytest.mark.parametrize("name", list(CLASSIC))
def test_classic_patterns(name: str) -> None:
    premises, conclusion, under_vs, under_cert = CLASSIC[name]
    ps, c = [f(p) for p in premises], f(conclusion)
    j = judge(ps, c, VS)
    assert (j.verdict, judge(ps, c, DEFAULT).verdict) == (under_vs, under_cert)
    assert j.consistent
    _agree_with_oracle([*ps, modal_negate(c)], j.without_conclusion, VS)
    _agree_with_oracle([*ps, c], j.with_conclusion, VS)


def test_contraposition_countermodel_ranks_the_dead_worlds() -> None:
    j = judge([f("a(x) ⇒ b(x)")], f("¬b(x) ⇒ ¬a(x)"), VS)
    model = j.without_conclusion
    assert isinstance(model, Countermodel)
    assert model.text() == "a(x) ∧ b(x): 1 | rank 1: a(x) ∧ ¬b(x), ¬a(x) ∧ ¬b(x)"
    assert model.to_json()["ranking"] == [{"rank": 1, "worlds": ["a(x) ∧ ¬b(x)", "¬a(x) ∧ ¬b(x)"]}]
    # Read directly: the lowest ¬b-worlds include a ∧ ¬b, so "if not b, not a" fails; a's lowest world is a ∧ b.
    assert holds(f("a(x) ⇒ b(x)"), j.atoms, model.probabilities, VS, model.ranks)
    assert not holds(f("¬b(x) ⇒ ¬a(x)"), j.atoms, model.probabilities, VS, model.ranks)


def test_an_inconsistent_pair_is_refuted_by_a_ranking_case() -> None:
    j = judge([f("a(x) ⇒ b(x)"), f("¬(a(x) ⇒ b(x))")], f("c(x)"), VS)
    assert not j.consistent
    proof = j.without_conclusion
    assert isinstance(proof, Proof)
    kinds = [type(case).__name__ for case in proof.cases]
    assert kinds.count("NoRanking") == 1 and kinds.count("ProofCase") == 3
    assert "no ranking: [min-rank a(x) ⊨ b(x)] ∧ [min-rank a(x) ⊭ b(x)]" in proof.text()


@pytest.mark.parametrize("pattern", sorted(patterns()))
def test_the_probability_operator_patterns_are_decided_as_under_cert(pattern: str) -> None:
    """Where the antecedent is live the variably strict conditional is the certain one: the 13 patterns keep the
    default column's verdicts (chancy modus ponens and tollens, conditional to comparative valid)."""
    p = patterns()[pattern]
    j = judge(p.premises, p.conclusion, VS)
    assert j.entailed == judge(p.premises, p.conclusion, DEFAULT).entailed == p.valid
    _agree_with_oracle([*p.premises, modal_negate(p.conclusion)], j.without_conclusion, VS)


def test_the_reading_is_offered() -> None:
    assert VS.label == ">1/2 vs" and Semantics.parse("vs") == VS and Semantics.parse("lewis,bounded") == VS_BOUNDED
    assert VS_BOUNDED.label == ">1/2 vs,bounded" and VS.to_json()["conditional"] == "variably_strict"
    assert VS in READINGS and VS not in COLUMNS


def test_tampered_certificates_are_caught() -> None:
    a, b = (Atom(n, (Const("x"),)) for n in "ab")
    statements = [f("a(x) ⇒ b(x)"), f("¬(¬b(x) ⇒ ¬a(x))")]
    one, zero = Fraction(1), Fraction(0)
    p = (one, zero, zero, zero)  # a ∧ b: 1
    check(statements, (a, b), VS, Countermodel((a, b), p, (0, 1, None, 1)))
    check(statements, (a, b), VS, Countermodel((a, b), p, (0, 1, None, None)))  # (a ∧ ¬b alone at rank 1)
    for bad_ranks, why in [((1, 1, None, 1), "rank 0"),  # rank 0 is not the support
                           ((0, 0, None, 1), "rank 0"),  # a world of probability 0 at rank 0
                           ((0, 2, None, 1), "false in the model")]:  # lowest ¬b-world ¬a ∧ ¬b: contraposition holds
        with pytest.raises(CertificateError, match=why):
            check(statements, (a, b), VS, Countermodel((a, b), p, bad_ranks))
    # A ranking case claimed where a ranking exists (the other case's Motzkin certificate is genuine).
    known = [f("b(x)"), statements[1]]
    live, dead = (split(tuple(r for part in case for r in part))
                  for case in itertools.product(*(linearize(s, VS, (a, b)) for s in known)))
    assert dead[1] == (RankLiteral(Not(b), Not(a), False),)
    rows = (*live[0], normalization(4))
    forged = Proof((ProofCase(rows, (one, one, zero, -one)), NoRanking(dead[1])))
    with pytest.raises(CertificateError, match="case 2: a ranking satisfies"):
        check(known, (a, b), VS, forged)


def test_the_ranking_search_is_bounded() -> None:
    atoms = tuple(Atom(n, (Const("x"),)) for n in "abcdefg")
    literals = [RankLiteral(atom, atoms[0], True) for atom in atoms]
    with pytest.raises(BudgetExceeded) as caught:
        rank(literals, atoms)
    assert caught.value.limit == "modal_antecedents" and LIMITS["modal_antecedents"] == MODAL_ANTECEDENTS == 6


# --- the search against a brute force over every ranking ---------------------------------------------------------

_A, _B = (Atom(n, (Const("x"),)) for n in "ab")
_PROPS = st.sampled_from([_A, _B, Not(_A), Not(_B), Or((_A, _B)), Or((Not(_A), _B)), And((_A, _B)),
                          And((_A, Not(_B)))])
_LITERALS = st.lists(st.builds(RankLiteral, _PROPS, _PROPS, st.booleans()), max_size=4)


def _satisfies(literals: list[RankLiteral], ranks: tuple[int | None, ...]) -> bool:
    ws = worlds(2)
    for literal in literals:
        ranked = [(r, w) for r, w in zip(ranks, ws) if r is not None and truth(literal.antecedent, (_A, _B), w)]
        low = min((r for r, _ in ranked), default=None)
        ok = all(truth(literal.consequent, (_A, _B), w) for r, w in ranked if r == low)
        if ok != literal.positive:
            return False
    return True


@settings(max_examples=200, deadline=None)
@given(_LITERALS)
def test_the_ranking_search_agrees_with_every_ranking(literals: list[RankLiteral]) -> None:
    found = rank(literals, (_A, _B))
    brute = any(_satisfies(literals, ranks) for ranks in itertools.product([None, 1, 2, 3, 4], repeat=4))
    assert (found is not None) == brute
    if found is not None:
        assert _satisfies(literals, found) and all(r is None or r >= 1 for r in found)


# --- the checker and the independent oracle agree on random statements --------------------------------------------

_STATEMENT_PROPS = st.sampled_from([_A, _B, Not(_A), Not(_B), Or((_A, _B)), Or((Not(_A), _B))])
_LEAVES = st.one_of(_STATEMENT_PROPS.map(Probably), _STATEMENT_PROPS.map(Might), _STATEMENT_PROPS.map(Must),
                    st.builds(AtLeastAsLikely, _STATEMENT_PROPS, _STATEMENT_PROPS),
                    st.builds(Conditional, _STATEMENT_PROPS, _STATEMENT_PROPS),
                    st.builds(Conditional, _STATEMENT_PROPS, _STATEMENT_PROPS),  # (twice: the reading's subject)
                    _STATEMENT_PROPS.map(Fact))
_STATEMENTS = st.recursive(_LEAVES, lambda s: st.one_of(
    s.map(ModalNot), st.lists(s, min_size=2, max_size=2).map(lambda xs: ModalAnd(tuple(xs))),
    st.lists(s, min_size=2, max_size=2).map(lambda xs: ModalOr(tuple(xs))),
    st.builds(Conditional, _STATEMENT_PROPS, s)), max_leaves=3)


def _agree_with_oracle(statements: list[ModalFormula], certificate: Countermodel | Proof, sem: Semantics) -> None:
    """The certificate re-checked without the project's checker, and the satisfiability decided by the oracle."""
    if isinstance(certificate, Countermodel):
        n = len(certificate.atoms)
        dist = [(dict(zip(certificate.atoms, w)), x)
                for w, x in zip(worlds(n), certificate.probabilities, strict=True)]
        assert sum(certificate.probabilities) == 1 and all(x >= 0 for x in certificate.probabilities)
        ranks = certificate.ranks
        assert ranks is not None and all((r == 0) == (x > 0) for r, x in zip(ranks, certificate.probabilities))
        for s in statements:
            assert oracle.modal_holds(s, dist, sem, ranks), f"{certificate.text()} falsifies {s}"
    else:
        for case in certificate.cases:
            if isinstance(case, ProofCase):
                rows = [(row.coeffs, row.const, row.relation) for row in case.rows]
                assert oracle.motzkin_refutes(rows, case.multipliers), case.text()
    if len(atoms_of(statements)) <= 2:  # (the oracle's brute force is meant for 2 atoms)
        assert oracle.modal_satisfiable(statements, sem) == isinstance(certificate, Countermodel), (
            f"the oracle and the certificate disagree on {[str(s) for s in statements]} ({sem.label})")


@settings(max_examples=100, deadline=None)
@given(st.lists(_STATEMENTS, min_size=1, max_size=3), st.sampled_from([VS, VS_BOUNDED]))
def test_random_statements_certificates_and_satisfiability(statements: list[ModalFormula], sem: Semantics) -> None:
    _agree_with_oracle(statements, satisfiable(statements, sem), sem)


# Conditionals and their negations, with a few plain statements and mights: the ranking is where they are decided.
_CONDITIONAL_PROPS = st.sampled_from([_A, _B, Not(_A), Not(_B), Or((_A, _B)), And((_A, _B)), And((_A, Not(_B)))])
_CONDITIONALS = st.recursive(
    st.one_of(st.builds(Conditional, _CONDITIONAL_PROPS, _CONDITIONAL_PROPS), _CONDITIONAL_PROPS.map(Fact),
              _CONDITIONAL_PROPS.map(Might)),
    lambda s: st.one_of(s.map(ModalNot), st.lists(s, min_size=2, max_size=2).map(lambda xs: ModalOr(tuple(xs)))),
    max_leaves=2)


@settings(max_examples=100, deadline=None)
@given(st.lists(_CONDITIONALS, min_size=2, max_size=4))
def test_random_conditionals_certificates_and_satisfiability(statements: list[ModalFormula]) -> None:
    _agree_with_oracle(statements, satisfiable(statements, VS), VS)


@settings(max_examples=200, deadline=None)
@given(_STATEMENTS, st.lists(st.integers(0, 3), min_size=4, max_size=4).filter(any),
       st.lists(st.sampled_from([None, 1, 2]), min_size=4, max_size=4))
def test_linear_form_agrees_with_direct_evaluation(s: ModalFormula, weights: list[int],
                                                   upper: list[int | None]) -> None:
    """A case holds (its rows at p, its ranking constraints at the ranking's worlds above 0) iff the statement
    holds at (p, ranking), for the statement and for its negation."""
    p = tuple(Fraction(w, sum(weights)) for w in weights)
    ranks = tuple(0 if x else r for x, r in zip(p, upper))
    atoms = (_A, _B)
    higher = tuple(r if r else None for r in ranks)
    for positive in (True, False):
        cases = [split(case) for case in linearize(s, VS, atoms, positive=positive)]
        satisfied = any(all(_row_holds(r, p) for r in rows) and _satisfies(list(literals), higher)
                        for rows, literals in cases)
        assert satisfied == (holds(s, atoms, p, VS, ranks) == positive)


def _row_holds(row: Row, p: tuple[Fraction, ...]) -> bool:
    v = row.value(p)
    return v > 0 if row.relation == ">" else v >= 0 if row.relation == ">=" else v == 0


# --- items as benchmarks write them, and the command line ------------------------------------------------------------

ITEMS = [  # written for this test in the style of Holliday, Mandelkern & Zhang (2024)
    ("CT", "From 'If Ann was at the party, then Bob was at the party', can we infer 'If Bob was not at the party, "
           "then Ann was not at the party'?", "No"),
    ("AS", "From 'If the kettle is switched on, then it will boil', can we infer 'If the kettle is switched on "
           "and it is empty, then it will boil'?", "No"),
    ("MP", "From 'If Ann was at the party, then Bob was at the party' together with 'Ann was at the party', "
           "can we infer 'Bob was at the party'?", "Yes"),
    ("MT", "From 'If Ann was at the party, then Bob was at the party' together with 'Bob was not at the party', "
           "can we infer 'Ann was not at the party'?", "Yes"),
]


def test_items_as_written() -> None:
    items = [ModalItem(pattern, prompt, gold=gold, pattern=pattern) for pattern, prompt, gold in ITEMS]  # type: ignore[arg-type]
    results = list(validate_items(items, (DEFAULT, VS)))
    status = {r[0].item.id: (r[0].gold_status, r[1].gold_status) for r in results}  # type: ignore[index]
    assert status == {"CT": ("contradicted", "licensed"), "AS": ("contradicted", "licensed"),
                      "MP": ("licensed", "licensed"), "MT": ("licensed", "licensed")}


def test_command_line(tmp_path: Path) -> None:
    items = tmp_path / "items.jsonl"
    items.write_text("".join(json.dumps({"id": p, "pattern": p, "prompt": t, "gold": g}) + "\n" for p, t, g in ITEMS),
                     "utf-8")
    out = tmp_path / "out.jsonl"
    r = CliRunner().invoke(modal, ["validate", str(items), "-s", "vs", "-s", "default", "-f", "json", "-o", str(out)])
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert [s["semantics"]["label"] for s in report["semantics"]] == [">1/2 vs", ">1/2 cert"]
    assert report["semantics"][0]["total"] == {"licensed": 4, "contradicted": 0, "undetermined": 0, "inconsistent": 0}
    ct = json.loads(out.read_text("utf-8").splitlines()[0])
    assert ct["certificates"]["premises_and_not_conclusion"]["ranking"] == [
        {"rank": 1, "worlds": ["at_party(Ann) ∧ ¬at_party(Bob)", "¬at_party(Ann) ∧ ¬at_party(Bob)"]}]
    r = CliRunner().invoke(modal, ["validate", str(items), "--all-semantics", "-f", "json"])
    assert r.exit_code == 0 and ">1/2 vs" in [s["semantics"]["label"] for s in json.loads(r.stdout)["semantics"]]


def test_the_documented_item() -> None:
    """docs/modal.md decides the contraposition item under cert, vs and cprob, with these certificates."""
    prompt = ITEMS[0][1]
    [(cert, vs, cprob)] = list(validate_items([ModalItem("CT", prompt, gold="No")],  # type: ignore[arg-type]
                                              (DEFAULT, VS, Semantics.parse("cprob"))))
    assert [str(p) for p in vs.premises] == ["at_party(Ann) ⇒ at_party(Bob)"]
    assert [(r.judgement.verdict, r.gold_status) for r in (cert, vs, cprob)] == [
        ("entailed", "contradicted"), ("undetermined", "licensed"), ("undetermined", "licensed")]
    model, other = vs.judgement.without_conclusion.text().split(" | ")
    assert (model, other) == ("at_party(Ann) ∧ at_party(Bob): 1",
                              "rank 1: at_party(Ann) ∧ ¬at_party(Bob), ¬at_party(Ann) ∧ ¬at_party(Bob)")
    docs = (Path(__file__).parents[2] / "docs" / "modal.md").read_text(encoding="utf-8")
    for text in (cert.judgement.without_conclusion.text(), model, other, vs.judgement.with_conclusion.text(),
                 json.dumps(vs.judgement.without_conclusion.to_json(), ensure_ascii=False)):
        assert " ".join(text.split()) in " ".join(docs.split()), text
