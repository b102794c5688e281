"""Bounded work on adversarial relational input (issue 11): YAML alias bombs are refused with their line,
error messages quote no unbounded value, and long transitive chains and cycles end fast, in a verdict or
in a stated ``budget_exceeded``."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from prontocheck.errors import InputError
from prontocheck.relations import ItemError, load_schema, read_items, shipped_schema
from prontocheck.relations.errors import SchemaError


def _bomb(levels: int, width: int = 9) -> str:
    """A "billion laughs" YAML item list: ``width ** levels`` strings in a few hundred bytes."""
    lines = ["- id: a", "  gold: true", f"  question: &l0 [{', '.join(['lol'] * width)}]"]
    lines += [f"  q{i}: &l{i} [{', '.join([f'*l{i - 1}'] * width)}]" for i in range(1, levels)]
    lines.append(f"- {{id: b, gold: true, question: *l{levels - 1}}}")
    return "\n".join(lines) + "\n"


def test_a_yaml_alias_bomb_is_refused_with_its_line(tmp_path: Path) -> None:
    pytest.importorskip("yaml")
    path = tmp_path / "bomb.yaml"
    path.write_text(_bomb(6), "utf-8")  # 9⁶ = 531,441 strings in 220 bytes
    start = time.perf_counter()
    with pytest.raises(InputError) as caught:
        list(read_items(path, shipped_schema()))
    assert time.perf_counter() - start < 1
    assert caught.value.line is not None and caught.value.line > 1
    assert "yaml_nodes" in str(caught.value) and len(str(caught.value)) < 300


def test_a_yaml_schema_bomb_and_a_recursive_alias_are_refused(tmp_path: Path) -> None:
    pytest.importorskip("yaml")
    path = tmp_path / "schema.yaml"
    path.write_text("relations: {}\nbackground:\n  " + _bomb(6).replace("\n", "\n  "), "utf-8")
    with pytest.raises(InputError, match="yaml_nodes"):
        load_schema([path])
    path.write_text("- &a {id: a, gold: true, question: [*a]}\n", "utf-8")
    with pytest.raises(InputError, match=r"recursive\.yaml:1: a YAML alias refers to a node that contains it"):
        list(read_items(path.rename(tmp_path / "recursive.yaml"), shipped_schema()))


def test_error_messages_quote_no_unbounded_value(tmp_path: Path) -> None:
    huge = ["x" * 1000] * 100  # 100,000 characters
    path = tmp_path / "items.json"
    path.write_text(json.dumps([{"id": "a", "question": huge, "gold": True},
                                {"id": "b", "question": "Is a core a part of an apple?", "gold": "y" * 100_000},
                                {"id": "c", "atom": huge, "gold": True}]), "utf-8")
    out = list(read_items(path, shipped_schema()))
    assert all(isinstance(e, ItemError) for e in out)
    assert all(len(str(e)) < 500 and "characters)" in str(e) for e in out)
    schema = tmp_path / "schema.json"
    schema.write_text(json.dumps({"relations": {"r": {"props": huge}}}), "utf-8")
    with pytest.raises(SchemaError) as caught:
        load_schema([schema])
    assert len(str(caught.value)) < 500
