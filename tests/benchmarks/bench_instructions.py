"""Machine instructions of the analyze job and of ``check()``, for comparing two checkouts (not run by CI).

    python tests/benchmarks/bench_instructions.py                   # this checkout
    python tests/benchmarks/bench_instructions.py --tree ../other   # another checkout, same inputs

Wall-clock timings on a shared machine vary by ±20% between runs, which hides a change of a few percent.
The number of instructions a workload executes (valgrind's callgrind, which must be installed) varies by far
less, so an A/B comparison of two checkouts uses it. Each workload runs twice under callgrind, with its
measured part and without it, and the difference is printed: the part alone, start-up, imports and
loading the grammars excluded, and with the cyclic garbage collector off (a full collection inside one run
and not the other is a step of hundreds of millions of instructions that says nothing about the code).

Workloads (inputs from tests/benchmarks/synthetic.py, written to tests/benchmarks/output/):

* ``analyze-1``, ``analyze-3``, ``analyze-5``: the analyze job on 400 generated records of 1, 3 and 5 hops,
  every problem new (read, parse, check, one JSON line per record);
* ``check``: ``check()`` 300 times on one 5-hop problem seen before.

Each workload takes about three minutes under callgrind.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "output"
WORKLOADS = ("analyze-1", "analyze-3", "analyze-5", "check")


def inputs() -> None:
    """Write the generated input files (400 records of 1, 3 and 5 hops) if they are not there."""
    sys.path.insert(0, str(HERE))
    import synthetic

    OUT.mkdir(exist_ok=True)
    for hops in (1, 3, 5):
        path = OUT / f"instructions_h{hops}.jsonl"
        if not path.exists():
            with open(path, "w", encoding="utf-8") as f:
                for record in synthetic.records(400, hops, seed=11):
                    f.write(json.dumps(record) + "\n")


def run(workload: str, measured: bool) -> None:
    """The workload itself (in the process callgrind watches); with ``measured`` False only its set-up."""
    from prontocheck import Problem, check

    # Set-up in both runs: the grammars and readers loaded (once per process) by one small problem. The cyclic
    # garbage collector is off: where a full collection falls depends on how much each run allocates, and one
    # that falls inside the measured part only adds hundreds of millions of instructions (a step, not a trend).
    check(Problem("Every cat is a feline. Fae is a cat.", "True or false: Fae is a feline."),
          "Fae is a cat. Every cat is a feline. Fae is a feline. True")
    gc.collect()
    gc.disable()
    if workload.startswith("analyze-"):
        from prontocheck.analyze import Checked, analyze_file

        path = OUT / f"instructions_h{workload[-1]}.jsonl"
        for item in itertools.islice(analyze_file(str(path)), 400 if measured else 0):
            if isinstance(item, Checked):
                json.dumps(item.to_json())
        return
    from prontocheck.io import Record, read_records

    records = [r for r in read_records(str(OUT / "instructions_h5.jsonl")) if isinstance(r, Record)]
    record = next(r for r in records if " has " not in r.output)
    check(record.problem, record.output)
    for _ in range(300 if measured else 0):
        check(record.problem, record.output)


def instructions(tree: Path, workload: str, measured: bool) -> int:
    """The instructions callgrind counts for one run of the workload in the checkout ``tree``."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__,
               "--run", workload, "--tree", str(tree)] + ([] if measured else ["--setup-only"])
    done = subprocess.run(command, capture_output=True, text=True, cwd=tree,
                          env={"PYTHONPATH": str(tree), "PYTHONHASHSEED": "0", "PATH": os.environ.get("PATH", ""),
                               "HOME": os.environ.get("HOME", "/"),
                               # both runs build the parsers (a cache file written by one run and read by
                               # the other would count the build in the difference)
                               "PRONTOCHECK_CACHE_DIR": "off"})
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{workload} failed in {tree}:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tree", type=Path, default=HERE.parents[1], help="the checkout to measure")
    parser.add_argument("--only", choices=WORKLOADS, action="append", help="these workloads only")
    parser.add_argument("--run", choices=WORKLOADS, help=argparse.SUPPRESS)
    parser.add_argument("--setup-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run:
        run(args.run, not args.setup_only)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    inputs()
    tree = args.tree.resolve()
    print(f"instructions (millions), {tree}")
    for workload in args.only or WORKLOADS:
        part = instructions(tree, workload, True) - instructions(tree, workload, False)
        print(f"{workload:10} {part / 1e6:12,.1f}", flush=True)


if __name__ == "__main__":
    main()
