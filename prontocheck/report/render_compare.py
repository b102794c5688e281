"""Render a :class:`~prontocheck.report.compare.Comparison` as a rich table, JSON or Markdown.

One row per figure compared (label accuracy and the four proof accuracies): the pairs, each run's accuracy on
them, the difference, the discordant pairs, McNemar's test and its p-value. The pairing (matched on id or on the
problem, the examples of one run only, repeated ids) and the flips follow the table as lines
(:func:`comparison_notes`; A's ids, at most :data:`MAX_LISTED` per list; JSON lists every one, with B's id where
it differs).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from prontocheck.errors import UsageError
from prontocheck.report.compare import Comparison, MetricComparison, Run
from prontocheck.report.render import METRIC_LABELS

FORMATS = ("table", "json", "markdown")
"""The output formats of :func:`render_comparison`."""

MAX_LISTED = 10
"""How many ids the table and Markdown list per flip direction and per unmatched run (JSON lists all)."""

HEADER = ("figure", "pairs", "A", "B", "B − A", "A right, B wrong", "A wrong, B right", "test", "p")
"""The columns of the table and the Markdown."""


def _pct(count: int, n: int) -> str:
    return f"{count / n:.1%}" if n else "—"


def _cells(m: MetricComparison) -> list[str]:
    diff = m.difference
    return [
        "label" if m.name == "label_accuracy" else METRIC_LABELS[m.name],
        str(m.n),
        _pct(m.a, m.n),
        _pct(m.b, m.n),
        "—" if diff is None else f"{100 * diff:+.1f} pt",
        str(m.test.b),
        str(m.test.c),
        m.test.method.value if m.n else "—",
        f"{m.test.p_value:.3g}" if m.n else "—",
    ]


def _ids(ids: Sequence[str]) -> str:
    shown = ", ".join(ids[:MAX_LISTED])
    return shown + (f", … and {len(ids) - MAX_LISTED} more" if len(ids) > MAX_LISTED else "")


def _run_line(label: str, run: Run) -> str:
    errors = [*run.errors, *([f"{run.errors_omitted} more"] if run.errors_omitted else [])]
    return f"{label}: {run.name} ({len(run.outcomes)} records, {run.n_errors} unreadable{': ' if errors else ''}" \
        f"{_ids(errors)})"


def comparison_notes(c: Comparison) -> list[str]:
    """The lines that follow the table: the runs, the pairing, what could not be paired, the flips.

    >>> from prontocheck.report.compare import Outcome, Run, compare
    >>> a = Run("a.jsonl", (Outcome("q1", None, True, None), Outcome("q2", None, True, None)), ("q3",))
    >>> b = Run("b.jsonl", (Outcome("q1", None, False, None),))
    >>> print("\\n".join(comparison_notes(compare(a, b))))
    A: a.jsonl (2 records, 1 unreadable: q3)
    B: b.jsonl (1 records, 0 unreadable)
    pairs: 1 (1 on id, 0 on the problem)
    only in A: 1 (q2)
    label, A right and B wrong: q1
    """
    p = c.pairing
    by_id = sum(m.value == "id" for *_, m in p.pairs)
    lines = [
        _run_line("A", c.a),
        _run_line("B", c.b),
        f"pairs: {len(p.pairs)} ({by_id} on id, {len(p.pairs) - by_id} on the problem)",
    ]
    for run, only, key in (("A", p.only_a, "a"), ("B", p.only_b, "b")):
        if only:
            shared = p.shared_problem[key]
            note = f"; {shared} of them share their problem with another of {run}'s" if shared else ""
            lines.append(f"only in {run}: {len(only)} ({_ids([o.id for o in only])}){note}")
    for run, key in (("A", "a"), ("B", "b")):
        if p.repeated_ids[key]:
            lines.append(f"ids repeated in {run} (matched on the problem only): {_ids(p.repeated_ids[key])}")
    for m in c.metrics.values():
        label = "label" if m.name == "label_accuracy" else m.name
        if m.worse:
            lines.append(f"{label}, A right and B wrong: {_ids([f.a for f in m.worse])}")
        if m.better:
            lines.append(f"{label}, A wrong and B right: {_ids([f.a for f in m.better])}")
    return lines


def render_comparison_table(c: Comparison) -> RenderableType:
    """A rich table: one row per figure (the notes of :func:`comparison_notes` are printed after it)."""
    table = Table(title="prontocheck compare (A → B)", title_justify="left")
    for i, name in enumerate(HEADER):
        table.add_column(name, justify="left" if i in (0, 7) else "right")
    for m in c.metrics.values():
        table.add_row(*[Text(cell) for cell in _cells(m)])
    return table


def render_comparison_markdown(c: Comparison) -> str:
    """A GitHub Markdown table, then the notes as a list.

    >>> from prontocheck.report.compare import Outcome, Run, compare
    >>> c = compare(Run("a", (Outcome("q1", None, True, None),)), Run("b", (Outcome("q1", None, False, None),)))
    >>> print(render_comparison_markdown(c).splitlines()[2])
    | label | 1 | 100.0% | 0.0% | -100.0 pt | 1 | 0 | exact | 1 |
    """
    lines = ["| " + " | ".join(HEADER) + " |", "|---|" + "---:|" * 6 + "---|---:|"]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in _cells(m)) + " |" for m in c.metrics.values()]
    lines.append("")
    lines += [f"- {line}" for line in comparison_notes(c)]
    return "\n".join(lines) + "\n"


def render_comparison(c: Comparison, fmt: str) -> str | RenderableType:
    """Render in one of :data:`FORMATS`: a rich renderable for ``table``, text otherwise.

    Raises:
        UsageError: for an unknown format, naming the valid ones.

    >>> from prontocheck.report.compare import Run, compare
    >>> render_comparison(compare(Run("a", ()), Run("b", ())), "csv")
    Traceback (most recent call last):
    ...
    prontocheck.errors.UsageError: unknown format 'csv'; expected one of: table, json, markdown
    """
    if fmt == "table":
        return render_comparison_table(c)
    if fmt == "json":
        return json.dumps(c.to_json(), indent=2)
    if fmt == "markdown":
        return render_comparison_markdown(c)
    raise UsageError(f"unknown format {fmt!r}; expected one of: {', '.join(FORMATS)}")
