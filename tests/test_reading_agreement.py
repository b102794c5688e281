"""How faithfully prontocheck reads real model text, measured against careful hand labels (issue 10).

Two reference sets, both made by reading the outputs, not by running prontocheck (tests/data/reading/README.md):

- ``styles.jsonl``: 40 realistic outputs in five styles (reasoning traces, Markdown chat answers, few-shot base
  models running on into a made-up problem, depth-first traces, OOD proofs), with labels per record and per
  sentence; in the repository, always run. Its per-record reading is also pinned in ``tests/golden/reading/``
  (regenerate with ``PRONTOCHECK_UPDATE_GOLDEN=1`` and review the diff).
- ``blind-a.jsonl`` … ``blind-t.jsonl``: 600 more outputs in the same schema, written blind (by helper sessions
  that had not read the reader) and labelled before prontocheck was run on them; pinned in ``tests/golden/reading/``
  too. Each set was measured before it was used (:data:`FIRST_MEASURED`); the reader was then mended on a … r (held
  to the issue's thresholds); s and t are still a measure.
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
FIRST_MEASURED = {
    # set: (answer, strict proof, valid proof, claim that does not follow) of 30, and the share of steps unparseable,
    # as measured before the set was used to mend the reader (the reader of the commit before its merge)
    "blind-c": (30, 26, 27, 28, 0.128), "blind-d": (30, 25, 29, 30, 0.069), "blind-e": (30, 27, 30, 27, 0.036),
    "blind-f": (30, 30, 30, 28, 0.042), "blind-g": (30, 28, 30, 29, 0.061), "blind-h": (30, 30, 30, 28, 0.033),
    "blind-i": (29, 28, 30, 30, 0.039), "blind-j": (29, 29, 30, 28, 0.044), "blind-k": (30, 29, 30, 28, 0.047),
    "blind-l": (30, 28, 30, 30, 0.035), "blind-m": (29, 29, 30, 30, 0.021), "blind-n": (30, 30, 30, 29, 0.028),
    "blind-o": (30, 28, 29, 30, 0.051), "blind-p": (30, 30, 30, 30, 0.025), "blind-q": (29, 28, 30, 30, 0.038),
    "blind-r": (30, 30, 30, 28, 0.026),
}
"""Each blind set's agreement when it was still held out (tests/data/reading/README.md): the honest estimate of how
the reader generalises. A set listed here has since been used to mend the reader; one not listed is still unused."""
MENDED = [p for p in BLIND if p.stem in FIRST_MEASURED]
"""The blind sets the reader was mended on (a development set now); the others are still a measure."""
UNUSED = [p for p in BLIND if p.stem not in FIRST_MEASURED and p.stem not in ("blind-a", "blind-b")]


def _blind(paths: list[Path]) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    records = [obj for path in paths for obj in _lines(path)]
    labels = {label["id"]: label for path in paths for label in _lines(path.with_name(path.stem + ".labels.jsonl"))}
    return records, labels


def test_the_blind_sets_are_read_as_the_hand_labels_say() -> None:
    records, labels = _blind([READING / "blind-a.jsonl", READING / "blind-b.jsonl", *MENDED])
    assert len(records) == len(labels) == 540
    agreement, unparseable = _agreement(records, labels)
    # The thresholds: now 540, 529, 538 and 530 of 540, and 1.9% of steps unparseable.
    assert agreement["predicted"] >= 0.99, agreement
    assert agreement["strict_proof"] >= 0.95 and agreement["valid_proof"] >= 0.95, agreement
    assert agreement["invalid_claim"] >= 0.95, agreement
    assert unparseable < 0.03, unparseable


UNUSED_AS_MEASURED: dict[str, tuple[int, int, int, int, float]] = {
    "blind-s": (30, 29, 30, 28, 0.028), "blind-t": (30, 29, 30, 30, 0.029),
}
"""The sets still unused, pinned as first measured so that a change shows (then mend on them and write fresh ones)."""


@pytest.mark.parametrize("path", UNUSED, ids=[p.stem for p in UNUSED])
def test_the_unused_blind_sets_as_first_measured(path: Path) -> None:
    records, labels = _blind([path])
    agreement, unparseable = _agreement(records, labels)
    measured = (*(round(agreement[key] * len(records)) for key in ("predicted", "strict_proof", "valid_proof",
                                                                     "invalid_claim")), round(unparseable, 3))
    assert measured == UNUSED_AS_MEASURED[path.stem]


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
