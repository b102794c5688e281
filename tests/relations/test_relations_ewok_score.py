"""Scoring models on EWoK (prontocheck.relations.ewok_score): the paper's three measures, two comparisons per
item, ties half, accuracy per model and domain with Wilson intervals, and preferences against a derivation."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from prontocheck.cli.relations import relations
from prontocheck.relations.errors import ItemError, LabelError
from prontocheck.relations.ewok import analyze_pair
from prontocheck.relations.ewok_score import Measure, result_of, score_ewok
from prontocheck.relations.loading import shipped_schema

SHARED_DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
ITEM = {"id": "e1", "domain": "spatial-relations", "Context1": "The cup is to the left of the bowl.",
        "Context2": "The cup is to the right of the bowl.", "Target1": "The bowl is to the right of the cup.",
        "Target2": "The bowl is to the left of the cup."}


@pytest.mark.parametrize(("record", "measure", "scores"), [
    ({"id": "a", "logprobs": {"C1T1": -3.0, "C2T1": -5.0, "C1T2": -4.0, "C2T2": -2.5}}, Measure.LOGPROBS, (1, 1)),
    ({"id": "a", "logp_C1_T1": -6, "logp_C2_T1": -5, "logp_C1_T2": -4, "logp_C2_T2": -4}, Measure.LOGPROBS, (0, .5)),
    ({"id": "a", "logprob_context1_target1": -1, "logprob_context2_target1": -2, "logprob_context1_target2": -2,
      "logprob_context2_target2": -1}, Measure.LOGPROBS, (1, 1)),
    ({"id": "a", "likert": {"c1t1": 5, "c2t1": 1, "c1t2": 3, "c2t2": 3}}, Measure.LIKERT, (1, .5)),
    ({"id": "a", "likert_C1_T1": 2, "likert_C2_T1": 4, "likert_C1_T2": 1, "likert_C2_T2": 5}, Measure.LIKERT, (0, 1)),
    ({"id": "a", "choice": {"T1": 1, "T2": "C2"}}, Measure.CHOICE, (1, 1)),
    ({"id": "a", "choice_T1": "Context2", "choice_T2": 2}, Measure.CHOICE, (0, 1)),
])
def test_each_measure(record: dict[str, Any], measure: Measure, scores: tuple[float, float]) -> None:
    result = result_of(record)
    assert result.measure is measure and tuple(c.score for c in result.comparisons) == scores


@pytest.mark.parametrize(("record", "reason"), [
    ({"logprobs": {"C1T1": 1}}, "needs the item's 'id'"),
    ({"id": "a"}, "no log-probabilities, Likert ratings or choices"),
    ({"id": "a", "logprobs": {"C1T1": -1, "C2T1": -2}}, "no value for C1T2, C2T2"),
    ({"id": "a", "logprobs": {"C1T1": -1, "C2T1": "x", "C1T2": -1, "C2T2": -1}}, "must be a number"),
    ({"id": "a", "logprobs": {"C1T1": -1, "C2T1": True, "C1T2": -1, "C2T2": -1}}, "must be a number"),
    ({"id": "a", "choice": {"T1": 3, "T2": 1}}, "must be 1 or 2"),
    ({"id": "a", "choice": {"T1": 1}}, "no context chosen for T2"),
    ({"id": "a", "choice": {"T1": 1, "T2": 2}, "likert": {"C1T1": 1, "C2T1": 2, "C1T2": 3, "C2T2": 4}},
     "more than one measure"),
])
def test_malformed_results_are_named(record: dict[str, Any], reason: str) -> None:
    with pytest.raises(LabelError, match=reason):
        result_of(record)


def test_accuracy_per_model_and_domain_with_ties_half() -> None:
    records: list[dict[str, Any] | ItemError] = [
        {"id": "a", "model": "m", "domain": "d1", "likert": {"C1T1": 5, "C2T1": 1, "C1T2": 3, "C2T2": 3}},
        {"id": "b", "model": "m", "domain": "d2", "choice": {"T1": 2, "T2": 2}},
        {"id": "c", "model": "n", "logprobs": {"C1T1": -1, "C2T1": -2, "C1T2": -2, "C2T2": -1}},
        {"id": "d", "model": "n"},
        ItemError("e", 5, "not JSON"),
    ]
    report = score_ewok(records, domains={"c": "d1"})
    m, n = report.models["m"], report.models["n"]
    assert (m.overall.successes, m.overall.n, m.ties, m.items, m.both_right) == (2.5, 4, 1, 2, 0)
    assert m.by_domain["d1"].value == 0.75 and m.by_domain["d2"].value == 0.5
    assert n.overall.value == 1.0 and list(n.by_domain) == ["d1"] and n.both_right == 1
    assert [e.item for e in report.errors] == ["d", "e"] and report.errors[0].line == 4
    assert m.to_json()["overall"]["ci95"][0] < 0.625 < m.to_json()["overall"]["ci95"][1]


def test_a_preference_against_a_derivation_is_listed_with_it() -> None:
    pair = analyze_pair(ITEM, shipped_schema())
    wrong = {"id": "e1", "choice": {"T1": 2, "T2": 2}}  # T1 put with C2, which contradicts it
    report = score_ewok([wrong], {"e1": pair})
    [against] = report.against
    assert (against.target, against.preferred, against.verdicts) == (1, 2, ("entailed", "contradicted"))
    assert against.derivation and any("C2.1" in line for line in against.derivation)
    assert report.models["(model)"].by_domain == {"spatial-relations": report.models["(model)"].overall}
    assert score_ewok([{"id": "e1", "choice": {"T1": 1, "T2": 2}}], {"e1": pair}).against == []


@given(st.lists(st.tuples(st.floats(-50, 0), st.floats(-50, 0), st.floats(-50, 0), st.floats(-50, 0)),
                min_size=1, max_size=20))
def test_accuracy_is_the_mean_of_the_comparisons(values: list[tuple[float, float, float, float]]) -> None:
    records: list[dict[str, Any] | ItemError] = [
        {"id": str(i), "logprobs": {"C1T1": a, "C2T1": b, "C1T2": c, "C2T2": d}}
        for i, (a, b, c, d) in enumerate(values)]
    expected = [(1.0 if own > other else 0.5 if own == other else 0.0) for a, b, c, d in values
                for own, other in ((a, b), (d, c))]
    rate = score_ewok(records).models["(model)"].overall
    assert rate.n == len(expected) and rate.successes == pytest.approx(sum(expected))


def test_the_command(tmp_path: Path) -> None:
    items, results = tmp_path / "items.jsonl", tmp_path / "results.jsonl"
    items.write_text(json.dumps(ITEM) + "\n")
    results.write_text(json.dumps({"id": "e1", "model": "m", "choice": {"T1": 2, "T2": 2}}) + "\n" + "oops\n")
    out = CliRunner().invoke(relations, ["ewok-score", str(results), "--items", str(items), "-f", "json", "-q",
                                         "-o", str(tmp_path / "against.jsonl")])
    assert out.exit_code == 0, out.output
    summary = json.loads(out.output)
    assert summary["models"]["m"]["overall"]["value"] == 0.5
    assert summary["models"]["m"]["by_domain"]["spatial-relations"]["n"] == 2
    assert len(summary["errors"]) == 1 and summary["unanalysed_items"] == 0
    [line] = (tmp_path / "against.jsonl").read_text().splitlines()
    assert json.loads(line)["item"] == "e1"


@pytest.mark.shared
def test_the_development_items(tmp_path: Path) -> None:
    """An oracle that always prefers the target's own context scores 1 in each of the eleven domains."""
    with zipfile.ZipFile(SHARED_DATA / "ewok-dev" / "ewok-dev.zip") as z:
        z.extract("items.jsonl", tmp_path, pwd=b"ewok")  # (into a temporary folder: never written elsewhere)
    items = [json.loads(line) for line in (tmp_path / "items.jsonl").read_text().splitlines()]
    oracle = [{"id": it["id"], "logprobs": {"C1T1": -1, "C2T1": -9, "C1T2": -9, "C2T2": -1}} for it in items]
    report = score_ewok(oracle, domains={it["id"]: it["domain"] for it in items})
    m = report.models["(model)"]
    assert m.overall.value == 1.0 and m.items == len(items) == 904 and len(m.by_domain) == 11
