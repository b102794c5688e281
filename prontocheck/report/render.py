"""Render a :class:`Summary` or :class:`GroupedSummary` as a rich table, JSON, Markdown or CSV.

Renderers return values and print nothing; the CLI decides where they go. Groups are columns (the
table, Markdown) or rows (CSV), followed by the total. Bad input records and warnings are counted and listed
by every format: JSON (``errors``, ``warnings``), Markdown (a row each, and a block each after the table), CSV
(the ``errors`` and ``warnings`` columns, ``n_warnings``) and, for the table, a row each and
:func:`render_errors` and :func:`render_warnings` (the CLI prints them under it). Only rendered text is
rounded: JSON and CSV keep floats exact.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from collections.abc import Callable
from functools import partial

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from prontocheck.common.stats import Rate
from prontocheck.errors import UsageError
from prontocheck.prontoqa.results import METRICS, SentenceKind, Utility, Validity
from prontocheck.report.aggregate import NO_ERROR
from prontocheck.report.labels import short_labels
from prontocheck.report.samples import PassAtK, SamplesSummary
from prontocheck.report.summary import GroupedSummary, Summary

Report = Summary | GroupedSummary
"""What the renderers accept."""

FORMATS = ("table", "json", "markdown", "csv")
"""The output formats of :func:`render`."""

TOTAL = "(total)"
"""The name of the column (or CSV row) of the summary over all examples."""

METRIC_LABELS = {
    "strict": "proof: strict",
    "non_atomic": 'proof: non_atomic ("skip" in the paper)',
    "broad": "proof: broad",
    "valid": "proof: valid",
}
"""Row labels of the proof accuracies; the paper's "skip" accuracy is ``non_atomic``, not broad steps."""

Row = tuple[str, list[str] | None]
"""A label and one cell per column; ``None`` cells mark a section heading."""


#: How the table and Markdown name the count of incorrect proofs: by the metric that judges them.
INCORRECT_LABEL = "incorrect proofs (metric: valid)"

#: How the table and Markdown name incorrect proofs without a non-canonical step (a chain of thought of
#: canonical steps that stops before the goal, or proves only one case of a proof by cases).
NO_ERROR_LABEL = "none: canonical steps, goal not reached"

def _columns(report: Report) -> list[tuple[str, Summary]]:
    if isinstance(report, GroupedSummary):
        return [*report.groups.items(), (TOTAL, report.total)]
    return [(TOTAL, report)]


def pct(value: float | None) -> str:
    """A share in percent, one decimal (``—`` for none).

    >>> pct(0.6875), pct(None)
    ('68.8%', '—')
    """
    return "—" if value is None else f"{value:.1%}"


def rate(r: Rate) -> str:
    """``80.0% [49.0, 94.3]``: the value and its Wilson 95% interval, in percent.

    >>> rate(Rate(8, 10)), rate(Rate(0, 0))
    ('80.0% [49.0, 94.3]', '—')
    """
    if r.value is None or r.ci95 is None:
        return "—"
    lo, hi = r.ci95
    return f"{r.value:.1%} [{100 * lo:.1f}, {100 * hi:.1f}]"


def _count(count: int, n: int) -> str:
    return f"{count} ({count / n:.1%})" if n else str(count)


def _rows(report: Report) -> list[Row]:
    """The figures shown by the table and the Markdown renderers, one row each."""
    cols = [s for _, s in _columns(report)]

    def row(label: str, cell: Callable[[Summary], str]) -> Row:
        return (label, [cell(s) for s in cols])

    def share(label: str, count: Callable[[Summary], int]) -> Row:
        return row(label, lambda s: _count(count(s), s.steps.total))

    rows: list[Row] = [
        ("records", None),
        row("examples analysed", lambda s: str(s.n)),
        row("bad records", lambda s: str(s.n_errors)),
        row("warnings", lambda s: str(_n_warnings(s))),
        row("with gold label", lambda s: str(s.label.n)),
        row("with gold proof", lambda s: str(s.proof["valid"].n)),
        ("accuracy [95% Wilson CI]", None),
        row("label", lambda s: rate(s.label)),
    ]
    rows += [row(METRIC_LABELS[m], partial(_proof_cell, m)) for m in METRICS]
    rows += [
        ("sentences (only steps and unparseable ones make steps)", None),
        *[row(k.value, partial(_sentence_count, k.value)) for k in SentenceKind],
        row("no committed answer", lambda s: _count(sum(s.no_answer.values()), s.n)),
        row("cut after the answer", lambda s: _count(s.cut_after_answer, s.n)),
    ]
    rows += [("steps (share of all steps)", None), row("steps", lambda s: str(s.steps.total))]
    for v in Validity:
        rows.append(share(v.value, partial(_validity_count, v.value)))
        if v is Validity.STRICT:
            rows.append(share("strict atomic", lambda s: s.steps.strict_atomic))
            rows.append(share("strict non-atomic", lambda s: s.steps.strict_non_atomic))
    rows += [share(u.value, partial(_utility_count, u.value)) for u in Utility]
    rows.append(share("redundant", lambda s: s.steps.redundant))
    rows += [("first error of incorrect proofs", None), row(INCORRECT_LABEL, lambda s: str(s.n_incorrect))]
    kinds: Counter[str] = Counter()
    for s in cols:
        kinds.update(s.first_error_incorrect)
    for kind, _ in sorted(kinds.items(), key=lambda kc: (-kc[1], kc[0])):
        rows.append(row(NO_ERROR_LABEL if kind == NO_ERROR else kind, partial(_first_error_cell, kind)))
    rows += [
        ("after a strict atomic misleading step", None),
        row("examples with one", lambda s: str(s.steps_to_return.n)),
        row("never back on the proof", lambda s: _count(s.steps_to_return.never, s.steps_to_return.n)),
    ]
    return rows + _sample_rows(cols)


def _sample_rows(cols: list[Summary]) -> list[Row]:
    """The rows of several samples per problem (:mod:`prontocheck.report.samples`), when a column has them."""
    if all(s.samples is None for s in cols):
        return []

    def row(label: str, cell: Callable[[SamplesSummary], str]) -> Row:
        return (label, ["—" if s.samples is None else cell(s.samples) for s in cols])

    def per_problem(sm: SamplesSummary) -> str:
        low, high = sm.per_problem
        return str(low) if low == high else f"{low}–{high}"

    rows: list[Row] = [
        ("several samples per problem", None),
        row("problems (with several samples)", lambda sm: f"{sm.problems} ({sm.several})"),
        row("samples per problem", per_problem),
    ]
    rows += [row(f"pass@1: {m}", partial(_pass_cell, m, first=True)) for m in METRICS]
    rows += [row(f"pass@k: {m} (k: most samples)", partial(_pass_cell, m, first=False)) for m in METRICS]
    rows.append(row("majority-vote label", lambda sm: rate(sm.majority)))
    rows.append(row("selected logical forms: label", lambda sm: rate(sm.selected_label)))
    rows += [row(f"selected logical forms: {m}", partial(_selected_cell, m)) for m in METRICS]
    rows.append(row("answer agreement (pairwise)", lambda sm: pct(sm.agreement)))
    rows.append(row("unanimous problems", lambda sm: _count(sm.unanimous, sm.several)))
    return rows


def summary_rows(report: Report) -> list[Row]:
    """The rows the table and the Markdown show (and the HTML report): a label and one cell per column (each group,
    then the total), or ``None`` cells for a section heading.

    >>> from prontocheck.report.aggregate import summarize
    >>> summary_rows(summarize([]))[:2]
    [('records', None), ('examples analysed', ['0'])]
    """
    return _rows(report)
def _pass_cell(metric: str, sm: SamplesSummary, *, first: bool) -> str:
    if not sm.pass_at_k:
        return "—"
    p: PassAtK = sm.pass_at_k[0 if first else -1]
    return pct(p.value[metric]) + ("" if first else f" (k={p.k}, n={p.n})")


def _selected_cell(metric: str, sm: SamplesSummary) -> str:
    return rate(sm.selected_proof[metric])


def _proof_cell(metric: str, s: Summary) -> str:
    return rate(s.proof[metric])


def _sentence_count(kind: str, s: Summary) -> str:
    return str(s.sentences.get(kind, 0))


def _validity_count(validity: str, s: Summary) -> int:
    return s.steps.validity[validity]


def _utility_count(utility: str, s: Summary) -> int:
    return s.steps.utility[utility]


def _first_error_cell(kind: str, s: Summary) -> str:
    return _count(s.first_error_incorrect.get(kind, 0), s.n_incorrect)


def render_table(report: Report) -> RenderableType:
    """A rich table: one row per figure, one column per group and one for the total; groups named by file paths are
    headed by what tells them apart (:func:`~prontocheck.report.labels.short_labels`).
    """
    title = f"by {report.group_by}" if isinstance(report, GroupedSummary) else ""
    table = Table(title="prontocheck summary", title_justify="left")
    table.add_column(title)
    names = [name for name, _ in _columns(report)]
    labels = short_labels(names)  # --group-by file: paths that differ only deep inside stay apart
    for name in names:
        table.add_column(Text(labels[name]), justify="right", overflow="fold")
    for i, (label, cells) in enumerate(_rows(report)):
        if cells is None:
            if i:
                table.add_section()
            table.add_row(Text(label, style="bold"), *["" for _ in names])
        else:
            table.add_row(Text(label), *[Text(c) for c in cells])
    return table


def render_json(report: Report) -> str:
    """The report's ``to_json()`` as indented JSON text."""
    return json.dumps(report.to_json(), indent=2)


def _md(cell: str) -> str:
    return cell.replace("|", "\\|").replace("\n", " ")


def render_markdown(report: Report) -> str:
    """A GitHub Markdown table: one row per figure, one column per group and one for the total."""
    first = f"by {report.group_by}" if isinstance(report, GroupedSummary) else "figure"
    names = [name for name, _ in _columns(report)]
    lines = [
        "| " + " | ".join(_md(c) for c in [first, *names]) + " |",
        "|---|" + "---:|" * len(names),
    ]
    for label, cells in _rows(report):
        if cells is None:
            lines.append(f"| **{_md(label)}** |" + " |" * len(names))
        else:
            lines.append("| " + " | ".join(_md(c) for c in [label, *cells]) + " |")
    for title, listed in ((f"Bad input records ({_total(report).n_errors})", render_errors(report)),
                          (f"Warnings ({_n_warnings(_total(report))})", render_warnings(report))):
        if listed:
            fence = "`" * max(3, 1 + max(len(run) for run in ["", *re.findall(r"`+", "\n".join(listed))]))
            lines += ["", f"**{title}**", "", fence + "text", *listed, fence]
    return "\n".join(lines) + "\n"


CSV_COLUMNS = (
    ["group", "n", "n_errors", "label_accuracy", "label_ci_low", "label_ci_high", "label_n"]
    + [f"{m}{suffix}" for m in METRICS for suffix in ("", "_ci_low", "_ci_high")]
    + ["proof_n", "n_incorrect", "steps_total"]
    + [f"steps_{v.value}" for v in Validity]
    + ["steps_strict_atomic", "steps_strict_non_atomic"]
    + [f"steps_{u.value}" for u in Utility]
    + ["steps_redundant"]
    + [f"sentences_{k.value}" for k in SentenceKind]
    + ["no_answer", "cut_after_answer", "errors", "n_warnings", "warnings"]
)
"""The columns of :func:`render_csv`; empty cells stand for ``None`` (no examples to estimate from).
``errors`` lists the group's bad input records, one ``file:line: reason`` per line of the cell; ``warnings``
its warnings, one ``warning (×count)`` per line, and ``n_warnings`` counts them all (listed or not)."""

SAMPLE_CSV_COLUMNS = (
    ["samples_problems", "samples_several", "samples_min", "samples_max"]
    + [f"pass1_{m}" for m in METRICS]
    + ["passk_k", "passk_n"]
    + [f"passk_{m}" for m in METRICS]
    + ["majority_label_accuracy", "selected_label_accuracy"]
    + [f"selected_{m}" for m in METRICS]
    + ["agreement_pairwise", "unanimous"]
)
"""The columns :func:`render_csv` adds after :data:`CSV_COLUMNS` when some problem has several samples
(:mod:`prontocheck.report.samples`; pass@k with the most samples of a problem as k); empty where a group has none."""


def _sample_cells(sm: SamplesSummary | None) -> list[object]:
    if sm is None:
        return [""] * len(SAMPLE_CSV_COLUMNS)
    first, last = (sm.pass_at_k[0], sm.pass_at_k[-1]) if sm.pass_at_k else (None, None)

    def value(v: float | None) -> object:
        return "" if v is None else v

    return (
        [sm.problems, sm.several, *sm.per_problem]
        + [value(None if first is None else first.value[m]) for m in METRICS]
        + (["", ""] if last is None else [last.k, last.n])
        + [value(None if last is None else last.value[m]) for m in METRICS]
        + [value(sm.majority.value), value(sm.selected_label.value)]
        + [value(sm.selected_proof[m].value) for m in METRICS]
        + [value(sm.agreement), sm.unanimous]
    )


def _rate_cells(rate: Rate) -> list[object]:
    lo, hi = rate.ci95 or ("", "")
    return ["" if rate.value is None else rate.value, lo, hi]


def render_csv(report: Report) -> str:
    """CSV with one row per group, then the total; see :data:`CSV_COLUMNS` (and :data:`SAMPLE_CSV_COLUMNS`).
    Floats are exact.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    samples = any(s.samples is not None for _, s in _columns(report))
    writer.writerow(CSV_COLUMNS + (SAMPLE_CSV_COLUMNS if samples else []))
    for name, s in _columns(report):
        steps = s.steps
        writer.writerow(
            [name, s.n, s.n_errors, *_rate_cells(s.label), s.label.n]
            + [c for m in METRICS for c in _rate_cells(s.proof[m])]
            + [s.proof["valid"].n, s.n_incorrect, steps.total]
            + [steps.validity[v.value] for v in Validity]
            + [steps.strict_atomic, steps.strict_non_atomic]
            + [steps.utility[u.value] for u in Utility]
            + [steps.redundant]
            + [s.sentences.get(k.value, 0) for k in SentenceKind]
            + [sum(s.no_answer.values()), s.cut_after_answer, "\n".join(_error_lines(s))]
            + [_n_warnings(s), "\n".join(_warning_lines(s))]
            + (_sample_cells(s.samples) if samples else [])
        )
    return out.getvalue()


def render(report: Report, fmt: str) -> str | RenderableType:
    """Render in one of :data:`FORMATS`: a rich renderable for ``table``, text otherwise.

    Raises:
        UsageError: for an unknown format, naming the valid ones.

    >>> from prontocheck.report.aggregate import summarize
    >>> print(render(summarize([]), "csv").splitlines()[1][:30])
    (total),0,0,,,,0,,,,,,,,,,,,,0
    >>> render(summarize([]), "html")
    Traceback (most recent call last):
    ...
    prontocheck.errors.UsageError: unknown format 'html'; expected one of: table, json, markdown, csv

    """
    renderers = {"table": render_table, "json": render_json, "markdown": render_markdown, "csv": render_csv}
    if fmt not in renderers:
        raise UsageError(f"unknown format {fmt!r}; expected one of: {', '.join(FORMATS)}")
    return renderers[fmt](report)


def _total(report: Report) -> Summary:
    return report.total if isinstance(report, GroupedSummary) else report


def render_unparseable(report: Report) -> list[str]:
    """One line per distinct unparseable step of the (total) summary: ``'<sentence>': <reason> (×count)``."""
    s = _total(report)
    lines = [f"{u.sentence!r}: {u.reason} (×{u.count})" for u in s.unparseable]
    if s.unparseable_omitted:
        lines.append(f"… and {s.unparseable_omitted} more unparseable steps")
    return lines


def render_errors(report: Report) -> list[str]:
    """One line per listed bad input record of the (total) summary: ``<file>:<line>: <reason>``."""
    return _error_lines(_total(report))


def render_warnings(report: Report) -> list[str]:
    """One line per distinct warning of the (total) summary, most frequent first: ``<warning> (×count)``.

    >>> from prontocheck.report.aggregate import summarize
    >>> render_warnings(summarize([]))
    []
    """
    return _warning_lines(_total(report))


def _warning_lines(s: Summary) -> list[str]:
    lines = [f"{text} (×{count})" for text, count in s.warnings.items()]
    if s.warnings_omitted:
        lines.append(f"… and {s.warnings_omitted} more warnings")
    return lines


def _n_warnings(s: Summary) -> int:
    """All the warnings of a summary, listed or not."""
    return sum(s.warnings.values()) + s.warnings_omitted


def _error_lines(s: Summary) -> list[str]:
    lines = [str(e) for e in s.errors]
    if s.errors_omitted:
        lines.append(f"… and {s.errors_omitted} more bad records")
    return lines

