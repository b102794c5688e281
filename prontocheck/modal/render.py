"""Render validation and score reports as rich tables, Markdown or JSON. Renderers print nothing.

Both reports are first laid out as :class:`Section` values (a title, headers, rows, notes); the
table and Markdown renderers only differ in how they draw them. JSON is the reports' ``to_json``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from prontocheck.common.stats import Rate
from prontocheck.errors import UsageError
from prontocheck.modal.certificates import Countermodel
from prontocheck.modal.metrics import CELLS, WEIGHTINGS, Summary
from prontocheck.modal.validate import STATUSES, ItemResult, SemanticsReport, ValidationReport

if TYPE_CHECKING:
    from rich.console import RenderableType

    from prontocheck.modal.score import ScoreReport

FORMATS = ("table", "markdown", "json")
"""The output formats."""


@dataclass(frozen=True, slots=True)
class Section:
    """A titled table with optional notes under it."""

    title: str
    headers: tuple[str, ...]
    rows: list[tuple[str, ...]]
    notes: list[str] = field(default_factory=list)

    def compact(self) -> Section:
        """The section without the columns that hold no figure in any row (the first column, the row labels,
        stays). Items that ask only affirmative questions, for instance, have no bias or floor to show.

        >>> Section("t", ("k", "n", "Bias"), [("a", "3", "—"), ("b", "1", "—")]).compact().headers
        ('k', 'n')
        """
        keep = [0, *(i for i in range(1, len(self.headers)) if any(row[i] != "—" for row in self.rows))]
        if len(keep) == len(self.headers):
            return self
        return Section(self.title, tuple(self.headers[i] for i in keep),
                       [tuple(row[i] for i in keep) for row in self.rows], self.notes)


def _num(x: float | None, signed: bool = False) -> str:
    if x is None:
        return "—"
    return f"{x:+.3f}" if signed else f"{x:.3f}"


def _rate(r: Rate) -> str:
    return "—" if r.value is None else f"{r.value:.3f}"


def _certificate_note(r: ItemResult) -> list[str]:
    j = r.judgement
    notes = [f"    e.g. {r.item.id}: {'; '.join(str(p) for p in r.premises)} ⊢? {r.question.embedded} "
             f"({j.verdict}; logic: {r.answer or 'undetermined'}, gold: {r.item.gold})"]
    for label, cert in (("¬C", j.without_conclusion), ("C", j.with_conclusion)):
        kind = "countermodel" if isinstance(cert, Countermodel) else "proof"
        notes.append(f"      premises ∧ {label}: {kind} {cert.text()}")
    return notes


def validation_sections(report: ValidationReport) -> list[Section]:
    """The validation report as sections: per semantics, the groups and the not-licensed findings."""
    sections = []
    for sr in report.reports:
        sections.append(_groups_section(sr))
        findings = sr.not_licensed()
        rows = [(*key, "/".join(sorted(g.gold)), _answers(g.answers), *(str(g.status[s]) for s in STATUSES[1:]))
                for key, g in findings]
        notes = [line for _, g in findings if g.example is not None for line in _certificate_note(g.example)]
        sections.append(Section(f"Gold labels not licensed under {sr.semantics.label} ({len(findings)} groups)",
                                ("pattern", "form", "polarity", "gold", "logic", *STATUSES[1:]),
                                rows, notes))
    if len(report.reports) > 1:
        sections.append(_overview(report.reports))
    if report.against_every_reading:
        labels = ", ".join(r.semantics.label for r in report.reports)
        if report.intended:
            labels = f"its pattern's intended ones where --intended gives them, else {labels}"
        rows = [(rs[0].item.id, str(rs[0].item.pattern or ""), str(rs[0].item.gold),
                 "; ".join(str(p) for p in rs[0].premises) + f" ⊢? {rs[0].question.embedded}")
                for rs in report.against_every_reading[:50]]
        notes = [line for rs in report.against_every_reading[:5] for line in _certificate_note(rs[0])]
        sections.append(Section(f"Gold labels contradicted under every reading ({labels}): likely gold errors "
                                f"({len(report.against_every_reading)})", ("item", "pattern", "gold", "read as"),
                                rows, notes))
    if report.errors:
        sections.append(Section(f"Items not read, parsed or decided within the limits ({len(report.errors)})",
                                ("item", "where", "error"),
                                [(str(e.id), e.where or "", str(e.error)) for e in report.errors[:50]]))
    return sections


def _answers(answers: Mapping[str | None, int]) -> str:
    return "/".join(sorted("undetermined" if a is None else a for a in answers))


def _groups_section(sr: SemanticsReport) -> Section:
    rows: list[tuple[str, ...]] = [(*key, str(g.n), *(str(g.status[s]) for s in STATUSES), _answers(g.answers))
                                   for key, g in sr.groups.items()]
    total = sum(g.n for g in sr.groups.values())
    rows.append(("(total)", "", "", str(total), *(str(sr.total[s]) for s in STATUSES), ""))
    return Section(f"Gold labels under {sr.semantics.label}",
                   ("pattern", "form", "polarity", "items", *STATUSES, "logic"), rows)


def _overview(reports: Sequence[SemanticsReport]) -> Section:
    patterns = list(dict.fromkeys(k[0] for r in reports for k in r.groups))
    rows = []
    for p in patterns:
        cells = []
        for r in reports:
            counts = [sum(g.status[s] for k, g in r.groups.items() if k[0] == p) for s in STATUSES]
            cells.append("/".join(map(str, counts)))
        rows.append((p, *cells))
    headers = ("pattern", *(r.semantics.label for r in reports))
    return Section(f"{'/'.join(STATUSES).capitalize()} per pattern and semantics", headers, rows)


_SUMMARY_HEADERS = ("n", "Acc", "Unc", *CELLS, "Acc(Yes)", "Acc(No)", "Bias", "PS", "Floor")


def _summary_row(label: str, s: Summary) -> tuple[str, ...]:
    return (label, str(s.n), _rate(s.accuracy), _rate(s.uncertain), *(_rate(s.cells[c]) for c in CELLS),
            _num(s.acc_yes), _num(s.acc_no), _num(s.bias, True), _num(s.polarity_sensitivity, True), _num(s.floor))


def _summary_table(title: str, key: str, groups: Mapping[str, Summary]) -> Section:
    return Section(title, (key, *_SUMMARY_HEADERS), [_summary_row(k, v) for k, v in groups.items()])


def score_sections(report: ScoreReport) -> list[Section]:
    """The score report as sections (overall and subsets, forms, negation pairs, surface factors)."""
    overall = {"all items": report.total, **{name: sub.total for name, sub in report.subsets.items() if sub.total.n}}
    sections = [_summary_table("Overall (uncertain counts as incorrect)", "items", overall)]
    pooled = {"all items": report.weightings, **{name: sub.weightings for name, sub in report.subsets.items()
                                                 if sub.total.n}}
    sections.append(Section("Overall accuracy under the paper's five weightings (Table 14)",
                            ("items", "micro", "prompt-bal", "tmpl-bal", "frame-bal", "cat-avg", "spread"),
                            [(k, *(_num(w.get(name)) for name in (*WEIGHTINGS, "spread"))) for k, w in pooled.items()]))
    sections.append(Section("By question form", ("form", "Aff", "Neg", "Aff−Neg", "Floor", "n"),
                            [(f, _rate(x.aff), _rate(x.neg), _num(x.aff_minus_neg, True), _num(x.summary.floor),
                              str(x.summary.n)) for f, x in report.by_form.items()]))
    sections.append(Section("Negation as a prefix (incorrect/invalid) vs with 'not' (not correct/not valid)",
                            ("family", "pairs", "prefix", "not", "Δ", "b", "c", "McNemar p", "Yes% prefix", "Yes% not"),
                            [(p.family, str(p.pairs), _rate(p.prefix), _rate(p.not_), _num(p.delta, True),
                              str(p.prefix_right_not_wrong), str(p.prefix_wrong_not_right), f"{p.p_value:.3g}",
                              _rate(p.prefix_yes_rate), _rate(p.not_yes_rate)) for p in report.negation
                             if any(q.pairs for q in report.negation)]))  # (no pairs at all: no table)
    origin_rows: list[tuple[str, ...]] = [
        (k, str(v.n), _rate(v.accuracy), _num(report.origin_minus_letters.get(k), True), _num(v.floor))
        for k, v in report.by_origin.items()]
    sections.append(Section("By name origin (Δ: accuracy minus the X/Y letter control)",
                            ("origin", "n", "Acc", "Δ letters", "Floor"), origin_rows))
    for title, key, groups in (("By gender of the names", "gender", report.by_gender),
                               ("By activity", "activity", report.by_activity),
                               ("By pattern", "pattern", report.by_pattern)):
        sections.append(_summary_table(title, key, groups))
    # Only what the answers have: a table without rows, and a column without figures, are left out (a set without
    # negated questions or name metadata, such as an inference benchmark's, has no bias, pairs or origins).
    sections = [s.compact() for s in sections if s.rows]
    if report.errors:
        sections.append(Section(f"Problems ({len(report.errors)})", ("item", "where", "problem"),
                                [(str(e.id), e.where or "", str(e.error)) for e in report.errors[:50]]))
    return sections



def sections_to_markdown(sections: Sequence[Section]) -> str:
    """GitHub Markdown: a heading, a table and the notes (as a code block) per section."""
    out = []
    for s in sections:
        out += [f"### {s.title}", "", "| " + " | ".join(s.headers) + " |", "|" + "---|" * len(s.headers)]
        out += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in s.rows]
        if s.notes:
            out += ["", "```", *s.notes, "```"]
        out.append("")
    return "\n".join(out)


def sections_to_table(sections: Sequence[Section]) -> RenderableType:
    """Rich tables, one per section, with the notes under each."""
    from rich.console import Group  # rich only for tables: the JSON and Markdown outputs start without it
    from rich.table import Table
    from rich.text import Text

    parts: list[RenderableType] = []
    for s in sections:
        table = Table(title=s.title, title_justify="left", show_edge=False, collapse_padding=True)
        for i, h in enumerate(s.headers):
            table.add_column(h, overflow="fold", no_wrap=i > 0)
        for row in s.rows:
            table.add_row(*row)
        parts.append(table)
        parts.extend(Text(n) for n in s.notes)
        parts.append(Text(""))
    return Group(*parts)


def render(report: ValidationReport | ScoreReport, fmt: str) -> RenderableType | str:
    """Render a report in ``fmt`` (``table``: a rich renderable; ``markdown``, ``json``: text).

    Raises:
        UsageError: an unknown format.
    """
    if fmt == "json":
        return json.dumps(report.to_json(), ensure_ascii=False, indent=2)
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    sections = validation_sections(report) if isinstance(report, ValidationReport) else score_sections(report)
    return sections_to_markdown(sections) if fmt == "markdown" else sections_to_table(sections)
