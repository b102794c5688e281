"""Imports only go down the layers of :data:`prontocheck.layers.LAYERS`, and no units import each other in a cycle."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from textwrap import dedent

import pytest

import prontocheck
from prontocheck.layers import LAYERS, Import, Layer, check, imports, layer_of, modules

ROOT = Path(prontocheck.__file__).parent


def test_the_package_keeps_to_its_layers() -> None:
    findings = check(imports(ROOT), placed=modules(ROOT))
    assert not findings, "imports against docs/architecture.md:\n" + "\n".join(map(str, findings))


def test_every_unit_of_the_table_exists_once() -> None:
    units = [unit for layer in LAYERS for unit in layer.units]
    assert len(units) == len(set(units))
    for unit in units:
        importlib.import_module(unit)


def test_the_core_never_reaches_compat_or_the_edges() -> None:
    core = {"logic", "core", "analyses", "common", "base"}
    for imp in imports(ROOT):
        if layer_of(imp.importer) in core:
            assert not imp.imported.startswith(("prontocheck.compat", "prontocheck.io", "prontocheck.report",
                                                "prontocheck.cli")), imp


# A tiny package in tmp_path, checked against a table of its own: the checker can fail.

TOY = (
    Layer("base", "", ("toy.errors",)),
    Layer("bottom", "", ("toy.low",)),
    Layer("middle", "", ("toy.left", "toy.right")),
    Layer("top", "", ("toy.high",)),
    Layer("facade", "", ("toy",)),
)


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "toy"
    for name, text in {"__init__.py": "", "low/__init__.py": "", "left/__init__.py": "", "right/__init__.py": "",
                       "high/__init__.py": "", "errors.py": "", **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dedent(text))
    return root


def _findings(root: Path) -> list[str]:
    return [str(f) for f in check(imports(root), TOY, placed=modules(root))]


def test_a_tree_that_imports_down_passes(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "low/a.py": "from toy.errors import E\nfrom . import b\n",
        "low/b.py": "",
        "left/x.py": "import toy.low.a\nfrom ..low import a\nfrom .y import f\n",
        "left/y.py": "f = 1\n",
        "high/z.py": "from toy.left import x\nfrom toy import low\n",
        "__init__.py": "from toy.high import z\n",
    })
    assert _findings(root) == []


@pytest.mark.parametrize(("where", "text", "expected"), [
    ("low/a.py", "from toy.left import x\n", "upward: toy/low/a.py:1: toy.low.a (bottom) imports toy.left.x (middle)"),
    ("low/a.py", "def f():\n    import toy.high\n",
     "upward: toy/low/a.py:2: toy.low.a (bottom) imports toy.high (top)"),
    ("low/a.py", "from .. import high\n", "upward: toy/low/a.py:1: toy.low.a (bottom) imports toy.high (top)"),
    ("low/a.py", "from toy import left\n", "upward: toy/low/a.py:1: toy.low.a (bottom) imports toy.left (middle)"),
    ("low/a.py", "from toy import version\n", "upward: toy/low/a.py:1: toy.low.a (bottom) imports toy (facade)"),
    ("low/a.py", "import importlib\nm = importlib.import_module('toy.high')\n",
     "upward: toy/low/a.py:2: toy.low.a (bottom) imports toy.high (top)"),
    ("left/x.py", "from toy.right import y\n",
     "sideways: toy/left/x.py:1: toy.left.x (middle) imports toy.right.y (middle)"),
])
def test_a_bad_import_is_found(tmp_path: Path, where: str, text: str, expected: str) -> None:
    root = _tree(tmp_path, {"left/x.py": "", "right/y.py": "", where: text})
    found = _findings(root)
    assert expected in found, found
    assert _findings(_tree(tmp_path / "fixed", {"left/x.py": "", "right/y.py": ""})) == []


def test_a_cycle_is_found_even_where_the_table_allows_each_edge(tmp_path: Path) -> None:
    # The table has left and right on one layer; each sideways import is reported, and so is the cycle.
    root = _tree(tmp_path, {"left/x.py": "from toy.right import y\n", "right/y.py": "from toy.left import x\n"})
    found = _findings(root)
    assert "cycle: toy.left -> toy.right -> toy.left" in found
    only_cycles = check(imports(root), (*TOY[:2], Layer("m1", "", ("toy.left",)), Layer("m2", "", ("toy.right",)),
                                        *TOY[3:]))
    assert [f.kind for f in only_cycles] == ["upward", "cycle"]


def test_a_module_without_a_layer_is_reported(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"stray.py": "", "low/a.py": "import toy.stray\n"})
    found = _findings(root)
    assert "no layer: toy.stray is in no unit of the table" in found
    assert any(f.startswith("no layer: toy/low/a.py:1: toy.low.a imports toy.stray") for f in found)


def test_examples_in_docstrings_are_not_imports(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"low/a.py": '"""Use it.\n\n>>> from toy.high import z\n"""\n'})
    assert _findings(root) == []


def test_an_import_record_names_file_and_line(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"low/a.py": "\n\nfrom toy.errors import E, F\n"})
    assert imports(root) == [Import("toy.low.a", "toy.errors", "toy/low/a.py", 3)]


def test_docs_architecture_shows_the_table() -> None:
    # Each layer's row of the table in docs/architecture.md names exactly its units, in the table's order.
    rows = {}
    for line in (ROOT.parent / "docs" / "architecture.md").read_text("utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) == 3:
            rows[cells[0]] = re.findall(r"`([^`]+)`", cells[1])
    assert list(rows)[1:] == [layer.name for layer in LAYERS]
    for layer in LAYERS:
        shown = []
        for unit in layer.units:
            path = ROOT.parent / unit.replace(".", "/")
            shown.append("__init__.py" if unit == "prontocheck" else f"{path.name}/" if path.is_dir()
                         else f"{path.name}.py")
        assert rows[layer.name] == shown, layer.name
