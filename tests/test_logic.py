"""Logical forms: structural equality, printing in the paper's notation, and parse(print(f)) == f."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prontocheck import parse_formula
from prontocheck.errors import UnparseableSentence
from prontocheck.logic import And, Atom, Const, Exists, ForAll, Formula, Implies, Not, Or, Var, and_, atom, rule

NAMES = st.from_regex(r"[a-z][a-z_\-]{0,8}", fullmatch=True)
CONSTANTS = st.sampled_from(["Fae", "Rex", "127", "sally", "a1"])


def formulas(variables: tuple[str, ...] = ()) -> st.SearchStrategy[Formula]:
    terms = CONSTANTS.map(Const)
    if variables:
        terms = st.sampled_from([Var(v) for v in variables]) | terms
    atoms = st.builds(lambda p, args: Atom(p, tuple(args)), NAMES, st.lists(terms, min_size=1, max_size=2))

    def extend(children: st.SearchStrategy[Formula]) -> st.SearchStrategy[Formula]:
        return st.one_of(
            children.map(Not),
            st.lists(children, min_size=2, max_size=3).map(lambda fs: And(tuple(fs))),
            st.lists(children, min_size=2, max_size=3).map(lambda fs: Or(tuple(fs))),
            st.tuples(children, children).map(lambda ab: Implies(*ab)),
        )

    return st.recursive(atoms, extend, max_leaves=8)


def quantified() -> st.SearchStrategy[Formula]:
    return st.builds(lambda q, body: q("x", body), st.sampled_from([ForAll, Exists]), formulas(("x",)))


@settings(max_examples=300, deadline=None)
@given(formulas() | quantified())
def test_parse_of_print_is_identity(f: Formula) -> None:
    assert parse_formula(str(f)) == f


@given(formulas() | quantified())
def test_equal_formulas_hash_equal_and_pickle(f: Formula) -> None:
    g = pickle.loads(pickle.dumps(f))
    assert g == f and hash(g) == hash(f)


def test_paper_notation() -> None:
    x = Var("x")
    assert str(rule(atom("cat", x), atom("carnivore", x))) == "∀x(cat(x) → carnivore(x))"
    assert str(Not(atom("herbivorous", Const("fae")))) == "¬herbivorous(fae)"
    assert str(Not(And((atom("a", x), atom("b", x))))) == "¬(a(x) ∧ b(x))"
    assert str(Implies(Implies(atom("a", x), atom("b", x)), atom("c", x))) == "(a(x) → b(x)) → c(x)"
    assert str(and_(atom("a", x), Or((atom("b", x), atom("c", x))))) == "a(x) ∧ (b(x) ∨ c(x))"


def test_variables_are_bound_only_under_their_quantifier() -> None:
    f = parse_formula("∀x(cat(x) → carnivore(x))")
    assert f == rule(atom("cat", Var("x")), atom("carnivore", Var("x")))
    assert parse_formula("cat(x)") == atom("cat", Const("x"))


def test_bad_formula_has_a_position() -> None:
    with pytest.raises(UnparseableSentence) as e:
        parse_formula("cat(fae) ∧")
    assert (e.value.reason, e.value.pos) == ("the sentence ends after '∧'", 9)
