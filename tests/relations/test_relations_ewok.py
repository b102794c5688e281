"""EWoK minimal pairs: entailed / contradicted / undetermined per cell, and the design check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prontocheck.errors import UsageError
from prontocheck.relations import ItemError, PairResult, analyze_pair, analyze_pairs, pairs_summary, shipped_schema
from prontocheck.relations.items import read_records


def test_the_fixture_designs(fixtures: Path) -> None:
    records = [json.loads(line) for line in (fixtures / "ewok_pairs.jsonl").read_text("utf-8").splitlines()]
    results = list(analyze_pairs(read_records(fixtures / "ewok_pairs.jsonl"), shipped_schema()))
    for record, result in zip(records, results):
        if record["expect"] == "error":
            assert isinstance(result, ItemError) and result.item == record["id"]
        else:
            assert isinstance(result, PairResult) and result.design == record["expect"], record["id"]
    summary = pairs_summary(results)
    assert summary["designs"] == {"ok": 4, "both": 1, "neither": 1, "swapped": 1} and summary["n_errors"] == 1


def test_negated_targets_and_derivations() -> None:
    r = analyze_pair({"id": "n", "C1": "The cat is near the door.", "C2": "The cat is far from the door.",
                      "T1": "The door is near the cat.", "T2": "The door is not near the cat."}, shipped_schema())
    assert [c.verdict.value for c in r.cells] == ["entailed", "contradicted", "contradicted", "entailed"]
    assert r.contrast == (True, True)
    assert any(s.by == "symmetric(near)" for s in r.cells[0].steps)


def test_an_inconsistent_context_decides_nothing() -> None:
    r = analyze_pair({"id": "i", "Context1": "The cup is left of the bowl. The bowl is left of the cup.",
                      "Context2": "The cup is left of the bowl.", "Target1": "The cup is left of the bowl.",
                      "Target2": "The bowl is left of the cup."}, shipped_schema())
    assert {c.verdict.value for c in r.cells if c.context == 1} == {"inconsistent_context"}


def test_configurable_columns() -> None:
    record = {"key": "k", "a": "The cup is left of the bowl.", "b": "The bowl is left of the cup.",
              "c": "The cup is left of the bowl.", "d": "The bowl is left of the cup."}
    r = analyze_pair(record, shipped_schema(),
                     columns={"id": "key", "context1": "a", "context2": "b", "target1": "c", "target2": "d"})
    assert (r.id, r.design) == ("k", "ok")
    with pytest.raises(ItemError, match="no context1 .looked for Context1"):
        analyze_pair(record, shipped_schema())
    with pytest.raises(UsageError, match="unknown column role"):
        analyze_pair(record, shipped_schema(), columns={"ctx": "a"})
