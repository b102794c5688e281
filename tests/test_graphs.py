"""Graph searches on plain dicts (prontocheck.engine.graphs) against networkx, whose results they must repeat."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from prontocheck.engine.graphs import shortest_path
from prontocheck.engine.theory import Theory
from prontocheck.generate import GeneratorConfig, generate
from prontocheck.syntax import parse_statement as p

edges = st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), max_size=40)


@settings(max_examples=300, deadline=None)
@given(edges)
def test_the_shortest_path_is_the_one_networkx_picks(pairs: list[tuple[int, int]]) -> None:
    g = nx.DiGraph()
    g.add_edges_from(pairs)
    succ = {u: list(g.succ[u]) for u in g}
    pred = {v: list(g.pred[v]) for v in g}
    for s in g:
        for t in g:
            try:
                expected: list[int] | None = nx.shortest_path(g, s, t)
            except nx.NetworkXNoPath:
                expected = None
            assert shortest_path(succ, pred, s, t) == expected, (s, t)


def test_falsy_nodes_are_nodes() -> None:
    assert shortest_path({0: [""], "": [()]}, {"": [0], (): [""]}, 0, ()) == [0, "", ()]


def test_theory_paths_and_rule_formulas_are_those_of_its_networkx_graph() -> None:
    # Diamonds: two paths as short from cat to animal; the graph's order decides, as in networkx.
    t = Theory.from_axioms([p(s) for s in ["Every cat is a feline.", "Every cat is a pet.",
                                           "Every feline is an animal.", "Every pet is an animal.",
                                           "Every animal is alive.", "Fae is a cat."]])
    keys = list(t.graph.nodes)
    for s in keys:
        for target in keys:
            try:
                expected = nx.shortest_path(t.graph, s, target)
            except nx.NetworkXNoPath:
                expected = None
            assert t.shortest_path([s], target) == expected
    for a, b, formula in t.graph.edges(data="formula"):
        assert t.rule_formula(a, b) == formula
    for ex in generate(GeneratorConfig(5, distractors="v1"), 20, seed=3):
        theory = Theory.from_axioms([p(s) for s in ex.problem.context.split(". ") if s])
        for a, b, formula in theory.graph.edges(data="formula"):
            assert theory.rule_formula(a, b) == formula
            assert theory.shortest_path([a], b) == nx.shortest_path(theory.graph, a, b)
