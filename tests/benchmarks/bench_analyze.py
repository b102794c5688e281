"""Benchmark of ``prontocheck analyze`` (not run by CI; run it by hand).

    python tests/benchmarks/bench_analyze.py            # 10,000 records per hop count
    python tests/benchmarks/bench_analyze.py --n 50000

Generates 1-, 3- and 5-hop native JSONL files (tests/benchmarks/synthetic.py) under
tests/benchmarks/output/, then prints for each: examples per second of the whole analyze job
(read, parse, check, aggregate, write one JSON line per record), the time to merely read and
JSON-decode the same file, and their ratio. Then the peak traced memory for N and 2N records
(streaming: it should stay flat), and the per-call latency of the library API on a problem seen
before. Targets (issue 2): ≥ 3,000 5-hop examples/s on one core, flat memory, < 0.5 ms per call.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import synthetic  # noqa: E402

from prontocheck import Problem, check  # noqa: E402
from prontocheck.analyze import Checked, analyze_file  # noqa: E402
from prontocheck.report import SummaryBuilder  # noqa: E402

OUT = Path(__file__).resolve().parent / "output"


def read_only(path: Path) -> float:
    start = time.perf_counter()
    with open(path, encoding="utf-8") as f:
        for line in f:
            json.loads(line)
    return time.perf_counter() - start


def analyze(path: Path) -> tuple[float, int]:
    start = time.perf_counter()
    builder = SummaryBuilder()
    n = 0
    with open(os.devnull, "w", encoding="utf-8") as sink:
        for item in analyze_file(str(path)):
            if isinstance(item, Checked):
                builder.add(item.result)
                sink.write(json.dumps(item.to_json(), ensure_ascii=False) + "\n")
                n += 1
            else:
                builder.add_error(item)
    builder.build()
    return time.perf_counter() - start, n


def peak_memory(path: Path) -> int:
    tracemalloc.start()
    analyze(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def latency(hops: int, calls: int = 2000) -> tuple[float, float]:
    rec = next(r for r in synthetic.records(50, hops, seed=7) if "likes" not in str(r["output"]))
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
    parser.add_argument("--n", type=int, default=10_000, help="records per file")
    parser.add_argument("--hops", type=int, nargs="+", default=[1, 3, 5])
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    print(f"python {sys.version.split()[0]}, {args.n} records per file, one process")
    print(f"{'hops':>4} {'examples/s':>11} {'analyze s':>10} {'read+decode s':>14} {'ratio':>6}")
    for hops in args.hops:
        path = OUT / f"h{hops}_{args.n}.jsonl"
        if not path.exists():
            synthetic.write(str(path), args.n, hops, seed=hops)
        base = read_only(path)
        took, n = analyze(path)
        print(f"{hops:>4} {n / took:>11.0f} {took:>10.2f} {base:>14.3f} {took / base:>6.1f}")

    hops = max(args.hops)
    double = OUT / f"h{hops}_{2 * args.n}.jsonl"
    if not double.exists():
        synthetic.write(str(double), 2 * args.n, hops, seed=hops)
    small, large = peak_memory(OUT / f"h{hops}_{args.n}.jsonl"), peak_memory(double)
    print(f"peak traced memory, {hops} hops: {small / 2**20:.1f} MiB for {args.n} records, "
          f"{large / 2**20:.1f} MiB for {2 * args.n}")
    med, p99 = latency(hops)
    print(f"library check() on a problem seen before, {hops} hops: median {med:.3f} ms, p99 {p99:.3f} ms")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "prontocheck.cli", "analyze", str(OUT / f"h{hops}_{args.n}.jsonl"),
                    "-q", "-f", "json", "-o", os.devnull], check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    print(f"CLI end to end (start-up included), {hops} hops: {wall:.2f} s, {args.n / wall:.0f} examples/s")


if __name__ == "__main__":
    main()
