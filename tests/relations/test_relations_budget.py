"""Bounded work on adversarial relational input (issue 11): YAML alias bombs are refused with their line,
error messages quote no unbounded value, and long transitive chains and cycles end fast, in a verdict or
in a stated ``budget_exceeded``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from prontocheck.errors import BudgetExceeded, InputError
from prontocheck.horn.closure import Closure, Rule
from prontocheck.logic.formulas import Atom, Const, Var
from prontocheck.relations import (
    Item,
    ItemError,
    Validation,
    analyze_pair,
    build_closure,
    item_from_record,
    load_schema,
    read_items,
    shipped_schema,
    validate,
)
from prontocheck.relations.conflicts import find_conflicts
from prontocheck.relations.errors import SchemaError
from prontocheck.relations.implied import implied_atom


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


def _items(records: list[dict[str, Any]]) -> list[Item]:
    s = shipped_schema()
    return [item_from_record(r, s, line=n) for n, r in enumerate(records, 1)]


def _timed(items: list[Item], **kwargs: Any) -> tuple[Validation, float]:
    start = time.perf_counter()
    report = validate(items, shipped_schema(), **kwargs)
    return report, time.perf_counter() - start


@pytest.mark.parametrize(("n", "relation", "cycle"), [(1000, "part", False), (3000, "part", False),
                                                     (1000, "size", True)])
def test_long_chains_and_cycles_end_in_budget_exceeded_at_once(synthetic: ModuleType, n: int, relation: str,
                                                               cycle: bool) -> None:
    """A chain of 1,000 part-of labels took ~30 s and 435 MB (3,000: ~5 min, 3.5 GB; a 1,000-cycle: > 5 min)."""
    report, elapsed = _timed(_items(synthetic.chain(n, relation=relation, cycle=cycle)))
    assert elapsed < 2, f"{n} labels took {elapsed:.1f} s"
    assert isinstance(report.budget_exceeded, BudgetExceeded) and report.budget_exceeded.limit == "closure_facts"
    assert not report.consistent and report.conflicts == () and len(report.results) == n
    assert {r.status for r in report.results} == {"budget_exceeded"}
    summary = report.summary()
    assert summary["budget_exceeded"].startswith("budget_exceeded:") and summary["consistent"] is False
    line = next(report.lines())
    assert line["status"] == "budget_exceeded" and "closure_facts" in line["error"]


def test_a_chain_within_the_budget_is_checked_in_full(synthetic: ModuleType) -> None:
    report, _ = _timed(_items(synthetic.chain(50)))
    assert report.budget_exceeded is None and report.consistent and report.closure_size == 51 * 50 // 2
    assert report.conflicts == () and {r.status for r in report.results} == {"consistent"}
    cycle, _ = _timed(_items(synthetic.chain(30, relation="size", cycle=True)), implied=False)
    assert cycle.budget_exceeded is None and [c.constraint for c in cycle.conflicts] == ["asymmetric(more[size])"]
    assert len(cycle.conflicts[0].items) == 30


def test_the_closure_budget_counts_the_saturation_too(synthetic: ModuleType) -> None:
    """The pre-count sees transitive closures only; facts that other rules derive are counted as they come."""
    rules = [Rule("copy", (Atom("r", (Var("X"), Var("Y"))),), Atom("s", (Var("X"), Var("Y"))))]
    facts = {Atom("r", (Const(f"a{i}"), Const(f"b{i}"))): ("g",) for i in range(60)}
    assert len(Closure(rules, facts, max_facts=120)) == 120
    with pytest.raises(BudgetExceeded, match="closure_facts = 119"):
        Closure(rules, facts, max_facts=119)


def test_a_cycle_too_costly_to_explain_exceeds_conflict_steps(synthetic: ModuleType) -> None:
    """n²/2 violations each resting on all n labels: the conflicts cost n³/2 derivation steps."""
    closure = build_closure(_items(synthetic.chain(30, relation="size", cycle=True)), shipped_schema())
    assert len(find_conflicts(closure, {}, budget=None)) == 1
    with pytest.raises(BudgetExceeded, match="conflict_steps = 20000"):
        find_conflicts(closure, {}, budget=20_000)


def test_a_what_if_over_the_budget_is_a_skipped_implication(synthetic: ModuleType) -> None:
    items = _items(synthetic.chain(100))
    closure = build_closure(items, shipped_schema())
    reversed_first = Atom(items[0].atom.predicate, items[0].atom.args[::-1])
    closure.max_facts = len(closure) + 10
    assert implied_atom(closure, Atom("part_of", (items[-1].atom.args[1], Const("new"))), {}).skipped
    assert implied_atom(closure, reversed_first, {}).value is False  # the first violation comes before the budget


def test_an_ewok_context_over_the_budget_is_a_record_error() -> None:
    chain = " ".join(f"The t{i} is to the left of the t{i + 1}." for i in range(700))
    record = {"id": "e1", "Context1": chain, "Context2": "The t1 is to the right of the t0.",
              "Target1": "The t0 is to the left of the t5.", "Target2": "The t5 is to the left of the t0."}
    start = time.perf_counter()
    with pytest.raises(ItemError, match="budget_exceeded: .* closure_facts") as caught:
        analyze_pair(record, shipped_schema(), line=7)
    assert caught.value.line == 7 and time.perf_counter() - start < 2


_SEEDED = """
import json
from prontocheck.relations import item_from_record, shipped_schema, validate
records = [{"id": "a", "question": "Is a zomot a type of dotut lovufox?", "gold": True, "category": "has_member"},
           {"id": "b", "question": "Is a dotut lovufox a type of zomot?", "gold": True, "category": "has_member"},
           {"id": "c", "question": "Can a dotut lovufox duromix?", "gold": False},
           {"id": "d", "question": "Can a zomot duromix?", "gold": True}]
s = shipped_schema()
v = validate([item_from_record(r, s, line=n) for n, r in enumerate(records, 1)], s)
print(json.dumps([(r.item.id, r.implied, r.implied_by) for r in v.results]))
"""


def test_leave_one_out_does_not_depend_on_the_hash_seed() -> None:
    """Leaving b out loses two violations (a's and the denial by c): the first in closure order is reported,
    not the first in a set's order (under the string-hash seed 3 that was the denial)."""
    outputs = {subprocess.run([sys.executable, "-c", _SEEDED], capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "3")}
    assert len(outputs) == 1
    assert json.loads(outputs.pop())[1] == ["b", False, ["a"]]


def test_a_line_that_is_not_utf8_is_an_error_for_that_line_only(tmp_path: Path) -> None:
    from prontocheck.relations.errors import ItemError
    from prontocheck.relations.items import read_records

    jsonl = tmp_path / "items.jsonl"
    jsonl.write_bytes(b'{"id": 1}\n\x80\n{"id": 2}\n')
    got = list(read_records(jsonl))
    assert [n for n, r in got] == [1, 2, 3] and isinstance(got[1][1], ItemError) and "UTF-8" in str(got[1][1])
    assert got[2][1] == {"id": 2}
    yaml = tmp_path / "items.yaml"
    yaml.write_bytes(b"- a: 1\n- b: \xff\n")
    with pytest.raises(InputError, match="items.yaml:2: not UTF-8"):
        list(read_records(yaml))


def test_a_yaml_file_with_a_control_character_is_refused_with_its_name() -> None:
    from prontocheck.relations._yaml import load_yaml

    with pytest.raises(InputError, match="items.yaml: not YAML: unacceptable character #x0000"):
        load_yaml("- question: Is a core a part of an apple?\x00\n", "items.yaml")
