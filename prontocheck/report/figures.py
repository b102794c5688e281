"""The figures of the HTML report, drawn with matplotlib (the optional extra ``prontocheck[report]``) as inline SVG.

Every figure is drawn from :class:`~prontocheck.report.summary.Summary` figures as the aggregation made them
(accuracies and their Wilson intervals from :class:`~prontocheck.common.stats.Rate`, step and first-error counts):
nothing is counted again here. matplotlib is imported inside the functions (:func:`require_matplotlib`), through
its object-oriented API only (no pyplot, no global state, no display), and each SVG is made deterministic (a fixed
hash salt, no date, no creator) with its element ids prefixed by the figure's id, so that several SVGs live in one
HTML page without clashing.

>>> label_of("strict-atomic-useful"), label_of(NO_ERROR)
('strict-atomic-useful', 'none: canonical steps, goal not reached')
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from prontocheck.common.stats import Rate
from prontocheck.errors import UsageError
from prontocheck.prontoqa.results import METRICS
from prontocheck.report.aggregate import NO_ERROR
from prontocheck.report.render import NO_ERROR_LABEL
from prontocheck.report.summary import Summary

INSTALL = "pip install 'prontocheck[report]'"
"""How to install what the HTML report needs."""

Column = tuple[str, Summary]
"""A label (shortened for the figure) and the summary it stands for."""

METRIC_COLOURS = {"strict": "#1b5e20", "non_atomic": "#1565c0", "broad": "#ef6c00", "valid": "#6a1b9a",
                  "label": "#37474f"}
"""One colour per accuracy, the same in every figure."""

KIND_COLOURS = {
    "strict-atomic-useful": "#2e7d32", "strict-atomic-misleading": "#fb8c00", "strict-atomic-off-path": "#ffcc80",
    "strict-non-atomic-useful": "#1e88e5", "strict-non-atomic-misleading": "#3949ab",
    "strict-non-atomic-off-path": "#9fa8da",
    "broad-useful": "#8e24aa", "broad-misleading": "#ce93d8", "broad-off-path": "#e1bee7",
    "invalid": "#c62828", "unparseable": "#757575", NO_ERROR: "#fff176",
}
"""Step kinds (strict/broad × atomic × utility, invalid, unparseable) in a fixed order and colour: canonical steps
green, strict atomic steps off the proof orange (misleading darker), non-atomic steps blue, broad ones purple (useful
darker), invalid red, unparseable grey. The browser of records uses the same colours."""

_OTHER_COLOURS = ("#8d6e63", "#bcaaa4", "#a1887f", "#d7ccc8")
_ID = re.compile(r'\bid="([^"]+)"')
_REF = re.compile(r'(xlink:href|href)="#([^"]+)"')
_URL = re.compile(r"url\(#([^)]+)\)")


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure of the report.

    Attributes:
        id: its HTML id (``fig-accuracy-by-group``, …), also the prefix of every id inside its SVG.
        title: its heading.
        caption: what it shows, in a sentence or two.
        svg: the ``<svg>`` element (empty when there is nothing to draw; the caption then says why).
    """

    id: str
    title: str
    caption: str
    svg: str


def require_matplotlib() -> ModuleType:
    """The ``matplotlib`` module, imported now.

    Raises:
        UsageError: matplotlib is not installed; the message names the extra that installs it.

    >>> require_matplotlib().__name__
    'matplotlib'
    """
    try:
        import matplotlib
        import matplotlib.figure  # noqa: F401
    except ImportError as e:
        raise UsageError(f"the HTML report needs matplotlib, which cannot be imported ({e}): {INSTALL}") from None
    return matplotlib


def label_of(kind: str) -> str:
    """The legend label of a step kind (the first-error pseudo-kind ``none`` is spelt out as in the table)."""
    return NO_ERROR_LABEL if kind == NO_ERROR else kind


def kinds_in_order(kinds: Sequence[str]) -> list[str]:
    """``kinds`` in the order of :data:`KIND_COLOURS` (others after them, sorted).

    >>> kinds_in_order(["invalid", "zzz", "strict-atomic-useful"])
    ['strict-atomic-useful', 'invalid', 'zzz']
    """
    known = [k for k in KIND_COLOURS if k in kinds]
    return known + sorted(set(kinds) - set(known))


def _colour(kind: str, others: list[str]) -> str:
    if kind in KIND_COLOURS:
        return KIND_COLOURS[kind]
    if kind not in others:
        others.append(kind)
    return _OTHER_COLOURS[others.index(kind) % len(_OTHER_COLOURS)]


def to_svg(figure: Any, figure_id: str) -> str:
    """A matplotlib figure as an ``<svg>`` element for inlining in HTML: no XML prolog, no metadata, the same
    bytes on every run, and every id inside it prefixed with ``figure_id``.

    A figure is saved once: its constrained layout moves a little on each drawing.

    >>> def drawn() -> str:
    ...     figure = new_figure(2, 1)
    ...     _ = figure.add_subplot().plot([0, 1], [1, 0])
    ...     return to_svg(figure, "fig-x")
    >>> svg = drawn()
    >>> svg.startswith("<svg"), 'id="fig-x-figure_1"' in svg, "<metadata" in svg, svg == drawn()
    (True, True, False, True)
    """
    matplotlib = require_matplotlib()
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": figure_id, "svg.fonttype": "path"}):
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Format": None, "Type": None, "Creator": None})
    text = buffer.getvalue()
    text = text[text.index("<svg"):]
    text = _ID.sub(lambda m: f'id="{figure_id}-{m.group(1)}"', text)
    text = _REF.sub(lambda m: f'{m.group(1)}="#{figure_id}-{m.group(2)}"', text)
    text = _URL.sub(lambda m: f"url(#{figure_id}-{m.group(1)})", text)
    return text.replace('width="', 'class="plot" width="', 1).strip()


def new_figure(width: float, height: float) -> Any:
    require_matplotlib()
    from matplotlib.figure import Figure as MplFigure

    figure = MplFigure(figsize=(width, height), layout="constrained")
    return figure


def percent_axis(axis: Any) -> None:
    from matplotlib.ticker import PercentFormatter

    axis.set_major_formatter(PercentFormatter(1.0, decimals=0))


def interval(rate: Rate) -> tuple[float, float, float] | None:
    """The value and its distances to the Wilson bounds (as matplotlib's error bars take them)."""
    if rate.value is None or rate.ci95 is None:
        return None
    lo, hi = rate.ci95
    return rate.value, rate.value - lo, hi - rate.value


def accuracy_by_group(columns: Sequence[Column], group_by: str | None) -> Figure:
    """The four proof accuracies of each group (and of all examples), with their Wilson 95% intervals.

    >>> from prontocheck import Problem, check
    >>> from prontocheck.report.aggregate import summarize
    >>> s = summarize([check(Problem("Fae is a cat.", "True or false: Fae is a cat."), "Fae is a cat. True")])
    >>> f = accuracy_by_group([("all", s)], None)
    >>> f.id, f.title, f.svg.startswith("<svg")
    ('fig-accuracy-by-group', 'Proof accuracy', True)
    """
    fid = "fig-accuracy-by-group"
    title = f"Proof accuracy by {group_by}" if group_by else "Proof accuracy"
    caption = ("The four proof accuracies (strict; non_atomic, the paper's “skip”; broad; valid) over the examples "
               "with a gold proof, each with its Wilson 95% interval; n is that number of examples.")
    rows = len(columns)
    figure = new_figure(10, 1.0 + 0.55 * rows)
    axes = figure.add_subplot()
    offsets = [0.3 - 0.2 * i for i in range(len(METRICS))]
    for i, metric in enumerate(METRICS):
        xs, ys, lo, hi = [], [], [], []
        for row, (_, summary) in enumerate(columns):
            point = interval(summary.proof[metric])
            if point is not None:
                xs.append(point[0])
                ys.append(rows - 1 - row + offsets[i])
                lo.append(point[1])
                hi.append(point[2])
        axes.errorbar(xs, ys, xerr=[lo, hi], fmt="o", markersize=4, capsize=2, color=METRIC_COLOURS[metric],
                      label=metric)
    axes.set_yticks(range(rows), [f"{label} (n={s.proof['valid'].n})" for label, s in reversed(columns)])
    axes.set_xlim(-0.02, 1.02)
    percent_axis(axes.xaxis)
    axes.grid(axis="x", alpha=0.3)
    for row in range(rows - 1):
        axes.axhline(row + 0.5, color="#e0e0e0", linewidth=0.6)
    axes.set_ylim(-0.6, rows - 0.4)
    axes.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=len(METRICS), frameon=False)
    return Figure(fid, title, caption, to_svg(figure, fid))


def _hops_order(name: str) -> tuple[int, float, str]:
    try:
        return (0, float(name), name)
    except ValueError:
        return (1, 0.0, name)


def accuracy_by_hops(panels: Sequence[tuple[str, Sequence[Column]]]) -> Figure:
    """The four proof accuracies by hops (x) with their Wilson 95% intervals: one panel per series of
    ``(hops, summary)`` columns (all examples first, then each group with examples of several hop counts).

    >>> from prontocheck.report.aggregate import summarize
    >>> accuracy_by_hops([("all examples", [("1", summarize([]))])]).svg  # no example with a gold proof
    ''
    """
    fid = "fig-accuracy-by-hops"
    title = "Proof accuracy by hops"
    caption = ("The four proof accuracies by the number of hops of the question: its metadata value “hops” where it "
               "has one, else the number of rules in its gold proof (the modus ponens steps of a PrOntoQA chain). "
               "Bars: Wilson 95% intervals; n: the examples with a gold proof.")
    panels = [(name, [c for c in cols if c[1].proof["valid"].n]) for name, cols in panels]
    panels = [(name, sorted(cols, key=lambda c: _hops_order(c[0]))) for name, cols in panels if cols]
    if not panels:
        return Figure(fid, title, caption + " No example has a gold proof.", "")
    per_row = min(3, len(panels))
    n_rows = -(-len(panels) // per_row)
    figure = new_figure(6.5 if per_row == 1 else 4.2 * per_row, 0.6 + (3.8 if per_row == 1 else 3.0) * n_rows)
    grid = figure.subplots(n_rows, per_row, squeeze=False, sharey=True)
    for index, axes in enumerate(grid.flat):
        if index >= len(panels):
            axes.set_visible(False)
            continue
        name, cols = panels[index]
        numeric = all(_hops_order(hops)[0] == 0 for hops, _ in cols)
        positions = [float(hops) for hops, _ in cols] if numeric else [float(i) for i in range(len(cols))]
        step = 0.025 * max(1.0, positions[-1] - positions[0])
        for i, metric in enumerate(METRICS):
            points = [interval(s.proof[metric]) for _, s in cols]
            xs = [p + (i - 1.5) * step for p, point in zip(positions, points) if point is not None]
            values = [point for point in points if point is not None]
            axes.errorbar(xs, [v[0] for v in values], yerr=[[v[1] for v in values], [v[2] for v in values]],
                          fmt="-o", markersize=3.5, capsize=2, linewidth=1.2, color=METRIC_COLOURS[metric],
                          label=metric)
        axes.set_xticks(positions, [f"{hops}\n(n={s.proof['valid'].n})" for hops, s in cols])
        axes.set_xlim(positions[0] - 8 * step, positions[-1] + 8 * step)
        axes.set_xlabel("hops")
        axes.set_title(name, fontsize=9)
        axes.set_ylim(-0.02, 1.02)
        percent_axis(axes.yaxis)
        axes.grid(axis="y", alpha=0.3)
    grid.flat[0].legend(loc="best", fontsize=8)
    return Figure(fid, title, caption, to_svg(figure, fid))


def _stacked(columns: Sequence[Column], counts: Sequence[dict[str, int]], totals: Sequence[int], fid: str,
             xlabel: str) -> Any:
    """Horizontal bars, one per column, split by kind in proportion to ``counts`` of ``totals``."""
    kinds = kinds_in_order(sorted({k for c in counts for k, v in c.items() if v}))
    rows = len(columns)
    figure = new_figure(10, 1.2 + 0.38 * rows + 0.2 * ((len(kinds) + 2) // 3))
    axes = figure.add_subplot()
    others: list[str] = []
    left = [0.0] * rows
    ys = [rows - 1 - row for row in range(rows)]
    for kind in kinds:
        widths = [c.get(kind, 0) / t if t else 0.0 for c, t in zip(counts, totals)]
        axes.barh(ys, widths, left=left, height=0.7, color=_colour(kind, others), label=label_of(kind),
                  edgecolor="white", linewidth=0.4)
        left = [a + b for a, b in zip(left, widths)]
    axes.set_yticks(ys, [f"{label} (n={t})" for (label, _), t in zip(columns, totals)])
    axes.set_xlim(0, 1)
    axes.set_ylim(-0.6, rows - 0.4)
    percent_axis(axes.xaxis)
    axes.set_xlabel(xlabel)
    figure.legend(loc="outside lower center", ncols=3, frameon=False, fontsize=8)
    return figure


def first_errors(columns: Sequence[Column]) -> Figure:
    """Among incorrect proofs (under ``valid``), the kind of the first non-canonical step (the paper's Figure 5).

    >>> from prontocheck import Problem, check
    >>> from prontocheck.report.aggregate import summarize
    >>> p = Problem("Every cat is a feline. Fae is a cat.", "True or false: Fae is a feline.")
    >>> first_errors([("all", summarize([check(p, "Fae is a dog. True")]))]).svg.count("<svg")
    1
    """
    fid = "fig-first-errors"
    title = "First error of incorrect proofs"
    caption = ("Among the proofs that are incorrect under the valid metric (n of them), the kind of the first step "
               "that is not strict, atomic and useful; “none” where every step is canonical but the chain stops "
               "before the goal.")
    if not any(s.n_incorrect for _, s in columns):
        return Figure(fid, title, caption + " No proof is incorrect.", "")
    figure = _stacked(columns, [s.first_error_incorrect for _, s in columns], [s.n_incorrect for _, s in columns],
                      fid, "share of incorrect proofs")
    return Figure(fid, title, caption, to_svg(figure, fid))


def step_composition(columns: Sequence[Column]) -> Figure:
    """All steps by kind: strict/broad/invalid/unparseable × atomic × useful/misleading/off-path.

    >>> from prontocheck.report.aggregate import summarize
    >>> step_composition([("all", summarize([]))]).caption.endswith("There are no steps.")
    True
    """
    fid = "fig-step-composition"
    title = "Step composition"
    caption = ("Every step of every chain of thought by validity (strict, broad, invalid, unparseable), atomicity "
               "(strict steps: one rule application or more) and utility (useful, misleading, off the proof); "
               "n is the number of steps.")
    if not any(s.steps.total for _, s in columns):
        return Figure(fid, title, caption + " There are no steps.", "")
    figure = _stacked(columns, [s.steps.kind for _, s in columns], [s.steps.total for _, s in columns], fid,
                      "share of steps")
    return Figure(fid, title, caption, to_svg(figure, fid))


def label_vs_proof(columns: Sequence[Column]) -> Figure:
    """Label accuracy (x) against the strict and valid proof accuracies (y) of each group, Wilson intervals both
    ways (the paper's Figure 3); each group's two points are joined and numbered as in the caption.

    >>> from prontocheck import Problem, check
    >>> from prontocheck.report.aggregate import summarize
    >>> s = summarize([check(Problem("Fae is a cat.", "True or false: Fae is a cat."), "Fae is a cat. True")])
    >>> label_vs_proof([("a", s), ("b", s)]).caption.endswith("Numbers: 1 a; 2 b.")
    True
    """
    fid = "fig-label-vs-proof"
    title = "Label accuracy vs proof accuracy"
    caption = ("Each group's label accuracy against its strict (circle) and valid (square) proof accuracies, joined "
               "by a line, with Wilson 95% intervals (label accuracy's on the valid point); above the dotted "
               "diagonal, proofs are right more often than answers.")
    points = [(label, s) for label, s in columns if s.label.n and s.proof["valid"].n]
    if not points:
        return Figure(fid, title, caption + " No group has both gold labels and gold proofs.", "")
    if len(points) > 1:
        caption += " Numbers: " + "; ".join(f"{i} {label}" for i, (label, _) in enumerate(points, start=1)) + "."
    figure = new_figure(7, 6)
    axes = figure.add_subplot()
    axes.plot([0, 1], [0, 1], linestyle=":", color="#9e9e9e", linewidth=1)
    for number, (_, s) in enumerate(points, start=1):
        x, strict, valid = interval(s.label), interval(s.proof["strict"]), interval(s.proof["valid"])
        assert x is not None and strict is not None and valid is not None  # both have examples
        axes.plot([x[0], x[0]], [strict[0], valid[0]], color="#bdbdbd", linewidth=1, zorder=1)
        for metric, marker, y, xerr in (("strict", "o", strict, None), ("valid", "s", valid, [[x[1]], [x[2]]])):
            axes.errorbar([x[0]], [y[0]], xerr=xerr, yerr=[[y[1]], [y[2]]], fmt=marker, markersize=5, capsize=2,
                          elinewidth=0.7, alpha=0.85, color=METRIC_COLOURS[metric],
                          label=f"{metric} proof accuracy" if number == 1 else None)
        if len(points) > 1:
            axes.annotate(str(number), (x[0], valid[0]), xytext=(4, 3), textcoords="offset points", fontsize=7,
                          color="#212121")
    axes.set_xlim(-0.02, 1.02)
    axes.set_ylim(-0.02, 1.02)
    percent_axis(axes.xaxis)
    percent_axis(axes.yaxis)
    axes.set_xlabel("label accuracy")
    axes.set_ylabel("proof accuracy")
    axes.grid(alpha=0.3)
    axes.legend(loc="upper left", fontsize=8)
    return Figure(fid, title, caption, to_svg(figure, fid))
