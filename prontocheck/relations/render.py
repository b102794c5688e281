"""Rich renderables for the ``relations`` commands; they build tables and print nothing."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from prontocheck.common.stats import Rate
from prontocheck.relations.errors import ItemError
from prontocheck.relations.ewok import PairResult, pairs_summary
from prontocheck.relations.ewok_score import EwokScore
from prontocheck.relations.score import ScoreReport
from prontocheck.relations.validate import Validation

_STYLE = {"error": "bold red", "warning": "yellow", "exception": "cyan", "within": "green", "below": "magenta",
          "above": "magenta"}
MAX_ROWS = 50
"""Tables list at most this many conflicts, items or errors; the JSON output has them all."""


def _errors(errors: Sequence[ItemError]) -> list[RenderableType]:
    if not errors:
        return []
    t = Table(title=f"Records not used ({len(errors)})", title_justify="left")
    t.add_column("item")
    t.add_column("file", overflow="fold")
    t.add_column("line", justify="right")
    t.add_column("error")
    for e in errors[:MAX_ROWS]:
        t.add_row(str(e.item or ""), e.file or "", str(e.line or ""), e.reason)
    return [t]


def render_validation(v: Validation) -> RenderableType:
    """Counts, the conflicts (most severe first), the labels to re-check, and the bad records."""
    s = v.summary()
    head = Table(show_header=False, box=None)
    head.add_row("items", str(s["n_items"]))
    head.add_row("records not used", str(s["n_errors"]))
    for sev, n in s["conflicts_by_severity"].items():
        head.add_row(f"{sev} conflicts", Text(str(n), style=_STYLE[sev] if n else ""))
    imp = s["implied"]
    head.add_row("implied labels (leave-one-out)",
                 f"{imp['decided']} decided: {imp['agree']} agree, {imp['disagree']} disagree"
                 + (f"; {imp['skipped']} skipped (budget)" if imp["skipped"] else ""))
    head.add_row("reversed questions not in the set", str(len(v.reversals)))
    if v.budget_exceeded is not None:
        head.add_row("not checked", Text(str(v.budget_exceeded), style="red"))
    if v.groups:
        head.add_row("conflict groups (cycles)", str(len(v.groups)))
    parts: list[RenderableType] = [head]
    if v.groups:
        t = Table(title=f"Conflict groups: cycles of order labels ({len(v.groups)})", title_justify="left")
        for col in ("id", "severity", "relation", "entities", "items", "shortest cycle", "cycle items", "conflicts"):
            t.add_column(col)
        for g in v.groups[:MAX_ROWS]:
            cycle = " > ".join(str(a.args[0]) for a in g.cycle) + f" > {g.cycle[0].args[0]}"
            t.add_row(g.id, Text(g.severity.value, style=_STYLE[g.severity.value]), g.relation, str(len(g.nodes)),
                      str(len(g.items)), cycle, ", ".join(g.cycle_items), str(len(g.conflicts)))
        parts.append(t)
    if v.conflicts:
        t = Table(title=f"Conflicts ({len(v.conflicts)})", title_justify="left")
        for col in ("id", "severity", "constraint", "items", "rules"):
            t.add_column(col)
        for c in v.conflicts[:MAX_ROWS]:
            t.add_row(c.id, Text(c.severity.value, style=_STYLE[c.severity.value]), c.constraint,
                      ", ".join(c.items) + ("".join(f", {b}" for b in c.background)), ", ".join(c.rules))
        parts.append(t)
    if v.recheck:
        t = Table(title="Re-check first", title_justify="left")
        for col in ("item", "for", "conflicts"):
            t.add_column(col)
        for r in v.recheck[:MAX_ROWS]:
            t.add_row(r.id, Text(r.severity.value, style=_STYLE[r.severity.value]), ", ".join(r.conflicts))
        parts.append(t)
    return Group(*parts, *_errors(v.errors))


def render_score(report: ScoreReport) -> RenderableType:
    """Per model: accuracy per category against the human reference, reversal checks, consistency."""
    parts: list[RenderableType] = []
    for m in report.models:
        unsure = f", {m.uncertain.successes:g} uncertain (counted incorrect)" if m.uncertain.successes else ""
        t = Table(title=f"{m.model}: accuracy {m.accuracy.successes}/{m.accuracy.n}{unsure}", title_justify="left")
        for col in ("category", "correct", "accuracy", "human range", "position"):
            t.add_column(col, justify="right" if col in ("correct", "accuracy") else "left")
        rows = [*m.categories, *((m.section_b,) if m.section_b else ())]
        for c in rows:
            ref = c.reference
            value = c.rate.value
            t.add_row(c.category, f"{c.rate.successes}/{c.rate.n}", "" if value is None else f"{value:.3f}",
                      "" if ref is None else f"{ref.reference[0]}–{ref.reference[1]} of {ref.potential[1]}",
                      Text(c.position or "", style=_STYLE.get(c.position or "", "")))
        parts.append(t)
        rev = Table(show_header=True, box=None)
        for col in ("reversal check", "pairs", "inconsistent"):
            rev.add_column(col)
        for kind, r in m.reversal_summary().items():
            rev.add_row(kind, str(r["pairs"]), str(r["inconsistent"]))
        parts.append(rev)
        cs = m.consistency.summary()
        parts.append(Text(f"answers as labels: {cs['n_conflicts']} conflicts "
                          f"({', '.join(f'{n} {k}' for k, n in cs['conflicts_by_severity'].items())})\n"))
    return Group(*parts, *_errors(report.errors))


def render_pairs(results: Sequence[PairResult | ItemError]) -> RenderableType:
    """Design counts and the flagged EWoK items with their four verdicts."""
    s = pairs_summary(results)
    head = Table(show_header=False, box=None)
    head.add_row("items", str(s["n_items"]))
    head.add_row("records not used", str(s["n_errors"]))
    for design, n in sorted(s["designs"].items()):
        head.add_row(f"design {design}", str(n))
    for category, n in sorted(s["categories"].items()):
        head.add_row(f"category {category}", str(n))
    head.add_row("agree with the construction", str(s["agree"]))
    parts: list[RenderableType] = [head]
    flagged = [r for r in results if isinstance(r, PairResult) and r.design != "ok"]
    if flagged:
        t = Table(title=f"Flagged items ({len(flagged)})", title_justify="left")
        for col in ("item", "target 1", "target 2", "C1T1", "C1T2", "C2T1", "C2T2"):
            t.add_column(col)
        for r in flagged[:MAX_ROWS]:
            t.add_row(r.id, *r.targets, *(c.verdict.value for c in r.cells))
        parts.append(t)
    return Group(*parts, *_errors([r for r in results if isinstance(r, ItemError)]))


def _rate(r: Rate) -> str:
    if r.value is None or r.ci95 is None:
        return "—"
    return f"{r.value:.3f} [{r.ci95[0]:.3f}, {r.ci95[1]:.3f}]"


def render_ewok_score(s: EwokScore) -> RenderableType:
    """Per model, accuracy overall and per domain (Wilson 95% intervals), then the comparisons that go against a
    derivation.
    """
    parts: list[RenderableType] = []
    for name, m in s.models.items():
        t = Table(title=f"{name}: {m.items} items ({', '.join(f'{v} {k}' for k, v in m.measures.items())}), "
                        f"{m.both_right} with both comparisons right, {m.ties} ties", title_justify="left")
        for col in ("domain", "accuracy [95% CI]", "comparisons"):
            t.add_column(col)
        t.add_row("all", _rate(m.overall), str(m.overall.n))
        for domain, r in m.by_domain.items():
            t.add_row(domain, _rate(r), str(r.n))
        parts.append(t)
    if s.against:
        t = Table(title=f"Preferences against a derivation ({len(s.against)})", title_justify="left")
        for col in ("model", "item", "target", "preferred", "C1", "C2", "derivation"):
            t.add_column(col)
        for a in s.against[:MAX_ROWS]:
            t.add_row(a.model, a.item, f"T{a.target}", f"C{a.preferred}", *a.verdicts, "; ".join(a.derivation))
        parts.append(t)
    return Group(*parts, *_errors(s.errors))
