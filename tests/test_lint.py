"""lint-dataset: zero findings on generated files, and every planted defect found, named and located."""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from prontocheck.cli.generate import lint_command
from prontocheck.engine.theory import as_ground_literal, as_simple_rule
from prontocheck.errors import UsageError
from prontocheck.generate import GeneratorConfig, generate, native_record, write_jsonl, write_original_json
from prontocheck.syntax import parse_statement
from prontocheck.syntax.text import split_sentences
from prontocheck.testing import CHECKS, count_proofs, lint_file, lint_problem, lint_record
from prontocheck.testing.checks import assert_sound

CONTEXT = "Every cat is a feline. Every feline is not herbivorous. Every cow is herbivorous. Fae is a cat."
GOOD: dict[str, Any] = {
    "id": "cat", "context": CONTEXT, "query": "True or false: Fae is herbivorous.",
    "gold_cot": ["Fae is a cat.", "Every cat is a feline.", "Fae is a feline.", "Every feline is not herbivorous.",
                 "Fae is not herbivorous."],
    "gold_label": False, "hops": 2, "distractors": "v1",
}


def checks(record: dict[str, Any]) -> list[str]:
    return [f.check for f in lint_record(record)]


def test_a_sound_record_has_no_findings() -> None:
    assert lint_record(GOOD) == ()
    assert lint_record({**GOOD, "gold_cot": " ".join(GOOD["gold_cot"]) + " False", "gold_label": None}) == ()


@pytest.mark.parametrize("change,expected", [
    ({"gold_label": True}, ["label"]),
    ({"gold_label": None}, ["label"]),
    ({"gold_cot": GOOD["gold_cot"][:1] + GOOD["gold_cot"][2:]}, ["gold-proof", "hops"]),
    ({"gold_cot": GOOD["gold_cot"][:3]}, ["label", "hops"]),
    ({"gold_cot": [*GOOD["gold_cot"][:4], "Fae is herbivorous."]}, ["gold-proof", "label"]),
    ({"gold_cot": [*GOOD["gold_cot"][:4], "Fae eats grass."]}, ["gold-parses"]),
    ({"gold_cot": None}, ["gold-proof"]),
    ({"context": CONTEXT.replace("Every cow is herbivorous. ", "")}, ["distractor"]),
    ({"context": "Cats like cheese. " + CONTEXT}, ["context-parses"]),
    ({"query": "What does Fae eat?"}, ["query-parses"]),
    ({"context": CONTEXT + " Every cat is herbivorous."}, ["decidable"]),
    ({"query": "True or false: Fae is a cow."}, ["decidable", "distractor", "label"]),
    ({"context": CONTEXT + " Every cat is a pet. Every pet is a feline."}, ["unique-proof"]),
    ({"hops": 3}, ["hops"]),
    ({"gold_label": "maybe"}, ["record"]),
    ({"context": None}, ["record"]),
])
def test_each_defect_is_found_by_its_check(change: dict[str, Any], expected: list[str]) -> None:
    assert checks({**GOOD, **change}) == expected


def test_findings_quote_the_offending_sentence() -> None:
    [finding] = lint_record({**GOOD, "context": "Cats like cheese. " + CONTEXT}, file="set.jsonl", line=7)
    assert str(finding).startswith("set.jsonl:7: cat: context-parses: context sentence 'Cats like cheese.' "
                                   "does not parse: ")


def test_declarations_are_honoured() -> None:
    unknown = {**GOOD, "query": "True or false: Fae is a cow.", "gold_cot": None, "distractors": "none"}
    assert checks({**unknown, "unprovable": True}) == ["gold-proof"]
    assert checks({**GOOD, "unprovable": True}) == ["decidable"]
    assert checks({**GOOD, "distractors": "none", "context": CONTEXT.replace("Every cow is herbivorous. ", "")}) == []
    assert lint_record({**GOOD, "gold_label": True}, ignore=["label"]) == ()
    with pytest.raises(UsageError, match="unknown check"):
        lint_record(GOOD, ignore=["spelling"])


def test_prove_queries() -> None:
    prove = {**GOOD, "query": "Prove: Fae is not herbivorous.", "gold_label": None}
    assert checks(prove) == []
    assert checks({**prove, "query": "Prove: Fae is herbivorous."}) == ["decidable", "label"]


def test_count_proofs_caps_exponential_graphs() -> None:
    from prontocheck.engine.theory import Theory

    # a ladder of diamonds: 2^12 paths from a0 to a12, counted up to the cap
    rules = [f"Every a{i} is a {k}{i + 1}." for i in range(12) for k in "ab"]
    rules += [f"Every b{i} is a {k}{i + 1}." for i in range(1, 12) for k in "ab"]
    theory = Theory.from_axioms([parse_statement(s) for s in [*rules, "Fae is an a0."]])
    assert count_proofs(theory, parse_statement("Fae is an a12."), cap=100) == 101


def write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


@pytest.fixture
def clean() -> list[dict[str, Any]]:
    return [native_record(ex) for ex in generate(GeneratorConfig(hops=3, traversal="random"), 12, seed=21)]


def _corrupt(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = [dict(r) for r in records]
    out[1]["gold_label"] = not out[1]["gold_label"]  # a wrong label
    out[4]["gold_cot"] = out[4]["gold_cot"][:3] + out[4]["gold_cot"][4:]  # a broken gold chain
    out[7]["context"] = _without_distractor(out[7])  # a missing distractor
    out[9]["context"] = "Every wumpus eats grass. " + out[9]["context"]  # an unparseable context sentence
    return out


def _without_distractor(record: dict[str, Any]) -> str:
    """The context without its appendix A.2 sentence (the queried property, on a concept off the proof)."""
    goal = as_ground_literal(parse_statement(record["gold_cot"][-1]))
    assert goal is not None
    kept = []
    for span in split_sentences(record["context"]):
        edge = as_simple_rule(parse_statement(span.text))
        if edge is not None and edge[1][0] == goal[0][0] and span.text not in record["gold_cot"]:
            continue
        kept.append(span.text)
    assert len(kept) == len(split_sentences(record["context"])) - 1
    return " ".join(kept)


def test_lint_reports_zero_on_a_clean_file_and_every_planted_defect(tmp_path: Path,
                                                                    clean: list[dict[str, Any]]) -> None:
    assert lint_file(str(write(tmp_path / "clean.jsonl", clean))).findings == []
    report = lint_file(str(write(tmp_path / "bad.jsonl", _corrupt(clean))))
    found = {(f.line, f.id, f.check) for f in report.findings}
    assert found == {(2, "ex-1", "label"), (5, "ex-4", "gold-proof"), (5, "ex-4", "hops"),
                     (8, "ex-7", "distractor"), (10, "ex-9", "context-parses")}
    assert report.records == 12 and all(f.file == str(tmp_path / "bad.jsonl") for f in report.findings)


def test_lint_reads_original_json_and_names_the_example_line(tmp_path: Path) -> None:
    buf = io.StringIO()
    write_original_json(generate(GeneratorConfig(hops=2, few_shot=2), 3, seed=2), buf)
    obj = json.loads(buf.getvalue())
    path = tmp_path / "set.json"
    path.write_text(buf.getvalue())
    assert lint_file(str(path)).records == 9 and lint_file(str(path)).findings == []
    obj["example2"]["in_context_example1"]["answer"] = str(obj["example2"]["in_context_example1"]["answer"] != "True")
    path.write_text(json.dumps(obj, indent=1))
    [finding] = lint_file(str(path)).findings
    assert finding.id == "example2/in_context_example1" and finding.check == "label"
    assert path.read_text().splitlines()[finding.line - 1].strip().startswith('"example2"')  # type: ignore[operator]


def test_lint_reads_compressed_jsonl_and_reports_bad_lines(tmp_path: Path, clean: list[dict[str, Any]]) -> None:
    path = tmp_path / "set.jsonl.gz"
    with gzip.open(path, "wt") as f:
        f.write(json.dumps(clean[0]) + "\nnot json\n[1]\n")
    report = lint_file(str(path))
    assert report.records == 1 and [(f.line, f.check) for f in report.findings] == [(2, "record"), (3, "record")]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(lint_command, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_cli_exit_codes_and_output(tmp_path: Path, clean: list[dict[str, Any]]) -> None:
    good, bad = write(tmp_path / "good.jsonl", clean), write(tmp_path / "bad.jsonl", _corrupt(clean))
    code, out = run(str(good))
    assert code == 0 and out.startswith("12 examples, 0 findings")
    code, out = run(str(bad), "-o", str(tmp_path / "findings.jsonl"))
    assert code == 1
    assert f"{bad}:2: ex-1: label: gold label" in out
    assert "12 examples, 5 findings (context-parses: 1, distractor: 1, gold-proof: 1, hops: 1, label: 1)" in out
    lines = (tmp_path / "findings.jsonl").read_text().splitlines()
    assert len(lines) == 5 and json.loads(lines[0])["check"] == "label"
    code, out = run(str(bad), "--ignore", "label", "--ignore", "hops", "-q")
    assert code == 1 and out.startswith("12 examples, 3 findings")
    code, out = run(str(bad), "--ignore", "nonsense")
    assert code == 2 and "unknown check" in out
    code, out = run(str(tmp_path / "missing.jsonl"))
    assert code == 2


def test_every_check_has_a_planted_defect_above() -> None:
    planted = {"record", "context-parses", "query-parses", "gold-parses", "gold-proof", "label", "decidable",
               "unique-proof", "distractor", "hops"}
    assert planted == set(CHECKS)


def test_assert_sound_accepts_records_problems_and_examples() -> None:
    assert_sound(GOOD)
    [ex] = generate(GeneratorConfig(hops=2), 1)
    assert_sound(ex)
    assert_sound(ex.problem)
    assert lint_problem(ex.problem, hops=3) and not lint_problem(ex.problem, hops=2)
    with pytest.raises(AssertionError, match="label"):
        assert_sound({**GOOD, "gold_label": True})


def test_write_jsonl_output_is_lint_clean_via_stdin(clean: list[dict[str, Any]]) -> None:
    text = "".join(json.dumps(r) + "\n" for r in clean)
    result = CliRunner().invoke(lint_command, ["-"], input=text)
    assert result.exit_code == 0, result.output
    buf = io.StringIO()
    assert write_jsonl(generate(GeneratorConfig(hops=1), 2), buf) == 2


# The OOD rules: each check as it applies to proofs with compound sentences, cases and contradictions.
PBC: dict[str, Any] = {
    "id": "pbc", "rule": "proof-by-contradiction", "hops": 1, "distractors": "v1",
    "context": ("Everything that is a lempus or an impus is a shumpus. Every dumpus is not a lempus. "
                "Fae is not a shumpus."),
    "query": "True or false: Fae is not an impus and Fae is not a lempus.", "gold_label": True,
    "gold_cot": ["Assume Fae is an impus.", "Fae is a lempus or an impus.",
                 "Everything that is a lempus or an impus is a shumpus.", "Fae is a shumpus.",
                 "This contradicts with Fae is not a shumpus.", "Fae is not an impus.",
                 "Assume Fae is a lempus.", "Fae is a lempus or an impus.",
                 "Everything that is a lempus or an impus is a shumpus.", "Fae is a shumpus.",
                 "This contradicts with Fae is not a shumpus.", "Fae is not a lempus.",
                 "Fae is not an impus and Fae is not a lempus."],
}
AND_INTRO: dict[str, Any] = {
    "id": "ai", "rule": "and-intro", "hops": 2, "distractors": "none",
    "context": "Every angry wumpus is a yumpus. Fae is a wumpus. Fae is angry. Fae is kind.",
    "query": "Prove: Fae is a kind yumpus.", "gold_label": None,
    "gold_cot": ["Fae is a wumpus.", "Fae is angry.", "Fae is an angry wumpus.", "Every angry wumpus is a yumpus.",
                 "Fae is a yumpus.", "Fae is kind.", "Fae is a kind yumpus."],
}


def test_ood_records_are_sound() -> None:
    assert lint_record(PBC) == ()
    assert lint_record(AND_INTRO) == ()
    # the order of conjuncts does not matter: the checker compares them as sets
    assert lint_record({**PBC, "query": "True or false: Fae is not a lempus and Fae is not an impus."}) == ()
    negated = {**PBC, "query": "True or false: Fae is a lempus or an impus.", "gold_label": False}
    assert lint_record(negated) == ()


@pytest.mark.parametrize("record,change,expected", [
    (PBC, {"gold_label": False}, ["label"]),
    (PBC, {"gold_cot": PBC["gold_cot"][:5] + PBC["gold_cot"][6:]}, ["gold-proof"]),  # a case not discharged
    (PBC, {"gold_cot": PBC["gold_cot"][6:]}, ["gold-proof"]),  # one case only
    (PBC, {"context": PBC["context"].replace("Every dumpus is not a lempus. ", "")}, ["distractor"]),
    (PBC, {"context": PBC["context"] + " Fae is not an impus."}, ["unique-proof"]),
    (PBC, {"context": PBC["context"] + " Fae is an impus."}, ["gold-proof", "decidable"]),
    (PBC, {"hops": 2}, ["hops"]),
    (AND_INTRO, {"hops": 1}, ["hops"]),
    (AND_INTRO, {"context": AND_INTRO["context"] + " Every wumpus is a yumpus."}, ["unique-proof"]),
    (AND_INTRO, {"query": "Prove: Fae is a kind wumpus."}, ["label"]),
    (AND_INTRO, {"query": "Prove: Fae is a kind dumpus.", "gold_cot": None}, ["gold-proof", "decidable"]),
    (AND_INTRO, {"gold_cot": AND_INTRO["gold_cot"][:2] + AND_INTRO["gold_cot"][3:]}, ["gold-proof", "hops"]),
])
def test_each_ood_defect_is_found_by_its_check(record: dict[str, Any], change: dict[str, Any],
                                               expected: list[str]) -> None:
    assert checks({**record, **change}) == expected


def test_hops_are_counted_as_the_rule_defines_them() -> None:
    from prontocheck import Problem, check
    from prontocheck.testing.checks import HOP_COUNTS, gold_hops

    problem = Problem(PBC["context"], PBC["query"], tuple(PBC["gold_cot"]))
    result = check(problem, " ".join(PBC["gold_cot"]))
    chain = [parse_statement(s) for s in PBC["gold_cot"] if not s.startswith(("Assume", "This"))]
    assert gold_hops("proof-by-contradiction", chain, result) == gold_hops("ProofByContra", chain, result) == 1
    assert gold_hops("composed", chain, result) == 3 == gold_hops(None, chain, result)  # 2 discharges, 1 and-intro
    assert set(HOP_COUNTS) == {"modus-ponens", "and-intro", "and-elim", "or-intro", "or-elim",
                               "proof-by-contradiction", "composed"}


def test_entailment_decides_what_modus_ponens_paths_cannot() -> None:
    from prontocheck.testing.entail import Entailment

    e = Entailment([parse_statement(s) for s in ["Every wumpus is a yumpus or a dumpus.", "Every yumpus is kind.",
                                                 "Every dumpus is kind.", "Fae is a wumpus.", "Rex is not kind."]])
    assert e.entails(parse_statement("Fae is kind."))
    assert e.entails(parse_statement("Rex is not a wumpus."))
    assert not e.entails(parse_statement("Fae is a yumpus."))
    assert not e.entails(parse_statement("Fae is kind."), without=3)
    assert e.entails(parse_statement("Fae is a yumpus or a dumpus."))
    assert e.consistent() and not Entailment([parse_statement("Fae is kind."),
                                              parse_statement("Fae is not kind.")]).consistent()


@pytest.mark.parametrize("rule", ["and-intro", "and-elim", "or-intro", "or-elim", "proof-by-contradiction",
                                  "composed"])
def test_generated_ood_files_lint_clean_and_defects_are_found(tmp_path: Path, rule: str) -> None:
    records = [native_record(ex) for ex in generate(GeneratorConfig((2, 3), rule=rule, distractors="relevant"), 6,
                                                    seed=4)]
    assert lint_file(str(write(tmp_path / "clean.jsonl", records))).findings == []
    bad = [dict(r) for r in records]
    bad[0]["gold_label"] = not bad[0]["gold_label"]
    bad[1]["hops"] += 1
    bad[2]["gold_cot"] = bad[2]["gold_cot"][:-1]
    found = {(f.line, f.check) for f in lint_file(str(write(tmp_path / "bad.jsonl", bad))).findings}
    assert {(1, "label"), (2, "hops")} <= found and any(line == 3 for line, _ in found)


@pytest.mark.shared
def test_the_original_ood_data_lints_clean_with_its_rule_names() -> None:
    from prontocheck.io import read_records

    data = Path(__file__).resolve().parents[2] / "shared" / "data" / "prontoqa-ood-onehop"
    names = {"andintro": "AndIntro", "andelim": "AndElim", "orintro": "OrIntro", "orelim": "OrElim",
             "proofbycontra": "ProofByContra", "modusponens": "ModusPonens"}
    files = {key: sorted(data.glob(f"*/*_{key}_*.log.gz")) for key in names}
    if not all(files.values()):
        pytest.skip("what this test reads is missing from ../shared/data")
    for key, paths in files.items():
        for record in read_records(str(paths[0])):
            assert lint_problem(record.problem, hops=1, rule=names[key]) == (), (key, record.id)  # type: ignore


LOG = """Q: Every cat is a carnivore. Fae is a cat. True or false: Fae is a carnivore.
A: Fae is a cat. Every cat is a carnivore. Fae is a carnivore. True

Predicted answer: Fae is a cat. Fae is a carnivore. True

Expected answer: Fae is a cat. Every cat is a carnivore. Fae is a carnivore. True
n: 1, (beta prior) mean: 0.5
Q: Every cat is a carnivore. Fae is a cat. True or false: Fae is a carnivore.
A:

Predicted answer: False

Expected answer: Fae is a cat. Every cat is a carnivore. Fae is a carnivore. False
n: 2, (beta prior) mean: 0.5
"""


def test_lint_reads_the_original_experiment_log(tmp_path: Path) -> None:
    # The questions and expected answers of a log, as run_experiment.py writes it (the second has a wrong label).
    path = tmp_path / "run.log.gz"
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.write(LOG)
    report = lint_file(str(path))
    assert report.records == 2
    # a log record's line is that of its "Predicted answer:"
    assert [(f.check, f.line, f.id) for f in report.findings] == [("label", 11, f"{path}:2")]


@pytest.mark.shared
def test_the_real_v1_logs_lint_clean() -> None:
    data = Path(__file__).resolve().parents[2] / "shared" / "data" / "prontoqa-v1-llama"
    logs = sorted(data.glob("*/*.log.gz"))[:4]
    assert len(logs) == 4
    for log in logs:
        report = lint_file(str(log))
        assert (report.records, report.findings) == (40, []), log
