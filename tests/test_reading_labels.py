"""Well-formedness of the hand labels in tests/data/reading (the reference for measuring reading accuracy)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

READING = Path(__file__).resolve().parent / "data" / "reading"
LABELS = READING / "logiclm-gpt4o-mini.labels.jsonl"
SOURCE = Path(__file__).resolve().parents[2] / "shared" / "data" / "prontoqa-logiclm-gpt4o-mini" / "outputs.jsonl"
KEYS = {"id", "predicted", "strict_proof", "valid_proof", "invalid_claim", "answer_note", "notes"}


def _labels() -> list[dict[str, object]]:
    return [json.loads(line) for line in LABELS.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_every_label_has_the_documented_keys_and_types() -> None:
    labels = _labels()
    assert len(labels) == 120
    for label in labels:
        assert set(label) == KEYS, label["id"]
        assert label["predicted"] in (True, False, None), label["id"]
        for key in ("strict_proof", "valid_proof", "invalid_claim"):
            assert isinstance(label[key], bool), (label["id"], key)
        assert isinstance(label["notes"], str) and label["notes"].strip(), label["id"]
        # a missing answer must say why, and only a missing answer carries an answer note
        assert (label["predicted"] is None) == (label["answer_note"] is not None), label["id"]


def test_a_strict_proof_is_also_a_valid_proof() -> None:
    for label in _labels():
        if label["strict_proof"]:
            assert label["valid_proof"], label["id"]


def test_ids_are_unique() -> None:
    ids = [label["id"] for label in _labels()]
    assert len(set(ids)) == len(ids)


@pytest.mark.shared
def test_ids_are_the_seeded_sample_in_order() -> None:
    if not SOURCE.is_file():
        pytest.skip("what this test reads is missing from ../shared/data")
    records = [json.loads(line) for line in SOURCE.read_text(encoding="utf-8").splitlines() if line.strip()]
    sample = random.Random(10).sample(sorted(record["id"] for record in records), 120)
    assert [label["id"] for label in _labels()] == sample


@pytest.mark.shared
def test_labels_hold_no_record_text() -> None:
    if not SOURCE.is_file():
        pytest.skip("what this test reads is missing from ../shared/data")
    records = {json.loads(line)["id"]: json.loads(line) for line in SOURCE.read_text(encoding="utf-8").splitlines()}
    for label in _labels():
        record = records[label["id"]]
        assert record["context"] not in label["notes"]
        assert record["output"] not in label["notes"]
