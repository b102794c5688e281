"""Benchmark of ``prontocheck modal validate`` on the full grid (not run by CI; run it by hand).

    python tests/benchmarks/bench_modal.py              # 5 runs of each
    python tests/benchmarks/bench_modal.py --runs 9 --all-semantics

Writes the grid (14,400 prompts) to tests/benchmarks/output/modal-grid.jsonl, then reports, as the median and
the minimum over the runs, in CPU seconds (user + system of the child process, so that other jobs on a shared
machine do not count):

* the command, in a cold process: ``python -m prontocheck.cli modal validate GRID -q -f json`` (start-up and
  imports included: what a user waits for);
* the imports alone: ``python -c "import prontocheck.cli"``;
* the validation proper, in a fresh process, by ``time.process_time()``: reading the items, parsing and deciding
  them and building the report (the grammar's parser built first, and timed apart).

Target (issue 13): the command under 1 s.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(__file__).resolve().parent / "output"

PROPER = """
import json, sys, time
start = time.process_time()
from prontocheck.io.writing import dumps
from prontocheck.modal.parse import MODAL
from prontocheck.modal.semantics import COLUMNS, DEFAULT
from prontocheck.modal.validate import summarize_validation, validate_file
from prontocheck.syntax.frontend import parser
imported = time.process_time()
parser(MODAL, "statement")
built = time.process_time()
semantics = COLUMNS if sys.argv[2] == "all" else (DEFAULT,)
report = summarize_validation(validate_file(sys.argv[1], semantics), semantics)
dumps(report.to_json(), indent=2)
done = time.process_time()
print(json.dumps({"imports": imported - start, "parser": built - imported, "validation": done - built}))
"""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def cpu_seconds(command: list[str]) -> tuple[float, str]:
    """Run a command; its user + system CPU time and its standard output."""
    before = os.times()
    done = subprocess.run(command, check=True, capture_output=True, text=True, env=_env(), cwd=ROOT)
    after = os.times()
    return (after.children_user - before.children_user) + (after.children_system - before.children_system), done.stdout


def summary(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} s, min {min(values):.2f} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--all-semantics", action="store_true", help="Decide under the six semantics of the table.")
    args = ap.parse_args()
    OUT.mkdir(exist_ok=True)
    grid = OUT / "modal-grid.jsonl"
    subprocess.run([sys.executable, "-m", "prontocheck.cli", "modal", "generate", "-o", str(grid)], check=True,
                   capture_output=True, env=_env(), cwd=ROOT)
    extra = ["--all-semantics"] if args.all_semantics else []
    command = [sys.executable, "-m", "prontocheck.cli", "modal", "validate", str(grid), "-q", "-f", "json", *extra]
    whole = [cpu_seconds(command)[0] for _ in range(args.runs)]
    imports = [cpu_seconds([sys.executable, "-c", "import prontocheck.cli"])[0] for _ in range(args.runs)]
    proper: dict[str, list[float]] = {"imports": [], "parser": [], "validation": []}
    for _ in range(args.runs):
        _, out = cpu_seconds([sys.executable, "-c", PROPER, str(grid), "all" if args.all_semantics else "default"])
        for key, value in json.loads(out).items():
            proper[key].append(value)
    print(f"grid: {grid} (14,400 prompts); {'six semantics' if args.all_semantics else 'default semantics'}; "
          f"{args.runs} runs; Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    print(f"command  {' '.join(['python', *command[1:]])}: {summary(whole)}")
    print(f"imports  python -c 'import prontocheck.cli': {summary(imports)}")
    print(f"in process: modal imports {summary(proper['imports'])}; grammar's parser {summary(proper['parser'])}; "
          f"validation proper (read, parse, decide, report) {summary(proper['validation'])}")


if __name__ == "__main__":
    main()
