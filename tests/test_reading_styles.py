"""The hand-labelled reading sets (tests/data/reading/styles*.jsonl, blind-*.jsonl) are well formed and consistent.

These tests check the data, not prontocheck: every listed sentence is in its output, in order, and together
they cover it; the record-level labels agree with the sentence-level ones; the records load as native JSONL.
Each records file is paired with its labels file (``X.jsonl`` with ``X.labels.jsonl``): the development set
``styles`` and every blind set ``blind-STEM`` (ids ``STEM-01`` ...).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from prontocheck.io import Record, RecordError, read_records

READING = Path(__file__).resolve().parent / "data" / "reading"
RECORDS_PATH = READING / "styles.jsonl"
LABELS_PATH = READING / "styles.labels.jsonl"
BLIND_PATHS = sorted(READING.glob("blind-*.jsonl"))
SETS = [RECORDS_PATH] + [path for path in BLIND_PATHS if not path.name.endswith(".labels.jsonl")]

STYLES = {"trace", "chat", "fewshot", "dfs", "ood"}
BLIND_STYLES = STYLES | {"format"}
KINDS = {"step", "commentary", "hypothetical", "answer", "unparseable", "backtrack"}
LABEL_KEYS = {"id", "predicted", "strict_proof", "valid_proof", "invalid_claim", "cut_after_answer",
              "answer_note", "notes", "sentences"}
OPTIONS = ["A) True", "B) False"]

# Text between two listed sentences may only be Markdown or list markup (table pipes and rules included),
# reasoning tags (<think>, Claude's <thinking>, Sky-T1's <|begin_of_thought|> ...) and whitespace.
MARKUP_TOKEN = re.compile(
    r"#{1,6}|\d{1,2}[.):]|[-*•]|-{3,}|</?think>|</?thinking>|<\|(?:begin|end)_of_(?:thought|solution)\|>"
    r"|\||(?:\|:?-{3,}:?)+\||Step|Case"
)
# Where a reasoning trace starts and ends: an answer inside it is tentative (to the end of the output when a
# truncated trace never closes).
OPENING_TAGS = ("<think>", "<thinking>", "<|begin_of_thought|>")
CLOSING_TAGS = ("</think>", "</thinking>", "<|end_of_thought|>")
# The query wordings: Logic-LM's, "True or false:", and the blind sets' others (no options on these).
QUERY_FORMS = [
    re.compile(r"Is the following statement true or false\? (?P<s>.+)"),
    re.compile(r"True or false: (?P<s>.+)"),
    re.compile(r"Is it true that (?P<s>.+)\?"),
    re.compile(r"Determine whether \"?(?P<s>.+?)\.?\"? is true or false\."),
    re.compile(r"Prove: (?P<s>.+)"),
]
# Claims are written in plain generator English (one short sentence, no final period).
CLAIM_FORMS = [
    re.compile(r"(?:[A-Z][a-z]+|\d+) is (?:not )?(?:an? )?[A-Za-z][A-Za-z -]*"),
    re.compile(r"Every [A-Za-z][A-Za-z -]* is (?:not )?(?:an? )?[A-Za-z][A-Za-z -]*"),
    re.compile(r"Everything that is an? [a-z]+ or an? [a-z]+ is (?:not )?an? [a-z]+"),
    re.compile(r"[A-Z][a-z]+ is (?:not )?an? [a-z]+ (?:and|or) [A-Z][a-z]+ is (?:not )?an? [a-z]+"),
    re.compile(r"Assume [A-Z][a-z]+ is (?:not )?an? [a-z]+"),
    re.compile(r"This contradicts with [A-Z][a-z]+ is (?:not )?an? [a-z]+"),
]
# A base model's run-on into a made-up next problem: PrOntoQA's next "Q:", Logic-LM's "------" separator, or
# (blind-c) Logic-LM's next "Context:" block without the separator.
RUN_ON_STARTS = ("Q:", "------", "Context:")
TRUE_WORD = re.compile(r"\btrue\b", re.IGNORECASE)
FALSE_WORD = re.compile(r"\bfalse\b", re.IGNORECASE)
# "Is it true that S?" may be answered yes/no (blind-j: "\boxed{\text{No}}").
YES_WORD = re.compile(r"\byes\b", re.IGNORECASE)
NO_WORD = re.compile(r"\bno\b", re.IGNORECASE)
# "So the answer is A." (blind-s, Gemini) names the letter after "answer is".
OPTION_LETTER = re.compile(r"(?:\boption is:? |\bOption |\{|Answer: |\banswer is:? |\(|^|\"answer\": \")([AB])\b")


def _jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as stream:
        return [json.loads(line) for line in stream if line.strip()]


def labels_path(records_path: Path) -> Path:
    """The labels file paired with a records file (``X.jsonl`` -> ``X.labels.jsonl``)."""
    return records_path.with_name(records_path.name.removesuffix(".jsonl") + ".labels.jsonl")


FILES = {path.name: (_jsonl(path), _jsonl(labels_path(path))) for path in SETS}
RECORDS, LABELS = FILES[RECORDS_PATH.name]
PAIRS = [(record, label) for records, labels in FILES.values() for record, label in zip(records, labels)]
IDS = [record["id"] for record, _ in PAIRS]
STYLES_IDS = {record["id"] for record in RECORDS}


def statement(query: str) -> str:
    """The query's statement S, without its final period.

    >>> statement('Determine whether "Max is sour" is true or false.')
    'Max is sour'
    >>> statement("Is it true that Max is not sour?")
    'Max is not sour'
    """
    for form in QUERY_FORMS:
        found = form.fullmatch(query)
        if found:
            return found["s"].rstrip(".")
    raise AssertionError(f"unknown query wording: {query!r}")


def goal(record: dict[str, Any]) -> str:
    """γ: S when the gold label is True (or absent, for a Prove query), else the gold chain's conclusion."""
    if record["gold_label"] in (True, None):
        return statement(record["query"])
    last = record["gold_cot"][-1].rstrip(".")
    return last.split(", ", 1)[1] if last.startswith("Since ") else last


def locate(output: str, sentences: list[dict[str, Any]]) -> tuple[str, list[int], int]:
    """Find every sentence, in order, in the output with bold markers removed.

    Returns that text, the start of each sentence and the end of the last one; fails on the first missing one.
    """
    text = output.replace("**", "")
    starts, pos = [], 0
    for sentence in sentences:
        found = text.find(sentence["text"], pos)
        assert found >= 0, f"not found after offset {pos}: {sentence['text']!r}"
        starts.append(found)
        pos = found + len(sentence["text"])
    return text, starts, pos


def answer_value(text: str) -> bool:
    """The truth value an answer statement commits to (true/false words, else yes/no, else an option letter).

    >>> answer_value(r"$\\boxed{\\text{No}}$")
    False
    """
    says_true, says_false = bool(TRUE_WORD.search(text)), bool(FALSE_WORD.search(text))
    if says_true != says_false:
        return says_true
    says_yes, says_no = bool(YES_WORD.search(text)), bool(NO_WORD.search(text))
    if says_yes != says_no:
        return says_yes
    letters = set(OPTION_LETTER.findall(text))
    assert len(letters) == 1, f"no single answer in {text!r}"
    return letters.pop() == "A"


@pytest.mark.parametrize("name", list(FILES))
def test_files_pair_up(name: str) -> None:
    records, labels = FILES[name]
    ids = [r["id"] for r in records]
    assert len(records) == len(labels) >= (40 if name == RECORDS_PATH.name else 1)
    assert [lab["id"] for lab in labels] == ids
    assert len(set(ids)) == len(ids)
    assert all(set(lab) == LABEL_KEYS for lab in labels)
    if name == RECORDS_PATH.name:
        assert {r["style"] for r in records} == STYLES
    else:
        stem = name.removeprefix("blind-").removesuffix(".jsonl")
        assert ids == [f"{stem}-{n:02d}" for n in range(1, len(ids) + 1)]
        assert {r["style"] for r in records} <= BLIND_STYLES


def test_ids_are_unique_across_files() -> None:
    assert len(set(IDS)) == len(IDS)


@pytest.mark.parametrize(("record", "label"), PAIRS, ids=IDS)
def test_record_fields(record: dict[str, Any], label: dict[str, Any]) -> None:
    if record["id"] in STYLES_IDS:
        assert record["id"].startswith(f"{record['style']}-")
        assert not record["query"].startswith(("Is it true", "Determine", "Prove"))
    assert isinstance(record["model"], str) and record["model"]
    assert isinstance(record["gold_label"], bool) or (
        record["gold_label"] is None and record["query"].startswith("Prove: "))
    assert isinstance(record["gold_cot"], list) and record["gold_cot"]
    assert statement(record["query"])
    if "options" in record:
        assert record["options"] == OPTIONS
        assert record["query"].startswith("Is the following statement true or false? ")
    else:
        assert not record["query"].startswith("Is the following statement true or false? ")
    assert label["predicted"] in (True, False, None)
    for key in ("strict_proof", "valid_proof", "invalid_claim", "cut_after_answer"):
        assert isinstance(label[key], bool), key
    assert isinstance(label["notes"], str) and label["notes"]


@pytest.mark.parametrize(("record", "label"), PAIRS, ids=IDS)
def test_sentences_cover_the_output_in_order(record: dict[str, Any], label: dict[str, Any]) -> None:
    sentences = label["sentences"]
    text, starts, end = locate(record["output"], sentences)
    ends = [start + len(s["text"]) for start, s in zip(starts, sentences)]
    gaps = [text[:starts[0]]] + [text[ends[i - 1]:starts[i]] for i in range(1, len(sentences))]
    if not label["cut_after_answer"]:
        gaps.append(text[end:])
    for gap in gaps:
        leftover = [token for token in gap.split() if not MARKUP_TOKEN.fullmatch(token)]
        assert not leftover, f"text not listed as a sentence: {gap!r}"


@pytest.mark.parametrize(("record", "label"), PAIRS, ids=IDS)
def test_sentence_kinds_and_claims(record: dict[str, Any], label: dict[str, Any]) -> None:
    for sentence in label["sentences"]:
        assert set(sentence) == {"text", "kind", "claims", "invalid"}
        assert sentence["kind"] in KINDS
        assert sentence["text"] == sentence["text"].strip() and "\n" not in sentence["text"]
        if sentence["kind"] == "step":
            assert sentence["claims"], sentence["text"]
        else:
            assert not sentence["claims"] and not sentence["invalid"], sentence["text"]
        assert set(sentence["invalid"]) <= set(sentence["claims"]), sentence["text"]
        for claim in sentence["claims"]:
            assert any(form.fullmatch(claim) for form in CLAIM_FORMS), claim


@pytest.mark.parametrize(("record", "label"), PAIRS, ids=IDS)
def test_record_labels_agree_with_sentences(record: dict[str, Any], label: dict[str, Any]) -> None:
    sentences = label["sentences"]
    assert label["invalid_claim"] == any(s["invalid"] for s in sentences)
    assert not label["strict_proof"] or label["valid_proof"]
    claimed = {c for s in sentences if s["kind"] == "step" for c in s["claims"] if c not in s["invalid"]}
    if label["valid_proof"] or record["rule"] == "modus-ponens":
        assert label["valid_proof"] == (goal(record) in claimed), goal(record)
    if record["style"] == "dfs":
        assert any(s["kind"] == "backtrack" for s in sentences)
    else:
        assert all(s["kind"] != "backtrack" for s in sentences)


@pytest.mark.parametrize(("record", "label"), PAIRS, ids=IDS)
def test_predicted_is_the_last_committed_answer(record: dict[str, Any], label: dict[str, Any]) -> None:
    sentences = label["sentences"]
    text, starts, _ = locate(record["output"], sentences)
    closing = max(text.find(tag) for tag in CLOSING_TAGS)
    if closing < 0 and any(tag in text for tag in OPENING_TAGS):
        closing = len(text)
    committed = [s for s, start in zip(sentences, starts) if s["kind"] == "answer" and start > closing]
    if label["predicted"] is None:
        assert not committed
        assert label["answer_note"]
    else:
        assert committed
        assert answer_value(committed[-1]["text"]) is label["predicted"]


@pytest.mark.parametrize(("record", "label"), PAIRS, ids=IDS)
def test_cut_after_answer_means_a_new_problem_follows(record: dict[str, Any], label: dict[str, Any]) -> None:
    text, _, end = locate(record["output"], label["sentences"])
    rest = text[end:].lstrip()
    assert label["cut_after_answer"] == rest.startswith(RUN_ON_STARTS)
    if label["cut_after_answer"]:
        assert label["sentences"][-1]["kind"] == "answer"


@pytest.mark.parametrize("name", list(FILES))
def test_records_load_as_native_jsonl(name: str) -> None:
    records, _ = FILES[name]
    items = list(read_records(str(READING / name)))
    errors = [str(item) for item in items if isinstance(item, RecordError)]
    assert not errors
    loaded = [item for item in items if isinstance(item, Record)]
    assert [item.id for item in loaded] == [r["id"] for r in records]
    assert [item.output for item in loaded] == [r["output"] for r in records]
    assert [item.problem.gold_label for item in loaded] == [r["gold_label"] for r in records]
    assert {item.metadata["style"] for item in loaded} == {r["style"] for r in records}
