"""Scoring model answers: Table 3 reference intervals, reversal consistency, global consistency."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prontocheck.errors import UsageError
from prontocheck.relations import art_reference, item_from_record, read_answers, read_items, score, shipped_schema
from prontocheck.relations.errors import LabelError
from prontocheck.relations.score import Answer, answer_value


def test_table3_is_shipped_in_full() -> None:
    for block, n_b in (("full", (231, 285)), ("common_sense", (192, 220))):
        rows = art_reference(block)
        assert len(rows) == 18 and rows["art_b"].reference == n_b
    assert set(art_reference()) - {"art_a", "art_b"} == set(shipped_schema().categories) - {"spatial_relations",
                                                                                          "physical_relations"}


@pytest.mark.parametrize(("block", "category", "model", "position"), [
    ("full", "order_of_size", "text-davinci-002", "below"),       # 11 against 17-20
    ("full", "necessary_quality", "chatgpt-categorical", "above"),  # 19 against 13-18: pink above
    ("full", "synonym", "chatgpt-direct", "within"),
    ("full", "art_b", "ada", "below"),
    ("common_sense", "boundary_fiat", "chatgpt-direct", "within"),  # 6 against 5-6 of 7
    ("common_sense", "art_a", "babbage", "within"),
])
def test_positions_reproduce_the_papers_colours(block: str, category: str, model: str, position: str) -> None:
    row = art_reference(block)[category]
    assert row.position(row.models[model], row.potential[1]) == position


def test_positions_scale_to_other_sample_sizes() -> None:
    row = art_reference()["order_of_size"]  # 17-20 of 20
    assert row.position(8, 10) == "below" and row.position(9, 10) == "within"
    with pytest.raises(UsageError):
        row.position(0, 0)
    with pytest.raises(UsageError):
        art_reference("partial")


def test_answers_from_raw_text() -> None:
    assert answer_value({"raw": " No, it cannot."}) is False
    assert answer_value({"answer": "yes", "raw": "No"}) is True
    # Read as modal score reads replies: the committed answer of a chain of thought, not its first word.
    assert answer_value({"raw": "No wait. A bus is bigger than a car. So the answer is Yes."}) is True
    assert answer_value({"raw": "<think>Yes? Hmm.</think> **No**"}) is False
    # A reply that commits to neither is uncertain (None), as modal score reads it: counted, never a bad record.
    for uncommitted in ("I think so.", "yes/no", "Maybe"):
        assert answer_value({"raw": uncommitted}) is None
        assert answer_value({"answer": uncommitted}) is None
    for bad in ({}, {"answer": 1}, {"raw": "  "}):
        with pytest.raises(LabelError):
            answer_value(bad)


def test_uncertain_answers_count_incorrect_and_pair_with_none() -> None:
    s = shipped_schema()
    items = [item_from_record({"id": "a", "question": "Is a whale bigger than a dog?", "gold": True}, s),
             item_from_record({"id": "b", "question": "Is a dog bigger than a whale?", "gold": False}, s)]
    answers = [Answer("m", "a", None, 1), Answer("m", "b", False, 2)]
    model = score(answers, items, s).models[0]
    assert (model.accuracy.successes, model.accuracy.n, model.uncertain.successes) == (1, 2, 1)
    assert model.pairs == ()  # the uncertain answer claims nothing, so no reversal pair is checked
    assert model.to_json()["uncertain"]["value"] == 0.5


def test_scoring_the_sample(fixtures: Path) -> None:
    s = shipped_schema()
    report = score(read_answers(fixtures / "answers.jsonl", s), read_items(fixtures / "art_sample.jsonl", s), s)
    assert [(e.item, e.line) for e in report.errors] == [("t99", 55)]
    a, b, c = report.models
    # model-c's one reply ("Perhaps.") commits to neither: uncertain, counted incorrect (not a bad record)
    assert (c.model, c.accuracy.successes, c.accuracy.n, c.uncertain.successes) == ("model-c", 0, 1, 1)
    assert (a.model, a.accuracy.successes, a.accuracy.n) == ("model-a", 26, 27)
    rev_a, rev_b = a.reversal_summary(), b.reversal_summary()
    assert rev_a["asymmetric_both_yes"] == {"pairs": 9, "inconsistent": 1, "rate": 1 / 9, "both_no": 3}
    assert rev_b["asymmetric_both_yes"]["inconsistent"] == 9
    assert rev_a["symmetric_mismatch"]["pairs"] == 2
    [bad] = [p for p in a.pairs if p.inconsistent]
    assert bad.items == ("t5", "t5r") and bad.atoms == ("more[shininess](coal, aluminium_foil)",
                                                        "more[shininess](aluminium_foil, coal)")
    assert a.consistency.summary()["conflicts_by_severity"]["error"] == 1
    assert b.consistency.summary()["conflicts_by_severity"]["error"] >= 8
    by_cat = {c.category: c for c in a.categories}
    assert (by_cat["order_of_intensity"].rate.successes, by_cat["order_of_intensity"].position) == (1, "below")
    assert a.section_b is not None and a.section_b.rate.n == 27
    lines = list(report.lines())
    assert {line["model"] for line in lines if "model" in line} == {"model-a", "model-b", "model-c"}
    t5 = next(line for line in lines if line.get("model") == "model-a" and line["item"] == "t5")
    assert (t5["answer"], t5["gold"], t5["correct"], t5["status"], t5["severity"]) == (True, False, False,
                                                                                       "conflict", "error")
    json.dumps(report.summary())


def test_converse_mismatch_and_self_contained_answers(tmp_path: Path) -> None:
    path = tmp_path / "answers.jsonl"
    rows = [{"model": "m", "id": "x", "question": "Is a town smaller than a country?", "gold": True, "answer": True},
            {"model": "m", "id": "y", "question": "Is a country bigger than a town?", "gold": True, "answer": False},
            {"model": "m", "id": "z", "question": "Do big and large have a similar meaning?", "gold": True,
             "answer": True},
            {"model": "m", "id": "w", "question": "Do large and big have a similar meaning?", "gold": True,
             "answer": False}]
    path.write_text("\n".join(json.dumps(r) for r in rows), "utf-8")
    [m] = score(read_answers(path)).models
    summary = m.reversal_summary()
    assert summary["converse_mismatch"] == {"pairs": 1, "inconsistent": 1, "rate": 1.0}
    assert summary["symmetric_mismatch"]["inconsistent"] == 1
    assert m.consistency.summary()["n_conflicts"] == 2


def test_no_answers_no_models() -> None:
    report = score([])
    assert report.models == () and report.summary()["models"] == []
