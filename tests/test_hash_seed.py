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


ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
"""The real logs (../shared/data beside the checkout); the fixtures stand in where they are absent."""

PER_FILE = 12
"""Records taken from each real log: enough for every kind of proof, few enough to keep the test fast."""

SOURCES = {
    # name: (profiles, real files under DATA)
    "ood": (("paper", "prontoqa-ood"), [
        f"prontoqa-ood-onehop/gemma_2_2b_it/gemma-2-2b-it_{rule}_1hop_{name}_nodistractor.log.gz"
        for rule, name in (("andelim", "AndElim"), ("andintro", "AndIntro"), ("modusponens", "ProofsOnly"),
                           ("orelim", "OrElim"), ("orintro", "OrIntro"), ("proofbycontra", "ProofByContra"))]),
    "v1": (("paper", "prontoqa-v1"), [f"prontoqa-v1-llama/llama-chat-13b-q4_k_m/llama_{h}hop.log.gz" for h in (1, 3)]),
    "logiclm": (("paper",), ["prontoqa-logiclm-gpt4o-mini/outputs.jsonl"]),
}

_DRIVER = r"""
import contextlib, io, json, sys
from pathlib import Path
from prontocheck.cli import main
runs, out = json.loads(sys.argv[1]), Path(sys.argv[2])
for name, profile, jobs, path, extra in runs:
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout):
        try:
            main(["analyze", path, "-q", "-f", "json", "-p", profile, "-j", str(jobs), *extra,
                  "-o", str(out / f"{name}-{profile}-{jobs}.jsonl")], standalone_mode=False)
        except SystemExit as e:
            assert not e.code, e.code
    (out / f"{name}-{profile}-{jobs}.summary").write_text(stdout.getvalue(), "utf-8")
"""


def _subset(tmp_path: Path) -> dict[str, tuple[tuple[str, ...], Path]]:
    """Each source as one native JSON Lines file: PER_FILE records of each real log, or the demo fixture."""
    from prontocheck.io import read_records
    from prontocheck.io.records import Record

    inputs = {}
    for name, (profiles, files) in SOURCES.items():
        paths = [DATA / f for f in files]
        lines: list[str] = []
        if all(p.is_file() for p in paths):
            for p in paths:
                records = [r for r in itertools.islice(read_records(str(p)), PER_FILE) if isinstance(r, Record)]
                lines += [json.dumps({"id": r.id, "context": r.problem.context, "query": r.problem.query,
                                      "gold_cot": r.problem.gold_cot, "gold_label": r.problem.gold_label,
                                      "options": list(r.problem.options), "output": r.output}) for r in records]
        else:
            lines = (ROOT / "fixtures" / "demo.jsonl").read_text("utf-8").splitlines()
        path = tmp_path / f"{name}.jsonl"
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        inputs[name] = (profiles, path)
    return inputs


def _whitelist(profile: str) -> list[str]:
    """The original's whitelist of unparseable sentences for a compatibility profile, where it is available."""
    version = {"prontoqa-ood": "main", "prontoqa-v1": "v1"}.get(profile)
    path = DATA / "original-prontoqa" / f"bad_patterns.{version}.txt"
    return ["--bad-patterns", str(path)] if version and path.is_file() else []


def test_real_data_gives_byte_identical_output_under_every_seed_and_jobs(tmp_path: Path) -> None:
    """``analyze`` on (a sample of) the real logs under every default and compatibility profile: the same
    bytes in ``-o`` and in the summary whatever the string hash seed and with ``--jobs 1`` or ``--jobs 2``."""
    inputs = _subset(tmp_path)
    plans = {"1": 1, "2": 2, "3": 1}  # seed → jobs: three seeds, both job counts
    for seed, jobs in plans.items():
        runs = [(name, profile, jobs, str(path), _whitelist(profile))
                for name, (profiles, path) in inputs.items() for profile in profiles]
        out = tmp_path / seed
        out.mkdir()
        subprocess.run([sys.executable, "-c", _DRIVER, json.dumps(runs), str(out)], check=True, cwd=ROOT,
                       env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)})
    first = tmp_path / "1"
    names = sorted(p.name.replace("-1.", "-J.") for p in first.iterdir())
    assert len(names) == 2 * sum(len(profiles) for profiles, _ in inputs.values())
    for seed, jobs in plans.items():
        for name in names:
            here, there = first / name.replace("-J.", "-1."), tmp_path / seed / name.replace("-J.", f"-{jobs}.")
            assert there.read_bytes() == here.read_bytes(), f"{name}: seed {seed}, --jobs {jobs} differs from seed 1"
    assert all(json.loads(line).get("error") is None
               for line in (first / "ood-prontoqa-ood-1.jsonl").read_text("utf-8").splitlines())


_SHAPES = r"""
from prontocheck.engine.consequences import rule_edges
from prontocheck.engine.shapes import Compound, Lit, Op, to_formula
from prontocheck.logic import Const
names = ["wumpus", "yumpus", "shumpus", "lempus", "jompus", "numpus", "grimpus", "brimpus"]
either = [Compound(Op.OR, frozenset({Lit(a, True), Lit(b, False)})) for a, b in zip(names[::2], names[1::2])]
shape = Compound(Op.AND, frozenset(either))
print(to_formula(shape, Const("Fae")))
edges = rule_edges(Compound(Op.AND, frozenset(Lit(n, True) for n in names)), Lit("dumpus", True), None)
print([tuple(k) if isinstance(k, Lit) else k.op.value for k, _ in edges])
"""


def test_shapes_print_and_trigger_in_the_same_order_under_every_seed() -> None:
    """A compound shape's formula (its parts once sorted by ``repr``, which follows a frozenset's order) and a
    rule's triggers (its literals once listed in frozenset order) are the same in every process."""
    outputs = {subprocess.run([sys.executable, "-c", _SHAPES], capture_output=True, text=True, check=True, cwd=ROOT,
                              env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}).stdout
               for seed in ("1", "2", "3")}
    assert len(outputs) == 1, outputs
