"""Benchmark of ``prontocheck analyze`` on the normal case: every problem new (not run by CI; run it by hand).

    python tests/benchmarks/bench_analyze.py                     # 3,000 records per file, 1/3/5/10 hops
    python tests/benchmarks/bench_analyze.py --n 10000 --hops 5
    python tests/benchmarks/bench_analyze.py --original ~/src/prontoqa   # time the original side by side

Writes, under tests/benchmarks/output/, N distinct generated problems (tests/benchmarks/synthetic.py: a
chain ontology per problem with a distractor, and model-like outputs: gold chains, skipped steps, wrong
branches, invalid and unparseable sentences) for each hop count, once as native JSON Lines and once as an
original experiment log (the original's byte format, eight in-context examples before each question).
Then, for each file, it runs the analyze job in a **cold process** (``python -m prontocheck analyze FILE
-q -f json --jobs 1``: start-up, imports and the grammar included, one core) and prints:

* examples/s of the job (wall clock) and per core (the process's CPU time);
* the read + decode floor: the same file read by prontocheck's reader alone (records decoded, nothing
  checked), in this process, and the job's ratio to it;
* the job with per-record output too (``-o /dev/null``);
* the ratio to the original main analyzer: timed side by side in this run with ``--original PATH`` (a
  checkout of the original repository, main branch: ``analyze_results.analyze_log`` on the same log,
  run with PATH as the working directory, as the original expects), else the figure measured on this
  kind of machine (../shared/reference/original-prontoqa-analyzer.md §6.4: 0.42, 0.72 and 1.05 ms per
  example at 1, 3 and 5 hops).

Then the repeated-problem case (the RL case: N/8 problems with 8 rollouts each, one after the other), the
peak traced memory for N and 2N records (streaming: flat), and the latency of ``check()`` on a problem
seen before.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import synthetic  # noqa: E402

from prontocheck import Problem, check  # noqa: E402
from prontocheck.analyze import Checked, analyze_file  # noqa: E402
from prontocheck.io import read_records  # noqa: E402
from prontocheck.report import SummaryBuilder  # noqa: E402

OUT = Path(__file__).resolve().parent / "output"
ORIGINAL_MS = {1: 0.42, 3: 0.72, 5: 1.05}
"""The original main analyzer's ms per example on this kind of machine (reference §6.4)."""


def files(n: int, hops: int) -> tuple[Path, Path]:
    """The native and the log file of ``n`` distinct ``hops``-hop problems (written once)."""
    native, log = OUT / f"normal_h{hops}_{n}.jsonl", OUT / f"normal_h{hops}_{n}.log"
    if not native.exists() or not log.exists():
        recs = list(synthetic.records(n, hops, seed=100 + hops))
        distinct = {(r["context"], r["query"]) for r in recs}
        assert len(distinct) == n, f"{n - len(distinct)} repeated problems"
        with open(native, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r) + "\n" for r in recs)
        synthetic.write_log(str(log), iter(recs), seed=hops)
    return native, log


def floor(path: Path) -> float:
    """Seconds to read and decode every record of ``path`` (prontocheck's reader, nothing checked)."""
    start = time.perf_counter()
    for _ in read_records(str(path)):
        pass
    return time.perf_counter() - start


def cold(path: Path, *extra: str) -> tuple[float, float]:
    """Wall and CPU seconds of the analyze job on ``path`` in a new process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "prontocheck.cli", "analyze", str(path), "-q", "-f", "json", "--jobs", "1",
                    *extra], check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def original(checkout: Path, log: Path) -> float:
    """Wall seconds of the original ``analyze_log`` on ``log`` (in a new process, cwd = the checkout)."""
    code = ("import sys, time; sys.path.insert(0, '.'); import analyze_results; t = time.perf_counter(); "
            f"analyze_results.analyze_log({str(log.resolve())!r}); print(time.perf_counter() - t)")
    out = subprocess.run([sys.executable, "-c", code], cwd=checkout, check=True, capture_output=True, text=True)
    return float(out.stdout.strip().splitlines()[-1])


def analyze(records: Iterator[Checked | object]) -> int:
    builder, n = SummaryBuilder(), 0
    for item in records:
        if isinstance(item, Checked):
            builder.add(item.result)
            n += 1
    builder.build()
    return n


def peak_memory(path: Path) -> int:
    tracemalloc.start()
    analyze(analyze_file(str(path)))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def latency(hops: int, calls: int = 2000) -> tuple[float, float]:
    rec = next(r for r in synthetic.records(50, hops, seed=7) if " has " not in str(r["output"]))
    problem = Problem(str(rec["context"]), str(rec["query"]), tuple(rec["gold_cot"]))  # type: ignore[arg-type]
    check(problem, str(rec["output"]))  # the problem is now seen
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        check(problem, str(rec["output"]))
        times.append(time.perf_counter() - start)
    times.sort()
    return statistics.median(times) * 1e3, times[int(0.99 * len(times))] * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=3000, help="records (distinct problems) per file")
    parser.add_argument("--hops", type=int, nargs="+", default=[1, 3, 5, 10])
    parser.add_argument("--original", type=Path, metavar="PATH",
                        help="a checkout of the original PrOntoQA repository (main branch), to time it side by side")
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, {args.n} distinct problems per file, "
          "cold process, --jobs 1")
    print(f"{'hops':>4} {'format':>7} {'ex/s':>7} {'ex/s/core':>9} {'ms/ex':>6} {'floor s':>8} {'ratio':>6} "
          f"{'ex/s -o':>8} {'original ms/ex':>15} {'× original':>10}")
    for hops in args.hops:
        for path in files(args.n, hops):
            wall, cpu = cold(path)
            wall_out, _ = cold(path, "-o", os.devnull)
            base = floor(path)
            if args.original is not None and path.suffix == ".log":
                theirs: float | None = original(args.original, path) / args.n * 1e3
            else:
                theirs = ORIGINAL_MS.get(hops)
            ms = cpu / args.n * 1e3
            versus = "" if theirs is None else f"{theirs / ms:.1f}"
            print(f"{hops:>4} {path.suffix[1:]:>7} {args.n / wall:>7.0f} {args.n / cpu:>9.0f} {ms:>6.3f} "
                  f"{base:>8.3f} {wall / base:>6.1f} {args.n / wall_out:>8.0f} "
                  f"{'' if theirs is None else f'{theirs:.2f}':>15} {versus:>10}")

    hops = 5 if 5 in args.hops else max(args.hops)
    rl = OUT / f"rollouts_h{hops}_{args.n}.jsonl"
    if not rl.exists():
        with open(rl, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r) + "\n" for r in synthetic.rollouts(args.n // 8, hops, 8, seed=hops))
    wall, cpu = cold(rl)
    print(f"repeated problems ({args.n // 8} problems x 8 rollouts, {hops} hops): {args.n / wall:.0f} examples/s, "
          f"{args.n / cpu:.0f} per core")

    native = files(args.n, hops)[0]
    double = OUT / f"normal_h{hops}_{2 * args.n}.jsonl"
    if not double.exists():
        synthetic.write(str(double), 2 * args.n, hops, seed=100 + hops)
    small, large = peak_memory(native), peak_memory(double)
    print(f"peak traced memory, {hops} hops: {small / 2**20:.1f} MiB for {args.n} records, "
          f"{large / 2**20:.1f} MiB for {2 * args.n}")
    med, p99 = latency(hops)
    print(f"library check() on a problem seen before, {hops} hops: median {med:.3f} ms, p99 {p99:.3f} ms")


if __name__ == "__main__":
    main()
