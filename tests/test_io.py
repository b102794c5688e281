from __future__ import annotations

import bz2
import gzip
import io
import itertools
import json
import lzma
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from prontocheck import check
from prontocheck.errors import InputError, UsageError
from prontocheck.io import FORMATS, Record, RecordError, detect_format, read_records
from prontocheck.io.native import parse_native
from prontocheck.io.original import parse_json, parse_log

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

CTX = "Every cat is a feline. Fae is a cat."
QUERY = "True or false: Fae is a feline."
OUT = "Fae is a cat. Every cat is a feline. Fae is a feline. True"


def native_line(**fields: object) -> str:
    obj: dict[str, object] = {"context": CTX, "query": QUERY, "output": OUT}
    obj.update(fields)
    return json.dumps({k: v for k, v in obj.items() if v is not ...})


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def records(items: list[Record | RecordError]) -> list[Record]:
    assert all(isinstance(r, Record) for r in items), [str(r) for r in items if isinstance(r, RecordError)]
    return [r for r in items if isinstance(r, Record)]


def errors(items: list[Record | RecordError]) -> list[RecordError]:
    return [r for r in items if isinstance(r, RecordError)]


# --- native JSON Lines ---------------------------------------------------------------------------


def test_native_happy_path(tmp_path: Path) -> None:
    path = write(tmp_path / "run.jsonl", "\n".join([
        native_line(id="a1", gold_cot=["Fae is a cat.", "Fae is a feline."], gold_label="TRUE", model="m", step=3),
        "",
        native_line(gold_cot="Fae is a cat. Fae is a feline.", gold_label=False),
        native_line(id=17, gold_label="no"),
        native_line(file="elsewhere.jsonl", gold_label="Yes"),
    ]) + "\n")
    first, third, fourth, fifth = records(list(read_records(path)))
    assert first.problem.context == CTX and first.problem.query == QUERY and first.output == OUT
    assert first.problem.gold_cot == ("Fae is a cat.", "Fae is a feline.") and first.problem.gold_label is True
    assert (first.id, first.file, first.line) == ("a1", path, 1)
    assert first.metadata == {"model": "m", "step": 3, "file": path}
    assert (third.id, third.line, third.problem.gold_cot, third.problem.gold_label) == (
        f"{path}:3", 3, "Fae is a cat. Fae is a feline.", False)
    assert fourth.id == "17" and fourth.problem.gold_label is False and fourth.problem.gold_cot is None
    assert fifth.metadata["file"] == "elsewhere.jsonl" and fifth.file == path and fifth.problem.gold_label is True


def test_native_field_mapping_and_dotted_paths(tmp_path: Path) -> None:
    line = json.dumps({
        "doc": {"question": CTX, "q": QUERY, "gold": {"label": "false"}},
        "resps": [[OUT]],
        "uid": "x-1",
        "output": "not this one",
        "a.b": "literal dotted key",
    })
    path = write(tmp_path / "lm.jsonl", line + "\n")
    fields = {"context": "doc.question", "query": "doc.q", "output": "resps.0.0", "gold_label": "doc.gold.label",
              "id": "uid", "gold_cot": "a.b"}
    [rec] = records(list(read_records(path, fields=fields)))
    assert (rec.problem.context, rec.problem.query, rec.output, rec.id) == (CTX, QUERY, OUT, "x-1")
    assert rec.problem.gold_label is False and rec.problem.gold_cot == "literal dotted key"
    assert rec.metadata == {"doc": json.loads(line)["doc"], "resps": [[OUT]], "output": "not this one", "file": path}
    [err] = errors(list(read_records(path, fields={**fields, "output": "resps.1"})))
    assert str(err).startswith(f"{path}:1: missing field 'output' (key 'resps.1') (keys seen: a.b, doc, ")


def test_native_unknown_field_name_is_a_usage_error(tmp_path: Path) -> None:
    path = write(tmp_path / "x.jsonl", native_line() + "\n")
    with pytest.raises(UsageError) as info:
        read_records(path, fields={"outptu": "response"})
    message = str(info.value)
    assert "'outptu'" in message and all(name in message for name in ("context", "query", "output", "gold_label"))
    with pytest.raises(UsageError):
        list(parse_native([], "x", {"label": "y"}))


def test_native_bad_lines_are_reported_with_file_and_line(tmp_path: Path) -> None:
    lines = [
        native_line(),                                   # 1 fine
        "{not json",                                     # 2
        "[1, 2]",                                        # 3
        native_line(output=...),                         # 4
        native_line(context=42),                         # 5
        native_line(gold_label="maybe"),                 # 6
        "",                                              # 7 blank: skipped
        native_line(gold_cot=[1, 2]),                    # 8
        native_line(query=None, id="q9"),                # 9
        native_line(gold_label=1),                       # 10
        native_line(output=["Fae is a cat.", 7]),        # 11
        native_line(),                                   # 12 fine: one bad line never stops the file
    ]
    path = write(tmp_path / "bad.jsonl", "\n".join(lines) + "\n")
    items = list(read_records(path, input_format="native"))
    assert [r.line for r in items] == [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
    assert isinstance(items[0], Record) and isinstance(items[-1], Record)
    messages = [str(e) for e in errors(items)]
    assert messages[0].startswith(f"{path}:2: not JSON: Expecting property name")
    assert messages[1] == f"{path}:3: not a JSON object: [1, 2]"
    assert messages[2].startswith(f"{path}:4: missing field 'output' (keys seen: context, ")
    assert messages[3] == f"{path}:5: field 'context' must be a string, got 42"
    assert messages[4] == f'{path}:6: field \'gold_label\' must be true/false/yes/no or a boolean, got "maybe"'
    assert messages[5] == f"{path}:8: field 'gold_cot' must be a string or a list of strings, got [1, 2]"
    assert messages[6] == f"{path}:9: field 'query' must be a string, got null"
    assert messages[7] == f"{path}:10: field 'gold_label' must be true/false/yes/no or a boolean, got 1"
    assert messages[8] == f'{path}:11: field \'output\' must be a string or a list of strings, got ["Fae is a cat.", 7]'
    assert errors(items)[6].id == "q9" and errors(items)[2].id == f"{path}:4"


def test_native_output_may_be_a_list_of_steps(tmp_path: Path) -> None:
    # A list item is a line: an item without a full stop stays one sentence, never merged with the next.
    steps = ["Fae is a cat", "Every cat is a feline.", "Fae is a feline.", "True"]
    path = write(tmp_path / "steps.jsonl", native_line(output=steps) + "\n")
    [rec] = list(read_records(path))
    assert isinstance(rec, Record) and rec.output == "\n".join(steps)
    result = check(rec.problem, rec.output)
    assert [s.text for s in result.steps] == steps[:3] and result.label.predicted is True


def test_native_problem_spec_field_as_rl_dumps_carry_it(tmp_path: Path) -> None:
    # A verl rollout dump: the spec the reward function read is in "gts", the completion in "output".
    spec = {"context": [CTX], "query": QUERY, "gold_label": "True"}
    lines = [
        json.dumps({"input": "<|im_start|>user ...", "output": OUT, "gts": json.dumps(spec), "score": 1.0, "step": 3}),
        json.dumps({"output": OUT, "gts": spec, "gold_label": False}),   # a field given on its own wins
        json.dumps({"output": OUT, "gts": "True", "context": CTX, "query": QUERY}),  # answer-only spec
        json.dumps({"output": OUT, "gts": "True"}),                      # ... needs context and query
        json.dumps({"output": OUT, "gts": "{not json"}),
    ]
    path = write(tmp_path / "10.jsonl", "\n".join(lines) + "\n")
    items = list(read_records(path, fields={"problem": "gts"}))
    good = [r for r in items if isinstance(r, Record)]
    assert [r.problem.gold_label for r in good] == [True, False, True]
    assert good[0].problem.query == QUERY and good[0].metadata["step"] == 3 and "gts" not in good[0].metadata
    assert check(good[0].problem, good[0].output).proof.strict
    bad = errors(items)
    assert [e.line for e in bad] == [4, 5]
    assert "missing field 'context' (keys seen: gts, output; " in str(bad[0])
    assert "field 'problem' (key 'gts'): a problem spec must be JSON or True/False" in str(bad[1])


def test_native_prompt_field_reads_the_last_question(tmp_path: Path) -> None:
    # lm-eval / inspect / verl dumps keep the prompt the model saw, few-shot examples and chat tokens included.
    prompt = ("<|im_start|>user\nQ: Every dog is a canine. Rex is a dog. True or false: Rex is a canine.\n"
              "A: Rex is a dog. Every dog is a canine. Rex is a canine. True\n\n"
              f"Q: {CTX} {QUERY}\nA:<|im_end|>\n<|im_start|>assistant\n")
    lines = [json.dumps({"input": prompt, "output": OUT, "target": "True"}),
             json.dumps({"input": "What is 2 + 2?", "output": OUT}),
             json.dumps({"input": prompt, "context": CTX, "query": "Prove: Fae is a feline.", "output": OUT})]
    path = write(tmp_path / "samples.jsonl", "\n".join(lines) + "\n")
    items = list(read_records(path, fields={"prompt": "input", "gold_label": "target"}))
    first, bad, third = items
    assert isinstance(first, Record) and (first.problem.context, first.problem.query) == (CTX, QUERY)
    assert first.problem.gold_label is True and check(first.problem, first.output).proof.strict
    assert isinstance(bad, RecordError) and "field 'prompt' (key 'input'): the prompt asks no" in str(bad)
    assert isinstance(third, Record) and third.problem.query == "Prove: Fae is a feline."  # fields win


def test_native_parser_streams_lazily() -> None:
    endless = (native_line(id=i) + "\n" for i in itertools.count())
    first = list(itertools.islice(parse_native(endless, "inf"), 3))
    assert [r.id for r in first] == ["0", "1", "2"]


@pytest.mark.parametrize("compress", [gzip.compress, bz2.compress, lzma.compress])
def test_compressed_input_is_found_by_magic_bytes(tmp_path: Path, compress: object) -> None:
    path = tmp_path / "plain-name.jsonl"  # no .gz/.bz2/.xz extension: detection is by content
    assert callable(compress)
    path.write_bytes(compress((native_line(id="z") + "\n").encode()))
    assert detect_format(str(path)) == "native"
    [rec] = records(list(read_records(str(path))))
    assert rec.id == "z" and rec.output == OUT


def test_utf8_bom_and_invalid_bytes(tmp_path: Path) -> None:
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + native_line(id="caf\xe9").encode() + b"\n" + b"{\"x\": \"\xff\"}\n")
    first, second = list(read_records(str(path)))
    assert isinstance(first, Record) and first.id == "café"
    assert isinstance(second, RecordError) and second.line == 2


def test_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    data = gzip.compress(("\n" + native_line(id="s1") + "\n" + native_line(id="s2") + "\n").encode())
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    items = records(list(read_records("-")))
    assert [(r.id, r.file, r.line) for r in items] == [("s1", "-", 2), ("s2", "-", 3)]
    assert items[0].metadata["file"] == "-"


def test_unreadable_inputs_raise_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError) as info:
        list(read_records(str(tmp_path / "missing.jsonl")))
    assert info.value.line is None and info.value.file.endswith("missing.jsonl")
    broken = tmp_path / "broken.gz"
    broken.write_bytes(gzip.compress((native_line() + "\n").encode() * 200)[:-30])
    with pytest.raises(InputError):
        list(read_records(str(broken)))
    zstd = tmp_path / "x.zst"
    zstd.write_bytes(b"\x28\xb5\x2f\xfd" + b"\0" * 10)
    with pytest.raises(InputError, match="zstd"):
        list(read_records(str(zstd)))


# --- the original experiment log -----------------------------------------------------------------

TF_LOG = """\
Q: Every cat is a feline. Rex is a cat. True or false: Rex is a feline.
A: Rex is a cat. Every cat is a feline. Rex is a feline. True

Q: Every cat is a feline. Felines are not herbivores. Fae is a cat. True or false: Fae is a herbivore.
A:

Predicted answer: Fae is a cat. Every cat is a feline. Fae is a feline.
Felines are not herbivores. Fae is not a herbivore. False

Q:

Expected answer: Fae is a cat. Every cat is a feline. Fae is a feline. Felines are not herbivores.
Fae is not a herbivore.
 False
n: 1, (beta prior) mean: 0.3333333333333333, 95% lower bound: 0.0125, 95% upper bound: 0.8418
  (normal approximation) mean: 0.0, 95% lower bound: 0.0, 95% upper bound: 0.0

"""

PROVE_LOG = """\
Q: Every cat is a feline. Every dog is a feline. Fae is a cat or a dog. Prove: Fae is a feline.

A: Assume Fae is a cat. Every cat is a feline. Fae is a feline.

 Assume Fae is a dog. Every dog is a feline. Fae is a feline.

 Since Fae is a cat or a dog, Fae is a feline.


Q: Every wumpus is a yumpus. Every tumpus is a yumpus. Rex is a wumpus or a tumpus. Prove: Rex is a yumpus.

A:

Predicted answer: Assume Rex is a wumpus. Every wumpus is a yumpus. Rex is a yumpus.

 Assume Rex is a tumpus. Every tumpus is a yumpus. Rex is a yumpus.

 Since Rex is a wumpus or a tumpus, Rex is a yumpus.




Expected answer: Assume Rex is a wumpus. Every wumpus is a yumpus. Rex is a yumpus.

 Assume Rex is a tumpus. Every tumpus is a yumpus. Rex is a yumpus.

 Since Rex is a wumpus or a tumpus, Rex is a yumpus.
n: 1, (beta prior) mean: 0.3333333333333333, 95% lower bound: 0.0125, 95% upper bound: 0.8418, logprobs: null
  (normal approximation) mean: 0.0, 95% lower bound: 0.0, 95% upper bound: 0.0

Q:  Sam is a red wumpus. Prove: Sam is a wumpus.
A:

Predicted answer: Sam is a red wumpus. Sam is a wumpus.

Expected answer: Sam is a red wumpus. Sam is a wumpus.
n: 2, (beta prior) mean: 0.25, logprobs: null
  (normal approximation) mean: 0.0

Q:  Max is a hot impus. Prove: Max is an impus.
A:

Predicted answer: Max is a hot impus. Max is an impus.
"""


def test_log_true_or_false(tmp_path: Path) -> None:
    path = write(tmp_path / "tf.log", TF_LOG)
    assert detect_format(path) == "prontoqa-log"
    [rec] = records(list(read_records(path)))
    assert rec.problem.context == "Every cat is a feline. Felines are not herbivores. Fae is a cat."
    assert rec.problem.query == "True or false: Fae is a herbivore."
    assert rec.problem.gold_label is False
    assert rec.problem.gold_cot == (
        "Fae is a cat. Every cat is a feline. Fae is a feline. Felines are not herbivores.\nFae is not a herbivore.")
    assert rec.output == ("Fae is a cat. Every cat is a feline. Fae is a feline.\n"
                          "Felines are not herbivores. Fae is not a herbivore. False\n\nQ:")
    assert (rec.id, rec.line, rec.metadata) == (f"{path}:1", 7, {"file": path, "n": 1})


def test_log_prove_with_blank_line_separators_and_truncated_last_block(tmp_path: Path) -> None:
    path = write(tmp_path / "prove.log", PROVE_LOG)
    first, second, truncated = list(read_records(path))
    assert isinstance(first, Record) and isinstance(second, Record)
    assert first.problem.context == "Every wumpus is a yumpus. Every tumpus is a yumpus. Rex is a wumpus or a tumpus."
    assert first.problem.query == "Prove: Rex is a yumpus."
    assert first.problem.gold_label is None
    gold = ("Assume Rex is a wumpus. Every wumpus is a yumpus. Rex is a yumpus.\n\n"
            " Assume Rex is a tumpus. Every tumpus is a yumpus. Rex is a yumpus.\n\n"
            " Since Rex is a wumpus or a tumpus, Rex is a yumpus.")
    assert first.problem.gold_cot == gold and first.output == gold
    assert (first.line, first.id) == (14, f"{path}:1")
    assert (second.problem.context, second.problem.query) == ("Sam is a red wumpus.", "Prove: Sam is a wumpus.")
    assert (second.line, second.id, second.metadata["n"]) == (34, f"{path}:2", 2)
    assert isinstance(truncated, RecordError) and truncated.line == 43
    assert "no 'Expected answer:'" in truncated.reason and "file ends" in truncated.reason


def test_log_malformed_blocks_do_not_stop_the_file() -> None:
    text = (
        "Q: Fae is a cat. Prove: Fae is a cat.\nA:\n\nPredicted answer: Fae is a cat.\n\n"   # 1-4: no Expected
        "Q: Rex is a dog. Prove: Rex is a dog.\nA:\n\nPredicted answer: Rex is a dog.\n\n"   # 6-9
        "Expected answer: Rex is a dog.\n"                                                   # 11: no n: line
        "Q: Sam is a cow. True or false: Sam is a cow.\nA:\n\nPredicted answer: True\n\n"    # 12-15
        "Expected answer: Sam is a cow.\n True\nn: 3, (beta prior) mean: 0.5\n\n"            # 17-19
        "Q: No marker here.\nA:\n\nPredicted answer: x\nExpected answer: y\nn: 4, mean\n"     # 21-26
        "Expected answer: stray\n"                                                            # 27
        "Q: Fae is a cat. Prove: Fae is a cat.\nPredicted answer: x\nExpected answer: y\nn: five, mean\n"
    )
    items = list(parse_log(text.splitlines(keepends=True), "m.log"))
    assert [(type(r).__name__, r.line) for r in items] == [
        ("RecordError", 4), ("RecordError", 9), ("Record", 15), ("RecordError", 24), ("RecordError", 27),
        ("RecordError", 29)]
    first, second, good, no_marker, stray, bad_n = items
    assert isinstance(good, Record) and good.id == "m.log:3" and good.problem.gold_label is True
    assert good.problem.query == "True or false: Sam is a cow." and good.problem.gold_cot == "Sam is a cow."
    assert "no 'Expected answer:' line before line 9 starts a new block" in str(first)
    assert "no 'n:' trial line before line 12 starts a new block" in str(second)
    assert "no 'True or false:' or 'Prove:'" in str(no_marker) and no_marker.id == "m.log:4"
    assert "without a 'Predicted answer:'" in str(stray)
    assert "bad trial line" in str(bad_n)


def test_log_parser_streams_lazily() -> None:
    block = ("Q: Fae is a cat. Prove: Fae is a cat.\nA:\n\n"
             "Predicted answer: Fae is a cat.\n\nExpected answer: Fae is a cat.\n")

    def endless() -> Iterator[str]:
        for n in itertools.count(1):
            yield from (block + f"n: {n}, (beta prior) mean: 0.5\n  (normal approximation) mean: 0.0\n\n").splitlines(
                keepends=True)

    first = list(itertools.islice(parse_log(endless(), "inf.log"), 3))
    assert [r.id for r in first] == ["inf.log:1", "inf.log:2", "inf.log:3"]


def real_logs(folder: str) -> list[Path]:
    root = DATA / folder
    if not root.is_dir():
        pytest.skip(f"{root} is absent")
    logs = sorted(root.glob("*/*.log.gz"))
    assert logs
    return logs


@pytest.mark.shared
@pytest.mark.parametrize(("folder", "per_file"), [("prontoqa-v1-llama", 40), ("prontoqa-ood-onehop", 100)])
def test_real_logs_read_without_errors(folder: str, per_file: int) -> None:
    for log in real_logs(folder):
        assert detect_format(str(log)) == "prontoqa-log"
        items = records(list(read_records(str(log))))
        assert len(items) == per_file, log
        assert [r.metadata["n"] for r in items] == list(range(1, per_file + 1))
        assert all(r.problem.context and r.problem.gold_cot for r in items)
        if folder == "prontoqa-v1-llama":
            assert all(r.problem.query.startswith("True or false: ") for r in items)
            assert all(r.problem.gold_label is not None for r in items)
        else:
            assert all(r.problem.query.startswith("Prove: ") and r.problem.gold_label is None for r in items)


@pytest.mark.shared
def test_real_logs_first_records() -> None:
    [llama] = [p for p in real_logs("prontoqa-v1-llama") if p.parent.name == "llama-chat-13b-q4_k_m"
               and p.name == "llama_1hop.log.gz"]
    rec = next(iter(read_records(str(llama))))
    assert isinstance(rec, Record)
    assert (rec.line, rec.id) == (28, f"{llama}:1")
    assert rec.problem.query == "True or false: Sally is wooden."
    assert rec.problem.context.startswith("Every jompus is not large.") and rec.problem.context.endswith(
        "Sally is a numpus.")
    assert rec.problem.gold_cot == "Sally is a numpus. Numpuses are wooden. Sally is wooden."
    assert rec.problem.gold_label is True
    assert rec.output == "Sally is a numpus. Numpuses are wooden. Sally is wooden. True\n\nQ:"
    labels = [r.problem.gold_label for r in records(list(read_records(str(llama.with_name("llama_4hop.log.gz")))))]
    assert (labels.count(True), labels.count(False)) == (14, 26)  # zcat | grep -A1 '^Expected answer' | grep -c ' True'

    [gemma] = [p for p in real_logs("prontoqa-ood-onehop") if p.name.startswith("gemma-2-9b-it_orelim")]
    rec = next(iter(read_records(str(gemma))))
    assert isinstance(rec, Record)
    assert (rec.line, rec.problem.query) == (77, "Prove: Fae is a shumpus.")
    assert rec.problem.context == "Lempuses are shumpuses. Impuses are shumpuses. Fae is a lempus or an impus."
    assert rec.output.startswith("Assume Fae is a lempus. Lempuses are shumpuses. Fae is a shumpus.\n\n Assume")
    assert rec.output.endswith("Since Fae is a lempus or an impus, Fae is a shumpus.")
    assert rec.problem.gold_cot == rec.output and rec.problem.gold_label is None


# --- the original JSON ---------------------------------------------------------------------------

WHOLE: dict[str, Any] = {
    "example1": {
        "in_context_example0": {"question": "Rex is a cat.", "query": "True or false: Rex is a cat.",
                                "chain_of_thought": ["Rex is a cat."], "answer": "True"},
        "test_example": {"question": CTX, "query": QUERY,
                         "chain_of_thought": ["Fae is a cat.", "Every cat is a feline.", "Fae is a feline."],
                         "answer": "True", "model_output": ["Output: " + OUT], "logprobs": None},
    },
    "example2": {
        "test_example": {"question": CTX, "query": "Prove: Fae is a feline.",
                         "chain_of_thought": ["Fae is a cat.", "Every cat is a feline.", "Fae is a feline."]},
    },
    "example3": {"test_example": {"question": CTX, "query": QUERY, "chain_of_thought": [], "answer": "False"},
                 "output": "Fae is a feline. False"},
}


def test_original_json_whole_file(tmp_path: Path) -> None:
    text = json.dumps(WHOLE, indent=1)
    path = write(tmp_path / "1hop.json", text)
    example2_line = text.splitlines().index(' "example2": {') + 1
    assert detect_format(path) == "prontoqa-json"
    first, missing, third = list(read_records(path))
    assert isinstance(first, Record) and isinstance(third, Record)
    assert (first.id, first.line, first.output) == ("example1", 2, OUT)
    assert first.problem == type(first.problem)(
        CTX, QUERY, ("Fae is a cat.", "Every cat is a feline.", "Fae is a feline."), True)
    assert first.metadata == {"logprobs": None, "file": path}
    assert isinstance(missing, RecordError) and missing.id == "example2"
    assert str(missing) == f"{path}:{example2_line}: example 'example2' has no model output (model_output or output)"
    assert (third.id, third.output, third.problem.gold_label) == ("example3", "Fae is a feline. False", False)


def test_original_json_lines_variants(tmp_path: Path) -> None:
    test = dict(WHOLE["example1"]["test_example"])
    flat = {**test, "model_output": "Output: flat"}
    lines = [
        json.dumps({"test_example": test}),
        json.dumps(flat),
        json.dumps({"example7": {"test_example": {**test, "model_output": "keyed"}}}),
        json.dumps({"test_example": {**test, "answer": "perhaps"}}),
        "{broken",
    ]
    path = write(tmp_path / "ex.jsonl", "\n".join(lines) + "\n")
    assert detect_format(path) == "prontoqa-json"
    a, b, c, d, e = list(read_records(path))
    assert isinstance(a, Record) and isinstance(b, Record) and isinstance(c, Record)
    assert (a.id, a.line, a.output) == ("example1", 1, OUT)
    assert (b.id, b.line, b.output) == ("example2", 2, "flat")
    assert (c.id, c.line, c.output) == ("example7", 3, "keyed")
    assert isinstance(d, RecordError) and d.line == 4 and "answer must be true/false" in d.reason
    assert isinstance(e, RecordError) and e.line == 5 and e.reason.startswith("not JSON")


def test_original_json_syntax_error_and_array() -> None:
    bad = list(parse_json(['{\n', ' "example1": {"test_example": {}},\n', ' "example2": oops\n', '}\n'], "b.json"))
    first, second = errors(bad)
    assert len(bad) == 2
    assert first.line == 2 and "no model output" in first.reason
    assert second.line == 3 and second.reason.startswith("not JSON: Expecting value")
    array = [{"question": CTX, "query": QUERY, "chain_of_thought": "Fae is a cat.", "output": "o"}] * 2
    items = records(list(parse_json(json.dumps(array, indent=1).splitlines(keepends=True), "a.json")))
    assert [(r.id, r.line, r.problem.gold_cot) for r in items] == [
        ("example1", 2, "Fae is a cat."), ("example2", 8, "Fae is a cat.")]


# --- detection -----------------------------------------------------------------------------------


def test_detection_of_each_format(tmp_path: Path) -> None:
    cases = {
        "native.jsonl": native_line() + "\n",
        "log.txt": "\n\n" + TF_LOG,
        "whole.json": json.dumps(WHOLE, indent=1),
        "lines.jsonl": json.dumps({"question": CTX, "query": QUERY, "chain_of_thought": [], "output": OUT}) + "\n",
        "keyed.jsonl": json.dumps({"example1": WHOLE["example1"]}) + "\n",
    }
    expected = ["native", "prontoqa-log", "prontoqa-json", "prontoqa-json", "prontoqa-json"]
    for (name, text), fmt in zip(cases.items(), expected, strict=True):
        path = tmp_path / name
        path.write_bytes(gzip.compress(text.encode()))
        assert detect_format(str(path)) == fmt, name
    assert FORMATS == ("native", "prontoqa-log", "prontoqa-json", "json-array", "inspect-eval", "inspect-json",
                       "openai-batch", "parquet", "hf-dataset")


def test_detection_on_stdin_keeps_the_peeked_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(PROVE_LOG.encode())))
    items = list(read_records("-"))
    assert [type(r).__name__ for r in items] == ["Record", "Record", "RecordError"]
    assert items[0].line == 14 and items[0].id == "-:1"


def test_empty_and_undetectable_inputs(tmp_path: Path) -> None:
    assert list(read_records(write(tmp_path / "empty.jsonl", ""))) == []
    assert list(read_records(write(tmp_path / "blank.jsonl", "\n  \n"))) == []
    assert detect_format(str(tmp_path / "empty.jsonl")) == "native"
    with pytest.raises(InputError, match="cannot detect the input format"):
        list(read_records(write(tmp_path / "prose.txt", "Hello there.\n")))


def test_forced_formats_and_bad_format_names(tmp_path: Path) -> None:
    path = write(tmp_path / "flat.jsonl",
                 json.dumps({"question": CTX, "query": QUERY, "chain_of_thought": [], "output": OUT}) + "\n")
    [rec] = records(list(read_records(path)))
    assert rec.id == "example1"
    [err] = list(read_records(path, input_format="native"))
    assert isinstance(err, RecordError) and err.reason.startswith("missing field 'context' (keys seen: ")
    [rec] = records(list(read_records(path, fields={"context": "question"})))  # a mapping means native
    assert rec.id == f"{path}:1" and rec.problem.context == CTX
    assert list(read_records(path, input_format="prontoqa-log")) == []  # no log blocks in it
    with pytest.raises(UsageError) as info:
        read_records(path, input_format="csv")
    assert "'csv'" in str(info.value) and all(f in str(info.value) for f in FORMATS)
    with pytest.raises(UsageError):
        read_records(path, input_format="prontoqa-json", fields={"output": "x"})


def test_a_bad_first_line_does_not_turn_json_lines_into_one_json_value(tmp_path: Path) -> None:
    path = write(tmp_path / "cut.jsonl", '\n{"context": "Fae is a c\n' + native_line(id="ok") + "\n")
    assert detect_format(path) == "native"
    bad, good = list(read_records(path))
    assert isinstance(bad, RecordError) and bad.line == 2 and bad.reason.startswith("not JSON")
    assert isinstance(good, Record) and (good.id, good.line) == ("ok", 3)
    flat = json.dumps({"question": CTX, "query": QUERY, "chain_of_thought": [], "output": OUT})
    path = write(tmp_path / "cut2.jsonl", '{"question": \n' + flat + "\n")
    assert detect_format(path) == "prontoqa-json"
    bad, good = list(read_records(path))
    assert isinstance(bad, RecordError) and bad.line == 1
    assert isinstance(good, Record) and (good.id, good.line) == ("example1", 2)


@pytest.mark.shared
def test_prompt_reading_agrees_with_the_log_reader_on_every_real_prompt() -> None:
    # Each log block's text before "Predicted answer:" is the prompt the model saw (few-shot examples first).
    import re

    from prontocheck.prontoqa.spec import problem_from_prompt

    logs = sorted(DATA.glob("prontoqa-*/*/*.log.gz"))
    if not logs:
        pytest.skip("what this test reads is missing from ../shared/data")
    compared = 0
    for log in logs:
        with gzip.open(log, "rt", encoding="utf-8") as f:
            blocks = re.split(r"\nn: \d+,[^\n]*\n", f.read())
        prompts = [b.split("Predicted answer:")[0] for b in blocks if "Predicted answer:" in b]
        for record, prompt in zip(records(list(read_records(str(log)))), prompts, strict=True):
            p = problem_from_prompt(prompt)
            assert (p.context, p.query) == (" ".join(record.problem.context.split()), record.problem.query), record.id
            compared += 1
    assert compared == 3840
