"""Benchmark of reading model outputs (not run by CI; run it by hand, on two checkouts to compare).

    python tests/benchmarks/bench_reading.py                   # the checkout's own reader
    PYTHONPATH=/path/to/old/checkout python tests/benchmarks/bench_reading.py --inputs ...

Reading is everything between an output's text and the steps the checker classifies: cutting sentences,
parsing each, reading them with the problem's vocabulary, finding the committed answer. The benchmark
times it alone, for each output once, with the problems prepared beforehand and the sentence caches cold
(a fresh process; the prepared problems, a heap a streaming run never holds, are frozen out of garbage
collection), on PrOntoQA-style text: the real v1 and OOD logs in ../shared/data (when beside the checkout)
and the synthetic 5-hop file of bench_analyze.py. It works with readers before and after issue 10
(``prontocheck.syntax.reading`` or the older ``split_output``), so the same command on two checkouts gives
their ratio. It prints outputs per second and microseconds per output, best of ``--repeat`` runs in fresh
subprocesses.
"""

from __future__ import annotations

import argparse
import gc
import glob
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[2] / "shared" / "data"
DEFAULT_INPUTS = [
    str(DATA / "prontoqa-v1-llama" / "*" / "*.log.gz"),
    str(DATA / "prontoqa-ood-onehop" / "*" / "*.log.gz"),
    str(HERE / "output" / "h5_10000.jsonl"),
]


def _reader():  # type: ignore[no-untyped-def]
    """A function output, prepared problem → steps, for whichever reader this checkout has."""
    try:
        from prontocheck.prontoqa.check import _inputs
        from prontocheck.syntax.reading import read_output

        def read(output, prepared):  # type: ignore[no-untyped-def]
            reading = read_output(output, prepared.reading)
            return _inputs(reading, prepared)[0], reading.answer

        return read
    except ImportError:
        from prontocheck.prontoqa.check import _individuals, _resolve_pronouns, _step_inputs
        from prontocheck.syntax.text import split_output

        def read_old(output, prepared):  # type: ignore[no-untyped-def]
            split = split_output(output)
            named = _individuals(prepared.query.formula)[1] if prepared.query is not None else frozenset()
            steps = [st for s in split.steps for st in _step_inputs(s.text)]
            return _resolve_pronouns(steps, next(iter(named)) if len(named) == 1 else None), split.answer

        return read_old


def _one(pattern: str) -> tuple[int, float]:
    from prontocheck.io import Record, read_records
    from prontocheck.prontoqa.problem import prepare

    pairs = []
    for path in sorted(glob.glob(pattern)):
        for record in read_records(path):
            if isinstance(record, Record):
                pairs.append((record.output, prepare(record.problem)))
    read = _reader()
    # The problems are all prepared up front, a heap a streaming run never holds: keep it out of the garbage
    # collector's full passes, which would otherwise charge its size to whichever output triggers one.
    gc.collect()
    gc.freeze()
    start = time.perf_counter()
    for output, prepared in pairs:
        read(output, prepared)
    return len(pairs), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", nargs="+", default=DEFAULT_INPUTS, help="glob patterns of input files")
    parser.add_argument("--repeat", type=int, default=3, help="fresh processes per input (best is shown)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(_one(args.child)))
        return
    if not (HERE / "output" / "h5_10000.jsonl").exists():
        sys.path.insert(0, str(HERE))
        import synthetic

        (HERE / "output").mkdir(exist_ok=True)
        synthetic.write(str(HERE / "output" / "h5_10000.jsonl"), 10_000, 5, seed=5)
    print(f"python {sys.version.split()[0]}; reading only, problems prepared, caches cold; best of {args.repeat}")
    for pattern in args.inputs:
        if not glob.glob(pattern):
            print(f"{pattern}: no files (skipped)")
            continue
        runs = [json.loads(subprocess.run([sys.executable, __file__, "--child", pattern], check=True,
                                          capture_output=True, text=True).stdout) for _ in range(args.repeat)]
        n, took = min(runs, key=lambda r: r[1])
        print(f"{n:>6} outputs  {n / took:>8.0f}/s  {1e6 * took / n:>7.1f} µs each  {pattern}")


if __name__ == "__main__":
    main()
