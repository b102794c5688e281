"""The HTML report (``analyze --html``), saved runs summarized again (``prontocheck report``) and ``--output-dir``.

The report must open without a network (nothing fetched: no URL in a ``src`` or ``href``, no font, no stylesheet
from elsewhere), hold every figure, and show model text as text (a ``<script>`` in an output never runs).
``report`` on the records ``analyze`` saved must print the summary ``analyze`` printed, byte for byte, and write
the same HTML. The page, less its SVG drawings (matplotlib's paths), is pinned in ``tests/golden/report.html``.
"""

from __future__ import annotations

import json
import os
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from prontocheck.analyze import demo_input
from prontocheck.cli import main
from prontocheck.prontoqa.results import METRICS, ExampleResult
from prontocheck.report import samples_figures
from prontocheck.report.figures import INSTALL
from prontocheck.report.runs import read_run

ROOT = Path(__file__).resolve().parents[1]
FORMATS = ROOT / "tests" / "data" / "formats"
GOLDEN = ROOT / "tests" / "golden" / "report.html"
SHARED = ROOT.parent / "shared" / "data"
UPDATE_GOLDEN = os.environ.get("PRONTOCHECK_UPDATE_GOLDEN") == "1"
FIGURES = {
    "fig-accuracy-by-group": "Proof accuracy",
    "fig-accuracy-by-hops": "Proof accuracy by hops",
    "fig-first-errors": "First error of incorrect proofs",
    "fig-step-composition": "Step composition",
    "fig-label-vs-proof": "Label accuracy vs proof accuracy",
}
SAMPLES_FIGURES = {
    "fig-samples-steps-to-return": "Steps to return after a misleading step (selected samples)",
    "fig-samples-label-vs-proof": "Label accuracy vs proof accuracy (selected samples)",
}
SAMPLES = ROOT / "tests" / "data" / "samples" / "rollouts-k4.jsonl"
RUN_DIRECTORY = re.compile(r"\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(-\d+)?")


class _Page(HTMLParser):
    """What the tests ask of a page: every attribute, the elements by tag, figure headings, text of scripts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.attributes: list[tuple[str, str, str]] = []
        self.tags: dict[str, int] = {}
        self.scripts: list[str] = []
        self.ids: list[str] = []
        self.headings: dict[str, str] = {}
        self._figure: str | None = None
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] = self.tags.get(tag, 0) + 1
        for name, value in attrs:
            self.attributes.append((tag, name, value or ""))
            if name == "id" and value:
                self.ids.append(value)
                if tag == "figure":
                    self._figure = value
        self._in = tag

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "script":
            self.scripts.append(data)
        elif self._in == "h2" and self._figure is not None and self._figure not in self.headings:
            self.headings[self._figure] = data


def _page(text: str) -> _Page:
    page = _Page()
    page.feed(text)
    page.close()
    return page


def _run(args: list[str], exit_code: int = 0) -> str:
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == exit_code, result.output
    return result.output


def _assert_self_contained(text: str) -> _Page:
    """Nothing fetched (every link a fragment of the page), one script allowed by the CSP, no id used twice."""
    page = _page(text)
    links = [(tag, name, value) for tag, name, value in page.attributes
             if name in ("src", "href", "xlink:href", "action", "data", "poster", "srcset")]
    assert links and all(value.startswith("#") for _, _, value in links), [v for v in links if v[2][:1] != "#"]
    assert not re.search(r"url\(\s*['\"]?(?!#)", text), "a CSS or SVG url() that is not a fragment"
    assert "@import" not in text and "@font-face" not in text and "<link" not in text and "<iframe" not in text
    csp = next(value for tag, name, value in page.attributes if tag == "meta" and value.startswith("default-src"))
    assert "default-src 'none'" in csp and "script-src 'sha256-" in csp
    assert len(page.ids) == len(set(page.ids)), "an id is used twice (the SVGs share one page)"
    return page


def test_the_page_is_self_contained_and_holds_every_figure(tmp_path: Path) -> None:
    html = tmp_path / "r.html"
    _run(["analyze", "-q", "-f", "json", "--html", str(html)])
    text = html.read_text("utf-8")
    page = _assert_self_contained(text)
    assert {fid: page.headings.get(fid) for fid in FIGURES} == FIGURES
    for fid in FIGURES:
        figure = text[text.index(f'<figure id="{fid}"'):]
        assert figure[:figure.index("</figure>")].count("<svg") == 1, f"{fid} has no drawing"
    assert {fid: page.headings.get(fid) for fid in SAMPLES_FIGURES} == SAMPLES_FIGURES  # 8 samples of one problem
    assert page.tags["article"] == 12 and page.tags["script"] == 1  # the demo's records; the filter's script


def test_model_text_is_escaped(tmp_path: Path) -> None:
    attack = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    record = {"id": "</b><script>alert(2)</script>", "context": "Fae is a cat.",
              "query": "True or false: Fae is a cat.", "output": f"Fae is a cat. {attack} True",
              "model": '"><svg onload=alert(3)>'}
    data = tmp_path / "in.jsonl"
    data.write_text(json.dumps(record) + "\n" + "not json <script>alert(4)</script>\n", "utf-8")
    html = tmp_path / "r.html"
    _run(["analyze", str(data), "-q", "-f", "json", "--group-by", "model", "--html", str(html)])
    text = html.read_text("utf-8")
    page = _page(text)
    assert page.tags["script"] == 1 and page.tags.get("img", 0) == 0
    assert not [a for a in page.attributes if a[1].startswith("on")], "an event handler attribute was injected"
    assert "alert" not in "".join(page.scripts)
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in text  # shown, as text
    assert "&lt;/b&gt;&lt;script&gt;alert(2)" in text and "&quot;&gt;&lt;svg onload=alert(3)&gt;" in text
    assert "bad record</span><p>not JSON" in text  # the bad line is in the browser too


@pytest.mark.parametrize("args", [(), ("--group-by", "model")], ids=["total", "grouped"])
def test_report_reproduces_analyze_exactly(tmp_path: Path, args: tuple[str, ...]) -> None:
    """The demo and a file with bad records: the same JSON summary, the same HTML, and every table format."""
    inputs = [str(FORMATS / "native.jsonl")]
    records, html, again = tmp_path / "out.jsonl", tmp_path / "a.html", tmp_path / "b.html"
    printed = _run(["analyze", *inputs, *args, "-q", "-f", "json", "-o", str(records), "--html", str(html)])
    assert json.loads(printed)["total" if args else "n_errors"]  # a real run: bad records, or groups
    assert _run(["report", str(records), *args, "-f", "json", "--html", str(again)]) == printed
    assert again.read_bytes() == html.read_bytes()
    for fmt in ("markdown", "csv", "table"):
        assert _run(["report", str(records), *args, "-f", fmt]) == _run(["analyze", *inputs, *args, "-q", "-f", fmt])


def test_report_regroups_a_saved_run(tmp_path: Path) -> None:
    records = tmp_path / "out.jsonl"
    _run(["analyze", "-q", "-f", "json", "-o", str(records)])
    grouped = _run(["analyze", "-q", "-f", "json", "--group-by", "model"])
    assert json.loads(grouped)["groups"].keys() == {"model-a", "model-b"}
    assert _run(["report", str(records), "--group-by", "model", "-f", "json"]) == grouped
    assert _run(["report", str(records), str(records), "-f", "json", "--fail-under", "strict=0.99"], exit_code=1)
    piped = CliRunner().invoke(main, ["report", "-", "--group-by", "model", "-f", "json"],
                               input=records.read_bytes())
    assert piped.exit_code == 0 and piped.output == grouped  # standard input


def test_saved_records_read_back_equal(tmp_path: Path) -> None:
    records = tmp_path / "out.jsonl"
    _run(["analyze", str(FORMATS / "prontoqa-ood.log"), "-q", "-f", "json", "-o", str(records)])
    lines = [json.loads(line) for line in records.read_text("utf-8").splitlines()]
    saved = list(read_run(str(records)))
    assert len(saved) == len(lines) and any(s.result is not None and s.result.steps for s in saved)
    for line, record in zip(lines, saved):
        if record.result is None:
            assert record.error is not None and line["error"]["reason"] == record.error.reason
            continue
        source, problem = line.pop("source"), line.pop("problem_key")
        assert record.result.to_json() == line and (record.file, record.line) == (source["file"], source["line"])
        assert record.problem == problem and len(problem) == 24
        assert ExampleResult.from_json(line) == record.result


def test_output_dir_saves_summary_records_and_report(tmp_path: Path) -> None:
    printed = _run(["analyze", "-q", "-f", "json", "--output-dir", str(tmp_path / "runs")])
    [run] = list((tmp_path / "runs").iterdir())
    assert RUN_DIRECTORY.fullmatch(run.name), run.name
    assert sorted(p.name for p in run.iterdir()) == ["records.jsonl", "report.html", "summary.json"]
    assert (run / "summary.json").read_text("utf-8") == printed
    _run(["analyze", "-q", "-f", "json", "-o", str(tmp_path / "out.jsonl")])
    assert (run / "records.jsonl").read_bytes() == (tmp_path / "out.jsonl").read_bytes()
    html = tmp_path / "again.html"
    assert _run(["report", str(run), "-f", "json", "--html", str(html)]) == printed  # the directory is a run
    assert html.read_bytes() == (run / "report.html").read_bytes()
    _run(["analyze", "-q", "-f", "json", "--output-dir", str(tmp_path / "runs")])
    assert len(list((tmp_path / "runs").iterdir())) == 2  # a new directory per run


def test_without_matplotlib_html_fails_naming_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib → ImportError
    for command in (["analyze"], ["report", str(FORMATS / "native.jsonl")]):
        result = CliRunner().invoke(main, [*command, "-q" if command == ["analyze"] else "-fjson", "--html",
                                           str(tmp_path / "r.html")])
        assert result.exit_code == 2 and INSTALL in result.output, result.output
        assert not (tmp_path / "r.html").exists()
    result = CliRunner().invoke(main, ["analyze", "-f", "json", "--output-dir", str(tmp_path / "runs")])
    assert result.exit_code == 0, result.output
    [run] = list((tmp_path / "runs").iterdir())
    assert sorted(p.name for p in run.iterdir()) == ["records.jsonl", "summary.json"]
    assert INSTALL in result.output  # the note on stderr (CliRunner mixes the streams)


def test_usage_and_input_errors(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["analyze", "-o", str(tmp_path / "a"), "--output-dir", str(tmp_path / "d")])
    assert result.exit_code == 2 and "--output-dir" in result.output
    summary = tmp_path / "summary.json"
    summary.write_text(_run(["analyze", "-q", "-f", "json"]), "utf-8")
    result = CliRunner().invoke(main, ["report", str(summary)])
    assert result.exit_code == 2 and f"{summary}:1: not JSON" in result.output and "analyze --output" in result.output
    (tmp_path / "other.jsonl").write_text('{"id": "a", "output": "True"}\n', "utf-8")
    result = CliRunner().invoke(main, ["report", str(tmp_path / "other.jsonl")])
    assert result.exit_code == 2 and "not a record of 'prontocheck analyze --output'" in result.output
    assert CliRunner().invoke(main, ["report"]).exit_code == 2


def test_group_by_file_labels_are_distinct(tmp_path: Path) -> None:
    lines = (FORMATS / "native.jsonl").read_text("utf-8")
    for model in ("model-a", "model-b"):
        (tmp_path / "runs" / model).mkdir(parents=True)
        (tmp_path / "runs" / model / "outputs.jsonl").write_text(lines, "utf-8")
    html = tmp_path / "r.html"
    _run(["analyze", *(str(p) for p in sorted((tmp_path / "runs").glob("*/*.jsonl"))), "-q", "-f", "json",
          "--group-by", "file", "--html", str(html)])
    headers = re.findall(r"<th title=\"[^\"]*\">([^<]*)", html.read_text("utf-8").replace("<wbr>", ""))
    assert headers == ["model-a/outputs", "model-b/outputs", "(total)"]


def _without_drawings(text: str) -> str:
    """The page with each SVG drawing (matplotlib's paths, which change with its version) left out."""
    return re.sub(r"<svg\b.*?</svg>", "<svg/>", text, flags=re.DOTALL)


def test_the_demo_page_is_pinned(tmp_path: Path) -> None:
    html = tmp_path / "r.html"
    _run(["analyze", "-q", "-f", "json", "--html", str(html)])
    with demo_input() as demo:
        text = _without_drawings(html.read_text("utf-8")).replace(str(demo.parent) + os.sep, "")
    assert str(ROOT) not in text, "a machine path is left in the page"
    if UPDATE_GOLDEN:
        GOLDEN.write_text(text, "utf-8")
    assert text == GOLDEN.read_text("utf-8"), f"{GOLDEN} changed: regenerate with PRONTOCHECK_UPDATE_GOLDEN=1"


@pytest.mark.shared
def test_the_real_logs_report_by_file(tmp_path: Path) -> None:
    """The issue's run: every real llama log grouped by file; report on its records gives the same page."""
    logs = sorted(str(p) for p in (SHARED / "prontoqa-v1-llama").glob("*/*.log.gz"))
    assert len(logs) == 16
    records, html, again = tmp_path / "out.jsonl", tmp_path / "a.html", tmp_path / "b.html"
    printed = _run(["analyze", *logs, "--group-by", "file", "-q", "-f", "json", "-o", str(records), "--jobs", "1",
                    "--html", str(html)])
    assert _run(["report", str(records), "--group-by", "file", "-f", "json", "--html", str(again)]) == printed
    assert again.read_bytes() == html.read_bytes()
    text = html.read_text("utf-8")
    assert text.count("<article") == 640 and "llama-chat-13b-q4_k_m/<wbr>llama_1hop</th>" in text


def _table_cells(text: str, css: str) -> list[list[str]]:
    """The cells of the page's ``<table class="CSS">``, row by row, less its header."""
    table = text[text.index(f'<table class="{css}">'):]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table[:table.index("</table>")])
    return [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in rows[1:]]


def test_samples_figures_and_pass_at_k_table(tmp_path: Path) -> None:
    """k rollouts per prompt: both figures drawn, the table holds the summary's pass@k, and ``report`` on the saved
    records writes the same page."""
    records, html, again = tmp_path / "out.jsonl", tmp_path / "a.html", tmp_path / "b.html"
    args = ["--sample-logprob", "avg_logprob", "-f", "json"]
    printed = _run(["analyze", str(SAMPLES), *args, "-q", "-o", str(records), "--html", str(html)])
    samples = json.loads(printed)["samples"]
    text = html.read_text("utf-8")
    page = _assert_self_contained(text)
    assert {fid: page.headings.get(fid) for fid in {**FIGURES, **SAMPLES_FIGURES}} == {**FIGURES, **SAMPLES_FIGURES}
    for fid in SAMPLES_FIGURES:
        figure = text[text.index(f'<figure id="{fid}"'):]
        assert figure[:figure.index("</figure>")].count("<svg") == 1, f"{fid} has no drawing"
    assert text.index('id="samples"') < text.index('id="fig-samples-steps-to-return"')
    cells = _table_cells(text, "summary passk")
    assert [row[2:] for row in cells] == [[str(p["k"]), str(p["n"]), *(f"{p[m]:.1%}" for m in METRICS)]
                                          for p in samples["pass_at_k"]]
    assert [row[2:4] for row in cells] == [["1", "3"], ["2", "2"], ["4", "2"]]  # 3 problems, two of them with 4
    majority = samples["majority_vote"]["label_accuracy"]
    low, high = majority["ci95"]
    shown = f'{majority["value"]:.1%} [{100 * low:.1f}, {100 * high:.1f}]'
    assert cells[0][1] == f'{shown} <span class="muted">(n=3)</span>'
    assert [row[:2] for row in cells[1:]] == [["", ""], ["", ""]]
    assert _run(["report", str(records), *args, "--html", str(again)]) == printed
    assert again.read_bytes() == html.read_bytes()


def test_no_samples_figures_without_samples(tmp_path: Path) -> None:
    html = tmp_path / "r.html"
    printed = _run(["analyze", str(FORMATS / "prontoqa-v1.log"), "-q", "-f", "json", "--html", str(html)])
    assert "samples" not in json.loads(printed)  # every problem once
    text = html.read_text("utf-8")
    page = _assert_self_contained(text)
    assert {fid: page.headings.get(fid) for fid in FIGURES} == FIGURES
    assert not set(SAMPLES_FIGURES) & set(page.ids) and "samples" not in page.ids
    assert "<table class=\"summary passk\">" not in text and "pass@k" not in text


_CONTEXT = ("Every wumpus is a yumpus. Every yumpus is dull. Every wumpus is a tumpus. Every tumpus is small. "
            "Every tumpus is a rompus. Max is a wumpus.")
_OUTPUTS = {  # after the misleading step "Max is a tumpus": steps until back on the gold proof
    "good": "Max is a wumpus. Every wumpus is a yumpus. Max is a yumpus. Every yumpus is dull. Max is dull. True",
    "back in 2": "Max is a wumpus. Every wumpus is a tumpus. Max is a tumpus. Every wumpus is a yumpus. Max is a "
                 "yumpus. Every yumpus is dull. Max is dull. True",
    "back in 4": "Max is a wumpus. Every wumpus is a tumpus. Max is a tumpus. Every tumpus is a rompus. Max is a "
                 "rompus. Every wumpus is a yumpus. Max is a yumpus. Every yumpus is dull. Max is dull. True",
    "never": "Max is a wumpus. Every wumpus is a tumpus. Max is a tumpus. Every tumpus is small. Max is small. False",
}


def test_samples_figures_draw_the_summary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Grouped by model, the figures draw each group's selected predictions and every problem's fractions, as the
    JSON summary has them (the drawings are caught before they become SVG)."""
    samples = {  # model → prompt → (output, mean log-probability) of its samples; the selection in comments
        "model-a": {"p1": [("back in 2", -0.1), ("back in 2", -0.2), ("never", -0.01)],  # back in 2
                    "p2": [("never", -0.5), ("never", -0.6), ("good", -0.01)]},  # never
        "model-b": {"p3": [("back in 4", -0.3), ("good", -0.2), ("back in 4", -0.4)],  # back in 4
                    "p4": [("good", -0.1), ("good", -0.1)]},  # no misleading step
        "model-c": {"p5": [("never", -0.1)]},  # one sample of each problem: no panel, no point
    }
    data = tmp_path / "rollouts.jsonl"
    with data.open("w", encoding="utf-8") as out:
        for model, prompts in samples.items():
            for prompt, outputs in prompts.items():
                for i, (kind, logprob) in enumerate(outputs):
                    record = {"id": f"{prompt}-{i}", "model": model, "prompt_id": prompt, "lp": logprob,
                              "context": _CONTEXT, "query": "True or false: Max is dull.", "output": _OUTPUTS[kind]}
                    out.write(json.dumps(record) + "\n")
    drawn: dict[str, Any] = {}

    def catch(figure: Any, figure_id: str) -> str:
        drawn[figure_id] = figure
        return "<svg></svg>"

    monkeypatch.setattr(samples_figures, "to_svg", catch)
    html = tmp_path / "r.html"
    printed = _run(["analyze", str(data), "-q", "-f", "json", "--group-by", "model", "--sample-key", "prompt_id",
                    "--sample-logprob", "lp", "--html", str(html)])
    assert html.read_text("utf-8").count("Groups without several samples of a problem have no") == 2
    summary = json.loads(printed)
    groups = {name: g["samples"] for name, g in summary["groups"].items() if "samples" in g}
    assert list(groups) == ["model-a", "model-b"] and list(summary["groups"]) == [*groups, "model-c"]
    assert {name: g["steps_to_return"] for name, g in groups.items()} == {
        "model-a": {"n": 2, "histogram": {"2": 1}, "never": 1}, "model-b": {"n": 1, "histogram": {"4": 1}, "never": 0}}

    panels = [axes for axes in drawn["fig-samples-steps-to-return"].axes if axes.get_visible()]
    assert [axes.get_xlabel() for axes in panels] == ["model-a (n=2)", "model-b (n=1)"]  # one per group, no total
    for axes, group in zip(panels, groups.values()):
        ticks = {round(t): label.get_text() for t, label in zip(axes.get_xticks(), axes.get_xticklabels())}
        never = next(t for t, label in ticks.items() if label == "never")
        bars = {round(bar.get_x() + bar.get_width() / 2): bar.get_height() for bar in axes.patches}
        expected = {int(k): c for k, c in group["steps_to_return"]["histogram"].items()}
        assert bars == {**expected, **({never: group["steps_to_return"]["never"]} if group["steps_to_return"]["never"]
                                       else {})}
        assert never > max(expected)  # "never" comes after every count of steps

    panels = drawn["fig-samples-label-vs-proof"].axes
    assert [axes.get_title() for axes in panels] == ["strict proof accuracy", "“skip” (non_atomic) proof accuracy",
                                                     "broad proof accuracy", "valid proof accuracy"]
    problems = summary["total"]["samples"]["label_vs_proof"]
    assert len(problems) == 5
    for axes, metric in zip(panels, METRICS):
        [discs] = axes.collections[:1]
        assert sorted(map(tuple, discs.get_offsets().tolist())) == sorted({(p["label"], p["proof"][metric])
                                                                            for p in problems})
        selected = [tuple(line.get_xydata()[0]) for line in axes.lines if line.get_marker() == "o"]
        assert selected == [(g["selection"]["label_accuracy"]["value"],
                             g["selection"]["proof_accuracy"][metric]["value"]) for g in groups.values()]
    assert groups["model-a"]["selection"]["proof_accuracy"]["valid"]["value"] == 0.5  # p1 proved, p2 not
