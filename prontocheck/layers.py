"""The import layers of prontocheck, in one table, and the checker that holds the code to them.

Each module belongs to one *unit* (a package such as ``prontocheck.engine``, or a top-level
module such as ``prontocheck.errors``), and each unit to one layer of :data:`LAYERS`, bottom first.
The rule is that imports only go down: a module may import its own unit and the units of lower
layers, never a unit of its own layer or of a higher one. So ``engine`` and ``syntax`` (one
layer) do not import each other, the analyses do not import each other, and ``compat`` (a
pipeline) is imported by nothing of the core below it. Imports count wherever they are written
(inside a function too); the examples in docstrings do not. :func:`check` reports every import
against the rule, and every cycle between units (found with networkx; the rule leaves none, the
check stays as a second net).

``tests/test_layers.py`` runs :func:`check` on the package; ``docs/architecture.md`` draws the table.

>>> unit_of("prontocheck.modal.items"), layer_of("prontocheck.modal.items")
('prontocheck.modal', 'analyses')
>>> layer_of("prontocheck.errors"), layer_of("prontocheck"), layer_of("prontocheck.cli.modal")
('base', 'api', 'cli')
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import networkx as nx


@dataclass(frozen=True, slots=True)
class Layer:
    """One layer: a name, what it is for, and its units (packages or top-level modules)."""

    name: str
    purpose: str
    units: tuple[str, ...]


LAYERS: tuple[Layer, ...] = (
    Layer("base", "errors, per-record limits, package data, this table: importable by all",
          ("prontocheck.errors", "prontocheck.limits", "prontocheck._resources", "prontocheck.layers")),
    Layer("common", "shared utilities: compressed streams, budgeted JSON, Wilson rates",
          ("prontocheck.common",)),
    Layer("logic", "formulas, printing, negation", ("prontocheck.logic",)),
    Layer("core", "reading English and formulas (syntax); the PrOntoQA calculus (engine); the Horn closure (horn)",
          ("prontocheck.syntax", "prontocheck.engine", "prontocheck.horn")),
    Layer("analyses", "PrOntoQA checking, modal decision, relational consistency",
          ("prontocheck.prontoqa", "prontocheck.modal", "prontocheck.relations")),
    Layer("api", "the public facade, input readers, RL reward adapters",
          ("prontocheck", "prontocheck.io", "prontocheck.rewards")),
    Layer("pipelines", "what works on records: reports, original analyzers, generator",
          ("prontocheck.report", "prontocheck.compat", "prontocheck.generate")),
    Layer("jobs", "the analyze job: each record checked, written, counted and compat-checked, in worker processes",
          ("prontocheck.analyze",)),
    Layer("integrations", "the analyze job and the check run by other systems: a Ray cluster, inspect_ai, lm-eval "
                          "(optional extras, imported only where used)", ("prontocheck.integrations",)),
    Layer("testing", "soundness checks, strategies, perturbations, oracles", ("prontocheck.testing",)),
    Layer("cli", "the commands (the only code that prints or exits)", ("prontocheck.cli",)),
    Layer("main", "``python -m prontocheck``", ("prontocheck.__main__",)),
)
"""The layers, bottom first (see the module docstring for the rule)."""


@dataclass(frozen=True, slots=True)
class Import:
    """One import of a package module: who imports what, and where."""

    importer: str
    imported: str
    path: str
    line: int


@dataclass(frozen=True, slots=True)
class Finding:
    """An import against the rule, a module without a layer, or a cycle between units."""

    kind: str
    message: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.message}"


def unit_of(module: str, layers: Sequence[Layer] = LAYERS) -> str | None:
    """The unit of a module: the longest unit that is the module or a package holding it.

    A unit that is the root package (``prontocheck``) holds only its own ``__init__``: every other
    module must be placed. ``None`` for a module that no unit holds.

    >>> unit_of("prontocheck.io.records"), unit_of("prontocheck.nowhere")
    ('prontocheck.io', None)
    """
    best: str | None = None
    for layer in layers:
        for unit in layer.units:
            holds = module == unit or ("." in unit and module.startswith(unit + "."))
            if holds and (best is None or len(unit) > len(best)):
                best = unit
    return best


def layer_of(module: str, layers: Sequence[Layer] = LAYERS) -> str | None:
    """The name of a module's layer; ``None`` for a module without one."""
    rank = _rank(module, layers)
    return None if rank is None else layers[rank].name


def _rank(module: str, layers: Sequence[Layer]) -> int | None:
    unit = unit_of(module, layers)
    return next((i for i, layer in enumerate(layers) if unit in layer.units), None)


def _module_name(path: Path, root: Path) -> tuple[str, bool]:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if package else parts), package


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def _imported(module: str, is_package: bool, tree: ast.AST, known: set[str]) -> Iterator[tuple[str, int]]:
    """The modules an AST imports, with their lines: ``from a import b`` is ``a.b`` when that is a module."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            source = _resolve(module, is_package, node)
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                yield (sub if sub in known else source), node.lineno
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name)
              and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id) == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            yield node.args[0].value, node.lineno


def modules(root: Path) -> list[str]:
    """The names of a package's modules (``__init__`` named by its package), sorted."""
    return sorted(_module_name(path, root)[0] for path in root.rglob("*.py"))


def imports(root: Path) -> list[Import]:
    """Every import of a package's own modules by its modules, read with :mod:`ast` (nothing is run).

    Args:
        root: the package's folder (its name is the package's name).
    """
    files = sorted(root.rglob("*.py"))
    names = {path: _module_name(path, root) for path in files}
    known = {name for name, _ in names.values()}
    found: dict[Import, None] = {}  # (in order, each once: "from a import b, c" imports a once)
    for path in files:
        module, is_package = names[path]
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        shown = str(path.relative_to(root.parent))
        for imported, line in _imported(module, is_package, tree, known):
            if imported == root.name or imported.startswith(root.name + "."):
                found[Import(module, imported, shown, line)] = None
    return list(found)


def check(found: Iterable[Import], layers: Sequence[Layer] = LAYERS, placed: Iterable[str] = ()) -> list[Finding]:
    """What breaks the rule: an import of the same or a higher layer's unit, a module without a
    layer (among ``placed``, every module to check, and the imported ones), a cycle between units.

    >>> up = Import("prontocheck.logic.formulas", "prontocheck.engine.theory", "formulas.py", 3)
    >>> [str(f) for f in check([up])]  # doctest: +NORMALIZE_WHITESPACE
    ['upward: formulas.py:3: prontocheck.logic.formulas (logic) imports prontocheck.engine.theory (core)']
    """
    findings = [Finding("no layer", f"{module} is in no unit of the table")
                for module in placed if _rank(module, layers) is None]
    graph: nx.DiGraph[str] = nx.DiGraph()
    for imp in found:
        where = f"{imp.path}:{imp.line}: {imp.importer}"
        importer_unit, imported_unit = unit_of(imp.importer, layers), unit_of(imp.imported, layers)
        importer_rank, imported_rank = _rank(imp.importer, layers), _rank(imp.imported, layers)
        if importer_unit is None or importer_rank is None:
            continue  # (reported among ``placed``)
        if imported_unit is None or imported_rank is None:
            findings.append(Finding("no layer", f"{where} imports {imp.imported}, which is in no unit of the table"))
            continue
        if importer_unit == imported_unit:
            continue
        graph.add_edge(importer_unit, imported_unit)
        if imported_rank >= importer_rank:
            kind = "upward" if imported_rank > importer_rank else "sideways"
            findings.append(Finding(kind, f"{where} ({layers[importer_rank].name}) imports {imp.imported} "
                                          f"({layers[imported_rank].name})"))
    for group in sorted(sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1):
        # One cycle through the group's first unit stands for all (there can be exponentially many).
        cycle = [edge[0] for edge in nx.find_cycle(graph.subgraph(group), group[0])]
        start = cycle.index(min(cycle))
        ordered = cycle[start:] + cycle[:start]
        others = sorted(set(group) - set(cycle))
        findings.append(Finding("cycle", " -> ".join([*ordered, ordered[0]])
                                + (f" (with {', '.join(others)} in the same cycles)" if others else "")))
    return findings
