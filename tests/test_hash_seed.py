"""Results never depend on set or dict order: the same input gives the same summary and the same records
under any string hash seed (each run a fresh process)."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

NAMES = ("wumpus", "yumpus", "shumpus", "lempus", "jompus", "numpus", "grimpus", "brimpus")


def _records() -> list[dict[str, str]]:
    """Proofs by contradiction whose final conjunction ("Rex is not a P and Rex is not a Q") is introduced
    from two derivations: which one it is said to come from once followed the set order of its conjuncts."""
    out = []
    for n, (p, q, r) in enumerate(itertools.permutations(NAMES[:5], 3)):
        context = f"Everything that is a {p} or a {q} is a {r}. Rex is not a {r}."
        cases = [f"Assume Rex is a {x}. Rex is a {p} or a {q}. Everything that is a {p} or a {q} is a {r}. "
                 f"Rex is a {r}. This contradicts with Rex is not a {r}. Rex is not a {x}." for x in (q, p)]
        output = (f"Assume Rex is a {q}. Rex is a {r} or a {r}. Everything that is a {q} or a {r} is a {r}. "
                  f"Rex is a {r}. This contradicts with Rex is not a {r}. Rex is not a {q}.\n\n"
                  f"Rex is not a {r} and Rex is not a {q}.")
        out.append({"id": str(n), "context": context, "query": f"Prove: Rex is not a {q} and Rex is not a {p}.",
                    "gold_cot": " ".join(cases) + f" Rex is not a {q} and Rex is not a {p}.", "output": output})
    return out


def _run(path: Path, out: Path, seed: str) -> str:
    return subprocess.run([sys.executable, "-m", "prontocheck.cli", "analyze", str(path), "-q", "-f", "json",
                           "-o", str(out)], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONHASHSEED": seed}).stdout


def test_results_are_the_same_under_every_hash_seed(tmp_path: Path) -> None:
    path = tmp_path / "contra.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    runs = [(_run(path, tmp_path / f"{seed}.jsonl", seed), (tmp_path / f"{seed}.jsonl").read_text("utf-8"))
            for seed in ("1", "2", "3", "4")]
    assert all(run == runs[0] for run in runs[1:])
    summary = json.loads(runs[0][0])
    assert summary["n"] == len(_records()) and summary["n_errors"] == 0
    last_steps = [json.loads(line)["steps"][-1] for line in runs[0][1].splitlines()]
    assert {(s["rule"], s["validity"]) for s in last_steps} == {("AndIntro", "strict")}
