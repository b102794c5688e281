"""The input formats users hold, and the traps of issue 16 ("no silent traps"), each with a regression test.

The format files of ``tests/data/formats`` (written by ``tests/data/make_formats.py``) are pinned record by record
in ``tests/test_golden_records.py``; here each format's detection, its variants and its failure modes are tested
on files built in the test, and the traps are run through the command line (a real pipe where standard input
matters).
"""

from __future__ import annotations

import builtins
import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from prontocheck.cli import main
from prontocheck.errors import InputError, UsageError
from prontocheck.io import Record, RecordError, detect_format, read_records
from prontocheck.io.presets import PRESETS, detect_preset, hint

ROOT = Path(__file__).resolve().parents[1]
FORMATS = ROOT / "tests" / "data" / "formats"
CTX = "Every cat is a carnivore. Every carnivore is not herbivorous. Fae is a cat."
QUERY = "True or false: Fae is not herbivorous."
GOLD = "Fae is a cat. Every cat is a carnivore. Fae is a carnivore. Every carnivore is not herbivorous. " \
       "Fae is not herbivorous. True"
PROMPT = f"Q: Every dog is a canine. Rex is a dog. True or false: Rex is a canine.\nA: True\n\nQ: {CTX} {QUERY}\nA:"


def native(**kw: Any) -> dict[str, Any]:
    rec: dict[str, Any] = {"context": CTX, "query": QUERY, "gold_label": True, "output": GOLD}
    rec.update(kw)
    return rec


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def cli(args: list[str], stdin: Any = subprocess.DEVNULL, text: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m prontocheck ARGS`` in a fresh process (standard input: ``stdin``, or a pipe with ``text``)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "prontocheck", *args], input=text,
                          stdin=None if text is not None else stdin, capture_output=True, text=True, env=env,
                          timeout=300, check=False)


def good(items: list[Record | RecordError]) -> list[Record]:
    return [r for r in items if isinstance(r, Record)]


# --- a JSON array of records --------------------------------------------------------------------------------------

@pytest.mark.parametrize("indent", [None, 2])
def test_a_json_dump_of_a_list_of_records_is_a_json_array_not_the_original_json(tmp_path: Path,
                                                                                indent: int | None) -> None:
    path = tmp_path / "records.json"
    path.write_text(json.dumps([native(id="a"), native(id="b", output="Fae is a cat. False"), 7], indent=indent))
    assert detect_format(str(path)) == "json-array"
    items = list(read_records(str(path)))
    assert [r.id for r in good(items)] == ["a", "b"]
    assert good(items)[0].problem.context == CTX and good(items)[0].origin.value == "json-array"
    [error] = [e for e in items if isinstance(e, RecordError)]
    assert error.reason == "not a JSON object: 7"
    if indent:  # the line of each item, as JSON Lines give it
        assert [r.line for r in good(items)] == [2, 9]


def test_the_original_json_is_still_the_original_json(tmp_path: Path) -> None:
    example = {"test_example": {"question": CTX, "query": QUERY, "chain_of_thought": [], "answer": "True",
                                "model_output": GOLD}}
    for name, value in (("keyed.json", {"example1": example}), ("listed.json", [example])):
        path = tmp_path / name
        path.write_text(json.dumps(value, indent=1))
        assert detect_format(str(path)) == "prontoqa-json"
        [record] = good(list(read_records(str(path))))
        assert record.id == "example1" and record.problem.query == QUERY


def test_a_field_mapping_applies_to_a_json_array(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    path.write_text(json.dumps([{"context": CTX, "query": QUERY, "response": GOLD}]))
    [record] = good(list(read_records(str(path), fields={"output": "response"})))
    assert record.output == GOLD


# --- unknown shapes get a hint ------------------------------------------------------------------------------------

def test_a_record_with_response_instead_of_output_names_the_field_to_map(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text(json.dumps({"context": CTX, "query": QUERY, "response": GOLD}) + "\n")
    [error] = list(read_records(str(path)))
    assert isinstance(error, RecordError)
    assert error.reason == ("missing field 'output' (keys seen: context, query, response; try --field "
                            "output=response)")
    code, stdout, stderr = run("analyze", str(path), "-f", "json")
    assert "try --field output=response" in stderr and code == 2
    code, stdout, _ = run("analyze", str(path), "-f", "json", "--field", "output=response")
    assert code == 0 and json.loads(stdout)["n"] == 1


def test_hints_for_prompts_and_for_known_tools() -> None:
    assert hint({"question": "…", "completion": "…"}, {"output": "output"}) == \
        "keys seen: completion, question; try --field output=completion --field prompt=question"
    assert hint({"a": 1}, {}) == "keys seen: a; map them with --field NAME=KEY (dotted for nested keys)"
    assert hint({"input": "…", "output": "…", "gts": "True"}, {"context": "context"}).endswith("try --preset verl")


# --- presets ------------------------------------------------------------------------------------------------------

def lm_eval_line(doc_id: int, response: str, target: str = "True") -> dict[str, Any]:
    return {"doc_id": doc_id, "doc": {"q": QUERY}, "target": target,
            "arguments": {"gen_args_0": {"arg_0": PROMPT, "arg_1": {"until": ["Q:"]}}},
            "resps": [[response]], "filtered_resps": [target], "filter": "none", "exact_match": 1.0}


def test_lm_eval_samples_read_without_a_field_mapping(tmp_path: Path) -> None:
    path = tmp_path / "samples_prontoqa_2026-12-01T10-00-00.jsonl"
    path.write_text("".join(json.dumps(lm_eval_line(i, GOLD)) + "\n" for i in range(2)))
    for args in ((), ("--preset", "lm-eval")):
        code, stdout, _ = run("analyze", str(path), "-f", "json", *args)
        summary = json.loads(stdout)
        assert code == 0 and summary["n"] == 2 and summary["proof_accuracy"]["strict"]["value"] == 1.0
    [first, _] = good(list(read_records(str(path))))
    assert first.id == "0" and first.problem.context == CTX and first.problem.gold_label is True
    # a field given on its own goes over the preset
    [first, _] = good(list(read_records(str(path), preset="lm-eval", fields={"id": "filter"})))
    assert first.id == "none"


def test_presets_are_detected_only_on_their_keys() -> None:
    assert detect_preset(lm_eval_line(0, GOLD)) == "lm-eval"
    assert detect_preset({"id": 1, "epoch": 1, "input": "…", "target": "True", "output": {"completion": "…"}}) == \
        "inspect"
    assert detect_preset({"id": 1, "epoch": 1, "input": "…", "target": "True", "output": "…"}) is None
    assert detect_preset({**lm_eval_line(0, GOLD), "context": CTX}) is None  # native fields win
    assert set(PRESETS) == {"lm-eval", "inspect", "verl"}
    with pytest.raises(UsageError, match="unknown preset 'helm'"):
        read_records("-", preset="helm")
    assert run("analyze", "--preset", "helm")[0] == 2


def test_the_verl_preset_reads_the_spec_in_gts(tmp_path: Path) -> None:
    spec = json.dumps({"context": CTX, "query": QUERY, "gold_label": "True"})
    path = tmp_path / "12.jsonl"
    path.write_text(json.dumps({"input": "user\nSolve it.\nassistant\n", "output": GOLD, "gts": spec, "score": 1.0,
                                "step": 12}) + "\n")
    [record] = good(list(read_records(str(path), preset="verl")))
    assert record.problem.query == QUERY and record.metadata["step"] == 12


# --- inspect .eval logs -------------------------------------------------------------------------------------------

def inspect_log(path: Path, members: dict[str, Any]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, value in members.items():
            z.writestr(name, value if isinstance(value, str) else json.dumps(value))
    return path


def sample(sid: Any, epoch: int, completion: str = GOLD, **kw: Any) -> dict[str, Any]:
    return {"id": sid, "epoch": epoch, "input": f"{CTX} {QUERY}", "target": "True",
            "output": {"model": "mockllm/model", "choices": [], "completion": completion}, **kw}


def test_an_inspect_log_in_either_sample_shape(tmp_path: Path) -> None:
    path = inspect_log(tmp_path / "2026-12-01_prontoqa.eval", {
        "_journal/start.json": {"version": 2, "eval": {"task": "prontoqa", "model": "mockllm/model"}},
        "samples/1_epoch_1.json": sample(1, 1),
        "samples/2_epoch_1/sample.json": sample(2, 1, completion="", messages=[
            {"role": "user", "content": "…"}, {"role": "assistant", "content": [{"type": "text", "text": GOLD}]}]),
        "samples/3_epoch_1.json": "{not json",
        "samples/4_epoch_1.json": [1],
    })
    assert detect_format(str(path)) == "inspect-eval"
    items = list(read_records(str(path)))
    assert [r.id for r in items] == ["1_epoch_1", "2_epoch_1", f"{path}:3_epoch_1", f"{path}:4_epoch_1"]
    assert [r.line for r in items] == [1, 2, 3, 4]
    first, second = good(items)
    assert second.output == GOLD and first.metadata["model"] == "mockllm/model"
    assert first.metadata["task"] == "prontoqa" and first.metadata["sample_id"] == "1"
    assert str(items[2]).startswith(f"{path}:3: samples/3_epoch_1.json: not JSON")
    assert items[3].reason == "samples/4_epoch_1.json: not a JSON object: [1]"  # type: ignore[union-attr]


def test_a_zip_that_is_not_an_inspect_log_is_an_input_error(tmp_path: Path) -> None:
    path = inspect_log(tmp_path / "data.zip", {"data.jsonl": "{}"})
    with pytest.raises(InputError, match="not an inspect .eval log"):
        list(read_records(str(path)))
    code, _, stderr = run("analyze", str(path), "-f", "json")
    assert code == 2 and "not an inspect .eval log" in stderr


# --- OpenAI batch output ------------------------------------------------------------------------------------------

def test_batch_output_needs_its_input_and_reads_every_body_shape(tmp_path: Path) -> None:
    requests = tmp_path / "batch_in.jsonl"
    requests.write_text("".join(json.dumps(r) + "\n" for r in [
        {"custom_id": "c", "method": "POST", "url": "/v1/chat/completions",
         "body": {"model": "m", "messages": [{"role": "user", "content": PROMPT}]}},
        {"custom_id": "r", "method": "POST", "url": "/v1/responses",
         "body": {"model": "m", "input": [{"role": "user", "content": [{"type": "input_text", "text": PROMPT}]}]}},
        {"custom_id": "t", "method": "POST", "url": "/v1/completions", "body": {"model": "m", "prompt": PROMPT}},
    ]))
    outputs = tmp_path / "batch_out.jsonl"
    outputs.write_text("".join(json.dumps(r) + "\n" for r in [
        {"custom_id": "t", "response": {"status_code": 200, "body": {"choices": [{"text": GOLD}]}}, "error": None},
        {"custom_id": "r", "response": {"status_code": 200, "body": {"output": [
            {"type": "reasoning", "summary": []},
            {"type": "message", "content": [{"type": "output_text", "text": GOLD}]}]}}, "error": None},
        {"custom_id": "c", "response": None, "error": {"code": "batch_expired", "message": "not done in time"}},
    ]))
    assert detect_format(str(outputs)) == "openai-batch"
    code, _, stderr = run("analyze", str(outputs), "-f", "json")
    assert code == 2 and "--batch-input" in stderr
    items = list(read_records(str(outputs), batch_input=str(requests)))
    assert [r.id for r in good(items)] == ["t", "r"] and {r.output for r in good(items)} == {GOLD}
    assert good(items)[0].problem.context == CTX
    assert items[2].reason == "generation error: batch_expired: not done in time"  # type: ignore[union-attr]
    with pytest.raises(UsageError, match="--batch-input goes with openai-batch"):
        read_records(str(outputs), input_format="native", batch_input=str(requests))


# --- Parquet and saved Hugging Face datasets ----------------------------------------------------------------------

def test_parquet_rows_are_records(tmp_path: Path) -> None:
    path = tmp_path / "details.parquet"
    pq.write_table(pa.Table.from_pylist([native(id="p1", hops=None), native(id="p2", gold_label=None, hops=3)]), path,
                   row_group_size=1)
    assert detect_format(str(path)) == "parquet"
    items = list(read_records(str(path)))
    assert [(r.id, r.line, r.problem.gold_label) for r in good(items)] == [("p1", 1, True), ("p2", 2, None)]
    assert good(items)[1].metadata["hops"] == 3


def test_without_pyarrow_the_error_names_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "details.parquet"
    pq.write_table(pa.Table.from_pylist([native()]), path)
    real_import = builtins.__import__

    def no_pyarrow(name: str, *args: Any, **kw: Any) -> Any:
        if name.startswith("pyarrow"):
            raise ImportError("No module named 'pyarrow'")
        return real_import(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", no_pyarrow)
    with pytest.raises(UsageError, match=r"pip install 'prontocheck\[parquet\]'"):
        list(read_records(str(path)))


def save_to_disk(folder: Path, rows: list[dict[str, Any]], shards: int = 1) -> Path:
    """A folder as ``datasets.Dataset.save_to_disk`` writes it: Arrow stream shards, state.json, dataset_info.json."""
    folder.mkdir(parents=True)
    files = []
    for shard in range(shards):
        name = f"data-{shard:05d}-of-{shards:05d}.arrow"
        table = pa.Table.from_pylist(rows[shard::shards])
        with pa.OSFile(str(folder / name), "wb") as sink, pa.ipc.new_stream(sink, table.schema) as writer:
            writer.write_table(table)
        files.append({"filename": name})
    (folder / "state.json").write_text(json.dumps({"_data_files": files, "_fingerprint": "f", "_split": None}))
    (folder / "dataset_info.json").write_text(json.dumps({"features": {k: {"dtype": "string", "_type": "Value"}
                                                                       for k in rows[0]}}))
    return folder


def test_a_saved_dataset_and_a_dataset_dict(tmp_path: Path) -> None:
    rows = [native(id=f"d{i}", gold_label="true") for i in range(4)]
    folder = save_to_disk(tmp_path / "ds", rows, shards=2)
    assert detect_format(str(folder)) == "hf-dataset"
    assert [(r.id, r.line) for r in good(list(read_records(str(folder))))] == \
        [("d0", 1), ("d2", 2), ("d1", 3), ("d3", 4)]
    splits = tmp_path / "dd"
    save_to_disk(splits / "train", rows[:1])
    save_to_disk(splits / "test", rows[1:2])
    (splits / "dataset_dict.json").write_text(json.dumps({"splits": ["train", "test"]}))
    records = good(list(read_records(str(splits))))
    assert [(r.id, r.metadata["split"]) for r in records] == [("d0", "train"), ("d1", "test")]
    code, stdout, _ = run("analyze", str(splits), "-f", "json", "--group-by", "split")
    assert code == 0 and set(json.loads(stdout)["groups"]) == {"train", "test"}
    (tmp_path / "plain").mkdir()
    with pytest.raises(InputError, match="not a dataset saved by datasets"):
        list(read_records(str(tmp_path / "plain"), input_format="hf-dataset"))


# --- no silent traps ----------------------------------------------------------------------------------------------

def test_piped_standard_input_is_read_not_the_demo() -> None:
    done = cli(["analyze", "-f", "json"], text=json.dumps(native()) + "\n")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["n"] == 1  # the demo has 12
    assert "demo" not in done.stderr


def test_a_file_on_standard_input_is_read_too(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps(native()) + "\n" + json.dumps(native()) + "\n")
    with path.open() as f:
        done = cli(["analyze", "-f", "json"], stdin=f)
    assert json.loads(done.stdout)["n"] == 2


def test_without_input_or_data_on_standard_input_the_demo_runs_and_says_so() -> None:
    done = cli(["analyze", "-f", "json"])  # /dev/null: as a terminal, no data
    assert done.returncode == 0 and json.loads(done.stdout)["n"] == 12
    assert "analysing the embedded demo" in done.stderr
    assert "analysing the embedded demo" not in cli(["analyze", "-f", "json", "-q"]).stderr
    demo = cli(["demo", "-f", "json"], text="not read")
    assert json.loads(demo.stdout)["n"] == 12 and "note" not in demo.stderr


def test_no_readable_record_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"context": CTX}) + "\n{oops\n")
    code, stdout, stderr = run("analyze", str(bad), "-f", "json")
    assert code == 2 and json.loads(stdout)["n_errors"] == 2
    assert "no record could be read (2 bad records)" in stderr
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    code, _, stderr = run("analyze", str(empty), "-f", "json")
    assert code == 2 and "the inputs are empty" in stderr
    fine = tmp_path / "fine.jsonl"
    fine.write_text(json.dumps(native()) + "\n")
    assert run("analyze", str(bad), str(fine), "-f", "json")[0] == 0  # one good record is enough


def test_limit_reads_the_first_records_of_each_input(tmp_path: Path) -> None:
    paths = []
    for name in ("a.jsonl", "b.jsonl"):
        path = tmp_path / name
        path.write_text("{oops\n" + "".join(json.dumps(native(id=f"{name}{i}")) + "\n" for i in range(5)))
        paths.append(str(path))
    out = tmp_path / "out.jsonl"
    code, stdout, _ = run("analyze", *paths, "-f", "json", "--limit", "3", "-o", str(out))
    summary = json.loads(stdout)
    assert code == 0 and (summary["n"], summary["n_errors"]) == (4, 2)
    assert [json.loads(line)["id"] for line in out.read_text().splitlines()] == \
        [f"{paths[0]}:1", "a.jsonl0", "a.jsonl1", f"{paths[1]}:1", "b.jsonl0", "b.jsonl1"]
    assert run("analyze", *paths, "--limit", "0")[0] == 2


WARNED = native(context=CTX + " Blorp glorps the zib.")


@pytest.mark.parametrize("fmt", ["table", "markdown", "csv", "json"])
def test_warnings_are_counted_and_listed_in_every_format(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps(WARNED) + "\n" + json.dumps(native()) + "\n")
    code, stdout, _ = run("analyze", str(path), "-f", fmt)
    assert code == 0
    if fmt == "json":
        [(warning, count)] = json.loads(stdout)["warnings"].items()
        assert warning.startswith("context sentence does not parse") and count == 1
    elif fmt == "csv":
        [row] = list(csv.DictReader(io.StringIO(stdout)))
        assert row["n_warnings"] == "1" and row["warnings"].startswith("context sentence does not parse")
    else:
        assert "warnings" in stdout and "context sentence does not parse" in stdout
        assert ("Warnings (1)" in stdout) and ("| warnings | 1 |" in stdout if fmt == "markdown" else True)


def test_the_incorrect_proofs_row_names_its_metric() -> None:
    code, stdout, _ = run("analyze", "--demo", "-f", "markdown")
    assert code == 0 and "| incorrect proofs (metric: valid) |" in stdout


def test_every_new_format_file_is_detected() -> None:
    expected = {"records-array.json": "json-array", "inspect.eval": "inspect-eval", "records.parquet": "parquet",
                "batch-output.jsonl": "openai-batch", "batch-input.jsonl": "native",
                "lm-eval-samples.jsonl": "native", "verl-rollouts.jsonl": "native"}
    assert {name: detect_format(str(FORMATS / name)) for name in expected} == expected


def on_a_terminal(command: str, cwd: Path) -> str:
    """The text ``command`` writes to its terminal (a pseudo-terminal from ``script``), escape codes removed."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
           "COLUMNS": "160"}
    done = subprocess.run(["script", "-qec", command, "/dev/null"], cwd=cwd, env=env, capture_output=True,
                          text=True, errors="replace", timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", done.stdout)


@pytest.mark.skipif(shutil.which("script") is None, reason="needs script(1) for a pseudo-terminal")
def test_progress_on_a_terminal_shows_totals_and_time_left(tmp_path: Path) -> None:
    """analyze, generate, modal validate and relations validate draw bars with totals on a terminal, not with -q."""
    for name in ("a.jsonl", "b.jsonl"):
        (tmp_path / name).write_text((json.dumps(native()) + "\n") * 300)
    python = f"{sys.executable} -m prontocheck"
    shown = on_a_terminal(f"{python} analyze a.jsonl b.jsonl -f json --limit 200 -o out.jsonl > summary.json",
                          tmp_path)
    # the bars refresh a few times a second: the last counts of a file may not be drawn before its bar goes
    assert re.search(r"\d+/200 ", shown) and "2/2" in shown and "eta" in shown and "inputs" in shown
    assert json.loads((tmp_path / "summary.json").read_text())["n"] == 400  # the report itself is untouched
    shown = on_a_terminal(f"{python} generate -n 30 -o gen.jsonl", tmp_path)
    assert re.search(r"examples .* \d+/30 ", shown)
    subprocess.run([sys.executable, "-m", "prontocheck", "modal", "generate", "--template", "probably_might", "-o",
                    str(tmp_path / "grid.jsonl")], env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    lines = (tmp_path / "grid.jsonl").read_text().splitlines()[:40]
    (tmp_path / "grid.jsonl").write_text("".join(line + "\n" for line in lines))
    shown = on_a_terminal(f"{python} modal validate grid.jsonl -f json > modal.json", tmp_path)
    assert re.search(r"items .* \d+/40 ", shown)
    planted = ROOT / "fixtures" / "relations" / "planted.jsonl"
    shown = on_a_terminal(f"{python} relations validate {planted} -f json > relations.json", tmp_path)
    assert re.search(r"items .* \d+/\d+ ", shown)
    quiet = on_a_terminal(f"{python} analyze a.jsonl -q -f json --limit 5 > summary.json", tmp_path)
    assert "/5 " not in quiet and "eta" not in quiet


def test_a_json_dump_of_records_on_one_line_longer_than_a_record_is_read_item_by_item(tmp_path: Path) -> None:
    long_output = GOLD + " " + "Fae is a cat. " * 40
    records = [native(id=f"r{i}", output=long_output) for i in range(2500)]
    path = tmp_path / "records.json"
    path.write_text(json.dumps(records))  # one line of over a million characters
    assert path.stat().st_size > 1_000_000 and detect_format(str(path)) == "json-array"
    items = list(read_records(str(path)))
    assert len(good(items)) == 2500 and good(items)[-1].id == "r2499" and good(items)[0].output == long_output
    code, stdout, _ = run("analyze", str(path), "-f", "json", "--limit", "3")
    assert code == 0 and json.loads(stdout)["n"] == 3
    # cut short, or with an item over the per-record limit: the items before it, then the error
    path.write_text(json.dumps(records)[:-5000])
    items = list(read_records(str(path)))
    assert isinstance(items[-1], RecordError) and items[-1].reason.startswith("not JSON: Unterminated string")
    assert len(good(items)) == len(items) - 1 > 2000
    path.write_text(json.dumps([native(id="a"), native(output="x" * 1_100_000), native(id="c")]))
    [first, error] = list(read_records(str(path)))
    assert isinstance(first, Record) and isinstance(error, RecordError) and "record_chars" in error.reason
    example = {"test_example": {"question": CTX, "query": QUERY, "chain_of_thought": [], "answer": "True",
                                "model_output": long_output}}
    path.write_text(json.dumps([example] * 2000))
    assert detect_format(str(path)) == "prontoqa-json"
    assert [r.id for r in good(list(read_records(str(path))))][-1] == "example2000"


def test_an_inspect_log_written_as_json(tmp_path: Path) -> None:
    log = {"version": 2, "status": "success", "eval": {"task": "prontoqa", "model": "mockllm/model"},
           "samples": [sample(1, 1), sample("b", 2, input=[{"role": "user", "content": f"{CTX} {QUERY}"}]), "x"]}
    path = tmp_path / "2026-12-01_prontoqa.json"
    path.write_text(json.dumps(log, indent=2))
    assert detect_format(str(path)) == "inspect-json"
    items = list(read_records(str(path)))
    assert [r.id for r in good(items)] == ["1_epoch_1", "b_epoch_2"]
    assert good(items)[1].problem.query == QUERY and good(items)[1].metadata["model"] == "mockllm/model"
    assert str(items[2]).endswith("sample 3 is not a JSON object: \"x\"")
    assert detect_format(str(FORMATS / "inspect-log.json")) == "inspect-json"
