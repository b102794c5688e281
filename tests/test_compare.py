"""Comparing two runs (prontocheck.report.compare): McNemar's test, the pairing, and the two commands
(``prontocheck compare RUN_A RUN_B`` and ``analyze --group-by KEY --paired``).

``tests/data/samples/model-a.jsonl`` and ``model-b.jsonl`` (written for these tests) answer the same three
questions (ids p1-p3); each also has one question the other lacks (p4, p5) and B has a record without output.
The golden files ``tests/golden/compare.*`` pin the comparison's JSON and Markdown; regenerate them with
``PRONTOCHECK_UPDATE_GOLDEN=1``.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from prontocheck import Problem, check
from prontocheck.errors import InputError
from prontocheck.report.compare import EXACT_BELOW, Method, Outcome, Run, compare, mcnemar, pair, read_outcomes

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "samples"
GOLDEN = ROOT / "tests" / "golden"
UPDATE_GOLDEN = bool(os.environ.get("PRONTOCHECK_UPDATE_GOLDEN"))


def _run(*args: str, cwd: Path = ROOT, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "prontocheck", *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=300, input=stdin)


def _golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE_GOLDEN:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{path} differs; regenerate with PRONTOCHECK_UPDATE_GOLDEN=1"


# --- McNemar's test --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("b", "c", "p"), [
    (0, 0, Fraction(1)),
    (1, 6, Fraction(16, 128)),                       # 2 * (C(7,0) + C(7,1)) / 2^7
    (0, 5, Fraction(2, 32)),                         # 2 / 2^5
    (2, 10, Fraction(2 * (1 + 12 + 66), 4096)),      # 2 * (C(12,0) + C(12,1) + C(12,2)) / 2^12
    (3, 3, Fraction(1)),
    (24, 0, Fraction(2, 2**24)),
])
def test_mcnemar_is_exact_below_the_threshold(b: int, c: int, p: Fraction) -> None:
    test = mcnemar(b, c)
    assert test.method is Method.EXACT
    assert test.p_value == float(p)
    assert mcnemar(c, b).p_value == test.p_value


def test_mcnemar_uses_the_chi_square_with_continuity_correction_from_the_threshold() -> None:
    # The textbook example (Wikipedia, "McNemar's test"): b = 121, c = 59; chi2 = (|121 - 59| - 1)^2 / 180
    test = mcnemar(121, 59)
    assert test.method is Method.CHI2
    assert test.statistic == pytest.approx(3721 / 180)
    assert test.p_value == pytest.approx(5.450094825427117e-06, rel=1e-9)
    assert mcnemar(EXACT_BELOW - 1, 0).method is Method.EXACT
    assert mcnemar(EXACT_BELOW, 0).method is Method.CHI2
    assert mcnemar(20, 20).p_value == 1.0  # |b - c| - 1 < 0: no evidence, not a negative correction


def test_mcnemar_agrees_with_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    for b in range(0, 30):
        for c in range(0, 30):
            test = mcnemar(b, c)
            if b + c < EXACT_BELOW:
                expected = stats.binomtest(b, b + c).pvalue if b + c else 1.0
            else:
                expected = stats.chi2.sf(max(0, abs(b - c) - 1) ** 2 / (b + c), 1)
            assert math.isclose(test.p_value, expected, rel_tol=1e-9, abs_tol=1e-15), (b, c)


# --- pairing ---------------------------------------------------------------------------------------------------


def _o(id: str, problem: str | None = None, label: bool | None = True, proof: bool | None = None) -> Outcome:
    return Outcome(id, problem, label, None if proof is None else (proof,) * 4)


def test_pairs_on_ids_then_on_problems_one_to_one() -> None:
    a = [_o("q1", "p1"), _o("dup", "p2"), _o("dup", "p3"), _o("a:1", "p4"), _o("a:2", "p5"), _o("a:3", "p5")]
    b = [_o("q1", "p9"), _o("dup", "p2"), _o("b:1", "p4"), _o("b:2", "p5"), _o("b:3")]
    p = pair(a, b)
    assert [(x.id, y.id, m.value) for x, y, m in p.pairs] == [
        ("q1", "q1", "id"),        # the id wins over a different problem
        ("dup", "dup", "problem"),  # "dup" twice in A: matched on the problem only
        ("a:1", "b:1", "problem"),
    ]
    # p3 has no partner; p5 twice in A: ambiguous; b:3 has no problem key
    assert [o.id for o in p.only_a] == ["dup", "a:2", "a:3"]
    assert [o.id for o in p.only_b] == ["b:2", "b:3"]
    assert p.repeated_ids == {"a": ("dup",), "b": ()}
    assert p.shared_problem == {"a": 2, "b": 0}
    assert len(p.pairs) + len(p.only_a) == len(a) and len(p.pairs) + len(p.only_b) == len(b)


def test_a_figure_is_compared_only_where_both_runs_have_it() -> None:
    a = Run("a", (_o("1", label=True, proof=True), _o("2", label=None, proof=False), _o("3", label=False)))
    b = Run("b", (_o("1", label=False, proof=None), _o("2", label=True, proof=True), _o("3", label=True)))
    c = compare(a, b)
    label, valid = c.metrics["label_accuracy"], c.metrics["valid"]
    assert (label.n, label.a, label.b, [f.a for f in label.worse], [f.a for f in label.better]) == \
        (2, 1, 1, ["1"], ["3"])
    assert (valid.n, valid.a, valid.b, valid.difference) == (1, 0, 1, 1.0)
    empty = compare(Run("a", ()), Run("b", ())).to_json()["metrics"]["strict"]
    assert (empty["n"], empty["difference"], empty["p_value"], empty["test"]) == (0, None, None, None)


def test_read_outcomes_refuses_what_is_not_a_saved_run(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "1", "label": {"correct": true}, "proof": {"strict": true}}\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.jsonl:1: not a record of 'prontocheck analyze --output'"):
        read_outcomes(str(bad))
    bad.write_text("[1, 2]\n", encoding="utf-8")
    with pytest.raises(InputError, match="expected a JSON object"):
        read_outcomes(str(bad))
    bad.write_text("{oops\n", encoding="utf-8")
    with pytest.raises(InputError, match="bad.jsonl:1: not JSON"):
        read_outcomes(str(bad))


def test_read_outcomes_matches_on_a_saved_problem_key(tmp_path: Path) -> None:
    problem = Problem("Fae is a cat.", "True or false: Fae is a cat.")
    for name, id in (("a", "x:1"), ("b", "y:1")):
        saved = {**check(problem, "Fae is a cat. True", id=id).to_json(), "problem_key": "k"}
        (tmp_path / f"{name}.jsonl").write_text(json.dumps(saved) + "\n", encoding="utf-8")
    c = compare(read_outcomes(str(tmp_path / "a.jsonl")), read_outcomes(str(tmp_path / "b.jsonl")))
    assert c.to_json()["pairs"] == {"n": 1, "by_id": 0, "by_problem": 1}


# --- the commands ----------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("runs")
    for name in ("a", "b"):
        run = _run("analyze", str(DATA / f"model-{name}.jsonl"), "-o", str(folder / f"{name}.jsonl"), "-q")
        assert run.returncode == 0, run.stderr
    return folder / "a.jsonl", folder / "b.jsonl"


def test_compare_command(saved: tuple[Path, Path]) -> None:
    a, b = saved
    run = _run("compare", "a.jsonl", "b.jsonl", "-f", "json", cwd=a.parent)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["pairs"] == {"n": 3, "by_id": 3, "by_problem": 0}
    assert (out["a"]["unmatched"], out["b"]["unmatched"], out["b"]["errors"]) == \
        ({"n": 1, "ids": ["p4"]}, {"n": 1, "ids": ["p5"]}, {"n": 1, "ids": ["p6"]})
    label, strict = out["metrics"]["label_accuracy"], out["metrics"]["strict"]
    # p1: A proves it, B answers wrongly; p2: A answers right on a misleading branch, B proves it
    assert label["flips"] == {"a_correct_b_incorrect": ["p1"], "a_incorrect_b_correct": []}
    assert strict["flips"] == {"a_correct_b_incorrect": ["p1"], "a_incorrect_b_correct": ["p2"]}
    assert (label["difference"], label["test"], label["p_value"]) == (pytest.approx(-1 / 3), "exact", 1.0)
    _golden("compare.json", run.stdout)
    markdown = _run("compare", "a.jsonl", "b.jsonl", "-f", "markdown", cwd=a.parent)
    _golden("compare.md", markdown.stdout)
    table = _run("compare", "a.jsonl", "b.jsonl", "-f", "table", cwd=a.parent)
    assert "only in A: 1 (p4)" in table.stdout and "strict, A wrong and B right: p2" in table.stdout


def test_compare_command_on_an_unreadable_run(saved: tuple[Path, Path], tmp_path: Path) -> None:
    run = _run("compare", str(saved[0]), str(tmp_path / "missing.jsonl"))
    assert run.returncode == 2
    assert "missing.jsonl: cannot open" in run.stderr


def test_analyze_paired(saved: tuple[Path, Path]) -> None:
    both = "".join((DATA / f"model-{m}.jsonl").read_text(encoding="utf-8") for m in "ab")
    run = _run("analyze", "-", "--group-by", "model", "--paired", "-f", "json", "-q", stdin=both)
    assert run.returncode == 0, run.stderr
    paired = json.loads(run.stdout)["paired"]
    files = json.loads(_run("compare", *map(str, saved), "-f", "json").stdout)
    assert (paired["a"]["name"], paired["b"]["name"]) == ("model-a", "model-b")
    assert paired["metrics"] == files["metrics"] and paired["pairs"] == files["pairs"]
    markdown = _run("analyze", "-", "--group-by", "model", "--paired", "-f", "markdown", "-q", stdin=both).stdout
    assert "| label | 3 | 100.0% | 66.7% | -33.3 pt | 1 | 0 | exact | 1 |" in markdown
    assert markdown.index("| **records** |") < markdown.index("| figure | pairs |")


def test_analyze_paired_pairs_on_the_problem_when_ids_differ(tmp_path: Path) -> None:
    lines = []
    for m in "ab":
        for number, line in enumerate((DATA / f"model-{m}.jsonl").read_text(encoding="utf-8").splitlines()):
            record = json.loads(line)
            record["id"] = f"{m}{number}"
            lines.append(json.dumps(record))
    run = _run("analyze", "-", "--group-by", "model", "--paired", "-f", "json", "-q", stdin="\n".join(lines) + "\n")
    paired = json.loads(run.stdout)["paired"]
    assert paired["pairs"] == {"n": 3, "by_id": 0, "by_problem": 3}
    assert paired["metrics"]["strict"]["flips"] == {"a_correct_b_incorrect": ["a0 ~ b0"],
                                                    "a_incorrect_b_correct": ["a1 ~ b1"]}


def test_analyze_paired_needs_two_groups() -> None:
    run = _run("analyze", str(DATA / "rollouts-k4.jsonl"), "--group-by", "prompt_id", "--paired", "-f", "json", "-q")
    assert run.returncode == 2
    assert "--paired needs exactly two groups, found 3: 'p1', 'p2', 'p3'" in run.stderr
    for args in (("--paired",), ("--paired", "--group-by", "model", "-f", "csv")):
        run = _run("analyze", str(DATA / "model-a.jsonl"), *args, "-q")
        assert run.returncode == 2 and "--paired needs --group-by KEY" in run.stderr


def test_the_readme_examples_of_samples_and_comparisons_run_as_printed(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### Several samples per question"):readme.index("### Reports and saved runs")]
    commands = [line for block in section.split("```sh\n")[1:] for line in block.split("```")[0].splitlines()]
    assert len(commands) == 5
    (tmp_path / "tests" / "data").mkdir(parents=True)
    (tmp_path / "tests" / "data" / "samples").symlink_to(DATA)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for command in commands:
        runnable = command.replace("prontocheck ", f"{sys.executable} -m prontocheck ")
        run = subprocess.run(["bash", "-o", "pipefail", "-c", runnable], capture_output=True, text=True, env=env,
                             cwd=tmp_path, timeout=300)
        assert run.returncode == 0, (command, run.stderr)
    assert "| label | 3 | 100.0% | 66.7% |" in run.stdout


def test_compare_command_pairs_saved_runs_on_the_problem_when_ids_differ(tmp_path: Path) -> None:
    for m in "ab":
        lines = (DATA / f"model-{m}.jsonl").read_text(encoding="utf-8").splitlines()
        records = [json.loads(line) | {"id": f"{m}{number}"} for number, line in enumerate(lines)]
        (tmp_path / f"{m}.in.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        run = _run("analyze", f"{m}.in.jsonl", "-o", f"{m}.jsonl", "-q", cwd=tmp_path)
        assert run.returncode == 0, run.stderr
    out = json.loads(_run("compare", "a.jsonl", "b.jsonl", "-f", "json", cwd=tmp_path).stdout)
    assert out["pairs"] == {"n": 3, "by_id": 0, "by_problem": 3}
    assert out["metrics"]["strict"]["flips"] == {"a_correct_b_incorrect": ["a0 ~ b0"],
                                                 "a_incorrect_b_correct": ["a1 ~ b1"]}
    assert (out["a"]["unmatched"]["ids"], out["b"]["unmatched"]["ids"], out["b"]["errors"]["ids"]) == \
        (["a3"], ["b3"], ["b4"])


def test_analyze_paired_leaves_several_samples_of_a_problem_unpaired_and_says_so() -> None:
    lines = (DATA / "rollouts-k4.jsonl").read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    text = "".join(json.dumps(r | {"run": "A" if r["sample"] < 2 else "B"}) + "\n" for r in records)
    run = _run("analyze", "-", "--group-by", "run", "--paired", "-f", "json", "-q", stdin=text)
    assert run.returncode == 0, run.stderr
    paired = json.loads(run.stdout)["paired"]
    assert paired["pairs"]["n"] == 0 and paired["metrics"]["label_accuracy"]["p_value"] is None
    assert (paired["a"]["unmatched"]["n"], paired["a"]["shared_problem"]) == (5, 4)
    assert (paired["b"]["unmatched"]["n"], paired["b"]["shared_problem"]) == (4, 4)
    markdown = _run("analyze", "-", "--group-by", "run", "--paired", "-f", "markdown", "-q", stdin=text).stdout
    assert "- only in A: 5 (p1-s0, p1-s1, p2-s0, p2-s1, p3-s0); 4 of them share their problem with another of A's" \
        in markdown
