"""Conflict groups: the cycles of an order relation's labels, one group per strongly connected component.

In dense, noisy comparison data ("Is a X bigger than a Y?" asked of many pairs, some labels flipped), a
flipped Yes closes a cycle of ``more[size]`` labels, and every pair of the cycle then violates asymmetry:
one conflict per support set, hundreds for a few errors. Labels that lie on a common cycle are one
*strongly connected component* (SCC) of the graph whose edges are the asserted facts of the relation, so
each such component is reported as one :class:`ConflictGroup`, with a shortest cycle through it as its
certificate (each edge of it asserted by the items named) and the conflicts it explains.

An *order relation* is one declared transitive and irreflexive or asymmetric (``more[…]``, ``part_of``,
``is_a``, ``above``): a cycle of its facts is a violation. Its *asserted* facts are the closure's facts of
it that its transitivity did not derive: the labels, the background, and what other rules give
(``fits_in(X, Y) → less[size](X, Y)``). Transitive facts do not change which nodes reach which, so the
components are those of the closure. A "No" label denied by a chain is not a cycle; it stays a conflict
of its own (``denied by item …``).

>>> from prontocheck.relations.items import item_from_record
>>> from prontocheck.relations.loading import shipped_schema
>>> from prontocheck.relations.validate import validate
>>> s = shipped_schema()
>>> qs = ["Is a fox bigger than a cat?", "Is a cat bigger than a mouse?", "Is a mouse bigger than a fox?"]
>>> v = validate([item_from_record({"id": f"q{n}", "question": q, "gold": True}, s) for n, q in enumerate(qs)], s)
>>> [(g.id, g.relation, g.nodes, [str(a) for a in g.cycle]) for g in v.groups]  # doctest: +NORMALIZE_WHITESPACE
[('g1', 'more[size]', ('cat', 'fox', 'mouse'),
  ['more[size](cat, mouse)', 'more[size](mouse, fox)', 'more[size](fox, cat)'])]
>>> len(v.conflicts), v.groups[0].conflicts
(1, ('c1',))
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from prontocheck.horn.closure import Closure, Strength
from prontocheck.logic.formulas import Atom, Const
from prontocheck.relations.conflicts import Conflict, Severity, item_ids, split_sources
from prontocheck.relations.schema import Schema

CYCLE_STEPS = 2_000_000
"""The most edges the search for a shortest cycle walks in one component; past it, the shortest cycle
found so far is reported (``shortest: false``), still a real cycle."""

_CYCLIC = ("irreflexive", "asymmetric", "antisymmetric")


@dataclass(frozen=True, slots=True)
class ConflictGroup:
    """The labels of one strongly connected component of an order relation's asserted facts.

    Attributes:
        id: ``g1``, ``g2``, … in report order (most severe first, then by the first item).
        severity: how serious the certificate cycle is (the weakest rule it needs).
        relation: the canonical predicate (``more[size]``).
        nodes: the component's entities, sorted by name.
        items: every gold item asserting a fact between two of its nodes, in input order.
        background: the background facts among those facts.
        cycle: a shortest cycle through the component, as its facts in order (``r(a, b), r(b, c), r(c, a)``).
        cycle_items: the items asserting the cycle's facts, in input order.
        shortest: the cycle is a shortest one (``False`` only when the search ran past :data:`CYCLE_STEPS`).
        conflicts: the ids of the conflicts of the cycle constraints within the component.
    """

    id: str
    severity: Severity
    relation: str
    nodes: tuple[str, ...]
    items: tuple[str, ...]
    background: tuple[Atom, ...]
    cycle: tuple[Atom, ...]
    cycle_items: tuple[str, ...]
    shortest: bool
    conflicts: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The group as JSON."""
        return {"id": self.id, "severity": self.severity.value, "relation": self.relation,
                "nodes": list(self.nodes), "items": list(self.items),
                "background": [str(a) for a in self.background], "cycle": [str(a) for a in self.cycle],
                "cycle_items": list(self.cycle_items), "shortest": self.shortest,
                "conflicts": list(self.conflicts)}


def strongly_connected(succ: Mapping[Const, Iterable[Const]]) -> list[list[Const]]:
    """The strongly connected components of a graph given as successor lists (Tarjan, iterative), each
    in the order found; nodes without successors and not listed as keys are left out unless reached.

    (``networkx.strongly_connected_components`` does the same, and the tests compare the two; this one
    spares the relations command networkx's import.)

    >>> a, b, c, d = (Const(x) for x in "abcd")
    >>> sorted(sorted(x.name for x in comp) for comp in strongly_connected({a: [b], b: [c, d], c: [a]}))
    [['a', 'b', 'c'], ['d']]
    """
    index: dict[Const, int] = {}
    low: dict[Const, int] = {}
    on_stack: set[Const] = set()
    stack: list[Const] = []
    out: list[list[Const]] = []
    for root in succ:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(succ.get(root, ())))]
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(succ.get(child, ()))))
                    break
                if child in on_stack and index[child] < low[node]:
                    low[node] = index[child]
            else:
                work.pop()
                if work and low[node] < low[work[-1][0]]:
                    low[work[-1][0]] = low[node]
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.append(top)
                        if top is node or top == node:
                            break
                    out.append(component)
    return out


def shortest_cycle(succ: Mapping[Const, Iterable[Const]], nodes: Iterable[Const],
                   budget: int = CYCLE_STEPS) -> tuple[list[Const], bool]:
    """A shortest cycle through the nodes of one strongly connected component, as its nodes in order (the
    first one not repeated at the end), and whether it is surely the shortest (``False`` past ``budget``
    edges walked). A breadth-first search from each node, by name, stops at the length of the best so far.

    >>> a, b, c = (Const(x) for x in "abc")
    >>> [x.name for x in shortest_cycle({a: [b], b: [c], c: [a, b]}, [a, b, c])[0]]
    ['b', 'c']
    """
    inside = set(nodes)
    ordered = sorted(inside, key=lambda x: x.name)
    best: list[Const] = []
    spent = 0
    for start in ordered:
        if start in succ.get(start, ()):
            return [start], True
    for start in ordered:
        parent: dict[Const, Const | None] = {start: None}
        depth = {start: 0}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            if best and depth[node] + 1 >= len(best):
                break
            for child in sorted(succ.get(node, ()), key=lambda x: x.name):
                spent += 1
                if child is start or child == start:
                    path = [node]
                    while parent[path[-1]] is not None:
                        path.append(parent[path[-1]])  # type: ignore[arg-type]
                    best = path[::-1]
                    queue.clear()
                    break
                if child in inside and child not in parent:
                    parent[child], depth[child] = node, depth[node] + 1
                    queue.append(child)
        if len(best) == 2:
            return best, True
        if spent > budget and best:
            return best, False
    return best, True


def _order_relations(schema: Schema, closure: Closure) -> dict[str, Strength]:
    """The order predicates with a violated cycle constraint, each with the strength of a cycle of them."""
    violated = {v.rule.name for v in closure.violations if v.rule is not None}
    out: dict[str, Strength] = {}
    for predicate in sorted({p for name in violated for p in _predicates_of(name)}):
        spec = schema.relations.get(predicate.split("[", 1)[0])
        if spec is None or spec.has("symmetric") or "transitive" not in spec.properties:
            continue
        cyclic = [spec.properties[p] for p in _CYCLIC if p in spec.properties]
        if cyclic:
            out[predicate] = max(spec.properties["transitive"], min(cyclic))
    return out


def _predicates_of(rule_name: str) -> list[str]:
    for prop in _CYCLIC:
        if rule_name.startswith(prop + "(") and rule_name.endswith(")"):
            return [rule_name[len(prop) + 1:-1]]
    return []


def conflict_groups(closure: Closure, schema: Schema, order: Mapping[str, int],
                    conflicts: Iterable[Conflict] = ()) -> tuple[ConflictGroup, ...]:
    """The conflict groups of a closure: one per strongly connected component (with a cycle) of the asserted
    facts of each order relation whose cycle constraints are violated; ``conflicts`` are linked to them.

    Args:
        closure: a saturated closure whose sources are item ids and background records.
        schema: the schema it was built from.
        order: each item id's position in the input.
        conflicts: the closure's conflicts (:func:`~prontocheck.relations.conflicts.find_conflicts`).
    """
    relations = _order_relations(schema, closure)
    if not relations:
        return ()
    edges: dict[str, dict[Const, list[Const]]] = {p: defaultdict(list) for p in relations}
    sources: dict[Atom, frozenset[Hashable]] = {}
    transitive = {f"transitive({p})" for p in relations}
    for atom in closure:
        if atom.predicate in relations and len(atom.args) == 2:
            d = closure.derivation(atom)
            if d.rule is not None and d.rule.name in transitive:
                continue
            a, b = atom.args
            assert isinstance(a, Const) and isinstance(b, Const)
            edges[atom.predicate][a].append(b)
            sources[atom] = frozenset(d.sources) if d.rule is None else closure.support([atom]).sources
    by_constraint: dict[tuple[str, str], list[Conflict]] = defaultdict(list)
    for c in conflicts:
        if c.atoms and _predicates_of(c.constraint):
            by_constraint[(c.atoms[0].predicate, str(c.atoms[0].args[0]))].append(c)
    found: list[tuple[tuple[int, int, str], ConflictGroup]] = []
    for predicate, strength in relations.items():
        succ = edges[predicate]
        for component in strongly_connected(succ):
            if len(component) == 1 and component[0] not in succ.get(component[0], ()):
                continue
            nodes = set(component)
            cycle, shortest = shortest_cycle(succ, component)
            cycle_atoms = tuple(Atom(predicate, (x, cycle[(n + 1) % len(cycle)])) for n, x in enumerate(cycle))
            inner = [Atom(predicate, (a, b)) for a in component for b in succ.get(a, ()) if b in nodes]
            ids, background = split_sources(set().union(*(sources[e] for e in inner)), order)
            cycle_ids = item_ids(set().union(*(sources[e] for e in cycle_atoms)), order)
            names = {x.name for x in nodes}
            linked = sorted({c.id for n in names for c in by_constraint.get((predicate, n), ())},
                            key=lambda cid: int(cid[1:]))
            severity = Severity.of(strength if len(cycle) > 2 else min(_two_cycle(schema, predicate), default=strength))
            group = ConflictGroup("", severity, predicate, tuple(sorted(names)), ids, background, cycle_atoms,
                                  cycle_ids, shortest, tuple(linked))
            first = min((order.get(i, len(order)) for i in ids), default=len(order))
            found.append(((severity.rank, first, predicate), group))
    found.sort(key=lambda entry: entry[0])
    return tuple(_renamed(g, f"g{n}") for n, (_, g) in enumerate(found, 1))


def _two_cycle(schema: Schema, predicate: str) -> list[Strength]:
    """The strengths at which a cycle of two facts is a violation: asymmetry directly, or transitivity
    and irreflexivity together.
    """
    spec = schema.relations[predicate.split("[", 1)[0]]
    props = spec.properties
    out = [props[p] for p in ("asymmetric", "antisymmetric") if p in props]
    if "irreflexive" in props:
        out.append(max(props["irreflexive"], props["transitive"]))
    return out


def _renamed(group: ConflictGroup, new_id: str) -> ConflictGroup:
    return ConflictGroup(new_id, group.severity, group.relation, group.nodes, group.items, group.background,
                         group.cycle, group.cycle_items, group.shortest, group.conflicts)
