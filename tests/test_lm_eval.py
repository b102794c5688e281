"""The lm-eval task and metric (prontocheck.integrations.lm_eval) run by the real lm-evaluation-harness, end to end
(``TaskManager``, the task YAML shipped in the package, ``simple_evaluate``), on a tiny task
(tests/evaluator_task.py): with lm-eval's ``dummy`` model (it answers "lol" to every prompt) and with that model
answering each prompt with a chosen output.

The tests marked ``lm_eval`` are skipped where lm-eval is not installed (one loud line at the end) and fail instead
under ``PRONTOCHECK_REQUIRE_LM_EVAL=1``, which ``.ci/run`` sets.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from prontocheck.errors import InputError, SpecError, UsageError
from prontocheck.integrations import lm_eval as on_lm_eval
from tests.evaluator_task import CHECKED, EXPECTED, MEANS, PROBLEMS, PROMPTS, output_for, write_problems

ROOT = Path(__file__).resolve().parents[1]
TASK = on_lm_eval.TASK


def _evaluate(model: Any, problems: Path) -> dict[str, Any]:
    from lm_eval import simple_evaluate

    # include_defaults=False: lm-eval's own ~13,000 task files are not indexed (40 s here)
    manager = on_lm_eval.task_manager(include_defaults=False, metadata={"problems": str(problems)})
    out = simple_evaluate(model=model, tasks=[TASK], task_manager=manager, log_samples=True)
    assert out is not None
    return out


def _scripted_model() -> Any:
    """lm-eval's dummy model, answering each prompt with its chosen output."""
    from lm_eval.models.dummy import DummyLM

    class Scripted(DummyLM):
        def generate_until(self, requests: list[Any], disable_tqdm: bool = False) -> list[str]:
            return [output_for(request.arguments[0]) for request in requests]

    return Scripted()


@pytest.fixture(scope="module")
def scripted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _evaluate(_scripted_model(), write_problems(tmp_path_factory.mktemp("lm_eval") / "problems.jsonl"))


@pytest.mark.lm_eval
def test_the_metrics_are_the_proof_and_label_accuracies(scripted: dict[str, Any]) -> None:
    results = scripted["results"][TASK]
    for name, mean in MEANS.items():
        assert results[f"{name},none"] == pytest.approx(mean), name
    assert results["unchecked,none"] == pytest.approx(1 / 5)
    assert scripted["higher_is_better"][TASK] == {**{name: True for name in MEANS}, "unchecked": False}


@pytest.mark.lm_eval
def test_each_logged_sample_has_its_prompt_output_and_values(scripted: dict[str, Any]) -> None:
    samples = {s["doc"]["id"]: s for s in scripted["samples"][TASK]}
    assert set(samples) == {p["id"] for p in PROBLEMS}
    for sid in CHECKED:
        sample = samples[sid]
        assert sample["arguments"][0][0] == PROMPTS[sid]
        assert sample["resps"] == [[output_for(PROMPTS[sid])]]
        values = {name: sample[name] for name in MEANS if name in sample}
        assert values == {name: per[sid] for name, per in EXPECTED.items() if sid in per}, sid
        assert sample["unchecked"] == 0.0
    over = samples["over-budget"]
    assert over["unchecked"] == 1.0 and not any(name in over for name in MEANS)
    assert json.loads(samples["gold"]["doc"]["problem"])["gold_cot"][0] == "Fae is a cat."
    assert samples["gold"]["target"] == ("Fae is a cat. Every cat is a carnivore. Fae is a carnivore. "
                                         "Every carnivore is not herbivorous. Fae is not herbivorous. True")


@pytest.mark.lm_eval
def test_the_dummy_model_scores_zero(tmp_path: Path) -> None:
    out = _evaluate("dummy", write_problems(tmp_path / "problems.jsonl"))
    results = out["results"][TASK]
    assert {name: results[f"{name},none"] for name in (*MEANS, "unchecked")} == {
        **{name: 0.0 for name in MEANS}, "unchecked": 0.0}
    assert [s["resps"] for s in out["samples"][TASK]] == [[["lol"]]] * len(PROBLEMS)
    assert results["sample_len"] == len(PROBLEMS)


@pytest.mark.lm_eval
def test_the_tasks_problems_are_required_and_read_with_their_lines(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="needs a file of problems"):
        on_lm_eval.load_problems(version=1.0)
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(PROBLEMS[0]) + "\n\n" + '{"context": "Fae is a cat."}\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.jsonl:3: .*'query'"):
        on_lm_eval.load_problems(str(bad))
    bad.write_text("{oops\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.jsonl:1: not JSON"):
        on_lm_eval.load_problems(str(bad))
    docs = on_lm_eval.load_problems(str(write_problems(tmp_path / "problems.jsonl")), version=1.0)["test"]
    assert docs.column_names == ["id", "prompt", "target", "problem"]
    assert docs[1]["prompt"] == PROMPTS["skip"] and docs[1]["target"] == "True"


def test_process_results_reads_the_problem_of_a_document_of_ones_own() -> None:
    doc = {"context": PROBLEMS[1]["context"], "query": PROBLEMS[1]["query"], "gold_label": "True"}
    assert on_lm_eval.process_results(doc, [output_for(PROMPTS["skip"])]) == {
        **{name: per["skip"] for name, per in EXPECTED.items()}, "unchecked": 0.0}
    with pytest.raises(SpecError):
        on_lm_eval.process_results({"question": "?"}, ["True"])


@pytest.mark.lm_eval
def test_the_readme_examples_run_as_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme.split("### Inside lm-evaluation-harness", 1)[1].split("\n## ", 1)[0]
    write_problems(tmp_path / "problems.jsonl")
    (command,) = section.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()
    assert command.startswith("lm_eval ")
    run = subprocess.run(["bash", "-c", command.replace("lm_eval ", f"{sys.executable} -m lm_eval ", 1)],
                         capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=tmp_path,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    assert "|prontocheck_prontoqa|      1|none  |     0|label_accuracy  |↑  |    0|" in run.stdout
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, Any] = {}
    exec(compile(code, "README.md (Inside lm-evaluation-harness)", "exec"), namespace)
    assert namespace["results"]["results"][TASK]["proof_strict,none"] == 0.0  # the dummy model answers "lol"


def test_without_lm_eval_the_functions_say_how_to_install_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "lm_eval", None)  # import lm_eval raises ImportError
    problems = str(write_problems(tmp_path / "problems.jsonl"))
    for call in (on_lm_eval.task_manager, lambda: on_lm_eval.load_problems(problems)):
        with pytest.raises(UsageError, match=r"pip install 'prontocheck\[lm-eval\]'"):
            call()


def test_the_task_yaml_is_package_data() -> None:
    task = on_lm_eval.TASKS_DIR / f"{TASK}.yaml"
    text = task.read_text("utf-8")
    assert f"task: {TASK}" in text
    assert "process_results: !function prontocheck.integrations.lm_eval.process_results" in text
    assert [line.split(": ")[1] for line in text.splitlines() if line.startswith("  - metric: ")] == [
        *MEANS, "unchecked"]
