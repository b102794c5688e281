"""``prontocheck generate`` through click's CliRunner (the lead registers the command on the main group)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from prontocheck.cli.generate import generate_command, lint_command


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(generate_command, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_defaults_write_native_jsonl_to_stdout() -> None:
    code, out = run("-n", "3")
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["id"] for r in records] == ["ex-0", "ex-1", "ex-2"]
    assert {r["hops"] for r in records} == {3} and records[0]["output"] == ""
    assert {"context", "query", "gold_cot", "gold_label", "ontology", "traversal", "distractors", "seed"} <= set(
        records[0])


def test_same_seed_same_file_and_hop_ranges(tmp_path: Path) -> None:
    code, first = run("-n", "4", "--seed", "5")
    assert code == 0 and len(first.splitlines()) == 4
    assert run("-n", "4", "--seed", "5") == (0, first)
    assert run("-n", "4", "--seed", "6")[1] != first
    code, out = run("-n", "30", "--hops", "1-4", "--seed", "5")
    assert code == 0 and {json.loads(line)["hops"] for line in out.splitlines()} == {1, 2, 3, 4}


@pytest.mark.parametrize("ontology", ["fictional", "false", "true"])
def test_generated_files_pass_lint(tmp_path: Path, ontology: str) -> None:
    path = tmp_path / "set.jsonl"
    for distractors in ("none", "v1", "relevant", "irrelevant"):
        for traversal in ("bottom-up", "top-down", "random"):
            hops = "9" if ontology == "true" else "10"
            code, _ = run("--hops", hops, "-n", "2", "--ontology", ontology, "--distractors", distractors,
                          "--traversal", traversal, "-o", str(path))
            assert code == 0
            result = CliRunner().invoke(lint_command, [str(path)])
            assert result.exit_code == 0, result.output


def test_original_json_format_with_few_shot(tmp_path: Path) -> None:
    path = tmp_path / "set.json"
    code, _ = run("-n", "2", "--few-shot", "3", "--format", "prontoqa-json", "-o", str(path), "--query", "prove")
    assert code == 0
    obj = json.loads(path.read_text())
    assert set(obj["example2"]) >= {"in_context_example2", "test_example", "few_shot"}
    assert "answer" not in obj["example1"]["test_example"]
    assert CliRunner().invoke(lint_command, [str(path)]).exit_code == 0


def test_gold_output_text_and_prompt() -> None:
    code, out = run("-n", "1", "--output-text", "gold", "--few-shot", "2")
    record = json.loads(out)
    assert record["output"].startswith(record["gold_cot"][0]) and record["output"].endswith(str(record["gold_label"]))
    assert record["prompt"].endswith(record["query"] + "\nA:") and record["prompt"].count("\nA: ") == 2


@pytest.mark.parametrize("args,message", [
    (["--rule", "and-elim", "--ontology", "true"], "invented or false-ontology names"),
    (["--rule", "composed", "--hops", "1"], "needs at least 2 hops"),
    (["--rule", "or-elim", "--width", "5"], "--width"),
    (["--rule", "modus-tollens"], "unknown rule"),
    (["--ontology", "true", "--hops", "12"], "at most 11"),
    (["--hops", "many"], "a number or a range"),
    (["--hops", "0"], "hops must be"),
])
def test_usage_errors(args: list[str], message: str) -> None:
    code, out = run(*args)
    assert code == 2 and message in out


def test_vocabulary_file(tmp_path: Path) -> None:
    path = tmp_path / "words.json"
    path.write_text(json.dumps({"entities": ["Ada"]}))
    code, out = run("-n", "2", "--vocabulary", str(path))
    assert code == 0 and all(json.loads(line)["gold_cot"][0].startswith("Ada ") for line in out.splitlines())
    path.write_text(json.dumps({"entities": ["every"]}))
    code, out = run("--vocabulary", str(path))
    assert code == 2 and "cannot be used as an entity" in out


def test_ten_hops_thousand_examples_in_seconds(tmp_path: Path) -> None:
    path = tmp_path / "h10.jsonl"
    started = time.perf_counter()
    assert run("--hops", "10", "-n", "1000", "-o", str(path))[0] == 0
    took = time.perf_counter() - started
    assert len(path.read_text().splitlines()) == 1000 and took < 20  # about 1 s on an idle core
