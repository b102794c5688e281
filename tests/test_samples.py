"""Several samples per question (prontocheck.report.samples): pass@k, majority vote, agreement, the paper's
selection of logical forms, and their place in every summary format.

``tests/data/samples/rollouts-k4.jsonl`` (written for these tests) holds two problems with four samples each and
one with a single sample, with a ``prompt_id`` and each sample's mean token log-probability (``avg_logprob``). The
golden files ``tests/golden/samples.*`` pin the samples' part of each format; regenerate them with
``PRONTOCHECK_UPDATE_GOLDEN=1`` (see ``tests/golden/README.md``).
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prontocheck import Problem, check
from prontocheck.errors import UsageError
from prontocheck.prontoqa.results import METRICS
from prontocheck.report import render_csv, render_markdown, summarize
from prontocheck.report.aggregate import GroupedSummaryBuilder, SummaryBuilder
from prontocheck.report.render import CSV_COLUMNS, SAMPLE_CSV_COLUMNS
from prontocheck.report.samples import (
    Sample,
    SampleKey,
    SamplesBuilder,
    k_values,
    mean_pass_at_k,
    pass_at_k,
    summarize_samples,
)

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "samples"
ROLLOUTS = DATA / "rollouts-k4.jsonl"
GOLDEN = ROOT / "tests" / "golden"
UPDATE_GOLDEN = bool(os.environ.get("PRONTOCHECK_UPDATE_GOLDEN"))


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "prontocheck", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=300)


def _golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE_GOLDEN:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{path} differs; regenerate with PRONTOCHECK_UPDATE_GOLDEN=1"


# --- pass@k ---------------------------------------------------------------------------------------------------


def _chen_float(n: int, c: int, k: int) -> float:
    """Chen et al. (2021)'s numerically stable form, in floats: 1 - prod_{i=n-c+1}^{n} (1 - k/i)."""
    if n - c < k:
        return 1.0
    return 1.0 - math.prod(1.0 - k / i for i in range(n - c + 1, n + 1))


@st.composite
def _counts(draw: st.DrawFn) -> tuple[int, int]:
    n = draw(st.integers(1, 60))
    return n, draw(st.integers(0, n))


@settings(max_examples=200, deadline=None)
@given(_counts())
def test_pass_at_1_is_the_fraction_correct(nc: tuple[int, int]) -> None:
    n, c = nc
    assert pass_at_k(n, c, 1) == Fraction(c, n)


@settings(max_examples=200, deadline=None)
@given(_counts())
def test_pass_at_k_grows_with_k_and_reaches_one_at_n(nc: tuple[int, int]) -> None:
    n, c = nc
    values = [pass_at_k(n, c, k) for k in range(1, n + 1)]
    assert all(a <= b for a, b in zip(values, values[1:]))
    assert values[-1] == (1 if c else 0)
    assert all(0 <= v <= 1 for v in values)


@settings(max_examples=200, deadline=None)
@given(_counts(), st.integers(1, 60))
def test_pass_at_k_agrees_with_the_stable_float_form(nc: tuple[int, int], k: int) -> None:
    n, c = nc
    k = min(k, n)
    assert math.isclose(float(pass_at_k(n, c, k)), _chen_float(n, c, k), rel_tol=1e-9, abs_tol=1e-12)


@settings(max_examples=100, deadline=None)
@given(st.lists(_counts(), min_size=1, max_size=8))
def test_mean_pass_at_1_is_the_mean_per_problem_accuracy(problems: list[tuple[int, int]]) -> None:
    assert mean_pass_at_k(problems, 1) == sum(Fraction(c, n) for n, c in problems) / len(problems)


def test_pass_at_k_is_exact_where_floats_are_not() -> None:
    # 1 - C(1000-1, 500)/C(1000, 500) = 1 - 500/1000 exactly; products of 500 floats drift.
    assert pass_at_k(1000, 1, 500) == Fraction(1, 2)
    assert pass_at_k(200, 3, 7) == 1 - Fraction(math.comb(197, 7), math.comb(200, 7))


def test_pass_at_k_refuses_impossible_counts() -> None:
    for n, c, k in ((3, 4, 1), (3, 1, 0), (3, 1, 4), (3, -1, 1)):
        with pytest.raises(UsageError, match="pass@k needs"):
            pass_at_k(n, c, k)


def test_k_values() -> None:
    assert k_values(40) == [1, 2, 4, 8, 16, 32, 40]
    assert k_values(2) == [1, 2]


# --- the figures on hand-made samples ---------------------------------------------------------------------------


def _s(predicted: bool | None, correct_proof: bool | None, form: str, *, gold: bool | None = True,
       logprob: float | None = None, misleading: bool = False, back: int | None = None, id: str = "x") -> Sample:
    proof = None if correct_proof is None else (correct_proof,) * 4
    return Sample(id, predicted, gold, proof, form, logprob, misleading, back)


def test_majority_vote_ties_and_no_answers_are_incorrect() -> None:
    s = summarize_samples([
        [_s(True, True, "a"), _s(False, False, "b")],             # a tie: no majority
        [_s(None, False, "c"), _s(None, False, "c")],             # nobody answers
        [_s(None, False, "d"), _s(True, True, "e")],              # the one committed answer wins
        [_s(False, False, "f"), _s(False, False, "f"), _s(True, True, "g")],
    ])
    assert s is not None
    assert (s.majority.successes, s.majority.n) == (1, 4)


def test_agreement_counts_no_answer_as_an_answer() -> None:
    s = summarize_samples([
        [_s(True, True, "a"), _s(True, True, "a"), _s(False, False, "b"), _s(None, False, "c")],
        [_s(None, False, "d"), _s(None, False, "d")],
    ])
    assert s is not None
    # problem 1: pairs agreeing 1 of 6, most common answer 2 of 4; problem 2: unanimous (both give no answer)
    assert s.agreement == pytest.approx((1 / 6 + 1) / 2)
    assert s.majority_share == pytest.approx((2 / 4 + 1) / 2)
    assert s.unanimous == 1
    assert s.logical_forms == pytest.approx((3 + 1) / 2)


def test_the_selection_is_the_largest_group_of_logical_forms_first_seen_on_ties() -> None:
    s = summarize_samples([
        [_s(False, False, "wrong"), _s(True, True, "right"), _s(True, True, "right")],
        [_s(True, True, "right"), _s(False, False, "wrong")],  # a tie: the first seen
    ])
    assert s is not None
    assert (s.selected_proof["valid"].successes, s.selected_label.successes) == (2, 2)
    assert s.by_count == 2


def test_the_selection_weighs_samples_by_exp_of_their_mean_log_probability() -> None:
    # The paper's Figure 11: the wrong proof has the higher probability and wins, 2 samples to 3.
    problem = [_s(True, True, "right", logprob=-2.0), _s(True, True, "right", logprob=-2.0),
               _s(True, True, "right", logprob=-2.0),
               _s(False, False, "wrong", logprob=-0.1, misleading=True), _s(False, False, "wrong", logprob=-0.1,
                                                                            misleading=True)]
    assert 3 * math.exp(-2.0) < 2 * math.exp(-0.1)
    s = summarize_samples([problem])
    assert s is not None
    assert (s.selected_proof["strict"].successes, s.by_count) == (0, 0)
    assert (s.steps_to_return.never, s.steps_to_return.n) == (1, 1)
    # one sample without its log-probability: the problem is selected by count
    s = summarize_samples([[*problem[:-1], _s(False, False, "wrong")]])
    assert s is not None
    assert (s.selected_proof["strict"].successes, s.by_count) == (1, 1)


def test_the_steps_to_return_histogram_is_over_the_selected_predictions() -> None:
    s = summarize_samples([
        [_s(True, True, "a", misleading=True, back=2), _s(True, True, "a", misleading=True, back=2),
         _s(True, True, "b", misleading=True, back=5)],
        [_s(True, True, "c", misleading=True, back=1), _s(True, True, "d")],
    ])
    assert s is not None
    assert (s.steps_to_return.histogram, s.steps_to_return.never) == ({1: 1, 2: 1}, 0)


def test_pass_at_k_is_over_problems_with_at_least_k_samples_and_a_gold_proof() -> None:
    s = summarize_samples([
        [_s(True, True, "a"), _s(True, False, "b"), _s(True, False, "b"), _s(True, False, "b")],
        [_s(True, False, "a"), _s(True, True, "b")],
        [_s(True, None, "a"), _s(True, None, "a")],  # no gold proof: not counted
    ])
    assert s is not None
    rows = {p.k: (p.n, p.value["strict"]) for p in s.pass_at_k}
    assert rows == {1: (2, pytest.approx((1 / 4 + 1 / 2) / 2)), 2: (2, pytest.approx((1 / 2 + 1) / 2)),
                    4: (1, pytest.approx(1.0))}
    assert [p.k for p in s.points] == [4, 2, 2] and s.points[2].proof["valid"] is None


def test_no_summary_without_a_problem_of_several_samples() -> None:
    assert summarize_samples([[_s(True, True, "a")], [_s(False, False, "a")]]) is None
    assert summarize_samples([]) is None


_P = Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is a carnivore.")
_OUTPUTS = ("Fae is a cat. Every cat is a carnivore. Fae is a carnivore. True", "Fae is a carnivore. True",
            "Fae is a dog. False", "True")


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.sampled_from(_OUTPUTS)), min_size=1, max_size=12),
       st.integers(1, 11))
def test_builders_of_chunks_merge_into_the_builder_of_the_whole(items: list[tuple[int, str]], cut: int) -> None:
    results = [(SampleKey(f"q{q}"), check(_P, output, id=f"r{i}")) for i, (q, output) in enumerate(items)]
    whole, first, second = SummaryBuilder(), SummaryBuilder(limit=None), SummaryBuilder(limit=None)
    for i, (key, result) in enumerate(results):
        whole.add(result, key)
        (first if i < cut else second).add(result, key)
    first.merge(second)
    assert first.build() == whole.build()


def test_a_summary_has_no_samples_without_keys() -> None:
    # Library callers who give no key get every result as a problem of its own: the output of before.
    s = summarize([check(_P, output) for output in _OUTPUTS])
    assert s.samples is None and "samples" not in s.to_json()
    assert render_csv(s).splitlines()[0].split(",") == CSV_COLUMNS


def test_a_grouped_total_keeps_the_groups_problems_apart() -> None:
    builder = GroupedSummaryBuilder("model")
    for model in ("m1", "m2"):
        builder.add(check(_P, _OUTPUTS[0], metadata={"model": model}), sample=SampleKey("q"))
    built = builder.build()
    assert all(s.samples is None for s in built.groups.values()) and built.total.samples is None
    builder.add(check(_P, _OUTPUTS[1], metadata={"model": "m1"}), sample=SampleKey("q"))
    built = builder.build()
    assert built.groups["m1"].samples is not None and built.groups["m2"].samples is None
    assert built.total.samples is not None and (built.total.samples.problems, built.total.samples.several) == (2, 1)
    lines = render_markdown(built).splitlines()
    start = lines.index("| **several samples per problem** | | | |")
    assert lines[start + 1] == "| problems (with several samples) | 1 (1) | — | 2 (1) |"


def test_samples_builder_keeps_first_seen_order() -> None:
    a, b = SamplesBuilder(), SamplesBuilder()
    a.add(check(_P, "True", id="1"), SampleKey("q2"))
    a.add(check(_P, "True", id="2"))
    b.add(check(_P, "True", id="3"), SampleKey("q1"))
    b.add(check(_P, "True", id="4"), SampleKey("q2"))
    a.merge(b)
    assert [(key, s.id) for key, s in a.samples()] == [("q2", "1"), ("q2", "4"), ("q1", "3"), (None, "2")]


# --- the command line and the golden files ---------------------------------------------------------------------


def test_analyze_groups_samples_by_problem_and_reports_them_in_json() -> None:
    run = _run("analyze", str(ROLLOUTS), "-f", "json", "--sample-logprob", "avg_logprob", "-q")
    assert run.returncode == 0, run.stderr
    samples = json.loads(run.stdout)["samples"]
    assert (samples["problems"], samples["samples"], samples["with_several_samples"]) == (3, 9, 2)
    # strict: problem 1 has 2 correct of 4, problem 2 has 2 of 4, problem 3 1 of 1
    pass_k = {row["k"]: row for row in samples["pass_at_k"]}
    assert pass_k[1]["strict"] == pytest.approx((1 / 2 + 1 / 2 + 1) / 3)
    assert pass_k[2]["strict"] == pytest.approx(float(1 - Fraction(1, 6))) and pass_k[2]["n"] == 2
    assert pass_k[4]["valid"] == 1.0
    # by log-probability, problem 2's two samples with a misleading branch (-0.02 each) beat its correct two
    # (-0.05 each), as in the paper's Figure 11; by count the first-seen group, the correct one, wins
    assert samples["selection"]["proof_accuracy"]["strict"]["successes"] == 2
    assert samples["selection"]["by_count"] == 0
    assert samples["steps_to_return"] == {"n": 1, "histogram": {}, "never": 1}
    _golden("samples.json", json.dumps(samples, indent=2) + "\n")
    by_count = json.loads(_run("analyze", str(ROLLOUTS), "-f", "json", "-q").stdout)["samples"]
    assert by_count["selection"]["proof_accuracy"]["strict"]["successes"] == 3
    assert by_count["selection"]["by_count"] == 3


def test_the_sample_key_option() -> None:
    by_prompt = json.loads(_run("analyze", str(ROLLOUTS), "-f", "json", "--sample-key", "prompt_id", "-q").stdout)
    by_problem = json.loads(_run("analyze", str(ROLLOUTS), "-f", "json", "-q").stdout)
    assert by_prompt["samples"] == by_problem["samples"]
    by_id = json.loads(_run("analyze", str(ROLLOUTS), "-f", "json", "--sample-key", "id", "-q").stdout)
    assert "samples" not in by_id
    assert {k: v for k, v in by_id.items()} == {k: v for k, v in by_problem.items() if k != "samples"}


def test_markdown_and_csv_show_the_samples() -> None:
    markdown = _run("analyze", str(ROLLOUTS), "-f", "markdown", "--sample-logprob", "avg_logprob", "-q").stdout
    lines = markdown.splitlines()
    start = lines.index("| **several samples per problem** | |")
    _golden("samples.md", "\n".join(lines[start:]) + "\n")
    table = _run("analyze", str(ROLLOUTS), "-f", "csv", "--sample-logprob", "avg_logprob", "-q").stdout
    rows = list(csv.DictReader(io.StringIO(table)))
    assert list(rows[0]) == CSV_COLUMNS + SAMPLE_CSV_COLUMNS
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(SAMPLE_CSV_COLUMNS)
    writer.writerow([rows[0][c] for c in SAMPLE_CSV_COLUMNS])
    _golden("samples.csv", out.getvalue())
    assert rows[0]["passk_k"] == "4" and float(rows[0]["pass1_strict"]) == pytest.approx(2 / 3)


def test_the_table_shows_the_samples() -> None:
    run = _run("analyze", str(ROLLOUTS), "-f", "table", "-q")
    assert run.returncode == 0
    assert "several samples per problem" in run.stdout and "majority-vote label" in run.stdout


def test_a_file_of_distinct_problems_prints_as_before() -> None:
    plain = _run("analyze", str(ROLLOUTS), "-f", "csv", "--sample-key", "id", "-q").stdout
    assert plain.splitlines()[0].split(",") == CSV_COLUMNS
    markdown = _run("analyze", str(ROLLOUTS), "-f", "markdown", "--sample-key", "id", "-q").stdout
    assert "several samples" not in markdown and "pass@" not in markdown


def test_the_samples_do_not_depend_on_the_jobs() -> None:
    one = _run("analyze", str(ROLLOUTS), "-f", "json", "--jobs", "1", "-q")
    two = _run("analyze", str(ROLLOUTS), "-f", "json", "--jobs", "2", "-q")
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout


@pytest.mark.parametrize("metric", METRICS)
def test_pass_at_1_of_the_cli_matches_the_per_problem_fractions(metric: str) -> None:
    samples = json.loads(_run("analyze", str(ROLLOUTS), "-f", "json", "-q").stdout)["samples"]
    points = samples["label_vs_proof"]
    assert samples["pass_at_k"][0][metric] == pytest.approx(sum(p["proof"][metric] for p in points) / len(points))


def test_selection_by_log_probability_survives_values_exp_cannot_take() -> None:
    # A "log-probability" of 1000 (data, not a probability) once made analyze crash with OverflowError in math.exp.
    problem = Problem("Every cat is a feline. Fae is a cat.", "True or false: Fae is a feline.")
    b = SummaryBuilder()
    for out, lp in (("Fae is a feline. True", 1000.0), ("False", 999.0), ("False", 998.5)):
        b.add(check(problem, out), SampleKey("p", lp))
    samples = b.build().samples
    assert samples is not None and samples.selected_label.successes == 1  # exp(1000) > exp(999) + exp(998.5)
