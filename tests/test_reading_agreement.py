"""How faithfully prontocheck reads real model text, measured against careful hand labels (issue 10).

Two reference sets, both made by reading the outputs, not by running prontocheck (tests/data/reading/README.md):

- ``styles.jsonl``: 40 realistic outputs in five styles (reasoning traces, Markdown chat answers, few-shot base
  models running on into a made-up problem, depth-first traces, OOD proofs), with labels per record and per
  sentence; in the repository, always run. Its per-record reading is also pinned in ``tests/golden/reading/``
  (regenerate with ``PRONTOCHECK_UPDATE_GOLDEN=1`` and review the diff).
- ``blind-a.jsonl`` … ``blind-f.jsonl``: 180 more outputs in the same schema, written blind (by helper sessions
  that had not read the reader) and labelled before prontocheck was run on them; pinned in ``tests/golden/reading/``
  too. The reader was mended on a … e (held to the issue's thresholds); f is still a measure.
- 120 of gpt-4o-mini's real Logic-LM answers (``../shared/data/prontoqa-logiclm-gpt4o-mini``), labelled per record;
  skipped when ../shared is not beside the checkout.

The thresholds are the issue's: a complete strict proof and a complete valid proof each agree on ≥95% of records,
the committed answer on ≥99%, "asserts a claim that does not follow" on ≥90%, and fewer than 3% of steps are
unparseable.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from prontocheck import check
from prontocheck.io.native import check_fields, record_from_object
from prontocheck.io.records import Record
from prontocheck.prontoqa.results import ExampleResult, Validity

READING = Path(__file__).resolve().parent / "data" / "reading"
GOLDEN = Path(__file__).resolve().parent / "golden" / "reading" / "styles.jsonl"
LOGICLM = Path(__file__).resolve().parents[2] / "shared" / "data" / "prontoqa-logiclm-gpt4o-mini" / "outputs.jsonl"
UPDATE_GOLDEN = os.environ.get("PRONTOCHECK_UPDATE_GOLDEN") == "1"


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _check(obj: dict[str, Any]) -> ExampleResult:
    record = record_from_object(obj, "reading", 1, check_fields(None))
    assert isinstance(record, Record), record
    return check(record.problem, record.output, id=record.id)


def _verdicts(result: ExampleResult) -> dict[str, object]:
    return {"predicted": result.label.predicted, "strict_proof": result.proof.strict,
            "valid_proof": result.proof.valid,
            "invalid_claim": any(s.validity is Validity.INVALID for s in result.steps)}


def _agreement(records: list[dict[str, Any]], labels: dict[str, dict[str, Any]]) -> tuple[dict[str, float], float]:
    agree = dict.fromkeys(("predicted", "strict_proof", "valid_proof", "invalid_claim"), 0)
    steps = unparseable = n = 0
    for obj in records:
        result = _check(obj)
        steps += len(result.steps)
        unparseable += sum(s.validity is Validity.UNPARSEABLE for s in result.steps)
        if obj["id"] not in labels:
            continue
        n += 1
        for key, value in _verdicts(result).items():
            agree[key] += value == labels[obj["id"]][key]
    return {key: count / n for key, count in agree.items()}, unparseable / steps


def _key(text: str) -> str:
    return re.sub(r"\W+", " ", text).strip().lower()


def test_the_styles_set_is_read_as_the_hand_labels_say() -> None:
    records = _lines(READING / "styles.jsonl")
    labels = {label["id"]: label for label in _lines(READING / "styles.labels.jsonl")}
    agreement, unparseable = _agreement(records, labels)
    assert agreement["predicted"] >= 0.99, agreement
    assert agreement["strict_proof"] >= 0.95 and agreement["valid_proof"] >= 0.95, agreement
    assert agreement["invalid_claim"] >= 0.90, agreement
    assert unparseable < 0.03, unparseable


def test_the_styles_set_sentence_kinds_and_cuts() -> None:
    records = {obj["id"]: obj for obj in _lines(READING / "styles.jsonl")}
    matched = same = cuts = 0
    labels = _lines(READING / "styles.labels.jsonl")
    for label in labels:
        result = _check(records[label["id"]])
        cuts += (result.cut_after_answer > 0) == label["cut_after_answer"]
        mine = {_key(s.text): s.kind.value for s in result.sentences}
        for sentence in label["sentences"]:
            if _key(sentence["text"]) in mine:
                matched += 1
                same += mine[_key(sentence["text"])] == sentence["kind"]
    total = sum(len(label["sentences"]) for label in labels)
    assert matched / total >= 0.98, (matched, total)  # the same sentences, cut the same way
    assert same / matched >= 0.95, (same, matched)
    assert cuts == len(labels)


BLIND = sorted(p for p in READING.glob("blind-*.jsonl") if not p.name.endswith(".labels.jsonl"))
"""The blind sets: outputs written by helper sessions that had not read the reader, labelled before it was run on
them (tests/data/reading/README.md); their reading is pinned like the styles set's."""
MENDED = [p for p in BLIND if p.stem in ("blind-a", "blind-b", "blind-c", "blind-d", "blind-e")]
"""The blind sets the reader was mended on (a development set now); the others are still a measure."""


def _blind(paths: list[Path]) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    records = [obj for path in paths for obj in _lines(path)]
    labels = {label["id"]: label for path in paths for label in _lines(path.with_name(path.stem + ".labels.jsonl"))}
    return records, labels


def test_the_blind_sets_are_read_as_the_hand_labels_say() -> None:
    records, labels = _blind(MENDED)
    assert len(records) == len(labels) == 150
    agreement, unparseable = _agreement(records, labels)
    # The thresholds (149 of 150 answers: one is written in Chinese, "所以答案是 True"): now 149, 143, 148,
    # 148 of 150 and 2.2% of steps unparseable.
    assert agreement["predicted"] >= 0.99, agreement
    assert agreement["strict_proof"] >= 0.95 and agreement["valid_proof"] >= 0.95, agreement
    assert agreement["invalid_claim"] >= 0.95, agreement
    assert unparseable < 0.03, unparseable


def test_the_unused_blind_set_as_first_measured() -> None:
    """blind-f, written blind while the reader was mended on blind-d and blind-e, and not used to mend (a held-out
    measure, pinned as measured so that a change shows): the answer on 30 of 30, a complete strict proof on 30, a
    complete valid proof on 30, a claim that does not follow on 28; 19 of 480 steps unparseable (4.0%). (blind-e,
    measured the same way before it was used: 30, 27, 30, 27 and 3.6%.) Mend on it, then write a fresh set."""
    records, labels = _blind([READING / "blind-f.jsonl"])
    agreement, unparseable = _agreement(records, labels)
    assert {key: round(value * 30) for key, value in agreement.items()} == {
        "predicted": 30, "strict_proof": 30, "valid_proof": 30, "invalid_claim": 28}
    assert round(unparseable, 3) == 0.040


def _compact(result: ExampleResult) -> dict[str, Any]:
    return {
        "id": result.id,
        "label": [result.label.predicted, result.label.reason, result.label.sentence],
        "proof": [result.proof.strict, result.proof.non_atomic, result.proof.broad, result.proof.valid],
        "cut_after_answer": result.cut_after_answer,
        "sentences": [[s.kind.value, s.text, list(s.steps)] for s in result.sentences],
        "steps": [[s.formula, s.validity.value, s.atomic, s.reason] for s in result.steps],
        "abandoned": sorted(result.abandoned),
    }


@pytest.mark.parametrize("name", ["styles", *(path.stem for path in BLIND)])
def test_the_reading_of_the_labelled_sets_is_pinned(name: str) -> None:
    golden = GOLDEN.with_name(f"{name}.jsonl")
    text = "".join(json.dumps(_compact(_check(obj)), ensure_ascii=False) + "\n"
                   for obj in _lines(READING / f"{name}.jsonl"))
    if UPDATE_GOLDEN:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8"), f"{golden} differs; see the module docstring to update it"


@pytest.mark.shared
def test_real_chat_answers_are_read_as_the_hand_labels_say() -> None:
    records = _lines(LOGICLM)
    labels = {label["id"]: label for label in _lines(READING / "logiclm-gpt4o-mini.labels.jsonl")}
    agreement, unparseable = _agreement(records, labels)
    assert agreement["predicted"] >= 0.99, agreement
    assert agreement["strict_proof"] >= 0.95 and agreement["valid_proof"] >= 0.95, agreement
    assert agreement["invalid_claim"] >= 0.90, agreement
    assert unparseable < 0.03, unparseable  # over all 500 records
