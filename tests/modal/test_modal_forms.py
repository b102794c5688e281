"""Modal logical forms: structural equality, printing in the paper's notation, parse(print(f)) == f."""

from __future__ import annotations

import logging
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark
from lark import logger as lark_logger

from prontocheck._resources import read_text
from prontocheck.errors import UnparseableSentence
from prontocheck.logic import And, Atom, Const, Formula, Implies, Not, Or
from prontocheck.logic.modal import (
    AtLeastAsLikely,
    Conditional,
    Might,
    ModalAnd,
    ModalFormula,
    ModalNot,
    ModalOr,
    Must,
    Probably,
    modal_negate,
)
from prontocheck.modal import parse_modal_formula

PREDICATES = st.sampled_from(["at_party", "attend_event", "give_presentation", "a", "b"])
NAMES = st.sampled_from(["Savir", "X", "Amélie", "Jean-Luc", "x", "O'Neil", "Jürgen"])


def propositions() -> st.SearchStrategy[Formula]:
    atoms = st.builds(lambda p, n: Atom(p, (Const(n),)), PREDICATES, NAMES)

    def extend(children: st.SearchStrategy[Formula]) -> st.SearchStrategy[Formula]:
        return st.one_of(
            children.map(Not),
            st.lists(children, min_size=2, max_size=3).map(lambda fs: And(tuple(fs))),
            st.lists(children, min_size=2, max_size=3).map(lambda fs: Or(tuple(fs))),
            st.tuples(children, children).map(lambda ab: Implies(*ab)),
        )

    return st.recursive(atoms, extend, max_leaves=4)


def statements() -> st.SearchStrategy[ModalFormula]:
    p = propositions()
    base = st.one_of(p.map(Probably), p.map(Might), p.map(Must), st.builds(AtLeastAsLikely, p, p),
                     st.builds(Conditional, p, p))

    def extend(children: st.SearchStrategy[ModalFormula]) -> st.SearchStrategy[ModalFormula]:
        return st.one_of(
            children.map(ModalNot),
            st.lists(children, min_size=2, max_size=3).map(lambda fs: ModalAnd(tuple(fs))),
            st.lists(children, min_size=2, max_size=3).map(lambda fs: ModalOr(tuple(fs))),
        )

    return st.recursive(base, extend, max_leaves=4)


@settings(max_examples=150, deadline=None)
@given(statements())
def test_parse_of_print_is_identity(s: ModalFormula) -> None:
    assert parse_modal_formula(str(s)) == s


@settings(max_examples=50, deadline=None)
@given(statements())
def test_equal_statements_hash_equal_and_pickle(s: ModalFormula) -> None:
    t = pickle.loads(pickle.dumps(s))
    assert t == s and hash(t) == hash(s)


def test_paper_notation() -> None:
    a, b = Atom("at_party", (Const("Savir"),)), Atom("at_party", (Const("Ashwin"),))
    assert str(Probably(And((a, b)))) == "Pr(at_party(Savir) ∧ at_party(Ashwin))"
    assert str(Might(Not(a))) == "◇¬at_party(Savir)"
    assert str(Must(Or((a, b)))) == "□(at_party(Savir) ∨ at_party(Ashwin))"
    assert str(Conditional(a, b)) == "at_party(Savir) ⇒ at_party(Ashwin)"
    assert str(ModalNot(AtLeastAsLikely(b, a))) == "¬(at_party(Ashwin) ⪰ at_party(Savir))"
    assert str(ModalOr((ModalAnd((Probably(a), Might(b))), Must(a)))) == \
        "Pr(at_party(Savir)) ∧ ◇at_party(Ashwin) ∨ □at_party(Savir)"
    assert modal_negate(ModalNot(Probably(a))) == Probably(a)


def test_alternative_symbols_are_read() -> None:
    assert parse_modal_formula("♢a(x)") == parse_modal_formula("◇a(x)")
    assert parse_modal_formula("a(x) ≽ b(x)") == parse_modal_formula("a(x) ⪰ b(x)")


def test_bad_notation_has_a_position() -> None:
    with pytest.raises(UnparseableSentence) as e:
        parse_modal_formula("Pr(a(x)) ∧")
    assert e.value.pos == 9  # the dangling ∧
    with pytest.raises(UnparseableSentence):
        parse_modal_formula("Pr(a(x) ⇒ b(x))")  # a conditional is a constraint, never a proposition


def test_grammar_has_no_lalr_conflicts(caplog: pytest.LogCaptureFixture) -> None:
    level = lark_logger.level
    lark_logger.setLevel(logging.DEBUG)
    try:
        with caplog.at_level(logging.DEBUG, logger="lark"):
            Lark(read_text("grammars", "modal.lark"), parser="lalr", start=["statement", "question", "formula"],
                 debug=True)
    finally:
        lark_logger.setLevel(level)
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]


def test_public_api_is_declared() -> None:
    import types

    import prontocheck.modal as api

    # (The package exports lazily: dir() lists its names before they are imported.)
    public = {n for n in dir(api) if not n.startswith("_") and not isinstance(getattr(api, n), types.ModuleType)}
    assert set(api.__all__) == public
