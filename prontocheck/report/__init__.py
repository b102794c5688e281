"""The report layer: aggregate checked examples into summaries and render them.

>>> from prontocheck import Problem, check
>>> from prontocheck.report import render, summarize
>>> p = Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is a carnivore.")
>>> s = summarize([check(p, "Fae is a cat. Every cat is a carnivore. Fae is a carnivore. True")])
>>> s.proof["strict"].value, s.steps.total
(1.0, 3)
>>> print(render(s, "markdown").splitlines()[0])
| figure | (total) |
"""

import typing

from prontocheck.common import lazy

if typing.TYPE_CHECKING:
    from prontocheck.common.stats import Z95, Rate, proportion, wilson_interval
    from prontocheck.report.aggregate import (
        DEFAULT_LIMIT,
        NO_ERROR,
        NO_GROUP,
        GroupedSummaryBuilder,
        SummaryBuilder,
        group_key,
        summarize,
        summarize_by,
        summarize_groups,
    )
    from prontocheck.report.compare import Comparison, McNemar, Outcome, Run, mcnemar, read_outcomes
    from prontocheck.report.html import HtmlReportBuilder
    from prontocheck.report.render import (
        CSV_COLUMNS,
        FORMATS,
        NO_ERROR_LABEL,
        TOTAL,
        Report,
        render,
        render_csv,
        render_errors,
        render_json,
        render_markdown,
        render_table,
        render_unparseable,
        render_warnings,
    )
    from prontocheck.report.render_compare import render_comparison
    from prontocheck.report.runs import SavedRecord, read_run, summarize_run
    from prontocheck.report.samples import (
        Sample,
        SampleKey,
        SamplesBuilder,
        SamplesSummary,
        mean_pass_at_k,
        pass_at_k,
        sample_key,
        summarize_samples,
    )
    from prontocheck.report.summary import GroupedSummary, StepCounts, StepsToReturn, Summary, Unparseable

# Imported on first use (prontocheck.common.lazy): importing one module of the package does not import the rest.
lazy.export_lazily("prontocheck.report", {
    "prontocheck.common.stats": "Z95 Rate proportion wilson_interval",
    "prontocheck.report.aggregate": "DEFAULT_LIMIT NO_ERROR NO_GROUP GroupedSummaryBuilder "
        "SummaryBuilder group_key summarize summarize_by "
        "summarize_groups",
    "prontocheck.report.render": "CSV_COLUMNS FORMATS NO_ERROR_LABEL TOTAL Report render render_csv "
        "render_errors render_json render_markdown render_table "
        "render_unparseable render_warnings",
    "prontocheck.report.summary": "GroupedSummary StepCounts StepsToReturn Summary Unparseable",
    "prontocheck.report.html": "HtmlReportBuilder",
    "prontocheck.report.runs": "SavedRecord read_run summarize_run",
    "prontocheck.report.samples": "Sample SampleKey SamplesBuilder SamplesSummary mean_pass_at_k pass_at_k sample_key "
        "summarize_samples",
    "prontocheck.report.compare": "Comparison McNemar Outcome Run mcnemar read_outcomes",
    "prontocheck.report.render_compare": "render_comparison",
})

__all__ = [
    "CSV_COLUMNS", "DEFAULT_LIMIT", "FORMATS", "NO_ERROR", "NO_ERROR_LABEL", "NO_GROUP", "TOTAL", "Z95",
    "GroupedSummary", "GroupedSummaryBuilder", "HtmlReportBuilder", "Rate", "Report", "SavedRecord", "StepCounts",
    "StepsToReturn", "Summary", "SummaryBuilder", "Unparseable", "group_key", "proportion", "read_run", "render",
    "render_csv", "render_errors", "render_json", "render_markdown", "render_table", "render_unparseable",
    "render_warnings", "summarize", "summarize_by", "summarize_groups", "summarize_run", "wilson_interval",
    # several samples per problem; comparing two runs
    "Comparison", "McNemar", "Outcome", "Run", "Sample", "SampleKey", "SamplesBuilder", "SamplesSummary",
    "mcnemar", "mean_pass_at_k", "pass_at_k", "read_outcomes", "render_comparison", "sample_key", "summarize_samples",
]
