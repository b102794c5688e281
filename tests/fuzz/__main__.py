"""``python -m tests.fuzz``: the long fuzz run (from the repository root).

    python -m tests.fuzz --examples 1000000                 # every target, inputs split evenly
    python -m tests.fuzz --examples 20000 --target parser --seed 7
    python -m tests.fuzz --target check --seed 7 --index 1234   # one input again: shown, then run (exit 1: a finding)
    python -m tests.fuzz --examples 1000000 --jobs 8        # in 8 processes (disjoint index ranges)

Prints each new finding as it is found and a summary table (inputs tried, records read, crashes,
hangs over the limit, inputs over it in the run but not when run again alone ("slow", not a finding: see
``runner.confirm``), records lost, files refused as a whole, the slowest input, inputs per second of
wall time and per CPU second);
the first few inputs of each finding are saved under ``--out`` as JSON with their traceback. Exits 1
if anything was found.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tests.fuzz import corpus as corpus_module
from tests.fuzz.runner import HANG_LIMIT, Tally, fuzz, make_input, run_one, table
from tests.fuzz.targets import TARGETS, bind


def _shard(args: tuple[list[str], int, int, int, float, str, bool]) -> dict[str, Tally]:
    names, examples, seed, start, limit, out, shared = args
    corpus = corpus_module.load(shared)
    return fuzz([TARGETS[n] for n in names], corpus, examples, seed, limit=limit, folder=Path(out), start=start,
                shared=shared, report=lambda line: print(line, flush=True))


def _merge(parts: list[dict[str, Tally]]) -> dict[str, Tally]:
    merged: dict[str, Tally] = {}
    for part in parts:
        for name, t in part.items():
            m = merged.setdefault(name, Tally())
            for attr in ("inputs", "records", "crashes", "hangs", "slow", "lost", "refused", "harness"):
                setattr(m, attr, getattr(m, attr) + getattr(t, attr))
            m.seconds = max(m.seconds, t.seconds)
            m.cpu += t.cpu
            m.slowest = max(m.slowest, t.slowest)
            for sig, ix in t.findings.items():
                m.findings.setdefault(sig, []).extend(ix)
    return merged


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--examples", type=int, default=10_000, help="inputs in all, split evenly across the targets")
    p.add_argument("--target", action="append", choices=sorted(TARGETS), help="a target (repeatable; default all)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--index", type=int, help="run this one input again: print it, run it, show what it raises")
    p.add_argument("--limit", type=float, default=HANG_LIMIT, help="CPU seconds an input may take (hang above)")
    p.add_argument("--jobs", type=int, default=1, help="processes (each takes a disjoint range of inputs)")
    p.add_argument("--out", default="fuzz-findings", help="folder for the saved findings")
    p.add_argument("--no-shared", action="store_true", help="only the repository's own material (not ../shared)")
    args = p.parse_args(argv)
    names = args.target or list(TARGETS)
    corpus = corpus_module.load(not args.no_shared)
    if args.index is not None:
        bind(corpus)
        found = False
        for name in names:
            target = TARGETS[name]
            inp = make_input(target, corpus, args.seed, args.index)
            print(f"{name} #{args.index} input: {inp!r}")
            kind, sig, error, outcome, spent = run_one(target, inp, args.limit)
            print(f"-> {kind or 'ok'} {sig} ({spent:.3f} s CPU) {outcome or ''}")
            found = found or kind is not None
            if error is not None:
                import traceback

                traceback.print_exception(error)
        return 1 if found else 0
    print(f"fuzzing {', '.join(names)}: {args.examples} inputs, seed {args.seed}, hang limit {args.limit} s CPU, "
          f"corpus of {len(corpus.pairs)} outputs, {len(corpus.sentences)} sentences from "
          f"{len(corpus.sources)} files", flush=True)
    t0 = time.perf_counter()
    if args.jobs <= 1:
        tallies = fuzz([TARGETS[n] for n in names], corpus, args.examples, args.seed, limit=args.limit,
                       folder=Path(args.out), shared=not args.no_shared, report=lambda line: print(line, flush=True))
    else:
        per = args.examples // args.jobs
        shards = [(names, per + (j < args.examples % args.jobs), args.seed, j * 10**9,
                   args.limit, args.out, not args.no_shared) for j in range(args.jobs)]
        with ProcessPoolExecutor(args.jobs) as pool:
            tallies = _merge(list(pool.map(_shard, shards)))
    print(table(tallies))
    print(f"wall time {time.perf_counter() - t0:.0f} s")
    found = any(t.crashes or t.hangs or t.lost or t.harness for t in tallies.values())
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
