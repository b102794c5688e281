"""The HTML report: one self-contained page with the summary, the paper's figures and a browser of records.

:class:`HtmlReportBuilder` takes the records of a run one at a time (:class:`~prontocheck.report.runs.SavedRecord`,
as ``analyze`` writes them and :func:`~prontocheck.report.runs.read_run` reads them back), keeps what the figures
need beyond the run's summary (the same summaries by hops, with the same builders) and the first
:data:`BROWSER_RECORDS` records rendered, and :meth:`HtmlReportBuilder.build` writes the page around the run's
summary. Figures are inline SVG drawn by matplotlib (:mod:`prontocheck.report.figures`, the optional extra
``prontocheck[report]``); nothing is fetched: no URL, no font, no script from elsewhere, and a content security
policy that forbids loading anything and runs only the page's own script (a hash of it). Every text from a record
is escaped. The page is the same bytes for the same records.

>>> builder = HtmlReportBuilder(None)
>>> builder.n_records, BROWSER_RECORDS
(0, 1000)
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
from collections.abc import Sequence

from prontocheck.prontoqa.results import METRICS, ExampleResult, SentenceKind, SentenceResult, StepResult
from prontocheck.report.aggregate import NO_GROUP, GroupedSummaryBuilder, group_key
from prontocheck.report.figures import (
    KIND_COLOURS,
    Column,
    Figure,
    accuracy_by_group,
    accuracy_by_hops,
    first_errors,
    kinds_in_order,
    label_of,
    label_vs_proof,
    require_matplotlib,
    step_composition,
)
from prontocheck.report.labels import short_labels
from prontocheck.report.render import TOTAL, Report, render_errors, render_unparseable, summary_rows
from prontocheck.report.runs import SavedRecord
from prontocheck.report.samples_figures import SAMPLES_FIGURES, samples_section
from prontocheck.report.samples_figures import label_vs_proof as samples_label_vs_proof
from prontocheck.report.samples_figures import steps_to_return as samples_steps_to_return
from prontocheck.report.summary import GroupedSummary, Summary

BROWSER_RECORDS = 1000
"""How many records the browser of records shows (the first ones of the run; the figures count them all)."""

HOPS_PANELS = 12
"""At most this many groups get their own panel in the figure by hops (besides all examples)."""

_SCRIPT = """(() => {
  const selects = document.querySelectorAll("#filters select");
  const records = document.querySelectorAll("article.rec");
  const shown = document.getElementById("shown");
  function apply() {
    const wanted = Array.from(selects, s => s.value).filter(v => v);
    let n = 0;
    for (const r of records) {
      const tags = r.dataset.tags.split(" ");
      const ok = wanted.every(v => tags.includes(v));
      r.hidden = !ok;
      n += ok;
    }
    shown.textContent = String(n);
  }
  for (const s of selects) s.addEventListener("change", apply);
  apply();
})();
"""

_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto; max-width: 1200px;
       padding: 0 1.5em 4em; color: #212121; line-height: 1.45; }
h1 { margin-bottom: .2em; } h2 { margin-top: 2em; border-bottom: 1px solid #e0e0e0; }
nav a { margin-right: 1em; white-space: nowrap; } .muted { color: #616161; } code { font-size: .92em; }
table.summary { border-collapse: collapse; font-size: .85em; display: block; overflow-x: auto; }
table.summary td, table.summary th { padding: .15em .6em; border-bottom: 1px solid #eee; white-space: nowrap; }
table.summary th { white-space: normal; vertical-align: bottom; min-width: 6em; }
table.summary td:not(:first-child), table.summary th:not(:first-child) { text-align: right; }
table.summary tr.section td { font-weight: bold; background: #f5f5f5; }
figure { margin: 1em 0 2em; } figcaption, p.caption { color: #424242; font-size: .9em; margin-bottom: .5em; }
table.passk tr.first td { border-top: 1px solid #bdbdbd; }
svg.plot { max-width: 100%; height: auto; }
#filters { position: sticky; top: 0; background: #fff; padding: .5em 0; border-bottom: 1px solid #e0e0e0;
           z-index: 1; } #filters label { margin-right: 1em; }
article.rec { border: 1px solid #e0e0e0; border-radius: 6px; padding: .5em .8em; margin: .6em 0; }
article.rec.bad { border-color: #c62828; }
.head { font-size: .88em; } .head .grp { background: #eceff1; padding: 0 .4em; border-radius: 3px; }
.interrupted { background: #fff3e0; border-left: 4px solid #ef6c00; padding: .3em .6em; }
.badge { display: inline-block; padding: 0 .45em; border-radius: 3px; margin-left: .3em; background: #eeeeee; }
.badge.yes { background: #c8e6c9; } .badge.no { background: #ffcdd2; }
p.cot { margin: .4em 0; }
.s { padding: 0 .1em; border-radius: 2px; }
.s.first { outline: 2px solid #212121; } .s.abandoned { text-decoration: line-through; opacity: .6; }
.k-commentary, .k-hypothetical, .k-backtrack { color: #757575; font-style: italic; }
.k-hypothetical { border-bottom: 1px dashed #9e9e9e; }
.k-answer { font-weight: bold; border: 1px solid #9e9e9e; }
table.steps { border-collapse: collapse; font-size: .85em; margin: .4em 0; }
table.steps td, table.steps th { border-bottom: 1px solid #eee; padding: .1em .5em; vertical-align: top;
                                  text-align: left; }
.legend span { display: inline-block; margin: 0 .8em .2em 0; font-size: .85em; }
.legend i { display: inline-block; width: .9em; height: .9em; vertical-align: -.1em; margin-right: .3em; }
"""


def _kind_style() -> str:
    """A background per step kind, in the figures' colours (light enough to read the text on)."""
    return "".join(f".k-{kind} {{ background: {colour}55; border-bottom: 2px solid {colour}; }}\n"
                   for kind, colour in KIND_COLOURS.items())


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def hops_of(result: ExampleResult) -> str:
    """The hops of a record's question, as a group name: its metadata value ``hops`` where it has one, else the
    number of rules in its gold proof (the modus ponens steps of a PrOntoQA chain), else ``"(none)"``.

    >>> from prontocheck import Problem, check
    >>> p = Problem("Every cat is a feline. Every feline is an animal. Fae is a cat.",
    ...             "True or false: Fae is an animal.")
    >>> hops_of(check(p, "True")), hops_of(check(p, "True", metadata={"hops": 5}))
    ('2', '5')
    """
    hops = result.metadata.get("hops")
    if hops is not None:
        return str(hops)
    if result.gold.source == "none":
        return NO_GROUP
    return str(sum(1 for formula in result.gold.chain if formula.startswith("∀")))


def _tags(result: ExampleResult) -> list[str]:
    proof = "none" if result.gold.source == "none" else None
    tags = [f"{m}:{proof or ('yes' if getattr(result.proof, m) else 'no')}" for m in METRICS]
    correct = result.label.correct
    tags.append("label:" + ("none" if correct is None else "yes" if correct else "no"))
    tags.append(f"first:{'none' if result.first_error is None else result.first_error.kind}")
    return tags


def _sentence_class(sentence: SentenceResult, steps: Sequence[StepResult], result: ExampleResult) -> str:
    if sentence.kind not in (SentenceKind.STEP, SentenceKind.UNPARSEABLE) or not sentence.steps:
        return f"s k-{sentence.kind.value}"
    mine = [steps[i] for i in sentence.steps if i < len(steps)]
    worst = next((s for s in mine if not s.canonical), mine[0] if mine else None)
    classes = ["s", f"k-{worst.kind if worst else sentence.kind.value}"]
    if result.first_error is not None and result.first_error.index in sentence.steps:
        classes.append("first")
    if mine and all(s.index in result.abandoned for s in mine):
        classes.append("abandoned")
    return " ".join(classes)


def _step_line(step: StepResult) -> str:
    how = step.rule or ""
    if step.premises:
        how += f" from {', '.join(str(p) for p in step.premises)}"
    text = f"step {step.index}: {step.formula or '(unparsed)'} — {step.kind}"
    text += f" ({how.strip()})" if how.strip() else ""
    if step.redundant:
        text += ", redundant"
    return text + (f"\n{step.reason}" if step.reason else "")


def _sentence_title(sentence: SentenceResult, steps: Sequence[StepResult]) -> str:
    if sentence.steps:
        return "\n".join(_step_line(steps[i]) for i in sentence.steps if i < len(steps))
    return sentence.kind.value + (f": {sentence.reason}" if sentence.reason else "")


def _steps_table(result: ExampleResult) -> str:
    rows = ["<tr><th>#</th><th>step</th><th>formula</th><th>verdict</th><th>rule</th><th>premises</th>"
            "<th>reason</th></tr>"]
    for step in result.steps:
        verdict = step.kind + (", redundant" if step.redundant else "")
        verdict += ", abandoned" if step.index in result.abandoned else ""
        rows.append(f'<tr><td>{step.index}</td><td>{_e(step.text)}</td><td><code>{_e(step.formula or "")}</code></td>'
                    f'<td><span class="s k-{_e(step.kind)}">{_e(verdict)}</span></td><td>{_e(step.rule or "")}</td>'
                    f'<td>{_e(", ".join(map(str, step.premises)))}</td><td>{_e(step.reason or "")}</td></tr>')
    return '<table class="steps">' + "".join(rows) + "</table>"


def _badges(result: ExampleResult) -> str:
    label = result.label
    shown = {None: "—", True: "True", False: "False"}
    correct = "" if label.correct is None else " yes" if label.correct else " no"
    out = [f'<span class="badge{correct}">answer {shown[label.predicted]} / gold {shown[label.gold]}</span>']
    if result.gold.source != "none":
        out += [f'<span class="badge {"yes" if getattr(result.proof, m) else "no"}">{m}</span>' for m in METRICS]
    else:
        out.append('<span class="badge">no gold proof</span>')
    first = result.first_error
    out.append(f'<span class="badge">first error: {_e(label_of(first.kind)) if first else "none"}</span>')
    return "".join(out)


def _short_id(identifier: str | None, file: str | None) -> str:
    """An id that starts with its file's path (``FILE:LINE``, the id of a record without one) with only the file's
    name: the path is in the title of the line number beside it.
    """
    identifier = identifier or ""
    if file and "/" in file and identifier.startswith(file):
        return file.rsplit("/", 1)[1] + identifier[len(file):]
    return identifier


def _where(saved: SavedRecord) -> str:
    if saved.file is None:
        return ""
    line = "" if saved.line is None else f"line {saved.line}"
    return f'<span class="muted" title="{_e(saved.file)}">{_e(line or saved.file)}</span>'


def record_html(saved: SavedRecord) -> tuple[list[str], str]:
    """A record's tags (for the filter) and its card in the browser, less the group label, escaped throughout.

    >>> from prontocheck.io.records import RecordError
    >>> tags, card = record_html(SavedRecord(None, RecordError("in.jsonl", 3, "<script>x</script>"), "in.jsonl", 3))
    >>> tags, "<script>" in card, "&lt;script&gt;" in card
    (['bad'], False, True)
    """
    where = _where(saved)
    if saved.result is None:
        assert saved.error is not None
        return ["bad"], (f'<b class="id">{_e(_short_id(saved.error.id, saved.file))}</b> {where}'
                         f'<span class="badge no">bad record</span><p>{_e(saved.error.reason)}</p>')
    result = saved.result
    steps = result.steps
    sentences = " ".join(f'<span class="{_e(_sentence_class(s, steps, result))}" '
                         f'title="{_e(_sentence_title(s, steps))}">{_e(s.text)}</span>' for s in result.sentences)
    extra = []
    if result.label.reason:
        extra.append(f"<p>no answer: {_e(result.label.reason)}</p>")
    gold = "; ".join(result.gold.chain)
    extra.append(f"<p>gold proof ({_e(result.gold.source)}): <code>{_e(gold)}</code></p>")
    if result.warnings:
        extra.append("<p>warnings: " + "; ".join(_e(w) for w in result.warnings) + "</p>")
    extra.append(f'<p class="muted">metadata: <code>{_e(json.dumps(result.metadata, ensure_ascii=False))}</code></p>')
    card = (f'<b class="id">{_e(_short_id(result.id, saved.file))}</b> {where}{_badges(result)}'
            f'<p class="cot">{sentences or "<i>(no sentences)</i>"}</p>'
            f"<details><summary>steps, premises and reasons ({len(steps)} steps)</summary>{_steps_table(result)}"
            + "".join(extra) + "</details>")
    return _tags(result), card


class HtmlReportBuilder:
    """Collect a run's records for its HTML report (see the module doc).

    Args:
        group_by: the metadata key (or ``file``) the run's summary is grouped by, or ``None``.
        max_records: how many records the browser shows (the first ones).

    >>> from prontocheck import Problem, check
    >>> from prontocheck.report.runs import summarize_run
    >>> saved = [SavedRecord(check(Problem("Fae is a cat.", "True or false: Fae is a cat."), "Fae is a cat. True"),
    ...                      None, "in.jsonl", 1)]
    >>> builder = HtmlReportBuilder(None)
    >>> builder.add(saved[0])
    >>> page = builder.build(summarize_run(saved))
    >>> page.startswith("<!DOCTYPE html>"), page.count("<figure"), page.count('<article class="rec"')
    (True, 5, 1)
    >>> "Interrupted by SIGTERM" in builder.build(summarize_run(saved), interrupted="SIGTERM")
    True
    """

    def __init__(self, group_by: str | None, *, max_records: int = BROWSER_RECORDS) -> None:
        self.group_by = group_by
        self.max_records = max_records
        self.n_records = 0
        self._hops = GroupedSummaryBuilder("hops", limit=0)
        self._group_hops: dict[str, GroupedSummaryBuilder] = {}
        self._cards: list[tuple[str, list[str], str]] = []
        self._sources: dict[str, int] = {}

    def add(self, saved: SavedRecord) -> None:
        """Count one record of the run (in file order)."""
        self.n_records += 1
        if saved.file is not None:
            self._sources[saved.file] = self._sources.get(saved.file, 0) + 1
        group = NO_GROUP
        if saved.result is not None:
            hops = hops_of(saved.result)
            self._hops.add(saved.result, hops)
            if self.group_by is not None:
                group = group_key(saved.result, self.group_by)
                if group not in self._group_hops:
                    self._group_hops[group] = GroupedSummaryBuilder("hops", limit=0)
                self._group_hops[group].add(saved.result, hops)
        elif self.group_by == "file" and saved.error is not None:
            group = saved.error.file
        if len(self._cards) < self.max_records:
            tags, card = record_html(saved)
            self._cards.append((group, tags, card))

    def figures(self, summary: Report) -> list[Figure]:
        """The report's figures for the run's ``summary`` (see :mod:`prontocheck.report.figures`)."""
        columns = _columns(summary)
        panels: list[tuple[str, Sequence[Column]]] = [("all examples", _hops_columns(self._hops.build()))]
        if isinstance(summary, GroupedSummary):
            labels = short_labels(list(summary.groups))
            for name, builder in self._group_hops.items():
                by_hops = builder.build()
                if len(panels) <= HOPS_PANELS and len(by_hops.groups) > 1:
                    panels.append((labels.get(name, name), _hops_columns(by_hops)))
        group_by = summary.group_by if isinstance(summary, GroupedSummary) else None
        figures = [accuracy_by_group(columns, group_by), accuracy_by_hops(panels), first_errors(columns),
                   step_composition(columns), label_vs_proof(columns)]
        total = summary.total if isinstance(summary, GroupedSummary) else summary
        if total.samples is not None:  # some problem has several samples: the paper's Figures 10 and 3 of them
            groups = columns[:-1] if isinstance(summary, GroupedSummary) else columns
            figures += [samples_steps_to_return(groups), samples_label_vs_proof(groups, total.samples)]
        return figures

    def build(self, summary: Report, *, interrupted: str | None = None) -> str:
        """The HTML page of the run whose summary is ``summary`` (what ``analyze`` printed for these records);
        ``interrupted`` names the signal that stopped the run early, if one did (the page says so).

        Raises:
            UsageError: matplotlib is not installed (the message names the extra).
        """
        require_matplotlib()
        figures = self.figures(summary)
        total = summary.total if isinstance(summary, GroupedSummary) else summary
        group_by = summary.group_by if isinstance(summary, GroupedSummary) else None
        names = list(summary.groups) if isinstance(summary, GroupedSummary) else []
        labels = short_labels(names)
        heading = f"grouped by <code>{_e(group_by)}</code>, " if group_by else ""
        parts = [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f'<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; '
            f"img-src data:; script-src 'sha256-{_script_hash()}'\">",
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            "<title>prontocheck report</title>",
            f"<style>{_STYLE}{_kind_style()}</style></head><body>",
            "<h1>prontocheck report</h1>",
            f'<p class="muted">{heading}{total.n} examples analysed, {total.n_errors} bad records, '
            f"{self.n_records} records in all.</p>",
            f'<p class="interrupted">Interrupted by {_e(interrupted)}: the run covers only these records.</p>'
            if interrupted else "",
            _sources_html(self._sources),
            '<nav><a href="#summary">summary</a>'
            + "".join(('<a href="#samples">several samples</a>' if f.id == SAMPLES_FIGURES[0] else "")
                      + f'<a href="#{f.id}">{_e(f.title)}</a>' for f in figures)
            + '<a href="#records">records</a></nav>',
            '<h2 id="summary">Summary</h2>',
            _summary_table(summary, labels),
            _lists_html(summary),
        ]
        for f in figures:
            if f.id == SAMPLES_FIGURES[0]:
                parts.append(samples_section(_columns(summary)))
            body = f.svg or '<p class="muted">(nothing to draw)</p>'
            parts.append(f'<figure id="{f.id}"><h2>{_e(f.title)}</h2><figcaption>{_e(f.caption)}</figcaption>'
                         f"{body}</figure>")
        parts += self._browser(names, labels)
        parts.append(f"<script>{_SCRIPT}</script></body></html>")
        return "\n".join(part for part in parts if part) + "\n"

    def _browser(self, names: list[str], labels: dict[str, str]) -> list[str]:
        index = {name: i for i, name in enumerate(names)}
        kinds = kinds_in_order(sorted({t[6:] for _, tags, _ in self._cards for t in tags if t.startswith("first:")}
                                      - {"none"}))
        proof = "".join(f'<option value="{m}:{v}">{m}: {w}</option>' for m in METRICS
                        for v, w in (("yes", "correct"), ("no", "incorrect")))
        first = "".join(f'<option value="first:{_e(k)}">{_e(label_of(k))}</option>' for k in [*kinds, "none"])
        groups = "".join(f'<option value="g:{i}">{_e(labels[name])}</option>' for name, i in index.items())
        shown = len(self._cards)
        note = "" if shown == self.n_records else f" (the first {shown} of {self.n_records} records of the run)"
        out = [
            '<h2 id="records">Records</h2>',
            "<p>Each sentence of a chain of thought is coloured by the verdict of its step (the first non-canonical "
            "one where it makes several), or set in grey for commentary, hypotheticals and backtracking; the outlined "
            "one holds the first error. Hover a sentence for its formula, premises and reason; open a record for the "
            "table of its steps.</p>",
            '<p class="legend">' + "".join(f'<span><i style="background:{c}"></i>{_e(label_of(k))}</span>'
                                           for k, c in KIND_COLOURS.items() if k != "none") + "</p>",
            '<div id="filters">'
            + (f'<label>group <select name="group"><option value="">all</option>{groups}</select></label>'
               if names else "")
            + f'<label>proof <select name="proof"><option value="">all</option>{proof}'
            '<option value="bad">bad records</option></select></label>'
            '<label>answer <select name="label"><option value="">all</option><option value="label:yes">correct'
            '</option><option value="label:no">wrong</option><option value="label:none">no gold label</option>'
            "</select></label>"
            f'<label>first error <select name="first"><option value="">all</option>{first}</select></label>'
            f'<span class="muted">showing <b id="shown">{shown}</b> of {shown} records{note}</span></div>',
        ]
        for group, tags, card in self._cards:
            bad = " bad" if tags == ["bad"] else ""
            tag_text = " ".join([*tags, f"g:{index[group]}"] if group in index else tags)
            head = f'<span class="grp" title="{_e(group)}">{_e(labels[group])}</span> ' if group in index else ""
            out.append(f'<article class="rec{bad}" data-tags="{_e(tag_text)}"><div class="head">{head}{card}</div>'
                       "</article>")
        return out


def _columns(summary: Report) -> list[Column]:
    if isinstance(summary, GroupedSummary):
        labels = short_labels(list(summary.groups))
        return [*((labels[name], s) for name, s in summary.groups.items()), (TOTAL, summary.total)]
    return [("all examples", summary)]


def _hops_columns(by_hops: GroupedSummary) -> list[Column]:
    return [(name, s) for name, s in by_hops.groups.items() if name != NO_GROUP]


def _script_hash() -> str:
    return base64.b64encode(hashlib.sha256(_SCRIPT.encode()).digest()).decode()


def _sources_html(sources: dict[str, int]) -> str:
    if not sources:
        return ""
    items = "".join(f"<li><code>{_e(name)}</code>: {count} records</li>" for name, count in sources.items())
    return f"<details><summary>{len(sources)} input files</summary><ul>{items}</ul></details>"


def _summary_table(summary: Report, labels: dict[str, str]) -> str:
    names = [*summary.groups, TOTAL] if isinstance(summary, GroupedSummary) else [TOTAL]
    head = f"by {summary.group_by}" if isinstance(summary, GroupedSummary) else ""
    rows = ["<tr><th>" + _e(head) + "</th>"
            + "".join(f'<th title="{_e(n)}">{_e(labels.get(n, n)).replace("/", "/<wbr>")}</th>' for n in names)
            + "</tr>"]
    for label, cells in summary_rows(summary):
        if cells is None:
            rows.append(f'<tr class="section"><td colspan="{len(names) + 1}">{_e(label)}</td></tr>')
        else:
            rows.append(f"<tr><td>{_e(label)}</td>" + "".join(f"<td>{_e(c)}</td>" for c in cells) + "</tr>")
    return '<table class="summary">' + "".join(rows) + "</table>"


def _lists_html(summary: Report) -> str:
    out = []
    total: Summary = summary.total if isinstance(summary, GroupedSummary) else summary
    for title, lines in (("Unparseable sentences", render_unparseable(summary)),
                         ("Bad input records", render_errors(summary)),
                         ("Warnings", [f"{w} (×{c})" for w, c in total.warnings.items()])):
        if lines:
            items = "".join(f"<li>{_e(line)}</li>" for line in lines)
            out.append(f"<details><summary>{title} ({len(lines)})</summary><ul>{items}</ul></details>")
    return "".join(out)
