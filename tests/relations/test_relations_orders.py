"""The order shortcuts (prontocheck.horn.orders) against the general what-if and delete-and-re-derive,
and the leave-one-out implied labels with and without them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from prontocheck.horn.closure import Closure, Rule, Strength
from prontocheck.logic.formulas import Atom, Const, Var
from prontocheck.relations.items import item_from_record
from prontocheck.relations.loading import shipped_schema
from prontocheck.relations.validate import validate

X, Y, Z = Var("X"), Var("Y"), Var("Z")
C = [Const(n) for n in "abcdef"]


def at(p: str, x: Const | Var, y: Const | Var) -> Atom:
    return Atom(p, (x, y))


def order_rules(distinct: bool, converse_distinct: bool) -> list[Rule]:
    """An order ``r``: transitive, asymmetric, irreflexive (each variant), and a rule made inert by ``u``."""
    return [Rule("transitive(r)", (at("r", X, Y), at("r", Y, Z)), at("r", X, Z), Strength.STRICT,
                 ((X, Z),) if distinct else ()),
            Rule("asymmetric(r)", (at("r", X, Y), at("r", Y, X)), None, Strength.STRICT,
                 ((X, Y),) if converse_distinct else ()),
            Rule("irreflexive(r)", (at("r", X, X),)),
            Rule("u ⊂ r", (at("u", X, Y),), at("r", Y, X))]


_EDGES = st.lists(st.tuples(st.sampled_from(C), st.sampled_from(C)), max_size=12)
_LABELS = st.lists(st.tuples(st.sampled_from(C), st.sampled_from(C), st.booleans()), max_size=14)


def _closure(labels: list[tuple[Const, Const, bool]], distinct: bool, converse_distinct: bool) -> Closure:
    facts: dict[Atom, list[str]] = {}
    denials: dict[Atom, list[str]] = {}
    for n, (x, y, yes) in enumerate(labels):
        (facts if yes else denials).setdefault(at("r", x, y), []).append(f"i{n}")
    return Closure(order_rules(distinct, converse_distinct), facts, denials)


@settings(max_examples=400, deadline=None)
@given(_LABELS, st.booleans(), st.booleans(), st.sampled_from([None, 1, 2, 4, 8]))
def test_lost_and_rederived_agree_with_delete_and_rederive(labels: list[tuple[Const, Const, bool]], distinct: bool,
                                                           converse_distinct: bool, budget: int | None) -> None:
    cl = _closure(labels, distinct, converse_distinct)
    assert "r" in cl.orders.derived_only_by_transitivity
    for n in range(len(labels)):
        source = f"i{n}"
        r = cl.without(source, budget=budget)
        found = cl.orders.lost(source, budget)
        if found is not None:
            [seed] = cl.seeds(source)
            assert r.complete and seed in r.lost
            assert found.violation is (r.lost_violations[0] if r.lost_violations else None)
        again = cl.orders.rederived(source, budget)
        if again is not None:
            assert found is None
            assert again == r


@settings(max_examples=300, deadline=None)
@given(_LABELS, st.booleans(), st.booleans(), st.sampled_from(C), st.sampled_from(C), st.integers(0, 13))
def test_harmless_agrees_with_what_if(labels: list[tuple[Const, Const, bool]], distinct: bool,
                                      converse_distinct: bool, x: Const, y: Const, ignored: int) -> None:
    cl = _closure(labels, distinct, converse_distinct)
    atom = at("r", x, y)
    ignoring = (f"i{ignored}",)
    verdict = cl.orders.harmless(atom, ignoring)
    if atom in cl:
        assert verdict is None
    elif verdict:
        assert not cl.what_if(atom, ignoring=ignoring).violations


_RULES = [Rule("transitive(r)", (at("r", X, Y), at("r", Y, Z)), at("r", X, Z), Strength.SOFT),
          Rule("asymmetric(r)", (at("r", X, Y), at("r", Y, X)), None, Strength.STRICT, ((X, Y),)),
          Rule("irreflexive(r)", (at("r", X, X),)),
          Rule("disjoint(r, s)", (at("r", X, Y), at("s", X, Y)), None, Strength.SOFT),
          Rule("s ⊂ r", (at("s", X, Y),), at("r", Y, X), Strength.DEFAULT)]


@settings(max_examples=400, deadline=None)
@given(st.permutations(_RULES), _LABELS, _EDGES, st.integers(0, 13), st.integers(0, 13))
def test_converse_violation_is_the_first_of_what_if(rules: list[Rule], labels: list[tuple[Const, Const, bool]],
                                                    s_facts: list[tuple[Const, Const]], asked: int,
                                                    ignored: int) -> None:
    facts: dict[Atom, list[str]] = {at("s", a, b): ["s"] for a, b in s_facts}
    denials: dict[Atom, list[str]] = {}
    for n, (a, b, yes) in enumerate(labels):
        (facts if yes else denials).setdefault(at("r", a, b), []).append(f"i{n}")
    cl = Closure(rules, facts, denials)
    x, y, _ = labels[asked % len(labels)] if labels else (C[0], C[1], True)
    atom, ignoring = at("r", y, x), (f"i{ignored}",)  # the reversal of a label (its converse often holds)
    found = cl.orders.converse_violation(atom, ignoring)
    if found is not None:
        assert atom not in cl
        assert found == cl.what_if(atom, ignoring=ignoring, limit=1).violations[0]
    elif atom not in cl and at("r", x, y) in cl and x != y and not denials.get(atom) and rules[0] is _RULES[1]:
        raise AssertionError("the converse constraint comes first and the converse holds: decided here")


def test_a_live_rule_of_another_predicate_is_not_an_order() -> None:
    facts = {at("r", C[0], C[1]): ["i1"], at("r", C[1], C[2]): ["i2"]}
    assert "r" in Closure(order_rules(False, True), facts).orders.derived_only_by_transitivity
    with_u = Closure(order_rules(False, True), {**facts, at("u", C[3], C[2]): ["i3"]})
    assert "r" in with_u.orders.predicates  # u ⊂ r derives r facts, but r triggers only order rules
    assert "r" not in with_u.orders.derived_only_by_transitivity
    assert with_u.orders.lost("i2", None) is None  # so retractions are left to delete and re-derive
    more = Rule("r ⊂ t", (at("r", X, Y),), at("t", X, Y))
    assert "r" not in Closure([*order_rules(False, True), more], facts).orders.predicates


def test_the_shortcuts_decide_a_chain() -> None:
    # a > b > c > d, with "a > d" denied by i4 and "e > d" by i5: without i1, a no longer reaches b.
    facts = {at("r", C[0], C[1]): ["i1"], at("r", C[1], C[2]): ["i2"], at("r", C[2], C[3]): ["i3"]}
    cl = Closure(order_rules(True, True), facts, {at("r", C[0], C[3]): ["i4"], at("r", C[4], C[3]): ["i5"]})
    lost = cl.orders.lost("i1", None)
    assert lost is not None and lost.violation is cl.violations[0]
    assert cl.orders.lost("i1", budget=2) is None  # 1 × 3 facts might rest on it: over the budget
    assert cl.orders.lost("i2", None) is not None and cl.orders.lost("i4", None) is None  # i4 gives no fact
    assert cl.orders.harmless(at("r", C[3], C[4]), ()) is True
    assert cl.orders.harmless(at("r", C[3], C[0]), ()) is None  # a cycle
    assert cl.orders.harmless(at("r", C[4], C[0]), ()) is None  # r(e, d) would follow, denied by i5
    assert cl.orders.harmless(at("r", C[4], C[0]), ("i5",)) is True
    assert not cl.what_if(at("r", C[4], C[0]), ignoring=("i5",)).violations
    assert cl.what_if(at("r", C[4], C[0])).violations


_THINGS = ["fox", "cat", "dog", "emu", "yak"]
_QUESTIONS = st.lists(st.tuples(st.sampled_from(_THINGS), st.sampled_from(_THINGS), st.booleans(),
                                st.sampled_from([True, False, None])).filter(lambda q: q[0] != q[1]), max_size=16)


@settings(max_examples=150, deadline=None)
@given(_QUESTIONS)
def test_implied_labels_are_the_same_without_shortcuts(questions: list[tuple[str, str, bool, bool | None]]) -> None:
    schema = shipped_schema()
    records = [{"id": f"q{n}", "question": f"Is a {a} {'bigger' if big else 'smaller'} than a {b}?", "gold": gold}
               for n, (a, b, big, gold) in enumerate(questions)]
    items = [item_from_record(r, schema) for r in records]
    fast = validate(items, schema)
    slow = validate(items, schema, shortcuts=False)
    assert [(r.implied, r.implied_by, r.implied_skipped) for r in fast.results] == \
           [(r.implied, r.implied_by, r.implied_skipped) for r in slow.results]
    assert fast.reversals == slow.reversals


def test_rederived_walks_past_the_quick_try() -> None:
    # a > b > c > d given, and a > d given by i4: without i4 it follows from a > b and b > d (derived).
    facts = {at("r", C[0], C[1]): ["i1"], at("r", C[1], C[2]): ["i2"], at("r", C[2], C[3]): ["i3"],
             at("r", C[0], C[3]): ["i4"]}
    cl = Closure(order_rules(True, True), facts)
    assert cl.quick_retraction("i4", cl.seeds("i4"), ()) is None
    r = cl.orders.rederived("i4", None)
    assert r is not None and r == cl.without("i4")
    assert r.derivations[at("r", C[0], C[3])].premises == (at("r", C[0], C[1]), at("r", C[1], C[3]))
