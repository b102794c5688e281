"""The ``modal`` click group, invoked directly (the lead registers it under ``prontocheck``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from prontocheck.cli.modal import modal

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "modal"


def test_generate_full_grid(tmp_path: Path) -> None:
    out = tmp_path / "grid.jsonl"
    r = CliRunner().invoke(modal, ["generate", "-o", str(out)])
    assert r.exit_code == 0, r.output
    lines = out.read_text("utf-8").splitlines()
    assert len(lines) == 14_400
    first = json.loads(lines[0])
    assert {"id", "prompt", "gold", "pattern", "form", "polarity", "origin", "activity"} <= set(first)


def test_generate_filters_and_bad_filters() -> None:
    r = CliRunner().invoke(modal, ["generate", "--template", "probably_might", "--form", "FOLLOW", "--names",
                                   "letters", "--activity", "party"])
    assert r.exit_code == 0, r.output
    assert len([x for x in r.stdout.splitlines() if x.startswith("{")]) == 4
    r = CliRunner().invoke(modal, ["generate", "--form", "MAYBE"])
    assert r.exit_code == 2 and "MAYBE" in r.output


def test_validate_a_grid_slice_under_all_semantics(tmp_path: Path) -> None:
    grid, out = tmp_path / "grid.jsonl", tmp_path / "items.jsonl"
    runner = CliRunner()
    generated = runner.invoke(modal, ["generate", "-o", str(grid), "--names", "letters-xy", "--activity", "party"])
    assert generated.exit_code == 0
    r = runner.invoke(modal, ["validate", str(grid), "--all-semantics", "-f", "json", "-o", str(out)])
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert [s["semantics"]["label"] for s in report["semantics"]][:2] == [">1/2 cert", ">1/2 Pr(->)"]
    assert report["semantics"][0]["total"] == {"licensed": 152, "contradicted": 0, "undetermined": 28,
                                               "inconsistent": 0}
    finding = report["semantics"][0]["not_licensed"][0]
    assert finding["example"]["certificates"]["premises_and_not_conclusion"]["kind"] == "model"
    lines = [json.loads(x) for x in out.read_text("utf-8").splitlines()]
    assert len(lines) == 180 and ">=1/2 cprob" in lines[0]["by_semantics"]


def test_validate_markdown_lists_certificates() -> None:
    r = CliRunner().invoke(modal, ["validate", str(FIXTURES / "items.jsonl"), "-f", "markdown", "-q"])
    assert r.exit_code == 0, r.output
    assert "Gold labels not licensed under >1/2 cert (2 groups)" in r.stdout
    assert "premises ∧ ¬C: countermodel" in r.stdout and "premises ∧ ¬C: proof" in r.stdout
    assert "unparseable" in r.stdout and "column 8" in r.stdout


def test_validate_exit_codes(tmp_path: Path) -> None:
    runner = CliRunner()
    items = str(FIXTURES / "items.jsonl")
    assert runner.invoke(modal, ["validate", items, "-q", "-f", "json", "--fail-on-contradicted"]).exit_code == 1
    r = runner.invoke(modal, ["validate", items, "--semantics", "theta=2"])
    assert r.exit_code == 2 and "theta" in r.output
    assert runner.invoke(modal, ["validate", str(tmp_path / "missing.jsonl")]).exit_code == 2


def test_score_the_hand_made_answers() -> None:
    r = CliRunner().invoke(modal, ["score", str(FIXTURES / "answers.jsonl"), "-f", "json"])
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert report["total"]["accuracy"]["successes"] == 11 and abs(report["total"]["floor"] - 23 / 42) < 1e-12
    r = CliRunner().invoke(modal, ["score", str(FIXTURES / "answers.jsonl"), "-f", "markdown"])
    assert r.exit_code == 0 and "McNemar" in r.stdout and "| all items | 20 | 0.550 |" in r.stdout


def test_table_format_renders_both_reports() -> None:
    runner = CliRunner()
    r = runner.invoke(modal, ["validate", str(FIXTURES / "items.jsonl"), "-f", "table", "-q"])
    assert r.exit_code == 0 and "Gold labels under >1/2 cert" in r.stdout
    r = runner.invoke(modal, ["score", str(FIXTURES / "answers.jsonl"), "-f", "table"])
    assert r.exit_code == 0 and "Negation as a prefix" in r.stdout


def test_bad_items_are_shown_with_their_file_and_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The table of items not read names where each is: an unparseable item and a line that is not JSON alike.
    fixtures = Path(__file__).resolve().parents[2] / "fixtures" / "modal"
    lines = (fixtures / "items.jsonl").read_text("utf-8").splitlines()
    monkeypatch.chdir(tmp_path)
    Path("bad.jsonl").write_text("\n".join([*lines, "{oops"]) + "\n", encoding="utf-8")
    unparseable = 1 + next(i for i, line in enumerate(lines) if '"unparseable"' in line)
    r = CliRunner().invoke(modal, ["validate", "bad.jsonl", "-f", "markdown"])
    assert f"| unparseable | bad.jsonl:{unparseable} |" in r.output
    assert f"| None | bad.jsonl:{len(lines) + 1} |" in r.output
    r = CliRunner().invoke(modal, ["validate", "bad.jsonl", "-f", "json"])
    errors = {e["id"]: e for e in json.loads(r.stdout)["errors"]}
    assert errors["unparseable"]["where"] == f"bad.jsonl:{unparseable}"
