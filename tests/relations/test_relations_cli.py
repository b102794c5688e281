"""The ``relations`` click group, invoked directly (the lead registers it in the main CLI)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from prontocheck.cli.relations import relations


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(relations, list(args))
    return result.exit_code, result.output


def test_validate_json_summary_and_output_lines(fixtures: Path, tmp_path: Path) -> None:
    out, rev = tmp_path / "items.out.jsonl", tmp_path / "reversed.jsonl"
    code, text = run("validate", str(fixtures / "planted.jsonl"), "--format", "json", "--output", str(out),
                     "--reversals", str(rev))
    assert code == 0, text
    summary = json.loads(text)
    n = len((fixtures / "planted.jsonl").read_text("utf-8").splitlines())
    assert summary["n_items"] == n and summary["n_errors"] == 0
    assert summary["conflicts_by_severity"] == {"error": 12, "warning": 4, "exception": 2}
    lines = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert len(lines) == n
    first = lines[0]
    assert {"id", "atom", "gold", "status", "severity", "implied", "conflicts"} <= set(first)
    assert (first["id"], first["atom"], first["gold"], first["status"], first["severity"], first["implied"]) == (
        "sym1", "joined_to(iran, pakistan)", True, "conflict", "error", False)
    assert first["conflicts"][0]["items"] == ["sym1", "sym2"]
    assert first["conflicts"][0]["rules"] == ["symmetric(joined_to)"]
    reversed_items = [json.loads(line) for line in rev.read_text("utf-8").splitlines()]
    assert {"id", "question", "atom", "gold", "reverse_of", "category"} <= set(reversed_items[0])


def test_validate_fail_on_and_table(fixtures: Path) -> None:
    code, text = run("validate", str(fixtures / "planted.jsonl"), "--fail-on", "error", "--format", "table")
    assert code == 1 and "Conflicts (18)" in text and "Re-check first" in text
    code, _ = run("validate", str(fixtures / "art_sample.jsonl"), "--fail-on", "warning", "--format", "json")
    assert code == 0


def test_bad_records_are_counted_not_fatal(tmp_path: Path) -> None:
    path = tmp_path / "items.jsonl"
    path.write_text('{"id": "a", "question": "Is a core of an apple?", "gold": true}\n'
                    '{"id": "b", "question": "Is a core a part of an apple?", "gold": true}\n', "utf-8")
    out = tmp_path / "out.jsonl"
    code, text = run("validate", str(path), "--format", "json", "-o", str(out))
    assert code == 0
    summary = json.loads(text[text.index("{"):])
    assert summary["n_items"] == 1 and summary["errors"][0]["id"] == "a"
    assert json.loads(out.read_text("utf-8").splitlines()[-1])["status"] == "error"


def test_unreadable_input_and_bad_schema_exit_2(tmp_path: Path) -> None:
    code, text = run("validate", str(tmp_path / "missing.jsonl"))
    assert code == 2 and "cannot read" in text
    schema = tmp_path / "s.json"
    schema.write_text('{"relations": {"r": {"props": ["transitve"]}}}', "utf-8")
    code, text = run("validate", str(tmp_path / "missing.jsonl"), "--schema", str(schema))
    assert code == 2 and "unknown property 'transitve'" in text
    code, text = run("validate", "x.jsonl", "--no-default-schema")
    assert code == 2 and "needs at least one --schema" in text


def test_score(fixtures: Path, tmp_path: Path) -> None:
    out = tmp_path / "scored.jsonl"
    code, text = run("score", str(fixtures / "answers.jsonl"), "--items", str(fixtures / "art_sample.jsonl"),
                     "--format", "json", "-o", str(out), "-q")
    assert code == 0, text
    summary = json.loads(text)
    assert [m["model"] for m in summary["models"]] == ["model-a", "model-b", "model-c"] and summary["n_errors"] == 1
    assert summary["models"][1]["reversal"]["asymmetric_both_yes"]["inconsistent"] == 9
    assert summary["models"][2]["uncertain"]["successes"] == 1  # "Perhaps.": uncertain, as modal score counts it
    assert len(out.read_text("utf-8").splitlines()) == 27 * 2 + 1 + 1
    code, text = run("score", str(fixtures / "answers.jsonl"), "--items", str(fixtures / "art_sample.jsonl"),
                     "--reference", "common_sense", "--format", "table", "-q")
    assert code == 0 and "human range" in text


def test_pairs(fixtures: Path, tmp_path: Path) -> None:
    out = tmp_path / "pairs.jsonl"
    code, text = run("pairs", str(fixtures / "ewok_pairs.jsonl"), "--format", "json", "-o", str(out), "-q")
    assert code == 0
    assert json.loads(text)["designs"]["swapped"] == 1
    assert len(out.read_text("utf-8").splitlines()) == 8
    code, text = run("pairs", str(fixtures / "ewok_pairs.jsonl"), "--column", "context=C1")
    assert code == 2 and "ROLE=KEY" in text


def test_output_does_not_depend_on_the_hash_seed(fixtures: Path) -> None:
    script = ("import sys; from prontocheck.cli.relations import relations; "
              "relations(['validate', sys.argv[1], '--format', 'json'])")
    outputs = {subprocess.run([sys.executable, "-c", script, str(fixtures / "planted.jsonl")], capture_output=True,
                              text=True, env={**os.environ, "PYTHONHASHSEED": seed}, check=False).stdout
               for seed in ("1", "2")}
    assert len(outputs) == 1 and outputs.pop().startswith("{")


def test_a_users_schema_and_standard_input(fixtures: Path) -> None:
    items = '{"id": "k", "atom": "child_of(bob, ann)", "gold": false}\n'
    result = CliRunner().invoke(relations, ["validate", "-", "--schema", str(fixtures / "example_schema.json"),
                                            "--format", "json"], input=items)
    assert result.exit_code == 0, result.output
    [conflict] = json.loads(result.output)["conflicts"]
    assert conflict["items"] == ["k"] and conflict["background"] == ["parent_of(ann, bob)"]


def test_the_public_api_is_declared() -> None:
    from types import ModuleType

    import prontocheck.relations as api

    # (The package exports lazily: dir() lists its names before they are imported.)
    public = {n for n in dir(api) if not n.startswith("_") and not isinstance(getattr(api, n), ModuleType)}
    public -= {"annotations"}
    assert set(api.__all__) == public


def test_bad_record_tables_and_json_name_their_file(fixtures: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # Bad records are reported with the file they are in: a score reads two files, and either may hold them.
    items = tmp_path / "my-items.jsonl"
    items.write_text((fixtures / "art_sample.jsonl").read_text("utf-8") + "not json\n", encoding="utf-8")
    answers = tmp_path / "my-answers.jsonl"
    answers.write_text('{"model": "m", "item": "t1", "answer": true}\n{"model": "m"}\n', encoding="utf-8")
    code, text = run("validate", str(items), "-f", "json", "-q")
    assert code == 0 and [(e["file"], e["line"]) for e in json.loads(text)["errors"]] == [(str(items), 28)]
    monkeypatch.chdir(tmp_path)
    code, text = run("validate", "my-items.jsonl", "-f", "table", "-q")
    assert "my-items.jsonl" in text and "Records not used (1)" in text
    code, text = run("score", str(answers), "--items", str(items), "-f", "json", "-q")
    assert sorted((e["file"], e["line"]) for e in json.loads(text)["errors"]) == [(str(answers), 2), (str(items), 28)]


def test_the_validate_command_imports_only_what_it_runs() -> None:
    """`relations validate -f json` imports neither the other commands' modules nor rich; the option values the
    CLI names are those of the modules that read them."""
    from prontocheck.relations import choices
    from prontocheck.relations.ewok import ROLES
    from prontocheck.relations.score import REFERENCES

    code = ("import sys, prontocheck.cli.relations; "
            "print(sorted(m for m in sys.modules if m.startswith(('rich', 'prontocheck.relations.'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    for module in ("rich", "prontocheck.relations.ewok", "prontocheck.relations.score",
                   "prontocheck.relations.render", "prontocheck.relations.clauses"):
        assert f"'{module}'" not in loaded
    assert (ROLES, REFERENCES) == (choices.ROLES, choices.REFERENCES)
