"""The ``prontocheck`` command line, end to end through click's CliRunner."""

from __future__ import annotations

import gc
import gzip
import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner

from prontocheck.analyze import GC_THRESHOLDS, _worker_init
from prontocheck.cli import main

CONTEXT = "Every cat is a carnivore. Every carnivore is not herbivorous. Every carnivore is a mammal. Fae is a cat."
GOLD = ("Fae is a cat. Every cat is a carnivore. Fae is a carnivore. Every carnivore is not herbivorous. "
        "Fae is not herbivorous.")


def record(**kw: object) -> dict[str, object]:
    rec: dict[str, object] = {"context": CONTEXT, "query": "True or false: Fae is not herbivorous.",
                              "output": GOLD + " True"}
    rec.update(kw)
    return rec


def write_jsonl(path: Path, lines: list[object]) -> Path:
    path.write_text("".join((json.dumps(x) if not isinstance(x, str) else x) + "\n" for x in lines), encoding="utf-8")
    return path


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_demo_runs_with_no_input_and_covers_every_step_kind(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    code, stdout, _ = run("analyze", "--format", "json", "--output", str(out))
    assert code == 0
    summary = json.loads(stdout)
    assert summary["n"] == 12 and summary["n_errors"] == 0
    kinds = set(summary["steps"]["kind"])
    assert {"strict-atomic-useful", "strict-atomic-misleading", "strict-atomic-off-path", "strict-non-atomic-useful",
            "strict-non-atomic-misleading", "broad-useful", "broad-misleading", "broad-off-path", "invalid",
            "unparseable"} <= kinds
    assert summary["steps"]["redundant"] == 1  # wumpus-repeat-unparseable says "Max is a yumpus." twice
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 12
    first = lines[0]
    assert set(first) >= {"id", "label", "proof", "steps", "first_error", "metadata"}
    assert set(first["label"]) == {"predicted", "gold", "correct", "reason", "sentence"}
    assert set(first["proof"]) == {"strict", "non_atomic", "broad", "valid"}
    assert set(first["steps"][0]) >= {"index", "text", "formula", "validity", "atomic", "utility", "redundant",
                                      "premises"}


def test_the_analyze_job_collects_garbage_less_often_in_its_own_process() -> None:
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        assert run("analyze", "--format", "json")[0] == 0
        assert gc.get_threshold() == GC_THRESHOLDS != (700, 10, 10)
    finally:
        gc.set_threshold(*before)
    with ProcessPoolExecutor(1, initializer=_worker_init) as pool:  # (a worker of --jobs: set when it starts)
        assert pool.submit(gc.get_threshold).result() == GC_THRESHOLDS


def test_demo_command_prints_a_table() -> None:
    code, stdout, _ = run("demo")
    assert code == 0
    assert "proof: strict" in stdout and "Unparseable sentences" in stdout


@pytest.mark.parametrize("fmt", ["markdown", "csv", "table"])
def test_other_formats(fmt: str) -> None:
    code, stdout, _ = run("analyze", "--format", fmt, "--group-by", "model")
    assert code == 0 and "model-a" in stdout and "model-b" in stdout


def test_bad_input_is_reported_with_file_and_line_and_never_aborts(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "bad.jsonl", [
        record(id="ok-1"),
        "this is not json",
        {"context": CONTEXT, "query": "True or false: Fae is a cat."},
        record(id="ok-2", context=CONTEXT + " Fae likes cheese."),
        [1, 2],
        record(id="ok-3", output="Fae is a cat. Fae sings loudly. True"),
    ])
    out = tmp_path / "out.jsonl"
    code, stdout, stderr = run("analyze", str(path), "-f", "json", "-o", str(out))
    assert code == 0
    summary = json.loads(stdout)
    assert summary["n"] == 3 and summary["n_errors"] == 3
    assert [(e["line"], e["file"]) for e in summary["errors"]] == [(2, str(path)), (3, str(path)), (5, str(path))]
    assert "missing field 'output'" in summary["errors"][1]["reason"]
    assert f"{path}:2" in stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 6  # every input record yields an output record or an error
    assert [("error" in line) for line in lines] == [False, True, True, False, True, False]
    assert any("context sentence does not parse" in w for w in lines[3]["warnings"])
    assert {u["sentence"] for u in summary["unparseable"]} == {"Fae sings loudly."}


def test_unreadable_input_exits_2(tmp_path: Path) -> None:
    code, _, stderr = run("analyze", str(tmp_path / "missing.jsonl"), "-f", "json")
    assert code == 2 and "missing.jsonl" in stderr


def test_usage_errors_exit_2() -> None:
    assert run("analyze", "--fail-under", "nonsense=1")[0] == 2
    assert run("analyze", "--field", "bogus=x", "-f", "json")[0] == 2
    assert run("analyze", "--format", "html")[0] == 2


def test_fail_under_exits_1() -> None:
    assert run("analyze", "-f", "json", "--fail-under", "strict=0.99")[0] == 1
    assert run("analyze", "-f", "json", "--fail-under", "strict=0.1", "--fail-under", "label_accuracy=0.5")[0] == 0


def test_field_mapping_and_stdin(tmp_path: Path) -> None:
    rec = {"doc": {"ctx": CONTEXT, "q": "True or false: Fae is not herbivorous."}, "response": GOLD + " True",
           "model": "m"}
    code, stdout, _ = run("analyze", "-", "-f", "json", "--field", "context=doc.ctx", "--field", "query=doc.q",
                          "--field", "output=response", input=json.dumps(rec) + "\n")
    assert code == 0
    summary = json.loads(stdout)
    assert summary["n"] == 1 and summary["proof_accuracy"]["strict"]["value"] == 1.0


def test_gzip_input_and_group_by_file(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.write(json.dumps(record()) + "\n" + json.dumps(record(output="Fae is a cat. False")) + "\n")
    plain = write_jsonl(tmp_path / "b.jsonl", [record()])
    code, stdout, _ = run("analyze", str(path), str(plain), "-f", "json", "--group-by", "file")
    assert code == 0
    grouped = json.loads(stdout)
    assert list(grouped["groups"]) == [str(path), str(plain)]
    assert grouped["groups"][str(path)]["n"] == 2 and grouped["total"]["n"] == 3
    assert grouped["groups"][str(path)]["label_accuracy"]["value"] == 0.5


LOG = """Q: Every cat is a carnivore. Fae is a cat. True or false: Fae is a carnivore.
A: Fae is a cat. Every cat is a carnivore. Fae is a carnivore. True

Q: Every wumpus is a yumpus. Every yumpus is not kind. Max is a wumpus. True or false: Max is kind.
A:

Predicted answer: Max is a wumpus. Max is not kind. False

Q:

Expected answer: Max is a wumpus. Every wumpus is a yumpus. Max is a yumpus. Every yumpus is not kind. Max is not kind.
 False
n: 1, (beta prior) mean: 0.5, 95% lower bound: 0.1, 95% upper bound: 0.9
  (normal approximation) mean: 0.0, 95% lower bound: 0.0, 95% upper bound: 0.0

"""


def test_original_log_format_is_detected(tmp_path: Path) -> None:
    path = tmp_path / "run.log"
    path.write_text(LOG, encoding="utf-8")
    out = tmp_path / "out.jsonl"
    code, stdout, _ = run("analyze", str(path), "-f", "json", "-o", str(out))
    assert code == 0
    summary = json.loads(stdout)
    assert summary["n"] == 1
    line = json.loads(out.read_text())
    assert line["label"] == {"predicted": False, "gold": False, "correct": True, "reason": None, "sentence": 2}
    assert line["proof"] == {"strict": False, "non_atomic": True, "broad": False, "valid": True}
    assert [s["atomic"] for s in line["steps"]] == [True, False]
    assert line["source"]["line"] == 7


DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


@pytest.mark.shared
def test_compat_profile_reproduces_an_original_report(tmp_path: Path) -> None:
    folder = DATA / "prontoqa-ood-onehop" / "gemma_2_2b_it"
    if not folder.is_dir():
        pytest.skip("what this test reads is missing from ../shared/data")
    log = folder / "gemma-2-2b-it_proofbycontra_1hop_ProofByContra_nodistractor.log.gz"
    expected = next(folder.glob("PBC__*.out")).read_text(encoding="utf-8")
    out = tmp_path / "out.jsonl"
    code, stdout, _ = run("analyze", str(log), "--profile", "prontoqa-ood", "--bad-patterns",
                          str(DATA / "original-prontoqa" / "bad_patterns.main.txt"), "--format", "original",
                          "-o", str(out))
    assert code == 0 and stdout == expected
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 100
    assert set(lines[0]["compat"]) >= {"proof", "label", "steps"} and "proof" in lines[0]  # paper verdict kept too


def test_compat_profile_usage_errors(tmp_path: Path) -> None:
    assert run("analyze", "--format", "original")[0] == 2
    assert run("analyze", "--profile", "prontoqa-ood", "--format", "markdown")[0] == 2
    code, _, stderr = run("analyze", "--profile", "prontoqa-ood", "--bad-patterns", str(tmp_path / "none.txt"))
    assert code == 2 and "none.txt" in stderr


def test_compat_profile_json_and_demo() -> None:
    code, stdout, _ = run("analyze", "--profile", "prontoqa-v1", "--format", "json")
    assert code == 0
    figures = json.loads(stdout)
    assert (figures["profile"], figures["source"], figures["examples"], figures["not_counted"]) == (
        "prontoqa-v1", "demo.jsonl", 12, 0)


@pytest.mark.parametrize("args", [(), ("--group-by", "model")])
def test_jobs_give_the_same_output_in_the_same_order(tmp_path: Path, args: tuple[str, ...]) -> None:
    """Varied records (every reading style, the demo, bad records) over several chunks of the workers: the
    same per-record lines, summary and messages with --jobs 2 as with --jobs 1."""
    root = Path(__file__).resolve().parents[1]
    varied = [*(root / "tests" / "data" / "reading" / "styles.jsonl").read_text("utf-8").splitlines(),
              *(root / "fixtures" / "demo.jsonl").read_text("utf-8").splitlines(),
              json.dumps(record(id="unreadable-query", query="What does Fae eat?")), "not json"]
    path = write_jsonl(tmp_path / "many.jsonl", varied * 11)  # 594 records: three chunks of 256 or fewer
    outputs = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}.jsonl"
        outputs[jobs] = (*run("analyze", str(path), "-f", "json", "-o", str(out), "--jobs", jobs, *args),
                         out.read_text("utf-8"))
    assert outputs["1"] == outputs["2"]
    code, summary, stderr, lines = outputs["1"]
    assert code == 0 and len(lines.splitlines()) == len(varied) * 11
    total = json.loads(summary).get("total", json.loads(summary))
    assert total["n"] + total["n_errors"] == len(varied) * 11 and total["n_errors"] == 22
    assert stderr.count("\nerror ") + stderr.startswith("error ") == 20 and "… and 2 more bad records" in stderr


def test_jobs_auto_checks_a_small_input_without_worker_processes(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import prontocheck.analyze as analyze

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a worker pool was started")

    monkeypatch.setattr(analyze, "ProcessPoolExecutor", no_pool)
    path = write_jsonl(tmp_path / "small.jsonl", [record(id=f"r{i}") for i in range(300)])
    for args in ([str(path)], [str(path), "--jobs", "auto"], ["-j", "AUTO", "-"], []):  # a file, stdin, the demo
        code, stdout, stderr = run("analyze", *args, "-f", "json", "-q", input=path.read_text("utf-8"))
        assert code == 0 and json.loads(stdout)["n"] in (300, 12), stderr
    with pytest.raises(AssertionError, match="pool was started"):  # asked for: started
        run("analyze", str(path), "--jobs", "2", "-f", "json", "-q")
    big = tmp_path / "big.jsonl"
    with open(big, "wb") as f:
        f.truncate(analyze.AUTO_JOBS_BYTES)
    assert (analyze.auto_jobs(str(path)), analyze.auto_jobs("-")) == (1, 1)
    assert analyze.auto_jobs(str(big)) == analyze.cpu_count() >= 1
    assert analyze.auto_jobs(str(tmp_path / "missing.jsonl")) == 1


@pytest.mark.parametrize("value", ["-1", "many", "1.5"])
def test_jobs_is_a_count_or_auto(value: str) -> None:
    code, _, stderr = run("analyze", "--jobs", value, "-f", "json", "-q")
    assert code == 2 and "is not 'auto' or a number of processes" in stderr
