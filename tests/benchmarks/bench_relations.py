"""Benchmark of ``prontocheck relations validate`` (not run by CI; run it by hand).

    python tests/benchmarks/bench_relations.py             # 20,000 generated items
    python tests/benchmarks/bench_relations.py --n 100000 --dense 5000

Generates ART-style items from a hidden consistent world with 2% flipped labels
(tests/relations/synthetic_relations.py), then times: reading and parsing the items, the closure
and conflicts alone, the full validation (leave-one-out implied labels and reversals included),
and the whole command writing one JSON line per item. ``--dense N`` adds N noisy comparisons among
300 things in one order: the hard case, where label errors make long cycles. Target (issue 6):
20,000 items in seconds, not minutes.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import time
from pathlib import Path

from click.testing import CliRunner

from prontocheck.cli.relations import relations
from prontocheck.relations import item_from_record, shipped_schema, validate

HERE = Path(__file__).resolve().parent
OUT = HERE / "output"


def _synthetic():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("synthetic_relations",
                                                  HERE.parent / "relations" / "synthetic_relations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def timed(label: str, fn):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = fn()
    print(f"  {label:<44} {time.perf_counter() - start:8.2f} s")
    return result


def dense(n: int, things: int = 300, noise: float = 0.02, seed: int = 0) -> list[dict[str, object]]:
    rng = random.Random(seed)
    out = []
    for k in range(n):
        a, b = rng.sample(range(things), 2)
        out.append({"id": f"d{k}", "atom": f"more[size](o{a}, o{b})", "gold": (a > b) != (rng.random() < noise)})
    return out


def bench(label: str, records: list[dict[str, object]]) -> None:
    schema = shipped_schema()
    OUT.mkdir(exist_ok=True)
    path = OUT / f"relations-{label}.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
    print(f"{label}: {len(records):,} items")
    items = timed("read and parse", lambda: [item_from_record(r, schema, line=i) for i, r in enumerate(records, 1)])
    v = timed("closure and conflicts (no implied, no reversals)",
              lambda: validate(items, schema, implied=False, with_reversals=False))
    print(f"  {'':<44} {v.closure_size:,} facts, {len(v.conflicts):,} conflicts")
    full = timed("full validation", lambda: validate(items, schema))
    print(f"  {'':<44} {full.summary()['implied']}")
    result = timed("the command, with --output", lambda: CliRunner().invoke(
        relations, ["validate", str(path), "-f", "json", "-q", "-o", str(OUT / f"relations-{label}.out.jsonl")]))
    assert result.exit_code == 0, result.output


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=20_000, help="generated ART-style items")
    parser.add_argument("--dense", type=int, default=0, help="noisy comparisons in one dense order (0: none)")
    args = parser.parse_args()
    bench("art-style", _synthetic().records(args.n, noise=0.02, seed=1))
    if args.dense:
        bench("dense-order", dense(args.dense))


if __name__ == "__main__":
    main()
