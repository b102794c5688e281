"""Tests of the report layer: Wilson intervals, summaries, grouping and renderers.

The golden-file tests compare the JSON, Markdown and CSV renderings of a fixed, hand-built
summary with the files in ``tests/golden/``. After an intended change of output, regenerate them
with ``PRONTOCHECK_UPDATE_GOLDEN=1 python3 -m pytest tests/test_report.py`` and review the diff.
"""

from __future__ import annotations

import csv
import functools
import io
import itertools
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

import prontocheck.report as report
from prontocheck import Problem, check
from prontocheck.errors import UsageError
from prontocheck.io.records import RecordError
from prontocheck.prontoqa.results import (
    ExampleResult,
    FirstError,
    GoldInfo,
    LabelResult,
    ProofResult,
    SentenceKind,
    SentenceResult,
    StepResult,
    Utility,
    Validity,
)
from prontocheck.report import (
    CSV_COLUMNS,
    FORMATS,
    GroupedSummary,
    GroupedSummaryBuilder,
    Rate,
    Summary,
    SummaryBuilder,
    proportion,
    render,
    render_csv,
    render_errors,
    render_json,
    render_markdown,
    render_table,
    render_unparseable,
    summarize,
    summarize_by,
    summarize_groups,
    wilson_interval,
)

GOLDEN = Path(__file__).parent / "golden"
UPDATE_GOLDEN = os.environ.get("PRONTOCHECK_UPDATE_GOLDEN") == "1"

CONTEXT = "Every cat is a carnivore. Every carnivore is not herbivorous. Every carnivore is a mammal. Fae is a cat."
QUERY = "True or false: Fae is not herbivorous."
OUTPUTS = {
    "gold": "Fae is a cat. Cats are carnivores. Fae is a carnivore. Every carnivore is not herbivorous. "
    "Fae is not herbivorous. True",
    "skip": "Fae is a cat. Fae is a carnivore. Every carnivore is not herbivorous. Fae is not herbivorous. True",
    "misleading": "Fae is a cat. Cats are carnivores. Fae is a carnivore. Every carnivore is a mammal. "
    "Fae is a mammal. False",
    "unparseable": "Fae likes cheese. True",
}
MODELS = {"gold": "a", "skip": "b", "misleading": "a", "unparseable": "b"}


def fae_results() -> list[ExampleResult]:
    problem = Problem(CONTEXT, QUERY)
    return [check(problem, out, id=name, metadata={"model": MODELS[name]}) for name, out in OUTPUTS.items()]


# --- stats -------------------------------------------------------------------------------------


def test_wilson_known_value() -> None:
    lo, hi = wilson_interval(8, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.4902, 0.9433)


def test_wilson_extremes_stay_in_unit_interval() -> None:
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    assert round(wilson_interval(0, 10)[1], 4) == 0.2775


def test_wilson_and_proportion_guard_empty_input() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert proportion(0, 0) is None
    assert Rate(0, 0).to_json() == {"value": None, "ci95": None, "n": 0, "successes": 0}


@pytest.mark.parametrize(("successes", "n"), [(-1, 3), (4, 3), (0, -1)])
def test_bad_counts_are_usage_errors(successes: int, n: int) -> None:
    with pytest.raises(UsageError, match="successes"):
        wilson_interval(successes, n)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_contains_the_proportion(counts: tuple[int, int]) -> None:
    successes, n = counts
    lo, hi = wilson_interval(successes, n)
    assert 0.0 <= lo <= successes / n <= hi <= 1.0


# --- summaries ---------------------------------------------------------------------------------


def test_empty_summary_has_no_estimates() -> None:
    s = summarize([])
    assert (s.n, s.n_errors, s.label.value, s.label.ci95) == (0, 0, None, None)
    assert all(s.proof[m].value is None for m in ("strict", "non_atomic", "broad", "valid"))
    assert s.steps.to_json()["fractions"]["validity"]["strict"] is None
    for fmt in FORMATS:
        render(s, fmt)  # no ZeroDivisionError anywhere
    json.dumps(s.to_json())


def test_summary_of_checked_examples() -> None:
    s = summarize(fae_results())
    assert s.n == 4 and s.n_errors == 0
    assert (s.label.successes, s.label.n) == (3, 4)
    assert {m: (r.successes, r.n) for m, r in s.proof.items()} == {
        "strict": (1, 4), "non_atomic": (2, 4), "broad": (1, 4), "valid": (2, 4),
    }
    assert s.n_incorrect == 2
    steps = s.steps
    assert steps.total == 15
    assert steps.validity == {"strict": 14, "broad": 0, "invalid": 0, "unparseable": 1}
    assert (steps.strict_atomic, steps.strict_non_atomic, steps.redundant) == (13, 1, 0)
    assert steps.utility == {"useful": 12, "misleading": 1, "off_path": 1}
    assert steps.kind == {
        "strict-atomic-misleading": 1, "strict-atomic-off-path": 1, "strict-atomic-useful": 11,
        "strict-non-atomic-useful": 1, "unparseable": 1,
    }
    assert s.first_error == {
        "none": 1, "strict-atomic-misleading": 1, "strict-non-atomic-useful": 1, "unparseable": 1,
    }
    assert s.first_error_incorrect == {"strict-atomic-misleading": 1, "unparseable": 1}
    assert (s.steps_to_return.histogram, s.steps_to_return.never) == ({}, 1)
    assert [(u.sentence, u.count) for u in s.unparseable] == [("Fae likes cheese.", 1)]
    assert s.gold_source == {"derived": 4}
    assert s.warnings == {}


def test_examples_without_gold_label_or_proof_are_left_out_of_the_accuracies() -> None:
    prove = check(Problem("Every cat is a carnivore. Fae is a cat.", "Prove: Fae is a carnivore."),
                  "Fae is a cat. Fae is a carnivore.")
    unknown = check(Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is a dog."),
                    "Fae is a dog. True")
    s = summarize([prove, unknown])
    assert s.label.n == 0 and s.label.value is None
    assert (s.proof["valid"].successes, s.proof["valid"].n) == (1, 1)
    assert s.gold_source == {"derived": 1, "none": 1}
    assert s.n_incorrect == 0
    assert list(s.warnings.values()) == [1]


def test_builder_equals_summarize_and_keeps_counting() -> None:
    results = fae_results()
    errors = [RecordError("in.jsonl", 2, "not JSON")]
    builder = SummaryBuilder()
    for r in results[:2]:
        builder.add(r)
    assert builder.build() == summarize(results[:2])
    for r in results[2:]:
        builder.add(r)
    builder.add_error(errors[0])
    assert builder.build() == summarize(results, errors)


def test_unparseable_steps_are_deduplicated_and_capped() -> None:
    problem = Problem(CONTEXT, QUERY)
    outputs = ["Fae likes cheese. True", "Fae likes cheese. False", "Fae eats fish. True", "Fae runs. True"]
    results = [check(problem, o) for o in outputs]
    s = summarize(results, limit=2)
    assert [(u.sentence, u.count) for u in s.unparseable] == [("Fae likes cheese.", 2), ("Fae eats fish.", 1)]
    assert s.unparseable_omitted == 1
    assert s.steps.validity["unparseable"] == 4
    lines = render_unparseable(s)
    assert lines[0].startswith("'Fae likes cheese.': ") and lines[0].endswith("(×2)")
    assert lines[-1] == "… and 1 more unparseable steps"


def test_errors_and_warnings_are_capped_but_counted() -> None:
    errors = [RecordError("in.jsonl", i, f"bad record {i}") for i in range(1, 6)]
    problem = Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is a carnivore.")
    results = [check(Problem(f"Fae likes thing{i}. " + problem.context, problem.query), "True") for i in range(3)]
    s = summarize(results, errors, limit=2)
    assert s.n_errors == 5 and len(s.errors) == 2 and s.errors_omitted == 3
    assert len(s.warnings) == 2 and s.warnings_omitted == 1
    assert s.to_json()["errors"][0] == {"file": "in.jsonl", "line": 1, "reason": "bad record 1"}
    assert render_errors(s) == ["in.jsonl:1: bad record 1", "in.jsonl:2: bad record 2", "… and 3 more bad records"]


@functools.cache
def _varied() -> tuple[ExampleResult | RecordError, ...]:
    """Real, varied results in a run's order: the reading styles and the demo, with bad records between
    them and results with warnings (context sentences that do not parse), several of each."""
    from prontocheck.analyze import Checked, check_records
    from prontocheck.io import read_records

    root = Path(__file__).resolve().parents[1]
    items = [*read_records(str(root / "tests" / "data" / "reading" / "styles.jsonl")),
             *read_records(str(root / "fixtures" / "demo.jsonl"))]
    out: list[ExampleResult | RecordError] = [c.result if isinstance(c, Checked) else c for c in check_records(items)]
    problem = Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is a carnivore.")
    for i in range(6):  # three distinct warnings, each twice, and a bad record now and then
        out.insert(7 * i + 3, check(Problem(f"Fae likes thing{i % 3}. " + problem.context, problem.query), "True",
                                    metadata={"model": f"m{i % 4}"}))
        out.insert(11 * i + 5, RecordError("in.jsonl", i + 1, f"bad record {i}"))
    return tuple(out)


def _builder(group_by: str | None, limit: int | None) -> SummaryBuilder | GroupedSummaryBuilder:
    return SummaryBuilder(limit=limit) if group_by is None else GroupedSummaryBuilder(group_by, limit=limit)


def _fill(builder: SummaryBuilder | GroupedSummaryBuilder, items: Sequence[ExampleResult | RecordError]) -> None:
    for item in items:
        if isinstance(item, RecordError):
            builder.add_error(item)
        else:
            builder.add(item)


@given(sizes=st.lists(st.integers(1, 40), min_size=1, max_size=12), group_by=st.sampled_from([None, "model", "file"]),
       limit=st.integers(1, 4))
def test_merging_the_builders_of_chunks_equals_adding_everything_to_one(
        sizes: list[int], group_by: str | None, limit: int) -> None:
    """What the analyze job's workers do: each chunk counted by its own builder (listing everything), the
    builders merged in order into one with the run's limit: the same summary, to the order of every list."""
    items = _varied()
    one = _builder(group_by, limit)
    _fill(one, items)
    merged, start = _builder(group_by, limit), 0
    for size in itertools.cycle(sizes):
        if start >= len(items):
            break
        part = _builder(group_by, None)
        _fill(part, items[start:start + size])
        merged.merge(part)
        start += size
    assert merged.build() == one.build()
    assert json.dumps(merged.build().to_json()) == json.dumps(one.build().to_json())  # dict orders too


@pytest.mark.parametrize("profile", ["paper", "prontoqa-v1"])
def test_an_analysis_without_lines_counts_the_same_and_writes_nothing(profile: str) -> None:
    """``Analysis(lines=False)`` (the analyze job with no ``-o`` and no HTML report) skips the JSON lines only."""
    from prontocheck.analyze import Analysis, analyze_records
    from prontocheck.io import read_records

    root = Path(__file__).resolve().parents[1]
    items = [*read_records(str(root / "tests" / "data" / "reading" / "styles.jsonl")),
             RecordError("in.jsonl", 3, "not JSON"), *read_records(str(root / "fixtures" / "demo.jsonl"))]
    with_lines = list(analyze_records(items, Analysis(profile=profile), chunk_size=16))
    without = list(analyze_records(items, Analysis(profile=profile, lines=False), chunk_size=16))
    assert all(batch.text for batch in with_lines) and not any(batch.text for batch in without)
    assert [b.count for b in without] == [b.count for b in with_lines]
    assert [b.errors for b in without] == [b.errors for b in with_lines]
    assert [b.compat for b in without] == [b.compat for b in with_lines]
    assert [b.summary.build().to_json() for b in without] == [b.summary.build().to_json() for b in with_lines]


def test_the_varied_results_reach_every_limit() -> None:
    s = summarize([r for r in _varied() if not isinstance(r, RecordError)],
                  [r for r in _varied() if isinstance(r, RecordError)], limit=2)
    assert s.unparseable_omitted and s.warnings_omitted and s.errors_omitted and len(s.no_answer) > 1


def test_a_builder_that_left_entries_out_cannot_be_merged() -> None:
    part = SummaryBuilder(limit=1)
    _fill(part, _varied())
    with pytest.raises(ValueError, match="limit=None"):
        SummaryBuilder().merge(part)
    with pytest.raises(ValueError, match="grouped by 'model'"):
        SummaryBuilder().merge(GroupedSummaryBuilder("model"))
    with pytest.raises(ValueError, match="ungrouped"):
        GroupedSummaryBuilder("model").merge(SummaryBuilder())


def test_grouping_by_metadata() -> None:
    results = fae_results()
    orphan = check(Problem(CONTEXT, QUERY), "True")  # no model: group "(none)"
    g = summarize_by([*results, orphan], "model", [RecordError("in.jsonl", 9, "not JSON")])
    assert list(g.groups) == ["a", "b", "(none)"]
    assert [g.groups[k].n for k in g.groups] == [2, 2, 1]
    assert g.groups["b"].proof["strict"].successes == 0
    assert g.total == summarize([*results, orphan], [RecordError("in.jsonl", 9, "not JSON")])
    assert all(s.n_errors == 0 for s in g.groups.values())  # unreadable records have no model
    data = g.to_json()
    assert set(data) == {"groups", "total", "group_by"} and data["group_by"] == "model"
    assert list(data["groups"]) == ["a", "b", "(none)"]


def test_grouped_builder_equals_summarize_groups_and_groups_errors_by_file() -> None:
    results = fae_results()
    pairs = [(f"f{i % 2}.jsonl", r) for i, r in enumerate(results)]
    errors = [RecordError("f1.jsonl", 3, "not JSON"), RecordError("f2.jsonl", None, "unreadable")]
    builder = GroupedSummaryBuilder("file")
    for name, r in pairs:
        builder.add(r, name)
    for e in errors:
        builder.add_error(e)
    g = builder.build()
    assert g == summarize_groups(pairs, errors, group_by="file")
    assert list(g.groups) == ["f0.jsonl", "f1.jsonl", "f2.jsonl"]
    assert [s.n_errors for s in g.groups.values()] == [0, 1, 1] and g.total.n_errors == 2


def test_json_shape() -> None:
    data = json.loads(render_json(summarize(fae_results(), [RecordError("x", 1, "bad")])))
    assert {"n", "n_errors", "label_accuracy", "proof_accuracy", "steps", "first_error", "first_error_incorrect",
            "steps_to_return", "unparseable", "errors", "warnings", "gold_source"} <= set(data)
    assert set(data["label_accuracy"]) >= {"value", "ci95", "n"}
    assert list(data["proof_accuracy"]) == ["strict", "non_atomic", "broad", "valid"]
    assert data["proof_accuracy"]["strict"]["value"] == 0.25  # exact, not rounded
    assert data["steps_to_return"] == {"n": 1, "histogram": {}, "never": 1}
    assert data["unparseable"][0] == {"sentence": "Fae likes cheese.", "reason": data["unparseable"][0]["reason"],
                                      "count": 1}
    assert data["errors"] == [{"file": "x", "line": 1, "reason": "bad"}]


# --- renderers ---------------------------------------------------------------------------------


def test_table_renders() -> None:
    out = io.StringIO()
    console = Console(file=out, width=120)
    console.print(render_table(summarize_by(fae_results(), "model")))
    console.print(render_table(summarize([])))
    text = out.getvalue()
    assert 'non_atomic ("skip" in the paper)' in text and "by model" in text and "(total)" in text


def test_an_incomplete_canonical_chain_is_named_as_such_among_the_first_errors() -> None:
    # Every step is canonical, but the chain stops before the goal: no first error, yet incorrect.
    stops_early = check(Problem(CONTEXT, QUERY), "Fae is a cat. Cats are carnivores. Fae is a carnivore. True")
    assert stops_early.first_error is None and not stops_early.proof.valid
    s = summarize([stops_early, *fae_results()])
    assert s.first_error_incorrect == {"none": 1, "strict-atomic-misleading": 1, "unparseable": 1}
    out = io.StringIO()
    Console(file=out, width=160).print(render_table(s))
    for text in (out.getvalue(), render_markdown(s)):
        assert report.NO_ERROR_LABEL in text and "none " not in text.replace(report.NO_ERROR_LABEL, "")


def test_render_dispatch() -> None:
    s = summarize(fae_results())
    assert render(s, "json") == render_json(s)
    assert render(s, "markdown") == render_markdown(s)
    assert render(s, "csv") == render_csv(s)
    assert not isinstance(render(s, "table"), str)
    with pytest.raises(UsageError, match="'html'.*table, json, markdown, csv"):
        render(s, "html")


def test_csv_has_one_row_per_group_and_the_total() -> None:
    rows = list(csv.DictReader(io.StringIO(render_csv(summarize_by(fae_results(), "model")))))
    assert [r["group"] for r in rows] == ["a", "b", "(total)"]
    assert list(rows[0]) == list(CSV_COLUMNS)
    assert rows[2]["strict"] == "0.25" and rows[2]["steps_total"] == "15"


def test_markdown_escapes_pipes() -> None:
    result = fae_results()[0]
    text = render_markdown(summarize_groups([("a|b", result)], group_by="model"))
    assert "| by model | a\\|b | (total) |" in text.splitlines()[0]


def test_public_names() -> None:
    public = {n for n in dir(report) if not n.startswith("_") and not isinstance(getattr(report, n), ModuleType)}
    assert set(report.__all__) == public


# --- golden files ------------------------------------------------------------------------------


def _step(index: int, validity: Validity, atomic: bool | None = None, utility: Utility | None = None,
          *, redundant: bool = False, text: str = "", reason: str | None = None) -> StepResult:
    formula = None if validity is Validity.UNPARSEABLE else f"p{index}(c)"
    return StepResult(index, text or f"Step {index}.", formula, validity, atomic, utility, redundant, (), reason)


def _example(id: str, label: tuple[bool | None, bool | None], proof: tuple[bool, bool, bool, bool],
             steps: list[StepResult], *, source: str = "derived", back: int | None = None,
             warnings: tuple[str, ...] = (), model: str | None = None, no_answer: str | None = None,
             extra: tuple[SentenceKind, ...] = (), cut: int = 0) -> ExampleResult:
    first = next((FirstError(s.index, s.kind) for s in steps if not s.canonical), None)
    kinds = [SentenceKind.UNPARSEABLE if s.validity is Validity.UNPARSEABLE else SentenceKind.STEP for s in steps]
    sentences = tuple(SentenceResult(i, f"Sentence {i}.", (10 * i, 10 * i + 9), kind, (i,) if i < len(steps) else ())
                      for i, kind in enumerate([*kinds, *extra]))
    return ExampleResult(id, LabelResult(*label, no_answer), ProofResult(*proof), tuple(steps), first, back,
                         GoldInfo(source, ()), warnings, {} if model is None else {"model": model},
                         sentences, tuple(range(len(steps))), frozenset(), cut)


def golden_summary() -> GroupedSummary:
    """A fixed summary that does not depend on the checker, so its renderings are stable."""
    strict, broad = Validity.STRICT, Validity.BROAD
    useful, misleading, off = Utility.USEFUL, Utility.MISLEADING, Utility.OFF_PATH
    unparseable = _step(1, Validity.UNPARSEABLE, text="Fae likes | cheese.", reason="unknown word 'likes'")
    examples = [
        _example("1", (True, True), (True, True, True, True),
                 [_step(0, strict, True, useful), _step(1, strict, True, useful)], model="m1",
                 extra=(SentenceKind.COMMENTARY, SentenceKind.ANSWER)),
        _example("2", (False, True), (False, False, False, False),
                 [_step(0, strict, True, useful), _step(1, strict, True, misleading), _step(2, strict, True, off),
                  _step(3, strict, True, useful)], back=2, warnings=("a context sentence does not parse",),
                 model="m1", extra=(SentenceKind.HYPOTHETICAL, SentenceKind.ANSWER), cut=120),
        _example("3", (True, None), (False, False, False, False),
                 [_step(0, strict, True, useful), unparseable, unparseable], source="given", model="m2"),
        _example("4", (None, True), (False, False, False, False), [], source="none",
                 no_answer="truncated: the output ends mid-sentence", extra=(SentenceKind.COMMENTARY,)),
        _example("5", (True, True), (False, False, True, True),
                 [_step(0, broad, False, useful), _step(1, strict, False, useful, redundant=True),
                  _step(2, Validity.INVALID), _step(3, strict, True, misleading)], model="m2"),
    ]
    errors = [RecordError("in.jsonl", 7, "not JSON: '{'"), RecordError("other.jsonl", None, "cannot read")]
    return summarize_by(examples, "model", errors)


@pytest.mark.parametrize(
    ("name", "renderer"),
    [("grouped.json", render_json), ("grouped.md", render_markdown), ("grouped.csv", render_csv),
     ("total.md", lambda g: render_markdown(g.total))],
)
def test_golden(name: str, renderer: Callable[[GroupedSummary], str]) -> None:
    text = renderer(golden_summary())
    path = GOLDEN / name
    if UPDATE_GOLDEN:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{path} differs; see the module docstring to update it"


def test_golden_summary_counts() -> None:
    g = golden_summary()
    total: Summary = g.total
    assert list(g.groups) == ["m1", "m2", "(none)"]
    assert (total.label.successes, total.label.n) == (2, 4)
    assert (total.proof["broad"].successes, total.proof["broad"].n) == (2, 4)
    assert total.first_error_incorrect == {"strict-atomic-misleading": 1, "unparseable": 1}
    assert (total.steps_to_return.histogram, total.steps_to_return.never) == ({2: 1}, 1)
    assert [(u.sentence, u.count) for u in total.unparseable] == [("Fae likes | cheese.", 2)]
    assert total.gold_source == {"derived": 3, "given": 1, "none": 1}
    assert total.sentences == {"step": 11, "commentary": 2, "hypothetical": 1, "answer": 2, "backtrack": 0,
                               "unparseable": 2}
    assert total.no_answer == {"truncated: the output ends mid-sentence": 1} and total.cut_after_answer == 1
    assert total.steps.redundant == 1 and total.steps.kind["broad-useful"] == 1
