"""The analyze job on Ray (prontocheck.integrations.ray, ``analyze --ray``) gives what ``--jobs 1`` gives.

One local Ray (2 CPUs) serves the module. The tests marked ``ray`` are skipped where Ray Data is not installed
(one loud line at the end) and fail instead under ``PRONTOCHECK_REQUIRE_RAY=1``, which ``.ci/run`` sets.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from prontocheck.analyze import Analysis, Batch, analyze_records
from prontocheck.cli import main
from prontocheck.errors import UsageError
from prontocheck.integrations import ray as on_ray
from prontocheck.io import read_records
from prontocheck.report import DEFAULT_LIMIT

# Ray Data reads some deprecated settings of its own when it copies its context.
pytestmark = pytest.mark.filterwarnings("ignore:.*deprecated.*:DeprecationWarning")

ROOT = Path(__file__).resolve().parents[1]
BAD = ["oops", "", '{"context": "Fae is a cat.", "query": "True or false: Fae is a cat."}', "[1, 2]"]


@pytest.fixture(scope="module")
def ray_session() -> Iterator[Any]:
    import ray
    import ray.data

    ray.init(num_cpus=2, include_dashboard=False, logging_level="WARNING", log_to_driver=False)
    context = ray.data.DataContext.get_current()
    context.enable_progress_bars = False
    context.print_on_execution_start = False
    yield ray
    ray.shutdown()


def _lines() -> list[str]:
    """The demo, a bad line of each kind, then every reading style (40 records of 10 models)."""
    demo = (ROOT / "fixtures" / "demo.jsonl").read_text("utf-8").splitlines()
    styles = (ROOT / "tests" / "data" / "reading" / "styles.jsonl").read_text("utf-8").splitlines()
    return demo[:6] + BAD + styles + demo[6:]


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(_lines()) + "\n", "utf-8")
    return path


def _expected(path: Path, analysis: Analysis) -> tuple[str, dict[str, Any], list[Any]]:
    return _joined(list(analyze_records(read_records(str(path)), analysis, jobs=1)), analysis)


def _joined(batches: list[Batch], analysis: Analysis) -> tuple[str, dict[str, Any], list[Any]]:
    """The lines, the summary (merged as the command merges it) and the original's verdicts of some batches."""
    builder = analysis.summary_builder(limit=DEFAULT_LIMIT)
    for batch in batches:
        builder.merge(batch.summary)
    return ("".join(b.text for b in batches), builder.build().to_json(),
            [v.to_json() for b in batches for v in b.compat])


@pytest.mark.ray
def test_the_dataset_entry_point_gives_the_lines_of_jobs_1(ray_session: Any, mixed: Path) -> None:
    # JSON lines as rows (as ray.data.read_text gives them), with their line numbers; small batches over several
    # blocks: the rows come back in input order, each the line analyze --output writes.
    rows = [{"line": n, "text": text} for n, text in enumerate(_lines(), start=1)]
    dataset = ray_session.data.from_items(rows, override_num_blocks=5)
    result = on_ray.analyze(dataset, name=str(mixed), line_column="line", text_column="text", batch_size=7,
                            concurrency=2)
    got = result.take_all()
    text, _, _ = _expected(mixed, Analysis())
    assert "".join(row["json"] + "\n" for row in got) == text
    assert [row["id"] for row in got] == [json.loads(line)["id"] for line in text.splitlines()]
    assert sum("error" in json.loads(row["json"]) for row in got) == 3  # "" is no record: the reader skips it


@pytest.mark.ray
def test_the_batches_and_the_merged_summary_equal_jobs_1(ray_session: Any, mixed: Path) -> None:
    # Grouped, under a compatibility profile: lines, the summary merged on the driver, the original's verdicts.
    analysis = Analysis(group_by="model", profile="prontoqa-ood")
    rows = [{"line": n, "text": text} for n, text in enumerate(_lines(), start=1)]
    dataset = ray_session.data.from_items(rows, override_num_blocks=4)
    batches = list(on_ray.analyze_batches(dataset, analysis, name=str(mixed), line_column="line",
                                          text_column="text", batch_size=5, concurrency=2))
    assert len(batches) > 4
    assert _joined(batches, analysis) == _expected(mixed, analysis)
    summary = _expected(mixed, analysis)[1]
    assert summary["total"]["n"] > 40 and summary["total"]["n_errors"] == 3


@pytest.mark.ray
def test_record_rows_are_read_as_the_native_reader_reads_objects(ray_session: Any, mixed: Path) -> None:
    # Rows of fields (as from a Parquet file or a trainer's rollouts): Arrow gives every row every column, a null
    # reads as absent; the results are the native reader's, line for line (the metadata's keys in the order of the
    # block's columns: a batch over blocks of other columns has them in another order).
    records = [(n, json.loads(text)) for n, text in enumerate(_lines(), start=1)
               if text.startswith("{") and "output" in text]
    dataset = ray_session.data.from_items([{**obj, "position": n} for n, obj in records], override_num_blocks=3)
    got = on_ray.analyze(dataset, name=str(mixed), line_column="position", batch_size=16, concurrency=1).take_all()
    text, _, _ = _expected(mixed, Analysis())
    wanted = {n for n, _ in records}
    expected = [line for line in text.splitlines() if json.loads(line).get("source", {}).get("line") in wanted]
    assert [json.loads(row["json"]) for row in got] == [json.loads(line) for line in expected]


@pytest.mark.ray
def test_analyze_on_ray_writes_and_prints_what_jobs_1_does(ray_session: Any, tmp_path: Path) -> None:
    # Five copies of the mixed input (over 256 records: several chunks in flight on two actors), grouped.
    path = tmp_path / "big.jsonl"
    path.write_text("\n".join(_lines() * 5) + "\n", "utf-8")
    runs = {}
    # --ray alone, and with an address and a number of workers (Ray is initialized here: that driver is used)
    for name, options in {"jobs": ["--jobs", "1"], "ray": ["--ray"], "ray2": ["--jobs", "2", "--ray=auto"]}.items():
        out = tmp_path / f"{name}.jsonl"
        result = CliRunner().invoke(main, ["analyze", str(path), "-o", str(out), "-f", "json", "-g", "model",
                                           "-q", *options], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        runs[name] = (out.read_bytes(), result.stdout)
    assert runs["ray"] == runs["jobs"] and runs["ray2"] == runs["jobs"]
    assert len(runs["jobs"][0].splitlines()) == 5 * (len(_lines()) - 1)
    assert json.loads(runs["jobs"][1])["total"]["n_errors"] == 15


@pytest.mark.ray
def test_the_batches_of_records_read_here_come_back_in_order(ray_session: Any, mixed: Path) -> None:
    analysis = Analysis(group_by="model")
    batches = list(on_ray.analyze_records(read_records(str(mixed)), analysis, workers=2, chunk_size=4))
    assert len(batches) > 10
    assert _joined(batches, analysis) == _expected(mixed, analysis)


def _readme_blocks(start: str, end: str) -> list[str]:
    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme[readme.index(start):readme.index(end, readme.index(start))]
    return [textwrap.dedent(block.split("```", 1)[0]) for block in section.split("```python\n")[1:]]


@pytest.mark.ray
def test_the_readme_ray_examples_run_as_printed(ray_session: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    # The library example (its input: the demo) and the reward functions in Ray workers print what they say.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "outputs.jsonl").write_bytes((ROOT / "fixtures" / "demo.jsonl").read_bytes())
    [library] = _readme_blocks("### On a cluster (Ray)", "\n## ")
    [rewards] = _readme_blocks("* **In Ray workers.**", "\n* ")
    # Ray Data's workers read and write the paths (they were started elsewhere: absolute paths here)
    library = library.replace('read_text("outputs.jsonl")', f'read_text("{tmp_path / "outputs.jsonl"}")')
    library = library.replace('write_json("per-record")', f'write_json("{tmp_path / "per-record"}")')
    capsys.readouterr()
    exec(compile(library, "README.md (On a cluster)", "exec"), {})
    analysis = Analysis(group_by="model")
    expected = _expected(tmp_path / "outputs.jsonl", analysis)[1]["total"]["proof_accuracy"]["strict"]["value"]
    assert capsys.readouterr().out == f"{expected}\n"
    # read_text gives no line numbers: the records say line 0, and are otherwise the lines of jobs=1
    written = [json.loads(json.loads(line)["json"]) for f in sorted((tmp_path / "per-record").iterdir())
               for line in f.open()]
    expected_lines = [json.loads(line) for line in _expected(Path("outputs.jsonl"), Analysis())[0].splitlines()]
    assert [row.pop("source") for row in written] == [{"file": "outputs.jsonl", "line": 0}] * len(expected_lines)
    assert written == [{k: v for k, v in row.items() if k != "source"} for row in expected_lines]
    exec(compile(rewards, "README.md (In Ray workers)", "exec"), {})
    assert capsys.readouterr().out == "1.0\n[1.0]\n"


# Without Ray: the messages, and Ray never imported where it is not used.


def test_without_ray_the_cli_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    result = CliRunner().invoke(main, ["analyze", "--ray", "-f", "json"])
    assert result.exit_code == 2
    assert "pip install 'prontocheck[ray]'" in result.output
    with pytest.raises(UsageError, match=r"pip install 'prontocheck\[ray\]'"):
        on_ray.analyze(object())  # type: ignore[arg-type]
    with pytest.raises(UsageError, match=r"pip install 'prontocheck\[ray\]'"):
        next(on_ray.analyze_records([]))


def test_an_input_given_as_the_ray_address_is_refused(mixed: Path) -> None:
    result = CliRunner().invoke(main, ["analyze", "--ray", str(mixed)])
    assert result.exit_code == 2
    assert "is not a Ray address" in result.output and "put --ray after the inputs" in result.output


def test_ray_is_imported_only_by_the_ray_code() -> None:
    code = ("import sys\nfrom click.testing import CliRunner\nfrom prontocheck.cli import main\n"
            "import prontocheck.integrations.ray\n"
            "result = CliRunner().invoke(main, ['analyze', '-f', 'json'])\n"
            "assert result.exit_code == 0, result.output\n"
            "print(sorted(m for m in sys.modules if m == 'ray' or m.startswith(('ray.', 'pyarrow'))))\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "[]", out.stdout
