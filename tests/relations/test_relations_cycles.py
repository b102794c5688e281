"""Conflict groups: one per strongly connected component of an order relation's labels, a shortest cycle each."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from prontocheck.cli.relations import relations
from prontocheck.logic.formulas import Const
from prontocheck.relations import Severity, item_from_record, shipped_schema, validate
from prontocheck.relations.cycles import shortest_cycle, strongly_connected
from prontocheck.relations.validate import Validation

SCHEMA = shipped_schema()


def _check(pairs: list[tuple[str, str]], gold: bool = True) -> Validation:
    """Items "Is a X bigger than a Y?" for each (X, Y), all labelled ``gold``, ids ``i0``, ``i1``, …"""
    records = [{"id": f"i{n}", "question": f"Is a {x} bigger than a {y}?", "gold": gold}
               for n, (x, y) in enumerate(pairs)]
    return validate([item_from_record(r, SCHEMA) for r in records], SCHEMA)


def test_a_three_cycle_is_one_group_with_its_cycle() -> None:
    v = _check([("fox", "cat"), ("cat", "mouse"), ("mouse", "fox"), ("fox", "ant")])
    assert len(v.groups) == 1
    g = v.groups[0]
    assert (g.id, g.severity, g.relation, g.nodes) == ("g1", Severity.ERROR, "more[size]", ("cat", "fox", "mouse"))
    assert [str(a) for a in g.cycle] == ["more[size](cat, mouse)", "more[size](mouse, fox)", "more[size](fox, cat)"]
    assert g.cycle_items == ("i0", "i1", "i2") and g.items == ("i0", "i1", "i2") and g.shortest
    assert set(g.conflicts) == {c.id for c in v.conflicts} and {c.group for c in v.conflicts} == {"g1"}
    assert [r.group for r in v.results] == ["g1", "g1", "g1", None]
    summary = v.summary()
    assert summary["n_conflict_groups"] == 1 and summary["conflict_groups"][0]["cycle_items"] == ["i0", "i1", "i2"]
    lines = list(v.lines())
    assert lines[0]["group"] == "g1" and "group" not in lines[3]


def test_two_disjoint_cycles_are_two_groups() -> None:
    v = _check([("a", "b"), ("b", "a"), ("c", "d"), ("d", "e"), ("e", "c")])
    assert [(g.id, g.nodes, len(g.cycle)) for g in v.groups] == [("g1", ("a", "b"), 2), ("g2", ("c", "d", "e"), 3)]
    assert [g.cycle_items for g in v.groups] == [("i0", "i1"), ("i2", "i3", "i4")]


def test_a_consistent_order_has_no_group() -> None:
    v = _check([("a", "b"), ("b", "c"), ("a", "c"), ("c", "d")])
    assert v.groups == () and v.conflicts == () and "group" not in v.lines().__next__()
    assert v.summary()["n_conflict_groups"] == 0 and v.summary()["conflict_groups"] == []


def test_a_denied_chain_is_a_conflict_but_no_group() -> None:
    records = [{"id": "y1", "question": "Is a fox bigger than a cat?", "gold": True},
               {"id": "y2", "question": "Is a cat bigger than a mouse?", "gold": True},
               {"id": "n1", "question": "Is a mouse smaller than a fox?", "gold": False}]
    v = validate([item_from_record(r, SCHEMA) for r in records], SCHEMA)
    assert [c.constraint for c in v.conflicts] == ["denied by item n1"] and v.groups == ()


def test_a_self_loop_is_a_group_of_one() -> None:
    v = _check([("fox", "fox")])
    assert [(g.nodes, [str(a) for a in g.cycle]) for g in v.groups] == [(("fox",), ["more[size](fox, fox)"])]


def test_a_soft_order_cycle_is_a_warning_group() -> None:
    # part_of: strict asymmetry, soft transitivity. A 2-cycle needs asymmetry only, a 3-cycle transitivity too.
    qs = ["Is a a part of a b?", "Is a b a part of a a?", "Is a c a part of a d?", "Is a d a part of an e?",
          "Is an e a part of a c?"]
    v = validate([item_from_record({"id": f"p{n}", "question": q, "gold": True}, SCHEMA) for n, q in enumerate(qs)],
                 SCHEMA)
    assert [(g.relation, g.nodes, g.severity) for g in v.groups] == [
        ("part_of", ("a", "b"), Severity.ERROR), ("part_of", ("c", "d", "e"), Severity.WARNING)]


def test_the_shortest_cycle_is_found_in_a_larger_component() -> None:
    c = {x: Const(x) for x in "abcdef"}
    succ = {c["a"]: [c["b"]], c["b"]: [c["c"]], c["c"]: [c["d"]], c["d"]: [c["e"]], c["e"]: [c["a"], c["c"]],
            c["f"]: [c["a"]]}
    components = sorted(sorted(x.name for x in comp) for comp in strongly_connected(succ))
    assert components == [["a", "b", "c", "d", "e"], ["f"]]
    cycle, shortest = shortest_cycle(succ, [c[x] for x in "abcde"])
    assert [x.name for x in cycle] == ["c", "d", "e"] and shortest
    cycle, shortest = shortest_cycle(succ, [c[x] for x in "abcde"], budget=0)
    assert [x.name for x in cycle] == ["a", "b", "c", "d", "e"] and not shortest  # a real cycle, not the shortest


NAMES = st.sampled_from(["ant", "bee", "cat", "dog", "elk", "fox", "gnu", "hen"])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(NAMES, NAMES, st.booleans(), st.sampled_from([True, True, False]))
                .filter(lambda t: t[0] != t[1]), max_size=24))
def test_groups_are_the_cyclic_components_and_each_cycle_is_asserted(data: list[tuple[str, str, bool, bool]]) -> None:
    # Yes labels are the asserted edges; No labels (denials) are never edges of a cycle.
    records = [{"id": f"i{n}", "question": f"Is a {x} {'bigger' if big else 'smaller'} than a {y}?", "gold": gold}
               for n, (x, y, big, gold) in enumerate(data)]
    v = validate([item_from_record(r, SCHEMA) for r in records], SCHEMA, implied=False, with_reversals=False)
    graph = nx.DiGraph()
    asserted: dict[tuple[str, str], set[str]] = {}
    for n, (x, y, big, gold) in enumerate(data):
        if not gold:
            continue
        edge = (x, y) if big else (y, x)
        graph.add_edge(*edge)
        asserted.setdefault(edge, set()).add(f"i{n}")
    expected = {frozenset(c) for c in nx.strongly_connected_components(graph) if len(c) > 1}
    assert {frozenset(g.nodes) for g in v.groups} == expected
    for g in v.groups:
        edges = [(str(a.args[0]), str(a.args[1])) for a in g.cycle]
        assert all(e in asserted for e in edges)  # every step is a label
        assert all(edges[k][1] == edges[(k + 1) % len(edges)][0] for k in range(len(edges)))  # it closes
        assert len({e[0] for e in edges}) == len(edges)  # a simple cycle
        assert len(edges) == min(len(c) for c in nx.simple_cycles(graph.subgraph(g.nodes)))  # a shortest one
        assert set(g.cycle_items) == set().union(*(asserted[e] for e in edges))
    in_groups = {cid for g in v.groups for cid in g.conflicts}
    # Every cycle conflict (asymmetry, irreflexivity) lies in a group, and only those.
    assert in_groups == {c.id for c in v.conflicts if c.constraint.startswith(("asymmetric", "irreflexive"))}


def test_the_command_reports_groups(tmp_path: Path) -> None:
    items = tmp_path / "items.jsonl"
    items.write_text("".join(json.dumps({"id": f"i{n}", "question": f"Is a {x} bigger than a {y}?", "gold": True})
                             + "\n" for n, (x, y) in enumerate([("fox", "cat"), ("cat", "mouse"), ("mouse", "fox")])))
    result = CliRunner().invoke(relations, ["validate", str(items), "-f", "json", "-q"])
    summary = json.loads(result.output)
    assert summary["n_conflict_groups"] == 1
    assert summary["conflict_groups"][0]["cycle"] == [
        "more[size](cat, mouse)", "more[size](mouse, fox)", "more[size](fox, cat)"]
    result = CliRunner(env={"COLUMNS": "200"}).invoke(relations, ["validate", str(items), "-f", "table", "-q"])
    assert "cat > mouse > fox > cat" in result.output and "conflict groups (cycles)" in result.output
