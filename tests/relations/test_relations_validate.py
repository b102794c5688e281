"""Validation of gold labels: the planted test set, clean items, implied labels, reversals, scale."""

from __future__ import annotations

import json
import time
from collections import defaultdict
from pathlib import Path
from types import ModuleType

import pytest

from prontocheck.relations import ItemError, Severity, item_from_record, read_items, shipped_schema, validate
from prontocheck.relations.validate import Validation

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "relations"
PLANTED = [json.loads(line) for line in (FIXTURES / "planted.jsonl").read_text("utf-8").splitlines()]
GROUPS: dict[str, list[dict[str, object]]] = defaultdict(list)
for _record in PLANTED:
    if "plant" in _record:
        GROUPS[str(_record["plant"])].append(_record)


@pytest.fixture(scope="module")
def planted() -> Validation:
    return validate(read_items(FIXTURES / "planted.jsonl", shipped_schema()))


def test_the_planted_set_reads_without_errors(planted: Validation) -> None:
    assert planted.errors == ()
    assert len(planted.results) == len(PLANTED)


KINDS = ["symmetric pair labelled differently", "synonym and antonym", "necessary but not possible",
         "has-part reversal", "size cycle", "converse contradiction (comparatives)", "converse contradiction (spatial)",
         "transitivity break (strict)", "transitivity break (soft, parthood)", "default-inheritance exception"]


def test_every_kind_the_issue_lists_is_planted() -> None:
    assert set(KINDS) <= set(GROUPS)


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_each_planted_inconsistency_is_found_in_full_at_its_severity(planted: Validation, group: str) -> None:
    ids = tuple(str(r["id"]) for r in GROUPS[group])
    severity = Severity(str(GROUPS[group][0]["expect"]))
    matching = [c for c in planted.conflicts if c.items == ids]
    assert matching, f"no conflict with exactly the items {ids}"
    assert {c.severity for c in matching} == {severity}
    assert all(c.steps and c.rules for c in matching if c.constraint.startswith(("asym", "irref", "disj")))
    for r in planted.results:
        if r.item.id in ids:
            assert (r.status, r.severity) == ("conflict", severity)


def test_no_false_alarms_on_clean_items(planted: Validation) -> None:
    clean = {str(r["id"]) for r in PLANTED if "plant" not in r}
    assert clean
    for r in planted.results:
        if r.item.id in clean:
            assert (r.status, r.severity, r.conflicts) == ("consistent", None, ()), r.item.id
    assert len(planted.conflicts) == len(GROUPS)


def test_joined_to_is_not_transitive_and_near_is_not_either(planted: Validation) -> None:
    by_id = {r.item.id: r for r in planted.results}
    for i in ("ok1", "ok2", "ok3", "ok4", "ok5", "ok6"):
        assert by_id[i].status == "consistent"
    assert by_id["ok3"].implied is None  # France-Portugal is not implied by France-Spain-Portugal


def test_derivations_explain_the_conflict(planted: Validation) -> None:
    [cycle] = [c for c in planted.conflicts if c.items == ("sz1", "sz2", "sz3")]
    assert "transitive(more[size])" in cycle.rules
    assert {s.by for s in cycle.steps if s.by.startswith("item")} == {"item sz1", "item sz2", "item sz3"}
    [penguin] = [c for c in planted.conflicts if c.items == ("di1", "di2", "di3")]
    assert penguin.constraint == "denied by item di3"
    assert "capable_of inherits down is_a" in penguin.rules
    assert str(penguin.atoms[0]) == "capable_of(penguin, fly)"


def test_implied_labels_leave_one_out(planted: Validation) -> None:
    by_id = {r.item.id: r for r in planted.results}
    assert (by_id["ok11"].implied, by_id["ok11"].implied_by) == (True, ("ok9", "ok10"))
    assert (by_id["ok12"].implied, by_id["ok12"].implied_by) == (False, ("ok11",))
    assert (by_id["sz3"].implied, by_id["sz3"].implied_by) == (False, ("sz1", "sz2"))
    assert (by_id["di3"].implied, by_id["di3"].implied_by) == (True, ("di1", "di2"))
    assert by_id["ok9"].implied is None
    assert by_id["cv4"].implied is True  # cv3 says the cup is left of the plate, so the plate is right of it


def test_recheck_hits_every_error_and_warning(planted: Validation) -> None:
    covered = {c for r in planted.recheck for c in r.conflicts}
    assert covered == {c.id for c in planted.conflicts if c.severity is not Severity.EXCEPTION}


def test_reversals_not_in_the_set(planted: Validation) -> None:
    rev = {str(r.atom): r for r in planted.reversals}
    assert rev["more[size](dog, elephant)"].implied.value is False
    assert rev["joined_to(spain, france)"].implied.value is True
    assert rev["joined_to(spain, france)"].question == "Is Spain joined to France?"
    assert "more[size](mouse, elephant)" not in rev  # asked by ok12
    assert rev["more[size](village, city)"].in_conflict and not rev["joined_to(spain, france)"].in_conflict
    assert not any(str(r.atom).startswith(("must_be", "can_be", "capable_of")) for r in planted.reversals)


def test_negated_statements_flip_the_label() -> None:
    s = shipped_schema()
    items = [item_from_record({"id": "a", "statement": "The cup is left of the plate.", "gold": True}, s),
             item_from_record({"id": "b", "statement": "The plate is not right of the cup.", "gold": True}, s)]
    v = validate(items, s)
    assert [c.items for c in v.conflicts] == [("a", "b")]
    assert v.results[1].implied is False  # a implies that "the plate is not right of the cup" is false


def test_unlabelled_items_get_implied_labels() -> None:
    s = shipped_schema()
    records = [{"id": "a", "question": "Is a whale bigger than a dog?", "gold": True},
               {"id": "b", "question": "Is a dog bigger than an ant?", "gold": True},
               {"id": "q", "question": "Is an ant smaller than a whale?", "gold": None}]
    v = validate([item_from_record(r, s) for r in records], s)
    assert (v.results[2].implied, v.results[2].implied_by) == (True, ("a", "b"))
    assert v.summary()["implied"]["unlabelled_decided"] == 1


def test_reversed_questions_are_asked_in_the_items_words() -> None:
    # The reversed question keeps each noun phrase as an item wrote it (article and case), not the constant's name.
    s = shipped_schema()
    records = [{"id": "a", "question": "Is a trouser waist belt joined to a leg opening?", "gold": False},
               {"id": "b", "question": "Is the Eiffel Tower bigger than a house?", "gold": True},
               {"id": "c", "statement": "The cup is to the left of the plate.", "gold": True}]
    v = validate([item_from_record(r, s) for r in records], s)
    questions = {r.of: r.question for r in v.reversals}
    assert questions[("a",)] == "Is a leg opening joined to a trouser waist belt?"
    assert questions[("b",)] == "Is a house bigger than the Eiffel Tower?"
    assert questions[("c",)] == "Is the plate to the left of the cup?"  # "The cup" inside a question: "the cup"


def test_bad_links_are_item_errors() -> None:
    s = shipped_schema()
    records = [{"id": "a", "question": "Is a whale bigger than a dog?", "gold": True},
               {"id": "a", "question": "Is a dog bigger than a whale?", "gold": False},
               {"id": "b", "question": "Is a dog bigger than a cat?", "gold": False, "reverse_of": "a"},
               {"id": "c", "question": "Is a dog bigger than a whale?", "gold": False, "reverse_of": "zz"},
               {"id": "d", "question": "Is a dog bigger than a whale?", "gold": False, "reverse_of": "a"}]
    v = validate([item_from_record(r, s, line=n) for n, r in enumerate(records, 1)], s)
    assert [(e.item, e.line) for e in v.errors] == [("a", 2), ("b", 3), ("c", 4)]
    assert "duplicate id" in v.errors[0].reason and "not the argument reversal" in v.errors[1].reason
    assert [r.item.id for r in v.results] == ["a", "d"]


def test_validating_20000_generated_items(synthetic: ModuleType) -> None:
    """Functional scale test (timings: tests/benchmarks/bench_relations.py). The hidden world obeys
    every rule, so each conflict must contain a flipped label; and flips are found."""
    s = shipped_schema()
    records = synthetic.records(20_000, noise=0.02, seed=3)
    start = time.perf_counter()
    items = [item_from_record(r, s, line=n) for n, r in enumerate(records, 1)]
    report = validate(items, s)
    elapsed = time.perf_counter() - start
    assert len(report.results) == 20_000 and report.errors == ()
    flipped = {str(r["id"]) for r in records if r["flipped"]}
    assert report.conflicts and all(set(c.items) & flipped for c in report.conflicts)
    found = {i for c in report.conflicts for i in c.items} & flipped
    assert len(found) > len(flipped) / 3
    assert elapsed < 120, f"20,000 items took {elapsed:.1f} s"  # generous: this is not the benchmark


def test_an_item_error_passes_through() -> None:
    err = ItemError("x", 3, "no gold")
    assert validate([err]).errors == (err,)
