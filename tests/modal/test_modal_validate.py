"""Validating gold labels: the full generated grid, under the default semantics and the five variants.

The full grid (14,400 items, six semantics) is validated once per test session; it takes a few
seconds (measured: about 1 s for reading, parsing and deciding under one semantics, plus about 0.2 s per
further semantics, on one core).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from prontocheck.modal import COLUMNS, DEFAULT
from prontocheck.modal.benchmark import generate
from prontocheck.modal.certificates import Countermodel, Proof
from prontocheck.modal.checker import check
from prontocheck.modal.items import ItemError, ModalItem, ModalParseError
from prontocheck.modal.validate import ValidationReport, summarize_validation, validate_file, validate_items

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "modal"
PROPOSITION_LEVEL = {("TRUTH", "aff"), ("TRUTH", "neg"), ("CORRECT", "aff"), ("CORRECT", "neg"), ("DIRECT", "aff"),
                     ("DIRECT", "neg"), ("NOT-CORRECT", "neg")}
INVALID = {"conjunctivitis", "might_probably", "probably_certain"}


@pytest.fixture(scope="module")
def report() -> tuple[ValidationReport, float]:
    items = [ModalItem.from_json(g.to_json()) for g in generate()]
    start = time.perf_counter()
    out = summarize_validation(validate_items(items, COLUMNS), COLUMNS)
    return out, time.perf_counter() - start


def test_full_grid_validates_in_seconds(report: tuple[ValidationReport, float]) -> None:
    full, seconds = report
    assert not full.errors
    assert sum(g.n for g in full.reports[0].groups.values()) == 14_400
    assert seconds < 20, f"validating the full grid under six semantics took {seconds:.1f} s"


def test_default_semantics_contradicts_no_gold_label(report: tuple[ValidationReport, float]) -> None:
    default = report[0].reports[0]
    assert default.semantics == DEFAULT
    assert default.total == {"licensed": 14_400 - 21 * 80 - 7 * 80, "undetermined": 28 * 80}
    # Exactly the proposition-level questions on the three invalid patterns are not licensed: their
    # conclusion is contingent (neither entailed nor refuted).
    findings = {key: g for key, g in default.not_licensed()}
    assert set(findings) == {(p, f, pol) for p in INVALID for f, pol in PROPOSITION_LEVEL}
    for (pattern, _, _), g in findings.items():
        assert g.status["undetermined"] == g.n == (160 if pattern == "conjunctivitis" else 80)
        example = g.example
        assert example is not None and example.answer is None
        j = example.judgement
        # A countermodel for each side: the conclusion can fail, and it can hold.
        assert isinstance(j.without_conclusion, Countermodel) and isinstance(j.with_conclusion, Countermodel)
        check([*j.premises, example.question.asked], j.atoms, j.semantics, j.with_conclusion
              if example.question.polarity == "aff" else j.without_conclusion)
        line = example.to_json()
        assert line["gold_status"] == "undetermined"
        assert line["certificates"]["premises_and_conclusion"]["kind"] == "model"


@pytest.mark.parametrize("column", range(1, 6), ids=[s.label for s in COLUMNS[1:]])
def test_variant_semantics_contradict_the_sensitive_patterns(report: tuple[ValidationReport, float],
                                                             column: int) -> None:
    variant = report[0].reports[column]
    flipped = {"chancy_modus_ponens", "chancy_modus_tollens", "conditional_to_comparative"} \
        if column in (1, 2, 4, 5) else set()
    if column >= 3:
        flipped.add("probably_not_probably_not")
    contradicted = {key[0] for key, g in variant.groups.items() if g.status["contradicted"]}
    assert contradicted == flipped
    for key, g in variant.not_licensed():
        if key[0] in flipped and key[1] in ("VALID", "FOLLOW"):
            assert g.example is not None and isinstance(g.example.judgement.without_conclusion, Countermodel)
    assert variant.total["contradicted"] == len(flipped) * 5 * 80  # VALID±, FOLLOW±, NOT-VALID per pattern


def test_every_item_line_has_the_documented_fields() -> None:
    [line] = [r[0].to_json() for r in validate_items([ModalItem.from_json(next(generate()).to_json())])]
    assert {"id", "pattern", "form", "polarity", "premises", "conclusion", "verdict", "answer", "gold",
            "gold_status", "certificates"} <= set(line)
    assert line["verdict"] == "entailed" and line["answer"] == "Yes" and line["gold_status"] == "licensed"
    assert line["certificates"]["premises_and_not_conclusion"]["kind"] == "proof"


def test_hand_written_items() -> None:
    results = list(validate_file(str(FIXTURES / "items.jsonl")))
    by_id = {(r.id if isinstance(r, ItemError) else r[0].item.id): r for r in results}
    assert len(results) == 6
    ok = {k: v for k, v in by_id.items() if not isinstance(v, ItemError)}
    assert {k: v[0].gold_status for k, v in ok.items()} == {
        "cmp-follow": "licensed", "pnpn-direct-neg": "licensed", "conjunctivitis-truth": "undetermined",
        "wrong-gold": "contradicted"}
    wrong = ok["wrong-gold"][0]
    assert wrong.answer == "Yes" and isinstance(wrong.judgement.without_conclusion, Proof)
    bad = by_id["unparseable"]
    assert isinstance(bad, ItemError) and isinstance(bad.error, ModalParseError)
    assert bad.to_json()["error"]["column"] == 8 and bad.to_json()["id"] == "unparseable"
    assert isinstance(by_id["incomplete"], ItemError)
