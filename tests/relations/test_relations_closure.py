"""The Horn closure engine: layers, derivations, what-if, and leave-one-out against recomputation."""

from __future__ import annotations

from collections.abc import Hashable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prontocheck.errors import UsageError
from prontocheck.horn.closure import Closure, Rule, Strength
from prontocheck.logic.formulas import Atom, Const, Var

X, Y, Z = Var("X"), Var("Y"), Var("Z")
C = [Const(n) for n in "abcd"]


def at(p: str, x: Const | Var, y: Const | Var) -> Atom:
    return Atom(p, (x, y))


RULES = (
    Rule("transitive(r)", (at("r", X, Y), at("r", Y, Z)), at("r", X, Z)),
    Rule("irreflexive(r)", (at("r", X, X),)),
    Rule("asymmetric(r)", (at("r", X, Y), at("r", Y, X)), None, Strength.STRICT, ((X, Y),)),
    Rule("symmetric(s)", (at("s", X, Y),), at("s", Y, X)),
    Rule("transitive(s)", (at("s", X, Y), at("s", Y, Z)), at("s", X, Z), Strength.SOFT, ((X, Z),)),
    Rule("disjoint(s, t)", (at("s", X, Y), at("t", X, Y))),
    Rule("r ⊂ t", (at("r", X, Y),), at("t", Y, X), Strength.SOFT),
    Rule("inherit", (at("r", X, Y), at("u", Y, Z)), at("u", X, Z), Strength.DEFAULT),
)


def test_levels_are_the_weakest_link_of_the_best_derivation() -> None:
    cl = Closure(RULES, {at("r", C[0], C[1]): ["i1"], at("u", C[1], C[2]): ["i2"]},
                 denials={at("u", C[0], C[2]): ["i3"]})
    assert cl.derivation(at("t", C[1], C[0])).level is Strength.SOFT
    assert cl.derivation(at("u", C[0], C[2])).level is Strength.DEFAULT
    [v] = cl.violations
    assert v.constraint == "denied" and v.level is Strength.DEFAULT and v.denied_by == ("i3",)
    assert cl.support(v.facts).sources == {"i1", "i2"}


def test_a_cycle_is_an_error_with_its_whole_support() -> None:
    facts = {at("r", C[0], C[1]): ["i1"], at("r", C[1], C[2]): ["i2"], at("r", C[2], C[0]): ["i3"]}
    cl = Closure(RULES, facts)
    assert {v.level for v in cl.violations} == {Strength.STRICT}
    assert all(cl.support(v.facts).sources == {"i1", "i2", "i3"} for v in cl.violations)
    steps = cl.explain([at("r", C[0], C[0])])
    assert [a for a, _ in steps][-1] == at("r", C[0], C[0])
    assert {a for a, d in steps if d.rule is None} == set(facts)


def test_symmetric_transitive_relations_do_not_link_a_thing_to_itself() -> None:
    cl = Closure(RULES, {at("s", C[0], C[1]): ["i1"]})
    assert at("s", C[0], C[0]) not in cl and not cl.violations


def test_unsafe_rules_are_refused() -> None:
    with pytest.raises(UsageError, match="do not occur in the body"):
        Rule("bad", (at("r", X, Y),), at("r", X, Z))
    with pytest.raises(UsageError, match="empty body"):
        Rule("bad", ())


def _naive_implied(rules: tuple[Rule, ...], yes: dict[Atom, list[Hashable]], no: dict[Atom, list[Hashable]],
                   atom: Atom) -> bool | None:
    base = Closure(rules, yes, no)
    if atom in base:
        return True
    before = {(v.constraint, frozenset(v.facts)) for v in base.violations}
    after = Closure(rules, {**yes, atom: ["?"]}, no)
    return False if {(v.constraint, frozenset(v.facts)) for v in after.violations} - before else None


_ATOMS = st.builds(at, st.sampled_from("rstu"), st.sampled_from(C), st.sampled_from(C))
_LABELLED = st.lists(st.tuples(_ATOMS, st.booleans()), min_size=1, max_size=9)


@given(_LABELLED)
def test_leave_one_out_matches_recomputation(labelled: list[tuple[Atom, bool]]) -> None:
    items = {f"i{n}": (a, v) for n, (a, v) in enumerate(labelled)}

    def sets(skip: str | None) -> tuple[dict[Atom, list[Hashable]], dict[Atom, list[Hashable]]]:
        yes: dict[Atom, list[Hashable]] = {}
        no: dict[Atom, list[Hashable]] = {}
        for i, (a, v) in items.items():
            if i != skip:
                (yes if v else no).setdefault(a, []).append(i)
        return yes, no

    full = Closure(RULES, *sets(None))
    for i, (atom, value) in items.items():
        expected = _naive_implied(RULES, *sets(i), atom)
        if value:
            r = full.without(i)
            got = True if atom not in r.lost else (False if r.lost_violations else None)
        else:
            got = True if atom in full else (False if full.what_if(atom, ignoring=[i], limit=1).violations else None)
        assert got == expected, (i, atom, value)


@given(_LABELLED, _ATOMS)
def test_what_if_finds_exactly_the_new_violations(labelled: list[tuple[Atom, bool]], atom: Atom) -> None:
    yes: dict[Atom, list[Hashable]] = {}
    no: dict[Atom, list[Hashable]] = {}
    for n, (a, v) in enumerate(labelled):
        (yes if v else no).setdefault(a, []).append(f"i{n}")
    cl = Closure(RULES, yes, no)
    h = cl.what_if(atom)
    if atom in cl:
        assert h.entailed
        return
    before = {(v.constraint, frozenset(v.facts)) for v in cl.violations}
    after = Closure(RULES, {**yes, atom: ["?"]}, no)
    expected = {(v.constraint, frozenset(v.facts)) for v in after.violations} - before
    assert {(v.constraint, frozenset(v.facts)) for v in h.violations} == expected
    assert set(h.derivations) == set(after) - set(cl)
