"""Benchmark of ``prontocheck relations validate`` (not run by CI; run it by hand).

    python tests/benchmarks/bench_relations.py             # the two targets of issue 13
    python tests/benchmarks/bench_relations.py --n 100000 --dense 5000 --reps 1

Two item sets:

* ``art-style``: ``--n`` (20,000) generated ART-style items from a hidden consistent world with 2%
  flipped labels (tests/relations/synthetic_relations.py);
* ``dense``: ``--dense`` (13,000) noisy comparisons "Is a X bigger/smaller than a Y?" over ``--things``
  (3,000) objects with 5% flipped labels. The objects come in categories of ``--category`` (100) and
  each comparison is within one category (30 categories, about 430 comparisons each), so label errors
  make long cycles while the closure (64,000 facts) stays within ``closure_facts``; random pairs over
  all 3,000 objects in one order would make a closure of millions of facts, which the checker refuses.

For each set it times, in this process: reading and parsing the items, the closure and conflicts
alone, and the full validation (leave-one-out implied labels and reversals included); then the
whole command ``prontocheck relations validate ITEMS -f json -q`` in a fresh Python process
(imports included), with and without ``--output``, and the imports alone. Every time is CPU time
(``time.process_time()``, or the child's user + sys), the best of ``--reps`` runs. Targets (issue 13):
the command on 20,000 items under 2 s, on the dense set under 5 s.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import prontocheck
from prontocheck.relations import item_from_record, shipped_schema, validate

HERE = Path(__file__).resolve().parent
TREE = Path(prontocheck.__file__).resolve().parent.parent
"""The checkout whose package this process imports: the commands run there, since ``python -m`` imports the package
from the current directory before ``PYTHONPATH`` (so ``PYTHONPATH=../other python …`` times the other checkout)."""
OUT = HERE / "output"


def _synthetic():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("synthetic_relations",
                                                  HERE.parent / "relations" / "synthetic_relations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def timed(label: str, fn, reps: int = 1):  # type: ignore[no-untyped-def]
    best, result = float("inf"), None
    for _ in range(reps):
        start = time.process_time()
        result = fn()
        best = min(best, time.process_time() - start)
    print(f"  {label:<52} {best:8.2f} s")
    return result


def command_time(args: list[str], reps: int) -> float:
    """The best CPU time (user + sys) of a fresh process running ``python args…``."""
    best = float("inf")
    for _ in range(reps):
        before = os.times()
        subprocess.run([sys.executable, *args], check=True, stdout=subprocess.DEVNULL, cwd=TREE)
        after = os.times()
        best = min(best, after.children_user - before.children_user + after.children_system
                   - before.children_system)
    return best


def dense(n: int, things: int = 3000, category: int = 100, noise: float = 0.05,
          seed: int = 0) -> list[dict[str, object]]:
    """``n`` size comparisons within categories of ``category`` objects (of ``things``), ``noise`` flipped."""
    rng = random.Random(seed)
    world = _synthetic().World(rng)
    names = [world.word() for _ in range(things)]
    groups = [names[i:i + category] for i in range(0, things, category)]
    out: list[dict[str, object]] = []
    for k in range(n):
        group = groups[k % len(groups)]
        a, b = rng.sample(range(len(group)), 2)
        flipped = rng.random() < noise
        if rng.random() < 0.5:
            question, truth = f"Is a {group[a]} bigger than a {group[b]}?", a > b
        else:
            question, truth = f"Is a {group[a]} smaller than a {group[b]}?", a < b
        out.append({"id": f"d{k}", "category": "order_of_size", "question": question, "gold": truth != flipped,
                    "flipped": flipped})
    return out


def bench(label: str, records: list[dict[str, object]], reps: int) -> None:
    schema = shipped_schema()
    OUT.mkdir(exist_ok=True)
    path = OUT / f"relations-{label}.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
    print(f"{label}: {len(records):,} items")
    items = timed("read and parse", lambda: [item_from_record(r, schema, line=i) for i, r in enumerate(records, 1)])
    v = timed("closure and conflicts (no implied, no reversals)",
              lambda: validate(items, schema, implied=False, with_reversals=False))
    grouped = sum(len(g.conflicts) for g in v.groups)
    print(f"  {'':<52} {v.closure_size:,} facts, {len(v.conflicts):,} conflicts, {len(v.groups):,} conflict groups "
          f"(cycles) taking in {grouped:,} of them")
    full = timed("full validation", lambda: validate(items, schema))
    print(f"  {'':<52} {full.summary()['implied']}")
    command = ["-m", "prontocheck.cli", "relations", "validate", str(path), "-f", "json", "-q"]
    out = str(OUT / f"relations-{label}.out.jsonl")
    print(f"  {'the command, cold process (imports included)':<52} {command_time(command, reps):8.2f} s")
    print(f"  {'the command with --output, cold process':<52} {command_time([*command, '-o', out], reps):8.2f} s")
    print(f"  {'of which imports (python -c import the CLI)':<52} "
          f"{command_time(['-c', 'import prontocheck.cli.relations'], reps):8.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=20_000, help="generated ART-style items (0: none)")
    parser.add_argument("--dense", type=int, default=13_000, help="noisy comparisons in the dense set (0: none)")
    parser.add_argument("--things", type=int, default=3_000, help="objects of the dense set")
    parser.add_argument("--category", type=int, default=100, help="objects per category of the dense set")
    parser.add_argument("--noise", type=float, default=0.05, help="flipped labels of the dense set")
    parser.add_argument("--reps", type=int, default=3, help="runs of each command (the best is shown)")
    args = parser.parse_args()
    if args.n:
        bench("art-style", _synthetic().records(args.n, noise=0.02, seed=1), args.reps)
    if args.dense:
        bench("dense", dense(args.dense, args.things, args.category, args.noise), args.reps)


if __name__ == "__main__":
    main()
