"""The HTML report's figures of several samples per problem: the PrOntoQA paper's Figures 10 and 3, and pass@k.

Drawn only for a run whose summary has a samples section (:class:`~prontocheck.report.samples.SamplesSummary`:
some problem has more than one sample), from that section's figures as :mod:`prontocheck.report.samples` made
them, with the helpers and colours of :mod:`prontocheck.report.figures`; nothing is counted again here.

- :func:`steps_to_return` — the paper's Figure 10 as its code draws it: one panel per group, a bar of width one per
  number of steps after a strict atomic misleading step until the next useful step, with each bar's Wilson 95%
  interval (as a count), over the selected predictions (the paper's self-consistency selection); predictions that
  never return are one more bar, "never".
- :func:`label_vs_proof` — the paper's Figure 3: one square panel per proof metric, label accuracy (x) against
  proof accuracy (y) with the black diagonal; a point per group for its selected predictions (Wilson 95% intervals
  both ways), and behind them one disc per problem: the fractions of its samples with a correct answer and with a
  correct proof (problems at the same place share a disc, its area their number).
- :func:`pass_at_k_table` — an HTML table of pass@k per metric and the majority-vote label accuracy.

>>> SAMPLES_FIGURES
('fig-samples-steps-to-return', 'fig-samples-label-vs-proof')
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Sequence

from prontocheck.common.stats import Rate
from prontocheck.prontoqa.results import METRICS
from prontocheck.report.figures import (
    KIND_COLOURS,
    METRIC_COLOURS,
    Column,
    Figure,
    interval,
    new_figure,
    percent_axis,
    to_svg,
)
from prontocheck.report.render import pct, rate
from prontocheck.report.samples import SamplesSummary

SAMPLES_FIGURES = ("fig-samples-steps-to-return", "fig-samples-label-vs-proof")
"""The ids of the figures of this module, in the page's order."""

PANELS = 12
"""At most this many groups get a panel of their own in the steps-to-return figure."""

METRIC_AXIS = {"strict": "strict", "non_atomic": "“skip” (non_atomic)", "broad": "broad", "valid": "valid"}
"""How a panel's axis names each proof metric (the paper's “skip” accuracy is ``non_atomic``)."""

RETURNED = KIND_COLOURS["strict-atomic-useful"]
"""The bars of predictions back on the proof (the colour of canonical steps)."""

NEVER = KIND_COLOURS["strict-atomic-misleading"]
"""The bar of predictions that never return (the colour of a strict atomic misleading step)."""

DISC, DISC_ALPHA, BARS = "#9e9e9e", 0.45, "#878787"
_MIN_STEPS = 15  # the paper's axis runs to 15 steps at least
_PER_ROW = 3


def _with_samples(columns: Sequence[Column]) -> list[tuple[str, SamplesSummary]]:
    return [(label, s.samples) for label, s in columns if s.samples is not None]


def _without(groups: int, what: str) -> str:
    """The caption's note on the groups left out because no problem of theirs has several samples.

    >>> _without(0, "panel"), _without(2, "panel")
    ('', ' Groups without several samples of a problem have no panel (2).')
    """
    return f" Groups without several samples of a problem have no {what} ({groups})." if groups else ""


def steps_to_return(columns: Sequence[Column]) -> Figure:
    """The paper's Figure 10 over each column's selected predictions (one panel per column with samples).

    >>> from prontocheck import Problem, check
    >>> from prontocheck.report.aggregate import SummaryBuilder
    >>> from prontocheck.report.samples import SampleKey
    >>> p = Problem("Every wumpus is a yumpus. Every yumpus is dull. Every wumpus is a tumpus. Max is a wumpus.",
    ...             "True or false: Max is dull.")
    >>> out = ("Max is a wumpus. Every wumpus is a tumpus. Max is a tumpus. Every wumpus is a yumpus. Max is a yumpus. "
    ...        "Every yumpus is dull. Max is dull. True")
    >>> b = SummaryBuilder()
    >>> for _ in range(2):
    ...     b.add(check(p, out), SampleKey("p"))
    >>> f = steps_to_return([("all", b.build())])
    >>> f.id, f.svg.count("<svg"), f.caption.endswith("No selected prediction has such a step.")
    ('fig-samples-steps-to-return', 1, False)
    """
    fid = SAMPLES_FIGURES[0]
    title = "Steps to return after a misleading step (selected samples)"
    caption = ("The paper's Figure 10 over the selected predictions (the paper's self-consistency selection: per "
               "problem, the group of samples with the same logical forms of highest score): among those with a "
               "strict atomic misleading step (n), how many steps after it come before the next step of the gold "
               "proof, with Wilson 95% intervals; “never”: no useful step after it.")
    panels = _with_samples(columns)
    caption += _without(len(columns) - len(panels), "panel")
    left_out = len(panels) - PANELS
    panels = panels[:PANELS]
    if not any(sm.steps_to_return.n for _, sm in panels):
        return Figure(fid, title, caption + " No selected prediction has such a step.", "")
    if left_out > 0:
        caption += f" The first {PANELS} groups are drawn ({left_out} more are in the JSON summary)."
    longest = max((max(sm.steps_to_return.histogram, default=0) for _, sm in panels), default=0)
    end = max(_MIN_STEPS, longest + 2)
    per_row = min(_PER_ROW, len(panels))
    n_rows = -(-len(panels) // per_row)
    figure = new_figure(10 if per_row > 1 else 6, 0.4 + 2.3 * n_rows)
    grid = figure.subplots(n_rows, per_row, squeeze=False, sharey=True)
    top = 1.0
    for index, axes in enumerate(grid.flat):
        if index >= len(panels):
            axes.set_visible(False)
            continue
        label, sm = panels[index]
        data = sm.steps_to_return
        bins = [*data.histogram.items(), (end + 2, data.never)]
        bars = [(x, c) for x, c in bins if c]
        if bars:
            errors = [_count_interval(c, data.n) for _, c in bars]
            top = max(top, *(c + hi for (_, c), (_, hi) in zip(bars, errors)))
            axes.bar([x for x, _ in bars], [c for _, c in bars], width=1.0,
                     color=[NEVER if x == end + 2 else RETURNED for x, _ in bars],
                     edgecolor="white", linewidth=0.6, yerr=[[lo for lo, _ in errors], [hi for _, hi in errors]],
                     error_kw={"elinewidth": 0.7, "capthick": 0.7, "capsize": 1.5})
        else:
            axes.text(0.5, 0.5, "no misleading step", transform=axes.transAxes, ha="center", va="center",
                      fontsize=8, color="#757575")
        ticks = list(range(0, end + 1, 5))
        axes.axvline(end + 0.75, color="#bdbdbd", linewidth=0.8, linestyle=":")
        axes.set_xticks([*ticks, end + 2], [*map(str, ticks), "never"], fontsize=8)
        axes.set_xlim(0, end + 3)
        axes.set_xlabel(f"{label} (n={data.n})", fontsize=9)
        axes.tick_params(axis="x", which="both", length=0)
        axes.grid(axis="y", alpha=0.3)
        if index % per_row == 0:
            axes.set_ylabel("selected predictions", fontsize=9)
    grid.flat[0].set_ylim(0, top * 1.08)
    grid.flat[0].yaxis.get_major_locator().set_params(integer=True)
    figure.supxlabel("steps until back on the gold proof", fontsize=9)
    return Figure(fid, title, caption, to_svg(figure, fid))


def _count_interval(count: int, n: int) -> tuple[float, float]:
    """The distances from ``count`` to the bounds of its Wilson 95% interval of ``count / n``, as counts."""
    point = interval(Rate(count, n))
    assert point is not None  # n > 0: the bar has a count
    return point[1] * n, point[2] * n


def label_vs_proof(columns: Sequence[Column], problems: SamplesSummary) -> Figure:
    """The paper's Figure 3 with several samples per problem: one panel per metric; a point per column for its
    selected predictions, and a disc per place of ``problems``'s points (one per problem).

    >>> from prontocheck import Problem, check
    >>> from prontocheck.report.aggregate import SummaryBuilder
    >>> from prontocheck.report.samples import SampleKey
    >>> p = Problem("Every cat is a feline. Fae is a cat.", "True or false: Fae is a feline.")
    >>> b = SummaryBuilder()
    >>> for out in ("Fae is a feline. True", "False"):
    ...     b.add(check(p, out), SampleKey("p"))
    >>> s = b.build()
    >>> f = label_vs_proof([("all", s)], s.samples)
    >>> f.id, f.svg.count("<svg"), "Numbers" in f.caption
    ('fig-samples-label-vs-proof', 1, False)
    """
    fid = SAMPLES_FIGURES[1]
    title = "Label accuracy vs proof accuracy (selected samples)"
    caption = ("The paper's Figure 3, one panel per proof metric: the label accuracy (x) and proof accuracy (y) of "
               "the selected predictions (the paper's self-consistency selection) of each group, with Wilson 95% "
               "intervals both ways; behind them, a grey disc per problem at the fractions of its samples with a "
               "correct answer and with a correct proof (problems at the same place share a disc, its area their "
               "number). On the black diagonal, answers and proofs are right equally often.")
    points = [(label, sm) for label, sm in _with_samples(columns)
              if sm.selected_label.n and sm.selected_proof["valid"].n]
    discs = {m: Counter((p.label, p.proof[m]) for p in problems.points
                        if p.label is not None and p.proof[m] is not None) for m in METRICS}
    if not points and not any(discs.values()):
        return Figure(fid, title, caption + " No problem has both a gold label and a gold proof.", "")
    caption += _without(len(columns) - len(_with_samples(columns)), "point")
    if len(points) > 1:
        caption += " Numbers: " + "; ".join(f"{i} {label}" for i, (label, _) in enumerate(points, start=1)) + "."
    most = max((c for d in discs.values() for c in d.values()), default=1)
    figure = new_figure(10.5, 3.5)
    grid = figure.subplots(1, len(METRICS), squeeze=False, sharey=True)
    for axes, metric in zip(grid.flat, METRICS):
        axes.plot([0, 1], [0, 1], color="black", linewidth=0.8, zorder=1)
        if discs[metric]:
            places = sorted(discs[metric].items())
            axes.scatter([x for (x, _), _ in places], [y for (_, y), _ in places],
                         s=[16 + 240 * c / most for _, c in places], color=DISC, alpha=DISC_ALPHA, linewidths=0,
                         zorder=2, clip_on=False)
        for number, (_, sm) in enumerate(points, start=1):
            x, y = interval(sm.selected_label), interval(sm.selected_proof[metric])
            assert x is not None and y is not None  # both have problems
            axes.errorbar([x[0]], [y[0]], xerr=[[x[1]], [x[2]]], yerr=[[y[1]], [y[2]]], fmt="o", markersize=5,
                          color=METRIC_COLOURS[metric], ecolor=BARS, elinewidth=0.8, zorder=3)
            if len(points) > 1:
                axes.annotate(str(number), (x[0], y[0]), xytext=(4, 3), textcoords="offset points", fontsize=7,
                              color="#212121", zorder=4)
        axes.set_xlim(-0.04, 1.04)
        axes.set_ylim(-0.04, 1.04)
        axes.set_aspect("equal")
        percent_axis(axes.xaxis)
        percent_axis(axes.yaxis)
        axes.set_xlabel("label accuracy", fontsize=9)
        axes.set_title(f"{METRIC_AXIS[metric]} proof accuracy", fontsize=9)
        axes.grid(alpha=0.3)
    grid.flat[0].set_ylabel("proof accuracy", fontsize=9)
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], marker="o", markersize=10, linestyle="none", color=DISC, alpha=DISC_ALPHA,
                      label="problems: the fractions of their samples (area: how many)"),
               Line2D([], [], marker="o", markersize=5, color=BARS, markerfacecolor="#424242",
                      markeredgecolor="#424242", linewidth=0.8,
                      label="selected predictions of a group, Wilson 95% intervals")]
    figure.legend(handles=handles, loc="outside lower center", ncols=2, frameon=False, fontsize=8)
    return Figure(fid, title, caption, to_svg(figure, fid))


def pass_at_k_table(columns: Sequence[Column]) -> str:
    """An HTML table (escaped) of each column's pass@k per metric, one row per k, and its majority-vote label
    accuracy; ``""`` when no column has samples.

    >>> from prontocheck import Problem, check
    >>> from prontocheck.report.aggregate import SummaryBuilder
    >>> from prontocheck.report.samples import SampleKey
    >>> p = Problem("Every cat is a feline. Fae is a cat.", "True or false: Fae is a feline.")
    >>> b = SummaryBuilder()
    >>> for out in ("Fae is a feline. True", "False"):
    ...     b.add(check(p, out), SampleKey("p"))
    >>> table = pass_at_k_table([("<a>", b.build())])
    >>> table.count("<tr"), "&lt;a&gt;" in table, "0.0% [0.0, 79.3]" in table  # k = 1, 2; a tie: no majority
    (3, True, True)
    """
    rows = _with_samples(columns)
    if not rows:
        return ""
    head = ("<tr><th></th><th>majority-vote label</th><th>k</th><th>problems</th>"
            + "".join(f"<th>{html.escape(METRIC_AXIS[m])}</th>" for m in METRICS) + "</tr>")
    body = []
    for label, sm in rows:
        first = (f"<td>{html.escape(label)}</td><td>{html.escape(rate(sm.majority))} "
                 f'<span class="muted">(n={sm.majority.n})</span></td>')
        if not sm.pass_at_k:
            body.append(f'<tr class="first">{first}<td colspan="{2 + len(METRICS)}">no problem with a gold proof'
                        "</td></tr>")
        for i, p in enumerate(sm.pass_at_k):
            cells = "".join(f"<td>{pct(p.value[m])}</td>" for m in METRICS)
            row = f'<tr class="first">{first}' if i == 0 else "<tr><td></td><td></td>"
            body.append(f"{row}<td>{p.k}</td><td>{p.n}</td>{cells}</tr>")
    return '<table class="summary passk">' + head + "".join(body) + "</table>"


def samples_section(columns: Sequence[Column]) -> str:
    """The heading and text of the report's section on several samples per problem, with :func:`pass_at_k_table`;
    ``""`` when no column has samples.

    >>> from prontocheck.report.aggregate import summarize
    >>> samples_section([("all", summarize([]))])
    ''
    """
    table = pass_at_k_table(columns)
    if not table:
        return ""
    return ('<h2 id="samples">Several samples per problem</h2><p class="caption">pass@k of a correct proof, per '
            "metric: the chance that at least one of k samples of a problem, drawn without replacement, has a "
            "correct proof (the unbiased estimator of Chen et al., 2021), averaged over the problems with a gold proof "
            "and at least k samples (problems). Majority-vote label: the label accuracy of each problem's most common "
            "answer (a tie, or no answer, is wrong), over the problems with a gold label, with its Wilson 95% "
            "interval.</p>" + table)
