"""The README's examples run as printed: every ``sh`` command line and every ``python`` block.

Each command runs in a fresh shell in a temporary folder that holds the files the README names (built here from
``tests/data/formats`` and the generator: ``outputs.jsonl`` holds gold answers of two "models", so the
README's ``--fail-under`` thresholds are met; ``runs/*.log.gz``, ``details.parquet``, …; the
repository's ``tests`` folder is linked there, for the examples that name its files), with ``prontocheck`` on the
``PATH`` running this checkout and no data on standard input. A command must exit 0. Each Python block runs in a
fresh process from the same folder. What cannot run here is listed in :data:`SKIPPED` with the reason (installs,
the test suite itself, the benchmarks, a Ray cluster); a new example whose files are missing fails until
:func:`workspace` makes them.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pyarrow as pa
import pytest

ROOT = Path(__file__).resolve().parents[1]
FORMATS = ROOT / "tests" / "data" / "formats"

SKIPPED = {
    "pip install": "installs the package (the suite runs from the checkout)",
    "python -m pytest": "runs this test suite",
    "tests/benchmarks/": "a benchmark (minutes; not run by the test suite)",
    "--ray": "needs a Ray cluster (tests/test_ray.py runs the Ray examples with the ray extra)",
    "--original ": "needs the original PrOntoQA repository",
    "lm_eval ": "needs the lm-eval extra (tests/test_lm_eval.py runs the lm-eval examples with it)",
}
"""A command containing the key is not run, for the reason given."""

def blocks(language: str) -> list[tuple[int, str]]:
    """The README's fenced blocks of one language, with the line each starts on, dedented."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = []
    for match in re.finditer(r"^( *)```" + language + r"\n(.*?)^\1```", readme, flags=re.S | re.M):
        found.append((readme.count("\n", 0, match.start()) + 1, textwrap.dedent(match.group(2))))
    return found


def commands() -> list[tuple[str, str]]:
    """Every shell command line of the README (comments and blank lines left out), with an id."""
    out = []
    for start, text in blocks("sh"):
        for offset, line in enumerate(text.splitlines()):
            if line.strip() and not line.lstrip().startswith("#"):
                out.append((f"README.md:{start + 1 + offset}", line))
    return out


def workspace(folder: Path) -> dict[str, str]:
    """Make the files the README's examples name in ``folder``; the environment to run them in."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    subprocess.run([sys.executable, "-m", "prontocheck", "generate", "-n", "20", "--hops", "1-3", "--output-text",
                    "gold", "-o", str(folder / "gold.jsonl")], env=env, check=True, capture_output=True, timeout=600)
    nested = [{**json.loads(line), "model": f"model-{'ab'[i % 2]}"}
              for i, line in enumerate((folder / "gold.jsonl").read_text("utf-8").splitlines())]
    (folder / "outputs.jsonl").write_text("".join(json.dumps(r) + "\n" for r in nested), encoding="utf-8")
    (folder / "data.jsonl").write_text("".join(json.dumps({"doc": {"question": r["context"]}, "query": r["query"],
                                                           "response": r["output"]}) + "\n" for r in nested))
    (folder / "runs").mkdir()
    for name in ("prontoqa-v1.log", "prontoqa-ood.log"):
        (folder / "runs" / f"{name}.gz").write_bytes(gzip.compress((FORMATS / name).read_bytes()))
    shutil.copy(folder / "runs" / "prontoqa-ood.log.gz", folder / "run.log.gz")
    (folder / "path" / "to" / "prontoqa").mkdir(parents=True)
    (folder / "path" / "to" / "prontoqa" / "bad_patterns.txt").write_text("")
    (folder / "logs").mkdir()
    shutil.copy(FORMATS / "inspect.eval", folder / "logs" / "2026-12-01_prontoqa.eval")
    shutil.copy(FORMATS / "lm-eval-samples.jsonl", folder / "samples_prontoqa_2026-12-01.jsonl")
    shutil.copy(FORMATS / "batch-output.jsonl", folder / "batch_output.jsonl")
    shutil.copy(FORMATS / "batch-input.jsonl", folder / "batch_input.jsonl")
    shutil.copy(FORMATS / "records.parquet", folder / "details.parquet")
    saved = folder / "saved_dataset"
    saved.mkdir()
    table = pa.Table.from_pylist([{k: str(r.get(k)) for k in ("id", "context", "query", "output")} for r in nested])
    with pa.OSFile(str(saved / "data-00000-of-00001.arrow"), "wb") as sink, \
            pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    (saved / "state.json").write_text(json.dumps({"_data_files": [{"filename": "data-00000-of-00001.arrow"}]}))
    (saved / "dataset_info.json").write_text("{}")
    verl = [{"input": "user\n…", "output": r["output"], "gts": json.dumps({"context": r["context"],
             "query": r["query"]}), "score": 1.0, "step": 100} for r in nested]
    (folder / "100.jsonl").write_text("".join(json.dumps(v) + "\n" for v in verl))
    (folder / "tests").symlink_to(ROOT / "tests")
    bin_dir = folder / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "prontocheck"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m prontocheck "$@"\n')
    shim.chmod(shim.stat().st_mode | stat.S_IEXEC)
    return {**env, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    folder = tmp_path_factory.mktemp("readme")
    return folder, workspace(folder)


@pytest.mark.parametrize(("where", "command"), commands(), ids=[w for w, _ in commands()])
def test_a_readme_command_runs_as_printed(where: str, command: str, prepared: tuple[Path, dict[str, str]]) -> None:
    skip = next((reason for key, reason in SKIPPED.items() if key in command), None)
    if skip is not None:
        pytest.skip(skip)
    folder, env = prepared
    done = subprocess.run(["bash", "-c", f"set -o pipefail; {command}"], cwd=folder, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, f"{where}: {command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"


@pytest.mark.parametrize(("start", "code"), blocks("python"), ids=[f"README.md:{s}" for s, _ in blocks("python")])
def test_a_readme_python_block_runs_as_printed(start: int, code: str, prepared: tuple[Path, dict[str, str]]) -> None:
    if re.search(r"^\s*import ray\b", code, flags=re.M):
        pytest.skip("a Ray example: tests/test_ray.py runs it (with the ray extra)")
    for library, test in (("inspect_ai", "test_inspect_scorer"), ("lm_eval", "test_lm_eval")):
        if re.search(rf"^\s*(?:from|import) {library}\b", code, flags=re.M):
            pytest.skip(f"an example of the {library} extra: tests/{test}.py runs it (with the extra, offline)")
    folder, env = prepared
    done = subprocess.run([sys.executable, "-c", code], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, f"README.md:{start}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"


def test_every_example_is_found() -> None:
    assert len(commands()) >= 15 and len(blocks("python")) >= 4
    assert any("generator_test" in code for _, code in blocks("python"))
